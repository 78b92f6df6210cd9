"""The background worker that traces a training step (and, on CUDA, measures one).

A :class:`TraceWorker` is moved to a ``QThread`` by :class:`TraceRunner`; it emits progress,
result and error as signals and stops cooperatively between ops when cancelled. With ``per_rank``
it also traces rank 0 under ZeRO-1/2/3 with fake ranks (:mod:`core.memory.fsdp_trace`).

The worker writes no sentence of its own: what it reports comes from the core as
:class:`core.texts.Text` (sent through ``stage`` and the result, which keep the object), so the tab
shows it in the person's language.
"""

from __future__ import annotations

import traceback
from typing import Any

from PySide6.QtCore import Signal

from app.worker_runner import TracingWorker, WorkerRunner
from core.memory.estimate import MemoryConfig

__all__ = ["TraceRunner", "TraceWorker"]


class TraceWorker(TracingWorker):
    """Runs :func:`core.memory.trace.trace` for one config.

    Signals
    -------
    progress(float, str)
        Fraction done and what is happening.
    result(object)
        ``{"trace": TraceResult, "measured": dict | None, "measure_error": str | None}``: a
        failed or skipped real step (not enough free GPU memory, out of memory) keeps the
        finished trace and says why in ``measure_error``.
        With ``per_rank``: ``"rank"`` (a :class:`~core.memory.fsdp_trace.FsdpTrace` or None) and
        ``"rank_error"`` (why the per-rank trace failed, a core ``Text``, or None).
    stage(float, object)
        Progress of the per-rank trace and the real step: fraction and a core ``Text``.
    error(str)
        Why the trace failed (or ``"cancelled"``).
    finished()
        Always emitted last.
    """

    stage = Signal(float, object)

    def __init__(
        self, cfg: MemoryConfig, capacity: float | None = None, per_rank: bool = False
    ) -> None:
        # ``capacity`` is kept for callers; the real step checks the GPU's free memory instead.
        super().__init__()
        self._cfg, self._capacity, self._per_rank = cfg, capacity, per_rank

    def _run(self) -> None:
        try:
            from core.memory.trace import TraceCancelled, trace

            share = 0.5 if self._per_rank else 1.0
            try:
                out = trace(
                    self._cfg,
                    progress=lambda f, t: self.progress.emit(f * share, t),
                    should_cancel=self._cancel.is_set,
                )
                rank, rank_error = self._rank(share) if self._per_rank else (None, None)
            except TraceCancelled:
                self.error.emit("cancelled")
                return
            measured, measure_error = self._measure()
            self.result.emit({"trace": out, "measured": measured, "measure_error": measure_error,
                              "rank": rank, "rank_error": rank_error})  # fmt: skip
        except Exception as exc:  # the trace reports why; the estimate stays
            detail = traceback.format_exception_only(type(exc), exc)[-1].strip()
            self.error.emit(f"trace failed: {detail}")

    def _rank(self, start: float) -> tuple[Any, Any]:
        """Rank 0 under ZeRO with fake ranks, on its own error path (the one-device trace stays)."""
        from core.errors import InputError
        from core.memory.fsdp_trace import trace_fsdp

        try:
            out = trace_fsdp(
                self._cfg,
                self._cfg.gpus,
                progress=lambda f, t: self.stage.emit(start + f * (1 - start), t),
                should_cancel=self._cancel.is_set,
            )
            return out, None
        except InputError as exc:
            return None, exc.message
        except Exception as exc:  # TraceCancelled passes through
            from core.memory.trace import TraceCancelled

            if isinstance(exc, TraceCancelled):
                raise
            detail = traceback.format_exception_only(type(exc), exc)[-1].strip()
            from core.memory.measure import failed_text

            return None, failed_text("per-rank", detail)

    def _measure(self) -> tuple[dict[str, float] | None, str | None]:
        """The real CUDA step, on its own error path: its failure never discards the trace."""
        from core.memory.measure import MEASURING, MeasurementError, failed_text

        try:
            from core.memory.measure import cuda_available, measure_cuda

            if not cuda_available() or self._cancel.is_set():
                return None, None
            self.stage.emit(0.99, MEASURING)
            return measure_cuda(self._cfg), None
        except MeasurementError as exc:
            return None, exc.args[0] if exc.args else str(exc)
        except Exception as exc:  # the trace stands; say why the measurement is missing
            detail = traceback.format_exception_only(type(exc), exc)[-1].strip()
            return None, failed_text("real", detail)


class TraceRunner(WorkerRunner):
    """Owns at most one running memory trace (see :class:`~app.worker_runner.WorkerRunner`)."""

    stage = Signal(float, object)

    def start(
        self, cfg: MemoryConfig, capacity: float | None = None, per_rank: bool = False
    ) -> bool:
        """Start tracing ``cfg`` (and rank 0 under ZeRO with ``per_rank``); False if one runs."""
        if self.is_running():
            return False
        worker = TraceWorker(cfg, capacity, per_rank)
        worker.stage.connect(self.stage)
        return self._start(worker)
