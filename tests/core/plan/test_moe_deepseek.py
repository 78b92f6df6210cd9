"""DeepSeek-V3's published layout on 2,048 H800 (PP 16 × EP 64, ZeRO-1 over DP 128, no TP; the
DeepSeek-V3 report §3.2), by hand: its EP group crosses nodes, so the all-to-all's bytes to the
other 7 nodes ride the NIC; each GPU holds 4 of the 256 experts of each of its MoE layers, their
optimizer state shared by the expert-data-parallel pair; the run's days follow from its step."""

from __future__ import annotations

import pytest

from core.plan import Layout, check_layout, plan
from core.plan import moe as moe_plan
from core.plan.comm import alltoall_seconds
from core.plan.options import implementation_from, planned_input


@pytest.fixture(scope="module")
def inp():
    impl = implementation_from(fp8=True, uneven_stages=True)
    found, _ = planned_input(model="deepseek-v3", device="h800", gpus=2048, seq=4096,
                             global_batch=15360, tokens="14.8T", implementation=impl)  # fmt: skip
    return found


def test_the_published_layout_plans(inp) -> None:
    from core.plan import context

    cal = context(inp).cal
    lay = check_layout(inp, Layout(pp=16, ep=64, zero=1, recompute="full"))
    assert (lay.dp, lay.tp, lay.etp) == (128, 1, 1)
    # the all-to-all: each GPU sends its 4,096 tokens' 8 copies of 7,168 bf16 elements; 8 of the
    # 64 EP ranks share its node, the 56 others are reached through its NIC (50 GB/s each way)
    size = 4096 * 8 * 7168 * 2
    network = size * 56 / 64 / cal.alltoall_busbw(50e9, True)
    nvlink = size * 7 / 64 / cal.alltoall_busbw(200e9, False)
    one = max(network, nvlink) + cal.alltoall_latency_s(True)
    assert alltoall_seconds(inp, cal, 1, 64, size) == pytest.approx(one, rel=1e-12)
    assert moe_plan.alltoall_layer_seconds(inp, lay, cal) == pytest.approx(2 * one, rel=1e-12)
    # the expert state of the busiest stage's MoE layers (61 = 16 × 4 − 3: the first stage gives
    # up two layers, all dense, the last one; a middle stage holds 4, the last 3, the loss beside
    # them): 256/64 experts of 3·7,168·2,048 each per layer; weights and gradients whole, the
    # optimizer state over EDP = 128/64 = 2
    res = plan(inp, lay)
    assert res.fits
    moe_layers = {"middle": 4, "last": 3}[res.memory.stage]
    experts = moe_layers * 4 * 3 * 7168 * 2048
    assert res.memory.expert_state == pytest.approx(experts * (2 + 2 + 8 / 2), rel=1e-12)
    training = res.training
    assert training is not None
    assert training.days == pytest.approx(14.8e12 / res.tokens_per_s / 86400, rel=1e-12)
    assert training.gpu_hours == pytest.approx(training.days * 24 * 2048, rel=1e-12)
    # MFU's model FLOPs: the active parameters (the spec's count, checked against transformers
    # elsewhere) less the embedding lookup and the norms (two per layer, MLA's latent norms of
    # 1,536 and 512, the final norm), and attention at the mean head width (192 + 128)/2
    spec = inp.model
    norms = 61 * (2 * 7168 + 1536 + 512) + 7168
    n = spec.params_active - 129280 * 7168 - norms
    tokens = inp.tokens_per_step
    attention = 12 * 61 * 128 * 160 * 4096 * tokens
    assert res.model_flops == pytest.approx(6 * n * tokens + attention, rel=1e-12)
