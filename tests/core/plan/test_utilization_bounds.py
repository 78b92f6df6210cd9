"""Utilisation never exceeds the peak it is measured against: HFU counts causal attention at the
half a causal kernel executes (what the time model charges), and an fp8 run is measured against
the fp8 peak; a "what to change" candidate that cannot be planned is skipped with its reason."""

from __future__ import annotations

import json

import pytest

from app.cli import main
from core.roofline.hardware import load_catalog


def _plan(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    code = main(["plan", "--json", *args])
    out = capsys.readouterr()
    assert code == 0, out.err
    return json.loads(out.out)


@pytest.mark.parametrize("seq", ["4096", "131072", "10000000"])
def test_hfu_stays_under_the_peak_at_any_sequence(capsys, seq: str) -> None:
    """``plan --seq 131072`` said HFU 1.011 and ``--seq 10000000`` 1.135: the FLOP count held
    the masked half of causal attention, which the time model (rightly) does not charge."""
    report = _plan(capsys, "--seq", seq, "--changes", "0")
    assert 0 < report["hfu"] <= 1.0


def test_an_fp8_run_is_measured_against_the_fp8_peak(capsys) -> None:
    """``plan --fp8`` said MFU 107.7 % against the bf16 peak; its GEMMs run at the fp8 peak."""
    report = _plan(capsys, "--fp8")
    h100 = load_catalog().get("h100-sxm")
    peak = report["tflops_per_gpu"] * 1e12 / report["mfu"]  # model FLOP/s per GPU over MFU
    assert peak == pytest.approx(h100.peak("fp8"))
    assert 0 < report["mfu"] <= 1.0 and 0 < report["hfu"] <= 1.0
    for change in report["changes"]:
        assert 0 < change["mfu"] <= 1.0, change


def test_a_change_that_cannot_be_planned_is_skipped_with_its_reason(capsys) -> None:
    """``plan --fp8`` on the default H100 exited 2: the A100 candidate (no fp8 peak) was built
    outside the error handling."""
    report = _plan(capsys, "--fp8")
    assert report["changes"]
    skipped = {s["change"].split(" instead of ")[0]: s["reason"] for s in report["changes_skipped"]}
    assert "a100-sxm" in skipped and "fp8" in skipped["a100-sxm"]
    planned = {c["device"] for c in report["changes"]}
    assert "a100-sxm" not in planned and "h100-sxm" in planned


def test_step_hfu_stays_under_the_peak_at_long_sequences() -> None:
    from core.memory.estimate import MemoryConfig
    from core.memory.models import parse_model
    from core.memory.recipes import optimizer, recipe
    from core.step.predict import predict
    from core.step.trace import trace_config

    # head dimension 128 at 262,144 tokens: attention is nearly all of the step (HFU was 1.008)
    cfg = MemoryConfig(parse_model("transformer:d=512,layers=1,heads=4,vocab=64"), batch=1,
                       seq=262144, recipe=recipe("bf16"), optimizer=optimizer("sgd"))  # fmt: skip
    trace = trace_config(cfg)
    pred = predict(trace, load_catalog().get("h100-sxm"))
    assert 0 < pred.hfu <= 1.0
