"""Reading collective rows back: series per op/world size/backend, bad lines reported by number."""

from __future__ import annotations

import json

import pytest

from core.comm.results import read_collectives
from core.errors import InputError


def _row(op: str, size: int, busbw: float, **extra) -> str:
    base = {"op": op, "bytes": size, "time_s": 1e-3, "algbw": size / 1e-3, "busbw": busbw}
    return json.dumps(base | {"world_size": 2, "backend": "gloo", "correct": True} | extra)


def test_series_sorted_by_size_and_kept_apart(tmp_path):
    path = tmp_path / "c.jsonl"
    lines = [
        _row("all_reduce", 2048, 2e6),
        _row("all_reduce", 1024, 1e6),
        _row("all_reduce", 1024, 5e6, world_size=4),
        _row("broadcast", 1024, 3e6, correct=False),
        "{cut",
        json.dumps({"op": "all_to_all", "bytes": 1}),
    ]
    path.write_text("\n".join(lines))
    series, problems = read_collectives(path)
    by = {s.label: s for s in series}
    assert by["all_reduce, 2 ranks, gloo"].sizes == (1024.0, 2048.0)
    assert by["all_reduce, 2 ranks, gloo"].busbw == (1e6, 2e6)
    assert by["all_reduce, 4 ranks, gloo"].busbw == (5e6,)
    assert not by["broadcast, 2 ranks, gloo"].all_correct
    assert [p.split(":")[0] for p in problems] == ["line 5", "line 6"]


def test_a_file_without_rows_is_an_input_error(tmp_path):
    path = tmp_path / "points.jsonl"
    path.write_text(json.dumps({"op": "matmul", "seconds": 1}) + "\n")
    with pytest.raises(InputError, match="no collective rows"):
        read_collectives(path)
    with pytest.raises(InputError, match="cannot read"):
        read_collectives(tmp_path / "missing.jsonl")
