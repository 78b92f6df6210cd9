"""A sequence beyond a model's own limits: learned positions and sliding windows refuse, rotary
positions warn, through one check everywhere (issue 19 item 8).

References: GPT-2's position table has n_positions = 1,024 rows (Radford et al. 2019; HF config);
Llama 2 was trained at 4,096 tokens and Llama 3 at 8,192 (model cards, max_position_embeddings).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.cli import main
from core.errors import InputError
from core.memory import PRESETS, MemoryConfig, preset
from core.memory.options import config_from_options


@pytest.mark.parametrize("name", [n for n in PRESETS if n.startswith("gpt2")])
def test_learned_positions_refuse_a_longer_sequence(name: str) -> None:
    MemoryConfig(preset(name), batch=1, seq=1024)
    with pytest.raises(InputError, match="1,024 learned positions") as info:
        MemoryConfig(preset(name), batch=1, seq=1025)
    assert info.value.field == "seq"


@pytest.mark.parametrize(("name", "context"), [("llama2-7b", 4096), ("llama2-70b", 4096),
                                               ("llama3-8b", 8192), ("llama3-70b", 8192)])  # fmt: skip
def test_rotary_positions_warn_beyond_the_trained_context(name: str, context: int) -> None:
    assert MemoryConfig(preset(name), batch=1, seq=context).warnings == ()
    (warning,) = MemoryConfig(preset(name), batch=1, seq=context + 1).warnings
    assert f"{context:,} positions" in warning and "counted as asked" in warning


def _config(tmp_path: Path, doc: dict) -> str:
    path = tmp_path / "config.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return str(path)


MISTRAL = {"model_type": "mistral", "vocab_size": 64, "hidden_size": 32, "num_hidden_layers": 1,
           "num_attention_heads": 2, "num_key_value_heads": 1, "intermediate_size": 48,
           "max_position_embeddings": 256, "sliding_window": 128}  # fmt: skip


def test_config_limits_take_the_same_check(tmp_path: Path) -> None:
    from core.step.options import inputs_from_options

    path = _config(tmp_path, MISTRAL)
    with pytest.raises(InputError, match="sliding attention window of 128"):
        inputs_from_options(config=path, seq="129")
    no_window = _config(tmp_path, {**MISTRAL, "sliding_window": None})
    (warning,) = inputs_from_options(config=no_window, seq="300").config.warnings
    assert "256 positions" in warning
    gpt2 = _config(tmp_path, {"model_type": "gpt2", "vocab_size": 64, "n_embd": 32, "n_layer": 1,
                              "n_head": 2, "n_positions": 64})  # fmt: skip
    with pytest.raises(InputError, match="64 learned positions"):
        inputs_from_options(config=gpt2, seq="65")


@pytest.mark.parametrize("command", ["memory", "step"])
def test_the_cli_refuses_and_warns_alike(command: str, capsys) -> None:
    assert main([command, "--model", "gpt2", "--seq", "4096"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "1,024 learned positions" in err
    args = [command, "--model", "transformer:d=32,layers=1,heads=2,vocab=64,seq=16", "--json"]
    assert main(args) == 0
    assert json.loads(capsys.readouterr().out)["warnings"] == []


def test_memory_cli_warns_for_a_rotary_model(capsys) -> None:
    assert main(["memory", "--model", "llama2-7b", "--seq", "8192", "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["warnings"]
    assert captured.err.startswith("napkinlab: warning: seq: 8,192")


def test_options_text_goes_through_the_same_check() -> None:
    with pytest.raises(InputError, match="learned positions"):
        config_from_options(model="gpt2-xl", seq="2048")
    assert config_from_options(model="llama3-8b", seq="16384").warnings
