"""Hostile config.json files: code of their own (``auto_map``), integer fields that are not
integers, and head dimensions rotary positions cannot rotate; each refused with one line that
names the field and what is allowed."""

from __future__ import annotations

import builtins
import json
from pathlib import Path

import pytest

from core.errors import InputError
from core.memory.models import TransformerSpec, parse_model
from core.plan.options import parse_dims
from core.step.hf import check_config, load_config, read_config
from core.step.hf_build import transformers_available

_LLAMA = {"model_type": "llama", "vocab_size": 100, "hidden_size": 64, "num_hidden_layers": 1,
          "num_attention_heads": 8, "intermediate_size": 64}  # fmt: skip


def _write(folder: Path, doc: dict) -> Path:
    path = folder / "config.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


# --- code of its own ----------------------------------------------------------------------------


def _t5_with_code(folder: Path) -> Path:
    """A t5 config (transformers knows t5 but has no causal-LM class for it) whose auto_map names
    a module beside it that would leave a marker file when imported."""
    marker = folder / "ran"
    (folder / "evil.py").write_text(f"open({str(marker)!r}, 'w').close()\n", encoding="utf-8")
    return _write(folder, {
        "model_type": "t5", "d_model": 64, "num_heads": 2, "num_layers": 1, "d_ff": 64,
        "d_kv": 32, "vocab_size": 100,
        "auto_map": {"AutoConfig": "evil.Config", "AutoModelForCausalLM": "evil.Model"},
    })  # fmt: skip


@pytest.mark.parametrize("family", ["t5", "llama"])
def test_a_config_with_auto_map_is_refused_by_every_reader(tmp_path: Path, family: str) -> None:
    path = _t5_with_code(tmp_path) if family == "t5" else _write(
        tmp_path, {**_LLAMA, "auto_map": {"AutoModelForCausalLM": "evil.Model"}}
    )  # fmt: skip
    for reader in (read_config, check_config, load_config):
        with pytest.raises(InputError) as info:
            reader(path)
        assert info.value.field == "auto_map"
        assert "auto_map" in info.value.message and "allowed" in info.value.message
        assert "\n" not in info.value.message


@pytest.mark.skipif(not transformers_available(), reason="transformers is not installed")
def test_tracing_such_a_config_never_asks_to_run_its_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """transformers' remote-code path asks on the terminal ("run the custom code? [y/N]"): the
    trace is refused before any question, and the module beside the config never runs."""
    from core.step.hf_build import trace_hf_config

    asked: list[str] = []

    def answer_yes(prompt: str = "") -> str:
        asked.append(prompt)
        return "y"

    monkeypatch.setattr(builtins, "input", answer_yes)
    monkeypatch.syspath_prepend(str(tmp_path))
    path = _t5_with_code(tmp_path)
    with pytest.raises(InputError) as info:
        trace_hf_config(path, batch=1, seq=8)
    assert "auto_map" in info.value.message
    assert asked == []
    assert not (tmp_path / "ran").exists()


@pytest.mark.skipif(not transformers_available(), reason="transformers is not installed")
def test_the_builder_itself_drops_auto_map_and_trusts_no_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Below the reader's refusal: a parsed config that still carries auto_map reaches
    transformers without it, asked with trust_remote_code=False, and no question is asked."""
    import transformers

    from core.step import hf_build

    asked: list[str] = []
    monkeypatch.setattr(builtins, "input", lambda prompt="": asked.append(prompt) or "y")
    seen: list[dict] = []
    real = transformers.AutoModelForCausalLM.from_config

    def spy(config: object, **kwargs: object) -> object:
        seen.append({"kwargs": kwargs, "auto_map": getattr(config, "auto_map", None)})
        return real(config, **kwargs)

    monkeypatch.setattr(transformers.AutoModelForCausalLM, "from_config", spy)
    doc = {"model_type": "gpt_neox", "vocab_size": 64, "hidden_size": 32, "num_hidden_layers": 1,
           "num_attention_heads": 2, "intermediate_size": 64, "max_position_embeddings": 64,
           "auto_map": {"AutoModelForCausalLM": "evil.Model"}}  # fmt: skip
    hf_build._build_and_trace(doc, "gpt_neox", tmp_path / "config.json", 1, 8, "fp32", "sgd")
    assert asked == []
    assert seen and seen[0]["kwargs"].get("trust_remote_code") is False
    assert seen[0]["auto_map"] is None


# --- integer fields -------------------------------------------------------------------------------


@pytest.mark.parametrize("value", [[2], True, "2", 2.9, 2.0, 0, -2, {"n": 2}])
@pytest.mark.parametrize(
    ("base", "key"),
    [
        (_LLAMA, "num_key_value_heads"),
        (_LLAMA, "hidden_size"),
        (_LLAMA, "head_dim"),
        (_LLAMA, "max_position_embeddings"),
        ({"model_type": "gpt2", "vocab_size": 100, "n_embd": 64, "n_layer": 1, "n_head": 4},
         "n_inner"),
        ({"model_type": "gpt2", "vocab_size": 100, "n_embd": 64, "n_layer": 1, "n_head": 4},
         "n_positions"),
    ],
)  # fmt: skip
def test_an_integer_field_accepts_only_a_json_integer(
    tmp_path: Path, base: dict, key: str, value: object
) -> None:
    """``int(true)`` is 1 and ``int(2.9)`` is 2: read that way a config silently becomes another
    model. Every integer field is refused by name unless it is a positive JSON integer."""
    path = _write(tmp_path, {**base, key: value})
    with pytest.raises(InputError) as info:
        load_config(path)
    assert info.value.field == key
    assert key in info.value.message and "allowed: a positive integer" in info.value.message
    assert "\n" not in info.value.message


def test_a_real_integer_still_reads_as_itself(tmp_path: Path) -> None:
    spec, _ = load_config(_write(tmp_path, {**_LLAMA, "num_key_value_heads": 2}))
    assert spec.kv_heads == 2
    spec, _ = load_config(_write(tmp_path, {**_LLAMA, "num_key_value_heads": None}))
    assert spec.kv_heads == _LLAMA["num_attention_heads"]


# --- odd head dimensions --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "build",
    [
        lambda: parse_dims("layers=1,hidden=6,heads=2"),
        lambda: parse_dims("layers=1,hidden=1,heads=1"),
        lambda: parse_model("transformer:d=130,layers=1,heads=2"),
        lambda: TransformerSpec("x", 100, 72, 1, 8, 8, 64, gated=True, tied=False),
    ],
)
def test_an_odd_head_dimension_with_rotary_positions_is_refused(build: object) -> None:
    with pytest.raises(InputError) as info:
        build()  # type: ignore[operator]
    assert info.value.field == "heads"
    assert "odd" in info.value.message and "even head dimension" in info.value.message


def test_learned_positions_keep_odd_head_dimensions() -> None:
    """Nothing rotates without rotary positions: GPT-2-style learned positions allow any split."""
    spec = parse_dims("layers=1,hidden=6,heads=2,pos=64")
    assert spec.head_dim == 3


def test_a_llama_config_with_an_odd_head_dimension_is_refused(tmp_path: Path) -> None:
    path = _write(tmp_path, {**_LLAMA, "hidden_size": 72})
    for reader in (check_config, load_config):
        with pytest.raises(InputError) as info:
            reader(path)
        assert info.value.field == "num_attention_heads"
        assert "hidden_size 72 / num_attention_heads 8 = head dimension 9" in info.value.message


@pytest.mark.skipif(not transformers_available(), reason="transformers is not installed")
def test_transformers_refuses_the_same_odd_head_dimension() -> None:
    """The reference for refusing rather than supporting: transformers' own LlamaConfig."""
    import transformers

    with pytest.raises(Exception, match=r"(?i)even"):
        config = transformers.LlamaConfig(hidden_size=72, num_attention_heads=8,
                                          num_key_value_heads=8, intermediate_size=64,
                                          num_hidden_layers=1, vocab_size=100)  # fmt: skip
        transformers.LlamaForCausalLM(config)
