"""The Views and strides page fits: no clipped or elided text, no scroll bar on a slide.

The same check as ``test_layout_fit.py`` (:func:`app.layout_audit.audit`), which sees only the
Einops tab's first page, run on its second page in English, zh_CN and zh_TW, at the default size
and at 1280×720 in presentation mode, light and dark.
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from app.i18n import language_manager
from app.layout_audit import audit, settle
from app.main_window import MainWindow
from app.settings import Preferences
from app.theme import apply_theme, theme
from tests.app.test_layout_fit_zh import _has_cjk_font

CASES = [
    (lang, name, size, presentation, look)
    for lang in ("en", "zh_CN", "zh_TW")
    for name, size, presentation in (("default", (1280, 820), False),
                                     ("presentation-1280x720", (1280, 720), True))
    for look in ("light", "dark")
]  # fmt: skip


@pytest.mark.parametrize(
    ("lang", "name", "size", "presentation", "look"),
    CASES,
    ids=[f"{c[0]}-{c[1]}-{c[4]}" for c in CASES],
)
def test_strides_page_fits(lang: str, name: str, size, presentation: bool, look: str) -> None:
    app = QApplication.instance() or QApplication([])
    if lang != "en" and not _has_cjk_font():
        pytest.skip("no CJK font installed")
    assert language_manager().install(lang) is None
    prefs = Preferences(ephemeral=True)
    prefs.presentation = presentation
    prefs.theme = look
    apply_theme(app, theme(look, presentation))
    win = MainWindow(preferences=prefs)
    try:
        win.resize(*size)
        win.show()
        page = win.show_tab("einops")
        page.show_page("strides")
        page.apply_theme(win.current_theme)
        settle(win)
        problems = audit(win, scrollbars=presentation)
        assert (win.width(), win.height()) == size
        assert not problems, "\n".join(problems)
    finally:
        win.stop_background_work()
        import shiboken6

        shiboken6.delete(win)
        language_manager().install("en")
        apply_theme(app, theme("light", False))
