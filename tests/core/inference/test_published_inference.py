"""The published inference measurements against their pre-registrations: every figure has a
committed prediction of the same metric, and the unit the source states matches it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
PUBLISHED = json.loads((ROOT / "resources" / "published_inference.json").read_text())
PRE_FILES = sorted((ROOT / "benchmarks" / "data" / "preregistered_inference").glob("*.json"))
PRE = {
    row["id"]: (doc, row)
    for path in PRE_FILES
    for doc in [json.loads(path.read_text())]
    for row in doc["rows"]
}
ALL_ROWS = PUBLISHED["measurements"]
#: Rows with their published figure (a pre-registered row waits for it without ``value``).
ROWS = [r for r in ALL_ROWS if r.get("value") is not None and r.get("inputs")]

#: The pre-registered metric each published metric is compared with (the v0.6.1 A100 column does
#: not say per GPU or total; the page's H100 column is per GPU).
SAME = {
    "output_tokens_per_s_total": "output_tokens_per_s_total",
    "output_tokens_per_s_per_gpu": "output_tokens_per_s_per_gpu",
    "output_tokens_per_s_ambiguous": "output_tokens_per_s_per_gpu",
    "ttft_s": "ttft_s",
    "tpot_s": "tpot_s",
    "e2e_latency_s": "e2e_latency_s",
    "input_tokens_per_s_per_node": "input_tokens_per_s_per_node",
    "output_tokens_per_s_per_node": "output_tokens_per_s_per_node",
}


def test_every_row_is_preregistered_with_its_inputs() -> None:
    for fig in ALL_ROWS:
        doc, row = PRE[fig["id"]]
        assert doc["commit"] == fig["commit"]
        if "inputs" in row:  # the second set keeps the inputs it was predicted from
            assert (row["prediction"] is None) == (fig["inputs"] is None)
            if row["inputs"]:  # inputs added or changed later are named in the row
                notes = " ".join(fig.get("added_after_preregistration", []))
                for key in set(fig["inputs"]) | set(row["inputs"]):
                    if fig["inputs"].get(key) != row["inputs"].get(key):
                        assert key in notes, (fig["id"], key)


def test_sources_have_provenance() -> None:
    """A page on GitHub is cited at its commit; any other page by its stated version and the
    day it was read."""
    codes = {row["source"] for row in ALL_ROWS}
    assert codes == {s["code"] for s in PUBLISHED["sources"]}
    for s in PUBLISHED["sources"]:
        assert s["date"] and s["url"].startswith("https://")
        if s["url"].startswith("https://github.com/"):
            assert s["commit"] in s["url"] and len(s["commit"]) == 40
        else:
            assert s["commit"] is None and s["version"] and s["retrieved"][:4].isdigit()


@pytest.mark.parametrize("fig", ROWS, ids=[r["id"] for r in ROWS])
def test_figure_has_preregistered_prediction_of_the_same_metric(fig: dict) -> None:
    doc, row = PRE[fig["id"]]
    assert doc["source"] == fig["source"] and doc["commit"] == fig["commit"]
    pred = row["prediction"]
    assert pred["metric"] == SAME[fig["metric"]]
    assert fig["value"] > 0 and pred["value"] > 0
    if "inputs" in row:  # second set: checked by test_preregistered_value_is_the_metric_of_its_run
        return
    # The value compared is the one its meaning names: total, or the total over the row's GPUs.
    gpus = row["hardware"]["gpus"]
    total = pred["output_tokens_per_s_total"]
    expected = {
        "output_tokens_per_s_total": total,
        "output_tokens_per_s_per_gpu": total / gpus,
        "ttft_s": pred["ttft_s"],
    }[pred["metric"]]
    assert pred["value"] == pytest.approx(expected, rel=1e-12)
    if fig["metric"] == "ttft_s":
        assert "second" in fig["unit"]
    elif fig["metric"] == "output_tokens_per_s_total":
        assert "total" in fig["unit"]
    elif fig["metric"] == "output_tokens_per_s_per_gpu":
        assert "per GPU" in fig["unit"] or "/GPU" in fig["unit"]


def test_every_figure_was_added_after_its_prediction_was_committed() -> None:
    import subprocess

    def first_commit(path: str) -> str:
        out = subprocess.run(
            ["git", "log", "--diff-filter=A", "--format=%H", "--", path],
            cwd=ROOT, capture_output=True, text=True, check=True,
        ).stdout.split()  # fmt: skip
        return out[-1] if out else ""

    pre = first_commit("benchmarks/data/preregistered_inference")
    fig = first_commit("resources/published_inference.json")
    if not fig or not pre:
        pytest.skip("the history of the files is not in this checkout (or not committed yet)")
    ancestor = subprocess.run(
        ["git", "merge-base", "--is-ancestor", pre, fig], cwd=ROOT, check=False
    )
    assert ancestor.returncode == 0 and pre != fig


SECOND = [(doc, row) for doc, row in PRE.values() if row.get("prediction") and "inputs" in row]


@pytest.mark.parametrize("doc,row", SECOND, ids=[r["id"] for _, r in SECOND])
def test_preregistered_value_is_the_metric_of_its_run(doc: dict, row: dict) -> None:
    """The second and third sets' value is its run's figure in the source's meaning, by hand: the
    total (capped at request rate × output in a Server run), per GPU, per 8-GPU node of a phase,
    or a time: the first token's, one decode step's, or a static batch's to its last token."""
    pred, inputs = row["prediction"], row["inputs"]
    gpus = inputs["gpus"]
    replicas = gpus // inputs["tp"]
    total = pred["output_tokens_per_s_total"]
    if "request_rate" in inputs:
        total = min(total, inputs["request_rate"] * inputs["output"])
    expected = {
        "output_tokens_per_s_total": total,
        "output_tokens_per_s_per_gpu": total / gpus,
        "input_tokens_per_s_per_node": replicas
        * pred["batch"]
        * inputs["prompt"]
        / pred["ttft_s"]
        * 8
        / gpus,
        "output_tokens_per_s_per_node": replicas * pred["batch"] / pred["tpot_s"] * 8 / gpus,
        "ttft_s": pred["ttft_s"],
        "tpot_s": pred["tpot_s"],
        "e2e_latency_s": pred["ttft_s"] + (inputs["output"] - 1) * pred["tpot_s"],
    }[pred["metric"]]
    assert pred["value"] == pytest.approx(expected, rel=1e-12)


def test_second_set_preregistered_before_any_figure() -> None:
    """When each second- or third-set file was first committed, the resource held none of its
    figures."""
    import subprocess

    folder = "benchmarks/data/preregistered_inference"
    later = [*(ROOT / folder).glob("second-*.json"), *(ROOT / folder).glob("third-*.json")]
    for path in sorted(later):
        rel = f"{folder}/{path.name}"
        log = subprocess.run(  # first committed as benchmarks/data/preregistered/inference-*.json
            ["git", "log", "--follow", "--diff-filter=A", "--format=%H", "--", rel],
            cwd=ROOT, capture_output=True, text=True, check=True,
        ).stdout.split()  # fmt: skip
        if not log:
            pytest.skip("the history of the files is not in this checkout (or not committed yet)")
        shown = subprocess.run(
            ["git", "show", f"{log[-1]}:resources/published_inference.json"],
            cwd=ROOT, capture_output=True, text=True, check=True,
        ).stdout  # fmt: skip
        then = {m["id"]: m for m in json.loads(shown)["measurements"]}
        for row in json.loads(path.read_text())["rows"]:
            assert row["id"] in then and then[row["id"]].get("value") is None
