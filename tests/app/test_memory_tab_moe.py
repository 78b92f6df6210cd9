"""The Memory tab with a mixture of experts: EP, ETP and the capacity factor enabled for an MoE
and disabled with a reason for a dense model; the experts' state and the all-to-all buffers as
segments of their own, counted by hand."""

from __future__ import annotations

import pytest

from app.state import AppState
from app.tabs.memory_tab import MemoryPage
from core.memory import preset


@pytest.fixture
def page(qtbot) -> MemoryPage:
    p = MemoryPage(AppState())
    qtbot.addWidget(p)
    yield p
    p.shutdown()


def _model(page: MemoryPage, name: str) -> None:
    page.controls.model.setCurrentIndex(page.controls.model.findData(name))


def _set(page: MemoryPage, key: str, text: str) -> None:
    page.controls.fields[key].setText(text)


def test_expert_fields_follow_the_model(page: MemoryPage) -> None:
    for key in ("ep", "etp", "capacity"):
        field = page.controls.fields[key]
        assert not field.isEnabled()  # the lecture's MLP first
        assert "Only for a mixture of experts" in field.lineEdit().toolTip()
    _model(page, "mixtral-8x7b")
    for key in ("ep", "etp", "capacity"):
        field = page.controls.fields[key]
        assert field.isEnabled()
        assert "Only for" not in field.lineEdit().toolTip()
    _model(page, "llama2-7b")
    _set(page, "ep", "4")  # typed into a disabled field's text, it must not reach the estimate
    assert page.controls.options()["ep"] == 1
    assert page.estimate is not None and page.estimate.config.ep == 1


def test_expert_state_and_buffers_are_their_own_segments(page: MemoryPage) -> None:
    _model(page, "mixtral-8x7b")
    checkpoint = page.controls.checkpoint
    checkpoint.setCurrentIndex(checkpoint.findData("every"))  # the buffers then show
    for key, text in (("seq", "4096"), ("batch", "8"), ("gpus", "8"), ("ep", "8")):
        _set(page, key, text)
    assert page.problem.isHidden(), page.problem.text()
    spec = preset("mixtral-8x7b")
    local = spec.layers * (spec.experts // 8) * 3 * spec.d_model * spec.moe_ffn  # 1 expert a GPU
    total_bar, peak_bar = page.bars.bars()[:2]
    # bf16 weights and grads, fp32 Adam moments (ZeRO 0): 12 bytes per expert parameter
    assert total_bar.values["expert_state"] == pytest.approx(12 * local)
    dense = spec.param_count - spec.layers * spec.experts * 3 * spec.d_model * spec.moe_ffn
    assert total_bar.values["params"] == pytest.approx(2 * dense)
    buffers = 2 * 8 * 4096 * spec.top_k * spec.d_model * 2  # dispatch + combine, T·k rows of d
    assert peak_bar.values["dispatch_buffers"] == pytest.approx(buffers)
    assert sum(peak_bar.values.values()) == pytest.approx(page.estimate.peak)
    assert "EP 8" in peak_bar.hover["expert_state"]


def test_a_layout_the_experts_cannot_take_is_explained(page: MemoryPage) -> None:
    _model(page, "mixtral-8x7b")
    _set(page, "gpus", "3")
    _set(page, "ep", "3")
    assert not page.problem.isHidden()
    assert "ep: 3 does not divide the 8 experts" in page.problem.text()
    _set(page, "capacity", "0")
    assert "capacity factor" in page.controls.problem()
