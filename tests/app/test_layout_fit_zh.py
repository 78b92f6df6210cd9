"""Chinese fits too: every tab in zh_CN and zh_TW, at the default size and at 1280×720 presentation.

Chinese strings are shorter in characters and wider per glyph than the English; the same layout
check as ``test_layout_fit.py`` (:func:`app.layout_audit.audit`) runs on windows built in each
catalog's language. Tabs come from :data:`app.tabs.TABS`, so a tab added later is covered.
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from app.i18n import language_manager
from app.layout_audit import audit
from app.main_window import MainWindow
from app.settings import Preferences
from app.tabs import TABS
from app.theme import apply_theme, theme

#: (name, size or None for the default, presentation mode)
MODES = (("default", None, False), ("presentation-1280x720", (1280, 720), True))


def _window(language: str, presentation: bool) -> MainWindow:
    app = QApplication.instance() or QApplication([])
    assert language_manager().install(language) is None
    prefs = Preferences(ephemeral=True)
    prefs.presentation = presentation
    apply_theme(app, theme("light", presentation))
    return MainWindow(preferences=prefs)


@pytest.fixture(scope="module", params=[(lang, m) for lang in ("zh_CN", "zh_TW") for m in MODES],
                ids=lambda p: f"{p[0]}-{p[1][0]}")  # fmt: skip
def window(request):
    language, (_name, size, presentation) = request.param
    win = _window(language, presentation)
    win.resize(*(size or (1280, 820)))
    win.show()
    win.expected_size = size or (1280, 820)
    win.scrollbars = presentation
    yield win
    win.stop_background_work()
    import shiboken6

    shiboken6.delete(win)
    language_manager().install("en")
    apply_theme(QApplication.instance(), theme("light", False))


@pytest.mark.parametrize("tab", [spec.id for spec in TABS])
def test_tab_fits_in_chinese(window: MainWindow, tab: str) -> None:
    page = window.show_tab(tab)
    for _ in range(3):
        QApplication.processEvents()
    if hasattr(page, "prepare_screenshot"):
        page.prepare_screenshot()
        QApplication.processEvents()
    problems = audit(window, scrollbars=window.scrollbars)
    got = (window.width(), window.height())
    if got != window.expected_size:
        problems.insert(0, f"the window is {got[0]}x{got[1]}, not {window.expected_size}")
    assert not problems, "\n".join(problems)
