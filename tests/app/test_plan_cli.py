"""``napkinlab plan``: the issue's JSON keys, the search's candidates, numbers as people write them,
and impossible layouts refused with one stderr line and exit 2."""

from __future__ import annotations

import json

import pytest

from app.cli import main

pytest.importorskip("torch")

SMALL = ["--dims", "layers=8,hidden=256,heads=8,kv_heads=4,ffn=768,vocab=1024", "--seq", "256"]
KEYS = {"layout", "step_time_s", "tokens_per_s", "tflops_per_gpu", "mfu", "hfu", "memory_per_gpu",
        "fits", "time_breakdown_s", "assumptions"}  # fmt: skip


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    assert main(["plan", *args, "--json"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    return json.loads(captured.out)


def test_one_layout_has_the_issues_keys(capsys: pytest.CaptureFixture[str]) -> None:
    out = _json(capsys, *SMALL, "--global-batch", "64", "--gpus", "8", "--tp", "2", "--sp",
                "--zero", "1", "--micro-batch", "2", "--tokens", "1B", "--device", "h100-sxm")  # fmt: skip
    assert set(out) >= KEYS
    assert out["layout"] == {"tp": 2, "pp": 1, "vpp": 1, "cp": 1, "dp": 4, "sp": True, "zero": 1,
                             "micro_batch": 2, "recompute": "none", "ep": 1, "etp": 1}  # fmt: skip
    # expert_state and ep_comm: a mixture of experts' (0 for this dense model)
    assert set(out["memory_per_gpu"]) == {"weights", "grads", "optimizer", "activations",
                                          "temporaries", "allowance", "peak", "expert_state"}  # fmt: skip
    assert set(out["time_breakdown_s"]) == {"compute", "recompute", "tp_comm", "cp_comm", "pp_comm",
                                            "bubble", "dp_comm", "optimizer", "ep_comm"}  # fmt: skip
    assert (
        out["memory_per_gpu"]["expert_state"] == 0.0 and out["time_breakdown_s"]["ep_comm"] == 0.0
    )
    assert sum(out["time_breakdown_s"].values()) == pytest.approx(out["step_time_s"])
    assert out["tokens_per_s"] == pytest.approx(64 * 256 / out["step_time_s"])
    assert out["tokens_per_s_per_gpu"] == pytest.approx(out["tokens_per_s"] / 8)
    assert out["training"]["seconds"] == pytest.approx(1e9 / out["tokens_per_s"])
    assert out["fits"] is True and out["limits"]
    assert "candidates" not in out


def test_search_lists_candidates_fastest_first(capsys: pytest.CaptureFixture[str]) -> None:
    out = _json(capsys, *SMALL, "--global-batch", "64", "--gpus", "16", "--search",
                "--top", "4", "--tp", "2")  # fmt: skip
    cands = out["candidates"]
    assert 1 <= len(cands) <= 4
    assert {k: out[k] for k in KEYS} == {k: cands[0][k] for k in KEYS}
    times = [c["step_time_s"] for c in cands]
    assert times[0] <= min(times) * 1.001
    assert all(c["layout"]["tp"] == 2 and c["fits"] for c in cands)
    assert out["search"]["layouts"] >= out["search"]["fit"] >= len(cands)


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--tp", "3"], "tp: 3 does not divide the 8 attention heads"),
        (["--pp", "3"], "does not divide the 8 layers"),
        (["--tp", "4", "--pp", "4", "--cp", "2"], "does not divide the 16 GPUs"),
        (["--micro-batch", "3"], "not a multiple of dp"),
        (["--gpus", "abc"], "gpus: 'abc' is not a number"),
        (["--recompute", "half"], "recompute"),
        (["--device", "nope"], "device: unknown"),
        (["--model", "gpt2"], "one of --model, --config or --dims"),
        (["--tokens", "-5"], "tokens"),
        (["--attention-kernel", "flash9"], "attention kernel: 'flash9'; allowed: flash3"),
        (["--search", "--cp", "2", "--no-flash"], "cp: context parallelism needs flash attention"),
        (["--cross-entropy", "bf16"], "cross-entropy: 'bf16'; allowed: fp32, fp32-inplace, native"),
    ],
)
def test_impossible_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], needle: str
) -> None:
    base = [*SMALL, "--global-batch", "64", "--gpus", "16"]
    assert main(["plan", *base, *args]) == 2
    err = capsys.readouterr().err
    assert needle in err and err.count("\n") == 1 and err.startswith("napkinlab: error: ")


def test_text_output_names_the_layout_and_assumptions(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["plan", *SMALL, "--global-batch", "64", "--gpus", "8", "--tp", "2",
                 "--tokens", "15T"]) == 0  # fmt: skip
    out = capsys.readouterr().out
    assert "TP 2" in out and "MFU" in out and "assumptions:" in out and "days" in out


def test_step_upper_bound_is_the_roofline(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["step", "--model", "transformer:d=64,layers=1,heads=4,vocab=128", "--seq", "32",
            "--device", "h100-sxm", "--json", "--top", "0"]  # fmt: skip
    assert main(args) == 0
    calibrated = json.loads(capsys.readouterr().out)
    assert main([*args, "--upper-bound"]) == 0
    roof = json.loads(capsys.readouterr().out)
    assert calibrated["prediction"] == "calibrated" and roof["prediction"] == "roofline"
    assert calibrated["step_time_s"] > roof["step_time_s"]
    assert calibrated["mfu"] < roof["mfu"]


def test_the_codes_kernels_change_the_plan(capsys: pytest.CaptureFixture[str]) -> None:
    base = [*SMALL, "--global-batch", "64", "--gpus", "8", "--tp", "2", "--micro-batch", "2",
            "--device", "h100-sxm"]  # fmt: skip
    plain = _json(capsys, *base)
    slower = _json(capsys, *base, "--attention-kernel", "flash2", "--unfused-loss")
    lean = _json(capsys, *base, "--fused-swiglu")
    assert slower["step_time_s"] > plain["step_time_s"]
    assert lean["memory_per_gpu"]["activations"] < plain["memory_per_gpu"]["activations"]
    assert any("flash2" in a for a in slower["assumptions"])


def test_the_losss_kernel_sets_its_memory(capsys: pytest.CaptureFixture[str]) -> None:
    # TP 2, micro-batch 2 of 256 tokens, vocabulary 32,768 (so the peak stays at the start of
    # backward): 2·256·32768/2 logits per GPU. PyTorch's fp32 loss keeps 4 bytes of each and its
    # backward allocates 8; a kernel on the bf16 logits keeps 2 (plus a 4-byte log-sum-exp per
    # token) and allocates 2; Megatron's keeps 4 and allocates 2; nothing else changes.
    base = ["--dims", "layers=8,hidden=256,heads=8,kv_heads=4,ffn=768,vocab=32768", "--seq",
            "256", "--global-batch", "64", "--gpus", "8", "--tp", "2", "--micro-batch", "2",
            "--device", "h100-sxm"]  # fmt: skip
    fp32 = _json(capsys, *base)["memory_per_gpu"]
    native = _json(capsys, *base, "--cross-entropy", " Native ")
    inplace = _json(capsys, *base, "--cross-entropy", "fp32-inplace")["memory_per_gpu"]
    logits, rows = 2 * 256 * 32768 / 2, 2 * 256
    assert inplace["activations"] == fp32["activations"]
    assert fp32["temporaries"] - inplace["temporaries"] == pytest.approx((8 - 2) * logits)
    got = native["memory_per_gpu"]
    assert fp32["weights"] == got["weights"] and fp32["optimizer"] == got["optimizer"]
    saved = fp32["activations"] - got["activations"]
    assert saved == pytest.approx((4 - 2) * logits - 4 * rows)
    assert fp32["temporaries"] - got["temporaries"] == pytest.approx((8 - 2) * logits)
    assert any("reads the logits in their own dtype" in a for a in native["assumptions"])
    assert native["implementation"]["cross_entropy"] == "native"
    assert _json(capsys, *base)["implementation"]["cross_entropy"] == "fp32"


def test_csv_lists_the_candidates_and_tokens_batch_equals_sequences(
    capsys: pytest.CaptureFixture[str], tmp_path
) -> None:
    import csv

    path = tmp_path / "layouts.csv"
    args = [*SMALL, "--gpus", "8", "--search", "--top", "4", "--changes", "0"]
    out = _json(capsys, *args, "--global-batch", "64", "--csv", str(path))
    rows = list(csv.DictReader(path.read_text(encoding="utf-8").splitlines()))
    assert (
        [int(r["rank"]) for r in rows] == [1, 2, 3, 4] == list(range(1, len(out["candidates"]) + 1))
    )
    for row, cand in zip(rows, out["candidates"], strict=True):
        assert float(row["tokens_per_s"]) == cand["tokens_per_s"]
        assert (
            int(row["tp"]) == cand["layout"]["tp"]
            and row["recompute"] == cand["layout"]["recompute"]
        )
        assert float(row["memory_peak"]) == cand["memory_per_gpu"]["peak"]
    # 64 sequences of 256 tokens are 16,384 tokens: the same plan
    tokens = _json(capsys, *args, "--global-batch", "16384", "--batch-unit", "tokens")
    assert tokens["candidates"] == out["candidates"]
    assert main(["plan", *SMALL, "--global-batch", "1000", "--batch-unit", "tokens"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "multiple of the sequence length" in err
    assert main(["plan", *SMALL, "--csv", str(tmp_path / "no" / "such" / "dir.csv")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "csv:" in err and "does not exist" in err


def test_published_lists_a_devices_runs_with_their_errors(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = _json(capsys, "--published", "a100-sxm-40gb")
    runs = out["runs"]
    assert out["device"] == "a100-sxm-40gb" and len(runs) == 3
    assert {r["device"] for r in runs} == {"a100-sxm-40gb"}
    for r in runs:
        assert r["error"] == pytest.approx(
            r["predicted_tokens_per_s"] / r["published_tokens_per_s"] - 1
        )
    errors = [abs(r["error"]) for r in runs]
    assert out["summary"]["runs"] == 3
    assert out["summary"]["mape"] == pytest.approx(sum(errors) / 3)
    assert out["summary"]["within_20_percent"] == sum(e <= 0.2 for e in errors)
    assert sum(s["runs"] for s in out["by_source"].values()) == 3
    assert main(["plan", "--published", "A100-SXM-40GB"]) == 0  # ids in any case
    text = capsys.readouterr().out
    assert (
        "MAPE" in text and "mosaicml-mpt-a100-40gb-7b-128gpu" in text and "+ is optimistic" in text
    )


def test_published_writes_the_runs_as_csv(capsys: pytest.CaptureFixture[str], tmp_path) -> None:
    import csv

    target = tmp_path / "runs.csv"
    out = _json(capsys, "--published", "a100-sxm-40gb", "--csv", str(target))
    with target.open(newline="") as f:
        rows = list(csv.DictReader(f))
    assert [r["id"] for r in rows] == [r["id"] for r in out["runs"]]
    assert [float(r["error"]) for r in rows] == pytest.approx([r["error"] for r in out["runs"]])


def test_published_on_a_device_without_runs_says_which_have_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["plan", "--published", "rtx-4090"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "rtx-4090" in err[0] and "h100-sxm" in err[0] and "all" in err[0]


def test_a_plan_says_its_likely_ranges_and_their_runs(capsys: pytest.CaptureFixture[str]) -> None:
    from core.plan.uncertainty import band

    args = [*SMALL, "--global-batch", "64", "--gpus", "8", "--tokens", "1B", "--device", "h100-sxm"]
    out = _json(capsys, *args)
    # An H100 bf16 plan, Megatron by default: the file's Hopper · Megatron · 16-bit pool.
    b = band({"generation": "Hopper", "codebase": "megatron", "precision": "16-bit"})
    iv = out["interval"]
    assert iv["tokens_per_s"]["low"] == pytest.approx(out["tokens_per_s"] / (1 + b.high))
    assert iv["tokens_per_s"]["high"] == pytest.approx(out["tokens_per_s"] / (1 + b.low))
    assert iv["step_time_s"]["high"] == pytest.approx(out["step_time_s"] * (1 + b.high))
    assert iv["mfu"]["low"] <= out["mfu"] <= iv["mfu"]["high"]
    days = out["training"]["days"]
    assert iv["days"]["low"] <= days <= iv["days"]["high"]
    assert out["validated"]["runs"] == b.runs and out["validated"]["outside"] is b.widened
    assert main(["plan", *args]) == 0
    text = capsys.readouterr().out
    assert "likely: step" in text and f"days (likely {iv['days']['low']:,.1f}–" in text


def test_a_device_without_runs_is_said_to_be_outside_what_was_validated(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = _json(capsys, *SMALL, "--global-batch", "64", "--gpus", "8", "--device", "b200")
    assert out["validated"]["outside"] is True
    assert "no Blackwell" in out["validated"]["note"] and "widened" in out["validated"]["note"]


def test_write_residuals_needs_every_published_run(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["plan", *SMALL, "--write-residuals"]) == 2
    assert "only with --published" in capsys.readouterr().err
    assert main(["plan", "--published", "a100-sxm-40gb", "--write-residuals"]) == 2
    assert "every published run" in capsys.readouterr().err


def test_write_residuals_writes_the_checked_errors(
    capsys: pytest.CaptureFixture[str], tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from core.plan import uncertainty, validation

    target = tmp_path / "plan_residuals.json"
    monkeypatch.setattr(uncertainty, "residuals_path", lambda: target)
    monkeypatch.setattr(uncertainty.load_residuals, "cache_clear", lambda: None)
    wanted = {"mosaicml-mpt-a100-40gb-7b-128gpu", "mosaicml-mpt-a100-40gb-3b-128gpu"}
    real = validation.check_runs
    monkeypatch.setattr(validation, "check_runs", lambda *a, **k: real(run_ids=wanted))
    assert main(["plan", "--published", "--write-residuals"]) == 0
    assert "errors written to resources/plan_residuals.json" in capsys.readouterr().out
    rows = json.loads(target.read_text(encoding="utf-8"))["runs"]
    assert {r["id"] for r in rows} == wanted
    for r in rows:
        assert r["generation"] == "Ampere" and r["codebase"] == "llm-foundry"
        assert r["model"] == "dense"
        assert r["error"] == pytest.approx(
            r["predicted_tokens_per_s"] / r["published_tokens_per_s"] - 1
        )
