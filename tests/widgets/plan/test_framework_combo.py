"""The Code page's Framework combo: picking a framework sets the page's controls to its preset,
the controls changed afterwards win, and the session keeps the framework."""

from __future__ import annotations

from core.plan.frameworks import FRAMEWORKS
from core.plan.inputs import Implementation
from widgets.plan.inputs import PlanInputs


def _pick(inputs: PlanInputs, fid: str) -> None:
    box = inputs.combos["framework"]
    box.setCurrentIndex(box.findData(fid))
    box.activated.emit(box.currentIndex())


def test_the_combo_lists_every_framework_megatron_first(qtbot) -> None:
    inputs = PlanInputs()
    qtbot.addWidget(inputs)
    box = inputs.combos["framework"]
    assert [box.itemData(i) for i in range(box.count())] == list(FRAMEWORKS)
    # Megatron's preset is the default: its experts apply the router's weights themselves
    assert inputs.implementation() == Implementation(probs_in_experts=True)
    assert box.toolTip()


def test_picking_a_framework_applies_its_preset_and_later_changes_win(qtbot) -> None:
    inputs = PlanInputs()
    qtbot.addWidget(inputs)
    with qtbot.waitSignal(inputs.changed):
        _pick(inputs, "nemo")
    impl = inputs.implementation()
    assert (impl.framework, impl.tp_overlap, impl.fused_swiglu) == ("nemo", True, True)
    assert impl.cross_entropy == "fp32-inplace"
    _pick(inputs, "torchtitan")
    impl = inputs.implementation()
    assert (impl.framework, impl.fused, impl.tp_overlap, impl.fused_swiglu) == (
        "torchtitan", False, False, False,
    )  # fmt: skip
    kernels = inputs.combos["kernels"]
    kernels.setCurrentIndex(kernels.findData("fused"))  # torchtitan with torch.compile
    assert inputs.implementation().fused is True
    assert inputs.implementation().framework == "torchtitan"


def test_the_session_keeps_the_framework(qtbot) -> None:
    inputs = PlanInputs()
    qtbot.addWidget(inputs)
    _pick(inputs, "deepspeed")
    state = inputs.session_state()
    assert state["framework"] == "deepspeed"
    other = PlanInputs()
    qtbot.addWidget(other)
    assert other.restore_session(state) == []
    assert other.implementation() == inputs.implementation()
