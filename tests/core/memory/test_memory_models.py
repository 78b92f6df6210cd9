"""Model specs: parameter counts against real modules on the meta device and published counts."""

from __future__ import annotations

import pytest

from core.errors import InputError
from core.memory.models import PRESETS, MLPSpec, TransformerSpec, parse_model, preset

#: Published parameter counts (HF model cards / configs; the issue gives llama2-7b's).
PUBLISHED = {
    "gpt2": 124_439_808,
    "gpt2-medium": 354_823_168,
    "gpt2-large": 774_030_080,
    "gpt2-xl": 1_557_611_200,
    "llama2-7b": 6_738_415_616,
    "llama2-13b": 13_015_864_320,
    "llama2-70b": 68_976_648_192,
    "llama3-8b": 8_030_261_248,
    "llama3-70b": 70_553_706_496,
}


def _meta_numel(spec) -> int:
    torch = pytest.importorskip("torch")
    from core.memory.modules import build_module

    with torch.device("meta"):
        module = build_module(spec)
    return sum(p.numel() for p in module.parameters())


@pytest.mark.parametrize("name", list(PUBLISHED))
def test_preset_count_matches_published(name: str) -> None:
    # the mixtures of experts are checked against transformers in test_moe_params.py
    assert PRESETS[name].param_count == PUBLISHED[name]


@pytest.mark.parametrize("name", ["gpt2", "gpt2-xl", "llama2-7b", "llama2-70b", "llama3-8b"])
def test_preset_count_matches_meta_module(name: str) -> None:
    assert _meta_numel(PRESETS[name]) == PRESETS[name].param_count


@pytest.mark.parametrize(
    "text",
    [
        "mlp:d=300,layers=7",
        "transformer:d=256,layers=3,heads=8,kv_heads=2,vocab=1000",
        "transformer:d=192,layers=2,heads=3,gated=false,tied=true,norm=layernorm,ffn=500",
    ],
)
def test_custom_count_matches_meta_module(text: str) -> None:
    spec = parse_model(text)
    assert _meta_numel(spec) == spec.param_count


def test_mlp_is_d_squared_times_layers() -> None:
    # The lecture: P = D²·L.
    assert MLPSpec(4096, 8).param_count == 4096 * 4096 * 8


def test_llama2_7b_by_hand() -> None:
    d, f, v, layers = 4096, 11008, 32000, 32
    per_layer = 4 * d * d + 3 * d * f + 2 * d
    assert preset("llama2-7b").param_count == layers * per_layer + 2 * v * d + d == 6_738_415_616


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("mlp:d=4096,layers=1e15", "layers"),
        ("mlp:d=0,layers=2", "d"),
        ("mlp:d=4096", "needs layers"),
        ("gpt5", "unknown preset"),
        ("transformer:d=100,layers=2,heads=3", "does not divide"),
        ("transformer:d=128,layers=2,heads=4,kv_heads=3", "kv_heads"),
        ("transformer:d=128,layers=2,heads=4,colour=red", "not an option"),
        ("transformer:d=128,layers=2,heads=4,gated=maybe", "true or false"),
        ("", "empty"),
        ("mlp:d=4096,layers=2.5", "whole number"),
    ],
)
def test_bad_models_are_refused_with_a_message(text: str, needle: str) -> None:
    with pytest.raises(InputError, match=needle):
        parse_model(text)


def test_huge_layer_count_message_says_what_is_allowed() -> None:
    with pytest.raises(InputError) as info:
        parse_model("mlp:d=4096,layers=1000000000000000")
    assert "too large" in info.value.message and "100,000" in info.value.message


def test_with_layers_keeps_width() -> None:
    spec = preset("llama2-7b").with_layers(1)
    assert isinstance(spec, TransformerSpec) and spec.d_model == 4096 and spec.layers == 1
