"""The Memory chart's texts do not overprint each other or the bars, at the default size and on
a 1280×720 slide, in English and in Chinese; and one unit reads the same everywhere.

Read back from what pyqtgraph lays out, not from the chart's own layout: the bars' totals, the
capacity label and the "off the scale" note from their text items, the legend's box, the bars from
their data, and the names under the bars from the axis's own draw specs
(``AxisItem.generateDrawSpecs``). Before the fix the note overprinted the totals at 1280×720, the
names touched, and a bar read "1.41e+03 GB" while the header said 1.462 TB.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QPointF, QRectF
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QApplication

from app.i18n import language_manager
from app.main_window import MainWindow
from app.settings import Preferences
from app.theme import apply_theme, theme
from app.worker_runner import wait_detached
from core.units import format_bytes
from widgets.memory.bars import Bar

MODELS = ("mlp", "gpt2", "llama2-70b")  # far below, near, far above the capacity


def _flush() -> None:
    for _ in range(3):
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        QApplication.processEvents()


def _tick_boxes(axis) -> list[tuple[str, QRectF]]:
    image = QImage(10, 10, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    try:
        specs = axis.generateDrawSpecs(painter)
    finally:
        painter.end()
    if specs is None:
        return []
    return [(text, axis.mapRectToScene(rect)) for rect, _flags, text in specs[2]]


def _bar_boxes(chart) -> list[QRectF]:
    import pyqtgraph as pg

    view = chart.getPlotItem().vb
    boxes = []
    for item in chart.getPlotItem().items:
        if isinstance(item, pg.BarGraphItem):
            o = item.opts
            for x, h, y0 in zip(o["x"], o["height"], o["y0"], strict=True):
                corner = view.mapViewToScene(QPointF(x - o["width"] / 2, y0))
                other = view.mapViewToScene(QPointF(x + o["width"] / 2, y0 + h))
                boxes.append(QRectF(corner, other).normalized())
    return boxes


def overlaps(chart) -> list[str]:
    texts = [(t.toPlainText(), t.textItem.sceneBoundingRect())
             for t in chart.text_items() if t.isVisible()]  # fmt: skip
    legend = chart.legend()
    if legend.items:
        texts.append(("legend", legend.sceneBoundingRect()))
    ticks = _tick_boxes(chart.getPlotItem().getAxis("bottom"))
    problems = []
    everything = texts + ticks
    for i, (a, ra) in enumerate(everything):
        for b, rb in everything[i + 1 :]:
            if ra.adjusted(-1, 0, 1, 0).intersects(rb):  # 2 px apart at least, side by side
                problems.append(f"{a!r} touches {b!r}")
    for name, rect in texts:
        for bar in _bar_boxes(chart):
            if rect.adjusted(1, 1, -1, -1).intersects(bar):
                problems.append(f"{name!r} covers a bar")
    view = chart.getPlotItem().vb.sceneBoundingRect()
    for name, rect in texts:
        if name != "legend" and not view.adjusted(-1, -1, 1, 1).contains(rect):
            problems.append(f"{name!r} leaves the plot")
    whole = chart.getPlotItem().sceneBoundingRect().adjusted(-1, -1, 1, 1)
    for name, rect in [*texts, *ticks]:
        if not whole.contains(rect):
            problems.append(f"{name!r} is cut off by the chart's edge")
    return problems


@pytest.fixture(params=[(False, "en"), (True, "en"), (True, "zh_CN")],
                ids=["default", "1280x720 presentation", "1280x720 presentation zh_CN"])  # fmt: skip
def window(request, qtbot):
    presentation, language = request.param
    app = QApplication.instance()
    apply_theme(app, theme("light", presentation))
    language_manager().install(language)
    win = MainWindow(preferences=Preferences(ephemeral=True), menus=False)
    qtbot.addWidget(win)
    win.set_presentation(presentation)
    win.resize(1280, 720 if presentation else 820)
    win.show()
    yield win
    language_manager().install("en")
    apply_theme(app, theme("light"))
    win.stop_background_work()
    wait_detached(30_000)


@pytest.mark.parametrize("model", MODELS)
def test_memory_chart_texts_never_collide(window, model: str) -> None:
    page = window.show_tab("memory")
    controls = page.controls
    index = controls.model.findData(model)
    assert index >= 0
    controls.model.setCurrentIndex(index)
    _flush()
    window.grab()
    chart = page.bars
    assert overlaps(chart) == []
    # One unit: each total as core.units writes it (the header's peak is the second bar's).
    for bar, text in zip(chart.bars(), chart.text_items(), strict=False):
        assert text.toPlainText() == format_bytes(sum(bar.values.values()))
    assert chart.text_items()[1].toPlainText() in page.headline.text()
    divisor, unit = chart.unit()
    assert unit in chart.getPlotItem().getAxis("left").labelText
    tallest = max(sum(b.values.values()) for b in chart.bars())
    assert 1 <= tallest / divisor < 1000 or tallest / divisor < 4 * 80e9 / divisor


def test_five_bars_with_long_names_fit_a_slide(window) -> None:
    page = window.show_tab("memory")
    chart = page.bars
    values = {"params": 2e9, "grads": 2e9, "optimizer": 8e9, "activations": 30e9}
    names = ["estimate (sum)", "estimate (peak, cuda)", "trace of earlier inputs",
             "rank 0 (ZeRO-3, 1,024 ranks)", "measured (CUDA)"]  # fmt: skip
    chart.set_bars([Bar(n, dict(values)) for n in names], 80e9,
                   "NVIDIA H100 SXM5 80GB 80 GB per device (× 1,024 = 81.92 TB)")  # fmt: skip
    _flush()
    window.grab()
    assert overlaps(chart) == []


def test_per_rank_bars_fit_a_chinese_slide(window, qtbot) -> None:
    """ZeRO-3 over 2 GPUs: four bars and a slot, the names wrapped, the legend where it fits."""
    page = window.show_tab("memory")
    for key, text in (("d", "64"), ("layers", "2"), ("batch", "4"), ("gpus", "2")):
        page.controls.fields[key].setText(text)
    page.controls.zero.setCurrentIndex(page.controls.zero.findData("3"))
    with qtbot.waitSignal(page.traceFinished, timeout=120_000):
        page.start_trace()
    qtbot.waitUntil(lambda: not page.runner.is_running(), timeout=10_000)
    _flush()
    window.grab()
    assert len(page.bars.bars()) == 4
    assert overlaps(page.bars) == []
