"""Noisy measured points, and points above their machine's own ceiling, do not look like good
ones: the chart draws them hollow, the table and the hover say why; and the benchmark's progress
is counted in one place.

The expected marks follow from the numbers by hand: a spread of 0.6 is ±30 %, above the ±5 % of
a 10 % interquartile spread; a point at 4 × the machine's matmul peak at an intensity where the
roof is flat is 4 × above it. Before the fix "130.5 GFLOP/s ±4524 %" was a plain star above This
machine's roof, and the status text could say 11/19 while the bar said 12/19.
"""

from __future__ import annotations

import pytest

from app.state import AppState
from app.tabs.roofline_tab import RooflinePage
from core.roofline.bounds import NOISY_SPREAD, measured_from_dict
from core.roofline.hardware import Device

MACHINE = Device("this-machine", "This machine", "cpu", {"fp32": 100e9}, 20e9, 16e9, "measured")
GOOD = {"op": "matmul", "dtype": "fp32", "shape": [512, 512, 512], "flops": 2 * 512**3,
        "bytes": 3 * 512**2 * 4, "seconds": 2 * 512**3 / 90e9, "spread": 0.04, "device": "cpu"}  # fmt: skip
NOISY = dict(GOOD, shape=[256, 256, 256], flops=2 * 256**3, bytes=3 * 256**2 * 4,
             seconds=2 * 256**3 / 60e9, spread=0.6)  # fmt: skip
ABOVE = dict(GOOD, shape=[1024, 1024, 1024], flops=2 * 1024**3, bytes=3 * 1024**2 * 4,
             seconds=2 * 1024**3 / 400e9, spread=0.02)  # fmt: skip


def test_doubts_in_core() -> None:
    assert NOISY_SPREAD == 0.10
    good, noisy, above = (measured_from_dict(p) for p in (GOOD, NOISY, ABOVE))
    assert not good.noisy and good.doubts(100e9) == []
    assert noisy.noisy and "±30%" in str(noisy.doubts()[0]) and "±5%" in str(noisy.doubts()[0])
    # 1024³ matmul at fp32: intensity 170.7 FLOP/B, above the ridge 100e9 / 20e9 = 5: flat roof.
    (why,) = above.doubts(100e9)
    assert str(why).startswith("4× above")
    assert above.doubts(None) == []  # no machine known: nothing to compare with


@pytest.fixture
def page(qtbot):
    state = AppState()
    state.add_device(MACHINE)
    p = RooflinePage(state)
    qtbot.addWidget(p)
    return p


def test_doubtful_points_are_hollow_and_say_why(page) -> None:
    page.add_measured_points([GOOD, NOISY, ABOVE])
    plot = page.plot
    assert len(plot._stars.points()) == 1 and len(plot._doubtful.points()) == 2
    assert plot._doubtful.opts["brush"].color().name() == plot._bg  # hollow: filled with paper
    rows = {page.table.item(r, 0).text(): r for r in range(page.table.rowCount())}
    marked = [t for t, r in rows.items() if "⚠" in page.table.item(r, 5).text()]
    assert len(marked) == 2 and not any("512×512×512" in t for t in marked)
    for title in marked:
        row = rows[title]
        # Bound says it is doubtful; why is in the row's tooltip (the reasons in the cell made
        # the column so wide that a narrow table hid it).
        assert page.table.item(row, 6).text() == "measured, doubtful"
        tip = page.table.item(row, 0).toolTip()
        assert tip == page.table.item(row, 6).toolTip()
        assert ("noisy:" in tip) != ("ceiling" in tip)
    names = [label.text for _, label in plot.legend.items]
    assert any("doubtful" in n for n in names)


def test_progress_is_counted_once(qtbot) -> None:
    from PySide6.QtWidgets import QMainWindow

    from app.bench_controller import BenchController

    window = QMainWindow()
    qtbot.addWidget(window)
    controller = BenchController(window, AppState())
    controller.worker = object()  # a run in flight, as far as the slot is concerned
    controller._on_progress(11, 19, 42.0)
    assert controller.progress_bar.value() == 11 and controller.progress_bar.maximum() == 19
    assert "/" not in controller.eta_label.text() and "42 s" in controller.eta_label.text()
    controller.worker = None
