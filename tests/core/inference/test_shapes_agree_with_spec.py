"""The inference core's own view of a model (:func:`core.inference.shapes.shape_of`) against the
spec it reads: the same parameters and the same KV cache per token for every preset, so the
two counts cannot drift apart (Qwen3's per-head q/k norms once were missing here)."""

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


@pytest.mark.parametrize("name", sorted(SPECS))
def test_the_inference_shape_counts_what_the_spec_counts(name: str) -> None:
    spec = SPECS[name]
    assert shape_of(spec).params_total == spec.param_count
    assert kv.kv_cache_elements_per_token(spec) == kv_cache_elements_per_token(spec)
