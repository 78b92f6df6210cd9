"""The app side of the benchmark: a Benchmark menu, a progress bar, live points, "This machine".

:func:`install` adds to a :class:`~app.main_window.MainWindow`: a "Benchmark" menu (Run quick suite,
Run full suite, Run data-path suite, Cancel), "Open measurements…" in the File menu, and a progress bar with the time left
in the status bar. Each measured point is appended to ``<data dir>/measurements.jsonl`` and sent to
the Roofline tab through ``state.measuredPoint`` (a file opened later comes as one
``state.measuredPoints`` batch); when a run ends, "This machine" (ceilings from the
best matmul per dtype and the copy bandwidth) is added to the device catalog. The data-path
suite (``napkinlab bench --suite data``) writes ``<data dir>/data_path.jsonl`` instead, which the
Plan's data-path row reads: that row then says "measured".
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QThread, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QLabel, QMainWindow, QMenu, QProgressBar

from app.state import AppState
from app.worker_runner import detach, disconnect
from core.errors import InputError
from widgets.i18n import localized, translate

if TYPE_CHECKING:  # imported where a run starts or a file is read: not on the window's start
    from app.bench_worker import BenchWorker
    from app.data_bench_worker import DataBenchWorker
    from core.bench.data_path import DataConfig
    from core.bench.measurements import MeasurementWriter
    from core.bench.suites import Case

__all__ = ["BenchController", "install"]


class BenchController(QObject):
    """Starts, tracks and stops benchmark runs for one window.

    Signals
    -------
    progressed(int, int, float)
        Cases done, cases in all, seconds left (after the status bar shows it).
    runFinished(bool)
        A run ended and its file is closed; True if it was cancelled.
    """

    progressed = Signal(int, int, float)
    runFinished = Signal(bool)

    def __init__(self, window: QMainWindow, state: AppState, path: Path | None = None) -> None:
        super().__init__(window)
        self.window = window
        self.state = state
        self.path = path
        self.worker: BenchWorker | DataBenchWorker | None = None
        self.data_suite = False  # the run is the data-path suite (its file, not the roofline)
        self.data_file: Path | None = None
        self.thread: QThread | None = None
        self.writer: MeasurementWriter | None = None
        self.points: list[dict[str, Any]] = []
        self.errors: list[str] = []
        self._build_ui()

    # ui ---------------------------------------------------------------------------------------
    def _build_ui(self) -> None:
        self._build_menu()
        self.progress_bar = QProgressBar()
        self.progress_bar.setMaximumWidth(180)
        self.progress_bar.setFormat("%v/%m")
        self.eta_label = QLabel()
        status = self.window.statusBar()
        status.addPermanentWidget(self.eta_label)
        status.addPermanentWidget(self.progress_bar)
        self.progress_bar.hide()
        self.eta_label.hide()

    def _build_menu(self) -> None:
        """The Benchmark menu (before Help) and File > Open measurements, in the window's language."""
        bar = self.window.menuBar()
        self.menu = QMenu(translate("Benchmark", "&Benchmark"), bar)
        help_action = _menu_action(bar, translate("Menus", "&Help"))
        if help_action is not None:
            bar.insertMenu(help_action, self.menu)
        else:
            bar.addMenu(self.menu)
        running = self.running
        self.quick_action = self._add(
            translate("Benchmark", "Run &quick suite"),
            lambda: self.start("quick"),
            translate("Benchmark", "Measure this machine (< 1 min)"),
        )
        self.full_action = self._add(
            translate("Benchmark", "Run &full suite"),
            lambda: self.start("full"),
            translate("Benchmark", "More sizes and dtypes (a few minutes)"),
        )
        self.data_action = self._add(
            translate("Benchmark", "Run &data-path suite"),
            lambda: self.start_data(),
            translate(
                "Benchmark",
                "Measure how fast this machine assembles training batches from a token file "
                "(about 15 s); the Plan's data-path row then uses it",
            ),
        )
        self.menu.addSeparator()
        self.cancel_action = self._add(
            translate("Benchmark", "&Cancel"),
            self.cancel,
            translate("Benchmark", "Stop the running benchmark"),
        )
        self._enable(not running)
        self.open_action = QAction(translate("Benchmark", "Open &measurements…"), self.window)
        self.open_action.setStatusTip(
            translate("Benchmark", "Load a .jsonl file of benchmark points onto the roofline")
        )
        self.open_action.triggered.connect(self.open_dialog)
        # The menu the bar's File entry opens (menus of an earlier language may still be children
        # of the bar, waiting to be deleted). Not QAction.menu(): before PySide6 6.11.3 it makes
        # a second wrapper of the menu, and collecting it invalidates the window's own (the menus
        # could then no longer be rebuilt when the language changed).
        file_action = _menu_action(bar, translate("Menus", "&File"))
        file_menu = next(
            (m for m in bar.findChildren(QMenu) if m.menuAction() is file_action), None
        )
        if file_menu is not None:
            separators = [a for a in file_menu.actions() if a.isSeparator()]
            if separators:
                file_menu.insertAction(separators[0], self.open_action)
            else:
                file_menu.addAction(self.open_action)

    def retranslate(self) -> None:
        """Add the menu again in the current language (the window cleared its menu bar)."""
        actions = (self.quick_action, self.full_action, self.data_action, self.cancel_action)
        for action in (*actions, self.open_action):
            action.deleteLater()
        self.menu.deleteLater()
        self._build_menu()
        if not self.running:
            self.eta_label.hide()

    def _add(self, text: str, slot: Any, tip: str) -> QAction:
        action = QAction(text, self.window)
        action.setStatusTip(tip)
        action.triggered.connect(slot)
        self.menu.addAction(action)
        return action

    def _enable(self, idle: bool) -> None:
        """The run actions while no run is going; Cancel while one is."""
        for action in (self.quick_action, self.full_action, self.data_action):
            action.setEnabled(idle)
        self.cancel_action.setEnabled(not idle)

    def _message(self, text: str, ms: int = 8000) -> None:
        self.window.statusBar().showMessage(text, ms)

    # running ----------------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        """Whether a run is in progress."""
        return self.thread is not None

    def start(
        self, suite: str | list[Case], device: str = "auto", threads: int | None = None
    ) -> bool:
        """Start a run of ``suite`` (a suite name or a list of cases); False if one is running."""
        if self.running:
            self._message(translate("Benchmark", "A benchmark is already running; cancel it first"))
            return False
        from app.bench_worker import BenchWorker, start_worker
        from core.bench.measurements import MeasurementWriter, default_measurements_path

        try:
            self.writer = MeasurementWriter(self.path or default_measurements_path())
        except InputError as exc:
            self._message(
                translate("Benchmark", "{problem}; points will not be saved").format(
                    problem=localized(exc.message)
                ),
                10000,
            )
            self.writer = None
        self.points, self.errors = [], []
        self.data_suite = False
        self.worker = BenchWorker(
            suite,
            device,
            threads=threads,
            reference=self.state.device,
            catalog=self.state.catalog,
        )
        self.worker.resolved.connect(self._on_resolved)
        self.worker.progress.connect(self._on_progress)
        self.worker.point.connect(self._on_point)
        self.worker.error.connect(self._on_error)
        self.worker.finished.connect(self._on_finished)
        self.thread = start_worker(self.worker)
        self._started()
        return True

    def start_data(
        self, cfg: DataConfig | None = None, path: Path | None = None, folder: str | None = None
    ) -> bool:
        """Start the data-path suite (``cfg``: :class:`~core.bench.data_path.DataConfig`, default
        ``napkinlab bench --suite data``'s) writing to ``path`` (default ``<data dir>/
        data_path.jsonl``, the Plan's); False if a run is going or the file cannot be opened."""
        if self.running:
            self._message(translate("Benchmark", "A benchmark is already running; cancel it first"))
            return False
        from app.bench_worker import start_worker
        from app.data_bench_worker import DataBenchWorker
        from core.bench.data_path import DataConfig
        from core.bench.data_results import default_data_path_file
        from core.bench.measurements import MeasurementWriter
        from core.bench.suites import default_threads

        self.data_file = Path(path) if path else default_data_path_file()
        try:
            self.writer = MeasurementWriter(self.data_file)
        except (InputError, OSError) as exc:
            problem = localized(exc.message) if isinstance(exc, InputError) else str(exc)
            self._message(problem, 10000)
            return False
        self.points, self.errors = [], []
        self.data_suite = True
        self.worker = DataBenchWorker(cfg or DataConfig(workers=min(8, default_threads())), folder)
        self.worker.progress.connect(self._on_progress)
        self.worker.point.connect(self._on_point)
        self.worker.error.connect(self._on_error)
        self.worker.finished.connect(self._on_finished)
        self.thread = start_worker(self.worker)  # type: ignore[arg-type]
        self._started()
        return True

    def _started(self) -> None:
        self._enable(False)
        self.progress_bar.setRange(0, 0)
        self.progress_bar.show()
        self.eta_label.setText(translate("Benchmark", "Benchmark starting…"))
        self.eta_label.show()

    def cancel(self) -> None:
        """Ask the running benchmark to stop (it does within one repetition)."""
        if self.worker is not None:
            self.worker.cancel()
            self.eta_label.setText(translate("Benchmark", "Cancelling…"))

    def stop(self) -> bool:
        """Cancel the run and let it end on its own (the window calls this when closing).

        Never waits: the run is closed now (its file, "This machine" from the points so far) and
        its thread detached (:func:`app.worker_runner.detach`) until it stops, within one
        repetition. Returns whether the thread had already ended.
        """
        worker, thread = self.worker, self.thread
        if worker is None or thread is None:
            return True
        worker.cancel()
        ended = not thread.isRunning()
        for signal, slot in (
            (worker.resolved, self._on_resolved),
            (worker.progress, self._on_progress),
            (worker.point, self._on_point),
            (worker.error, self._on_error),
            (worker.finished, self._on_finished),
        ):
            disconnect(signal, slot)
        self._finish(True)
        return ended

    def _on_resolved(self, device: str, name: str, match: object) -> None:
        if isinstance(match, str) and match != self.state.device_id:
            try:
                self.state.set_device(match)
            except InputError:
                return
            self._message(
                translate("Benchmark", "Benchmarking {name}: selected {device} for MFU").format(
                    name=name, device=localized(self.state.device.name)
                )
            )

    def _on_progress(self, done: int, total: int, eta: float) -> None:
        if self.worker is None:
            return
        # One count on screen: the bar's "done/total"; the label beside it only says the time.
        self.progress_bar.setRange(0, max(total, 1))
        self.progress_bar.setValue(done)
        left = "< 1 s" if eta < 1 else f"{eta:.0f} s" if eta < 120 else f"{eta / 60:.1f} min"
        self.eta_label.setText(
            translate("Benchmark", "Benchmark: about {left} left").format(left=left)
        )
        self.progressed.emit(done, total, eta)

    def _on_point(self, point: dict[str, Any]) -> None:
        if self.worker is None:
            return
        self.points.append(point)
        if self.writer is not None:
            try:
                self.writer.write(point)
            except (OSError, InputError) as exc:
                problem = localized(exc.message) if isinstance(exc, InputError) else str(exc)
                self._message(
                    translate("Benchmark", "cannot save measurements: {problem}").format(
                        problem=problem
                    ),
                    10000,
                )
                self.writer = None
        if not self.data_suite:  # data-path points are not roofline points
            self.state.measuredPoint.emit(point)

    def _on_error(self, message: str) -> None:
        if self.worker is None:
            return
        self.errors.append(message)
        self._message(localized(message), 10000)

    def _on_finished(self, cancelled: bool) -> None:
        self._finish(cancelled)

    def _finish(self, cancelled: bool) -> None:
        """Close the file, add "This machine", reset the UI (once per run)."""
        if self.worker is None:
            return
        worker, thread = self.worker, self.thread
        self.worker = self.thread = None
        if thread is not None:  # kept alive until its last line ran, released in this thread
            detach(thread, worker)
        if self.writer is not None:
            self.writer.close()
            self.writer = None
        self._enable(True)
        self.progress_bar.hide()
        self.eta_label.hide()
        if self.data_suite:
            self._finish_data(cancelled)
            return
        summary = translate("Benchmark", "{count} points").format(count=len(self.points))
        if self.errors:
            summary = translate("Benchmark", "{summary}, {count} not measured").format(
                summary=summary, count=len(self.errors)
            )
        if any(p.get("op") == "matmul" for p in self.points):
            from core.bench.this_machine import this_machine

            device = this_machine(self.points, catalog=self.state.catalog)
            self.state.add_device(device)
            summary = translate("Benchmark", "{summary}; added “{device}” to the devices").format(
                summary=summary, device=localized(device.name)
            )
        if cancelled:
            text = translate("Benchmark", "Benchmark cancelled: {summary}")
        else:
            text = translate("Benchmark", "Benchmark finished: {summary}")
        self._message(text.format(summary=summary), 10000)
        self.runFinished.emit(cancelled)

    def _finish_data(self, cancelled: bool) -> None:
        """Say the data path's rate in the status bar and show it in the Plan's row."""
        from app.tabs.plan_tab import PlanPage
        from core.bench.data_results import delivered_rate

        rate = None
        if self.points and self.data_file is not None:
            try:
                rate = delivered_rate(self.data_file)
            except InputError as exc:
                self.errors.append(localized(exc.message))
        if rate is not None:
            summary = translate(
                "Benchmark", "{rate} tokens/s ({variant}, {count} configurations) in {file}"
            ).format(
                rate=f"{rate.tokens_per_s:,.0f}",
                variant=rate.point.get("variant", ""),
                count=len(self.points),
                file=str(self.data_file),
            )
        else:
            summary = translate("Benchmark", "nothing measured")
        if cancelled:
            text = translate("Benchmark", "Data-path suite cancelled: {summary}")
        else:
            text = translate("Benchmark", "Data-path suite finished: {summary}")
        self._message(text.format(summary=summary), 15000)
        if rate is not None:
            for page in self.window.findChildren(PlanPage):
                page.refresh_data_row()
        self.runFinished.emit(cancelled)

    # loading ----------------------------------------------------------------------------------
    def open_dialog(self) -> None:
        """Ask for a measurements file and load it onto the roofline."""
        from core.bench.measurements import default_measurements_path

        start = str(self.path or default_measurements_path())
        path, _ = QFileDialog.getOpenFileName(
            self.window,
            translate("Benchmark", "Open measurements"),
            start,
            translate("Benchmark", "Measurements (*.jsonl);;All files (*)"),
        )
        if path:
            self.load(path)

    def load(self, path: str | Path) -> int:
        """Send every readable point of ``path`` to the roofline at once; returns how many.

        One ``state.measuredPoints`` signal carries them all, so the roofline redraws once:
        loading is linear in the number of points.
        """
        from core.bench.measurements import read_measurements

        try:
            result = read_measurements(path)
        except InputError as exc:
            self._message(localized(exc.message), 10000)
            return 0
        if result.points:
            self.state.measuredPoints.emit(list(result.points))
        text = translate("Benchmark", "Loaded {count} points from {file}").format(
            count=len(result.points), file=Path(path).name
        )
        if result.problems:
            text = translate("Benchmark", "{loaded}; {count} lines skipped ({first})").format(
                loaded=text, count=len(result.problems), first=localized(result.problems[0])
            )
        self._message(text, 10000)
        return len(result.points)


def _menu_action(bar: Any, title: str) -> QAction | None:
    """The menu bar's action whose menu is titled ``title`` (mnemonics ignored)."""
    wanted = title.replace("&", "")
    return next((a for a in bar.actions() if a.text().replace("&", "") == wanted), None)


def install(window: QMainWindow, state: AppState) -> BenchController:
    """Add the benchmark menu, File > Open measurements and the progress bar to ``window``."""
    return BenchController(window, state)
