"""TTFT, TPOT and output tokens/s per GPU against the batch, the largest batch that fits marked.

Two charts sharing a logarithmic batch axis: the latencies (TTFT and TPOT, in milliseconds, on a
logarithmic axis: they differ by orders of magnitude) and the throughput per GPU. The curves are
drawn once per input (:meth:`BatchCurves.set_curves`); the chosen batch only moves a vertical line
and one marker per curve (:meth:`BatchCurves.set_batch`), so the slider redraws in a few
milliseconds. On log axes pyqtgraph places lines in log10 units: the line's position is
``log10(batch)``. Each marker is one spot at the origin of its view, moved with ``setPos`` (in
the view's units: log10 on a log axis): a transform, not new data (``setData`` cost ~0.5 ms).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QVBoxLayout, QWidget

from widgets.i18n import translate
from widgets.plan.flow import FlowLegend, swatch_text
from widgets.plot_style import Deferred, fit_axis_title, style_axes
from widgets.rich_text import plain_tip

__all__ = ["BatchCurves", "CurveData"]


@dataclass(frozen=True)
class CurveData:
    """The curves: at each batch (ascending), TTFT and TPOT in seconds and output tokens/s per
    GPU; ``max_batch`` the largest that fits (0: none, then no mark)."""

    batches: tuple[int, ...]
    ttft_s: tuple[float, ...]
    tpot_s: tuple[float, ...]
    tokens_per_gpu: tuple[float, ...]
    max_batch: int


def _decade_grid(x: bool, y: bool) -> pg.PlotCurveItem:
    """Faint lines at every decade (log10 units): pyqtgraph's own grid, with its nine minor
    lines a decade blended across the chart, took ~3 ms a repaint of each chart, this ~0.1."""
    decades = np.arange(-6.0, 10.0)
    xs: list[float] = []
    ys: list[float] = []
    if x:
        for d in decades:
            xs += [d, d]
            ys += [-6.0, 10.0]
    if y:
        for d in decades:
            xs += [-6.0, 10.0]
            ys += [d, d]
    grid = pg.PlotCurveItem(np.asarray(xs), np.asarray(ys), connect="pairs")
    grid.setZValue(-10)
    return grid


def _plot(minimum: int) -> pg.PlotWidget:
    plot = pg.PlotWidget()
    plot.setMenuEnabled(False)
    plot.hideButtons()
    plot.setMinimumHeight(minimum)
    item = plot.getPlotItem()
    for axis in ("bottom", "left"):
        item.getAxis(axis).enableAutoSIPrefix(False)
    plot.setMouseEnabled(False, False)
    return plot


class BatchCurves(QWidget):
    """The latency and throughput charts (see the module docstring)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._series: tuple[str, ...] = ("#1f77b4", "#d62728", "#2ca02c")
        self._fg, self._muted = "#1d2330", "#8a8f98"
        self.latency = _plot(90)
        self.throughput = _plot(90)
        self.latency.getPlotItem().setLogMode(True, True)
        self.throughput.getPlotItem().setLogMode(True, False)
        self.grids = [_decade_grid(True, True), _decade_grid(True, False)]
        # Added to the view box, not as data: the axes' log mode would transform them again.
        self.latency.getPlotItem().getViewBox().addItem(self.grids[0], ignoreBounds=True)
        self.throughput.getPlotItem().getViewBox().addItem(self.grids[1], ignoreBounds=True)
        # One unwrapped label per item, wrapping between items: a word-wrapped label broke
        # "largest batch that fits: 356" in Chinese after the colon, its "356" alone on a row.
        self.latency_legend = FlowLegend(self)
        self.throughput_legend = FlowLegend(self)
        self.ttft = pg.PlotDataItem()
        self.tpot = pg.PlotDataItem()
        self.tokens = pg.PlotDataItem()
        self.latency.addItem(self.ttft)
        self.latency.addItem(self.tpot)
        self.throughput.addItem(self.tokens)
        self.markers = {name: pg.ScatterPlotItem([0.0], [0.0], symbol="o", size=9)
                        for name in ("ttft", "tpot", "tokens")}  # fmt: skip
        self._log_y = {"ttft": True, "tpot": True, "tokens": False}
        for name, marker in self.markers.items():
            marker.setZValue(10)
            marker.setVisible(False)
            plot = self.throughput if name == "tokens" else self.latency
            plot.getPlotItem().getViewBox().addItem(marker, ignoreBounds=True)
        self.lines: list[pg.InfiniteLine] = []
        self.max_lines: list[pg.InfiniteLine] = []
        for plot in (self.latency, self.throughput):
            line = pg.InfiniteLine(angle=90, movable=False)
            limit = pg.InfiniteLine(angle=90, movable=False)
            for item in (line, limit):
                item.setVisible(False)
                plot.addItem(item, ignoreBounds=True)
            self.lines.append(line)
            self.max_lines.append(limit)
        self._data: CurveData | None = None
        self._titles()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.latency_legend)
        layout.addWidget(self.latency, 1)
        layout.addWidget(self.throughput_legend)
        layout.addWidget(self.throughput, 1)
        self._fit = Deferred(self._fit_titles, self)
        for plot in (self.latency, self.throughput):
            plot.getPlotItem().getViewBox().sigResized.connect(self._fit)
        self._restyle()

    # Qt-style API ---------------------------------------------------------------------------
    def plot_items(self) -> list[pg.PlotItem]:
        """The two charts' plot items (export)."""
        return [self.latency.getPlotItem(), self.throughput.getPlotItem()]

    def set_colours(
        self, series: Sequence[str], foreground: str, muted: str, background: str
    ) -> None:
        """Series colours, text colour, the colour of the max mark, the background."""
        self._series = tuple(series) or self._series
        self._fg, self._muted = foreground, muted
        for plot in (self.latency, self.throughput):
            plot.setBackground(background)
            style_axes(plot.getPlotItem(), foreground)
        self._restyle()
        self._fit_titles()

    def set_curves(self, data: CurveData | None) -> None:
        """Draw ``data`` (``None``: empty charts)."""
        self._data = data
        self._restyle()  # the legend names the largest batch
        if data is None or not data.batches:
            for item in (self.ttft, self.tpot, self.tokens):
                item.setData([], [])
            for marker in self.markers.values():
                marker.setVisible(False)
            for line in (*self.lines, *self.max_lines):
                line.setVisible(False)
            return
        xs = np.asarray(data.batches, float)
        self.ttft.setData(xs, np.asarray(data.ttft_s, float) * 1e3)
        self.tpot.setData(xs, np.asarray(data.tpot_s, float) * 1e3)
        self.tokens.setData(xs, np.asarray(data.tokens_per_gpu, float))
        fits = data.max_batch > 0
        for limit in self.max_lines:
            limit.setVisible(fits)
            if fits:
                limit.setValue(math.log10(data.max_batch))
        for plot in (self.latency, self.throughput):
            plot.getPlotItem().enableAutoRange()
            plot.getPlotItem().autoRange(padding=0.05)

    def set_batch(self, batch: int, ttft_s: float, tpot_s: float, tokens_per_gpu: float) -> None:
        """Move the chosen batch's line and markers (nothing else is redrawn)."""
        x = math.log10(max(batch, 1))
        for line in self.lines:
            line.setValue(x)
            line.setVisible(True)
        values = {"ttft": ttft_s * 1e3, "tpot": tpot_s * 1e3, "tokens": tokens_per_gpu}
        for name, marker in self.markers.items():
            value = values[name]
            y = (math.log10(value) if value > 0 else math.nan) if self._log_y[name] else value
            marker.setPos(x, y)
            marker.setVisible(math.isfinite(y))

    def marker_positions(self) -> dict[str, tuple[float, float]]:
        """Each shown marker's (batch, value) (milliseconds for the latencies)."""
        out = {}
        for name, marker in self.markers.items():
            if marker.isVisible():
                pos = marker.pos()
                y = 10 ** pos.y() if self._log_y[name] else pos.y()
                out[name] = (10 ** pos.x(), y)
        return out

    # internals ------------------------------------------------------------------------------
    def _titles(self) -> None:
        self.latency.getPlotItem().setLabel("left", translate("InferenceCurves", "ms"))
        self.throughput.getPlotItem().setLabel("left", translate("InferenceCurves", "tokens/s"))
        self.throughput.getPlotItem().setLabel(
            "bottom", translate("InferenceCurves", "batch (sequences per replica)")
        )

    def _restyle(self) -> None:
        c = self._series
        width = 2
        self.ttft.setPen(pg.mkPen(c[0 % len(c)], width=width))
        self.tpot.setPen(pg.mkPen(c[1 % len(c)], width=width))
        self.tokens.setPen(pg.mkPen(c[2 % len(c)], width=width))
        for name, index in (("ttft", 0), ("tpot", 1), ("tokens", 2)):
            colour = c[index % len(c)]
            self.markers[name].setBrush(pg.mkBrush(colour))
            self.markers[name].setPen(pg.mkPen(self._fg, width=1))
        faint = QColor(self._fg)
        faint.setAlphaF(0.3)
        for grid in self.grids:
            grid.setPen(pg.mkPen(faint, width=1))
        for line in self.lines:
            line.setPen(pg.mkPen(self._fg, width=1))
        for limit in self.max_lines:
            limit.setPen(pg.mkPen(self._muted, width=1.5, style=Qt.PenStyle.DashLine))  # cosmetic
        items = [
            swatch_text(c[0 % len(c)], "■", translate("InferenceCurves", "TTFT")),
            swatch_text(c[1 % len(c)], "■", translate("InferenceCurves", "TPOT")),
        ]
        mark = self._max_legend()
        if mark is not None:  # no curves (no valid input): no mark to name
            items.append(swatch_text(self._muted, "┆", mark[0]))
        self.latency_legend.set_items(items)
        if mark is not None:
            self.latency_legend.labels()[-1].setToolTip(plain_tip(mark[1]))
        self.throughput_legend.set_items(
            [
                swatch_text(
                    c[2 % len(c)], "■", translate("InferenceCurves", "output tokens/s per GPU")
                )
            ]
        )

    def _max_legend(self) -> tuple[str, str] | None:
        """The dashed line's legend item, short (it shares a row with TTFT and TPOT on a
        slide's narrow chart) and in full for its tooltip; ``None`` without curves."""
        data = self._data
        if data is None or not data.batches:
            return None
        if data.max_batch <= 0:
            text = translate("InferenceCurves", "no batch fits")
            return text, text
        batch = f"{data.max_batch:,}"
        short = translate("InferenceCurves", "largest batch {batch}").format(batch=batch)
        full = translate("InferenceCurves", "largest batch that fits: {batch}").format(batch=batch)
        return short, full

    def _fit_titles(self) -> None:
        for plot in (self.latency, self.throughput):
            for name in ("left", "bottom"):
                fit_axis_title(plot.getPlotItem().getAxis(name))
