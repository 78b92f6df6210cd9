"""``step --measure`` on a CPU compares with This machine's measured ceilings, or says none are
measured and how to measure them; ``--device this-machine`` reads them (issue 19 item 9).

Reference: This machine's ceilings are what its points measured (best matmul FLOP/s per dtype, best
copy B/s); the ratio is the roofline prediction on those ceilings over the measured op times.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.cli import main

pytest.importorskip("torch")

TINY = ["--model", "mlp:d=32,layers=2", "--batch", "8", "--recipe", "fp32", "--top", "0"]
POINTS = [
    {"op": "matmul", "dtype": "fp32", "shape": "256x256x256", "flops": 2 * 256**3, "bytes": 786432,
     "seconds": 2 * 256**3 / 5e10, "spread": 0.01, "device": "cpu", "device_name": "test cpu",
     "threads": 1, "flop_rate": 5e10, "byte_rate": 786432 / (2 * 256**3 / 5e10)},
    {"op": "copy", "dtype": "fp32", "shape": "1M", "flops": 0, "bytes": 8e6, "seconds": 8e6 / 1e10,
     "spread": 0.01, "device": "cpu", "device_name": "test cpu", "threads": 1, "flop_rate": 0.0,
     "byte_rate": 1e10},
]  # fmt: skip


@pytest.fixture
def measurements(tmp_path: Path) -> Path:
    path = tmp_path / "points.jsonl"
    path.write_text("".join(json.dumps(p) + "\n" for p in POINTS), encoding="utf-8")
    return path


def _run(capsys, *args: str) -> dict:
    assert main(["step", *TINY, *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_cpu_measure_without_measurements_says_how(capsys) -> None:
    out = _run(capsys, "--measure")
    assert out["measured"]["device"] == "cpu"  # no GPU here
    assert out["measured"]["compare"] == {}  # an H100 datasheet says nothing about this CPU
    assert "napkinlab bench --suite quick" in out["measured"]["note"]


def test_cpu_measure_compares_with_this_machine(capsys, measurements: Path) -> None:
    from core.bench.this_machine import this_machine
    from core.memory import MemoryConfig, parse_model, recipe
    from core.memory.recipes import optimizer
    from core.step.predict import predict
    from core.step.trace import trace_config

    out = _run(capsys, "--measure", "--measurements", str(measurements))
    (key,) = out["measured"]["compare"]
    comp = out["measured"]["compare"][key]
    assert key == "this_machine" and "note" not in out["measured"]
    cfg = MemoryConfig(parse_model("mlp:d=32,layers=2"), batch=8, recipe=recipe("fp32"),
                       optimizer=optimizer("adamw"), kernels="cpu")  # fmt: skip
    # This machine's ceilings are measured: the roofline on them (core.step.compare).
    expected = predict(trace_config(cfg), this_machine(POINTS), model="roofline").step_time_s
    assert comp["predicted_s"] == pytest.approx(expected)
    assert comp["ratio"] == pytest.approx(comp["predicted_s"] / comp["measured_ops_s"])


def test_device_this_machine_reads_the_measurements(capsys, measurements: Path) -> None:
    out = _run(capsys, "--device", "this-machine", "--measurements", str(measurements))
    assert out["device"] == "this-machine"
    assert main(["step", *TINY, "--device", "this-machine"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "napkinlab bench --suite quick --out" in err


def test_the_tab_compares_the_same_way(qtbot, measurements: Path) -> None:
    from app.state import AppState
    from app.tabs.step_tab import StepPage
    from core.bench.this_machine import this_machine
    from core.step.measure import Measured
    from core.step.options import inputs_from_options
    from core.step.trace import trace_config

    inputs = inputs_from_options(model="mlp:d=32,layers=2", batch="8", recipe="fp32")
    trace = trace_config(inputs.config)
    measured = Measured(tuple(1e-4 for _ in trace.ops), 0.01, len(trace.ops), (), device="cpu")
    page = StepPage(AppState())
    qtbot.addWidget(page)
    page.set_result(trace, inputs, measured)
    assert "napkinlab bench --suite quick" in page.status.text()
    state = AppState()
    state.add_device(this_machine(POINTS))
    other = StepPage(state)
    qtbot.addWidget(other)
    other.set_result(trace, inputs, measured)
    assert "predicted on This machine" in other.status.text() and "ratio" in other.status.text()
    page.shutdown()
    other.shutdown()
