"""What the published MoE runs' recipes say about their memory, passed to the plan and checked by
hand: the Megatron-LM GB200 guide's BF16 Adam moments, and AutoModel's FSDP2 pipeline that keeps
a ZeRO-3 stage unsharded."""

from __future__ import annotations

import pytest

from core.memory.recipes import optimizer
from core.plan.published_moe import load_moe_runs, moe_run_input, predict_moe_run


def _run(run_id: str) -> dict:
    return next(r for r in load_moe_runs() if r["id"] == run_id)


def test_the_gb200_guide_keeps_bf16_adam_moments() -> None:
    # The guide's launch script: --use-precision-aware-optimizer --main-grads-dtype fp32
    # --main-params-dtype fp32 --exp-avg-dtype bf16 --exp-avg-sq-dtype bf16: per parameter the
    # bf16 weights (2), fp32 main gradients (4), and in the optimizer an fp32 master (4) with two
    # bf16 moments (2 + 2) = 8, not the 4 + 4 + 4 = 12 of fp32 moments.
    inp, _, _ = moe_run_input(_run("megatron-lm-guide-gb200-deepseek-v3-256gpu-mxfp8"))
    assert inp.recipe.per_param(optimizer("adam")) == {"params": 2, "grads": 4, "optimizer": 8}
    # a Megatron-Bridge row that does not say so keeps fp32 moments
    other, _, _ = moe_run_input(_run("megatron-bridge-25.11-b200-gpt-oss-120b-64gpu-bf16"))
    assert other.recipe.per_param(optimizer("adam"))["optimizer"] == 12


@pytest.mark.slow
def test_automodel_deepseek_plans_its_interleaved_zero3_pipeline() -> None:
    # AutoModel's DeepSeek-V3 rows: PP 4 × VP 8 with FSDP2 (ZeRO-3), torch.distributed.pipelining's
    # interleaved 1F1B (the yaml's pp_schedule interleaved1f1b): planned, not refused.
    for rid in ("automodel-2510-h100-deepseek-v3-256gpu-bf16",
                "automodel-2510-h100-deepseek-v3-1024gpu-bf16"):  # fmt: skip
        pred = predict_moe_run(_run(rid))
        assert pred.refused is None and "PP 4×8" in pred.layout and "ZeRO-3" in pred.layout


def test_automodel_moe_runs_keep_bf16_parameters_and_moments() -> None:
    # NeMo AutoModel's custom MoE models are built and cast to bf16 (initialize_weights casts to
    # torch.bfloat16; FSDP2's param_dtype bf16), torch.optim.Adam keeps its moments in that
    # dtype, gradients are reduced in fp32: per parameter 2 (weights) + 4 (gradients) + 2 + 2
    # (moments), no master copy.
    from core.plan.inputs import Layout
    from core.plan.memory import memory_per_gpu

    run = _run("automodel-2510-h100-qwen3-30b-a3b-8gpu-bf16")
    inp, _, _ = moe_run_input(run)
    assert inp.recipe.per_param(optimizer("adam")) == {"params": 2, "grads": 4, "optimizer": 4}
    assert inp.recipe.master == "none"
    # Qwen3-30B-A3B: 48 MoE layers of 128 experts, each 3 × 2,048 × 768 (gate, up, down); EP 8
    # on the 8 GPUs leaves EDP 1, so ZeRO-3 shards nothing of them: 48 · 16 · 3·2048·768
    # parameters × (2 + 4 + 4) bytes.
    lay = Layout(dp=8, ep=8, zero=3, micro_batch=4, recompute="full")
    mem = memory_per_gpu(inp, lay, 512 // (8 * 4))
    assert mem.expert_state == pytest.approx(48 * 16 * 3 * 2048 * 768 * (2 + 4 + 4))
