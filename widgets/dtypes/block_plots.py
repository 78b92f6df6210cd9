"""Plots of a block quantization: the error histogram and the per-block scales and errors.

Everything plotted is computed in :mod:`core.numbers.blockscale`; this widget only draws arrays.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pyqtgraph as pg
from PySide6.QtWidgets import QHBoxLayout, QWidget

from widgets.i18n import translate
from widgets.plot_style import style_axes

__all__ = ["BlockPlots"]


class BlockPlots(QWidget):
    """Left: histogram of errors (block format vs per-tensor fp8). Right: per-block scale (log)
    and the share of each block's values flushed to zero, the worst block marked.

    The three plots share one scene (:attr:`view`), so an SVG of :meth:`exportItem` holds the
    whole picture the page shows, not only the histogram.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.view = pg.GraphicsLayoutWidget(parent=self)
        grid = self.view.ci
        self.hist = grid.addPlot(row=0, col=0, rowspan=2)
        self.scale_plot = grid.addPlot(row=0, col=1)
        self.error_plot = grid.addPlot(row=1, col=1)
        grid.layout.setColumnStretchFactor(0, 1)
        grid.layout.setColumnStretchFactor(1, 1)
        grid.layout.setHorizontalSpacing(16)
        self.error_plot.setXLink(self.scale_plot)
        self.hist.setLabels(
            bottom=translate("BlockPlots", "error (stored − input)"),
            left=translate("BlockPlots", "values + 1 (log)"),
        )
        self.hist.getAxis("left").setLogMode(True)  # data are log10(count + 1)
        self.hist.getAxis("left").enableAutoSIPrefix(False)
        self.scale_plot.setLabels(left=translate("BlockPlots", "block scale"))
        self.scale_plot.getAxis("left").setLogMode(True)  # data are log10(scale)
        self.scale_plot.getAxis("left").enableAutoSIPrefix(False)
        self.error_plot.setLabels(
            left=translate("BlockPlots", "flushed to 0 (%)"),
            bottom=translate("BlockPlots", "block"),
        )
        for item in self.plotItems():
            item.setMenuEnabled(False)
            item.showGrid(x=True, y=True, alpha=0.25)
        self.legend = self.hist.addLegend(offset=(-10, 10))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view, 1)
        self._colours: Sequence[str] = ("#1f77b4", "#d62728", "#2ca02c")
        self._fg = "#1d2330"

    def plotItems(self) -> tuple[pg.PlotItem, pg.PlotItem, pg.PlotItem]:
        """The histogram, the block scales and the flushed shares."""
        return self.hist, self.scale_plot, self.error_plot

    def exportItem(self) -> pg.GraphicsLayout:
        """The item that holds all three plots (SVG, PDF and PNG export of the page's picture)."""
        return self.view.ci

    def setColours(self, series: Sequence[str], foreground: str, background: str) -> None:
        """Series colours and axis colours (theme)."""
        self._colours, self._fg = series, foreground
        self.view.setBackground(background)
        for item in self.plotItems():
            style_axes(item, foreground)  # fonts too: the app's, whatever the mode
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
        hist = self.hist
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
            label = translate("BlockPlots", "worst block {block}").format(block=worst)
            worst_line = pg.InfiniteLine(pos=worst, angle=90, pen=pg.mkPen(self._colours[1]),
                                         label=label.replace("{", "{{").replace("}", "}}"),
                                         labelOpts={"position": 0.85, "color": self._fg})  # fmt: skip
            self.error_plot.addItem(worst_line)
        limit = max(1.0, float(scales.size))
        for item in (self.scale_plot, self.error_plot):
            item.setLimits(xMin=-1, xMax=limit)
        # Ranges set here, not left to auto-range at the next paint: an export made before the
        # page was ever painted (File > Export, ``screenshot``) shows the same picture.
        self.scale_plot.setXRange(-0.5, limit - 0.5, padding=0.01)
        logs = np.log10(positive[np.isfinite(positive)])
        if logs.size:
            self.scale_plot.setYRange(float(logs.min()), float(logs.max()), padding=0.08)
        highest = float(np.max(percent)) if percent.size else 0.0
        self.error_plot.setYRange(0, max(1.0, highest), padding=0.06)
