"""Which data-path rate the Plan takes from a file of runs."""

from __future__ import annotations

import json

import pytest

from core.bench.data_results import delivered_rate
from core.errors import InputError


def _write(path, points, junk=False):
    lines = [json.dumps(p) for p in points]
    if junk:
        lines.insert(1, "{not json")
        lines.insert(1, json.dumps({"suite": "quick", "tokens_per_s": 9e99}))
    path.write_text("\n".join(lines) + "\n")


def _p(run, variant, workers, rate, device="cpu"):
    return {"suite": "data", "run": run, "variant": variant, "workers": workers,
            "tokens_per_s": rate, "device": device}  # fmt: skip


def test_latest_run_fastest_configuration(tmp_path):
    f = tmp_path / "d.jsonl"
    _write(f, [_p("a", "assemble", 0, 9e9), _p("b", "assemble", 0, 3e8),
               _p("b", "assemble", 2, 5e7)], junk=True)  # fmt: skip
    rate = delivered_rate(f)
    assert rate.tokens_per_s == 3e8  # run "a" is older: its faster figure is not today's machine
    assert rate.point["run"] == "b"


def test_on_cuda_the_rate_ends_on_the_gpu(tmp_path):
    f = tmp_path / "d.jsonl"
    _write(f, [_p("c", "assemble", 0, 4e8, "cuda"), _p("c", "pageable", 0, 1e8, "cuda"),
               _p("c", "pinned", 0, 2e8, "cuda")])  # fmt: skip
    assert delivered_rate(f).tokens_per_s == 2e8


def test_missing_files(tmp_path, monkeypatch):
    monkeypatch.setattr(
        "core.bench.data_results.default_data_path_file", lambda: tmp_path / "none.jsonl"
    )
    assert delivered_rate() is None  # the app's own file missing: nothing measured
    with pytest.raises(InputError):
        delivered_rate(tmp_path / "named.jsonl")  # a file named on purpose must exist
