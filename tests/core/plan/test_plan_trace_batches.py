"""The plan's two traces deal a mixture of experts' rows to its experts in whole groups at both
batch sizes, so the trace's padding op is in both or in neither: Kimi-K2's 384 experts, whose
``2 × 4096 × 8`` rows do not divide by 384 while ``3 × 4096 × 8`` do, plan (they were refused
with "the traces ... dispatch different ops")."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from core.memory.models import PRESETS, TransformerSpec
from core.memory.recipes import recipe
from core.plan.ops import layer_ops, trace_batches


@pytest.mark.parametrize(
    "name", ["qwen3-30b-a3b", "qwen3-235b-a22b", "deepseek-v3", "mixtral-8x7b"]
)
def test_the_registered_models_keep_two_and_three_sequences(name: str) -> None:
    assert trace_batches(PRESETS[name], 4096) == (2, 3)


def test_a_dense_model_keeps_two_and_three() -> None:
    assert trace_batches(PRESETS["llama3-8b"], 4096) == (2, 3)


@pytest.mark.parametrize("experts,seq,k", [(384, 4096, 8), (320, 4096, 8), (96, 2048, 6)])
def test_both_batches_deal_whole_groups(experts: int, seq: int, k: int) -> None:
    spec = replace(PRESETS["deepseek-v3"], experts=experts, top_k=k)
    small, large = trace_batches(spec, seq)
    assert large * 2 == small * 3
    assert (small * seq * k) % experts == 0 and (large * seq * k) % experts == 0
    # the smallest such pair: a smaller multiple of (2, 3) leaves a remainder
    g = small // 2
    assert all((2 * h * seq * k) % experts for h in range(1, g))
    assert g == experts // math.gcd(experts, seq * k)


def test_a_384_expert_layer_traces_and_scales_with_the_batch() -> None:
    spec = TransformerSpec(
        name="", vocab=512, d_model=64, layers=2, heads=4, kv_heads=4, ffn=128, gated=True,
        tied=False, seq=512, experts=384, top_k=8, moe_ffn=32, shared_experts=1,
    )  # fmt: skip
    assert trace_batches(spec, 512) == (6, 9)
    ops = layer_ops(spec, 512, recipe("bf16"))
    # the experts' first grouped GEMM: 512 tokens x 8 copies per sequence, 64 -> 2 x 32 wide
    up = [op for op in ops.ops if op.region == "layer" and op.phase == "forward"
          and op.kind == "matmul" and op.name == "bmm"]  # fmt: skip
    assert up, [op.name for op in ops.ops if op.region == "layer"][:40]
    assert up[0].flops1 == pytest.approx(2 * 512 * 8 * 64 * 64)
    assert up[0].dims is not None and up[0].dims[0] * up[0].dims[1] == pytest.approx(512 * 8)
