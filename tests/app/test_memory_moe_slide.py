"""The Memory tab with a mixture of experts fits a 1280×720 slide in a window started in
presentation mode (its EP and ETP rows on; a dense model's expert rows off the slide)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from app.layout_audit import audit, settle
from app.main_window import MainWindow
from app.settings import Preferences


@pytest.fixture(scope="module")
def slide_window():
    from app.theme import apply_theme, theme

    app = QApplication.instance() or QApplication([])
    prefs = Preferences(ephemeral=True)
    prefs.presentation = True
    apply_theme(app, theme("light", True))
    win = MainWindow(preferences=prefs)
    win.resize(1280, 720)
    win.show()
    win.show_tab("memory")
    app.processEvents()
    yield win
    win.stop_background_work()
    apply_theme(app, theme("light", False))
    import shiboken6

    shiboken6.delete(win)


def _settle(window: MainWindow) -> None:
    settle(window)


#: More than one GPU lengthens the verdict ("per device of 16 (ZeRO-0)"), and the answers'
#: captions then lose 5 px of their second line on a slide: so on main before expert
#: parallelism, for dense models too (llama2-7b on 16 GPUs), not this test's subject.
_KNOWN = "cardSubtitle"


@pytest.mark.parametrize(
    ("model", "gpus", "ep"),
    [("qwen3-30b-a3b", "1", "1"), ("deepseek-v3", "1", "1"), ("qwen3-30b-a3b", "16", "8"),
     ("mixtral-8x7b", "16", "2")],
)  # fmt: skip
def test_moe_fits_on_a_slide(slide_window: MainWindow, model: str, gpus: str, ep: str) -> None:
    window = slide_window
    page = window.show_tab("memory")
    saved = page.session_state()
    try:
        controls = page.controls
        controls.model.setCurrentIndex(controls.model.findData(model))
        controls.fields["gpus"].setText(gpus)
        controls.fields["ep"].setText(ep)
        _settle(window)
        window.resize(1280, 720)
        _settle(window)
        problems = [p for p in audit(window, scrollbars=True) if gpus == "1" or _KNOWN not in p]
        shown = [controls.fields[k].isVisibleTo(controls) for k in ("ep", "etp")]
        note = controls.shape_note.toolTip()  # the whole description, shortened on the slide
        assert page.estimate is not None and page.estimate.config.ep == int(ep)
    finally:
        page.restore_session(saved)
        _settle(window)
    assert not problems, "\n".join(problems)
    assert all(shown)
    assert "MoE" in note


def test_dense_model_leaves_the_expert_rows_off_the_slide(slide_window: MainWindow) -> None:
    page = slide_window.show_tab("memory")
    controls = page.controls
    controls.model.setCurrentIndex(controls.model.findData("llama2-7b"))
    for key in ("ep", "etp", "capacity"):
        assert not controls.fields[key].isVisibleTo(controls)
