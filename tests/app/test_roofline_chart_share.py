"""The Roofline chart keeps its height when a benchmark fills the points table.

After Benchmark > Run quick suite (its points injected as the benchmark delivers them) the table
holds 24 rows. It had asked for six of them (210 px on a 1280x720 slide) and the legend, moved
above the axes, took 134 px more: the axes were 179 px tall on the slide. The chart now keeps at
least three quarters of the height it shares with the table (the table shows three rows at least
and scrolls past what fits), and its axes at least two thirds of the height they had before the
benchmark, at the default size and on a slide. Heights are read from the widgets drawn.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QApplication

from app.main_window import MainWindow
from app.settings import Preferences
from app.theme import apply_theme, theme
from app.worker_runner import wait_detached
from core.bench.this_machine import this_machine
from tests.app.test_roofline_labels import quick_cpu_points
from widgets.table_fit import rows_height


def _flush() -> None:
    for _ in range(3):
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        QApplication.processEvents()


@pytest.fixture(params=[False, True], ids=["default size", "1280x720 presentation"])
def window(request, qtbot):
    app = QApplication.instance()
    presentation = request.param
    apply_theme(app, theme("light", presentation))
    win = MainWindow(preferences=Preferences(ephemeral=True), menus=False)
    qtbot.addWidget(win)
    win.set_presentation(presentation)
    win.resize(1280, 720 if presentation else 820)
    win.show()
    yield win
    apply_theme(app, theme("light"))
    win.stop_background_work()
    wait_detached(30_000)


def _axes_height(page) -> float:
    _flush()
    page.window().grab()  # lay out and paint: the legend's place is chosen while drawing
    _flush()
    return page.plot.view.sceneBoundingRect().height()


def test_a_quick_suite_leaves_the_chart_its_height(window) -> None:
    page = window.show_tab("roofline")
    page.plot.fit()
    before = _axes_height(page)
    points = quick_cpu_points()
    window.state.measuredPoints.emit(points)
    window.state.add_device(this_machine(points, catalog=window.state.catalog))
    page.plot.fit()
    after = _axes_height(page)
    table = page.table
    assert table.rowCount() >= len(points)
    chart, rows = page.plot.height(), table.height()
    assert chart >= 0.75 * (chart + rows), (chart, rows)
    assert after >= 2 / 3 * before, (before, after)
    # The table shows three whole rows at least and scrolls through the rest.
    assert rows >= rows_height(table, 3), rows
    assert table.verticalScrollBar().isVisible()
    assert table.verticalScrollBar().maximum() > 0
