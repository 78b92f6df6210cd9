"""``napkinlab bench``: JSON lines on stdout and in FILE, progress on stderr, bad arguments exit 2."""

from __future__ import annotations

import json

import pytest

import core.bench.suites
from app.cli import main
from core.bench.measurements import REQUIRED_KEYS, read_measurements
from core.bench.suites import Case

torch = pytest.importorskip("torch")


@pytest.fixture
def tiny_suite(monkeypatch):
    cases = [
        Case("matmul", "fp32", {"m": 16, "k": 16, "n": 16}, budget_s=0.005),
        Case("matmul", "fp4", {"m": 8, "k": 8, "n": 8}, budget_s=0.005),
        Case("dot", "fp32", {"n": 1024}, budget_s=0.005),
    ]
    monkeypatch.setattr(core.bench.suites, "build_suite", lambda name, device="cpu": cases)
    return cases


def test_json_points_on_stdout_and_in_file(tiny_suite, tmp_path, capsys):
    out = tmp_path / "points.jsonl"
    assert main(["bench", "--json", "--threads", "1", "--out", str(out)]) == 0
    captured = capsys.readouterr()
    printed = [json.loads(line) for line in captured.out.splitlines()]
    assert [p["op"] for p in printed] == ["matmul", "dot"]
    assert all(set(REQUIRED_KEYS) <= set(p) for p in printed)
    assert printed[1]["flops"] == 2 * 1024  # a multiply-add per element
    assert list(read_measurements(out).points) == printed
    assert "fp4" in captured.err and "[3/3" in captured.err  # the failure and progress on stderr


def test_bad_arguments_exit_2(tiny_suite, capsys):
    assert main(["bench", "--threads", "0"]) == 2
    assert "--threads" in capsys.readouterr().err
    if not torch.cuda.is_available():
        assert main(["bench", "--device", "cuda"]) == 2
        assert "allowed: cpu" in capsys.readouterr().err
    assert main(["bench", "--suite", "huge"]) == 2
