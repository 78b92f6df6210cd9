"""Run Python's cycle collector in the GUI thread only.

Widgets in reference cycles (a lambda slot capturing its widget) are freed by the cycle collector,
which runs in whichever thread happens to allocate when a threshold is crossed; a benchmark or trace
worker importing torch would then destroy QObjects (and their timers) outside the GUI thread, which
Qt forbids and which can crash. This guard disables automatic collection and collects from a timer
in the GUI thread instead, the approach pyqtgraph's ``GarbageCollector`` takes.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer

__all__ = ["MainThreadCollector"]


class MainThreadCollector(QObject):
    """Disable automatic ``gc`` and collect every ``interval_ms`` in the thread that created it."""

    def __init__(self, interval_ms: int = 1000, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._threshold = gc.get_threshold()
        gc.disable()
        self._timer = QTimer(self)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self.check)
        self._timer.start()

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
        """Stop the timer and give collection back to Python."""
        self._timer.stop()
        gc.enable()
