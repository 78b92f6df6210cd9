"""``napkinlab bench --suite data``: a point per configuration, the file the Plan reads, bad input."""

from __future__ import annotations

import dataclasses
import json

import pytest

from app.cli import data_bench, main
from core.bench.data_results import delivered_rate

pytest.importorskip("torch")


@pytest.fixture
def quick_budget(monkeypatch):
    real = data_bench.config
    monkeypatch.setattr(
        data_bench, "config", lambda args: dataclasses.replace(real(args), budget_s=0.02)
    )


def test_json_rates_per_worker_count_and_the_file(quick_budget, tmp_path, capsys):
    out = tmp_path / "data.jsonl"
    argv = ["bench", "--suite", "data", "--tokens", "64K", "--seq", "128", "--batch", "4",
            "--workers", "2", "--json", "--out", str(out), "--tmp-dir", str(tmp_path)]  # fmt: skip
    assert main(argv) == 0
    captured = capsys.readouterr()
    points = [json.loads(line) for line in captured.out.splitlines()]
    assert sorted({p["workers"] for p in points}) == [0, 1, 2]
    for p in points:
        assert p["tokens_per_s"] == pytest.approx(128 * 4 / p["seconds_per_batch"])
        assert p["file_tokens"] == 64_000
    assert [p.name for p in tmp_path.iterdir()] == ["data.jsonl"]  # the token file is gone
    rate = delivered_rate(out)
    assert rate is not None and rate.tokens_per_s == max(p["tokens_per_s"] for p in points)
    assert "[1/5]" in captured.err


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["bench", "--suite", "quick", "--seq", "5"], "--seq: not used by bench --suite quick"),
        (["bench", "--suite", "data", "--tokens", "10"], "allowed: 2,050 or more"),
        (["bench", "--suite", "data", "--workers", "0"], "--workers"),
        (["bench", "--suite", "data", "--device", "cpu"], "--device: not used"),
    ],
)
def test_bad_input_exits_2(argv, needle, capsys):
    assert main(argv) == 2
    assert needle in capsys.readouterr().err
