"""``napkinlab inference``: the JSON keys, numbers that agree with the core, one-line errors."""

from __future__ import annotations

import json

import pytest

from app.cli import main


def run_json(capsys, *args: str) -> dict:
    assert main(["inference", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_keys_and_hand_checked_cache(capsys):
    out = run_json(capsys, "--model", "llama3-8b", "--batch", "8", "--prompt", "1000",
                   "--output", "24")  # fmt: skip
    for key in ("ttft_s", "tpot_s", "output_tokens_per_s", "tokens_per_s_per_gpu", "max_batch",
                "fits", "memory_per_gpu", "prefill", "decode"):  # fmt: skip
        assert key in out
    for key in ("weights", "kv_cache", "activations", "allowance", "peak"):
        assert out["memory_per_gpu"][key] > 0
    for point in ("prefill", "decode"):
        assert {"flops", "bytes", "intensity", "bound"} <= set(out[point])
    assert out["memory_per_gpu"]["kv_cache"] == 8 * 1024 * 32 * 2 * 8 * 128 * 2
    assert out["decode"]["bound"] == "memory" and out["fits"] is True
    assert out["output_tokens_per_s"] == pytest.approx(
        8 * 24 / (out["ttft_s"] + 23 * out["tpot_s"])
    )


def test_dims_mixtral_shaped_cache_and_quantized_weights(capsys):
    dims = "layers=32,hidden=4096,heads=32,kv_heads=8,ffn=14336"
    bf16 = run_json(capsys, "--dims", dims)
    fp8 = run_json(capsys, "--dims", dims, "--weights", "fp8", "--kv-dtype", "fp8")
    assert bf16["kv_bytes_per_token"] == 32 * 2 * 8 * 128 * 2
    assert fp8["kv_bytes_per_token"] == bf16["kv_bytes_per_token"] / 2
    assert fp8["memory_per_gpu"]["weights"] < 0.6 * bf16["memory_per_gpu"]["weights"]
    assert fp8["max_batch"] > bf16["max_batch"]


def test_batch_max_and_tensor_parallel(capsys):
    out = run_json(capsys, "--model", "llama3-70b", "--gpus", "8", "--tp", "8", "--batch", "max")
    assert out["batch"] == out["max_batch"] > 0 and out["replicas"] == 1


def test_device_variant(capsys):
    base = run_json(capsys, "--batch", "max")
    more = run_json(capsys, "--batch", "max", "--device", "h100-sxm:memory=96GB")
    assert more["max_batch"] > base["max_batch"]


def test_text_output(capsys):
    assert main(["inference", "--model", "llama2-7b"]) == 0
    text = capsys.readouterr().out
    for needle in ("TTFT", "TPOT", "KV cache", "memory-bound", "largest batch"):
        assert needle in text


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--tp", "3"], "tp: 3 does not divide"),
        (["--batch", "lots"], "or max"),
        (["--weights", "int3"], "allowed: bf16, fp8, int8, int4, nvfp4, mxfp4"),
        (["--kv-dtype", "fp4"], "allowed: bf16, fp8"),
        (["--kv-fraction", "1.5"], "kv-fraction"),
        (["--ep", "2", "--gpus", "2"], "no routed experts"),
        (["--model", "llama2-7b", "--dims", "layers=2,hidden=64,heads=4"], "give one of"),
        (["--device", "no-such-gpu"], "device: unknown"),
        (["--model", "mlp:d=64,layers=2"], "needs a transformer"),
    ],
)
def test_errors_are_one_line_with_exit_2(capsys, args, needle):
    assert main(["inference", *args]) == 2
    err = capsys.readouterr().err
    assert needle in err and len(err.strip().splitlines()) == 1


def test_config_with_a_sliding_window(capsys, tmp_path):
    # Mistral 7B v0.1's config.json (the fields the reader needs): a 4,096-token window.
    config = {"architectures": ["MistralForCausalLM"], "model_type": "mistral",
              "hidden_size": 4096, "intermediate_size": 14336, "num_attention_heads": 32,
              "num_hidden_layers": 32, "num_key_value_heads": 8, "vocab_size": 32000,
              "max_position_embeddings": 32768, "sliding_window": 4096, "rms_norm_eps": 1e-5,
              "tie_word_embeddings": False, "hidden_act": "silu", "rope_theta": 10000.0}  # fmt: skip
    path = tmp_path / "config.json"
    path.write_text(json.dumps(config), encoding="utf-8")
    out = run_json(capsys, "--config", str(path), "--prompt", "8000", "--output", "200")
    assert out["kv_bytes_per_sequence"] == 4096 * 32 * 2 * 8 * 128 * 2  # the window, not 8,200
