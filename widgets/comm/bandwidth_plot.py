"""busbw against message size for measured collectives, with the database's link bandwidth as a line.

The widget renders what it is given: :class:`core.comm.results.CollectiveSeries` (sizes and busbw
already computed) and one reference figure; it computes nothing. Both axes are log10: the reference
is drawn as a curve across the data's size range (not an ``InfiniteLine``, whose position would be in
log10 units), and the view limits keep zooming out from hanging.
"""

from __future__ import annotations

from collections.abc import Sequence

import pyqtgraph as pg
from PySide6.QtWidgets import QVBoxLayout, QWidget

from core.comm.results import CollectiveSeries
from widgets.i18n import localized, translate
from widgets.rich_text import escape

__all__ = ["BandwidthPlot"]

_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")


class BandwidthPlot(QWidget):
    """Bus bandwidth (bytes/s) against message size (bytes), one curve per series.

    Methods
    -------
    setSeries(series)
        Replace the measured curves.
    setReference(label, bandwidth)
        The database's figure (``None`` hides it).
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.widget = pg.PlotWidget(background="#ffffff")
        self.plot = self.widget.getPlotItem()
        self.plot.setLogMode(True, True)
        self.plot.showGrid(x=True, y=True, alpha=0.25)
        self.plot.setLabel("bottom", translate("BandwidthPlot", "Message size (bytes)"))
        self.plot.setLabel("left", translate("BandwidthPlot", "Bus bandwidth (bytes/s)"))
        for axis in ("bottom", "left"):
            self.plot.getAxis(axis).enableAutoSIPrefix(False)
        self.plot.setMenuEnabled(False)
        self.plot.getViewBox().setLimits(xMin=0, xMax=13, yMin=0, yMax=14, minXRange=0.3)
        self.legend = self.plot.addLegend(offset=(12, 8), labelTextSize="9pt")
        self._series: tuple[CollectiveSeries, ...] = ()
        self._reference: tuple[str, float] | None = None
        self._items: dict[str, pg.PlotDataItem] = {}
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.widget)

    def setSeries(self, series: Sequence[CollectiveSeries]) -> None:
        """Show these measured series (sizes and busbw > 0)."""
        self._series = tuple(series)
        self._redraw()

    def setReference(self, label: str, bandwidth: float | None) -> None:
        """The database's per-GPU link bandwidth to compare busbw with; ``None`` hides it."""
        self._reference = (label, float(bandwidth)) if bandwidth else None
        self._redraw()

    def curves(self) -> dict[str, tuple[list[float], list[float]]]:
        """Each drawn curve's data in bytes and bytes/s, by legend label (for tests and export)."""
        out = {}
        for label, item in self._items.items():
            x, y = item.getOriginalDataset()
            out[label] = ([float(v) for v in x], [float(v) for v in y])
        return out

    def _redraw(self) -> None:
        for item in self._items.values():
            self.plot.removeItem(item)
        self._items.clear()
        self.legend.clear()
        for index, s in enumerate(self._series):
            pen = pg.mkPen(_COLOURS[index % len(_COLOURS)], width=2)
            item = self.plot.plot(
                list(s.sizes),
                list(s.busbw),
                pen=pen,
                symbol="o",
                symbolSize=5,
                symbolBrush=pen.color(),
                name=escape(  # the legend is HTML; the label comes from the file
                    localized(s.label)
                    + ("" if s.all_correct else translate("BandwidthPlot", " (WRONG RESULTS)"))
                ),
            )
            self._items[s.label] = item
        if self._reference is not None:
            label, bandwidth = self._reference
            sizes = [x for s in self._series for x in s.sizes] or [1024.0, float(1 << 30)]
            item = self.plot.plot(
                [min(sizes), max(sizes)],
                [bandwidth, bandwidth],
                pen=pg.mkPen("#555555", width=2, style=pg.QtCore.Qt.PenStyle.DashLine),
                name=escape(localized(label)),
            )
            self._items[label] = item
        self.plot.enableAutoRange()
