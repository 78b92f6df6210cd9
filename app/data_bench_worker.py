"""The data-path benchmark worker: ``napkinlab bench --suite data`` in a QThread.

The same signals as :class:`app.bench_worker.BenchWorker` (``progress``, ``point``, ``error``,
``finished``), so :class:`app.bench_controller.BenchController` runs it with the same progress bar
and Cancel. It never raises in its thread; Cancel is cooperative (checked between repetitions, the
temporary token file removed either way).
"""

from __future__ import annotations

import threading
import time

from PySide6.QtCore import QObject, Signal, Slot

from core.bench.data_path import DataConfig, plan_cases, run_data_suite
from core.texts import translate
from widgets.i18n import localized

__all__ = ["DataBenchWorker"]


class DataBenchWorker(QObject):
    """Measures the data path of ``cfg`` (:class:`~core.bench.data_path.DataConfig`).

    Signals
    -------
    started()
        The run began.
    resolved(str, str, object)
        Never emitted (the data path has no device to match); kept for the controller.
    progress(int, int, float)
        Cases done, cases in all, estimated seconds left (each case's time budget).
    point(object)
        One measured configuration (a dict, see :func:`core.bench.data_path.run_data_suite`).
    error(str)
        A case was skipped or the run failed; the message says why.
    finished(bool)
        The run ended; True if it was cancelled.
    """

    started = Signal()
    resolved = Signal(str, str, object)
    progress = Signal(int, int, float)
    point = Signal(object)
    error = Signal(str)
    finished = Signal(bool)

    def __init__(self, cfg: DataConfig, folder: str | None = None) -> None:
        super().__init__()
        self.cfg = cfg
        self.folder = folder
        self._cancel = threading.Event()

    def cancel(self) -> None:
        """Ask the run to stop (thread-safe; takes effect between repetitions)."""
        self._cancel.set()

    @property
    def cancelled(self) -> bool:
        """Whether :meth:`cancel` was called."""
        return self._cancel.is_set()

    @Slot()
    def run(self) -> None:
        """Run every case, emitting signals; call it in the worker's own thread."""
        self.started.emit()
        total = len(plan_cases(self.cfg))
        # A case takes about its time budget (and its workers' start): the estimate's unit.
        per_case = self.cfg.budget_s + 0.5
        self.progress.emit(0, total, total * per_case)
        begun = time.monotonic()
        try:
            for outcome in run_data_suite(
                self.cfg, should_cancel=self._cancel.is_set, folder=self.folder
            ):
                if outcome.point is not None:
                    self.point.emit(outcome.point)
                elif outcome.skipped:
                    self.error.emit(localized(outcome.skipped))
                done = outcome.index + 1
                per_case = (time.monotonic() - begun) / done
                self.progress.emit(done, total, (total - done) * per_case)
        except Exception as exc:  # never raise in the thread: report and finish
            stopped = translate("Benchmark", "benchmark stopped: {error}: {problem}")
            message = getattr(exc, "message", None) or str(exc)
            self.error.emit(localized(stopped.format(error=type(exc).__name__, problem=message)))
        self.finished.emit(self._cancel.is_set())
