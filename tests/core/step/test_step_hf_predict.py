"""HF config.json reading (offline) and prediction on devices without tracing again."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.errors import InputError
from core.memory import PRESETS, MemoryConfig, parse_model, recipe
from core.roofline.bounds import predicted_time
from core.roofline.hardware import load_catalog
from core.step.hf import load_config

GPT2 = {"model_type": "gpt2", "vocab_size": 50257, "n_embd": 768, "n_layer": 12, "n_head": 12,
        "n_positions": 1024}  # fmt: skip
LLAMA = {"model_type": "llama", "vocab_size": 32000, "hidden_size": 4096,
         "num_hidden_layers": 32, "num_attention_heads": 32, "num_key_value_heads": 32,
         "intermediate_size": 11008, "max_position_embeddings": 4096}  # fmt: skip


def _write(tmp_path: Path, doc: object, raw: str | None = None) -> Path:
    path = tmp_path / "config.json"
    path.write_text(raw if raw is not None else json.dumps(doc), encoding="utf-8")
    return path


def test_configs_map_to_the_published_shapes(tmp_path: Path) -> None:
    spec, _ = load_config(_write(tmp_path, GPT2))
    assert spec.param_count == PRESETS["gpt2"].param_count == 124_439_808
    spec, _ = load_config(_write(tmp_path, LLAMA))
    assert spec.param_count == PRESETS["llama2-7b"].param_count
    spec, _ = load_config(_write(tmp_path, {**LLAMA, "model_type": "qwen2"}))
    # Qwen2's q, k and v biases are built (test_step_config_flags checks transformers' count)
    assert spec.param_count == PRESETS["llama2-7b"].param_count + 32 * 3 * 4096
    spec, _ = load_config(_write(tmp_path, {**LLAMA, "model_type": "mistral",
                                            "num_key_value_heads": 8}))  # fmt: skip
    assert spec.kv_heads == 8


def test_bad_configs_name_the_problem(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="not JSON"):
        load_config(_write(tmp_path, None, raw="{nope"))
    missing = {k: v for k, v in LLAMA.items() if k != "intermediate_size"}
    with pytest.raises(InputError, match="'intermediate_size'"):
        load_config(_write(tmp_path, missing))
    with pytest.raises(InputError, match="model_type='bert'"):
        load_config(_write(tmp_path, {**LLAMA, "model_type": "bert"}))
    with pytest.raises(InputError, match="n_embd"):
        load_config(_write(tmp_path, {**GPT2, "n_embd": "big"}))


def test_prediction_is_the_roofline_function_and_repredicts_without_tracing() -> None:
    pytest.importorskip("torch")
    from core.step.predict import predict, rollup
    from core.step.trace import trace_config

    spec = parse_model("transformer:d=64,layers=1,heads=4,vocab=128,seq=16")
    tr = trace_config(MemoryConfig(spec, batch=2, seq=16, recipe=recipe("bf16")))
    catalog = load_catalog()
    h100, a100 = catalog.get("h100-sxm"), catalog.get("a100-sxm")
    p1 = predict(tr, h100, model="roofline")
    mm = next(i for i, op in enumerate(tr.ops) if op.kind == "matmul")
    op = tr.ops[mm]
    assert op.dtype == "bf16"
    assert p1.seconds[mm] == predicted_time(op.flops, op.bytes, h100.peak("bf16"),
                                            h100.mem_bandwidth)  # fmt: skip
    assert p1.step_time_s == pytest.approx(sum(p1.seconds))
    assert p1.mfu == pytest.approx(tr.model_flops / (p1.step_time_s * h100.peak("bf16")))
    p2 = predict(tr, a100, model="roofline")
    assert p2.step_time_s > p1.step_time_s
    phases = rollup(tr.ops, p1.seconds, "phase")
    assert sum(r["predicted_s"] for r in phases.values()) == pytest.approx(p1.step_time_s)
    fp32 = predict(tr, h100, dtype="fp32", model="roofline")
    assert fp32.step_time_s >= p1.step_time_s
    assert fp32.mfu == pytest.approx(tr.model_flops / (fp32.step_time_s * h100.peak("fp32")))
