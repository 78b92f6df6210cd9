"""The menu beside the Code page's precision combo: FP8 attention and the fused grouped MLP, each
offered only under a precision that allows it (as ``plan --fp8-attention`` and
``--fused-grouped-mlp`` are refused without one), reaching the plan and kept by the session."""

from __future__ import annotations

import pytest

from core.errors import InputError
from core.plan.options import implementation_from
from core.plan.precision import PRECISIONS, RECIPE_DETAILS, recipe_details
from widgets.plan import PlanInputs


def _precision(panel: PlanInputs, rid: str) -> None:
    combo = panel.combos["precision"]
    combo.setCurrentIndex(combo.findData(rid))


def test_each_precision_offers_what_the_cli_accepts(qtbot) -> None:
    panel = PlanInputs()
    qtbot.addWidget(panel)
    assert list(panel.recipe_actions) == list(RECIPE_DETAILS)
    for rid, recipe in PRECISIONS.items():
        _precision(panel, rid)
        offered = {k for k, a in panel.recipe_actions.items() if a.isEnabled()}
        assert offered == set(recipe_details(recipe)), rid
        for key in RECIPE_DETAILS:  # the menu offers exactly what the core accepts
            accepted = True
            try:
                implementation_from(precision=rid, **{key: True})
            except InputError:
                accepted = False
            assert accepted == (key in offered), (rid, key)
    # FP8 attention under every FP8 recipe, the fused MLP under the block-scaled ones only
    fp8 = {rid for rid, r in PRECISIONS.items() if r.gemm_dtype == "fp8"}
    assert {rid for rid in PRECISIONS if "fp8_attention" in recipe_details(PRECISIONS[rid])} == fp8
    assert {
        rid for rid in PRECISIONS if "fused_grouped_mlp" in recipe_details(PRECISIONS[rid])
    } == {"mxfp8", "nvfp4"}


def test_ticked_settings_reach_the_plan_while_the_precision_allows_them(qtbot) -> None:
    panel = PlanInputs()
    qtbot.addWidget(panel)
    impl = panel.implementation()
    assert (impl.fp8_attention, impl.fused_grouped_mlp) == (False, False)
    assert panel.recipe_button.text() == "\u2026"
    _precision(panel, "mxfp8")
    with qtbot.waitSignal(panel.changed):
        panel.recipe_actions["fp8_attention"].setChecked(True)
    panel.recipe_actions["fused_grouped_mlp"].setChecked(True)
    impl = panel.implementation()
    assert (impl.fp8_attention, impl.fused_grouped_mlp) == (True, True)
    assert panel.recipe_button.text() == "+2"
    assert "FP8 attention" in panel.recipe_button.toolTip()
    # per-tensor FP8 has no block scales: the fused MLP is left out, its tick kept
    _precision(panel, "fp8-current")
    impl = panel.implementation()
    assert (impl.fp8_attention, impl.fused_grouped_mlp) == (True, False)
    assert panel.recipe_button.text() == "+1"
    assert panel.recipe_actions["fused_grouped_mlp"].isChecked()
    _precision(panel, "bf16")
    impl = panel.implementation()
    assert (impl.fp8_attention, impl.fused_grouped_mlp) == (False, False)
    assert panel.recipe_button.text() == "\u2026"
    _precision(panel, "nvfp4")  # NVFP4's GEMMs are not FP8: the fused MLP only
    impl = panel.implementation()
    assert (impl.fp8_attention, impl.fused_grouped_mlp) == (False, True)


def test_the_session_keeps_the_ticks(qtbot) -> None:
    panel = PlanInputs()
    qtbot.addWidget(panel)
    _precision(panel, "mxfp8")
    panel.recipe_actions["fused_grouped_mlp"].setChecked(True)
    state = panel.session_state()
    assert (state["fp8_attention"], state["fused_grouped_mlp"]) == (False, True)
    other = PlanInputs()
    qtbot.addWidget(other)
    assert other.restore_session(state) == []
    assert other.implementation() == panel.implementation()
    assert other.implementation().fused_grouped_mlp is True
    problems = other.restore_session({"fp8_attention": "yes"})
    assert len(problems) == 1 and "fp8_attention" in problems[0]
    assert other.recipe_actions["fp8_attention"].isChecked() is False


@pytest.mark.parametrize("key", RECIPE_DETAILS)
def test_each_setting_says_what_it_needs(qtbot, key: str) -> None:
    panel = PlanInputs()
    qtbot.addWidget(panel)
    tip = panel.recipe_actions[key].toolTip()
    assert ("FP8" in tip) if key == "fp8_attention" else ("MXFP8" in tip and "NVFP4" in tip)
