"""Find English left in a translated window: the check behind ``tests/app/test_i18n_window.py``.

:func:`untranslated` walks the visible widgets of a window (labels, buttons, check boxes, combo
items, group titles, tab titles, table headers and cells, placeholders, tooltips, menus) and names
every text that is still English: a text with no CJK character that either equals an English source
text of the catalog, or reads as English words (two words of three or more letters in a row).
Identifiers that stay English in every language (dtype and device names, einops patterns, units,
model names) are short tokens or single words and do not match.

A widget whose text is data rather than interface (a pattern the person typed, file paths) opts out
with ``widget.setProperty(NOT_TRANSLATED, True)``; it and its children are skipped.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

from PySide6.QtCore import QAbstractItemModel, Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMenu,
    QTabBar,
    QWidget,
)

from app.layout_audit import widget_name

__all__ = ["NOT_TRANSLATED", "is_english", "untranslated"]

#: Property name: a widget showing data, not interface text (skipped with its children).
NOT_TRANSLATED = "napkinlab_not_translated"
_CJK = re.compile(r"[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]")
_WORDS = re.compile(r"\b[A-Za-z][a-z]{2,}\b[ \t]+\b[a-z]{3,}\b")
_MAX_CELLS = 400  # rows × columns read per view (the op table has thousands)


def _plain(text: str) -> str:
    if "<" in text and ">" in text:
        doc = QTextDocument()
        doc.setHtml(text)
        return doc.toPlainText()
    return text


def is_english(text: str, sources: frozenset[str] = frozenset()) -> bool:
    """Whether ``text`` is interface English a translated window should not show.

    Parameters
    ----------
    text
        The text as shown (mnemonic ``&`` and rich text allowed).
    sources
        The catalog's English source texts (``&`` removed); an exact match counts as English.
    """
    plain = _plain(text).replace("&&", "\0").replace("&", "").replace("\0", "&").strip()
    if not plain or _CJK.search(plain):
        return False
    return plain in sources or bool(_WORDS.search(plain))


def _opted_out(widget: QWidget, skip: tuple[QWidget, ...] = ()) -> bool:
    w: QWidget | None = widget
    while w is not None:
        if w.property(NOT_TRANSLATED) or w in skip:
            return True
        w = w.parentWidget()
    return False


def _model_texts(model: QAbstractItemModel) -> Iterator[str]:
    rows = model.rowCount()
    try:
        columns = model.columnCount()
    except TypeError:  # a list widget's model: one column (its columnCount is private)
        columns = 1
    for orientation, count in ((Qt.Orientation.Horizontal, columns), (Qt.Orientation.Vertical, 0)):
        for section in range(count):
            value = model.headerData(section, orientation, Qt.ItemDataRole.DisplayRole)
            if isinstance(value, str):
                yield value
    budget = _MAX_CELLS
    for row in range(rows):
        for column in range(columns):
            if budget <= 0:
                return
            budget -= 1
            index = model.index(row, column)
            for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                value = model.data(index, role)
                if isinstance(value, str):
                    yield value


def _texts(widget: QWidget) -> Iterator[str]:
    if widget.toolTip():
        yield widget.toolTip()
    if isinstance(widget, QLabel | QAbstractButton):
        yield widget.text()
    elif isinstance(widget, QGroupBox):
        yield widget.title()
    elif isinstance(widget, QComboBox):
        for i in range(widget.count()):
            yield widget.itemText(i)
            tip = widget.itemData(i, Qt.ItemDataRole.ToolTipRole)
            if isinstance(tip, str):
                yield tip
        if widget.lineEdit() is not None:
            yield widget.lineEdit().placeholderText()
    elif isinstance(widget, QLineEdit):
        yield widget.placeholderText()
    elif isinstance(widget, QTabBar):
        for i in range(widget.count()):
            yield widget.tabText(i)
            yield widget.tabToolTip(i)
    elif isinstance(widget, QAbstractItemView) and widget.model() is not None:
        yield from _model_texts(widget.model())


def _menus_by_action(root: QWidget) -> dict[Any, QMenu]:
    """Each menu under ``root`` by the action that opens it.

    Not ``QAction.menu()``: before PySide6 6.11.3 it makes a second wrapper of the menu, and
    collecting that wrapper invalidates the owner's (the window could no longer rebuild its menus).
    The dict holds the action wrappers, so looking an action of ``menu.actions()`` up finds them.
    """
    return {menu.menuAction(): menu for menu in root.findChildren(QMenu)}


def _menu_texts(menu: QMenu, menus: dict[Any, QMenu]) -> Iterator[tuple[str, str]]:
    for action in menu.actions():
        if action in menus:
            yield f"menu {menu.title()}", action.text()
            yield from _menu_texts(menus[action], menus)
        elif not action.isSeparator():
            yield f"menu {menu.title()}", action.text()
            yield f"menu {menu.title()}", action.statusTip()


def untranslated(
    root: QWidget, sources: Iterable[str] = (), skip: Iterable[QWidget] = ()
) -> list[str]:
    """Every visible English text under ``root`` (and its menus), as ``"where: text"`` lines.

    Parameters
    ----------
    root
        A window (its menu bar and title are read too) or any widget.
    sources
        The catalog's English source texts: a text equal to one is English whatever it reads like.
    skip
        Widgets left out with their children (the tab pages, when checking the window around them).
    """
    skipped = tuple(skip)
    known = frozenset(s.replace("&", "").strip() for s in sources)
    found: list[str] = []
    seen: set[tuple[str, str]] = set()

    def note(where: str, text: str) -> None:
        if text and is_english(text, known) and (where, text) not in seen:
            seen.add((where, text))
            found.append(f"{where}: {text!r}")

    if isinstance(root, QMainWindow):
        menus = _menus_by_action(root)
        for action in root.menuBar().actions():
            note("menu bar", action.text())
            if action in menus:
                for where, text in _menu_texts(menus[action], menus):
                    note(where, text)
        note("window title", root.windowTitle())
    widgets = [root, *root.findChildren(QWidget)]
    for widget in widgets:
        if widget.isWindow() and widget is not root:
            continue
        if not widget.isVisible() or _opted_out(widget, skipped):
            continue
        for text in _texts(widget):
            note(widget_name(widget), text)
    return found
