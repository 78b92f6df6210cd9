"""The main window's menus and shortcuts (built only for the interactive window)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMenu

from app.i18n import LANGUAGES
from app.tabs import TABS
from widgets.i18n import localized, translate
from widgets.rich_text import plain_tip

if TYPE_CHECKING:
    from app.main_window import MainWindow

__all__ = ["build_menus"]


def _action(
    window: MainWindow, text: str, slot: Any, shortcut: Any = None, tip: str = ""
) -> QAction:
    """A window-wide action (its shortcut works whatever has focus)."""
    action = QAction(text, window)
    if shortcut is not None:
        action.setShortcut(QKeySequence(shortcut))
    if tip:
        action.setStatusTip(tip)
        action.setToolTip(plain_tip(tip))
    action.triggered.connect(slot)
    window.addAction(action)
    window.menu_actions.append(action)
    return action


def _menu(window: MainWindow, title: str, name: str) -> QMenu:
    """A menu of the menu bar, named for code that looks it up in any language (``fileMenu``)."""
    menu = window.menuBar().addMenu(title)
    menu.setObjectName(name)
    window.built_menus.append(menu)
    return menu


def _file_menu(window: MainWindow) -> None:
    menu = _menu(window, translate("Menus", "&File"), "fileMenu")
    menu.addAction(
        _action(
            window,
            translate("Menus", "&Open session…"),
            window.open_session_dialog,
            QKeySequence.StandardKey.Open,
        )
    )
    recent = menu.addMenu(translate("Menus", "Open &recent"))

    def fill_recent() -> None:
        recent.clear()
        paths = window.prefs.recent_sessions
        if not paths:
            recent.addAction(translate("Menus", "(none yet)")).setEnabled(False)
        for path in paths:
            recent.addAction(path, lambda p=path: window.open_session(p))

    recent.aboutToShow.connect(fill_recent)
    menu.addAction(
        _action(
            window,
            translate("Menus", "&Save session"),
            window.save_session,
            QKeySequence.StandardKey.Save,
        )
    )
    menu.addAction(
        _action(
            window, translate("Menus", "Save session &as…"), window.save_session_as, "Ctrl+Shift+S"
        )
    )
    menu.addSeparator()
    menu.addAction(
        _action(
            window,
            translate("Menus", "&Export tab as PNG…"),
            lambda: window.export_dialog(1.0),
            "Ctrl+E",
            translate("Menus", "Save the current tab as a PNG"),
        )
    )
    menu.addAction(
        _action(
            window,
            translate("Menus", "Export tab as PNG (&2x)…"),
            lambda: window.export_dialog(2.0),
            "Ctrl+Shift+E",
            translate("Menus", "Save the current tab as a PNG at twice the resolution, for slides"),
        )
    )
    menu.addAction(
        _action(
            window,
            translate("Menus", "Export plot as &SVG…"),
            window.export_svg_dialog,
            None,
            translate("Menus", "Save the current tab's plot as SVG"),
        )
    )
    menu.addAction(
        _action(
            window,
            translate("Menus", "Export tab as P&DF…"),
            window.export_pdf_dialog,
            None,
            translate("Menus", "Save the current tab as a vector PDF (text stays selectable)"),
        )
    )
    menu.addAction(
        _action(
            window,
            translate("Menus", "&Copy image"),
            window.copy_image,
            "Ctrl+Shift+C",
            translate("Menus", "Copy the current tab to the clipboard at 2x"),
        )
    )
    menu.addSeparator()
    menu.addAction(
        _action(window, translate("Menus", "&Quit"), window.close, QKeySequence.StandardKey.Quit)
    )


def _view_menu(window: MainWindow) -> None:
    menu = _menu(window, translate("Menus", "&View"), "viewMenu")
    group = QActionGroup(menu)
    for name in ("light", "dark"):
        label = (
            translate("Menus", "Light theme")
            if name == "light"
            else translate("Menus", "Dark theme")
        )
        action = _action(window, label, lambda _c=False, n=name: window.set_theme(n))
        action.setCheckable(True)
        action.setChecked(name == window.current_theme.name)
        group.addAction(action)
        menu.addAction(action)
        window.theme_actions[name] = action
    presentation = _action(
        window,
        translate("Menus", "&Presentation mode"),
        window.set_presentation,
        "Ctrl+Shift+P",
        translate("Menus", "Larger fonts and lines for slides"),
    )
    presentation.setCheckable(True)
    presentation.setChecked(window.prefs.presentation)
    window.presentation_action = presentation
    menu.addSeparator()
    menu.addAction(presentation)
    _language_menu(window, menu)
    menu.addSeparator()
    for index, spec in enumerate(TABS):
        menu.addAction(
            _action(
                window,
                localized(spec.title),
                lambda _c=False, i=index: window.tabs.setCurrentIndex(i),
                f"Ctrl+{index + 1}",
            )
        )


def _language_menu(window: MainWindow, view: Any) -> None:
    """View > Language: each catalog by its own name, plus following the system's language."""
    menu = view.addMenu(translate("Menus", "&Language"))
    menu.setObjectName("languageMenu")
    group = QActionGroup(menu)  # deleted with the menu when the menus are rebuilt
    chosen = window.prefs.language
    entries = [("", translate("Menus", "System language"))]
    entries += [(code, name) for code, name in LANGUAGES.items()]
    for code, name in entries:
        action = QAction(name, group)
        action.setData(code)
        action.setCheckable(True)
        action.setChecked(code == chosen)
        action.setStatusTip(translate("Menus", "Show the window in this language (no restart)"))
        action.triggered.connect(lambda _c=False, c=code: window.set_language(c))
        group.addAction(action)
        menu.addAction(action)
    window.language_actions = group


def _open_collectives(window: MainWindow) -> None:
    from app.comm_view import open_collectives  # pyqtgraph and the reader load on first use

    open_collectives(window)


def build_menus(window: MainWindow) -> None:
    """Add File, View, Devices and Help menus with their shortcuts to ``window``.

    Called again after a language switch: the menu bar is cleared and the window's actions
    and menus removed first (:meth:`app.main_window.MainWindow.retranslate`). The menus are named
    (``fileMenu``, ``viewMenu``, ``devicesMenu``, ``helpMenu``) so that code adding to them finds
    them whatever the language.
    """
    _file_menu(window)
    _view_menu(window)
    devices = _menu(window, translate("Menus", "&Devices"), "devicesMenu")
    devices.addAction(
        _action(
            window,
            translate("Menus", "&Add your own device…"),
            window.add_device_dialog,
            None,
            translate("Menus", "Describe an accelerator; saved in your config folder"),
        )
    )
    devices.addAction(
        _action(
            window, translate("Menus", "Where do the device numbers come from?"), window.show_source
        )
    )
    devices.addAction(
        _action(
            window,
            translate("Menus", "Achievable &fractions…"),
            window.show_fractions,
            "Ctrl+Shift+F",
            translate(
                "Menus",
                "See and edit what the selected device achieves (GEMM, attention, memory, links, "
                "kernel launch), each with its source",
            ),
        )
    )
    devices.addAction(
        _action(
            window,
            translate("Menus", "Open &collectives benchmark…"),
            lambda: _open_collectives(window),
            None,
            translate(
                "Menus", "Plot bench --suite collectives results against the device's interconnect"
            ),
        )
    )
    help_menu = _menu(window, translate("Menus", "&Help"), "helpMenu")
    help_menu.addAction(_action(window, translate("Menus", "&About Napkin Lab"), window.show_about))
