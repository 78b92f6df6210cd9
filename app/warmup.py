"""Background warm-up after the window is painted: pay first-call costs before the person types.

Each warm-up is ``"module:function"``; a missing module is skipped (a tab not built yet). A
function that takes ``should_cancel`` is given one (true once the warm-up is stopped). The work
runs in a worker object moved to a QThread; errors are reported, never raised in the thread.

Stopping is cooperative: a step in progress (importing torch takes seconds and cannot be
interrupted) is never waited for in the GUI thread; the thread is detached and kept alive until it
ends, because a QThread destroyed while running aborts the whole process.
"""

from __future__ import annotations

import importlib
import inspect

from PySide6.QtCore import QObject, Qt, QThread, Signal, Slot

from widgets.i18n import translate

__all__ = ["WARMUPS", "WarmupRunner"]

#: First-call costs worth paying in the background: torch's import and meta kernels, then the
#: Step tab's default trace into the trace cache (so its first trace is read back at once).
WARMUPS: tuple[str, ...] = ("core.einops.analysis:warm_up", "core.step.cache:warm_default")


class _Worker(QObject):
    finished = Signal()
    errored = Signal(str)

    def __init__(self, targets: tuple[str, ...]) -> None:
        super().__init__()
        self._targets = targets
        self.cancelled = False

    @Slot()
    def run(self) -> None:
        for target in self._targets:
            if self.cancelled:
                break
            module_name, _, function = target.partition(":")
            try:
                module = importlib.import_module(module_name)
            except ModuleNotFoundError:
                continue
            target_fn = getattr(module, function)
            try:
                if "should_cancel" in inspect.signature(target_fn).parameters:
                    target_fn(should_cancel=lambda: self.cancelled)
                else:
                    target_fn()
            except Exception as exc:
                self.errored.emit(  # QCoreApplication.translate is thread-safe
                    translate("MainWindow", "warm-up {target} failed: {error}").format(
                        target=target, error=str(exc)
                    )
                )
        self.finished.emit()


class WarmupRunner(QObject):
    """Runs :data:`WARMUPS` once in a background thread.

    Signals
    -------
    finished()
        Every warm-up ran (or was skipped).
    errored(str)
        One warm-up failed; the others still run.
    """

    finished = Signal()
    errored = Signal(str)

    def __init__(self, targets: tuple[str, ...] = WARMUPS, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._thread = QThread()
        self._worker = _Worker(targets)
        self._worker.moveToThread(self._thread)
        self._thread.started.connect(self._worker.run)
        # Quit from the worker's thread: queued to the GUI thread, the quit would wait for a GUI
        # thread that may itself be blocked in stop()'s wait.
        self._worker.finished.connect(self._thread.quit, Qt.ConnectionType.DirectConnection)
        self._worker.finished.connect(self.finished)
        self._worker.errored.connect(self.errored)

    def start(self) -> None:
        """Start the warm-ups (once)."""
        if not self._thread.isRunning():
            self._thread.start(QThread.Priority.LowPriority)

    def stop(self, timeout_ms: int = 0) -> bool:
        """Ask the worker to stop after the current step, waiting at most ``timeout_ms``.

        Returns whether it stopped. One still importing (torch takes seconds and cannot be
        interrupted) is detached (:func:`app.worker_runner.detach`): kept alive until it ends,
        then released, so closing the window never blocks or aborts.
        """
        self._worker.cancelled = True
        self._thread.quit()
        if not self._thread.isRunning() or (timeout_ms > 0 and self._thread.wait(timeout_ms)):
            return True
        from app.worker_runner import detach

        detach(self._thread, self._worker)
        return False

    def is_running(self) -> bool:
        """Whether the thread is still working."""
        return self._thread.isRunning()
