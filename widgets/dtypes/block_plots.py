"""Plots of a block quantization: the error histogram and the per-block scales and errors.

Everything plotted is computed in :mod:`core.numbers.blockscale`; this widget only draws arrays.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pyqtgraph as pg
from PySide6.QtWidgets import QHBoxLayout, QWidget

__all__ = ["BlockPlots"]


class BlockPlots(QWidget):
    """Left: histogram of errors (block format vs per-tensor fp8). Right: per-block scale (log)
    and the share of each block's values flushed to zero, the worst block marked."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.hist = pg.PlotWidget(parent=self)
        self.blocks = pg.GraphicsLayoutWidget(parent=self)
        self.scale_plot = self.blocks.addPlot(row=0, col=0)
        self.error_plot = self.blocks.addPlot(row=1, col=0)
        self.error_plot.setXLink(self.scale_plot)
        self.hist.getPlotItem().setLabels(bottom="error (stored − input)", left="values + 1 (log)")
        self.hist.getPlotItem().getAxis("left").setLogMode(True)  # data are log10(count + 1)
        self.hist.getPlotItem().getAxis("left").enableAutoSIPrefix(False)
        self.scale_plot.setLabels(left="block scale")
        self.scale_plot.getAxis("left").setLogMode(True)  # data are log10(scale)
        self.scale_plot.getAxis("left").enableAutoSIPrefix(False)
        self.error_plot.setLabels(left="flushed to 0 (%)", bottom="block")
        for item in (self.hist.getPlotItem(), self.scale_plot, self.error_plot):
            item.setMenuEnabled(False)
            item.showGrid(x=True, y=True, alpha=0.25)
        self.legend = self.hist.getPlotItem().addLegend(offset=(-10, 10))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.hist, 1)
        layout.addWidget(self.blocks, 1)
        self._colours: Sequence[str] = ("#1f77b4", "#d62728", "#2ca02c")
        self._fg = "#1d2330"

    def setColours(self, series: Sequence[str], foreground: str, background: str) -> None:
        """Series colours and axis colours (theme)."""
        self._colours, self._fg = series, foreground
        self.hist.setBackground(background)
        self.blocks.setBackground(background)
        for item in (self.hist.getPlotItem(), self.scale_plot, self.error_plot):
            for axis in ("left", "bottom"):
                item.getAxis(axis).setPen(foreground)
                item.getAxis(axis).setTextPen(foreground)
        self.legend.setLabelTextColor(foreground)

    def setData(
        self,
        edges: np.ndarray,
        counts: Sequence[tuple[str, np.ndarray]],
        scales: np.ndarray,
        flushed: np.ndarray,
        worst: int,
    ) -> None:
        """Show histograms (one per label) over ``edges``, per-block scales and flushed shares."""
        hist = self.hist.getPlotItem()
        hist.clear()
        self.legend.clear()
        for i, (label, count) in reversed(list(enumerate(counts))):
            colour = self._colours[i % len(self._colours)]
            hist.plot(  # the left axis reads log10(count + 1): plot exactly that
                edges,
                np.log10(np.asarray(count, dtype=float) + 1.0),
                stepMode="center",
                pen=pg.mkPen(colour, width=2.5 - i),
                name=label,
            )
        top = max((float(np.log10(np.max(c) + 1.0)) for _, c in counts), default=1.0)
        hist.setLimits(xMin=float(edges[0]) - 1, xMax=float(edges[-1]) + 1, yMin=0, yMax=top + 1)
        hist.setYRange(0, top * 1.05, padding=0)
        hist.setXRange(float(edges[0]), float(edges[-1]), padding=0.02)
        self.scale_plot.clear()
        self.error_plot.clear()
        x = np.arange(scales.size)
        positive = np.where(scales > 0, scales, np.nan)
        self.scale_plot.plot(x, np.log10(positive), pen=None, symbol="o", symbolSize=4,
                             symbolBrush=self._colours[0], symbolPen=None)  # fmt: skip
        percent = 100 * flushed
        self.error_plot.plot(x, percent, pen=pg.mkPen(self._colours[0], width=1))
        if percent.size and percent[worst] > 0:
            self.error_plot.plot([worst], [percent[worst]], pen=None, symbol="x",
                                 symbolSize=12, symbolPen=pg.mkPen(self._colours[1], width=2))  # fmt: skip
            worst_line = pg.InfiniteLine(pos=worst, angle=90, pen=pg.mkPen(self._colours[1]),
                                         label=f"worst block {worst}",
                                         labelOpts={"position": 0.85, "color": self._fg})  # fmt: skip
            self.error_plot.addItem(worst_line)
        limit = max(1.0, float(scales.size))
        for item in (self.scale_plot, self.error_plot):
            item.setLimits(xMin=-1, xMax=limit)
