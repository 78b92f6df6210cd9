"""``napkinlab inference --published`` and :mod:`core.inference.published`: each row predicted as
its own ``napkinlab inference`` command predicts it, errors and MAPE against a hand computation."""

from __future__ import annotations

import json
import shlex

import pytest

import app.cli.inference_published as published_cli
from app.cli import main
from core.inference.published import (
    compare,
    kind,
    load_measurements,
    predict_row,
    read_preregistered,
)


@pytest.fixture(scope="module")
def published_json() -> dict:
    """The slow part, once: every row of the resource predicted through the CLI."""
    import contextlib
    import io

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert main(["inference", "--published", "--json"]) == 0
    return json.loads(buf.getvalue())


def test_every_row_and_the_json_keys(published_json):
    measurements = [m for m in load_measurements() if m.get("value") and m.get("inputs")]
    rows = published_json["rows"]
    assert [r["id"] for r in rows] == [m["id"] for m in measurements]
    for row, m in zip(rows, measurements, strict=True):
        assert {"id", "source", "metric", "predicted", "published", "error"} <= set(row)
        assert row["published"] == m["value"] and row["source"] == m["source"]
        assert row["error"] == pytest.approx((row["predicted"] - m["value"]) / m["value"])
    assert set(published_json["by_source"]) == {m["source"] for m in measurements} | {"all"}


def test_mape_and_signed_mean_by_hand(published_json):
    rows = published_json["rows"]
    for source, kinds in published_json["by_source"].items():
        for metric_kind, entry in kinds.items():
            mine = [
                r for r in rows
                if (source == "all" or r["source"] == source) and kind(r["metric"]) == metric_kind
            ]  # fmt: skip
            errors = [(r["predicted"] - r["published"]) / r["published"] for r in mine]
            assert entry["n"] == len(mine) > 0
            assert entry["mape"] == pytest.approx(sum(map(abs, errors)) / len(errors))
            assert entry["signed"] == pytest.approx(sum(errors) / len(errors))
    assert published_json["by_source"]["all"]["throughput"]["n"] == sum(
        kind(r["metric"]) == "throughput" for r in rows
    )


def test_inputs_are_the_preregistered_commands():
    """The resource's inputs are the arguments each row's prediction was pre-registered with."""
    if not published_cli.PREREGISTERED.is_dir():
        pytest.skip("no source checkout")
    commands = {}
    for path in published_cli.PREREGISTERED.glob("*.json"):
        for row in json.loads(path.read_text())["rows"]:
            if "command" in row:  # the second set keeps its inputs instead
                commands[row["id"]] = shlex.split(row["command"])[2:]
    later = {
        "max_num_seqs",
        "max_num_tokens",
        "dp_attention",
        "host_overhead",
        "kv_read_per_query_head",
    }  # added after, named in the row
    for m in load_measurements():
        if m["id"] not in commands:
            continue  # the second set keeps its inputs, compared in tests/core/inference
        inputs = {k: v for k, v in m["inputs"].items() if k != "batch_ceiling"}
        if m.get("added_after_preregistration"):
            inputs = {k: v for k, v in inputs.items() if k not in later}
        argv = []
        for name, value in inputs.items():
            argv += ["--" + name.replace("_", "-"), str(value)]
        assert argv == commands[m["id"]], m["id"]


def test_rows_predicted_as_their_own_command(published_json, capsys):
    """Rows of each plain metric (per GPU, total, first-token latency, time per output token, a
    static batch's end-to-end latency) against the plain command."""
    by_id = {r["id"]: r for r in published_json["rows"]}
    picks = {}
    plain = ("ttft_s", "tpot_s", "e2e_latency_s", "output_tokens_per_s_total",
             "output_tokens_per_s_per_gpu")  # fmt: skip
    for m in load_measurements():
        if m["metric"] in plain and not {"request_rate", "decode_only"} & set(m["inputs"]):
            picks.setdefault(m["metric"], m)
    assert set(picks) == set(plain)
    for metric, m in picks.items():
        argv = ["inference"]
        for name, value in m["inputs"].items():
            if name == "batch_ceiling" or value is False:
                continue
            argv += ["--" + name.replace("_", "-")] + ([] if value is True else [str(value)])
        assert main([*argv, "--json"]) == 0
        out = json.loads(capsys.readouterr().out)
        if m["inputs"].get("batch_ceiling") and out["batch"] > m["inputs"]["batch_ceiling"]:
            continue  # the ceiling's re-run is checked in test_batch_ceiling
        expected = {
            "ttft_s": out["ttft_s"],
            "tpot_s": out["tpot_s"],
            "e2e_latency_s": out["ttft_s"] + (m["inputs"]["output"] - 1) * out["tpot_s"],
            "output_tokens_per_s_total": out["output_tokens_per_s"],
        }.get(metric, out["output_tokens_per_s"] / m["inputs"]["gpus"])
        assert by_id[m["id"]]["predicted"] == pytest.approx(expected), metric


def test_batch_ceiling_reruns_at_the_ceiling():
    calls = []

    def run(inputs):
        calls.append(dict(inputs))
        batch = 10_000 if inputs["batch"] == "max" else inputs["batch"]
        return {"batch": batch, "output_tokens_per_s": 3.0 * batch, "ttft_s": 1.0}

    m = {"metric": "output_tokens_per_s_per_gpu", "value": 1.0,
         "inputs": {"gpus": 2, "batch": "max", "batch_ceiling": 8192}}  # fmt: skip
    value, _ = predict_row(m, run)
    assert [c["batch"] for c in calls] == ["max", 8192]
    assert "batch_ceiling" not in calls[0]
    assert value == 3.0 * 8192 / 2


def test_preregistered_shown_in_a_checkout_only(published_json, monkeypatch, capsys, tmp_path):
    if published_cli.PREREGISTERED.is_dir():
        pre = read_preregistered(published_cli.PREREGISTERED)
        for row in published_json["rows"]:
            assert row["preregistered"] == pre[row["id"]]
    monkeypatch.setattr(published_cli, "PREREGISTERED", tmp_path / "absent")
    assert main(["inference", "--published"]) == 0
    text = capsys.readouterr().out
    assert "source checkout only" in text and "pre-reg" not in text.splitlines()[0]
    first = load_measurements()[:1]
    result = compare(lambda inputs: {"batch": 1, "output_tokens_per_s": 1.0, "ttft_s": 1.0},
                     None, first)  # fmt: skip
    assert not result.preregistered_read and "preregistered" not in result.to_dict()["rows"][0]
