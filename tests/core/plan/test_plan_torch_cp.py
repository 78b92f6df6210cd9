"""torchtitan's context parallelism, PyTorch's ``context_parallel``: its volumes and merges by hand.

The small Llama of the plan tests (8 heads of 32, 4 KV heads) on 8 test GPUs at CP 4: every
figure is derived here from the code's description in :mod:`core.plan.torch_cp` (K/V at the
query heads, a second gather and ``P`` fp32 dK/dV exchanges in the backward, fused fp32 merges)
and compared with what the plan charges; Megatron's CP keeps its own volumes.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.memory.recipes import optimizer, recipe
from core.plan import Cluster, Implementation, Layout, PlanInput, plan
from core.plan import frameworks as fw_module
from core.plan.comm import comm_times, links
from tests.core.plan.conftest import SMALL

SEQ = 4096
CP = 4


def _inp(device, framework: str, cp_comm: str = "all-gather") -> PlanInput:
    return PlanInput(SMALL, SEQ, 8, Cluster(device, 8), recipe=recipe("bf16"),
                     optimizer=optimizer("adamw"), tokens=1e9,
                     implementation=Implementation(framework=framework, cp_comm=cp_comm,
                                                   flash=True))  # fmt: skip


def _cp(inp: PlanInput, lay: Layout, cal) -> tuple[float, float, float, float]:
    link = links(inp, lay, cal)
    comm = comm_times(inp, lay, cal, link, 1e6, SMALL.layers)
    hop = cal.collective_latency_s + cal.hop_latency_s(link.cp_crosses)
    return comm.cp_layer_fwd, comm.cp_layer_bwd, link.cp, hop


def test_torchtitan_moves_kv_at_the_query_heads_and_rings_fp32_gradients(device, cal) -> None:
    lay = Layout(cp=CP, dp=2, micro_batch=1)
    fwd, bwd, bw, hop = _cp(_inp(device, "torchtitan"), lay, cal)
    tokens = SEQ / CP  # one sequence a micro-batch, split over the CP ranks
    kv = 2 * tokens * (8 * 32) * 2  # K and V after repeat_kv: 8 heads of 32, bf16
    assert fwd == pytest.approx((CP - 1) * (kv / bw + hop))
    grads = 2 * tokens * (8 * 32) * 4  # the rank's whole dK and dV, fp32
    assert bwd == pytest.approx((CP - 1) * (kv / bw + hop) + CP * (grads / bw + hop))
    # Megatron-Core: the 4 grouped KV heads, the backward's exchange twice the forward's
    m_fwd, m_bwd, _, _ = _cp(_inp(device, "megatron"), lay, cal)
    gqa = 2 * tokens * (4 * 32) * 2
    assert m_fwd == pytest.approx((CP - 1) * (gqa / bw + hop))
    assert m_bwd == pytest.approx(2 * m_fwd)


def test_tp_divides_the_repeated_heads(device, cal) -> None:
    inp = replace(_inp(device, "torchtitan"), cluster=Cluster(device, 8))
    fwd, _, bw, hop = _cp(inp, Layout(tp=2, cp=CP, micro_batch=1), cal)
    kv = 2 * (SEQ / CP) * (8 * 32 / 2) * 2  # 4 of the 8 query heads on each TP rank
    assert fwd == pytest.approx((CP - 1) * (kv / bw + hop))


def test_the_merges_run_on_the_compute_stream_at_memory_bandwidth(device, cal, monkeypatch) -> None:
    lay = Layout(cp=CP, dp=2, micro_batch=1)
    inp = _inp(device, "torchtitan")
    with_merges = plan(inp, lay, calibration=cal)
    plain = replace(fw_module.framework("torchtitan"), torch_cp=False)
    monkeypatch.setitem(fw_module._BY_ID, "torchtitan", plain)
    without = plan(replace(inp), lay, calibration=cal)  # a new input: nothing remembered
    elements = (SEQ / CP) * (8 * 32)  # the rank's attention output: tokens × heads × head_dim
    bw = cal.bandwidth(device)
    forward = (CP - 1) * (4 + 4 + 2) * elements / bw  # running fp32 out read, written; block read
    backward = CP * ((4 + 4 + 2) + 2 * (4 + 2 + 4)) * elements / bw  # dQ; dK and dV sums
    m = 8 // (lay.dp * lay.micro_batch)
    added = with_merges.breakdown["compute"] - without.breakdown["compute"]
    assert added == pytest.approx(SMALL.layers * m * (forward + backward), rel=1e-9)
    assert with_merges.breakdown["recompute"] == pytest.approx(without.breakdown["recompute"])
    assert with_merges.breakdown["cp_comm"] > without.breakdown["cp_comm"]


def test_full_recomputation_merges_the_forward_again(device, cal, monkeypatch) -> None:
    lay = Layout(cp=CP, dp=2, micro_batch=1, recompute="full")
    inp = _inp(device, "torchtitan")
    with_merges = plan(inp, lay, calibration=cal)
    monkeypatch.setitem(fw_module._BY_ID, "torchtitan",
                        replace(fw_module.framework("torchtitan"), torch_cp=False))  # fmt: skip
    without = plan(replace(inp), lay, calibration=cal)
    forward = (CP - 1) * 10 * (SEQ / CP) * (8 * 32) / cal.bandwidth(device)
    m = 8 // (lay.dp * lay.micro_batch)
    added = with_merges.breakdown["recompute"] - without.breakdown["recompute"]
    assert added == pytest.approx(SMALL.layers * m * forward, rel=1e-9)


def test_no_cp_no_change_and_the_assumptions_say_which_cp(device, cal) -> None:
    one = Layout(dp=8, micro_batch=1)
    a = plan(_inp(device, "torchtitan"), one, calibration=cal)
    b = plan(_inp(device, "megatron"), one, calibration=cal)
    assert a.breakdown.get("cp_comm", 0.0) == b.breakdown.get("cp_comm", 0.0) == 0.0
    lay = Layout(cp=CP, dp=2, micro_batch=1)
    text = " ".join(str(t) for t in plan(_inp(device, "torchtitan"), lay, calibration=cal)
                    .assumptions)  # fmt: skip
    assert "context_parallel" in text and "(8 a GPU" in text
    mega = " ".join(
        str(t) for t in plan(_inp(device, "megatron"), lay, calibration=cal).assumptions
    )
    assert "context_parallel" not in mega
