"""Run Python's cycle collector in the GUI thread only.

Widgets in reference cycles (a lambda slot capturing its widget) are freed by the cycle collector,
which runs in whichever thread happens to allocate when a threshold is crossed; a benchmark or trace
worker importing torch would then destroy QObjects (and their timers) outside the GUI thread, which
Qt forbids and which can crash. This guard disables automatic collection and collects from a timer
in the GUI thread instead, the approach pyqtgraph's ``GarbageCollector`` takes. A collection the
core asks for (:func:`core.collect.collect`, once per layer of a checkpointed trace) is run here
too: a worker asks the GUI thread and waits for it.
"""

from __future__ import annotations

import gc
import threading

from PySide6.QtCore import QObject, Qt, QTimer, Signal

from core.collect import set_collector

__all__ = ["MainThreadCollector", "serve_collections"]

#: The guard installed (the one whose thread collects for the workers), if any.
_active: MainThreadCollector | None = None


def serve_collections() -> None:
    """Run a collection a worker is waiting for, now: called by a GUI thread that is itself
    blocked waiting for workers (at quit), where the queued request cannot be delivered."""
    guard = _active
    if guard is not None:
        guard.serve()


class MainThreadCollector(QObject):
    """Disable automatic ``gc`` and collect every ``interval_ms`` in the thread that created it
    (the GUI thread); a collection the core asks for from a worker is run there too."""

    #: A worker asks for a collection (queued to this object's thread).
    _asked = Signal()

    #: How long a worker waits for the GUI thread to collect before going on without.
    WAIT_S = 5.0

    def __init__(self, interval_ms: int = 1000, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._threshold = gc.get_threshold()
        gc.disable()
        self._timer = QTimer(self)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self.check)
        self._timer.start()
        self._home = threading.current_thread()
        self._wanted = threading.Event()
        self._done = threading.Event()
        self._one_at_a_time = threading.Lock()
        self._asked.connect(self.serve, Qt.ConnectionType.QueuedConnection)
        set_collector(self.collect)
        global _active
        _active = self

    def collect(self) -> None:
        """Collect now in this object's thread: directly when called there, else by asking it
        and waiting (at most :attr:`WAIT_S`; a closing window may no longer answer, and the
        worker then goes on without collecting rather than collect where it is)."""
        if threading.current_thread() is self._home:
            gc.collect()
            return
        with self._one_at_a_time:
            self._done.clear()
            self._wanted.set()
            try:
                self._asked.emit()
            except RuntimeError:  # the application is gone: no GUI thread to collect in
                return
            self._done.wait(self.WAIT_S)  # releases the GIL: the GUI thread runs the slot

    def serve(self) -> None:
        """Run the collection a worker asked for, if one is pending (in this object's thread)."""
        if not self._wanted.is_set():
            return
        self._wanted.clear()
        try:
            gc.collect()
        finally:
            self._done.set()

    def check(self) -> None:
        """Collect the generations whose thresholds were crossed, as automatic gc would."""
        counts = gc.get_count()
        if counts[0] > self._threshold[0]:
            generation = 0
            if counts[1] > self._threshold[1]:
                generation = 1
                if counts[2] > self._threshold[2]:
                    generation = 2
            gc.collect(generation)

    def stop(self) -> None:
        """Stop the timer and give collection back to Python (and to the core's callers)."""
        self._timer.stop()
        set_collector(None)
        global _active
        if _active is self:
            _active = None
        self._done.set()  # a worker still waiting goes on
        gc.enable()
