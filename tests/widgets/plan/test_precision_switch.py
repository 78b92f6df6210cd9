"""The Plan tab's precision switch: every recipe listed, the choice reaches the plan's input."""

from __future__ import annotations

import pytest

from core.errors import InputError
from core.plan.options import planned_input
from core.plan.precision import PRECISIONS
from widgets.plan import PlanInputs


def test_the_switch_lists_every_recipe_and_sets_the_implementation(qtbot) -> None:
    panel = PlanInputs()
    qtbot.addWidget(panel)
    combo = panel.combos["precision"]
    assert [combo.itemData(i) for i in range(combo.count())] == list(PRECISIONS)
    assert combo.toolTip()
    assert panel.implementation().recipe.id == "bf16"
    combo.setCurrentIndex(combo.findData("nvfp4"))
    impl = panel.implementation()
    assert impl.recipe.id == "nvfp4" and impl.gemm_dtype == "fp4"
    # the tab refuses a recipe the device cannot run, naming the devices that can
    with pytest.raises(InputError, match="b200"):
        planned_input(model="llama3-8b", device="h100-sxm", implementation=impl)
    combo.setCurrentIndex(combo.findData("fp8-delayed"))
    assert panel.implementation().gemm_dtype == "fp8"
