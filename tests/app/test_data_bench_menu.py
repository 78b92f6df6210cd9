"""Benchmark > Run data-path suite: the data suite runs in the background worker with progress and
Cancel, its points go to ``<data dir>/data_path.jsonl`` (not the roofline), the status bar says the
rate, and the Plan's data-path row then says "measured"."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("torch")

from app.main_window import MainWindow
from app.plan_worker import run_plan
from app.settings import Preferences
from app.tabs.plan_tab import PlanPage
from app.worker_runner import wait_detached
from core.bench.data_path import DataConfig
from core.bench.data_results import default_data_path_file
from core.plan import Constraints
from core.plan.options import planned_input

#: A tiny token file (16 slices of 65 tokens): the run takes about a second.
TINY = DataConfig(tokens=1024, seq=64, batch=4, workers=1, budget_s=0.05)


@pytest.fixture
def window(qtbot):
    w = MainWindow(preferences=Preferences(ephemeral=True))
    qtbot.addWidget(w)
    yield w
    # Every tab's worker (the Plan's first search among them) is stopped and waited for: a
    # QThread destroyed while it runs aborts the process, the next test's included.
    w.stop_background_work()
    wait_detached(30_000)


def test_the_menu_has_the_data_path_suite(window: MainWindow) -> None:
    texts = [a.text().replace("&", "") for a in window.bench.menu.actions()]
    assert "Run data-path suite" in texts
    assert window.bench.data_action.isEnabled() and not window.bench.cancel_action.isEnabled()


def test_a_run_saves_the_plan_file_and_the_row_says_measured(window: MainWindow, qtbot) -> None:
    page = window.show_tab("plan")
    assert isinstance(page, PlanPage)
    inp, _ = planned_input(model="transformer:d=256,layers=4,heads=4,vocab=1024", seq=256,
                           global_batch=64, device="h100-sxm", gpus=8, tokens="1B")  # fmt: skip
    page.set_job(run_plan(inp, Constraints()))
    assert "not measured" in page.data_line.text()
    roofline: list[dict] = []
    window.state.measuredPoint.connect(roofline.append)
    progress: list[tuple[int, int]] = []
    window.bench.progressed.connect(lambda done, total, _eta: progress.append((done, total)))
    with qtbot.waitSignal(window.bench.runFinished, timeout=60000) as finished:
        assert window.bench.start_data(TINY)
        assert not window.bench.start_data(TINY)  # one run at a time
        assert window.bench.cancel_action.isEnabled() and not window.bench.quick_action.isEnabled()
    assert finished.args == [False] and roofline == []
    lines = [json.loads(x) for x in default_data_path_file().read_text().splitlines()]
    assert lines and all(p["suite"] == "data" for p in lines)
    assert progress[-1] == (4, 4)  # in-process assemble, pageable, pinned (skipped), 1 worker
    for p in lines:  # tokens/s by hand: a batch's tokens over the seconds it took
        assert p["tokens_per_s"] == pytest.approx(4 * 64 / p["seconds_per_batch"], rel=1e-6)
    best = max(lines, key=lambda p: p["tokens_per_s"])  # on a CPU every variant counts
    message = window.statusBar().currentMessage()
    assert f"{best['tokens_per_s']:,.0f} tokens/s" in message and "data_path.jsonl" in message
    assert "measured here" in page.data_line.text()
    assert window.bench.data_action.isEnabled() and not window.bench.running


def test_cancel_stops_the_data_suite(window: MainWindow, qtbot) -> None:
    slow = DataConfig(tokens=1 << 16, seq=64, batch=4, workers=1, budget_s=30.0)
    with qtbot.waitSignal(window.bench.runFinished, timeout=30000) as finished:
        assert window.bench.start_data(slow)
        qtbot.waitSignal(window.bench.progressed, timeout=20000).wait()
        window.bench.cancel()
    assert finished.args == [True] and not window.bench.running
    assert "cancelled" in window.statusBar().currentMessage()
