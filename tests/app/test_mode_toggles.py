"""Toggling presentation mode, the theme and the language, in any order, returns the same window.

A snapshot records every visible widget's size, minimum and maximum width, font and style sheet,
and for each chart every axis (shown, size, tick font, title font) and the fonts of its texts.
After a sequence that ends where it started (English, light, presentation off) the snapshot must be
the one taken before. Before the fix a page rebuilt by a language switch while presentation mode
was on kept the large axis titles of its charts and a wide control column (its splitter kept the
presentation sizes) after presentation mode was turned off; a chart built before presentation mode
kept small axis titles in it.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QApplication, QWidget

from app.i18n import language_manager
from app.layout_audit import settle
from app.main_window import MainWindow
from app.settings import Preferences
from app.state import AppState
from app.tabs import TABS
from app.theme import apply_theme, theme
from app.worker_runner import wait_detached

SEQUENCES = {
    "presentation, language, back": ("P", "zh_CN", "en", "p"),
    "language, presentation, dark, back": ("zh_CN", "P", "D", "en", "L", "p"),
}


def _flush(window: QWidget) -> None:
    """Delete what was retired, then let the window lay itself out until a pass changes nothing.

    A fixed number of passes read layouts still in flight (how many a relayout takes depends on
    what the window showed before: app.layout_audit.settle), so a snapshot could differ by the
    tests run earlier in the same process.
    """
    for _ in range(3):
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        QApplication.processEvents()
    settle(window)


def _chart(widget, path: str, out: dict) -> None:
    import pyqtgraph as pg

    texts = []
    for item in widget.scene().items():
        if isinstance(item, pg.AxisItem):
            tick = item.style.get("tickFont")
            out[f"{path}:axis:{item.orientation}"] = (
                item.isVisible(), round(item.width()), round(item.height()),
                tick.pointSizeF() if tick is not None else None, item.label.font().toString(),
            )  # fmt: skip
        elif isinstance(item, pg.TextItem):
            texts.append(item.textItem.font().toString())
    out[f"{path}:texts"] = tuple(sorted(texts))


def snapshot(window: QWidget) -> dict[str, tuple]:
    """Sizes, fonts and style sheets of every visible widget, and the charts' axes and texts."""
    import sys

    out: dict[str, tuple] = {}

    def walk(widget: QWidget, path: str) -> None:
        counts: dict[str, int] = {}
        for child in widget.children():
            if not isinstance(child, QWidget) or not child.isVisibleTo(window):
                continue
            name = child.objectName() or type(child).__name__
            counts[name] = counts.get(name, -1) + 1
            here = f"{path}/{name}[{counts[name]}]"
            out[here] = (child.width(), child.height(), child.minimumWidth(),
                         child.maximumWidth(), child.font().toString(), child.styleSheet())  # fmt: skip
            if "pyqtgraph" in sys.modules:
                import pyqtgraph as pg

                if isinstance(child, pg.GraphicsView):
                    _chart(child, here, out)
            walk(child, here)

    walk(window, "")
    return out


def _step(window: MainWindow, step: str) -> None:
    if step == "P":
        window.set_presentation(True)
    elif step == "p":
        window.set_presentation(False)
    elif step == "D":
        window.set_theme("dark")
    elif step == "L":
        window.set_theme("light")
    else:
        assert window.set_language(step) is None


@pytest.mark.parametrize("sequence", list(SEQUENCES), ids=list(SEQUENCES))
@pytest.mark.parametrize("tab", [spec.id for spec in TABS])
def test_toggling_modes_returns_the_same_window(tab: str, sequence: str, qtbot) -> None:
    app = QApplication.instance()
    apply_theme(app, theme("light"))  # as the app starts: the theme before any widget
    state = AppState()
    state.background_warmups = False  # the Einops tab analyses at once: the same text each time
    window = MainWindow(state, preferences=Preferences(ephemeral=True), menus=False)
    qtbot.addWidget(window)
    try:
        window.resize(1280, 820)
        window.show()
        window.show_tab(tab)
        _flush(window)
        before = snapshot(window)
        for step in SEQUENCES[sequence]:
            _step(window, step)
            _flush(window)
            window.show_tab(tab)
            _flush(window)
        after = snapshot(window)
        changed = {k: (before.get(k), after.get(k)) for k in before.keys() | after.keys()
                   if before.get(k) != after.get(k)}  # fmt: skip
        assert not changed, sorted(changed.items())[:8]
    finally:
        language_manager().install("en")
        apply_theme(app, theme("light"))
        window.stop_background_work()
        wait_detached(30_000)
