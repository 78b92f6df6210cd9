"""A mixture-of-experts plan fits a 1280x720 slide, in Chinese and English.

An MoE plan adds the all-to-all (EP) row to the step-time legend and expert state to the memory
legend, and the layout page has EP and ETP fields. As ten rows of their own, those fields made the
layout page the tallest input page: the column needed a vertical scroll bar on a Chinese slide
(17 px over) and, at the default size, a scroll bar that narrowed the cluster page so its device
line wrapped. EP and ETP now share one row (as on the Memory tab); the layout audit
(:func:`app.layout_audit.audit`, scroll bars counted) finds nothing on any input page or view with
Mixtral-8x7B planned on 256 GPUs.
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

MOE = {"model": "mixtral-8x7b", "gpus": "256", "global_batch": "512", "tokens": "2T",
       "tp": "1", "pp": "1", "vpp": "1", "cp": "1"}  # fmt: skip  # a short search, still with EP


@pytest.mark.parametrize("language", ["zh_CN", "zh_TW", "en"])
def test_an_moe_plan_fits_a_slide(language: str) -> None:
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
        assert page.restore_session(MOE) == []
        settle(window)
        page.prepare_screenshot()
        settle(window)
        inputs = page.inputs
        # EP and ETP are one form row: the ETP field sits beside the EP field.
        assert inputs.fields["etp"].parentWidget() is inputs.fields["ep"].parentWidget()
        assert inputs.fields["ep"].parentWidget() is inputs.expert_row
        # The chosen layout is an expert-parallel one, so the MoE legend rows are shown.
        assert "EP " in page.layout_line.text(), page.layout_line.text()
        problems = []
        # Each input page beside the chart, then each view (the inputs' height does not depend on
        # the view, nor the views' on the input page).
        shown = [(0, index) for index in range(inputs.pages.count())]
        shown += [(view, 0) for view in range(1, page.views.count())]
        for view, index in shown:
            page.views.setCurrentIndex(view)
            inputs.pages.setCurrentIndex(index)
            settle(window)
            problems += [f"view {view}, page {index}: {p}"
                         for p in audit(window, scrollbars=True)]  # fmt: skip
        page.views.setCurrentIndex(0)
        assert (window.width(), window.height()) == (1280, 720)
        assert problems == [], "\n".join(problems)
    finally:
        window.stop_background_work()
        import shiboken6

        shiboken6.delete(window)
        language_manager().install("en")
        apply_theme(app, theme("light", False))
