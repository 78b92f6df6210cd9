"""The recipe files' layout facts (a run's ``recipe`` entry, read after registration) and how
the MoE runner takes them in place of the registered layout's."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from core.plan.model import plan
from core.plan.published_moe import load_moe_runs, moe_run_input, predict_moe_run
from tests.benchmark_scripts import load_script

AUTOMODEL_120B = "automodel-2510-h100-gpt-oss-120b-64gpu-bf16"


def _converter() -> Any:
    return load_script("published_moe_from_inputs", "published_moe_from_inputs_recipe")


def _run(run_id: str) -> dict[str, Any]:
    return next(r for r in load_moe_runs() if r["id"] == run_id)


def test_the_automodel_yaml_sets_ep_64_and_checkpointing() -> None:
    # gptoss_120b_te_deepep.yaml (NVIDIA-NeMo/Automodel at 05de44f6): "ep_size: 64" and
    # "activation_checkpointing: true" under distributed:, while the table's EP column is '-'
    run = _run(AUTOMODEL_120B)
    assert run["layout"]["ep"] == 1 and run["layout"]["recompute"] == "none"  # as registered
    rec = run["recipe"]
    assert (rec["ep"], rec["recompute"]) == (64, "full")
    assert "ep_size: 64" in rec["ep_where"] and rec["commit"] in rec["ep_where"]
    assert "activation_checkpointing: true" in rec["recompute_where"]
    # the resource holds what the converter makes, and no longer calls the yaml's EP unplanned
    conv = _converter()
    assert rec == conv.recipe_settings(run)
    assert not any("ep_size" in line for line in run["not_modelled"])
    # the other AutoModel rows' entries hold only the attention kernel their table names
    others = [r for r in load_moe_runs()
              if r["source"]["code"] == "automodel" and r["id"] != AUTOMODEL_120B]  # fmt: skip
    assert all(set(r.get("recipe") or {}) <= {"commit", "read", "attention_kernel",
                                              "attention_kernel_where"} for r in others)  # fmt: skip


def test_automodel_te_rows_time_transformer_engines_attention() -> None:
    # The table's "Kernel Optimizations" column: "TE + DeepEP" (DeepSeek-V3, Qwen3 MoE 30B),
    # "TE + DeepEP + FlexAttn" (GPT-OSS); its glossary: TE is Transformer Engine's RMSNorm,
    # Linear and DotProductAttention. The dense AutoModel row keeps PyTorch's SDPA (flash2).
    conv = _converter()
    for run in load_moe_runs():
        if not run["id"].startswith("automodel"):
            continue
        rec = run.get("recipe") or {}
        if run["source"]["code"] == "automodel":  # the head's Kimi K2 row was read by hand
            assert rec == (conv.recipe_settings(run) or {})
        _inp, _c, applied = moe_run_input(run)
        if str(run["model"]["preset"] or "").startswith("gpt-oss"):
            assert "attention_kernel" not in rec
            assert conv.AUTOMODEL_FLEX in run["not_modelled"]
            assert _inp.implementation.attention_kernel == "flash2"
        else:
            assert (
                rec["attention_kernel"] == "cudnn"
                and "TE + DeepEP" in rec["attention_kernel_where"]
            )
            assert "recipe.attention_kernel -> implementation.attention_kernel" in applied
            assert _inp.implementation.attention_kernel == "cudnn"


def test_the_recipes_ep_and_recompute_win_over_the_registered_layout() -> None:
    run = _run(AUTOMODEL_120B)
    _inp, c, applied = moe_run_input(run)
    assert (c.ep, c.recompute) == (64, "full")
    assert {"recipe.ep -> layout.ep", "recipe.recompute -> layout.recompute"} <= set(applied)
    pred = predict_moe_run(run)
    assert "EP 64" in pred.layout and "full recompute" in pred.layout
    # without the entry the registered layout (EP 1, no recomputation) is planned as before
    bare = {k: v for k, v in run.items() if k != "recipe"}
    _i, c0, applied0 = moe_run_input(bare)
    assert (c0.ep, c0.recompute) == (1, "none") and not any(
        a.startswith("recipe.") for a in applied0
    )


def test_full_recomputation_keeps_one_boundary_per_layer_by_hand() -> None:
    # gpt-oss-120b, PP 1, mb 2, s 4096, h 2880, bf16: full recomputation keeps each of the 36
    # layers' input, 2 x 4096 x 2880 x 2 B = 47.2 MB, so at most 36 x 47.2 MB = 1.70 GB of kept
    # boundaries, plus one layer rebuilt, the head's loss and temporaries; without it the same
    # input keeps every layer's internals: the kept activations must shrink by far more than
    # those boundaries.
    from core.plan.inputs import Layout

    inp, _c, _a = moe_run_input(_run(AUTOMODEL_120B))
    boundary = 2 * 4096 * 2880 * 2.0
    lay = dict(tp=1, pp=1, vpp=1, cp=1, sp=False, zero=3, micro_batch=2, ep=64, etp=1)
    full = plan(inp, Layout(recompute="full", **lay)).memory  # type: ignore[arg-type]
    none = plan(inp, Layout(recompute="none", **lay)).memory  # type: ignore[arg-type]
    assert full.in_flight == none.in_flight == 36
    assert none.activations - full.activations > 36 * boundary
    assert full.peak < none.peak


REPORT_RUN = "deepseek-v3-report-2048xh800-pretrain-14.8t"


def test_the_reports_memory_savings_are_its_recipe_entry() -> None:
    # DeepSeek-V3 report §3.2.3: RMSNorm and MLA up-projections recomputed (registered); §3.3.3:
    # the MoE SwiGLU's inputs cached in FP8 and its output recomputed, BF16 AdamW moments
    run = _run(REPORT_RUN)
    assert run["layout"]["recompute_modules"] == ["layernorm", "mla_up_proj"]  # as registered
    rec = run["recipe"]
    assert rec["recompute_modules"] == ["layernorm", "mla_up_proj", "moe_act"]
    assert rec["low_act_input"] is True and rec["moments"] == "bf16"
    # §3.3.3 also: gradients kept in FP32; the attention output in E5M6 (12 bits), one copy
    assert rec["grads"] == "fp32" and rec["shared_attention_output"] == 1.5 + 4 / 128
    assert all("§3.3.3" in rec[k] for k in ("recompute_modules_where", "low_act_input_where",
                                            "moments_where", "grads_where",
                                            "shared_attention_output_where"))  # fmt: skip
    assert rec == _converter().recipe_settings(run)
    inp, _c, applied = moe_run_input(run)
    assert inp.implementation.recompute_modules == ("layernorm", "mla_up_proj", "moe_act")
    assert inp.implementation.low_act_input and inp.recipe.state == "bf16"
    assert inp.recipe.grads == "fp32" and inp.implementation.shared_attention_output > 1.5
    assert "recipe.low_act_input -> implementation.low_act_input" in applied
    assert ("recipe.shared_attention_output -> implementation.shared_attention_output"
            in applied)  # fmt: skip


def test_one_shared_attention_output_by_hand() -> None:
    """Flash attention keeps its output (bf16) for its backward and the output projection its
    FP8 copy for its weight gradient: 2 + 1 bytes per element. DeepSeek keeps one E5M6 copy for
    both: 1.5 + 4/128. DeepSeek-V3, one sequence of 4,096 tokens: 128 heads × 128 = 16,384
    elements per token."""
    from core.plan.memory import _fp8_kept

    elements = 4096 * 16384
    value = 2.0 * elements  # the term at the activations' 2 bytes
    assert _fp8_kept("attention output (projection input)", value, 2, True, 0.0, 1.0) == (
        pytest.approx(3.0 * elements)
    )
    shared = _fp8_kept("attention output (projection input)", value, 2, True, 0.0, 1.0,
                       1.5 + 4 / 128)  # fmt: skip
    assert shared == pytest.approx((1.5 + 4 / 128) * elements)


def test_fp8_swiglu_inputs_by_hand() -> None:
    from core.plan.moe_kept import moe_kept

    # expert hidden of a gated MLP: 4 eager tensors of s·b·k·moe_ffn; DeepSeek-V3 on one
    # sequence: 4096 × 8 × 2048 elements × 2 B = 134.2 MB each, 536.9 MB the four
    one = 4096 * 8 * 2048 * 2.0
    value = 4 * one
    # moe_act recomputed: the gate-and-up output (two wide) stays, in bf16: 2 × 134.2 MB
    kept = moe_kept("expert hidden (4 × s·b·k·moe_ffn)", value, 2, 1.0, True, False, ("moe_act",))
    assert kept == 2 * one
    # cached in FP8 (1 byte of 2): half of that, 134.2 MB
    low = moe_kept("expert hidden (4 × s·b·k·moe_ffn)", value, 2, 1.0, True, False, ("moe_act",),
                   low_act_input=True)  # fmt: skip
    assert low == one
    # without a low-precision recipe (low = 0) the flag changes nothing
    assert moe_kept("expert hidden", value, 2, 0.0, True, False, ("moe_act",), False, True) == kept


def test_megatron_bridge_deepseek_v3_keeps_bf16_moments_by_hand() -> None:
    # recipes/deepseek/deepseek_v3.py at v0.3.0 (the release of the 26.02 table): precision-aware
    # optimizer, fp32 main params, bf16 exp_avg and exp_avg_sq: 2 + 2 bytes of Adam state per
    # parameter instead of 4 + 4
    run = _run("megatron-bridge-26.02-gb300-deepseek-v3-256gpu-mxfp8")
    where = run["recipe"]["moments_where"]
    assert run["recipe"]["moments"] == "bf16" and "deepseek_v3.py@v0.3.0" in where
    assert "bf16 exp_avg" in where
    assert run["recipe"] == _converter().recipe_settings(run)
    inp, _c, _a = moe_run_input(run)
    per = inp.recipe.per_param(inp.optimizer)
    bare = moe_run_input({**run, "recipe": {k: v for k, v in run["recipe"].items()
                                            if not k.startswith("moments")}})[0]  # fmt: skip
    per0 = bare.recipe.per_param(bare.optimizer)
    # the fp32 master (4 B) stays; the two moments go from 8 B to 4 B
    assert per0["optimizer"] - per["optimizer"] == 4.0
    assert per["params"] == per0["params"] == 2.0
    # other presets' recipes keep fp32 moments
    qwen = _run("megatron-bridge-26.02-gb300-qwen3-235b-a22b-256gpu-mxfp8")
    assert "moments" not in qwen["recipe"]


def test_the_recipes_all_to_all_overlap_reaches_the_implementation() -> None:
    # Megatron-Bridge v0.5.0's _set_moe_a2a_overlap_overrides sets
    # overlap_moe_expert_parallel_comm=True for the 26.06 Qwen3-30B-A3B presets
    run = _run("megatron-bridge-26.06-gb300-qwen3-30b-a3b-8gpu-mxfp8")
    rec = run["recipe"]
    assert rec["ep_overlap"] is True
    assert "overlap_moe_expert_parallel_comm=True" in rec["cuda_graphs_where"]
    assert not any("overlap_moe_expert_parallel_comm" in line for line in rec["not_planned"])
    inp, _c, applied = moe_run_input(run)
    assert (
        inp.implementation.ep_overlap
        and "recipe.ep_overlap -> implementation.ep_overlap" in applied
    )
    # a preset without it (26.04.01's) plans the all-to-all exposed
    other = _run("megatron-bridge-26.04.01-gb300-qwen3-30b-a3b-8gpu-mxfp8")
    assert other["recipe"]["ep_overlap"] is False
    assert not moe_run_input(other)[0].implementation.ep_overlap


def test_hai_llm_weights_the_experts_inside_their_swiglu_so_the_reports_layout_fits() -> None:
    # deepseek-ai/profile-data train.json (EP64, TP1, 4K tokens, DeepSeek's own training code)
    # runs swiglu_forward_with_weight_and_per_token_cast_to_fp8: the routing weights are applied
    # inside the experts, so the combine keeps no copy of the experts' outputs
    from core.plan.inputs import Layout

    inp, _c, _a = moe_run_input(_run(REPORT_RUN))
    assert inp.implementation.probs_in_experts
    lay = Layout(tp=1, pp=16, vpp=1, cp=1, sp=False, zero=1, micro_batch=1, recompute="none",
                 ep=64, etp=1)  # fmt: skip
    res = plan(inp, lay)
    outputs = plan(replace(inp, implementation=replace(inp.implementation,
                                                       probs_in_experts=False)), lay)  # fmt: skip
    # by hand: s·b·k·h bf16 per MoE layer and micro-batch in flight, 4096 × 8 × 7168 × 2 B =
    # 470 MB, in 58 of the 61 layers (the per-layer figure is the mean over the layers);
    # DualPipe keeps 17 micro-batches of a 4-layer middle stage pair (PP + 1 = 17)
    per = 4096 * 8 * 7168 * 2.0 * 58 / 61
    assert res.memory.in_flight == outputs.memory.in_flight == 17 * 4
    assert outputs.memory.activations - res.memory.activations == pytest.approx(68 * per, rel=0.02)
    assert outputs.memory_verdict == "does not fit"
    assert res.memory_verdict == "fits" and res.fits


def test_the_modelzoo_gb200_mxfp8_row_offloads_its_experts_inputs_and_fits() -> None:
    # run_gb200_235b.sh: --fine-grained-activation-offloading --offload-modules expert_fc1 moe_act
    run = _run("megatron-lm-modelzoo-gb200-qwen3-235b-a22b-256gpu-mxfp8")
    assert run["recipe"]["offload_modules"] == ["expert_fc1", "moe_act"]
    assert "--offload-modules expert_fc1 moe_act" in run["recipe"]["offload_modules_where"]
    inp, _c, applied = moe_run_input(run)
    assert "recipe.offload_modules -> implementation.offload_modules" in applied
    assert inp.implementation.offload_modules == ("expert_fc1", "moe_act")
    pred = predict_moe_run(run)
    assert pred.fits
    bare = {**run, "recipe": {k: v for k, v in run["recipe"].items()
                              if not k.startswith("offload")}}  # fmt: skip
    assert not predict_moe_run(bare).fits
