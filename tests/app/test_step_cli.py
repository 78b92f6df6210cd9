"""``napkinlab step``: the issue's JSON keys, hand-counted values, measure, CSV and bad input."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from app.cli import main

pytest.importorskip("torch")


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    assert main(["step", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_lecture_mlp_keys_and_hand_counts(capsys: pytest.CaptureFixture[str]) -> None:
    b, d, layers = 8, 32, 2
    out = _json(capsys, "--model", f"mlp:d={d},layers={layers}", "--batch", str(b), "--recipe",
                "fp32", "--optimizer", "adam", "--device", "a100-sxm")  # fmt: skip
    n = d * d * layers
    for row, elements in (("params", n), ("grads", n), ("optimizer", 2 * n)):
        assert out[row] == {"dtype": "fp32", "elements": elements, "bytes": 4 * elements}
    assert set(out["activations"]) == {"dtype", "elements", "bytes"}
    op = out["ops"][0]
    assert set(op) >= {"index", "phase", "module", "kind", "name", "dtype", "flops", "bytes_read",
                       "bytes_written", "predicted_s"}  # fmt: skip
    phases = [o["phase"] for o in out["ops"]]
    assert phases == sorted(phases, key=("forward", "backward", "optimizer").index)
    # Matmuls: forward 2·B·N, backward 4·B·N less the input's gradient (2·B·D²) nobody needs.
    mm = sum(o["flops"] for o in out["ops"] if o["kind"] == "matmul")
    assert mm == 6 * b * n - 2 * b * d * d
    assert out["step_time_s"] == pytest.approx(sum(o["predicted_s"] for o in out["ops"]))
    assert set(out["totals"]["phase"]) == {"forward", "backward", "optimizer"}
    assert out["totals"]["kind"]["matmul"]["flops"] == mm
    assert 0 < out["mfu"] < 1
    assert "measured_s" not in out


@pytest.mark.slow
def test_measure_and_csv(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "ops.csv"
    assert main(["step", "--model", "transformer:d=32,layers=1,heads=2,vocab=64", "--seq", "8",
                 "--batch", "2", "--recipe", "fp32", "--measure", "--csv", str(path)]) == 0  # fmt: skip
    capsys.readouterr()
    out = _json(capsys, "--model", "transformer:d=32,layers=1,heads=2,vocab=64", "--seq", "8",
                "--batch", "2", "--recipe", "fp32", "--measure")  # fmt: skip
    assert out["measured"]["matched"] == out["measured"]["ops"] == len(out["ops"])
    assert all(o["measured_s"] >= 0 for o in out["ops"])
    assert out["measured_s"] == pytest.approx(sum(o["measured_s"] for o in out["ops"]))
    with path.open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert len(rows) == len(out["ops"]) and rows[0]["measured_s"]


def test_gpus_add_the_gradient_all_reduce(capsys: pytest.CaptureFixture[str]) -> None:
    base = ["--model", "mlp:d=32,layers=2", "--batch", "4", "--recipe", "fp32", "--device",
            "h100-sxm", "--top", "0"]  # fmt: skip
    one = _json(capsys, *base)
    eight = _json(capsys, *base, "--gpus", "8")
    assert "communication" not in one and "communication" not in one["totals"]["kind"]
    c = eight["communication"]
    grad_bytes = 4 * 32 * 32 * 2
    link = 450e9  # H100 SXM: NVLink 4, 450 GB/s per GPU each way
    assert c["bytes"] == grad_bytes and c["gpus"] == 8 and c["nodes"] == 1
    assert c["time_s"] == pytest.approx(2 * 7 / 8 * grad_bytes / link)
    assert eight["step_time_s"] == pytest.approx(one["step_time_s"] + c["time_s"])
    assert eight["totals"]["kind"]["communication"]["predicted_s"] == c["time_s"]
    assert c["share"] == pytest.approx(c["time_s"] / eight["step_time_s"])
    assert c["overlapped"] is False


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--config", "{missing}"], "cannot read"),
        (["--config", "{notjson}"], "is not JSON"),
        (["--config", "{nofield}"], "lacks the field 'vocab_size'"),
        (["--config", "{bert}"], "unknown architecture"),
        (["--model", "transformer:d=64,layers=9000,heads=4"], "too large to trace"),
        (["--model", "llama2-7b", "--seq", "4096", "--measure"], "measure:"),
        (["--device", "nope"], "device: unknown"),
        (["--model", "mlp:d=8,layers=1", "--gpus", "12"], "whole nodes"),
        (["--model", "mlp:d=8,layers=1", "--gpus", "0"], "gpus"),
    ],
)
def test_bad_input_is_one_line_exit_2(
    args: list[str], needle: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    files = {"missing": tmp_path / "none.json", "notjson": tmp_path / "a.json",
             "nofield": tmp_path / "b.json", "bert": tmp_path / "c.json"}  # fmt: skip
    files["notjson"].write_text("{", encoding="utf-8")
    files["nofield"].write_text(json.dumps({"model_type": "llama"}), encoding="utf-8")
    files["bert"].write_text(json.dumps({"model_type": "no-such-arch"}), encoding="utf-8")
    args = [a.format(**{k: str(v) for k, v in files.items()}) for a in args]
    assert main(["step", *args]) == 2
    err = capsys.readouterr().err.strip()
    assert needle in err and "\n" not in err
