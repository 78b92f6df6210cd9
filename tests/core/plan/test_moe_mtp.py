"""Multi-token prediction (``--mtp N``) in the plan, by hand: its model FLOPs as Megatron-Bridge's
``flop_utils`` counts them (one more block, the ``2d → d`` projection, one more LM-head pass per
module), and its time and memory on the last pipeline stage only."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.errors import InputError
from core.memory.recipes import optimizer, recipe
from core.plan import Cluster, Layout, PlanInput, check_layout, flops_per_step, plan
from core.plan.memory import memory_per_gpu
from core.plan.options import planned_input
from tests.core.plan.conftest import SMALL

SEQ = 256
MOE = replace(SMALL, name="small-moe", experts=8, top_k=2, moe_ffn=384)
D, F, E, K, V, L = 256, 384, 8, 2, 1024, 8


def _inp(device, mtp: int, spec=MOE) -> PlanInput:
    return PlanInput(spec, SEQ, 64, Cluster(device, 8), recipe=recipe("bf16"),
                     optimizer=optimizer("adamw"), mtp=mtp)  # fmt: skip


@pytest.mark.parametrize("depth", [1, 2])
def test_mtp_model_flops_by_hand(device, depth) -> None:
    block = 2 * D * D + 2 * D * 128 + D * E + K * 3 * D * F  # an MoE block's active matmuls
    n = L * block + V * D + depth * (block + 2 * D * D + V * D)
    heads, q, tokens = 8, 32, 64 * SEQ
    attention = 12 * (L + depth) * heads * q * SEQ
    model, _ = flops_per_step(_inp(device, depth), "none")
    assert model == pytest.approx((6 * n + attention) * tokens, rel=1e-12)


def test_a_dense_models_mtp_block_is_dense(device) -> None:
    block = 2 * D * D + 2 * D * 128 + 3 * D * 768
    n = L * block + V * D + (block + 2 * D * D + V * D)
    model, _ = flops_per_step(_inp(device, 1, SMALL), "none")
    assert model == pytest.approx((6 * n + 12 * (L + 1) * 8 * 32 * SEQ) * 64 * SEQ, rel=1e-12)


def test_mtp_runs_and_lives_on_the_last_stage(device, cal) -> None:
    lay = Layout(pp=2, ep=2)
    none, one = (
        plan(_inp(device, 0), lay, calibration=cal),
        plan(_inp(device, 1), lay, calibration=cal),
    )
    assert one.step_time_s > none.step_time_s
    assert one.breakdown["ep_comm"] > none.breakdown["ep_comm"]  # its MoE block's all-to-all
    inp0, inp1 = _inp(device, 0), _inp(device, 1)
    checked = check_layout(inp0, lay)
    m = 64 // checked.dp
    mem0, mem1 = memory_per_gpu(inp0, checked, m), memory_per_gpu(inp1, checked, m)
    assert mem1.peak > mem0.peak
    assert mem1.stage == "last"
    # the last stage by hand: 4 MoE layers outside their experts (attention, router, two norms),
    # the final norm and the head, and the MTP module: one more such block, the projection
    # (2d·d) and its two norms (the embedding and the head are shared)
    block = 2 * D * D + 2 * D * 128 + D * E + 2 * D
    assert mem1.params == pytest.approx(4 * block + D + V * D + block + 2 * D * D + 2 * D)
    # its experts: 5 MoE blocks' worth of E/EP experts on the last stage (4 without MTP)
    assert mem1.expert_state == pytest.approx(5 / 4 * mem0.expert_state, rel=1e-12)


def test_the_depth_is_checked() -> None:
    with pytest.raises(InputError, match="mtp"):
        planned_input(model="deepseek-v3", mtp="-1")
    assert planned_input(model="deepseek-v3", mtp="1")[0].mtp == 1
