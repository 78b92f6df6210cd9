"""One background job at a time in its own ``QThread``: start, cancel, detach, clean up.

The Memory and Step tabs trace in the background the same way (superqt's pattern): a worker object
with ``run``, ``cancel`` and ``progress``/``result``/``error``/``finished`` signals is moved to a
thread that :class:`WorkerRunner` owns; the runner forwards the worker's signals, quits the thread
when the worker finishes and releases both in the GUI thread.

A ``QThread`` destroyed while it runs aborts the whole process ("QThread: Destroyed while thread is
still running", SIGABRT), and a cancelled trace of a large model can take seconds to reach its next
check. So nothing here waits for a running job: :func:`detach` hands a running thread (with its
worker objects) to a keeper that holds them until the thread has finished and only then lets them
go, in the GUI thread. Closing the window, switching the language or rebuilding a tab returns at
once; at application quit (``aboutToQuit``, and at interpreter exit) :func:`wait_detached` waits for
the cancelled jobs to reach their next check, which cannot abort.
"""

from __future__ import annotations

import atexit
import contextlib
import threading
import time
from collections.abc import Iterator
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Qt, QThread, Signal, Slot

from widgets.i18n import translate

__all__ = [
    "CancellableWorker",
    "TracingWorker",
    "TurnCancelled",
    "WorkerRunner",
    "detach",
    "detached_count",
    "disconnect",
    "trace_turn",
    "wait_detached",
]


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


#: One trace at a time, process-wide. torch's MemTracker (the Memory, Step and Plan workers all
#: trace under it) hooks every nn.Module through torch's global module hooks: two traces in two
#: threads (the Memory and the Step tab, a plan during a Step trace, or a cancelled trace still
#: reaching its next check while a new one starts) saw each
#: other's modules and crashed the process (SIGSEGV, or "terminate called after throwing an
#: instance of 'python_error'"). A trace waits for its turn in its own thread, never the GUI's.
_TRACE_TURN = threading.Lock()


class TurnCancelled(Exception):
    """Raised by :func:`trace_turn` when the job was cancelled while it waited for its turn."""


@contextlib.contextmanager
def trace_turn(
    should_cancel: Any = None, poll_s: float = 0.05, on_wait: Any = None
) -> Iterator[None]:
    """Hold the process-wide trace turn for the ``with`` block (waiting in the calling thread,
    checking ``should_cancel()`` every ``poll_s``: a cancelled job gives up its place);
    ``on_wait()`` is called once if the turn is taken, before waiting for it."""
    if not _TRACE_TURN.acquire(blocking=False):
        if on_wait is not None:
            on_wait()
        while not _TRACE_TURN.acquire(timeout=poll_s):
            if should_cancel is not None and should_cancel():
                raise TurnCancelled
    try:
        yield
    finally:
        _TRACE_TURN.release()


class TracingWorker(CancellableWorker):
    """A worker whose job traces under torch's MemTracker: it runs in the process-wide trace turn.

    Subclasses implement ``_run`` (emitting ``result`` or ``error``, never raising); :meth:`run`
    waits for the turn in the worker's thread, gives its place up when cancelled while waiting
    (``error("cancelled")``) and always emits ``finished`` last.
    """

    @Slot()
    def run(self) -> None:
        """Wait for the trace turn (:func:`trace_turn`), run the job in it; never raises.

        While another job holds the turn, ``progress`` says so (a plan started during a Step
        trace or a published-runs check would otherwise sit at 0 % with no reason given).
        """
        try:
            with trace_turn(self._cancel.is_set, on_wait=self._waiting):
                self._run()
        except TurnCancelled:
            self.error.emit("cancelled")
        finally:
            self.finished.emit()

    def _waiting(self) -> None:
        self.progress.emit(
            0.0,
            translate(
                "Workers", "waiting for another job’s trace to finish (one trace runs at a time)"
            ),
        )

    def _run(self) -> None:
        raise NotImplementedError


class _Keeper(QObject):
    """Holds detached threads and their objects until each thread has finished (GUI thread).

    One per application, a child of it, so it lives in the GUI thread and its slot runs there.
    """

    def __init__(self, app: QObject) -> None:
        super().__init__(app)
        self.held: list[tuple[QThread, tuple[Any, ...]]] = []

    def hold(self, thread: QThread, objects: tuple[Any, ...]) -> None:
        thread.setParent(self)  # no longer deleted with the page or runner that started it
        self.held.append((thread, objects))
        thread.finished.connect(self.sweep, Qt.ConnectionType.QueuedConnection)
        if not thread.isRunning():  # it ended before the connection was made
            self.sweep()

    @Slot()
    def sweep(self) -> None:
        """Release every held thread that has stopped running (its objects with it)."""
        kept: list[tuple[QThread, tuple[Any, ...]]] = []
        for thread, objects in self.held:
            if thread.isRunning():
                kept.append((thread, objects))
                continue
            thread.wait()  # past ``finished``: returns as soon as the thread's last line ran
            thread.deleteLater()
        self.held = kept  # the objects' last references go here, in the GUI thread

    @Slot()
    def wait_all(self, timeout_ms: int | None = None) -> bool:
        """Cancel every held job and wait for its thread (``None``: as long as it takes)."""
        for thread, objects in list(self.held):
            for obj in objects:
                _cancel(obj)
            thread.quit()
        from app.gc_guard import serve_collections

        done = True
        deadline = None if timeout_ms is None else time.monotonic() + timeout_ms / 1000
        for thread, _ in list(self.held):
            # In short waits: between them, a collection a worker asked this (GUI) thread for
            # is run here, since the blocked event loop cannot deliver the request.
            while not thread.wait(25):
                serve_collections()
                if deadline is not None and time.monotonic() > deadline:
                    done = False
                    break
        self.sweep()
        return done


_keeper: _Keeper | None = None


def _cancel(obj: Any) -> None:
    cancel = getattr(obj, "cancel", None)
    if callable(cancel):
        with contextlib.suppress(RuntimeError):  # its C++ side is gone: nothing left to stop
            cancel()


def disconnect(signal: Any, slot: Any) -> None:
    """Disconnect ``slot`` from ``signal``; nothing happens if they are not connected (any more)."""
    with contextlib.suppress(RuntimeError, TypeError):
        signal.disconnect(slot)


def _the_keeper() -> _Keeper:
    global _keeper
    app = QCoreApplication.instance()
    if _keeper is None or _keeper.parent() is not app:
        assert app is not None, "detach() needs a QCoreApplication"
        _keeper = _Keeper(app)
        app.aboutToQuit.connect(_keeper.wait_all)
    return _keeper


def detach(thread: QThread, *objects: Any) -> None:
    """Let ``thread`` finish on its own; keep it and ``objects`` (its workers) alive until then.

    Call it in the GUI thread when the owner of a running thread goes away (a tab being rebuilt or
    closed). The thread is re-parented to an application-wide keeper, so deleting its former parent
    no longer destroys it; once it has finished, the thread is deleted and the objects are released
    in the GUI thread. Each object with a ``cancel()`` is cancelled. A thread that is not running is
    released at once.
    """
    for obj in objects:
        _cancel(obj)
    _the_keeper().hold(thread, tuple(objects))


def detached_count() -> int:
    """How many detached threads are still held (running or not yet swept)."""
    return len(_keeper.held) if _keeper is not None else 0


def wait_detached(timeout_ms: int | None = None) -> bool:
    """Wait for every detached thread to finish (``None``: as long as they take); True if all did.

    Runs at application quit and at interpreter exit, where waiting is the only way out that
    cannot abort: a cancelled job stops at its next check.
    """
    if _keeper is None:
        return True
    try:
        return _keeper.wait_all(timeout_ms)
    except RuntimeError:  # the application (and the keeper with it) is already gone
        return True


atexit.register(wait_detached)


class WorkerRunner(QObject):
    """Owns at most one running worker: starts it in a thread, cancels it, detaches it.

    Signals
    -------
    progress(float, str), result(object), error(str)
        Forwarded from the worker; a result that arrives after :meth:`cancel` is forwarded as
        ``error("cancelled")`` instead (the job had finished before it saw the cancel: what the
        person asked for is that nothing new is shown, whichever thread wins).
    finished()
        The job ended (after result or error), or was detached by :meth:`stop`.
    """

    progress = Signal(float, str)
    result = Signal(object)
    error = Signal(str)
    finished = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._thread: QThread | None = None
        self._worker: Any = None
        self._cancelled = False  # cancel() was asked of the running job

    def is_running(self) -> bool:
        """Whether this runner has a job in flight (a detached one no longer counts)."""
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
        worker.result.connect(self._forward_result)
        worker.error.connect(self.error)
        # Direct: QThread.quit is thread-safe, and a queued quit would wait for the GUI thread.
        worker.finished.connect(thread.quit, Qt.ConnectionType.DirectConnection)
        thread.finished.connect(self._cleanup)
        self._thread, self._worker = thread, worker
        self._cancelled = False
        thread.start()
        return True

    def cancel(self) -> None:
        """Ask the running job to stop (it checks between steps); its result, if it still
        sends one, arrives as ``error("cancelled")``."""
        if self._worker is not None:
            self._cancelled = True
            self._worker.cancel()

    @Slot(object)
    def _forward_result(self, value: object) -> None:
        if self._cancelled:
            self.error.emit("cancelled")
        else:
            self.result.emit(value)

    def stop(self) -> None:
        """Cancel the job and let it go without waiting (closing, rebuilding a tab).

        The job's later signals reach nobody; its thread and worker are kept alive by
        :func:`detach` until the thread has finished, then deleted in the GUI thread.
        """
        thread, worker = self._thread, self._worker
        if thread is None:
            return
        self._thread = self._worker = None
        disconnect(worker.progress, self.progress)
        disconnect(worker.result, self._forward_result)
        disconnect(worker.error, self.error)
        disconnect(thread.finished, self._cleanup)
        detach(thread, worker)
        self.finished.emit()

    @Slot()
    def _cleanup(self) -> None:
        thread, worker = self._thread, self._worker
        if thread is None:
            return
        self._thread = self._worker = None
        detach(thread, worker)  # finished: released at once, in this (the GUI) thread
        self.finished.emit()
