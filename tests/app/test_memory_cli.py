"""``napkinlab memory``: JSON keys, agreement with the lecture's numbers, bad input."""

from __future__ import annotations

import json

import pytest

from app.cli import main


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    assert main(["memory", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_issue_example_keys_and_values(capsys: pytest.CaptureFixture[str]) -> None:
    out = _json(capsys, "--model", "mlp:d=4096,layers=8", "--batch", "64", "--recipe", "bf16",
                "--optimizer", "adam")  # fmt: skip
    n = 4096 * 4096 * 8
    assert out["param_count"] == n
    assert out["params"] == 2 * n and out["grads"] == 2 * n and out["optimizer"] == 8 * n
    assert out["activations"] == 2 * 64 * 4096 * 8  # the lecture's 2·B·D·L
    assert out["total"] == out["params"] + out["grads"] + out["optimizer"] + out["activations"]
    assert "traced" not in out


def test_preset_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    out = _json(capsys, "--model", "llama2-7b", "--batch", "8", "--seq", "2048", "--micro-batch",
                "2", "--checkpoint", "sqrt", "--zero", "3", "--gpus", "8")  # fmt: skip
    assert out["param_count"] == 6_738_415_616
    assert out["params"] == pytest.approx(2 * 6_738_415_616 / 8)
    assert out["derived"]["fits"] is True


def test_trace_adds_traced_categories(capsys: pytest.CaptureFixture[str]) -> None:
    out = _json(capsys, "--model", "mlp:d=64,layers=2", "--batch", "4", "--trace")
    traced = out["traced"]
    for key in ("params", "grads", "optimizer", "activations", "peak"):
        assert key in traced
    assert traced["params"] == out["params"]
    assert traced["peak"] >= traced["params"] + traced["optimizer"]


def test_text_output_shows_the_sum(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["memory", "--model", "mlp:d=1024,layers=4", "--batch", "8"]) == 0
    text = capsys.readouterr().out
    assert "= 12 bytes/param" in text and "activations" in text


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--model", "mlp:d=4096,layers=1e15"], "layers"),
        (["--batch", "0"], "batch"),
        (["--recipe", "fp7"], "recipe"),
        (["--optimizer", "lion"], "optimizer"),
        (["--checkpoint", "often"], "checkpoint"),
        (["--zero", "4"], "zero"),
        (["--gpus", "-1"], "gpus"),
        (["--micro-batch", "128", "--batch", "64"], "micro-batch"),
        (["--micro-batch", "3", "--batch", "4"], "micro-batch: 3 does not divide the batch 4"),
        (["--kernels", "tpu"], "kernels: 'tpu'; allowed: cuda, cpu"),
        (["--recipe", "custom:weights=bf16"], "component"),
        (["--mfu", "2"], "mfu"),
    ],
)
def test_bad_input_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str], needle: str
) -> None:
    assert main(["memory", *args]) == 2
    err = capsys.readouterr().err.strip()
    assert needle in err and "\n" not in err


def test_json_has_temporaries_peak_and_kernels(capsys: pytest.CaptureFixture[str]) -> None:
    out = _json(capsys, "--model", "gpt2", "--batch", "4", "--seq", "128", "--trace")
    at = out["at_peak"]
    assert out["peak"] == pytest.approx(sum(at.values()))
    assert out["temporaries"] == at["temporaries"] == 8 * 128 * 4 * 50257  # 2 × 4·s·b·V
    assert out["kernels"] == "cuda"  # the default device is an NVIDIA GPU
    assert out["peak"] == pytest.approx(out["traced"]["peak"], rel=0.10)
    cpu = _json(capsys, "--model", "gpt2", "--device", "tpu-v5e", "--kernels", "cpu")
    assert cpu["kernels"] == "cpu" and "cpu kernels" in cpu["formulas"]["activations"]


@pytest.mark.slow
def test_zero3_trace_adds_the_per_rank_fsdp_trace(capsys: pytest.CaptureFixture[str]) -> None:
    # issue 14: `memory --zero 3 --gpus N --trace` traces rank 0 under FSDP with N fake ranks.
    d, layers, gpus = 256, 4, 4
    out = _json(capsys, "--model", f"mlp:d={d},layers={layers}", "--batch", "8", "--recipe",
                "fp32", "--optimizer", "adam", "--zero", "3", "--gpus", str(gpus), "--trace")  # fmt: skip
    fsdp = out["fsdp_traced"]
    assert fsdp["trace"]["world_size"] == gpus and fsdp["trace"]["zero"] == 3
    rows = {r["category"]: r for r in fsdp["compare"]}
    # Hand count: fp32 weights d·d per layer, sharded over the ranks; Adam keeps two moments.
    shard = d * d * layers * 4 / gpus
    assert rows["params"]["traced"] == pytest.approx(shard)
    assert rows["optimizer"]["traced"] == pytest.approx(2 * shard)


def test_zero0_trace_has_no_fsdp_part(capsys: pytest.CaptureFixture[str]) -> None:
    out = _json(capsys, "--model", "mlp:d=64,layers=2", "--batch", "4", "--gpus", "4", "--trace")
    assert "traced" in out and "fsdp_traced" not in out


def test_zero1_trace_shards_only_the_optimizer_state(capsys: pytest.CaptureFixture[str]) -> None:
    # ZeRO-1 (torch's ZeroRedundancyOptimizer): fp32 weights and gradients whole on every rank,
    # Adam's two fp32 moments split over the ranks; 4 equal layers over 2 ranks split evenly.
    d, layers, gpus = 64, 4, 2
    out = _json(capsys, "--model", f"mlp:d={d},layers={layers}", "--batch", "4", "--recipe",
                "fp32", "--zero", "1", "--gpus", str(gpus), "--trace")  # fmt: skip
    fsdp = out["fsdp_traced"]
    assert fsdp["trace"]["zero"] == 1 and "ZeroRedundancyOptimizer" in fsdp["trace"]["method"]
    rows = {r["category"]: r for r in fsdp["compare"]}
    weights = d * d * layers * 4
    assert rows["params"]["traced"] == pytest.approx(weights, rel=0.01)
    assert rows["grads"]["traced"] == pytest.approx(weights, rel=0.01)
    assert rows["optimizer"]["traced"] == pytest.approx(2 * weights / gpus, rel=0.01)
    assert all(abs(r["gap"]) < 0.01 for r in rows.values())


@pytest.mark.parametrize(
    ("args", "needle"),
    [(["--gpus", "0"], "gpus: 0"), (["--gpus", "8"], "4 parameter tensors")],
)
def test_per_rank_trace_bad_input_is_one_line(capsys, args, needle) -> None:
    base = ["memory", "--model", "mlp:d=64,layers=4", "--batch", "4", "--zero", "1", "--trace"]
    assert main([*base, *args]) == 2
    err = capsys.readouterr().err.strip()
    assert needle in err and "\n" not in err
