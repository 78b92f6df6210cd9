"""Megatron-Core's per-expert bias loop (``TEGroupedMLP._apply_bias``): GPT-OSS's routed experts
carry biases that the second grouped GEMM returns unadded (``skip_bias_add=True``) and
Megatron-Core adds as ``torch.cat([t + b * p for ...])`` over the local experts. Its bytes,
kernels and host calls derived by hand, and the published GPT-OSS runs that take it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.plan.host import EXPERT_BIAS_KERNELS, host_ops
from core.plan.inputs import Layout
from core.plan.model import plan
from core.plan.moe import EXPERT_BIAS_ELEMENTS, expert_bias_seconds
from core.plan.published_moe import load_moe_runs, moe_run_input

B200_EP8 = "megatron-bridge-26.04.01-b200-gpt-oss-120b-64gpu-bf16"


def _run(run_id: str):
    return next(r for r in load_moe_runs() if r["id"] == run_id)


def _input(run_id: str):
    inp, c, _ = moe_run_input(_run(run_id))
    lay = Layout(tp=c.tp, pp=c.pp, vpp=c.vpp or 1, cp=c.cp, sp=bool(c.sp), zero=c.zero,
                 micro_batch=c.micro_batch, recompute=c.recompute or "none", ep=c.ep,
                 etp=c.etp)  # fmt: skip
    return inp, lay


def test_the_loops_bytes_and_kernels_by_hand() -> None:
    # forward: b*p writes 1, t + . reads 2 writes 1, cat reads 1 writes 1 -> 6 elements;
    # backward: g*p (2) + its row sum (1), g*b (2) + its width sum (1), split's cat (2) -> 8
    assert EXPERT_BIAS_ELEMENTS == (6, 8)
    assert EXPERT_BIAS_KERNELS == ((2, 1), (4, 2))
    inp, lay = _input(B200_EP8)
    # GPT-OSS-120B under EP 8, mb 4, seq 4096: 128 / 8 = 16 local experts, each
    # 8 · 4 · 4096 · 4 / 128 = 4,096 rows of 2,880 -> 16 · 4,096 · 2,880 elements of 2 bytes
    elements = 16 * 4096 * 2880
    bw, launch = 1e12, 1e-6
    fwd, bwd, kernels = expert_bias_seconds(inp, lay, bw, launch)
    assert fwd == pytest.approx(6 * elements * 2 / bw + (2 * 16 + 1) * launch)
    assert bwd == pytest.approx(8 * elements * 2 / bw + (4 * 16 + 2) * launch)
    assert kernels == 33 + 66


def test_the_host_issues_the_loops_kernels_per_local_expert() -> None:
    from tests.core.plan.test_plan_host import _layer

    plain = host_ops(_layer(), experts_per_gpu=4, fused=True, dispatcher="alltoall")
    biased = host_ops(_layer(), experts_per_gpu=4, fused=True, dispatcher="alltoall",
                      expert_bias=True)  # fmt: skip
    assert biased.forward - plain.forward == 2 * 4 + 1
    assert biased.backward - plain.backward == 4 * 4 + 2
    # captured with the experts (the "moe" scope), the loop costs the host nothing
    graphed = host_ops(_layer(), experts_per_gpu=4, fused=True, graphs=("moe",), expert_bias=True)
    assert graphed == host_ops(_layer(), experts_per_gpu=4, fused=True, graphs=("moe",))


def test_megatron_gpt_oss_runs_take_the_loop_and_others_do_not() -> None:
    for run in load_moe_runs():
        inp, _, _ = moe_run_input(run)
        megatron = run["id"].startswith(("megatron-bridge", "megatron-core", "megatron-lm"))
        expected = megatron and str(run["model"]["preset"] or "").startswith("gpt-oss")
        assert inp.implementation.expert_bias is expected, run["id"]


def test_the_loop_slows_the_step_by_its_seconds_per_moe_layer() -> None:
    from core.plan.model import device_calibration

    inp, lay = _input(B200_EP8)
    with_bias = plan(inp, lay)
    without = plan(replace(inp, implementation=replace(inp.implementation, expert_bias=False)),
                   lay)  # fmt: skip
    # PP 1, the host never binding here: the compute grows by micro-batches x MoE layers x the
    # loop's forward and backward seconds, at the plan's own calibration
    cal = device_calibration(inp)
    fwd, bwd, _ = expert_bias_seconds(inp, lay, cal.bandwidth(inp.cluster.device), cal.launch_s)
    m = with_bias.micro_batches
    added = with_bias.breakdown["compute"] - without.breakdown["compute"]
    assert added == pytest.approx(m * inp.model.layers * (fwd + bwd), rel=1e-6)
    assert with_bias.step_time_s > without.step_time_s


def test_expert_gradients_cross_nodes_at_one_nic_per_rank() -> None:
    # GPT-OSS-120B on 64 B200 (8 per node), EP 8: each EDP group of 8 ranks is 8 apart, one
    # per node, so its ring runs at one NIC per rank, not at the DP ring's eight per node: the
    # expert part of the DP collectives is slower than the same bytes over DP x CP.
    from core.plan.comm import comm_times, links
    from core.plan.model import device_calibration
    from core.plan.moe import expert_dp_comm, param_split

    inp, lay = _input(B200_EP8)
    lay = replace(lay, dp=64)
    cal = device_calibration(inp)
    link = links(inp, lay, cal)
    outside, experts = param_split(inp.model, lay, "only", inp.model.layers, inp.model.layers)
    whole = comm_times(inp, lay, cal, link, outside + experts, inp.model.layers)
    split = expert_dp_comm(inp, lay, cal, link, whole, outside + experts, "only",
                           inp.model.layers, inp.model.layers)  # fmt: skip
    assert split.dp_grads > 2 * whole.dp_grads
    assert split.dp_params > 2 * whole.dp_params
