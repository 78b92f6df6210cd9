"""The pre-registered checks (issue 38, docs/plan.md "Pre-registered checks"): every file of
``benchmarks/data/preregistered/`` parses, holds its runs without their figures and a prediction
per run made by a named model commit, every run is in ``resources/published_runs.json`` exactly
as registered, the predictions are not the published figures, and the comparison's arithmetic
against a hand computation."""

from __future__ import annotations

import datetime as dt
import importlib.util
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from core.plan.published import load_runs, published_tokens_per_s, run_framework
from core.plan.validation import generation

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "benchmarks" / "data" / "preregistered"
#: What a pre-registered run states before its figure: everything the plan reads.
REGISTERED_KEYS = ("id", "source", "model", "hardware", "layout", "batch", "precision")


def _script(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _files() -> list[tuple[Path, dict[str, Any]]]:
    # moe-*.json: the MoE runs, registered against resources/published_moe_runs.json
    # (tests/core/plan/test_published_moe_preregister.py)
    return [(p, json.loads(p.read_text("utf-8"))) for p in sorted(DATA.glob("*.json"))
            if not p.name.startswith("moe-")]  # fmt: skip


def test_every_file_parses_with_its_runs_and_predictions() -> None:
    files = _files()
    assert files, "no pre-registration files"
    for path, doc in files:
        assert doc["source"]["url"].startswith("https://"), path.name
        pred = doc["predictions"]
        assert re.fullmatch(r"[0-9a-f]{40}", pred["model_commit"]), path.name
        assert pred["model_dirty"] is False, path.name  # made by a committed model
        when = dt.datetime.strptime(pred["date"], "%Y-%m-%dT%H:%M:%SZ")
        assert when.year >= 2026, path.name
        ids = [r["id"] for r in doc["runs"]]
        assert len(ids) == len(set(ids)), path.name
        predicted = [p["id"] for p in pred["runs"]] + [p["id"] for p in pred["not_planned"]]
        assert sorted(predicted) == sorted(ids), path.name  # one prediction (or reason) per run
        for run in doc["runs"]:
            assert "reported" not in run, run["id"]  # registered without its figure
        for p in pred["runs"]:
            assert p["predicted_tokens_per_s"] > 0 and p["predicted_step_time_s"] > 0, p["id"]
            assert 0 < p["mfu"] < 1 and p["layout"], p["id"]
        for s in doc.get("skipped", []):
            assert s["what"] and s["reason"], path.name


def test_every_registered_run_has_its_figure_as_registered() -> None:
    runs = {r["id"]: r for r in load_runs()}
    for path, doc in _files():
        for registered in doc["runs"]:
            run = runs.get(registered["id"])
            assert run is not None, f"{registered['id']} ({path.name}) has no published figure"
            # The figure belongs to the run that was predicted, unchanged since.
            for key in REGISTERED_KEYS:
                assert run[key] == registered[key], (registered["id"], key)
            assert "reported" in run


def test_predictions_are_not_the_published_figures() -> None:
    runs = {r["id"]: r for r in load_runs()}
    for _path, doc in _files():
        for p in doc["predictions"]["runs"]:
            value, _how = published_tokens_per_s(runs[p["id"]])
            assert abs(p["predicted_tokens_per_s"] / value - 1) > 1e-6, p["id"]
            step = runs[p["id"]]["reported"]
            if step["metric"] == "step_time_s":
                assert abs(p["predicted_step_time_s"] / step["value"] - 1) > 1e-6, p["id"]


def test_the_new_sources_cover_what_issue_38_asks() -> None:
    # At least 40 runs from at least 4 new sources, with Blackwell, FP8 and non-Megatron
    # codebases among them.
    runs = {r["id"]: r for r in load_runs()}
    files = _files()
    ids = [p["id"] for _p, d in files for p in d["predictions"]["runs"]]
    assert len(ids) >= 40 and len({d["source"]["url"] for _p, d in files}) >= 4
    generations = {generation(runs[i]["hardware"]["device"]) for i in ids}
    assert "Blackwell" in generations
    assert any(runs[i]["precision"] == "fp8" for i in ids)
    assert {run_framework(runs[i]) for i in ids} - {"megatron", "nemo"}


def test_comparison_against_a_hand_computation(monkeypatch: pytest.MonkeyPatch) -> None:
    prereg = _script("preregistered")
    one = next(r for r in load_runs() if r["id"] == "nvidia-dgxc-h100-gpt3-175b-128gpu")
    value, _ = published_tokens_per_s(one)  # 256 · 2048 tokens / 8.91 s
    assert value == pytest.approx(256 * 2048 / 8.91)
    doc = {"predictions": {"runs": [
        {"id": one["id"], "predicted_tokens_per_s": 1.25 * value, "fits": True},
        {"id": "no-such-run", "predicted_tokens_per_s": 1.0, "fits": True},
    ]}}  # fmt: skip
    rows = prereg.compare([("demo", doc)], {one["id"]: 0.9 * value})
    assert len(rows) == 1  # a run without a figure in the repository is left out
    (row,) = rows
    assert row["preregistered"] / row["published"] - 1 == pytest.approx(0.25)
    assert row["current"] / row["published"] - 1 == pytest.approx(-0.10)
    # Errors +0.25 and -0.10: MAPE 0.175, signed mean 0.075.
    assert prereg.summary([0.25, -0.10]) == pytest.approx((0.175, 0.075))


def test_preregister_refuses_a_run_whose_figure_is_known(tmp_path: Path) -> None:
    preregister = _script("preregister")
    known = dict(load_runs()[0])
    known.pop("reported")
    path = tmp_path / "late.json"
    path.write_text(json.dumps({"source": known["source"], "runs": [known]}), "utf-8")
    with pytest.raises(SystemExit, match="published figure in the repository"):
        preregister.preregister(path)
    path.write_text(json.dumps({"runs": [], "predictions": {"date": "2026-01-01T00:00:00Z"}}))
    with pytest.raises(SystemExit, match="already made"):
        preregister.preregister(path)
