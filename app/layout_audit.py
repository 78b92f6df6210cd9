"""Find text that does not fit: the layout check behind ``tests/app/test_layout_fit.py``.

:func:`audit` walks the visible widgets of a window (or any widget) and names every label, button,
combo box, item-view header section or cell whose text is wider than the room it has (font metrics
against the contents rectangle; word-wrapped labels by height), every visible scroll bar when asked
to, every widget its ancestors cut off, every two widgets a layout placed on top of each other, every
label whose text comes closer than :data:`MIN_BUDDY_GAP` pixels to its field (its buddy, or the field
of its form row), and every text that wraps a single character onto a line of its own (a word-wrapped
label, or a chart's axis names written in lines, such as the Memory tab's bar names).
A widget that elides on purpose opts out with ``widget.setProperty(ELIDE_OK, True)`` (it and its
children are skipped).

:func:`settle` lets the window finish laying itself out first. A fixed number of event-loop passes
is not enough: a relayout can take more passes than that (a table refits its columns from a 0 ms
timer after a resize, which changes its minimum height, which asks its layout again; a text edit
recounts its wrapped lines after its new width), and how many depends on what the window showed
before, so a check after three passes read a scroll bar or column widths still in flight.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPoint, QRect, Qt
from PySide6.QtGui import QFontMetrics, QTextDocument
from PySide6.QtGui import Qt as QtGuiQt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGraphicsView,
    QHeaderView,
    QLabel,
    QLayout,
    QPushButton,
    QRadioButton,
    QScrollBar,
    QStackedLayout,
    QStyle,
    QStyleOptionComboBox,
    QTabBar,
    QToolButton,
    QWidget,
)

__all__ = ["ELIDE_OK", "MIN_BUDDY_GAP", "audit", "lone_character_line", "settle", "widget_name"]

#: Property name: a widget with this property set to True may elide its text by design.
ELIDE_OK = "napkinlab_elide_ok"
_SLACK = 1  # pixels of rounding the check tolerates
#: Pixels a label's text keeps clear of its field: less reads as one word ("每设备批量64").
MIN_BUDDY_GAP = 4
# Runs of text a line cannot break inside: Qt breaks Chinese text between any two ideographs, so only
# the runs between spaces and CJK characters are unbreakable "words".
_UNBREAKABLE = re.compile(r"[^\s\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]+")
_TAGS = re.compile(r"<[^>]+>")
_PUNCTUATION = set("，。、：；！？（）()[]…,.:;!?-–—/·\"'“”‘’")


def _layout_state(root: QWidget) -> list[tuple]:
    """Everything a relayout changes: geometries, shown widgets, header sections, scroll ranges."""
    state: list[tuple] = []
    for w in root.findChildren(QWidget):
        g = w.geometry()
        state.append((g.x(), g.y(), g.width(), g.height(), w.isVisible()))
        if isinstance(w, QHeaderView):
            state.append(tuple(w.sectionSize(i) for i in range(w.count())))
        elif isinstance(w, QScrollBar):
            state.append((w.minimum(), w.maximum()))
    return state


def settle(root: QWidget, max_passes: int = 50) -> int:
    """Process events until a pass changes nothing in ``root``'s layout; returns the passes run.

    What a person sees once the event loop is idle. Timers with a delay (typing debounces) are not
    waited for; ``max_passes`` bounds a window that never stops changing.
    """
    from PySide6.QtWidgets import QApplication

    before = _layout_state(root)
    for n in range(1, max_passes + 1):
        QApplication.processEvents()
        after = _layout_state(root)
        if after == before:
            return n
        before = after
    return max_passes


def widget_name(widget: QWidget) -> str:
    """Where a widget is: its object (or class) name after those of two ancestors."""
    chain = []
    w: QWidget | None = widget
    while w is not None and len(chain) < 3:
        chain.append(w.objectName() or type(w).__name__)
        w = w.parentWidget()
    return "/".join(reversed(chain))


def _plain(text: str, rich: bool) -> str:
    if rich:
        doc = QTextDocument()
        doc.setHtml(text)
        return doc.toPlainText()
    return text


def _opted_out(widget: QWidget, root: QWidget) -> bool:
    w: QWidget | None = widget
    while w is not None:
        if w.property(ELIDE_OK):
            return True
        if w is root:
            return False
        w = w.parentWidget()
    return False


def _visible(root: QWidget) -> Iterator[QWidget]:
    for widget in root.findChildren(QWidget):
        if widget.isWindow() or not widget.isVisibleTo(root) or not widget.isVisible():
            continue
        if widget.width() <= 0 or widget.height() <= 0:
            continue
        yield widget


def _label_problem(label: QLabel) -> str | None:
    text = label.text()
    if not text or (label.pixmap() is not None and not label.pixmap().isNull()):
        return None
    rich = label.textFormat() == Qt.TextFormat.RichText or (
        label.textFormat() == Qt.TextFormat.AutoText and QtGuiQt.mightBeRichText(text)
    )
    rect = label.contentsRect()
    margin = label.margin()
    width = rect.width() - 2 * margin
    height = rect.height() - 2 * margin
    if label.wordWrap():
        need = label.heightForWidth(label.width())
        if need > label.height() + _SLACK:
            return f"wrapped text needs {need} px of height, has {label.height()}"
        # A single unbreakable word can still be wider than the label.
        fm = QFontMetrics(label.font())
        plain = _plain(text, rich)
        words = _UNBREAKABLE.findall(plain)
        widest = max((fm.horizontalAdvance(w) for w in words), default=0)
        if widest > width + _SLACK:
            return f"a word needs {widest} px, has {width}"
        for lines in _wrapped_lines(label, rich):
            lone = lone_character_line(plain, lines)
            if lone:
                return lone
        return None
    fm = QFontMetrics(label.font())
    if rich:
        doc = QTextDocument()
        doc.setDefaultFont(label.font())
        doc.setDocumentMargin(0)
        doc.setHtml(text)
        need = round(doc.idealWidth())
        need_h = round(doc.size().height())
    else:
        lines = text.split("\n")
        need = max(fm.horizontalAdvance(line) for line in lines)
        need_h = fm.height() * len(lines)
    if need > width + _SLACK:
        return f"needs {need} px, has {width}"
    if need_h > height + fm.descent() + _SLACK:
        return f"needs {need_h} px of height, has {height}"
    return None


def lone_character_line(text: str, lines: Sequence[str]) -> str | None:
    """Why ``lines``, one paragraph of ``text`` wrapped, leave a character alone on a line (the
    last line of "未在 GPU 上运行" as "行"), or None; punctuation and spaces do not count."""
    for line in lines[1:]:
        letters = [c for c in line if not c.isspace() and c not in _PUNCTUATION]
        if len(letters) == 1:
            return f"{text[:24]!r} wraps {line.strip()!r} onto a line of its own"
    return None


def _wrapped_lines(label: QLabel, rich: bool) -> Iterator[list[str]]:
    """The lines each paragraph of a word-wrapped label breaks into at its width."""
    doc = QTextDocument()
    doc.setDefaultFont(label.font())
    doc.setDocumentMargin(0)
    if rich:
        doc.setHtml(label.text())
    else:
        doc.setPlainText(label.text())
    doc.setTextWidth(max(1, label.contentsRect().width() - 2 * label.margin()))
    doc.size()  # lays the document out: its blocks have no lines before
    block = doc.begin()
    while block.isValid():
        layout = block.layout()
        text = block.text()
        yield [
            text[
                layout.lineAt(i).textStart() : layout.lineAt(i).textStart()
                + layout.lineAt(i).textLength()
            ]
            for i in range(layout.lineCount())
        ]
        block = block.next()


def _form_field(label: QLabel) -> QWidget | None:
    """The field beside ``label`` in its form row, or None when it labels no form row.

    Positions are asked of the form (:meth:`QFormLayout.getWidgetPosition`) rather than its items
    handed to Python, for the reason :func:`_overlaps` gives."""
    parent = label.parentWidget()
    if parent is None or parent.layout() is None:
        return None
    top = parent.layout()
    siblings = [w for w in parent.children() if isinstance(w, QWidget) and w.isVisible()]
    for form in [top, *top.findChildren(QLayout)]:
        if not isinstance(form, QFormLayout):
            continue
        row, role = form.getWidgetPosition(label)
        if row < 0 or role != QFormLayout.ItemRole.LabelRole:
            continue
        for w in siblings:
            if form.getWidgetPosition(w) == (row, QFormLayout.ItemRole.FieldRole):
                return w
        for inner in form.findChildren(QLayout):
            if form.getLayoutPosition(inner) == (row, QFormLayout.ItemRole.FieldRole):
                inside = [w for w in siblings if inner.indexOf(w) >= 0]
                return min(inside, key=lambda w: w.x(), default=None)
    return None


def _buddy_problem(label: QLabel, root: QWidget) -> str | None:
    """Whether ``label``'s text ends closer than :data:`MIN_BUDDY_GAP` to the field it names."""
    field = label.buddy() or _form_field(label)
    if field is None or not field.isVisible() or not label.text():
        return None
    rich = label.textFormat() == Qt.TextFormat.RichText or (
        label.textFormat() == Qt.TextFormat.AutoText and QtGuiQt.mightBeRichText(label.text())
    )
    fm = QFontMetrics(label.font())
    plain = _plain(label.text(), rich).replace("&&", "\x00").replace("&", "").replace("\x00", "&")
    rect = label.contentsRect().adjusted(label.margin(), 0, -label.margin(), 0)
    need = min(max(fm.horizontalAdvance(line) for line in plain.split("\n")), rect.width())
    align = label.alignment() & Qt.AlignmentFlag.AlignHorizontal_Mask
    if align & (Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTrailing):
        right = rect.right() + 1
    elif align & Qt.AlignmentFlag.AlignHCenter:
        right = rect.left() + (rect.width() + need) // 2
    else:
        right = rect.left() + max(label.indent(), 0) + need
    text_right = label.mapTo(root, QPoint(right, 0)).x()
    label_top = label.mapTo(root, QPoint(0, 0)).y()
    field_left = field.mapTo(root, QPoint(0, 0))
    beside = (
        field_left.y() < label_top + label.height() and label_top < field_left.y() + field.height()
    )
    if not beside or field_left.x() < label.mapTo(root, QPoint(0, 0)).x():
        return None
    gap = field_left.x() - text_right
    if gap < MIN_BUDDY_GAP:
        return f"text ends {gap} px from its field {widget_name(field)} (at least {MIN_BUDDY_GAP})"
    return None


def _button_problem(button: QAbstractButton) -> str | None:
    text = button.text().replace("&&", "\x00").replace("&", "").replace("\x00", "&")
    if not text:
        return None
    need = button.minimumSizeHint().width() if isinstance(button, QCheckBox | QRadioButton) else 0
    if isinstance(button, QPushButton | QToolButton) or not need:
        fm = QFontMetrics(button.font())
        need = fm.horizontalAdvance(text.split("\n")[0])
        if not button.icon().isNull() and not (
            isinstance(button, QToolButton)
            and button.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonTextOnly
        ):
            need += button.iconSize().width() + 4
        margin = button.style().pixelMetric(QStyle.PixelMetric.PM_ButtonMargin, None, button)
        need += margin if isinstance(button, QPushButton) else 4
    if need > button.width() + _SLACK:
        return f"{text!r} needs {need} px, has {button.width()}"
    return None


def _combo_problem(combo: QComboBox) -> str | None:
    display = getattr(combo, "display_text", None)  # BriefComboBox: what it paints
    text = display() if callable(display) else combo.currentText()
    if not text or combo.isEditable():
        return None
    option = QStyleOptionComboBox()
    combo.initStyleOption(option)
    field = combo.style().subControlRect(
        QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, combo
    )
    need = QFontMetrics(combo.font()).horizontalAdvance(text)
    if not combo.itemIcon(combo.currentIndex()).isNull():
        need += combo.iconSize().width() + 4
    if need > field.width() + _SLACK:
        return f"{text!r} needs {need} px, has {field.width()}"
    return None


def _header_problems(header: QHeaderView) -> Iterator[str]:
    model = header.model()
    if model is None:
        return
    fm = QFontMetrics(header.font())
    margin = header.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, header)
    horizontal = header.orientation() == Qt.Orientation.Horizontal
    count = _count(model, horizontal)
    for section in range(count):
        if header.isSectionHidden(section):
            continue
        text = model.headerData(section, header.orientation(), Qt.ItemDataRole.DisplayRole)
        if text is None or str(text) == "":
            continue
        lines = str(text).split("\n")
        size = header.sectionSize(section)
        if horizontal:
            need = max(fm.horizontalAdvance(line) for line in lines) + 2 * margin
            if header.isSortIndicatorShown() and header.sortIndicatorSection() == section:
                need += fm.height()
        else:
            need = fm.horizontalAdvance(lines[0]) + 2 * margin
            size = header.width()
        if need > size + _SLACK:
            yield f"header {str(text)!r} needs {need} px, has {size}"


def _count(model: QAbstractItemModel, columns: bool) -> int:
    """Rows or columns at the top level (a list model's ``columnCount`` is private: one)."""
    try:
        return model.columnCount(QModelIndex()) if columns else model.rowCount(QModelIndex())
    except TypeError:
        return 1 if columns else model.rowCount()


def _cell_problems(view: QAbstractItemView) -> Iterator[str]:
    if view.textElideMode() == Qt.TextElideMode.ElideNone:
        return
    model = view.model()
    if model is None:
        return
    viewport = view.viewport().rect()
    # Without a scroll bar to reach it, a cell past the viewport's edge is cut off for good.
    fixed_x = not view.horizontalScrollBar().isVisible()
    fixed_y = not view.verticalScrollBar().isVisible()
    rows = min(_count(model, False), 400)
    for row in range(rows):
        for column in range(_count(model, True)):
            index = model.index(row, column, QModelIndex())
            rect = view.visualRect(index)
            if rect.isEmpty() or not rect.intersects(viewport):
                continue
            text = index.data(Qt.ItemDataRole.DisplayRole)
            if text is None or str(text) == "":
                continue
            if view.indexWidget(index) is not None:
                continue
            if column == view.property("napkinlab_elided_column"):
                continue  # this column elides by design (widgets.table_fit.ELIDED_COLUMN)
            if (fixed_x and rect.right() > viewport.right() + _SLACK) or (
                fixed_y and rect.bottom() > viewport.bottom() + _SLACK
            ):
                yield f"cell ({row}, {column}) {str(text)[:24]!r} is cut off by the view's edge"
                continue
            font = index.data(Qt.ItemDataRole.FontRole) or view.font()
            fm = QFontMetrics(font)
            text = str(text)
            # Fusion: a focus-frame margin each side plus the decoration (icon) if any.
            margin = view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, view)
            room = rect.width() - 2 * (margin + 1)
            if index.data(Qt.ItemDataRole.DecorationRole) is not None:
                room -= view.iconSize().width() + 4
            if view.wordWrap():  # wrapped cells must be tall enough for their lines
                flags = Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap
                need_h = fm.boundingRect(QRect(0, 0, max(1, room), 10_000), flags, text).height()
                if need_h > rect.height() + _SLACK:
                    yield f"cell ({row}, {column}) {text[:24]!r} needs {need_h} px of height, has {rect.height()}"
                continue
            need = (
                max(fm.horizontalAdvance(line) for line in text.split("\n")) + rect.width() - room
            )
            if need > rect.width() + _SLACK:
                yield f"cell ({row}, {column}) {text[:24]!r} needs {need} px, has {rect.width()}"


def _clipped(widget: QWidget, root: QWidget) -> str | None:
    """Whether an ancestor (other than a scroll area's viewport) cuts ``widget`` off."""
    rect = QRect(widget.mapTo(root, widget.rect().topLeft()), widget.size())
    w = widget.parentWidget()
    while w is not None:
        if isinstance(w.parentWidget(), QAbstractScrollArea) and w is w.parentWidget().viewport():
            return None  # scrolled content; the scroll bar check covers it
        area = QRect(w.mapTo(root, w.rect().topLeft()), w.size())
        if not area.contains(rect):
            cut = rect.intersected(area)
            if cut.width() < rect.width() - _SLACK or cut.height() < rect.height() - _SLACK:
                return f"cut off by {widget_name(w)}: {rect.width()}x{rect.height()} shows {cut.width()}x{cut.height()}"
        if w is root:
            return None
        w = w.parentWidget()
    return None


def audit(root: QWidget, *, scrollbars: bool = False) -> list[str]:
    """Every text in ``root`` that does not fit, as ``"<widget path>: <why>"`` lines.

    Parameters
    ----------
    root
        The window (or page) to check, shown and laid out.
    scrollbars
        Also report every visible scroll bar (presentation mode must fit without one).
    """
    problems: list[str] = list(_overlaps(root))
    for widget in _visible(root):
        if _opted_out(widget, root):
            continue
        found: list[str] = []
        if isinstance(widget, QLabel):
            found.append(_label_problem(widget) or "")
            found.append(_buddy_problem(widget, root) or "")
        elif isinstance(widget, QAbstractButton) and not isinstance(widget.parent(), QTabBar):
            found.append(_button_problem(widget) or "")
        elif isinstance(widget, QComboBox):
            found.append(_combo_problem(widget) or "")
        elif isinstance(widget, QHeaderView):
            found.extend(_header_problems(widget))
        elif isinstance(widget, QAbstractItemView):
            found.extend(_cell_problems(widget))
        elif isinstance(widget, QGraphicsView):
            found.extend(_axis_problems(widget))
        elif isinstance(widget, QScrollBar) and scrollbars and widget.maximum() > widget.minimum():
            found.append(f"visible scroll bar ({widget.maximum() - widget.minimum()} px)")
        if isinstance(widget, QLabel | QAbstractButton | QComboBox):
            found.append(_clipped(widget, root) or "")
        text = ""
        if isinstance(widget, QLabel | QAbstractButton):
            text = _TAGS.sub("", widget.text())[:40]
        elif isinstance(widget, QComboBox):
            display = getattr(widget, "display_text", None)
            text = (display() if callable(display) else widget.currentText())[:40]
        for problem in found:
            if problem:
                problems.append(f"{widget_name(widget)} {text!r}: {problem}")
        problems.extend(_overlaps(widget))
    return problems


def _overlaps(widget: QWidget) -> Iterator[str]:
    """Shown widgets that ``widget``'s layout placed on top of each other (a layout given less
    room than its items' heights for their width squeezes them below their minimums, and a
    widget then keeps its minimum and covers its neighbour).

    The layout's items are never handed to Python: a spacer item's wrapper outlives the item
    (it is no QObject, so PySide is not told when Qt deletes it), and a layout made later at the
    same address came back from ``widget.layout()`` as that stale spacer. The layouts are found
    as QObjects instead, and each child widget asked for by :meth:`QLayout.indexOf`.
    """
    layout = widget.layout()
    if not isinstance(layout, QLayout) or isinstance(layout, QStackedLayout):
        return
    layouts = [layout, *layout.findChildren(QLayout)]
    placed = [
        w
        for w in widget.children()
        if isinstance(w, QWidget)
        and not w.isWindow()
        and w.isVisible()
        and w.width() > 0
        and w.height() > 0
        and any(each.indexOf(w) >= 0 for each in layouts)
    ]
    for i, first in enumerate(placed):
        for second in placed[i + 1 :]:
            common = first.geometry().intersected(second.geometry())
            if common.width() > _SLACK and common.height() > _SLACK:
                yield (
                    f"{widget_name(first)} and {widget_name(second)} overlap: "
                    f"{common.width()}x{common.height()} px"
                )


def _axis_problems(view: QGraphicsView) -> Iterator[str]:
    """Names a chart writes under or beside its axes in lines (fixed ticks with line breaks) that
    leave a character alone on a line; the chart's other texts are plot items, checked by its tests."""
    scene = view.scene()
    if scene is None:
        return
    for item in scene.items():
        levels = getattr(item, "_tickLevels", None)
        if not item.isVisible() or not levels or not hasattr(item, "setTicks"):
            continue
        for level in levels:
            for _value, text in level:
                lone = lone_character_line(str(text), str(text).split("\n"))
                if lone:
                    yield f"axis name {lone}"
