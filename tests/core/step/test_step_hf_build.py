"""Architectures built by transformers from a config.json (napkinlab[hf]), traced on fake tensors.

References: the parameter count and the matmul FLOPs of a phi3 config derived by hand from the
config's fields (6 × weight-matrix parameters × tokens, plus attention's 2·2·b·s²·d per layer
forward and 2.5 × that in backward).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.cli import main
from core.errors import InputError

pytest.importorskip("torch")

PHI3 = {"model_type": "phi3", "vocab_size": 1000, "hidden_size": 64, "num_hidden_layers": 2,
        "num_attention_heads": 4, "num_key_value_heads": 2, "intermediate_size": 128,
        "max_position_embeddings": 256, "pad_token_id": 0, "eos_token_id": 1, "bos_token_id": 1,
        "tie_word_embeddings": False}  # fmt: skip


@pytest.fixture
def phi3(tmp_path: Path) -> Path:
    path = tmp_path / "config.json"
    path.write_text(json.dumps(PHI3))
    return path


def _weight_matrices(c: dict) -> int:
    d, heads, kv, ffn = c["hidden_size"], c["num_attention_heads"], c["num_key_value_heads"], c[
        "intermediate_size"]  # fmt: skip
    head_dim = d // heads
    per_layer = d * (d + 2 * kv * head_dim) + d * d + d * 2 * ffn + ffn * d  # qkv, o, gate_up, down
    return per_layer * c["num_hidden_layers"] + d * c["vocab_size"]  # + the LM head


def test_a_phi3_config_traces_with_hand_counted_flops(phi3: Path) -> None:
    pytest.importorskip("transformers")
    from core.step.hf_build import needs_transformers, trace_hf_config

    assert needs_transformers(phi3)
    b, s = 2, 32
    tr = trace_hf_config(phi3, batch=b, seq=s, dtype="fp32", optimizer="adamw")
    c = PHI3
    d, layers = c["hidden_size"], c["num_hidden_layers"]
    matmul = sum(op.flops for op in tr.ops if op.kind == "matmul")
    assert matmul / (6 * _weight_matrices(c) * b * s) == pytest.approx(1.0, abs=5e-5)
    attention = sum(op.flops for op in tr.ops if op.kind == "attention")
    # Forward QKᵀ and A·V: 2·2·b·s²·d per layer; backward (torch's SDPA formula, as flash kernels
    # run it) recomputes QKᵀ and forms dQ, dK, dV, dP: 5 matmuls, 2.5 × forward. Causal not halved.
    forward = 2 * 2 * b * s * s * d * layers
    assert attention == pytest.approx(3.5 * forward, rel=1e-6)
    norms = 2 * layers + 1  # two RMSNorms per layer and the final one: weights of d each
    expected_params = _weight_matrices(c) + d * c["vocab_size"] + norms * d
    assert tr.table["params"]["elements"] == expected_params
    phases = {op.phase for op in tr.ops}
    assert phases == {"forward", "backward", "optimizer"}
    assert any(op.module.endswith("gate_up_proj") for op in tr.ops if op.phase == "backward")


def test_the_cli_traces_it_and_refuses_what_it_cannot_do(phi3: Path, capsys) -> None:
    pytest.importorskip("transformers")
    assert main(["step", "--config", str(phi3), "--batch", "1", "--seq", "16", "--recipe",
                 "fp32", "--json"]) == 0  # fmt: skip
    out = json.loads(capsys.readouterr().out)
    assert out["model"]["kind"] == "transformers" and out["step_time_s"] > 0
    assert {op["phase"] for op in out["ops"]} >= {"forward", "backward", "optimizer"}
    assert main(["step", "--config", str(phi3), "--measure"]) == 2
    assert "traced, not run" in capsys.readouterr().err
    # beyond the positions: rotary (phi3) is counted with a warning, learned (opt) refused, as
    # core.memory.models.position_limits decides for every model (issue 19 item 8)
    assert main(["step", "--config", str(phi3), "--seq", "300", "--top", "0", "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["warnings"] and "256 positions" in captured.err
    opt = phi3.parent / "opt.json"
    opt.write_text(json.dumps({"model_type": "opt", "vocab_size": 100, "hidden_size": 32,
                               "num_hidden_layers": 1, "ffn_dim": 64, "num_attention_heads": 2,
                               "max_position_embeddings": 64, "word_embed_proj_dim": 32}))  # fmt: skip
    assert main(["step", "--config", str(opt), "--seq", "65"]) == 2
    assert "64 learned positions" in capsys.readouterr().err


def test_without_transformers_the_message_names_the_extra(phi3: Path, monkeypatch) -> None:
    from core.step import hf_build

    monkeypatch.setattr(hf_build, "transformers_available", lambda: False)
    with pytest.raises(InputError, match=r'pip install "napkinlab\[hf\]"'):
        hf_build.trace_hf_config(phi3, batch=1, seq=8)


def test_an_unknown_model_type_is_one_clear_error(tmp_path: Path) -> None:
    pytest.importorskip("transformers")
    from core.step.hf_build import trace_hf_config

    path = tmp_path / "config.json"
    path.write_text(json.dumps({**PHI3, "model_type": "no-such-architecture"}))
    with pytest.raises(
        InputError,
        match="unknown architecture model_type='no-such-architecture': transformers does not know",
    ):
        trace_hf_config(path, batch=1, seq=8)


def test_config_files_are_read_as_regular_files_only(tmp_path: Path) -> None:
    import os

    from core.step.hf import read_config

    fifo = tmp_path / "config.json"
    os.mkfifo(fifo)
    with pytest.raises(InputError, match="config: cannot read"):
        read_config(fifo)  # a FIFO must not block
