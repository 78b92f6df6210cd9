"""A mixture of experts' memory per GPU in the plan, by hand: the routed experts' weights,
gradients and optimizer state divided by EP and ETP and sharded over the expert-data-parallel
group, apart from the rest (sharded over DP as a dense model's), and the dispatch buffer."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.memory.recipes import optimizer, recipe
from core.plan import Cluster, Layout, PlanInput
from core.plan import moe as moe_plan
from core.plan.inputs import check_layout
from core.plan.memory import memory_per_gpu
from tests.core.plan.conftest import SMALL

SEQ = 256
MOE = replace(SMALL, name="small-moe", experts=8, top_k=2, moe_ffn=384)
D, F, E, V, L = 256, 384, 8, 1024, 8
#: bf16 weights and gradients (2 bytes each), AdamW's two states in the bf16 recipe (8 bytes)
W, G, S = 2, 2, 8


def _inp(device, spec=MOE, gpus=16) -> PlanInput:
    return PlanInput(spec, SEQ, 64, Cluster(device, gpus), recipe=recipe("bf16"),
                     optimizer=optimizer("adamw"))  # fmt: skip


def test_the_per_parameter_bytes_are_the_recipes() -> None:
    assert recipe("bf16").per_param(optimizer("adamw")) == {"params": W, "grads": G,
                                                            "optimizer": S}  # fmt: skip


@pytest.mark.parametrize(("tp", "ep", "etp", "zero"), [(1, 1, 1, 0), (1, 4, 1, 1), (2, 4, 2, 1),
                                                       (2, 8, 1, 1), (1, 8, 1, 3)])  # fmt: skip
def test_expert_state_is_divided_by_ep_etp_and_the_expert_data_parallel_group(
    device, tp, ep, etp, zero
) -> None:
    inp = _inp(device)
    lay = check_layout(inp, Layout(tp=tp, sp=tp > 1, ep=ep, etp=etp, zero=zero))
    dp = 16 // tp
    edp = tp * dp // (ep * etp)  # MoE Parallel Folding: TP·CP·DP = ETP·EP·EDP
    mem = memory_per_gpu(inp, lay, 64 // dp)
    experts = L * (E / ep) * 3 * D * F / etp  # 8 MoE layers, E/EP SwiGLU experts, split by ETP
    want = (W * experts / (edp if zero >= 3 else 1) + G * experts / (edp if zero >= 2 else 1)
            + S * experts / (edp if zero >= 1 else 1))  # fmt: skip
    assert mem.expert_state == pytest.approx(want, rel=1e-12)
    assert mem.to_dict()["expert_state"] == mem.expert_state
    # the rest: per layer q, o (d×d) and k, v (d×128) split by TP, the router and two norms
    # replicated; the embedding and the untied head split by TP, the final norm
    outside = L * (2 * D * D / tp + 2 * D * 128 / tp + D * E + 2 * D) + 2 * V * D / tp + D
    assert mem.params == pytest.approx(outside, rel=1e-12)
    shard = dp
    assert mem.optimizer == pytest.approx(S * outside / (shard if zero >= 1 else 1), rel=1e-12)
    assert mem.peak >= mem.expert_state + mem.optimizer + mem.activations


def test_the_state_floor_never_exceeds_the_peak(device) -> None:
    inp = _inp(device)
    for lay in (Layout(ep=2), Layout(ep=8, zero=1), Layout(pp=2, ep=4, zero=1),
                Layout(ep=1, zero=3)):  # fmt: skip
        lay = check_layout(inp, lay)
        mem = memory_per_gpu(inp, lay, 64 // (lay.dp * lay.micro_batch))
        assert 0 < moe_plan.state_floor(inp, lay) <= mem.peak


def test_dense_first_layers_hold_no_experts(device) -> None:
    spec = replace(MOE, dense_layers=2)
    inp = _inp(device, spec)
    lay = check_layout(inp, Layout(pp=2, ep=4))
    first, experts_first = moe_plan.param_split(spec, lay, "first", 4, 4)
    last, experts_last = moe_plan.param_split(spec, lay, "last", 4, 4)
    each = (E / 4) * 3 * D * F
    assert experts_first == pytest.approx(2 * each) and experts_last == pytest.approx(4 * each)
    attn = 2 * D * D + 2 * D * 128 + 2 * D
    dense_mlp = 3 * D * spec.ffn
    # the first stage: embedding, two dense layers, two MoE layers (attention and router)
    assert first == pytest.approx(V * D + 2 * (attn + dense_mlp) + 2 * (attn + D * E))
    assert last == pytest.approx(4 * (attn + D * E) + D + V * D)


def test_the_dispatch_buffer_is_a_temporary(device) -> None:
    inp = _inp(device)
    lay = check_layout(inp, Layout(ep=4, micro_batch=2))
    per = recipe("bf16").per_param(optimizer("adamw"))
    _, _, buffer, layer = moe_plan.expert_memory(inp, lay, "only", 8, 8, per)
    # the all-to-all's send and receive tensors (Megatron's _AllToAll allocates its output
    # beside its input): 2 × b·s tokens × top-2 rows of d bf16 elements
    assert buffer == 2 * (2 * SEQ * 2 * D * 2)
    assert layer == (E / 4) * 3 * D * F
    # without expert parallelism no all-to-all runs (_AllToAll returns its input): none
    alone = check_layout(inp, Layout(ep=1, micro_batch=2))
    assert moe_plan.expert_memory(inp, alone, "only", 8, 8, per)[2] == 0.0


def test_the_plan_and_the_memory_tab_count_expert_state_alike(device) -> None:
    # One count: TP = CP = PP = 1, DP = the 16 GPUs, EP 4 → EDP 4; ZeRO-2 shards the experts'
    # gradients and optimizer state over EDP, not their weights: per parameter W + G/4 + S/4,
    # over L·(E/EP)·3·d·f parameters.
    from core.memory.expert_parallel import sharded_state_bytes

    inp = _inp(device)
    lay = check_layout(inp, Layout(ep=4, zero=2))
    per = recipe("bf16").per_param(optimizer("adamw"))
    experts = L * (E / 4) * 3 * D * F
    want = experts * (W + G / 4 + S / 4)
    got = moe_plan.expert_memory(inp, lay, "only", L, L, per)[1]
    assert got == pytest.approx(want)
    assert sum(sharded_state_bytes(experts, per, 2, 4).values()) == pytest.approx(want)


def test_the_reduction_and_the_optimizer_count_the_experts_once(device) -> None:
    inp = _inp(device)
    lay = check_layout(inp, Layout(ep=8, zero=1))  # 16 GPUs: DP 16, EDP 16 / 8 = 2
    outside = L * (2 * D * D + 2 * D * 128 + D * E + 2 * D) + 2 * V * D + D
    experts = L * (E / 8) * 3 * D * F
    # each GPU reduces its own gradients: the rest's over DP, its experts' over EDP
    assert moe_plan.gpu_params(MOE, lay, "only", 8, 8) == pytest.approx(outside + experts)
    # the optimizer's shard, once divided by DP: the rest's 1/16 and the experts' 1/2
    shard = moe_plan.optimizer_params(MOE, lay, "only", 8, 8) / 16
    assert shard == pytest.approx(outside / 16 + experts / 2, rel=1e-12)
    without = check_layout(inp, Layout(ep=8))
    assert moe_plan.optimizer_params(MOE, without, "only", 8, 8) == pytest.approx(outside + experts)


def test_fsdp_keeps_no_sharded_bf16_copy_of_the_experts(device) -> None:
    # torch FSDP under ZeRO-3 with a master copy keeps the fp32 shard as the parameter and
    # makes bf16 weights only when it gathers them, experts as the rest: per parameter
    # 0 + G/EDP + 12/EDP (amp: bf16 gradients, fp32 master and two moments); Megatron keeps
    # its sharded bf16 weights (2/EDP) as well. EP 4 on 16 GPUs: EDP 4.
    from core.plan import Implementation

    per = recipe("amp").per_param(optimizer("adamw"))
    experts = L * (E / 4) * 3 * D * F
    got = {}
    for fw in ("fsdp", "megatron"):
        inp = PlanInput(MOE, SEQ, 64, Cluster(device, 16), recipe=recipe("amp"),
                        optimizer=optimizer("adamw"),
                        implementation=Implementation(framework=fw))  # fmt: skip
        lay = check_layout(inp, Layout(ep=4, zero=3))
        got[fw] = moe_plan.expert_memory(inp, lay, "only", L, L, per)[1]
    assert got["fsdp"] == pytest.approx(experts * (2 / 4 + 12 / 4))
    assert got["megatron"] == pytest.approx(experts * (2 / 4 + 2 / 4 + 12 / 4))
