"""The MoE runs' pre-registration (issue 38 item 10, issue 40 item 6): predictions written per
source with the model's commit and no figure, a refusal recorded per run; the figures merged
only for runs with a committed prediction (on synthetic figures, never the real ones); the
comparison's arithmetic; and, once the lead commits them, the real ``moe-*.json`` files."""

from __future__ import annotations

import copy
import datetime as dt
import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from core.plan.published_moe import check_moe_runs, load_moe_runs, published_per_gpu

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "benchmarks" / "data" / "preregistered"
RUNS = load_moe_runs()
#: What a registered run states before its figure: everything the plan reads.
REGISTERED_KEYS = ("id", "source", "model", "hardware", "layout", "batch", "precision",
                   "framework", "moe")  # fmt: skip


def _script(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _inputs(run: dict[str, Any]) -> dict[str, Any]:
    """A copy of a run without its figures (the resource holds them after the last step)."""
    return {k: copy.deepcopy(v) for k, v in run.items() if k != "reported"}


def _pick() -> list[dict[str, Any]]:
    """One run of each source's first registration (eleven files), copied without figures."""
    seen: dict[str, dict[str, Any]] = {}
    for r in RUNS:
        if "registration" not in r["source"]:
            seen.setdefault(r["source"]["code"], _inputs(r))
    return list(seen.values())


def test_preregister_writes_one_file_per_source_with_every_run(tmp_path: Path) -> None:
    prereg = _script("preregister_moe")
    runs = _pick()
    docs = prereg.preregister(runs, tmp_path)
    assert sorted(docs) == ["moe-automodel", "moe-automodel-head", "moe-deepseek-v3-report",
                            "moe-dgxc-benchmarking",
                            "moe-megascale-moe", "moe-megatron-bridge", "moe-megatron-bridge-kimi",
                            "moe-megatron-lm", "moe-megatron-lm-docs",
                            "moe-megatron-moe-modelzoo", "moe-nemo-docs-moe"]  # fmt: skip
    current = {c.run_id: c for c in check_moe_runs(runs=runs)}
    for stem, doc in docs.items():
        on_disk = json.loads((tmp_path / f"{stem}.json").read_text("utf-8"))
        assert on_disk == doc
        pred = doc["predictions"]
        assert re.fullmatch(r"[0-9a-f]{40}", pred["model_commit"])
        dt.datetime.strptime(pred["date"], "%Y-%m-%dT%H:%M:%SZ")
        assert "num_floating_point_operations" in pred["tflops_convention"]
        ids = [r["id"] for r in doc["runs"]]
        assert sorted(p["id"] for p in pred["runs"] + pred["not_planned"]) == sorted(ids)
        for run in doc["runs"]:
            assert "reported" not in run
        for p in pred["not_planned"]:  # the plan's reason, as plan --published --group moe says
            assert p["reason"] == current[p["id"]].prediction.refused
        for p in pred["runs"]:
            c = current[p["id"]]
            assert p["predicted_tokens_per_s_per_gpu"] == pytest.approx(
                c.prediction.tokens_per_s_per_gpu
            )
            assert p["not_modelled"] == next(r for r in runs if r["id"] == p["id"])["not_modelled"]


def test_preregister_refuses_known_figures_and_second_predictions(tmp_path: Path) -> None:
    prereg = _script("preregister_moe")
    late = _pick()[:1]
    late[0]["reported"] = {"tokens_per_s_per_gpu": 1.0}
    with pytest.raises(SystemExit, match="published figure in the repository"):
        prereg.preregister(late, tmp_path)
    assert not list(tmp_path.iterdir())
    runs = _pick()[:1]
    prereg.preregister(runs, tmp_path)
    with pytest.raises(SystemExit, match="already made"):
        prereg.preregister(runs, tmp_path)
    prereg.preregister(runs, tmp_path, force=True)  # a file never committed may be redone


def test_a_later_registration_of_a_source_has_its_own_file(tmp_path: Path) -> None:
    """Megatron-Bridge's 26.08 table, registered after the source's first file was committed:
    its runs name their registration, go to their own file and leave the first one alone."""
    prereg = _script("preregister_moe")
    first, later = _pick()[0], _pick()[0]
    later["id"] += "-later"
    later["source"]["registration"] = later["source"]["code"] + "-26.08"
    assert prereg.source_file(first) == "moe-" + first["source"]["code"]
    assert prereg.source_file(later) == "moe-" + first["source"]["code"] + "-26.08"
    docs = prereg.preregister([later], tmp_path)
    assert sorted(docs) == ["moe-" + first["source"]["code"] + "-26.08"]
    assert [r["id"] for r in docs[sorted(docs)[0]]["runs"]] == [later["id"]]


def _git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(cwd), *args], check=True, capture_output=True)


@pytest.fixture
def merge_setup(tmp_path: Path) -> tuple[Any, Path, Path, list[dict[str, Any]]]:
    """A synthetic resource of three runs, their pre-registration committed in a scratch git
    repository (two predicted or refused, the third left out)."""
    add = _script("add_published_figures")
    runs = [_inputs(r) for r in RUNS[:3]]
    resource = tmp_path / "published_moe_runs.json"
    resource.write_text(json.dumps({"runs": runs}), "utf-8")
    data = tmp_path / "prereg"
    data.mkdir()
    reg = {"runs": runs[:2], "predictions": {
        "runs": [{"id": runs[0]["id"], "predicted_tokens_per_s_per_gpu": 900.0}],
        "not_planned": [{"id": runs[1]["id"], "reason": "cannot plan: synthetic"}],
    }}  # fmt: skip
    (data / "moe-synthetic.json").write_text(json.dumps(reg), "utf-8")
    _git(data, "init", "-q")
    _git(data, "add", "moe-synthetic.json")
    _git(data, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "registration")
    return add, resource, data, runs


def test_figures_merge_only_for_committed_predictions(merge_setup, tmp_path: Path) -> None:
    add, resource, data, runs = merge_setup
    a, b, c = (r["id"] for r in runs)
    # three shapes a figures file may take: a mapping of ids, a metric/value pair, a unit
    figures = tmp_path / "figures.json"
    figures.write_text(json.dumps({"figures": {
        a: {"tokens_per_s_per_gpu": 1000.0, "model_tflops_per_gpu": 250.0, "where": "row 1"},
        b: {"metric": "model_tflops_per_gpu", "value": 3.1e14, "unit": "FLOP/s"},
    }}), "utf-8")  # fmt: skip
    before = resource.read_text("utf-8")
    lines = add.merge(figures, resource, data, check=True)
    assert resource.read_text("utf-8") == before  # --check writes nothing
    assert any(line.startswith(f"{a}: ") and "tokens_per_s_per_gpu" in line for line in lines)
    assert not any("1000" in line or "250" in line for line in lines)  # names, not values
    add.merge(figures, resource, data)
    merged = {r["id"]: r for r in json.loads(resource.read_text("utf-8"))["runs"]}
    rep = merged[a]["reported"]
    assert (rep["tokens_per_s_per_gpu"], rep["model_tflops_per_gpu"]) == (1000.0, 250.0)
    assert rep["as_published"]["where"] == "row 1" and rep["gpu_hours"] is None
    assert merged[b]["reported"]["model_tflops_per_gpu"] == pytest.approx(310.0)  # FLOP/s -> T
    assert "reported" not in merged[c]
    assert published_per_gpu(merged[a])[:2] == (1000.0, 250.0)
    # the merged runs go through the evaluation: a refusal stays a refusal beside its figure
    checks = check_moe_runs(runs=list(merged.values()))
    assert checks[0].published == 1000.0
    for check in checks:
        assert (check.error is None) == (
            check.prediction.tokens_per_s is None or not check.published
        )
    # a second merge of the same runs is refused: figures are added once
    with pytest.raises(SystemExit, match="has its figures already"):
        add.merge(figures, resource, data)


def test_figures_are_refused_without_a_committed_prediction(merge_setup, tmp_path) -> None:
    add, resource, data, runs = merge_setup
    before = resource.read_text("utf-8")
    figures = tmp_path / "figures.json"
    figures.write_text(json.dumps([{"id": runs[2]["id"], "tokens_per_s_per_gpu": 10.0},
                                   {"id": "no-such-run", "tokens_per_s_per_gpu": 10.0}]), "utf-8")  # fmt: skip
    with pytest.raises(SystemExit) as info:
        add.merge(figures, resource, data)
    text = str(info.value)
    assert f"{runs[2]['id']}: no committed prediction" in text
    assert "no-such-run: not a run of" in text
    # the registration edited after its commit no longer counts
    reg = data / "moe-synthetic.json"
    reg.write_text(reg.read_text("utf-8").replace("900.0", "950.0"), "utf-8")
    assert add.registered_ids(data) == set()
    figures.write_text(json.dumps({runs[0]["id"]: {"tokens_per_s_per_gpu": 10.0}}), "utf-8")
    with pytest.raises(SystemExit, match="no committed prediction"):
        add.merge(figures, resource, data)
    assert resource.read_text("utf-8") == before


def test_implausible_or_unreadable_figures_are_refused(merge_setup, tmp_path) -> None:
    add, resource, data, runs = merge_setup
    figures = tmp_path / "figures.json"
    figures.write_text(json.dumps({runs[0]["id"]: {"tokens_per_s_per_gpu": 5e7},
                                   runs[1]["id"]: {"gpus": 8, "note": "x"}}), "utf-8")  # fmt: skip
    with pytest.raises(SystemExit) as info:
        add.merge(figures, resource, data)
    assert "outside 1..1e+06" in str(info.value)
    assert "no tokens/s per GPU, TFLOP/s per GPU or GPU-hours" in str(info.value)
    # GPU-hours for the run's tokens; the per-trillion figure and a peak are not taken for it
    reported, problems = add.normalise({"gpu_hours": 2.664e6, "gpu_hours_per_trillion": 180e3,
                                        "peak_tflops": 989.0})  # fmt: skip
    assert problems == [] and reported["gpu_hours"] == 2.664e6
    assert reported["model_tflops_per_gpu"] is None


def test_the_moe_comparison_by_hand(tmp_path: Path) -> None:
    pre = _script("preregistered")
    run = _inputs(RUNS[0])
    run["reported"] = {"tokens_per_s_per_gpu": 1000.0, "model_tflops_per_gpu": 200.0}
    doc = {"predictions": {"runs": [
        {"id": run["id"], "predicted_tokens_per_s_per_gpu": 1250.0,
         "predicted_model_tflops_per_gpu": 180.0, "fits": True},
        {"id": "no-figure", "predicted_tokens_per_s_per_gpu": 1.0, "fits": True},
    ], "not_planned": [{"id": "x", "reason": "cannot plan: synthetic"}]}}  # fmt: skip
    rows = pre.compare_moe([("moe-demo", doc)], {run["id"]: run}, {})
    assert len(rows) == 1  # a run without its figure is left out
    (row,) = rows
    assert row["preregistered"] / row["published"] - 1 == pytest.approx(0.25)
    assert row["preregistered_tflops"] / row["published_tflops"] - 1 == pytest.approx(-0.10)
    assert row["current"] is None and pre.moe_refused([("moe-demo", doc)]) == 1
    line = pre._moe_line("all", rows)
    assert "pre-registered MAPE  25.0%" in line and "-10.0%" in line


def _registered_files() -> list[tuple[Path, dict[str, Any]]]:
    return [(p, json.loads(p.read_text("utf-8"))) for p in sorted(DATA.glob("moe-*.json"))]


def test_committed_moe_registrations_match_the_resource() -> None:
    # Vacuous until the lead commits the predictions (benchmarks/preregister_moe.py); then every
    # file must come from a committed model and hold each of its runs exactly as the resource does.
    runs = {r["id"]: r for r in RUNS}
    for path, doc in _registered_files():
        pred = doc["predictions"]
        assert pred["model_dirty"] is False and not pred["inputs_dirty"], path.name
        ids = [r["id"] for r in doc["runs"]]
        assert sorted(p["id"] for p in pred["runs"] + pred["not_planned"]) == sorted(ids)
        for registered in doc["runs"]:
            assert "reported" not in registered, registered["id"]
            for key in REGISTERED_KEYS:
                assert runs[registered["id"]][key] == registered[key], (registered["id"], key)
        for p in pred["runs"]:
            tokens, _tflops, _how = published_per_gpu(runs[p["id"]])
            if tokens:
                assert abs(p["predicted_tokens_per_s_per_gpu"] / tokens - 1) > 1e-6, p["id"]
    registered = {r["id"] for _p, d in _registered_files() for r in d["runs"]}
    for run in RUNS:
        if "reported" in run:  # a figure only after its committed prediction
            assert run["id"] in registered, run["id"]
