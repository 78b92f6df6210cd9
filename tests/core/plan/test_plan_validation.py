"""The plan against the published runs, run by run (``core.plan.validation``): the errors and their
summary by hand, a device's runs and nothing else, a clear refusal, cancel and progress."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from core.errors import InputError
from core.plan.search import PlanCancelled
from core.plan.validation import ErrorSummary, RunCheck, by_source, check_runs, devices_with_runs

pytest.importorskip("torch")


def _check(run_id: str, source: str, published: float, predicted: float) -> RunCheck:
    return RunCheck(
        run_id, source, "", "h100-sxm", 8, published, predicted, 0.5, "TP 1", "", True, ""
    )


def _raw_runs() -> list[dict]:
    text = resources.files("resources").joinpath("published_runs.json").read_text("utf-8")
    return json.loads(text)["runs"]


def test_summary_figures_by_hand() -> None:
    checks = [_check("a", "S1", 100.0, 110.0), _check("b", "S2", 200.0, 140.0),
              _check("c", "S1", 400.0, 420.0)]  # fmt: skip
    assert [c.error for c in checks] == pytest.approx([0.10, -0.30, 0.05])
    s = ErrorSummary.of(checks)
    assert s.runs == 3
    assert s.mape == pytest.approx((0.10 + 0.30 + 0.05) / 3)
    assert s.median == pytest.approx(0.10)
    assert s.signed == pytest.approx((0.10 - 0.30 + 0.05) / 3)
    assert s.within_20 == 2
    assert s.worst == pytest.approx(-0.30)  # the furthest from 0 keeps its sign
    groups = by_source(checks)
    assert list(groups) == ["S1", "S2"]  # in the order the sources first appear
    assert groups["S1"].runs == 2 and groups["S1"].mape == pytest.approx(0.075)
    with pytest.raises(ValueError):
        ErrorSummary.of([])


def test_a_devices_runs_and_only_those() -> None:
    want = [r for r in _raw_runs() if r["hardware"]["device"] == "a100-sxm-40gb"]
    seen: list[float] = []
    checks = check_runs("a100-sxm-40gb", progress=lambda f, _text: seen.append(f))
    assert [c.run_id for c in checks] == [r["id"] for r in want] and len(checks) == 3
    for check, run in zip(checks, want, strict=True):
        assert check.device == "a100-sxm-40gb" and check.gpus == run["hardware"]["gpus"]
        # The MPT rows print their throughput beside their MFU: the published figure is that
        # column, as the row has it.
        assert check.published == pytest.approx(run["reported"]["also"]["tokens_per_s"])
        assert check.predicted > 0 and check.layout and check.fits
        assert check.error == pytest.approx(check.predicted / check.published - 1)
        assert check.to_dict()["error"] == pytest.approx(check.error)
    assert seen == sorted(seen) and seen[0] == 0.0 and seen[-1] == 1.0


def test_every_device_with_runs_is_listed_once() -> None:
    devices = devices_with_runs()
    assert len(devices) == len(set(devices))
    assert set(devices) == {r["hardware"]["device"] for r in _raw_runs()}


def test_a_device_without_runs_is_refused_naming_those_with_runs() -> None:
    with pytest.raises(InputError) as info:
        check_runs("rtx-4090")
    message = str(info.value.message)
    assert "rtx-4090" in message and "h100-sxm" in message and "a100-sxm" in message


def test_cancel_stops_before_the_next_run() -> None:
    calls: list[float] = []
    with pytest.raises(PlanCancelled):
        check_runs(progress=lambda f, _t: calls.append(f), should_cancel=lambda: True)
    assert calls == []  # stopped before planning (or announcing) the first run


def test_csv_has_one_row_per_check_with_the_jsons_keys() -> None:
    import csv
    import io

    from core.plan.validation import CHECK_COLUMNS, checks_csv

    checks = [_check("a", "S1", 100.0, 110.0), _check("b", "S2, with a comma", 200.0, 140.0)]
    rows = list(csv.DictReader(io.StringIO(checks_csv(checks))))
    assert tuple(rows[0]) == CHECK_COLUMNS and len(rows) == 2
    assert rows[1]["id"] == "b" and rows[1]["source"] == "S2, with a comma"
    assert float(rows[0]["error"]) == pytest.approx(0.10) and float(
        rows[1]["error"]
    ) == pytest.approx(-0.30)
    assert float(rows[1]["published_tokens_per_s"]) == 200.0 and rows[0]["fits"] == "True"
