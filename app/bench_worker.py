"""The benchmark worker: runs a suite in a QThread and reports each point as it is measured.

The worker never raises in its thread: a case that fails (out of memory, an unsupported dtype)
becomes an ``error`` signal and the run goes on; anything else ends the run with ``error`` then
``finished``. Cancel is cooperative: :meth:`BenchWorker.cancel` (safe from any thread) sets a flag
the timing loop checks between repetitions, so a run stops within one repetition (< 1 s).
"""

from __future__ import annotations

import threading

from PySide6.QtCore import QObject, Qt, QThread, Signal, Slot

from core.bench.suites import Case, build_suite, device_name, eta_seconds, run_suite
from core.bench.this_machine import match_hardware
from core.roofline.hardware import Device, DeviceCatalog
from core.texts import translate
from widgets.i18n import localized

__all__ = ["BenchWorker", "start_worker"]


class BenchWorker(QObject):
    """Runs a suite (a name from :data:`core.bench.suites.SUITES`, or a list of cases) on a device.

    ``device="auto"`` takes CUDA when torch sees one, else the CPU. ``threads`` (default: every
    core) is set with ``torch.set_num_threads`` inside the worker thread, where it applies.
    ``reference`` is the device MFU is computed against; on CUDA, the catalog entry matching the
    GPU's name replaces it.

    Signals
    -------
    started()
        The run began.
    resolved(str, str, object)
        The device (``cpu``/``cuda``), its name, and the matching hardware entry id (or None).
    progress(int, int, float)
        Cases done, cases in all, estimated seconds left.
    point(object)
        One measured point (a dict, see :func:`core.bench.suites.run_case`).
    error(str)
        A case could not be measured, or the run failed; the message says which and why.
    finished(bool)
        The run ended; True if it was cancelled.
    """

    started = Signal()
    resolved = Signal(str, str, object)
    progress = Signal(int, int, float)
    point = Signal(object)
    error = Signal(str)
    finished = Signal(bool)

    def __init__(
        self,
        suite: str | list[Case],
        device: str = "auto",
        *,
        threads: int | None = None,
        reference: Device | None = None,
        catalog: DeviceCatalog | None = None,
    ) -> None:
        super().__init__()
        self.suite = suite if isinstance(suite, str) else list(suite)
        self.device = device
        self.threads = threads
        self.reference = reference
        self.catalog = catalog
        self.cases: list[Case] = [] if isinstance(suite, str) else list(suite)
        self._cancel = threading.Event()

    def cancel(self) -> None:
        """Ask the run to stop (thread-safe; takes effect between repetitions)."""
        self._cancel.set()

    @property
    def cancelled(self) -> bool:
        """Whether :meth:`cancel` was called."""
        return self._cancel.is_set()

    def _resolve(self) -> None:
        """Pick the device, build the suite and (on CUDA) the matching hardware entry.

        Runs in the worker thread, so importing torch and probing CUDA never block the GUI.
        """
        import torch

        if self.device == "auto":
            self.device = "cuda" if torch.cuda.is_available() else "cpu"
        if isinstance(self.suite, str):
            self.cases = build_suite(self.suite, self.device)
        name = device_name(self.device)
        match = None
        if self.device.startswith("cuda") and self.catalog is not None:
            match = match_hardware(name, self.catalog)
            if match is not None:
                self.reference = self.catalog.get(match)
        self.resolved.emit(self.device, name, match)

    @Slot()
    def run(self) -> None:
        """Run every case, emitting signals; call it in the worker's own thread."""
        self.started.emit()
        try:
            self._resolve()
            total = len(self.cases)
            self.progress.emit(0, total, eta_seconds(self.cases, 0, 0.0))
            outcomes = run_suite(
                self.cases,
                self.device,
                reference=self.reference,
                threads=self.threads,
                should_cancel=self._cancel.is_set,
            )
            for outcome in outcomes:
                if outcome.point is not None:
                    self.point.emit(outcome.point)
                else:
                    failed = translate("Benchmark", "{case}: failed").format(
                        case=outcome.case.label
                    )
                    self.error.emit(localized(outcome.error or failed))
                done = outcome.index + 1
                self.progress.emit(done, total, eta_seconds(self.cases, done, outcome.elapsed_s))
        except Exception as exc:  # never raise in the thread: report and finish
            stopped = translate("Benchmark", "benchmark stopped: {error}: {problem}")
            self.error.emit(localized(stopped.format(error=type(exc).__name__, problem=str(exc))))
        self.finished.emit(self._cancel.is_set())


def start_worker(worker: BenchWorker, parent: QObject | None = None) -> QThread:
    """Move ``worker`` to a new QThread, start it, and quit the thread when the run finishes.

    Keep references to both the worker and the returned thread until ``thread.finished``; stop a
    run with ``worker.cancel()`` then ``thread.wait()``.
    """
    thread = QThread(parent)
    thread.setObjectName("napkinlab-bench")
    worker.moveToThread(thread)
    thread.started.connect(worker.run)
    # Direct: QThread.quit is thread-safe, and a queued call would never run while the GUI thread
    # is blocked in thread.wait() (closing the window during a run).
    worker.finished.connect(thread.quit, Qt.ConnectionType.DirectConnection)
    thread.start()
    return thread
