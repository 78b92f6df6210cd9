"""Gradient accumulation without the weight-gradient GEMM's fusion (Megatron-LM 2021 and 2022),
checked by hand: Megatron's local-DDP hook adds every micro-batch's fp16 gradient into
``main_grad`` (read 2, read and write 2 + 2 = 6 bytes per parameter, ``m`` passes); autograd adds
each later micro-batch's gradient into ``param.grad`` in place (6 bytes, ``m − 1`` passes); one
kernel per parameter tensor each; with fusion (Megatron's default since 2022) no pass."""

from __future__ import annotations

import pytest

from core.errors import InputError
from core.memory.recipes import optimizer, recipe
from core.plan import Cluster, Implementation, Layout, PlanInput, plan
from core.plan.grad_accum import (
    accumulation_pass_seconds,
    accumulation_passes,
    param_tensors_per_layer,
)
from core.plan.memory import stage_params
from core.plan.published import SOURCE_CODE
from tests.core.plan.conftest import SMALL_GPT

FP16 = recipe("custom", params="fp16", grads="fp16", master="fp32", state="fp32", acts="fp16")


def _inp(device, mode, batch=64):
    impl = Implementation(dp_overlap=False, grad_accumulation=mode)
    return PlanInput(SMALL_GPT, 256, batch, Cluster(device, 8), recipe=FP16,
                     optimizer=optimizer("adam"), implementation=impl)  # fmt: skip


def test_passes_per_step() -> None:
    assert accumulation_passes("fused", 16) == 0
    assert accumulation_passes("hook", 16) == 16  # after every micro-batch, the first included
    assert accumulation_passes("autograd", 16) == 15  # the first gradient is stored, not added
    assert accumulation_passes("autograd", 1) == 0


def test_pass_seconds_by_hand() -> None:
    # 1e9 fp16 parameters in 100 tensors over 1e12 B/s, 5 µs a kernel:
    # hook: read grad 2 + read main_grad 2 + write 2 = 6 bytes -> 6 ms, + 100 × 5 µs = 6.5 ms
    assert accumulation_pass_seconds("hook", 1e9, 100, 2, 2, 1e12, 5e-6) == pytest.approx(6.5e-3)
    # hook into an fp32 buffer: 2 + 4 + 4 = 10 bytes -> 10.5 ms
    assert accumulation_pass_seconds("hook", 1e9, 100, 2, 4, 1e12, 5e-6) == pytest.approx(10.5e-3)
    # autograd: .grad += new, both in the parameters' dtype: 3 × 2 = 6 bytes -> 6.5 ms
    assert accumulation_pass_seconds("autograd", 1e9, 100, 2, 2, 1e12, 5e-6) == pytest.approx(
        6.5e-3
    )
    assert accumulation_pass_seconds("fused", 1e9, 100, 2, 2, 1e12, 5e-6) == 0.0


@pytest.mark.parametrize(("mode", "passes"), [("hook", 16), ("autograd", 15)])
def test_the_step_pays_the_passes(device, cal, mode, passes) -> None:
    # TP 2, PP 1, DP 4, micro-batch 1: 64 / 4 = 16 micro-batches; no pipeline, so no bubble.
    # The GPU holds all 8 layers at TP 2: 8 × 12 tensors + 2 (embedding and head).
    lay = Layout(tp=2, pp=1, dp=4, micro_batch=1)
    fused = plan(_inp(device, "fused"), lay, calibration=cal)
    slow = plan(_inp(device, mode), lay, calibration=cal)
    params = stage_params(SMALL_GPT, 2, SMALL_GPT.layers, "only")
    tensors = SMALL_GPT.layers * 12 + 2
    assert param_tensors_per_layer(SMALL_GPT) == 12
    one = params * 6 / (device.mem_bandwidth * 0.9) + tensors * 2e-6  # the test device's figures
    assert slow.breakdown["compute"] - fused.breakdown["compute"] == pytest.approx(
        passes * one, rel=1e-6
    )
    for key in ("recompute", "tp_comm", "dp_comm", "optimizer", "bubble"):
        assert slow.breakdown[key] == pytest.approx(fused.breakdown[key]), key
    said = [str(a) for a in slow.assumptions if "weight-gradient GEMM's fusion" in str(a)]
    assert len(said) == 1 and f"{passes} memory-bound passes" in said[0]
    assert not any("weight-gradient GEMM's fusion" in str(a) for a in fused.assumptions)


def test_in_a_pipeline_the_bubble_grows_with_the_backward(device, cal) -> None:
    # PP 2: the pass lengthens every micro-batch's backward on each stage, so 1F1B's bubble,
    # (p − 1) micro-batch times of the busiest stage, grows by one pass (hook: m passes over m).
    lay = Layout(tp=2, pp=2, dp=2, micro_batch=2)
    fused = plan(_inp(device, "fused"), lay, calibration=cal)
    hook = plan(_inp(device, "hook"), lay, calibration=cal)
    layers = SMALL_GPT.layers / 2
    params = max(stage_params(SMALL_GPT, 2, layers, s) for s in ("first", "last"))
    one = params * 6 / (device.mem_bandwidth * 0.9) + (layers * 12 + 2) * 2e-6
    assert hook.breakdown["compute"] - fused.breakdown["compute"] == pytest.approx(16 * one)
    assert hook.breakdown["bubble"] - fused.breakdown["bubble"] == pytest.approx(one)


def test_an_unknown_mode_names_the_allowed_ones() -> None:
    with pytest.raises(InputError, match="fused, hook, autograd"):
        Implementation(grad_accumulation="apex")


def test_the_published_megatron_papers_run_without_fusion() -> None:
    # Megatron-LM 2021 (fp16, no contiguous buffers): autograd's add; 2022 (fp16, local DDP with
    # contiguous buffers, fusion switched off without fp32 accumulation): the hook. Megatron-Core
    # and NeMo fuse (the default).
    assert SOURCE_CODE["https://arxiv.org/abs/2104.04473"].implementation.grad_accumulation == (
        "autograd"
    )
    assert SOURCE_CODE["https://arxiv.org/abs/2205.05198"].implementation.grad_accumulation == (
        "hook"
    )
    for key in ("megatron-core", "nvidia-dgxc", "mosaicml"):
        assert SOURCE_CODE[key].implementation.grad_accumulation == "fused"
