"""The background worker that checks the plan against the published runs for the Plan tab.

A :class:`ChecksWorker` runs :func:`core.plan.validation.check_runs` in a ``QThread`` owned by a
:class:`ChecksRunner`: the runs of one device (or all), planned one after another with progress,
stopping at the next run when cancelled. Planning a run traces one layer of its model under
torch's ``MemTracker`` the first time that shape is seen, so the worker takes the process-wide
trace turn and reports its errors as the plan's own worker does
(:class:`~app.plan_worker.PlanJobWorker`). Nothing is raised in the thread.
"""

from __future__ import annotations

from typing import Any

from app.plan_worker import PlanJobWorker
from app.worker_runner import WorkerRunner

__all__ = ["ChecksRunner", "ChecksWorker"]


class ChecksWorker(PlanJobWorker):
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

    what = "check"

    def __init__(self, device: str | None) -> None:
        super().__init__()
        self._device = device

    def _job(self) -> Any:
        from core.plan import validation

        return validation.check_runs(self._device, progress=self._progress,
                                     should_cancel=self._cancel.is_set)  # fmt: skip


class ChecksRunner(WorkerRunner):
    """Owns at most one running check (see :class:`~app.worker_runner.WorkerRunner`)."""

    def start(self, device: str | None) -> bool:
        """Start checking the runs of ``device`` (``None``: all); False if one is running."""
        if self.is_running():
            return False
        return self._start(ChecksWorker(device))
