"""The Inference tab's views draw what they are given: the batch control steps through its
batches and says which, the curves put their markers and lines where the data says (log10 units
for the lines on log axes), the memory bar shows the parts against the capacity."""

from __future__ import annotations

import math

import pytest

from widgets.inference import BatchControl, BatchCurves, CurveData, MemoryBar


@pytest.fixture
def control(qtbot) -> BatchControl:
    c = BatchControl()
    qtbot.addWidget(c)
    c.set_batches([1, 2, 4, 8, 100, 356])
    return c


def test_slider_steps_through_the_batches(control, qtbot):
    with qtbot.waitSignal(control.batchChanged) as blocker:
        control.slider.setValue(4)
    assert blocker.args == [100]
    assert control.value() == 100


def test_spin_box_takes_any_batch_and_places_the_slider(control, qtbot):
    with qtbot.waitSignal(control.batchChanged) as blocker:
        control.spin.setValue(50)
    assert blocker.args == [50]
    assert control.slider.value() == 4  # the first batch at or above 50: 100


def test_a_chosen_batch_turns_max_off(control, qtbot):
    control.set_max(True)
    control.slider.setValue(2)
    assert not control.is_max()


def test_set_from_code_emits_nothing(control, qtbot):
    with qtbot.assertNotEmitted(control.batchChanged):
        control.setValue(8)
        control.set_batches([1, 8, 64])
    assert control.value() == 8 and control.slider.value() == 1


def test_curves_markers_and_lines(qtbot):
    curves = BatchCurves()
    qtbot.addWidget(curves)
    data = CurveData((1, 2, 4, 8), (0.01, 0.02, 0.04, 0.08), (0.005, 0.005, 0.006, 0.007),
                     (200.0, 390.0, 700.0, 1100.0), 4)  # fmt: skip
    curves.set_curves(data)
    xs, ys = curves.ttft.getOriginalDataset()
    assert list(xs) == [1, 2, 4, 8] and list(ys) == pytest.approx([10, 20, 40, 80])  # ms
    assert curves.max_lines[0].value() == pytest.approx(math.log10(4))
    assert curves.max_lines[0].isVisible()
    assert "4" in curves.latency_legend.text()
    curves.set_batch(2, 0.02, 0.005, 390.0)
    got = curves.marker_positions()
    assert set(got) == {"ttft", "tpot", "tokens"}
    assert got["ttft"] == pytest.approx((2.0, 20.0))  # placed in log10 units on log axes
    assert got["tpot"] == pytest.approx((2.0, 5.0))
    assert got["tokens"] == pytest.approx((2.0, 390.0))
    assert curves.lines[1].value() == pytest.approx(math.log10(2))


def test_curves_without_a_fitting_batch_mark_none(qtbot):
    curves = BatchCurves()
    qtbot.addWidget(curves)
    curves.set_curves(CurveData((1, 2), (1.0, 2.0), (0.1, 0.1), (1.0, 2.0), 0))
    assert not any(line.isVisible() for line in curves.max_lines)
    curves.set_curves(None)
    xs, _ = curves.tokens.getOriginalDataset()
    assert xs is None or len(xs) == 0


def test_memory_bar_parts_and_capacity(qtbot):
    bar = MemoryBar()
    qtbot.addWidget(bar)
    parts = {"weights": 16e9, "kv_cache": 4e9, "activations": 1e9, "allowance": 3e9, "free": 56e9}
    bar.set_memory("GPU", parts, {k: f"{v / 1e9:g} GB" for k, v in parts.items()}, 80e9)
    assert [(s.key, s.value) for s in bar.segments()] == list(parts.items())
    assert bar.strip.full == bar.strip.mark == 80e9
