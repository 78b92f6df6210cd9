"""The three memory verdicts: fits, tight (the tensors and the CUDA runtime fit, the allocator
reserve does not: a warning), does not fit. ``fits`` keeps its meaning (the peak with the whole
allowance fits); ``memory_verdict`` is added beside it."""

from __future__ import annotations

import pytest

from app.cli.output import unfit_mark
from core.memory.estimate import CONTEXT_BYTES, RESERVE_FRACTION
from core.plan.memory import FITS, TIGHT, UNFIT, StageMemory
from core.plan.published import load_runs, predict_run, published

GB = 1e9


def _memory(tensors: float) -> StageMemory:
    """A stage whose categories add up to ``tensors`` bytes, with the plan's allowance."""
    reserve = RESERVE_FRACTION * tensors
    allowance = CONTEXT_BYTES + reserve
    return StageMemory(weights=tensors, grads=0.0, optimizer=0.0, activations=0.0,
                       temporaries=0.0, allowance=allowance, peak=tensors + allowance,
                       stage="only", moment="start of backward", params=1.0, in_flight=1.0,
                       reserve=reserve)  # fmt: skip


def test_verdict_thresholds_by_hand() -> None:
    # 180 GB of tensors: the runtime's 1 GB makes 181 GB, the 10 % reserve 18 GB more: 199 GB.
    mem = _memory(180 * GB)
    assert mem.tensors == pytest.approx(180 * GB)
    assert mem.peak == pytest.approx(199 * GB)
    assert mem.verdict(199 * GB) == FITS
    assert mem.verdict(198.7 * GB) == TIGHT  # 181 GB fit, 199 GB do not
    assert mem.verdict(181 * GB) == TIGHT
    assert mem.verdict(180.9 * GB) == UNFIT  # not even the CUDA runtime's gigabyte


def _result(run_id: str):
    run = next(r for r in load_runs() if r["id"] == run_id)
    return predict_run(published(run))


def test_gb200_llama3_70b_is_tight_not_unfit() -> None:
    """Megatron-Bridge 25.11, Llama 3 70B on 64 GB200 (198.7 GB each), TP1 PP1 ZeRO-3, mb 2:
    the tensors take 192.6 GB at the start of backward; with the runtime's 1 GB they fit, with
    the 10 % reserve (19.3 GB) they do not. The run ran: a warning, not "does not fit"."""
    res = _result("megatron-bridge-25.11-gb200-llama3-70b-64gpu-fp8")
    mem = res.memory
    assert mem.reserve == pytest.approx(RESERVE_FRACTION * mem.tensors, rel=1e-9)
    assert mem.allowance - mem.reserve == pytest.approx(CONTEXT_BYTES)
    assert mem.tensors + CONTEXT_BYTES <= res.capacity < mem.peak
    assert res.memory_verdict == TIGHT
    assert res.fits is False  # the JSON key keeps its meaning: the whole allowance does not fit
    out = res.to_dict()
    assert out["memory_verdict"] == "tight" and out["fits"] is False
    assert str(res.reason).startswith("tight:")
    assert str(res.limits).startswith("memory tight:")


def test_llama3_405b_8k_still_does_not_fit() -> None:
    """Llama 3 405B at 8K on H100 (85.5 GB), TP8 SP PP16×8 DP64, one-layer chunks: rank 1 keeps
    2·14 + 7·16 + 1 = 141 layers' activations, ≈ 0.64 GB each, 90.6 GB alone: more than the
    device before any allowance, so the verdict stays "does not fit"."""
    res = _result("llama3-405b-8k-8192gpu")
    assert res.memory.tensors > res.capacity
    assert res.memory_verdict == UNFIT
    assert str(res.limits).startswith("out of memory:")


def test_cli_marks_tight_rows_apart() -> None:
    assert unfit_mark(True, FITS) == ""
    assert unfit_mark(None) == ""  # a refused run has no verdict
    assert unfit_mark(False, TIGHT) == "  (tight)"
    assert unfit_mark(False, UNFIT) == "  (does not fit)"
    assert unfit_mark(False) == "  (does not fit)"


def test_published_checks_carry_the_verdict_beside_fits() -> None:
    from core.plan.published_moe import MoePrediction
    from core.plan.validation import RunCheck

    check = RunCheck(run_id="r", source="s", url="", device="gb200", gpus=64, published=1.0,
                     predicted=1.0, mfu=0.4, layout="TP 1", limits="", fits=False, how="",
                     memory_verdict=TIGHT)  # fmt: skip
    assert check.to_dict()["fits"] is False and check.to_dict()["memory_verdict"] == "tight"
    pred = MoePrediction("r", 256, fits=False, memory_verdict=TIGHT).to_dict()
    assert pred["fits"] is False and pred["memory_verdict"] == "tight"
    assert MoePrediction("r", 256, refused="cannot plan").to_dict()["memory_verdict"] == ""
