"""Range chart: for each format, its subnormal and normal ranges on a log axis, and the density.

Given plain rows (id, smallest subnormal, smallest normal, largest, mantissa bits) from
:mod:`core.numbers.formats`, it draws a thin bar for the subnormal range and a thick one for the normal range.
The x axis is logarithmic: items are positioned in log10 units (pyqtgraph draws log axes that way),
and the view is limited so zooming out cannot run away.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pyqtgraph as pg
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from widgets.i18n import translate
from widgets.plot_style import style_axes

__all__ = ["RangeChart", "RangeRow"]

RangeRow = tuple[str, float, float, float, int]  # id, min_subnormal, min_normal, max, mantissa bits

_X_LIMITS = (-330.0, 320.0)


def _density(m: int) -> str:
    return f"{1 << m:,}" if m <= 16 else f"2^{m}"


class RangeChart(QWidget):
    """A pyqtgraph plot of every format's range; :meth:`setMarker` shows the current value."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.plot = pg.PlotWidget(parent=self)
        self.item = self.plot.getPlotItem()
        self.item.getAxis("bottom").setLogMode(True)  # ticks read as powers of ten
        self.item.getAxis("bottom").enableAutoSIPrefix(False)
        self.item.invertY(True)
        self.item.setLabel("bottom", translate("RangeChart", "magnitude (log scale)"))
        self.item.showGrid(x=True, y=False, alpha=0.25)
        self.item.setMenuEnabled(False)
        self.plot.setMouseEnabled(x=True, y=False)
        self.legend = QLabel(
            translate(
                "RangeChart",
                "Thick bar: normal range (min normal to max) · thin bar: subnormals · label: "
                "values per power of two (2^mantissa bits) · dashed line: the value typed above. "
                "Drag to pan, wheel to zoom.",
            ),
            self,
        )
        self.legend.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addWidget(self.legend)
        layout.addWidget(self.plot, 1)
        self._rows: list[RangeRow] = []
        self._colours: Sequence[str] = ("#1f77b4", "#d62728")
        self._fg = "#1d2330"
        self._marker: pg.InfiniteLine | None = None
        self._marker_value: float | None = None

    def setRows(self, rows: Sequence[RangeRow]) -> None:
        """Draw one bar pair per row (top to bottom)."""
        self._rows = list(rows)
        self._redraw()

    def setColours(self, normal: str, subnormal: str, foreground: str, background: str) -> None:
        """Bar and text colours (theme)."""
        self._colours = (normal, subnormal)
        self._fg = foreground
        self.plot.setBackground(background)
        style_axes(self.item, foreground)  # fonts too: the app's, whatever the mode
        self._redraw()

    def setMarker(self, value: float | None) -> None:
        """Mark |value| with a vertical line (``None``, zero or non-finite hides it)."""
        self._marker_value = value
        if self._marker is not None:
            self.item.removeItem(self._marker)
            self._marker = None
        if value is None or value == 0 or not math.isfinite(value):
            return
        x = math.log10(abs(value))  # log-axis items live in log10 units
        self._marker = pg.InfiniteLine(
            pos=x, angle=90, pen=pg.mkPen(self._fg, width=1.5, style=pg.QtCore.Qt.PenStyle.DashLine),
            label=f"{abs(value):.4g}", labelOpts={"position": 0.04, "color": self._fg},
        )  # fmt: skip
        self.item.addItem(self._marker)

    def reset_view(self) -> None:
        """Show every format and the whole magnitude range (after the first layout)."""
        n = len(self._rows)
        if n:
            self.item.setYRange(-0.6, n - 0.4, padding=0)
            self.item.setXRange(-46, 40, padding=0)

    def _redraw(self) -> None:
        self.item.clear()
        self._marker = None
        n = len(self._rows)
        if not n:
            return
        normal, subnormal = self._colours
        x0n, x1n, x0s, x1s, ys = [], [], [], [], []
        ticks = []
        per_octave = translate("RangeChart", "{format}  ·  {count} per ×2")
        for i, (fid, min_sub, min_norm, top, m) in enumerate(self._rows):
            ys.append(i)
            x0n.append(math.log10(min_norm))
            x1n.append(math.log10(top))
            x0s.append(math.log10(min_sub))
            x1s.append(math.log10(min_norm))
            ticks.append((i, per_octave.format(format=fid, count=_density(m))))
        self.item.addItem(
            pg.BarGraphItem(x0=x0s, x1=x1s, y=ys, height=0.22, brush=subnormal, pen=None)
        )
        self.item.addItem(pg.BarGraphItem(x0=x0n, x1=x1n, y=ys, height=0.6, brush=normal, pen=None))
        self.item.getAxis("left").setTicks([ticks, []])
        self.item.getViewBox().setLimits(
            xMin=_X_LIMITS[0], xMax=_X_LIMITS[1], yMin=-1, yMax=n, minXRange=2
        )
        self.item.setYRange(-0.6, n - 0.4, padding=0)
        self.item.setXRange(-46, 40, padding=0)
        if self._marker_value is not None:
            self.setMarker(self._marker_value)
