"""``--dims`` with mixture-of-experts keys, and the plan taking a mixture of experts."""

from __future__ import annotations

import pytest

from core.errors import InputError
from core.plan.options import parse_dims, planned_input


def test_dims_read_moe_keys() -> None:
    spec = parse_dims("layers=6,hidden=512,heads=8,experts=16,top_k=4,moe_ffn=256,"
                      "shared_experts=2,dense_layers=2")  # fmt: skip
    # hand count of one MoE block's MLP: router 512·16, 16 routed + 2 shared SwiGLU experts
    moe_mlp = 512 * 16 + (16 + 2) * 3 * 512 * 256
    dense_mlp = 3 * 512 * spec.ffn
    assert spec.moe_layers == 4
    attn = 4 * 512 * 512  # MHA q, k, v, o
    layer = attn + 2 * 512  # with two RMSNorms
    embed = 2 * 32000 * 512 + 512  # untied embedding and head, final norm
    assert spec.param_count == embed + 2 * (layer + dense_mlp) + 4 * (layer + moe_mlp)
    assert spec.layer_params(moe=True) - spec.layer_params() == moe_mlp - dense_mlp
    assert spec.params_total - spec.params_active == 4 * (16 - 4) * 3 * 512 * 256


@pytest.mark.parametrize(
    ("extra", "word"),
    [("experts=8,top_k=9,moe_ffn=64", "top_k"), ("experts=8,top_k=2", "moe_ffn"),
     ("moe_ffn=64", "moe_ffn"), ("experts=8,top_k=2,moe_ffn=64,dense_layers=6", "dense_layers")],
)  # fmt: skip
def test_dims_refuse_inconsistent_moe(extra: str, word: str) -> None:
    with pytest.raises(InputError, match=word):
        parse_dims(f"layers=6,hidden=512,heads=8,{extra}")


@pytest.mark.parametrize("model", ["mixtral-8x7b", "deepseek-v3"])
def test_plan_takes_moe_and_latent_attention_models(model: str) -> None:
    # the plan models experts now (core.plan.moe): the input is made, with the preset's counts
    inp, _ = planned_input(model=model)
    assert inp.model.is_moe and inp.model.params_active < inp.model.params_total
