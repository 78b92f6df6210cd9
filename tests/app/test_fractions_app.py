"""The fractions dialog in the app: reached from the Plan tab and the Devices menu, its Save makes
the Plan tab plan again (faster GEMMs: a shorter step) and the Step tab predict again; a language
switch while it is open re-words it."""

from __future__ import annotations

import pytest

from app.main_window import MainWindow
from app.settings import Preferences
from app.state import AppState
from app.tabs.plan_tab import PlanPage

pytest.importorskip("torch")


@pytest.fixture
def page(qtbot) -> PlanPage:
    p = PlanPage(AppState())
    qtbot.addWidget(p)
    p.resize(1280, 760)
    p.show()
    yield p
    p.shutdown()


def test_saving_a_fraction_plans_again(qtbot, page: PlanPage) -> None:
    page.inputs.restore_session(
        {
            "model": "transformer:d=1024,layers=4,heads=16,vocab=1024",
            "seq": "1024",
            "global_batch": "32",
            "gpus": "8",
            "tokens": "",
        }
    )
    with qtbot.waitSignal(page.planFinished, timeout=120_000) as blocker:
        assert page.start_plan()
    assert blocker.args == [True]
    before = page.results[0]
    e0 = page.job["results"][0].assumptions
    assert not any("your overrides" in a for a in e0)
    page.inputs.fractions_button.click()
    dialog = page.window().findChild(type(page.open_fractions()))
    assert dialog is not None and dialog.isVisible() and dialog.device.id == "h100-sxm"
    assert dialog.edit("gemm_efficiency", "0.95") is None
    with qtbot.waitSignal(page.planFinished, timeout=120_000) as blocker:
        dialog.save_button.click()
    assert blocker.args == [True]
    after = page.results[0]
    # Every layout's GEMMs run faster and nothing else changes: the fastest step is shorter.
    assert after.step_time_s < before.step_time_s
    assert any("your overrides" in a for a in after.assumptions)
    dialog.close()


def test_the_step_tab_predicts_again(qtbot) -> None:
    from app.tabs.step_tab import StepPage
    from core.roofline.fractions import save_overrides
    from core.step.options import inputs_from_options
    from core.step.trace import trace_config

    state = AppState()
    step = StepPage(state)
    qtbot.addWidget(step)
    inputs = inputs_from_options(model="mlp:d=32,layers=2", batch="4", recipe="fp32",
                                 optimizer="adam")  # fmt: skip
    step.set_result(trace_config(inputs.config), inputs)
    before = step.prediction.step_time_s
    save_overrides(state.device_id, {"kernel_launch_overhead_s": 1e-4})
    state.calibration_changed(state.device_id)
    assert step.prediction.step_time_s > before  # each kernel pays 100 µs instead of 2.4
    step.shutdown()


def test_the_menu_opens_it_and_a_language_switch_rewords_it(qtbot) -> None:
    from app.i18n import language_manager

    win = MainWindow(preferences=Preferences(ephemeral=True))
    qtbot.addWidget(win)
    win.show()
    action = next(a for a in win.menu_actions if a.shortcut().toString() == "Ctrl+Shift+F")
    action.trigger()
    dialog = win.show_fractions()
    assert dialog.isVisible() and dialog.parent() is win
    dialog.edit("gemm_efficiency", "0.7")
    english = dialog.save_button.text()
    try:
        assert win.set_language("zh_CN") is None
        qtbot.waitUntil(lambda: dialog.save_button.text() != english, timeout=2000)
        assert dialog.pending() == {"gemm_efficiency": "0.7"}  # typed edits survive
        assert win.show_fractions() is dialog  # one per window
        win.state.set_device("a100-sxm")
        assert dialog.device.id == "a100-sxm"
    finally:
        win.set_language("en")
        language_manager().install("en")
    qtbot.waitUntil(lambda: dialog.save_button.text() == english, timeout=2000)
    dialog.close()
    win.stop_background_work()
