"""The benchmark worker and controller: live points, per-case errors, cancel, a clean close."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QtMsgType
from PySide6.QtWidgets import QMenu

from app.bench_worker import BenchWorker, start_worker
from app.main_window import MainWindow
from app.settings import Preferences
from core.bench.measurements import default_measurements_path
from core.bench.suites import Case
from core.bench.this_machine import THIS_MACHINE_ID

TINY = 0.005


def tiny_suite() -> list[Case]:
    return [
        Case("matmul", "fp32", {"m": 32, "k": 32, "n": 32}, budget_s=TINY),
        Case("matmul", "fp4", {"m": 8, "k": 8, "n": 8}, budget_s=TINY),  # unsupported dtype
        Case("copy", "fp32", {"n": 4096}, budget_s=TINY),
    ]


def long_suite() -> list[Case]:
    # Each repetition is short (cancel is checked between them); the budgets make it long.
    return [Case("copy", "fp32", {"n": 1 << 16}, budget_s=30.0) for _ in range(5)]


def run_worker(qtbot, worker: BenchWorker):
    seen: dict[str, list] = {"points": [], "errors": [], "progress": []}
    worker.point.connect(seen["points"].append)
    worker.error.connect(seen["errors"].append)
    worker.progress.connect(lambda d, t, e: seen["progress"].append((d, t, e)))
    return seen


def test_points_arrive_and_errors_are_reported_per_case(qtbot):
    worker = BenchWorker(tiny_suite(), "cpu", threads=1)
    seen = run_worker(qtbot, worker)
    with qtbot.waitSignal(worker.finished, timeout=20000) as done:
        thread = start_worker(worker)
    assert thread.wait(2000)
    assert done.args == [False]
    assert [p["op"] for p in seen["points"]] == ["matmul", "copy"]
    assert seen["points"][0]["flops"] == 2 * 32**3
    assert len(seen["errors"]) == 1 and "fp4" in seen["errors"][0]
    assert seen["progress"][-1][:2] == (3, 3)
    assert all(p["threads"] == 1 for p in seen["points"])


def test_cancel_stops_the_case_in_flight(qtbot):
    worker = BenchWorker(long_suite(), "cpu", threads=1)
    seen = run_worker(qtbot, worker)
    with qtbot.waitSignal(worker.progress, timeout=20000):
        thread = start_worker(worker)
    # The first progress (0 done) means timing has started; cancel mid-case. No wall time is
    # asserted (a loaded machine): the 30 s case ending without a point is the proof.
    with qtbot.waitSignal(worker.finished, timeout=10000) as done:
        worker.cancel()
    assert thread.wait(5000)
    assert done.args == [True]
    assert seen["points"] == []  # the 30 s case never completed


def test_controller_saves_points_and_adds_this_machine(qtbot):
    window = MainWindow(preferences=Preferences(ephemeral=True))
    qtbot.addWidget(window)
    received: list[dict] = []
    window.state.measuredPoint.connect(received.append)
    with qtbot.waitSignal(window.bench.runFinished, timeout=20000):
        assert window.bench.start(tiny_suite(), "cpu", threads=1)
        assert not window.bench.start(tiny_suite())  # one run at a time
    assert [p["op"] for p in received] == ["matmul", "copy"]
    lines = default_measurements_path().read_text().splitlines()
    assert [json.loads(line)["op"] for line in lines] == ["matmul", "copy"]
    device = window.state.catalog.get(THIS_MACHINE_ID)
    assert device.peak("fp32") == pytest.approx(received[0]["flop_rate"])
    assert not window.bench.running and window.bench.quick_action.isEnabled()


def test_open_measurements_loads_complete_lines(qtbot, tmp_path):
    window = MainWindow(preferences=Preferences(ephemeral=True))
    qtbot.addWidget(window)
    point = {"op": "dot", "dtype": "fp32", "shape": [8], "flops": 16, "bytes": 64,
             "seconds": 1e-6, "spread": 0.0, "device": "cpu"}  # fmt: skip
    path = tmp_path / "other-machine.jsonl"
    path.write_text(json.dumps(point) + "\n" + json.dumps(point) + "\n" + '{"op": "do')
    received: list[list[dict]] = []
    window.state.measuredPoints.connect(received.append)
    assert window.bench.load(path) == 2
    assert received == [[point, point]]  # one batch: the roofline redraws once
    assert "1 lines skipped" in window.statusBar().currentMessage()


def test_closing_the_window_during_a_run_is_clean(qtbot, qtlog):
    window = MainWindow(preferences=Preferences(ephemeral=True))
    qtbot.addWidget(window)
    window.show()
    assert window.bench.start(long_suite(), "cpu", threads=1)
    qtbot.waitSignal(window.bench.progressed, timeout=20000).wait()
    thread = window.bench.thread
    window.close()  # returns without waiting for the run's thread
    assert not window.bench.running
    from app.worker_runner import wait_detached

    assert wait_detached(20_000)  # detached on close, not waited for; it stops within a repetition
    assert thread is not None and thread.isFinished()
    qtbot.wait(50)  # let queued signals from the ended run arrive: they must be ignored quietly
    warnings = [
        r.message
        for r in qtlog.records
        if r.type != QtMsgType.QtDebugMsg
        and "propagateSizeHints" not in r.message  # the offscreen platform's note on show()
    ]
    assert warnings == []


def test_the_benchmark_menu_survives_a_language_switch(qtbot):
    from app.i18n import language_manager

    window = MainWindow(preferences=Preferences(ephemeral=True))
    qtbot.addWidget(window)
    try:
        assert window.set_language("zh_CN") is None
        titles = [a.text() for a in window.menuBar().actions()]
        assert titles[-2:] == ["基准测试(&B)", "帮助(&H)"]  # before Help, in Chinese
        # The first menu, found without QAction.menu() (see BenchController._build_menu).
        first = window.menuBar().actions()[0]
        file_menu = next(m for m in window.findChildren(QMenu) if m.menuAction() is first)
        assert file_menu.objectName() == "fileMenu"
        assert window.bench.open_action in file_menu.actions()
        assert window.bench.quick_action.text() == "运行快速套件(&Q)"
        assert window.bench.quick_action.isEnabled() and not window.bench.cancel_action.isEnabled()
    finally:
        window.set_language("en")
        language_manager().install("en")
    assert [a.text() for a in window.menuBar().actions()][-2:] == ["&Benchmark", "&Help"]
