"""The background worker that traces a training step (and, on CUDA, measures one).

A :class:`TraceWorker` is moved to a ``QThread`` by :class:`TraceRunner`; it emits progress,
result and error as signals and stops cooperatively between ops when cancelled.
"""

from __future__ import annotations

import traceback

from PySide6.QtCore import Slot

from app.worker_runner import CancellableWorker, WorkerRunner
from core.memory.estimate import MemoryConfig

__all__ = ["TraceRunner", "TraceWorker"]


class TraceWorker(CancellableWorker):
    """Runs :func:`core.memory.trace.trace` for one config.

    Signals
    -------
    progress(float, str)
        Fraction done and what is happening.
    result(object)
        ``{"trace": TraceResult, "measured": dict | None, "measure_error": str | None}``: a
        failed or skipped real step (not enough free GPU memory, out of memory) keeps the
        finished trace and says why in ``measure_error``.
    error(str)
        Why the trace failed (or ``"cancelled"``).
    finished()
        Always emitted last.
    """

    def __init__(self, cfg: MemoryConfig, capacity: float | None = None) -> None:
        # ``capacity`` is kept for callers; the real step checks the GPU's free memory instead.
        super().__init__()
        self._cfg, self._capacity = cfg, capacity

    @Slot()
    def run(self) -> None:
        """Trace (then measure on CUDA when available); never raises."""
        try:
            from core.memory.trace import TraceCancelled, trace

            try:
                out = trace(
                    self._cfg, progress=self.progress.emit, should_cancel=self._cancel.is_set
                )
            except TraceCancelled:
                self.error.emit("cancelled")
                return
            measured, measure_error = self._measure()
            self.result.emit({"trace": out, "measured": measured, "measure_error": measure_error})
        except Exception as exc:  # the trace reports why; the estimate stays
            detail = traceback.format_exception_only(type(exc), exc)[-1].strip()
            self.error.emit(f"trace failed: {detail}")
        finally:
            self.finished.emit()

    def _measure(self) -> tuple[dict[str, float] | None, str | None]:
        """The real CUDA step, on its own error path: its failure never discards the trace."""
        try:
            from core.memory.measure import MeasurementError, cuda_available, measure_cuda

            if not cuda_available() or self._cancel.is_set():
                return None, None
            self.progress.emit(0.99, "measuring a real step on CUDA")
            return measure_cuda(self._cfg), None
        except MeasurementError as exc:
            return None, str(exc)
        except Exception as exc:  # the trace stands; say why the measurement is missing
            detail = traceback.format_exception_only(type(exc), exc)[-1].strip()
            return None, f"real step failed: {detail}"


class TraceRunner(WorkerRunner):
    """Owns at most one running memory trace (see :class:`~app.worker_runner.WorkerRunner`)."""

    def start(self, cfg: MemoryConfig, capacity: float | None = None) -> bool:
        """Start tracing ``cfg``; returns False if one is already running."""
        if self.is_running():
            return False
        return self._start(TraceWorker(cfg, capacity))
