"""The trace worker: a failed real CUDA step keeps the finished trace (issue 11, item 23)."""

from __future__ import annotations

import pytest

from app.memory_worker import TraceWorker
from core.memory import MemoryConfig, MLPSpec, recipe

pytest.importorskip("torch")


def _run(worker: TraceWorker) -> tuple[list, list]:
    results: list = []
    errors: list = []
    worker.result.connect(results.append)
    worker.error.connect(errors.append)
    worker.run()  # in this thread: the signals are delivered directly
    return results, errors


def test_measurement_failure_keeps_the_trace(monkeypatch: pytest.MonkeyPatch) -> None:
    import core.memory.measure as measure

    def oom(cfg, capacity=None, **kw):
        raise measure.MeasurementError("real step ran out of memory: CUDA out of memory")

    monkeypatch.setattr(measure, "cuda_available", lambda: True)
    monkeypatch.setattr(measure, "measure_cuda", oom)
    results, errors = _run(
        TraceWorker(MemoryConfig(MLPSpec(32, 2), batch=4, recipe=recipe("fp32")))
    )
    assert errors == []
    (payload,) = results
    assert payload["trace"].peak > 0 and payload["measured"] is None
    assert payload["measure_error"].startswith("real step ran out of memory")


def test_unexpected_measurement_error_is_reported_too(monkeypatch: pytest.MonkeyPatch) -> None:
    import core.memory.measure as measure

    def broken(cfg, capacity=None, **kw):
        raise RuntimeError("CUDA driver error")

    monkeypatch.setattr(measure, "cuda_available", lambda: True)
    monkeypatch.setattr(measure, "measure_cuda", broken)
    results, _ = _run(TraceWorker(MemoryConfig(MLPSpec(32, 2), batch=4)))
    assert results[0]["measure_error"] == "real step failed: RuntimeError: CUDA driver error"
    assert results[0]["trace"] is not None
