"""Host-bound layers (core.plan.host): the ops a layer issues, CUDA graphs, and the CPU's excess
over the GPU, each against a count or a sum done by hand; the recipes' CUDA-graph scopes and
dispatchers against the Megatron-Bridge performance scripts as read."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.errors import InputError
from core.memory.models import TransformerSpec
from core.plan.host import (
    DISPATCH_OPS,
    GRACE_HOST_FACTOR,
    GRAPH_SCOPES,
    TE_GEMM_BACKWARD_S,
    TE_GEMM_FORWARD_S,
    TE_MODULE_S,
    HostOps,
    host_excess,
    host_factor,
    host_ops,
    host_seconds,
    layer_scopes,
)
from core.plan.inputs import Implementation
from core.plan.ops import LayerOps, PlanOp

E = 8  # routed experts of the hand-made layer


def _op(phase: str, kind: str, name: str, *, dims=None, chain=-1, core=False) -> PlanOp:
    return PlanOp(region="layer", phase=phase, kind=kind, name=name, dtype="bf16", flops0=0.0,
                  flops1=1.0, bytes0=0.0, bytes1=1.0, dims=dims, token_axis=1 if dims else -1,
                  tp_axis=-1, tp="none", vocab=False, core=core, chain=chain)  # fmt: skip


def _layer() -> LayerOps:
    """An MoE layer written out by hand, in trace order:

    forward  norm+rope (chain 1, 2 ops) · qkv mm · attention · o mm · router mm (N = E) ·
             softmax+topk (chain 2, 2 ops) · up bmm (E experts) · silu+mul (chain 3, 2 ops) ·
             down bmm · add (chain 4)
    backward add (chain 5) · down bmm ×2 · silu bwd (chain 6) · up bmm ×2 · softmax bwd (chain 7)
             · router mm ×2 (K or M = E) · o mm ×2 · attention bwd · qkv mm ×2 · norm bwd (chain 8)
    """
    spec = TransformerSpec("hand", 1000, 64, 2, 4, 4, 128, gated=True, tied=False, seq=16,
                           experts=E, top_k=2, moe_ffn=32)  # fmt: skip
    f, b = "forward", "backward"
    mm = (1, 16, 64, 64)
    ops = [
        _op(f, "norm", "rms", chain=1), _op(f, "pointwise", "rope", chain=1),
        _op(f, "matmul", "mm", dims=mm), _op(f, "attention", "sdpa", core=True),
        _op(f, "matmul", "mm", dims=mm), _op(f, "matmul", "mm", dims=(1, 16, 64, E)),
        _op(f, "softmax/loss", "softmax", chain=2), _op(f, "pointwise", "topk", chain=2),
        _op(f, "matmul", "bmm", dims=(E, 4, 64, 64)),
        _op(f, "pointwise", "silu", chain=3), _op(f, "pointwise", "mul", chain=3),
        _op(f, "matmul", "bmm", dims=(E, 4, 32, 64)), _op(f, "pointwise", "add", chain=4),
        _op(b, "pointwise", "add", chain=5),
        _op(b, "matmul", "bmm", dims=(E, 4, 64, 32)), _op(b, "matmul", "bmm", dims=(E, 64, 4, 32)),
        _op(b, "pointwise", "silu_backward", chain=6),
        _op(b, "matmul", "bmm", dims=(E, 4, 64, 64)), _op(b, "matmul", "bmm", dims=(E, 64, 4, 64)),
        _op(b, "softmax/loss", "softmax_backward", chain=7),
        _op(b, "matmul", "mm", dims=(1, E, 16, 64)), _op(b, "matmul", "mm", dims=(1, 16, E, 64)),
        _op(b, "matmul", "mm", dims=mm), _op(b, "matmul", "mm", dims=mm),
        _op(b, "attention", "sdpa_backward"),
        _op(b, "matmul", "mm", dims=mm), _op(b, "matmul", "mm", dims=mm),
        _op(b, "norm", "rms_backward", chain=8),
    ]  # fmt: skip
    return LayerOps(spec=spec, seq=16, ops=tuple(ops), trace_seconds=0.0, key=("hand",))


def test_the_parts_of_the_layer_are_cut_at_the_router_and_the_first_and_last_expert_gemm() -> None:
    parts = layer_scopes(_layer().ops, E)
    # forward: 5 ops before the router, router + its chain (3), then 5 expert-side ops
    assert parts[:13] == ["attn"] * 5 + ["router"] * 3 + ["experts"] * 5
    # backward: 6 ops up to the last expert GEMM, softmax bwd + 2 router mm, then 6 attention ops
    assert parts[13:] == ["experts"] * 6 + ["router"] * 3 + ["attn"] * 6


def test_fused_chains_count_once_and_each_grouped_gemm_once_per_local_expert() -> None:
    # forward: chains 1, 2, 3, 4 (4) + qkv, attention, o, router (4) + 2 grouped GEMMs × 4 = 16
    # backward: chains 5, 6, 7, 8 (4) + 4 grouped GEMMs × 4 (16) + 2 router + 2 o + attention
    #           + 2 qkv (7) = 27
    # of the forward, after the dispatcher's sync: the two grouped GEMMs × 4 and chains 3, 4 (10)
    assert host_ops(_layer(), experts_per_gpu=4, fused=True) == HostOps(
        16, 27, forward_after_sync=10
    )
    # eager: each chain member is its own op: forward 16 + 4 (chains of 2: 1, 2, 3), backward 27;
    # after the sync 8 GEMMs, silu, mul, add (11)
    assert host_ops(_layer(), experts_per_gpu=4, fused=False) == HostOps(
        19, 27, forward_after_sync=11
    )


def test_quantization_kernels_per_weight_gemm_input_and_per_expert() -> None:
    # forward weight GEMMs: qkv, o, router (1 each) and two grouped ones (4 experts each): 11
    # inputs quantized before fprop, as many output gradients before dgrad and wgrad
    out = host_ops(_layer(), experts_per_gpu=4, fused=True, cast_kernels=1)
    # after the sync: 10 ops and the 8 expert GEMMs' inputs
    assert out == HostOps(16 + 11, 27 + 11, forward_after_sync=10 + 8)


def test_cuda_graphs_take_the_captured_parts_off_the_host() -> None:
    # attn captures forward qkv, attention, o and chain 1 (4 ops), backward o ×2, attention,
    # qkv ×2 and chain 8 (6); moe_router the router mm and chain 2 (2), backward chain 7 and the
    # two router mm (3)
    graphed = host_ops(_layer(), experts_per_gpu=4, fused=True,
                       graphs=("attn", "moe_router", "moe_preprocess"))  # fmt: skip
    assert graphed == HostOps(16 - 4 - 2, 27 - 6 - 3, forward_after_sync=10)
    # the experts stay on the host: their 2 and 4 grouped GEMMs × 4 and chains 3, 4 and 5, 6
    assert graphed == HostOps(2 * 4 + 2, 4 * 4 + 2, forward_after_sync=2 * 4 + 2)


def test_an_moe_layer_pays_the_cpu_excess_per_pass_a_dense_one_over_the_layer() -> None:
    host = HostOps(100, 100)
    op = 10e-6  # 1 ms of issue per pass
    # forward: GPU 0.4 ms < CPU 1 ms: 0.6 ms; backward: GPU 1.5 ms > CPU: nothing
    assert host_excess(0.4e-3, 1.5e-3, host, syncs=True, op_s=op) == pytest.approx(0.6e-3)
    # without a sync the CPU runs ahead: 2 ms of issue against 1.9 ms of GPU work
    assert host_excess(0.4e-3, 1.5e-3, host, syncs=False, op_s=op) == pytest.approx(0.1e-3)
    # the default cost per op: this project's eager copy + relu call (docs/gpu.md: 6.8 µs)
    assert host_excess(0.0, 0.0, HostOps(1, 0), syncs=True) == pytest.approx(6.8e-6)


def test_the_next_attention_waits_for_the_cpu_to_issue_the_experts() -> None:
    # A forward from one layer's sync to the next: the experts (CPU 0.8 ms, GPU 0.1 ms), then the
    # next layer's attention up to its sync (CPU 0.2 ms, GPU 0.4 ms). Each pass alone overlaps:
    # max(CPU 1 ms, GPU 0.5 ms) = 1 ms. But the attention cannot start before the CPU has issued
    # the experts: 0.8 + 0.4 = 1.2 ms, 0.7 ms over the GPU's 0.5.
    host = HostOps(100, 0, forward_after_sync=80)
    op = 10e-6
    got = host_excess(0.5e-3, 0.0, host, syncs=True, op_s=op, gpu_after_sync=0.1e-3)
    assert got == pytest.approx(1.2e-3 - 0.5e-3)
    # GPU-heavy experts: the GPU runs behind the CPU throughout, the whole-pass maximum holds
    got = host_excess(2.0e-3, 0.0, host, syncs=True, op_s=op, gpu_after_sync=1.9e-3)
    assert got == pytest.approx(0.0)
    # without the split (nothing said after the sync) the pass is the longer of the two wholes
    assert host_excess(0.5e-3, 0.0, HostOps(100, 0), syncs=True, op_s=op) == pytest.approx(0.5e-3)


def test_the_dispatchers_ops_as_counted_in_megatron_core_0_15() -> None:
    # MoEAlltoAllTokenDispatcher (EP > 1, TP 1, moe_permute_fusion), counted by hand:
    #   preprocess: routing_map.sum(dim=0), .long(), input_splits' reshape-sum, the all-gather of
    #     num_local_tokens_per_expert, the local slice's .contiguous(), num_global_tokens_per_rank
    #     sum, output_splits_tp sum, num_tokens_per_local_expert sum = 8
    #   after the sync: tokens_per_expert, input_splits, output_splits, output_splits_tp to the
    #     host (4) + wait_stream + record_event (2); permute: row_id_map passes 1-3 and the
    #     permute kernel (4); all-to-all of tokens and of probs (2); sort_chunks_by_idxs:
    #     make_chunk_sort_map + sort_chunks_by_map (2); its inverse in combine_preprocess (2); the
    #     combine all-to-all (1); unpermute (1) -> 6 + 4 + 2 + 2 + 2 + 1 + 1 = 18
    #   backward: unpermute's permute kernel, the combine all-to-all's, 2 chunk sorts, 2
    #     all-to-alls, permute's unpermute kernel -> 1 + 1 + 2 + 2 + 1 = 7
    assert DISPATCH_OPS["alltoall"] == (8, 6 + 4 + 2 + 2 + 2 + 1 + 1, 1 + 1 + 2 + 2 + 1)
    # MoEFlexTokenDispatcher with DeepEP: topk (1); cast + layout + dispatch (3), multihot (8),
    # permute (4), the sum's .item() (1), unpermute (1), combine (1) = 18; backward 2 + 2 + 2 + 1
    assert DISPATCH_OPS["deepep"] == (1, 3 + 8 + 4 + 1 + 1 + 1, 2 + 2 + 2 + 1)


def test_an_moe_layer_adds_its_dispatcher_and_two_grouped_linear_calls() -> None:
    plain = host_ops(_layer(), experts_per_gpu=4, fused=True)
    ata = host_ops(_layer(), experts_per_gpu=4, fused=True, dispatcher="alltoall")
    # the 18 after the sync join the experts' 10 there
    assert ata == HostOps(plain.forward + 8 + 18, plain.backward + 7, 2, forward_after_sync=10 + 18)
    # moe_preprocess captures what precedes the sync, never the rest
    graphed = host_ops(_layer(), experts_per_gpu=4, fused=True, dispatcher="alltoall",
                       graphs=("moe_router", "moe_preprocess"))  # fmt: skip
    router_only = host_ops(_layer(), experts_per_gpu=4, fused=True, graphs=("moe_router",))
    assert graphed == HostOps(router_only.forward + 18, router_only.backward + 7, 2,
                              forward_after_sync=10 + 18)  # fmt: skip


def test_the_module_cost_and_the_grace_slowdown_from_the_te_issue() -> None:
    # NVIDIA/TransformerEngine#2053: te.Linear forward 99.66 µs of CPU, torch.nn.Linear 37.08 µs
    # on GB200; torch.nn.Linear 13.48 µs on an H100 DGX (Xeon 8480C)
    assert pytest.approx(2.7507, rel=1e-4) == GRACE_HOST_FACTOR
    assert pytest.approx((99.66 - 37.08) / 2.7507 * 1e-6, rel=1e-4) == TE_MODULE_S
    assert host_factor("gb200") == host_factor("gb300") == GRACE_HOST_FACTOR
    assert host_factor("b200") == host_factor("h100-sxm") == 1.0
    # one op and two module calls, no GPU work: x86 6.8 + 2 × 22.75 µs; Grace × 2.7507
    host = HostOps(1, 0, 2)
    x86 = host_excess(0.0, 0.0, host, syncs=True)
    assert x86 == pytest.approx((6.8 + 2 * 62.58 / 2.7507) * 1e-6, rel=1e-4)
    assert host_excess(0.0, 0.0, host, syncs=True, factor=host_factor("gb200")) == pytest.approx(
        (6.8 * 2.7507 + 2 * 62.58) * 1e-6, rel=1e-4
    )


def test_the_implementation_takes_only_megatron_cuda_graph_scopes() -> None:
    impl = Implementation(cuda_graphs=["attn", "moe_router"])
    assert impl.cuda_graphs == ("attn", "moe_router")
    assert set(GRAPH_SCOPES) >= {"attn", "mlp", "moe", "moe_router", "moe_preprocess",
                                 "full_iteration"}  # fmt: skip
    with pytest.raises(InputError) as err:
        replace(impl, cuda_graphs=("whole_model",))
    assert err.value.field == "cuda_graphs"
    assert "whole_model" in str(err.value.message) and "full_iteration" in str(err.value.message)


def test_a_full_iteration_graph_leaves_the_host_nothing_to_issue() -> None:
    """Megatron-Bridge's ``cuda_graph_impl="full_iteration"`` (its v0.5.0 presets) captures the
    whole step, the token dispatch included: no op of an MoE layer is issued from the host."""
    eager = host_ops(_layer(), experts_per_gpu=4, fused=True, dispatcher="alltoall",
                     expert_bias=True)  # fmt: skip
    assert eager.forward > 0 and eager.backward > 0 and eager.modules > 0
    graphed = host_ops(_layer(), experts_per_gpu=4, fused=True, dispatcher="alltoall",
                       expert_bias=True, graphs=("full_iteration",))  # fmt: skip
    assert graphed == HostOps(0, 0, 0)


def test_the_plan_charges_a_host_bound_moe_layer_to_its_compute(monkeypatch) -> None:
    # A per-op cost of 1 s makes every MoE layer host-bound: the compute grows by exactly the
    # MoE layers' CPU issue time less their GPU time (forward and backward, each pass with its
    # all-to-all), what host.layer_excess says for the run's own op count.
    from core.plan import host
    from core.plan.model import context, evaluate
    from core.plan.published_moe import load_moe_runs, moe_run_input

    run = next(
        r for r in load_moe_runs() if r["id"] == "megatron-core-0.9-h100-mixtral-8x7b-64gpu-bf16"
    )
    inp, c, _ = moe_run_input(run)
    from core.plan.inputs import Layout, check_layout

    lay = check_layout(inp, Layout(tp=c.tp, pp=c.pp, vpp=c.vpp, cp=c.cp, sp=bool(c.sp), zero=c.zero,
                                   micro_batch=c.micro_batch, recompute=c.recompute, ep=c.ep,
                                   etp=c.etp))  # fmt: skip
    ctx = context(inp)
    before = evaluate(ctx, lay)
    monkeypatch.setattr(host, "HOST_OP_S", 1.0)
    after = evaluate(context(inp), lay)
    # Megatron-Core runs on Transformer Engine: the weight GEMMs are TE GEMMs, counted apart
    counts = host.host_ops(ctx.ops, experts_per_gpu=inp.model.experts / lay.ep,
                           fused=inp.implementation.fused,
                           dispatcher=inp.implementation.dispatcher, te_gemms=True)  # fmt: skip
    assert counts == host.layer_host_ops(ctx, lay)
    assert counts.modules == 0 and counts.te_forward > 0 and counts.te_backward > 0
    layers = inp.model.layers / lay.pp  # one stage's MoE layers (Mixtral: every layer)
    # seconds: 1 s per op, and the TE GEMMs at their measured costs (an x86 H100 host)
    cpu = (counts.forward + counts.backward + counts.te_forward * host.TE_GEMM_FORWARD_S
           + counts.te_backward * host.TE_GEMM_BACKWARD_S)  # fmt: skip
    grown = (after.breakdown["compute"] - before.breakdown["compute"]) / after.micro_batches
    gpu_bound = (
        before.breakdown["compute"] / before.micro_batches
        + (before.breakdown["ep_comm"] + before.breakdown["tp_comm"] + before.breakdown["cp_comm"])
        / before.micro_batches
    )
    assert grown == pytest.approx(layers * cpu - gpu_bound, rel=0.02)


def _converter():
    import importlib.util
    import sys
    from pathlib import Path

    path = Path(__file__).resolve().parents[3] / "benchmarks" / "published_moe_from_inputs.py"
    spec = importlib.util.spec_from_file_location("published_moe_from_inputs", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["published_moe_from_inputs"] = module
    spec.loader.exec_module(module)
    return module


def _run(run_id: str) -> dict:
    from core.plan.published_moe import load_moe_runs

    return next(r for r in load_moe_runs() if r["id"] == run_id)


def _runs_of(prefix: str) -> list[dict]:
    from core.plan.published_moe import load_moe_runs

    return [r for r in load_moe_runs() if r["id"].startswith(prefix)]


def test_the_recipes_scopes_and_dispatchers_as_the_performance_scripts_set_them() -> None:
    conv = _converter()
    # v0.3.0 (the 26.02 table's release): QWEN3_30B_A3B_PRETRAIN_CONFIG_B200_FP8_MX_V1 sets
    # cuda_graph_impl="transformer_engine", cuda_graph_scope=["moe_router", "moe_preprocess"], and
    # qwen3_llm_pretrain.py's B200 function moe_token_dispatcher_type = "alltoall"
    b200 = _run("megatron-bridge-26.02-b200-qwen3-30b-a3b-8gpu-mxfp8")
    assert b200["recipe"]["tag"] == "v0.3.0"
    assert b200["recipe"]["cuda_graphs"] == ["moe_router", "moe_preprocess"]
    assert b200["recipe"]["dispatcher"] == "alltoall"
    # Megatron-Bridge 0ec1df78 ("Fix Qwen3 30B A3B B200 perf config to use hybridep+flex
    # dispatcher", in v0.4.0 and so in v0.4.2, the 26.04.01 table's release): flex with HybridEP,
    # micro-batch 4, scopes attn, moe_router, moe_preprocess; HybridEP planned as DeepEP
    later = _run("megatron-bridge-26.04.01-b200-qwen3-30b-a3b-8gpu-mxfp8")
    assert later["recipe"]["tag"] == "v0.4.2" and later["layout"]["micro_batch"] == 4
    assert later["recipe"]["cuda_graphs"] == ["attn", "moe_router", "moe_preprocess"]
    assert later["recipe"]["dispatcher"] == "deepep"
    assert any("HybridEP" in line for line in later["recipe"]["not_planned"])
    # v0.5.0 (26.06): the GB300 preset captures the whole iteration
    gb300 = _run("megatron-bridge-26.06-gb300-qwen3-30b-a3b-8gpu-mxfp8")
    assert gb300["recipe"]["cuda_graphs"] == ["full_iteration"]
    # the QWEN3_235B_A22B H100 presets set no cuda_graph_impl: the recipe's "none"
    h100 = _run("megatron-bridge-26.02-h100-sxm-qwen3-235b-a22b-256gpu-fp8")
    assert h100["recipe"]["cuda_graphs"] == []
    # the resource holds what the converter makes, run by run (Kimi-K2's entries were read by
    # hand from its own presets, which the converter does not know: their tags are checked)
    for run in _runs_of("megatron-bridge-"):
        if run["source"]["code"] == "megatron-bridge-kimi":
            assert run["recipe"]["read"].startswith("before"), run["id"]
            assert run["recipe"]["preset"] == "KIMI_K2_PRETRAIN_CONFIG_GB300_FP8_MX", run["id"]
            continue
        assert run["recipe"] == conv.recipe_settings(run), run["id"]


def test_a_preset_whose_layout_is_not_the_published_one_gives_no_settings() -> None:
    # DEEPSEEK_V3_GB300_BF16_BASE_CONFIG at v0.2.1 is PP 4, EP 64; the 25.11 table printed PP 2,
    # EP 32: the table ran with overrides, so only the model recipe's moments are taken
    run = _run("megatron-bridge-25.11-gb300-deepseek-v3-256gpu-bf16")
    rec = run["recipe"]
    assert (run["layout"]["pp"], run["layout"]["ep"]) == (2, 32)
    assert rec["layout_differs"] == ["pp: published 2, preset 4", "ep: published 32, preset 64"]
    assert "cuda_graphs" not in rec and "dispatcher" not in rec and rec["moments"] == "bf16"


def test_the_plan_takes_the_recipes_dispatcher_and_scopes_over_the_registered_ones() -> None:
    from core.plan.published_moe import moe_run_input

    run = _run("megatron-bridge-26.02-h100-sxm-qwen3-235b-a22b-256gpu-fp8")
    assert run["moe"]["dispatcher"] == "deepep"  # as registered
    inp, _c, applied = moe_run_input(run)
    assert inp.implementation.dispatcher == "alltoall"
    assert "recipe.dispatcher -> implementation.dispatcher" in applied
    graphed = moe_run_input(_run("megatron-bridge-26.02-b200-qwen3-30b-a3b-8gpu-mxfp8"))[0]
    assert graphed.implementation.cuda_graphs == ("moe_router", "moe_preprocess")


def test_the_recipes_recompute_modules_where_a_preset_sets_them() -> None:
    # v0.3.0: GPT_OSS_120B_PRETRAIN_CONFIG_B200_BF16 sets recompute_modules=["layernorm",
    # "moe_act"] and _set_recompute_overrides recompute_granularity="selective"; the B300 preset
    # sets none
    b200 = _run("megatron-bridge-26.02-b200-gpt-oss-120b-64gpu-bf16")
    assert b200["recipe"]["recompute_modules"] == ["layernorm", "moe_act"]
    b300 = _run("megatron-bridge-26.02-b300-gpt-oss-120b-64gpu-bf16")
    assert b300["recipe"]["recompute_modules"] == []
    from core.plan.published_moe import moe_run_input

    inp, _c, applied = moe_run_input(b200)
    assert inp.implementation.recompute_modules == ("layernorm", "moe_act")
    assert "recipe.recompute_modules -> implementation.recompute_modules" in applied
    # a recipe's empty list is a setting: no module recomputed, whatever was registered
    deepseek = _run("megatron-bridge-26.06-gb300-deepseek-v3-256gpu-mxfp8")
    assert deepseek["layout"]["recompute_modules"] == ["mla_up_proj"]  # as registered
    assert deepseek["recipe"]["recompute_modules"] == []
    assert moe_run_input(deepseek)[0].implementation.recompute_modules == ()


def test_on_transformer_engine_the_weight_gemms_are_te_gemms_and_the_router_a_bare_op() -> None:
    # forward weight GEMMs: qkv and o (1 each), the grouped up and down (4 experts each): 10;
    # backward: each of them twice (dgrad, wgrad): 20. The router's GEMM (Megatron-Core runs it
    # in PyTorch) and the attention core stay ops; no GroupedLinear module call is charged apart
    plain = host_ops(_layer(), experts_per_gpu=4, fused=True, dispatcher="alltoall")
    te = host_ops(_layer(), experts_per_gpu=4, fused=True, dispatcher="alltoall", te_gemms=True)
    # after the sync: the grouped GEMMs' 8 are TE GEMMs, the other 20 ops stay
    assert te == HostOps(plain.forward - 10, plain.backward - 20, 0, 10, 20, 28 - 8, 8)
    # CUDA graphs take the captured TE GEMMs off the host too: attn captures qkv and o
    graphed = host_ops(_layer(), experts_per_gpu=4, fused=True, te_gemms=True, graphs=("attn",))
    assert (graphed.te_forward, graphed.te_backward) == (8, 16)


def test_the_te_gemm_costs_from_the_te_issue_and_the_profile() -> None:
    # yanring/Megatron-MoE-ModelZoo#7's NVTX ranges on 8 B200 (x86): the experts' forward at
    # 2.2 ms of CPU (median), 16 local experts × 2 grouped GEMMs and 2 other ops at 6.8 µs
    assert pytest.approx((2.2e-3 - 2 * 6.8e-6) / 32, rel=1e-9) == TE_GEMM_FORWARD_S
    assert 68.3e-6 < TE_GEMM_FORWARD_S < 68.4e-6
    # the plan's own count of that range for the profiled layout: 32 TE GEMMs and 2 ops
    from core.memory.models import preset
    from core.memory.recipes import optimizer, recipe
    from core.plan.inputs import Cluster, PlanInput
    from core.plan.model import context
    from core.roofline.hardware import load_catalog

    inp = PlanInput(preset("qwen3-30b-a3b"), 4096, 64, Cluster(load_catalog().get("b200"), 8),
                    recipe=recipe("bf16"), optimizer=optimizer("adamw"),
                    implementation=Implementation(dispatcher="alltoall"))  # fmt: skip
    found = host_ops(context(inp).ops, experts_per_gpu=128 / 8, fused=True, te_gemms=True,
                     dispatcher="alltoall")  # fmt: skip
    behind = DISPATCH_OPS["alltoall"][1]
    assert (found.te_forward_after_sync, found.forward_after_sync - behind) == (32, 2)
    # yanring/Megatron-MoE-ModelZoo#7's nsys summary: nvte_cublas_gemm, 13,073,979,788 ns in
    # 645,099 calls (20,266.6 ns on average, as the profile prints)
    assert pytest.approx(20_266.6e-9, rel=1e-5) == TE_GEMM_BACKWARD_S
    host = HostOps(forward=10, backward=20, modules=0, te_forward=3, te_backward=6)
    fwd, bwd = host_seconds(host, "h100-sxm")
    assert fwd == pytest.approx(10 * 6.8e-6 + 3 * TE_GEMM_FORWARD_S)
    assert bwd == pytest.approx(20 * 6.8e-6 + 6 * TE_GEMM_BACKWARD_S)
    # a Grace host: te.Linear's forward as measured there, 99.66 µs
    grace_f, _ = host_seconds(HostOps(0, 0, 0, 1, 0), "gb200")
    assert grace_f == pytest.approx(99.66e-6, rel=1e-9)
    assert host_excess(0.0, 0.0, host, syncs=True) == pytest.approx(fwd + bwd)


def _mixtral_run():
    """Megatron-Core 0.9's published Mixtral 8x7B run on H100: its input and layout."""
    from core.plan.inputs import Layout
    from core.plan.published_moe import load_moe_runs, moe_run_input

    run = next(
        r for r in load_moe_runs() if r["id"] == "megatron-core-0.9-h100-mixtral-8x7b-64gpu-bf16"
    )
    inp, c, _ = moe_run_input(run)
    return inp, Layout(tp=c.tp, pp=c.pp, vpp=c.vpp, cp=c.cp, sp=bool(c.sp), zero=c.zero,
                       micro_batch=c.micro_batch, recompute=c.recompute, ep=c.ep,
                       etp=c.etp)  # fmt: skip


def test_only_a_framework_on_transformer_engine_issues_te_gemms() -> None:
    from core.plan.host import layer_host_ops
    from core.plan.model import context

    inp, lay = _mixtral_run()
    megatron = layer_host_ops(context(inp), lay)
    impl = replace(inp.implementation, framework="torchtitan")
    titan = layer_host_ops(context(replace(inp, implementation=impl)), lay)
    assert megatron is not None and titan is not None
    assert megatron.te_forward > 0 and megatron.modules == 0
    assert titan.te_forward == titan.te_backward == 0 and titan.modules == 2
    # the same ops either way: what TE issues as GEMMs the other framework issues as ops
    assert megatron.forward + megatron.te_forward == titan.forward
    assert megatron.backward + megatron.te_backward == titan.backward


def test_the_json_states_an_moe_layers_host_issue_and_a_dense_plan_none() -> None:
    from core.plan.host import host_seconds, layer_host_ops
    from core.plan.model import context, evaluate, plan

    inp, lay = _mixtral_run()
    res = plan(inp, lay)
    out = res.to_dict()["host"]
    ctx = context(inp)
    found = layer_host_ops(ctx, lay)
    assert found is not None
    cpu_f, cpu_b = host_seconds(found, inp.cluster.device.id)
    mt = evaluate(ctx, res.layout).micro  # the layer's GPU compute time per micro-batch
    share = (cpu_f + cpu_b) / (mt.layer_fwd + mt.layer_bwd)
    assert out == {"forward_ops": found.forward, "backward_ops": found.backward,
                   "forward_te_gemms": found.te_forward, "backward_te_gemms": found.te_backward,
                   "module_calls": 0.0, "forward_s": cpu_f, "backward_s": cpu_b,
                   "share": pytest.approx(share)}  # fmt: skip
    dense = replace(inp, model=replace(inp.model, experts=0, top_k=0, moe_ffn=0))
    assert "host" not in plan(dense, replace(lay, ep=1)).to_dict()


def test_a_plan_is_host_bound_where_the_counted_cpu_time_reaches_half_the_gpus() -> None:
    from core.plan.host import HOST_BOUND_SHARE, host_regime
    from core.plan.model import plan

    assert HOST_BOUND_SHARE == 0.5  # the count is the low end, about half of ModelZoo#7's profile
    assert host_regime(None) == "gpu"  # a dense model: the CPU runs ahead
    assert host_regime(0.49) == "gpu" and host_regime(0.5) == host_regime(3.0) == "host"
    # The published Mixtral run at micro-batch 1: the host's count against the GPU's time, and
    # the same layer at a micro-batch 4 times larger, where the GPU's time grows and the host's
    # does not (the same ops, larger GEMMs).
    inp, lay = _mixtral_run()
    one = plan(inp, lay).detail["host_share"]
    four = plan(inp, replace(lay, micro_batch=4)).detail["host_share"]
    assert four < one / 2
