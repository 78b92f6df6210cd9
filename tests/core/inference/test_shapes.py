"""The matrices a spec holds: dense counts against torch modules, MoE and MLA against the
published totals."""

from __future__ import annotations

import pytest

from core.inference.shapes import shape_of
from core.memory.models import PRESETS, TransformerSpec
from tests.core.inference.standins import deepseek_v3, mixtral_8x7b


def numel_on_meta(spec: TransformerSpec) -> int:
    import torch

    from core.memory.modules import build_module

    with torch.device("meta"):
        module = build_module(spec)
    return sum(p.numel() for p in module.parameters())


@pytest.mark.parametrize("name", ["gpt2", "llama2-7b", "llama3-8b"])
def test_dense_total_is_the_modules(name):
    assert shape_of(PRESETS[name]).params_total == numel_on_meta(PRESETS[name])


def test_mixtral_published_totals():
    # Mistral AI, "Mixtral of experts" (2023-12-11): 46.7B parameters, 12.9B used per token.
    shape = shape_of(mixtral_8x7b())
    assert shape.params_total / 1e9 == pytest.approx(46.7, abs=0.05)
    per_token = shape.active_linear_params + 2 * shape.vocab * shape.d + shape.vectors
    assert per_token / 1e9 == pytest.approx(12.9, abs=0.05)


def test_deepseek_v3_published_totals():
    # DeepSeek-V3 technical report, abstract: 671B total parameters, 37B activated per token
    # (the 14B multi-token-prediction module, which serving does not run, left out).
    shape = shape_of(deepseek_v3())
    assert shape.params_total / 1e9 == pytest.approx(671, abs=0.5)
    per_token = shape.active_linear_params + 2 * shape.vocab * shape.d + shape.vectors
    assert per_token / 1e9 == pytest.approx(37, abs=0.6)
    assert shape.moe_layers == 61 - 3


def test_a_dense_spec_reads_as_dense():
    shape = shape_of(PRESETS["llama3-70b"])
    assert not shape.is_moe and not shape.is_mla and shape.moe_layers == 0
    assert shape.qk_head_dim == shape.v_dim == 128
