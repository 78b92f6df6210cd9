"""A mixture of experts' step in the plan, by hand: the expert GEMMs' FLOPs and shapes per GPU
under EP, ETP, TP and CP, the active-parameter model FLOPs, and the all-to-all's bytes."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.memory.recipes import optimizer, recipe
from core.plan import Cluster, Layout, PlanInput, flops_per_step, plan
from core.plan import moe as moe_plan
from core.plan.comm import alltoall_seconds
from core.plan.evaluated import Context
from core.plan.inputs import check_layout
from core.plan.timing import micro_times, op_cost
from tests.core.plan.conftest import SMALL

SEQ = 256
#: SMALL (d 256, 8 layers, 8 heads, 4 KV heads, ffn 768, vocab 1,024) with 8 routed experts of
#: width 384, top-2: balanced routing gives each expert 2·256·2/8 = 128 rows at two sequences.
MOE = replace(SMALL, name="small-moe", experts=8, top_k=2, moe_ffn=384)
D, F, E, K, V = 256, 384, 8, 2, 1024


def _inp(device, spec=MOE, batch=64, gpus=8, **kw) -> PlanInput:
    return PlanInput(spec, SEQ, batch, Cluster(device, gpus), recipe=recipe("bf16"),
                     optimizer=optimizer("adamw"), **kw)  # fmt: skip


@pytest.fixture(scope="module")
def ctx(device, cal) -> Context:
    from core.plan import context

    return context(_inp(device), calibration=cal)


def _expert_gemms(ops, spec):
    return [op for op in ops.ops if moe_plan._is_expert_gemm(op, spec)]


def test_the_traced_expert_gemms_do_the_routed_work(ctx) -> None:
    # one sequence: s·k = 512 rows through a SwiGLU expert: up (gate and up, d → 2F) and down
    # (F → d), forward 2·rows·(d·2F + F·d) FLOPs, backward twice that
    gemms = _expert_gemms(ctx.ops, MOE)
    assert len(gemms) == 6  # two forward, four backward (input and weight gradients)
    rows = SEQ * K
    fwd = sum(op_cost(op, 1.0, 1, False, 4)[0] for op in gemms if op.phase == "forward")
    bwd = sum(op_cost(op, 1.0, 1, False, 4)[0] for op in gemms if op.phase == "backward")
    assert fwd == pytest.approx(2 * rows * (D * 2 * F + F * D), rel=1e-12)
    assert bwd == pytest.approx(2 * fwd, rel=1e-12)
    for op in gemms:
        assert op.dims is not None and op.dims[0] == E  # one grouped GEMM over the 8 experts


@pytest.mark.parametrize(("tp", "cp", "ep", "etp"), [(1, 1, 1, 1), (1, 1, 4, 1), (2, 1, 2, 2),
                                                      (2, 2, 2, 1), (1, 2, 8, 1)])  # fmt: skip
def test_a_gpu_computes_its_share_of_the_expert_rows(ctx, device, tp, cp, ep, etp) -> None:
    inp = ctx.inp
    lay = Layout(tp=tp, cp=cp, ep=ep, etp=etp, sp=tp > 1, micro_batch=2)
    where = [i for i, op in enumerate(ctx.ops.ops) if moe_plan._is_expert_gemm(op, MOE)]
    resized = moe_plan.expert_ops(ctx.ops, inp, lay).ops
    gemms = [resized[i] for i in where]
    b_eff = lay.micro_batch / cp
    # per GPU: E/EP experts, each EP·ETP·b·s·k/(CP·TP·E) rows, the expert width / ETP
    rows = ep * etp * lay.micro_batch * SEQ * K / (cp * tp * E)
    for op in gemms:
        _, _, dims = op_cost(op, b_eff, tp, lay.sp, 4)
        assert dims is not None
        assert dims[0] == E / ep
        assert dims[1 + (op.token_axis - 1)] == pytest.approx(rows, rel=1e-12)
        widths = [x for i, x in enumerate(dims[1:], 1) if i != op.token_axis and x != D]
        assert widths and widths[0] in (F / etp, 2 * F / etp)
    fwd = sum(op_cost(op, b_eff, tp, lay.sp, 4)[0] for op in gemms if op.phase == "forward")
    # the whole micro-batch's routed forward work, divided over the TP·CP GPUs that share it
    whole = 2 * lay.micro_batch * SEQ * K * (D * 2 * F + F * D)
    assert fwd == pytest.approx(whole / (tp * cp), rel=1e-12)
    assert moe_plan.expert_rows_per_gpu(inp, lay) == pytest.approx(rows, rel=1e-12)


def test_dense_first_layers_are_traced_and_weighted_by_count(device, cal) -> None:
    spec = replace(MOE, dense_layers=2)  # 2 dense, 6 MoE layers
    inp = _inp(device, spec)
    from core.plan import context

    c = context(inp, calibration=cal)
    assert c.dense_ops is not None and not c.dense_ops.spec.is_moe
    kw = {"b": 1, "t": 1, "c": 1, "sp": False, "fused": True, "compute_dtype": "bf16",
          "gemm_dtype": "bf16"}  # fmt: skip
    lay = Layout(ep=2)
    mixed = moe_plan.layer_micro_times(c, lay, device, cal, **kw)
    moe_t = micro_times(moe_plan.expert_ops(c.ops, inp, lay), device, cal, **kw)
    dense_t = micro_times(c.dense_ops, device, cal, **kw)
    share = 6 / 8
    for name in ("layer_fwd", "layer_bwd", "layer_gemm"):
        want = share * getattr(moe_t, name) + (1 - share) * getattr(dense_t, name)
        assert getattr(mixed, name) == pytest.approx(want, rel=1e-12)
    assert moe_plan.moe_layers_in_stage(spec, "first", 4, 4) == 2  # layers 0-3: 2 dense
    assert moe_plan.moe_layers_in_stage(spec, "last", 4, 4) == 4


def test_model_flops_count_the_active_parameters(device) -> None:
    inp = _inp(device)
    # by hand: attention q, o (d×d) and k, v (d×128); the router d×E; top-2 SwiGLU experts;
    # the LM head; 8 layers, all MoE
    layer = 2 * D * D + 2 * D * 128 + D * E + K * 3 * D * F
    n = 8 * layer + V * D
    assert moe_plan.active_matmul_params(MOE) == n
    # the spec's own active count (checked against transformers elsewhere) less the embedding
    # lookup and the norms (no matmul)
    assert MOE.params_active - V * D - (8 * 2 * D + D) == n
    tokens = 64 * SEQ
    heads, q = 8, 32
    model, _ = flops_per_step(inp, "none")
    assert model == pytest.approx((6 * n + 12 * 8 * heads * q * SEQ) * tokens, rel=1e-12)


def test_the_all_to_all_moves_each_tokens_top_k_copies(device, cal) -> None:
    inp = _inp(device)
    lay = check_layout(inp, Layout(ep=4, micro_batch=2))
    # each GPU sends its b·s tokens' k copies of d bf16 elements, per dispatch and per combine
    size = 2 * SEQ * K * D * 2
    one = alltoall_seconds(inp, cal, 1, 4, size)
    # inside one node: the bytes to the 3 others at the all-to-all bus bandwidth, plus a call
    assert one == pytest.approx(size * 3 / 4 / cal.alltoall_busbw(400e9, False)
                                + cal.alltoall_latency_s(False), rel=1e-12)  # fmt: skip
    assert moe_plan.alltoall_layer_seconds(inp, lay, cal) == pytest.approx(2 * one, rel=1e-12)
    res = plan(inp, lay, calibration=cal)
    m = 64 // (lay.dp * lay.micro_batch)
    # 8 MoE layers × m micro-batches × (dispatch + combine) forward and backward
    assert res.breakdown["ep_comm"] == pytest.approx(8 * m * 2 * 2 * one, rel=1e-9)
    full = plan(inp, replace(lay, recompute="full"), calibration=cal)
    assert full.breakdown["ep_comm"] == pytest.approx(1.5 * res.breakdown["ep_comm"], rel=1e-9)
    assert sum(res.breakdown.values()) == pytest.approx(res.step_time_s, rel=1e-12)
    assert plan(inp, Layout(ep=1), calibration=cal).breakdown["ep_comm"] == 0.0


def test_a_capacity_factor_below_one_drops_rows(device, cal) -> None:
    inp = _inp(device, capacity_factor=0.5)
    full = _inp(device)
    lay = check_layout(inp, Layout(ep=2))
    assert moe_plan.expert_rows_per_gpu(inp, lay) == pytest.approx(
        0.5 * moe_plan.expert_rows_per_gpu(full, lay), rel=1e-12
    )
    # a capacity above one drops nothing under balanced routing
    above = _inp(device, capacity_factor=1.25)
    assert moe_plan.expert_rows_per_gpu(above, lay) == moe_plan.expert_rows_per_gpu(full, lay)
    one_half = moe_plan.alltoall_layer_seconds(inp, lay, cal)
    size = SEQ * K * D * 2 * 0.5
    assert one_half == pytest.approx(2 * alltoall_seconds(inp, cal, 1, 2, size), rel=1e-12)
