"""The background worker that traces one training step op by op for the Step tab.

A :class:`StepWorker` is moved to a ``QThread`` by :class:`StepRunner`; it emits progress, result and
error as signals and stops cooperatively (between ops) when cancelled. Nothing is raised in the
thread.
"""

from __future__ import annotations

import traceback

from app.worker_runner import TracingWorker, WorkerRunner
from core.step.options import HFInputs, StepInputs

__all__ = ["StepRunner", "StepWorker"]


class StepWorker(TracingWorker):
    """Runs :func:`core.step.cache.cached_trace` for one set of inputs (or
    :func:`core.step.hf_build.trace_hf_config` for :class:`~core.step.options.HFInputs`).

    Signals
    -------
    progress(float, str)
        Fraction done and what is happening.
    result(object)
        ``{"trace": StepTrace, "inputs": StepInputs | HFInputs, "measured": Measured | None}``.
    error(str)
        Why the trace failed (or ``"cancelled"``).
    finished()
        Always emitted last.
    """

    def __init__(self, inputs: StepInputs | HFInputs, measure: bool = False) -> None:
        super().__init__()
        self._inputs, self._measure = inputs, measure

    def _run(self) -> None:
        try:
            from core.errors import InputError
            from core.memory.trace import TraceCancelled
            from core.step.cache import cached_trace

            if isinstance(self._inputs, HFInputs):
                self._run_hf(self._inputs)
                return
            config = self._inputs.config
            try:
                if self._measure:
                    from core.step.measure import check_fits, measurable

                    config = measurable(config)  # the kernels of the device the run is on
                    check_fits(config)  # refused before anything is built
                # The same inputs, torch and code are read back from the trace cache (the tab
                # says so), as the screenshot command and the window's warm-up store them.
                out = cached_trace(
                    config,
                    progress=self.progress.emit,
                    should_cancel=self._cancel.is_set,
                )
            except TraceCancelled:
                self.error.emit("cancelled")
                return
            except InputError as exc:
                self.error.emit(exc.message)
                return
            out.notes.extend(self._inputs.notes)
            measured = None
            if self._measure and not self._cancel.is_set():
                from core.step.measure import measure_config

                self.progress.emit(0.99, "")  # the tab keeps its "Tracing …" line
                measured = measure_config(config, out)
            self.result.emit({"trace": out, "inputs": self._inputs, "measured": measured})
        except Exception as exc:  # reported, never raised in the thread
            detail = traceback.format_exception_only(type(exc), exc)[-1].strip()
            self.error.emit(f"trace failed: {detail}")

    def _run_hf(self, inputs: HFInputs) -> None:
        """Build the config's model with transformers on fake tensors and trace it (no progress:
        it runs as one call; a cancel takes effect when it returns)."""
        from core.errors import InputError
        from core.step.hf_build import trace_hf_config

        self.progress.emit(0.05, "")  # the tab keeps its own "Tracing …" line
        try:
            out = trace_hf_config(inputs.path, batch=inputs.batch, seq=inputs.seq,
                                  dtype=inputs.weights, optimizer=inputs.optimizer)  # fmt: skip
        except InputError as exc:
            self.error.emit(exc.message)
            return
        if self._cancel.is_set():
            self.error.emit("cancelled")
            return
        self.result.emit({"trace": out, "inputs": inputs, "measured": None})


class StepRunner(WorkerRunner):
    """Owns at most one running step trace (see :class:`~app.worker_runner.WorkerRunner`)."""

    def start(self, inputs: StepInputs | HFInputs, measure: bool = False) -> bool:
        """Start tracing ``inputs`` (then measuring); returns False if one is already running."""
        if self.is_running():
            return False
        return self._start(StepWorker(inputs, measure))
