"""The background worker that checks the plan against the published runs for the Plan tab.

A :class:`ChecksWorker` runs :func:`core.plan.validation.check_runs` in a ``QThread`` owned by a
:class:`ChecksRunner`: the runs of one device (or all), planned one after another with progress,
stopping at the next run when cancelled. Planning a run traces one layer of its model under
torch's ``MemTracker`` the first time that shape is seen, so the worker takes the process-wide
trace turn (:class:`~app.worker_runner.TracingWorker`) as the plan's own worker does. Nothing is
raised in the thread.
"""

from __future__ import annotations

import traceback

from app.worker_runner import TracingWorker, WorkerRunner
from widgets.i18n import localized

__all__ = ["ChecksRunner", "ChecksWorker"]


class ChecksWorker(TracingWorker):
    """Runs :func:`~core.plan.validation.check_runs` for one device (``None``: every run).

    Signals
    -------
    progress(float, str)
        Fraction done and the run being planned (in the window's language).
    result(object)
        The list of :class:`~core.plan.validation.RunCheck`.
    error(str)
        Why the check failed (or ``"cancelled"``); a core message, translated.
    finished()
        Always emitted last.
    """

    def __init__(self, device: str | None) -> None:
        super().__init__()
        self._device = device

    def _progress(self, fraction: float, text: str) -> None:
        self.progress.emit(fraction, localized(text))

    def _run(self) -> None:
        try:
            from core.errors import InputError
            from core.plan import PlanCancelled
            from core.plan.validation import check_runs

            try:
                checks = check_runs(self._device, progress=self._progress,
                                    should_cancel=self._cancel.is_set)  # fmt: skip
            except PlanCancelled:
                self.error.emit("cancelled")
                return
            except InputError as exc:
                self.error.emit(localized(exc.message))
                return
            self.result.emit(checks)
        except Exception as exc:  # reported, never raised in the thread
            detail = traceback.format_exception_only(type(exc), exc)[-1].strip()
            self.error.emit(f"check failed: {detail}")


class ChecksRunner(WorkerRunner):
    """Owns at most one running check (see :class:`~app.worker_runner.WorkerRunner`)."""

    def start(self, device: str | None) -> bool:
        """Start checking the runs of ``device`` (``None``: all); False if one is running."""
        if self.is_running():
            return False
        return self._start(ChecksWorker(device))
