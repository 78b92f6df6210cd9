"""A running background thread is never waited for in the GUI thread and never destroyed running.

Each owner of a thread (the Step and Memory runners, the Dtypes block panel, the Einops warm-up,
the window's warm-up and the benchmark) is stopped while its job is stuck in a step that ignores
cancel, as a llama3-70b trace between two ops does for seconds: the stop must return while the job
still runs, deleting the owner must not destroy the thread ("QThread: Destroyed while thread is
still running" then SIGABRT), and the job must be released once it ends. Before the fix each of
these aborted the test process or waited for the job. The subprocess test quits the real event
loop mid-run, where an abort is an exit code, not a crash of the test run.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, QObject
from PySide6.QtWidgets import QApplication, QMainWindow

from app.state import AppState
from app.worker_runner import CancellableWorker, WorkerRunner, detached_count, wait_detached

ROOT = Path(__file__).resolve().parents[2]


class Gate:
    """A step that ignores cancel: entered, then blocked until released (30 s at most)."""

    def __init__(self) -> None:
        self.entered = threading.Event()
        self.released = threading.Event()
        self.left = threading.Event()

    def block(self, *_args, **_kwargs):
        self.entered.set()
        self.released.wait(30)
        self.left.set()

    def wait_entered(self) -> None:
        assert self.entered.wait(30), "the job never started"


class SlowWorker(CancellableWorker):
    """A fake trace whose current op takes as long as the gate stays shut."""

    def __init__(self, gate: Gate) -> None:
        super().__init__()
        self.gate = gate

    def run(self) -> None:
        self.progress.emit(0.1, "")
        self.gate.block()
        self.error.emit("cancelled" if self._cancel.is_set() else "done")
        self.finished.emit()


def _flush_deletes() -> None:
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QApplication.processEvents()


def _released(gate: Gate) -> None:
    gate.released.set()
    assert wait_detached(30_000)
    _flush_deletes()
    assert detached_count() == 0


def _no_destroyed_thread(qtlog) -> None:
    messages = [r.message for r in qtlog.records]
    assert not [m for m in messages if "QThread" in m], messages


@pytest.fixture
def gate():
    g = Gate()
    yield g
    g.released.set()  # never leave a thread blocked, whatever failed
    wait_detached(30_000)


def test_runner_stop_returns_while_the_job_runs_and_survives_its_owner(gate, qtbot, qtlog) -> None:
    owner = QObject()
    runner = WorkerRunner(owner)
    worker = SlowWorker(gate)
    finished = []
    runner.finished.connect(lambda: finished.append(True))
    assert runner._start(worker)
    gate.wait_entered()
    runner.stop()
    assert not gate.left.is_set()  # stop() did not wait for the job
    assert not runner.is_running() and finished == [True]
    assert detached_count() == 1
    shiboken6.delete(owner)  # the runner and, before the fix, the running thread with it
    _released(gate)
    _no_destroyed_thread(qtlog)


class FinishingWorker(CancellableWorker):
    """A job that finishes its current step whatever it is told, then sends its result."""

    def __init__(self, gate: Gate) -> None:
        super().__init__()
        self.gate = gate

    def run(self) -> None:
        self.gate.block()
        self.result.emit("the result")
        self.finished.emit()


def _run_finishing(runner: WorkerRunner, qtbot, cancel: bool) -> list[tuple[str, object]]:
    gate = Gate()
    received: list[tuple[str, object]] = []
    runner.result.connect(lambda value: received.append(("result", value)))
    runner.error.connect(lambda message: received.append(("error", message)))
    try:
        assert runner._start(FinishingWorker(gate))
        gate.wait_entered()
        if cancel:
            runner.cancel()  # the job is past its last check: its result is already coming
    finally:
        gate.released.set()
    qtbot.waitUntil(lambda: not runner.is_running(), timeout=30_000)
    runner.result.disconnect()
    runner.error.disconnect()
    return received


def test_a_result_that_arrives_after_cancel_is_delivered_as_cancelled(qtbot) -> None:
    runner = WorkerRunner()
    assert _run_finishing(runner, qtbot, cancel=True) == [("error", "cancelled")]
    # the next job, not cancelled, is shown again
    assert _run_finishing(runner, qtbot, cancel=False) == [("result", "the result")]
    assert wait_detached(30_000)


def _step_page_running(window, gate: Gate):
    page = window.show_tab("step")
    assert page.runner._start(SlowWorker(gate))
    gate.wait_entered()
    return page


@pytest.mark.parametrize("tab", ["step", "memory"])
def test_switching_language_mid_trace_never_waits(tab: str, gate, qtbot, qtlog) -> None:
    from app.i18n import language_manager
    from app.main_window import MainWindow
    from app.settings import Preferences

    window = MainWindow(preferences=Preferences(ephemeral=True), menus=False)
    qtbot.addWidget(window)
    try:
        page = window.show_tab(tab)
        assert page.runner._start(SlowWorker(gate))
        gate.wait_entered()
        window.set_language("zh_CN")
        _flush_deletes()  # the old page (and its runner) are deleted now
        assert not gate.left.is_set()
        new = window.current_page()
        assert new is not page and not new.runner.is_running()
        assert new.trace_button.isEnabled()
        _released(gate)
    finally:
        language_manager().install("en")
        window.stop_background_work()
    _no_destroyed_thread(qtlog)


def test_closing_mid_trace_never_waits(gate, qtbot, qtlog) -> None:
    from app.main_window import MainWindow
    from app.settings import Preferences

    window = MainWindow(preferences=Preferences(ephemeral=True), menus=False)
    _step_page_running(window, gate)
    window.show()
    window.close()
    assert not gate.left.is_set()
    shiboken6.delete(window)
    _released(gate)
    _no_destroyed_thread(qtlog)


def test_block_panel_shutdown_mid_quantization(gate, qtbot, qtlog, monkeypatch) -> None:
    import app.tabs.dtypes_blocks as blocks

    real = blocks.quantize

    def slow(x, fmt):
        if not gate.entered.is_set():
            gate.block()
        return real(x, fmt)

    monkeypatch.setattr(blocks, "quantize", slow)
    panel = blocks.BlockPanel()
    panel.recompute()
    gate.wait_entered()
    panel.shutdown()
    assert not gate.left.is_set()
    shiboken6.delete(panel)
    _released(gate)
    _no_destroyed_thread(qtlog)


def test_einops_warm_up_detached_when_the_tab_goes(gate, qtbot, qtlog, monkeypatch) -> None:
    import app.tabs.einops_tab as einops_tab

    monkeypatch.setattr(einops_tab, "is_warm", lambda: False)
    monkeypatch.setattr(einops_tab, "warm_up", lambda: gate.block() or 0.0)
    page = einops_tab.EinopsPage(AppState())
    gate.wait_entered()
    page.shutdown()
    assert not gate.left.is_set()
    shiboken6.delete(page)
    _released(gate)
    _no_destroyed_thread(qtlog)


GATE = Gate()


def blocking_target() -> None:
    """A warm-up target that blocks on :data:`GATE` (``module:function`` for WarmupRunner)."""
    GATE.block()


def test_window_warm_up_stop_never_waits(qtbot, qtlog) -> None:
    from app.warmup import WarmupRunner

    GATE.__init__()
    owner = QObject()
    runner = WarmupRunner((f"{__name__}:blocking_target",), parent=owner)
    runner.start()
    try:
        GATE.wait_entered()
        assert runner.stop() is False  # still importing: detached, not waited for
        assert not GATE.left.is_set()
        shiboken6.delete(owner)
    finally:
        _released(GATE)
    _no_destroyed_thread(qtlog)


def test_benchmark_stop_never_waits(gate, qtbot, qtlog, monkeypatch) -> None:
    import app.bench_worker as bench_worker
    from app.bench_controller import BenchController

    def run_suite(cases, *args, **kwargs):
        gate.block()
        return iter(())

    monkeypatch.setattr(bench_worker, "run_suite", run_suite)
    monkeypatch.setattr(bench_worker.BenchWorker, "_resolve", lambda self: None)
    window = QMainWindow()
    controller = BenchController(window, AppState(), path=None)
    monkeypatch.setattr("core.bench.measurements.default_measurements_path",
                        lambda: Path(os.environ["NAPKINLAB_DATA_DIR"]) / "m.jsonl")  # fmt: skip
    assert controller.start([])
    gate.wait_entered()
    assert controller.stop() is False
    assert not controller.running and not gate.left.is_set()
    shiboken6.delete(window)
    _released(gate)
    _no_destroyed_thread(qtlog)


#: Quits the real event loop while a Step trace is stuck in an op: switch the language (the old
#: page and its runner are deleted), then close the last window, which quits; the job ends 0.3 s
#: into the quit (or after 11 s, past the old 10 s wait, so that the old code aborts).
QUIT_SCRIPT = """
import sys, threading
from PySide6.QtCore import QTimer
from app.gui import make_application
from app.main_window import MainWindow
from app.settings import Preferences
from app.worker_runner import CancellableWorker

released = threading.Event()
fallback = threading.Timer(11.0, released.set)
fallback.daemon = True
fallback.start()

class Slow(CancellableWorker):
    def run(self):
        released.wait(30)
        self.finished.emit()

app = make_application()
window = MainWindow(preferences=Preferences(ephemeral=True), menus=False)
window.show()
page = window.show_tab("step")
assert page.runner._start(Slow())
QTimer.singleShot(100, lambda: window.set_language("zh_CN"))
def close():  # the last window: the application quits and waits for the job at aboutToQuit
    threading.Timer(0.3, released.set).start()
    window.close()
QTimer.singleShot(300, close)
QTimer.singleShot(5000, app.quit)  # in case closing did not quit
code = app.exec()
print("exit", code, "released", released.is_set(), flush=True)
sys.exit(code)
"""


def test_quitting_mid_trace_exits_0_in_a_real_event_loop(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "XDG_CONFIG_HOME": str(tmp_path / "xdg"),
        "NAPKINLAB_CONFIG_DIR": str(tmp_path / "config"),
        "NAPKINLAB_DATA_DIR": str(tmp_path / "data"),
        "PYTHONPATH": str(ROOT),
    }
    out = subprocess.run([sys.executable, "-c", QUIT_SCRIPT], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120)  # fmt: skip
    assert "QThread" not in out.stderr, out.stderr[-2000:]
    assert out.returncode == 0, (out.returncode, out.stderr[-2000:])
    assert "exit 0 released True" in out.stdout
