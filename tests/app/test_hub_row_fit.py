"""The Plan tab's "Fetch config.json" row fits a 1280x720 slide, in Chinese too.

A Hub id that is not in the cache (``meta-llama/Llama-3.1-8B`` offline, with an empty cache)
shows the row under the model box. In the field's column beside its button, the sentence with
the id wrapped into four lines in zh_CN (102 px, against about 44 px spare) and brought back the
inputs' vertical scroll bar. Now the row spans the form, is one line as tall as its button, and
the layout audit (:func:`app.layout_audit.audit`, scroll bars counted) finds nothing, in zh_CN,
zh_TW and English presentation; the whole sentence stays in the tooltip and in the tab's
problems.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from app.i18n import language_manager
from app.layout_audit import audit, settle
from app.main_window import MainWindow
from app.settings import Preferences
from app.theme import apply_theme, theme
from tests.app.test_layout_fit_zh import _has_cjk_font

HUB_ID = "meta-llama/Llama-3.1-8B"


@pytest.fixture
def offline(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "hub"))
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")


@pytest.mark.parametrize("language", ["zh_CN", "zh_TW", "en"])
def test_the_fetch_row_fits_a_slide(offline, language: str) -> None:
    app = QApplication.instance() or QApplication([])
    if language != "en" and not _has_cjk_font():
        pytest.skip("no CJK font installed (Debian: apt install fonts-noto-cjk; .ci/run does)")
    assert language_manager().install(language) is None
    prefs = Preferences(ephemeral=True)
    prefs.presentation = True
    apply_theme(app, theme("light", True))
    window = MainWindow(preferences=prefs)
    try:
        window.resize(1280, 720)
        window.show()
        page = window.show_tab("plan")
        settle(window)
        page.prepare_screenshot()
        settle(window)
        assert audit(window, scrollbars=True) == []
        page.inputs.set_model(HUB_ID)
        settle(window)
        row = page.inputs.hub_row
        assert row.isVisible()
        assert HUB_ID in row.sentence() and HUB_ID in row.message.toolTip()
        assert page.inputs.problems()[0] == row.sentence()
        # One line: as tall as its button.
        assert row.height() <= row.fetch_button.height() + 1, (row.height(), language)
        problems = audit(window, scrollbars=True)
        assert (window.width(), window.height()) == (1280, 720)
        assert problems == [], "\n".join(problems)
        assert row.message.text() == row.message.full  # the short line is whole, not elided
    finally:
        window.stop_background_work()
        import shiboken6

        shiboken6.delete(window)
        language_manager().install("en")
        apply_theme(app, theme("light", False))
