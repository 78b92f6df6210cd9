"""Fetch a Hub model's config.json in the window: a worker thread, its progress and its cancel.

:class:`HubFetcher` drives a :class:`~widgets.hub_fetch.HubFetchRow`: the row's "Fetch
config.json" starts a :class:`HubFetchWorker` in a :class:`~app.worker_runner.WorkerRunner`, which
calls :func:`core.step.hf.resolve_model_source` with downloading allowed (so it says "offline" at
once, as the command line does). "Cancel" detaches the job (:meth:`WorkerRunner.stop`): the
download cannot be interrupted inside huggingface_hub, so its thread finishes on its own and is
released only then, in the GUI thread, and its answer reaches nobody. A fetched model emits
:attr:`HubFetcher.fetched` with the text typed, for the tab to use it at once.
"""

from __future__ import annotations

import traceback
from typing import Any

from PySide6.QtCore import QObject, Signal

from app.worker_runner import CancellableWorker, WorkerRunner
from widgets.hub_fetch import HubFetchRow
from widgets.i18n import localized, translate

__all__ = ["HubFetchRunner", "HubFetchWorker", "HubFetcher"]


class HubFetchWorker(CancellableWorker):
    """Downloads one model's config.json (never raises in its thread)."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self._text = text

    def run(self) -> None:
        """Fetch, then emit ``result`` (the config's path) or ``error``, then ``finished``."""
        try:
            from core.errors import InputError
            from core.step.hf import resolve_model_source

            try:
                found = resolve_model_source(self._text, allow_download=True)
            except InputError as exc:
                self.error.emit(localized(exc.message))
            else:
                self.result.emit(found[0] if found else "")
        except Exception as exc:  # reported, never raised in the thread
            detail = traceback.format_exception_only(type(exc), exc)[-1].strip()
            self.error.emit(f"fetch failed: {detail}")
        finally:
            self.finished.emit()


class HubFetchRunner(WorkerRunner):
    """Runs one :class:`HubFetchWorker` at a time."""

    def start(self, text: str) -> bool:
        """Fetch ``text``'s config.json; False when a fetch already runs."""
        return self._start(HubFetchWorker(text))


class HubFetcher(QObject):
    """Keeps ``row`` in step with a model box's text and runs the fetches it asks for.

    Signals
    -------
    fetched(str)
        The config.json of the text typed is now cached (the text).
    """

    fetched = Signal(str)

    def __init__(self, row: HubFetchRow, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.row = row
        self.runner = HubFetchRunner(self)
        self._text = ""
        row.fetchRequested.connect(self.start)
        row.cancelRequested.connect(self.cancel)
        self.runner.result.connect(self._done)
        self.runner.error.connect(self._failed)

    def watch(self, text: str) -> None:
        """The model box now holds ``text``: offer the fetch when it is a Hub id not cached."""
        if self.runner.is_running() and text.strip() == self._text:
            return
        if self.runner.is_running():
            self.cancel()
        from core.step.hf import hub_missing

        repo = hub_missing(text.strip()) if text.strip() else None
        self.row.set_missing(text.strip() if repo else "", repo or "")

    def start(self, text: str) -> None:
        """Fetch ``text``'s config.json in the background (one fetch at a time)."""
        from core.step.hf import hub_id

        found = hub_id(text)
        if found is None or self.runner.is_running():
            return
        self._text = text
        self.runner.start(text)
        self.row.set_busy(found[0])

    def cancel(self) -> None:
        """Stop waiting for the fetch; its thread ends on its own and is released then."""
        if not self.runner.is_running():
            return
        self.runner.stop()
        self.row.set_problem(
            translate("HubFetch", "Cancelled: {repo} was not fetched").format(repo=self._text)
        )

    def stop(self) -> None:
        """Let a fetch in flight go (the tab is closing)."""
        self.runner.stop()

    def _done(self, _path: Any) -> None:
        self.row.set_missing("", "")
        self.fetched.emit(self._text)

    def _failed(self, message: str) -> None:
        self.row.set_problem(message)
