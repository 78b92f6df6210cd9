"""The inference core's own view of a model (:func:`core.inference.shapes.shape_of`) against the
spec it reads. The parameter and MoE-layer counts are the spec's own (no copy to drift apart:
Qwen3's per-head q/k norms once were missing from a copy); what is left to check is that the
matrices the inference core times are the spec's matrices, which leaves exactly the norms and
biases (hand-counted below) outside them, and that both count the same KV cache per token."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.inference import kv
from core.inference.shapes import shape_of
from core.memory.models import PRESETS, TransformerSpec, kv_cache_elements_per_token

SPECS = {name: spec for name, spec in PRESETS.items() if isinstance(spec, TransformerSpec)}
# A Qwen2-MoE-like spec: a gated shared expert (the one structure no preset has).
SPECS["qwen2-moe-like"] = replace(
    SPECS["mixtral-8x7b"], name="qwen2-moe-like", layers=4, experts=8, top_k=2, moe_ffn=256,
    shared_experts=1, shared_ffn=512, shared_gate=True,
)  # fmt: skip


def _norms(d: int, layers: int, layernorm: bool = False) -> int:
    """Two norms per layer and the final one; a LayerNorm keeps a weight and a bias."""
    each = 2 * d if layernorm else d
    return 2 * each * layers + each


# Norms and biases by hand, from each model's config.json.
VECTORS = {
    # GPT-2: LayerNorms; biases on q, k, v (3 x 768), the output (768), the MLP (3072 + 768).
    "gpt2": _norms(768, 12, layernorm=True) + 12 * (3 * 768 + 768 + 3072 + 768),  # 121,344
    # Llama 2 7B: RMSNorms only.
    "llama2-7b": _norms(4096, 32),  # 266,240
    # Qwen3-30B-A3B: RMSNorms and an RMSNorm of each query and key head (head_dim 128).
    "qwen3-30b-a3b": _norms(2048, 48) + 48 * 2 * 128,  # 210,944
    # DeepSeek-V3: RMSNorms and the q and kv latents' RMSNorms (1,536 + 512 per layer).
    "deepseek-v3": _norms(7168, 61) + 61 * (1536 + 512),  # 1,006,592
    # The Qwen2-MoE-like spec: RMSNorms and the shared expert's d -> 1 gate in its 4 MoE layers.
    "qwen2-moe-like": _norms(4096, 4) + 4 * 4096,  # 53,248
}


@pytest.mark.parametrize("name", sorted(VECTORS))
def test_the_spec_counts_exactly_the_norms_and_biases_beyond_the_matrices(name: str) -> None:
    assert shape_of(SPECS[name]).vectors == VECTORS[name]


@pytest.mark.parametrize("name", sorted(SPECS))
def test_the_matrices_never_exceed_what_the_spec_counts(name: str) -> None:
    shape = shape_of(SPECS[name])
    assert 0 < shape.vectors < 0.01 * shape.params_total


@pytest.mark.parametrize("name", sorted(SPECS))
def test_the_inference_kv_cache_counts_what_the_spec_counts(name: str) -> None:
    spec = SPECS[name]
    assert kv.kv_cache_elements_per_token(spec) == kv_cache_elements_per_token(spec)
