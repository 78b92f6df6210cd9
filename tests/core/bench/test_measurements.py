"""The JSON-lines file: survives a killed writer, keeps every complete line of a damaged file."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from core.bench.measurements import (
    REQUIRED_KEYS,
    MeasurementWriter,
    default_measurements_path,
    read_measurements,
)
from core.errors import InputError

ROOT = Path(__file__).resolve().parents[3]


def point(i: int) -> dict:
    return {
        "op": "matmul",
        "dtype": "fp32",
        "shape": [i, i, i],
        "flops": 2.0 * i**3,
        "bytes": 12.0 * i * i,
        "seconds": 1e-3 * i,
        "spread": 0.01,
        "device": "cpu",
    }


def test_round_trip_and_non_finite_numbers(tmp_path):
    path = tmp_path / "m.jsonl"
    with MeasurementWriter(path, sync=False) as w:
        w.write(point(1))
        w.write({**point(2), "mfu": float("nan")})
    result = read_measurements(path)
    assert result.problems == ()
    assert result.points[0] == point(1)
    assert result.points[1]["mfu"] == "nan"  # strict JSON, as the CLI prints it
    for line in path.read_text().splitlines():
        json.loads(line)  # every line is JSON on its own


def test_default_path_is_in_the_data_folder():
    assert (
        default_measurements_path() == Path(os.environ["NAPKINLAB_DATA_DIR"]) / "measurements.jsonl"
    )


WRITER = """
import sys
from core.bench.measurements import MeasurementWriter
w = MeasurementWriter(sys.argv[1])
i = 0
while True:
    i += 1
    w.write({"op": "copy", "dtype": "fp32", "shape": [i], "flops": 0, "bytes": 8 * i,
             "seconds": 0.001, "spread": 0.0, "device": "cpu", "pad": "x" * 4000})
    print(i, flush=True)
"""


def test_points_survive_a_killed_process(tmp_path):
    path = tmp_path / "killed.jsonl"
    proc = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path)],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        for _ in range(20):  # wait (without sleeping) until 20 points are reported written
            announced = int(proc.stdout.readline())
    finally:
        proc.kill()  # SIGKILL: no cleanup, no flush at exit
        proc.wait()
        proc.stdout.close()
    assert proc.returncode != 0
    result = read_measurements(path)
    assert len(result.points) >= announced == 20
    shapes = [p["shape"][0] for p in result.points]
    assert shapes == list(range(1, len(shapes) + 1))  # nothing lost, nothing out of order
    assert all("last line" in p for p in result.problems) and len(result.problems) <= 1


def test_truncated_file_keeps_every_complete_line(tmp_path):
    path = tmp_path / "cut.jsonl"
    with MeasurementWriter(path, sync=False) as w:
        for i in range(1, 6):
            w.write(point(i))
    data = path.read_bytes()
    starts = [0] + [i + 1 for i, b in enumerate(data) if b == ord("\n")]
    path.write_bytes(data[: starts[3] + 25])  # cut 25 bytes into the 4th line
    result = read_measurements(path)
    assert [p["shape"][0] for p in result.points] == [1, 2, 3]
    assert len(result.problems) == 1 and result.problems[0].startswith("line 4:")
    # Appending after a cut line starts a new line, so the next point is readable.
    with MeasurementWriter(path, sync=False) as w:
        w.write(point(9))
    again = read_measurements(path)
    assert [p["shape"][0] for p in again.points] == [1, 2, 3, 9]
    assert len(again.problems) == 1 and again.problems[0].startswith("line 4: not JSON")


def test_corrupt_and_incomplete_points_are_reported_by_line(tmp_path):
    path = tmp_path / "bad.jsonl"
    bad = {k: v for k, v in point(3).items() if k != "seconds"}
    lines = [
        json.dumps(point(1)),
        "{not json",
        json.dumps(bad),
        json.dumps([1, 2]),
        "",
        json.dumps({**point(5), "flops": "many"}),
        json.dumps(point(6)),
    ]
    path.write_text("\n".join(lines) + "\n")
    result = read_measurements(path)
    assert [p["shape"][0] for p in result.points] == [1, 6]
    numbers = [p.split(":")[0] for p in result.problems]
    assert numbers == ["line 2", "line 3", "line 4", "line 6"]
    assert "seconds" in result.problems[1] and all(k in result.problems[1] for k in REQUIRED_KEYS)


def test_missing_file_is_an_input_error(tmp_path):
    with pytest.raises(InputError, match="cannot read measurements"):
        read_measurements(tmp_path / "nope.jsonl")


# issue 11 ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("line", "words"),
    [
        ('{"op": "dot", "flops": 16, "bytes": 64, "seconds": NaN', "NaN is not a number"),
        ('{"op": "dot", "flops": 1e400, "bytes": 64, "seconds": 1e-6', "1e400 is out of range"),
        ('{"op": "dot", "flops": 16, "bytes": 64, "seconds": 1e-320', "1e-320 is too small"),
        ('{"op": "dot", "flops": 16, "bytes": 64, "seconds": 1e-13', "'seconds' must be a number"),
        ('{"op": "dot", "flops": 16, "bytes": 1e-200, "seconds": 1e-6', "'bytes' must be a number"),
        ('{"op": "dot", "flops": 1e31, "bytes": 64, "seconds": 1e-6', "'flops' must be a number"),
        ('{"op": "dot", "flops": 16, "bytes": 64, "seconds": 1e-6, "q1": 1e-300', "'q1' must be"),
        ('{"op": "dot", "flops": 16, "bytes": 64, "seconds": 1e-6, "x": ' + "[" * 5000, "nested"),
    ],
)
def test_numbers_out_of_range_are_skipped_by_line(tmp_path, line: str, words: str) -> None:
    rest = ', "dtype": "fp32", "shape": [8], "spread": 0.0, "device": "cpu"}'
    bad = line + ("" if line.endswith("[") else rest)
    path = tmp_path / "m.jsonl"
    path.write_text(json.dumps(point(1)) + "\n" + bad + "\n" + json.dumps(point(3)) + "\n")
    result = read_measurements(path)
    assert [p["shape"][0] for p in result.points] == [1, 3]
    (problem,) = result.problems
    assert problem.startswith("line 2: ") and words in problem and len(problem) < 200


def test_the_writer_refuses_a_fifo_and_a_read_only_file(tmp_path):
    import signal

    fifo = tmp_path / "fifo.jsonl"
    os.mkfifo(fifo)
    signal.alarm(10)  # a blocking open fails the test instead of hanging the suite
    try:
        with pytest.raises(InputError, match="FIFO"):
            MeasurementWriter(fifo)
    finally:
        signal.alarm(0)
    locked = tmp_path / "locked.jsonl"
    locked.write_text(json.dumps(point(1)) + "\n")
    locked.chmod(0o444)
    with pytest.raises(InputError, match="read-only"):
        MeasurementWriter(locked)
    assert locked.read_text() == json.dumps(point(1)) + "\n"
