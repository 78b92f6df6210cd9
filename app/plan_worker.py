"""The background worker that searches a run's layouts for the Plan tab.

A :class:`PlanWorker` is moved to a ``QThread`` by :class:`PlanRunner`; it runs
:func:`core.plan.search` (which traces one layer the first time a shape is seen, then plans from
the cached trace), reports progress, and stops cooperatively when cancelled (the search checks
between layouts). Nothing is raised in the thread. Its trace runs under torch's ``MemTracker``, as
the Step and Memory tabs' do, so the worker waits for the process-wide trace turn
(:func:`~app.worker_runner.trace_turn`) like theirs: a plan started while the Step tab traced saw
the Step model's modules through torch's global module hooks ("The module hierarchy tracking
maybe be messed up").

When recomputation is left to the search, the fastest layouts seldom recompute (recomputation
costs time, and the fastest ones fit without it), so the ranking would show one mode only; the
worker also asks :func:`~core.plan.search` for the fastest layouts of each mode the first search
did not return, so the chart shows what recomputation buys in memory and costs in speed.
"""

from __future__ import annotations

import traceback
from dataclasses import replace
from typing import Any

from app.worker_runner import TracingWorker, WorkerRunner
from widgets.i18n import localized

__all__ = ["TOP", "PlanJobWorker", "PlanRunner", "PlanWorker", "run_plan"]

#: How many of the fastest layouts that fit (and as many that do not) a plan lists.
TOP = 200
#: How many of each recomputation mode the first search did not return are added.
TOP_PER_MODE = 60
#: Modes searched on their own when left open ("selective" is a search of its own only where
#: the core enumerates it: without flash attention).
_MODES = ("none", "full")


def run_plan(
    inp: Any,
    constraints: Any,
    *,
    progress: Any = None,
    should_cancel: Any = None,
    top: int = TOP,
) -> dict[str, Any]:
    """Search ``inp`` under ``constraints`` (the worker's job; the screenshot runs it in place):
    ``{"inp", "constraints", "results", "stats"}``, the results fastest that fit first (equally
    fast ones least memory first, :func:`core.plan.search.ranked`), then those that do not.
    ``stats`` holds the search's ``layouts`` and ``fit``, ``kept`` (how many that fit are listed),
    ``top`` and ``added`` (the recomputation modes searched on their own: mode -> how many added).

    Raises whatever :func:`core.plan.search` raises (``InputError``, ``PlanCancelled``).
    """
    from core.errors import InputError
    from core.plan import search

    stats: dict[str, int] = {}
    cn = replace(constraints, include_unfit=True)
    from core.plan.search import ranked

    found = search(inp, cn, top=top, progress=progress, should_cancel=should_cancel, stats=stats)
    fits = [r for r in found if r.fits]
    unfit = [r for r in found if not r.fits]
    added: dict[str, int] = {}
    if constraints.recompute is None:
        have = {r.layout.recompute for r in fits}
        for mode in _MODES:
            if mode in have:
                continue
            try:
                more = search(inp, replace(cn, recompute=mode, include_unfit=False),
                              top=TOP_PER_MODE, should_cancel=should_cancel)  # fmt: skip
            except InputError:
                continue  # no layout of that mode can run
            known = {r.layout for r in fits}
            new = [r for r in more if r.layout not in known]
            if new:
                added[mode] = len(new)
                fits += new
    # One order for the merged list: the core's (equally fast ones least memory first).
    by_layout = {r.layout: r for r in fits}
    fits = [
        by_layout[lay]
        for _, _, lay in ranked([(r.step_time_s, r.memory.peak, r.layout) for r in fits])
    ]
    stats.update(kept=len(fits), top=top)
    stats["added"] = added  # type: ignore[assignment]
    return {"inp": inp, "constraints": constraints, "results": fits + unfit, "stats": stats}


class PlanJobWorker(TracingWorker):
    """A worker whose job calls :mod:`core.plan` (a search, the published runs): the core's
    progress translated, its ``PlanCancelled`` and ``InputError`` turned into ``error``, any other
    exception reported as ``"{what} failed: …"``, never raised in the thread.

    Subclasses implement :meth:`_job` (given the progress callback and the cancel check) and set
    :attr:`what`.
    """

    what = "plan"

    def _progress(self, fraction: float, text: str) -> None:
        self.progress.emit(fraction, localized(text))  # a core Text: translated here

    def _job(self) -> Any:
        raise NotImplementedError

    def _run(self) -> None:
        try:
            from core.errors import InputError
            from core.plan import PlanCancelled

            try:
                answer = self._job()
            except PlanCancelled:
                self.error.emit("cancelled")
                return
            except InputError as exc:
                self.error.emit(localized(exc.message))
                return
            if self._cancel.is_set():
                self.error.emit("cancelled")
                return
            self.result.emit(answer)
        except Exception as exc:  # reported, never raised in the thread
            detail = traceback.format_exception_only(type(exc), exc)[-1].strip()
            self.error.emit(f"{self.what} failed: {detail}")


class PlanWorker(PlanJobWorker):
    """Runs :func:`run_plan` for one input.

    Signals
    -------
    progress(float, str)
        Fraction done and what is happening (in the window's language).
    result(object)
        :func:`run_plan`'s answer.
    error(str)
        Why the plan failed (or ``"cancelled"``); a core message, translated.
    finished()
        Always emitted last.
    """

    def __init__(self, inp: Any, constraints: Any) -> None:
        super().__init__()
        self._inp, self._constraints = inp, constraints

    def _job(self) -> Any:
        return run_plan(self._inp, self._constraints, progress=self._progress,
                        should_cancel=self._cancel.is_set)  # fmt: skip


class PlanRunner(WorkerRunner):
    """Owns at most one running plan (see :class:`~app.worker_runner.WorkerRunner`)."""

    def start(self, inp: Any, constraints: Any) -> bool:
        """Start planning ``inp``; returns False if one is already running."""
        if self.is_running():
            return False
        return self._start(PlanWorker(inp, constraints))
