"""One background job at a time in its own ``QThread``: start, cancel, wait, clean up.

The Memory and Step tabs trace in the background the same way (superqt's pattern): a worker object
with ``run``, ``cancel`` and ``progress``/``result``/``error``/``finished`` signals is moved to a
thread that :class:`WorkerRunner` owns; the runner forwards the worker's signals, quits the thread
when the worker finishes and deletes both in the GUI thread.
"""

from __future__ import annotations

import threading
from typing import Any

from PySide6.QtCore import QObject, QThread, Signal

__all__ = ["CancellableWorker", "WorkerRunner"]


class CancellableWorker(QObject):
    """The worker side: the four signals a :class:`WorkerRunner` forwards and a cooperative cancel.

    Subclasses implement ``run`` (a slot that never raises and emits ``finished`` last) and check
    ``self._cancel.is_set()`` between steps.

    Signals
    -------
    progress(float, str), result(object), error(str), finished()
    """

    progress = Signal(float, str)
    result = Signal(object)
    error = Signal(str)
    finished = Signal()

    def __init__(self) -> None:
        super().__init__()
        self._cancel = threading.Event()

    def cancel(self) -> None:
        """Ask the job to stop at its next step (thread-safe)."""
        self._cancel.set()


class WorkerRunner(QObject):
    """Owns at most one running worker: starts it in a thread, cancels it, waits for it.

    Signals
    -------
    progress(float, str), result(object), error(str)
        Forwarded from the worker.
    finished()
        The thread has stopped (after result or error).
    """

    progress = Signal(float, str)
    result = Signal(object)
    error = Signal(str)
    finished = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._thread: QThread | None = None
        self._worker: Any = None

    def is_running(self) -> bool:
        """Whether a job is in flight."""
        return self._thread is not None

    def _start(self, worker: Any) -> bool:
        """Run ``worker`` (not yet started) in a new thread; False if one is already running."""
        if self._thread is not None:
            worker.deleteLater()
            return False
        thread = QThread(self)
        worker.moveToThread(thread)
        thread.started.connect(worker.run)
        worker.progress.connect(self.progress)
        worker.result.connect(self.result)
        worker.error.connect(self.error)
        worker.finished.connect(thread.quit)
        thread.finished.connect(self._cleanup)
        self._thread, self._worker = thread, worker
        thread.start()
        return True

    def cancel(self) -> None:
        """Ask the running job to stop (it checks between steps)."""
        if self._worker is not None:
            self._worker.cancel()

    def stop(self, timeout_ms: int = 10_000) -> None:
        """Cancel and wait for the thread (used on shutdown)."""
        thread = self._thread
        if thread is None:
            return
        self.cancel()
        thread.quit()
        thread.wait(timeout_ms)
        self._cleanup()

    def _cleanup(self) -> None:
        thread, worker = self._thread, self._worker
        if thread is None:
            return
        self._thread = self._worker = None
        if worker is not None:
            worker.deleteLater()
        thread.deleteLater()
        self.finished.emit()
