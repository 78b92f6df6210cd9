"""Every candidate layout as a point: tokens/s per GPU against memory per GPU, capacity lines,
the chosen layout ringed, and a pinned cluster's candidates overlaid (plan A).

The chart draws points it is given (:class:`Point`: the two coordinates, whether the layout fits,
its hover text) and the capacity of each cluster's device; it computes nothing. Clicking one of
the current series' points emits its index. The legend is a row of labels above the plot
(the markers, the two series, the capacity lines, the ring), so no text is drawn among the points
and none can overlap them or cross a line. A picture of the plot alone (PNG, PDF, SVG) has no
such row: while it is made, the same legend is drawn inside the axes, where it covers no point
(:func:`widgets.plot_style.for_export`).

Signals
-------
pointClicked(int)
    The index (in the current series) of the point clicked.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QVBoxLayout, QWidget

from widgets.i18n import translate
from widgets.label_layout import free_spot
from widgets.plan.flow import FlowLegend, swatch_text
from widgets.plot_style import (
    EXPORT_HOOK,
    Deferred,
    app_font,
    fit_axis_title,
    style_axes,
    style_text,
)

__all__ = ["PlanChart", "Point", "Series"]

_SYMBOL_B, _SYMBOL_A = "o", "s"


@dataclass(frozen=True)
class Point:
    """One candidate: memory per GPU (bytes), tokens/s per GPU, whether it fits, hover text."""

    memory: float
    tokens_per_gpu: float
    fits: bool
    tip: str = ""


@dataclass(frozen=True)
class Series:
    """One cluster's candidates, its name in the legend, its device's capacity (bytes) and
    what the legend says about the capacity line."""

    name: str
    points: tuple[Point, ...]
    capacity: float
    capacity_text: str = ""


class PlanChart(QWidget):
    """The scatter of candidates with its legend above (see the module docstring)."""

    pointClicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.legend = FlowLegend(self)
        self.plot = pg.PlotWidget(self)
        self.plot.setMenuEnabled(False)
        self.plot.hideButtons()
        self.plot.setMinimumHeight(120)
        item = self.plot.getPlotItem()
        item.showGrid(x=True, y=True, alpha=0.25)
        self._axis_titles()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.legend)
        layout.addWidget(self.plot, 1)
        self._current: Series | None = None
        self._pinned: Series | None = None
        self._selected: int | None = None
        self._items: list[Any] = []
        self._ring: pg.ScatterPlotItem | None = None
        self._fg = "#1d2330"
        self._colours: tuple[str, ...] = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd")
        self._muted = "#8a8f98"
        #: What the empty chart says (before the first plan): in the middle, with no tick values,
        #: as the Memory tab's empty timeline does.
        self.message = pg.TextItem("", anchor=(0.5, 0.5))
        self.message.setZValue(3)
        item.addItem(self.message, ignoreBounds=True)
        self._bg = "#ffffff"
        self._picture_legend: pg.LegendItem | None = None
        setattr(item, EXPORT_HOOK, self._show_picture_legend)
        self._fit_titles = Deferred(self._fit_axis_titles, self)  # after Qt's resize
        item.getViewBox().sigResized.connect(self._fit_titles)
        self._draw()

    # Qt-style API ---------------------------------------------------------------------------
    def plot_item(self) -> pg.PlotItem:
        """The pyqtgraph plot (SVG export)."""
        return self.plot.getPlotItem()

    def set_colours(
        self, series: Sequence[str], foreground: str, muted: str, background: str
    ) -> None:
        """Series colours, the text colour, the colour of layouts that do not fit, the plot's
        background; redraws."""
        self._colours = tuple(series) or self._colours
        self._fg, self._muted, self._bg = foreground, muted, background
        self.plot.setBackground(background)
        self.message.setColor(QColor(muted))
        style_text(self.message)
        self._axis_titles()
        # Pens, tick colours and the titles' font: the app's at the current mode (a chart built
        # in presentation mode shrinks back with it).
        style_axes(self.plot.getPlotItem(), foreground)
        self._fit_axis_titles()
        self._draw()

    def set_current(self, series: Series | None) -> None:
        """The candidates of the plan shown (clickable); the selection is cleared."""
        self._current = series
        self._selected = None
        self._draw()

    def set_pinned(self, series: Series | None) -> None:
        """Plan A's candidates, drawn behind the current ones (``None``: none pinned)."""
        self._pinned = series
        self._draw()

    def current(self) -> Series | None:
        """The current series."""
        return self._current

    def pinned(self) -> Series | None:
        """The pinned series (plan A)."""
        return self._pinned

    def select(self, index: int | None) -> None:
        """Ring the current series' point ``index`` (``None``: none)."""
        if self._current is None or index is None or not 0 <= index < len(self._current.points):
            index = None
        if index != self._selected:
            self._selected = index
            self._draw_ring()

    def selected(self) -> int | None:
        """The ringed point's index."""
        return self._selected

    def point_position(self, index: int) -> tuple[float, float]:
        """The plot coordinates of the current series' point ``index`` (tests click there)."""
        assert self._current is not None
        p = self._current.points[index]
        return p.memory, p.tokens_per_gpu

    # drawing --------------------------------------------------------------------------------
    def _axis_titles(self) -> None:
        item = self.plot.getPlotItem()
        style = {"color": self._fg if hasattr(self, "_fg") else "#1d2330"}
        item.setLabel("bottom", translate("PlanChart", "memory per GPU"), units="B", **style)
        item.setLabel("left", translate("PlanChart", "tokens/s per GPU"), **style)
        item.getAxis("bottom").enableAutoSIPrefix(True)

    def _fit_axis_titles(self) -> None:
        item = self.plot.getPlotItem()
        for name in ("left", "bottom"):
            fit_axis_title(item.getAxis(name))

    def _colour(self, index: int) -> str:
        return self._colours[index % len(self._colours)]

    def _draw(self) -> None:
        item = self.plot.getPlotItem()
        for old in self._items:
            item.removeItem(old)
        self._items = []
        for series, colour, symbol, clickable in (
            (self._pinned, self._colour(3), _SYMBOL_A, False),
            (self._current, self._colour(0), _SYMBOL_B, True),
        ):
            if series is None:
                continue
            self._draw_series(series, colour, symbol, clickable)
        self._set_range()
        self._show_legend()
        self._draw_ring()

    def _draw_ring(self) -> None:
        """Ring the selected point (the only item a new selection redraws: the view keeps its
        zoom)."""
        item = self.plot.getPlotItem()
        if self._ring is not None:
            item.removeItem(self._ring)
            self._ring = None
        if self._current is None or self._selected is None:
            return
        p = self._current.points[self._selected]
        self._ring = pg.ScatterPlotItem(
            [p.memory], [p.tokens_per_gpu], symbol="o", size=20, brush=None,
            pen=pg.mkPen(self._fg, width=2.5),
        )  # fmt: skip
        self._ring.setZValue(30)
        item.addItem(self._ring)
        self._show_legend()

    def _draw_series(self, series: Series, colour: str, symbol: str, clickable: bool) -> None:
        item = self.plot.getPlotItem()
        fits = [i for i, p in enumerate(series.points) if p.fits]
        unfit = [i for i, p in enumerate(series.points) if not p.fits]
        base = QColor(colour)
        for indexes, brush, pen, z in (
            (unfit, None, pg.mkPen(self._muted, width=1), 5 if clickable else 2),
            (fits, pg.mkBrush(base), pg.mkPen(self._fg, width=0.5), 10 if clickable else 4),
        ):
            if not indexes:
                continue
            points = [series.points[i] for i in indexes]
            scatter = pg.ScatterPlotItem(
                x=np.array([p.memory for p in points]),
                y=np.array([p.tokens_per_gpu for p in points]),
                data=np.array(indexes),
                symbol=symbol, size=8, brush=brush, pen=pen, hoverable=True,
                tip=_tip_of(series), hoverSize=11,
            )  # fmt: skip
            scatter.setZValue(z)
            if clickable:
                scatter.sigClicked.connect(self._clicked)
            item.addItem(scatter)
            self._items.append(scatter)
        line = pg.InfiniteLine(
            pos=series.capacity, angle=90,
            pen=pg.mkPen(colour, width=2, style=Qt.PenStyle.DashLine),
        )  # fmt: skip
        line.setZValue(1)
        item.addItem(line)
        self._items.append(line)

    def _set_range(self) -> None:
        """Frame the points that fit and the capacity lines, with the nearest that do not: far
        beyond the capacity (a layout needing several times the memory) is left to zooming out."""
        vb = self.plot.getPlotItem().getViewBox()
        shown = [s for s in (self._pinned, self._current) if s is not None and s.points]
        for name in ("left", "bottom"):
            self.plot.getPlotItem().getAxis(name).setStyle(showValues=bool(shown))
        if not shown:
            vb.setRange(xRange=(0, 1e11), yRange=(0, 1), padding=0)
            self.message.setText(
                translate(
                    "PlanChart",
                    "Plan to see every layout searched: tokens/s per GPU against memory per GPU",
                )
            )
            self.message.setPos(5e10, 0.5)
            return
        self.message.setText("")
        caps = [s.capacity for s in shown]
        fits = [p.memory for s in shown for p in s.points if p.fits]
        x_max = (
            1.5 * max([*fits, *caps])
            if fits
            else 1.06 * max(p.memory for s in shown for p in s.points)
        )
        ys = [p.tokens_per_gpu for s in shown for p in s.points if p.memory <= x_max]
        ys = ys or [p.tokens_per_gpu for s in shown for p in s.points]
        low, high = min(ys), max(ys)
        pad = 0.08 * (high - low) if high > low else 0.1 * high or 1.0
        y_low, y_high = max(0.0, low - pad), high + pad
        every_x = [p.memory for s in shown for p in s.points] + caps
        every_y = [p.tokens_per_gpu for s in shown for p in s.points]
        vb.setLimits(xMin=0, xMax=1.2 * max(every_x), yMin=0, yMax=1.2 * max(every_y) or 1.0)
        vb.setRange(xRange=(0, x_max), yRange=(y_low, y_high), padding=0)

    def _show_legend(self) -> None:
        parts = []
        for series, colour, mark in (
            (self._current, self._colour(0), "●"),
            (self._pinned, self._colour(3), "■"),
        ):
            if series is None:
                continue
            parts.append(swatch_text(colour, mark, series.name))
            parts.append(swatch_text(colour, "┆", series.capacity_text))
        if parts:
            parts.append(swatch_text(self._muted, "○", translate("PlanChart", "does not fit")))
        if self._ring is not None:
            parts.append(swatch_text(self._fg, "◯", translate("PlanChart", "chosen")))
        self.legend.set_items(parts)
        self.legend.setVisible(bool(parts))

    def _legend_entries(self) -> list[tuple[Any, str]]:
        """The legend row's entries as plot samples: (sample item, text)."""
        entries: list[tuple[Any, str]] = []
        for series, colour, symbol in (
            (self._current, self._colour(0), _SYMBOL_B),
            (self._pinned, self._colour(3), _SYMBOL_A),
        ):
            if series is None:
                continue
            dot = pg.ScatterPlotItem(symbol=symbol, size=8, brush=pg.mkBrush(colour),
                                     pen=pg.mkPen(self._fg, width=0.5))  # fmt: skip
            entries.append((dot, series.name))
            dash = pg.PlotDataItem(pen=pg.mkPen(colour, width=2, style=Qt.PenStyle.DashLine))
            entries.append((dash, series.capacity_text))
        if entries:
            hollow = pg.ScatterPlotItem(symbol="o", size=8, brush=None,
                                        pen=pg.mkPen(self._muted, width=1))  # fmt: skip
            entries.append((hollow, translate("PlanChart", "does not fit")))
        if self._ring is not None:
            ring = pg.ScatterPlotItem(symbol="o", size=14, brush=None,
                                      pen=pg.mkPen(self._fg, width=2.5))  # fmt: skip
            entries.append((ring, translate("PlanChart", "chosen")))
        return [(sample, text) for sample, text in entries if text]

    def _show_picture_legend(self, shown: bool) -> None:
        """Draw the legend inside the axes (a picture of the plot alone) or take it away."""
        item = self.plot.getPlotItem()
        if self._picture_legend is not None:
            _drop(self._picture_legend)
            self._picture_legend = None
        entries = self._legend_entries()
        if not shown or not entries:
            return
        vb = item.getViewBox()
        rect = vb.sceneBoundingRect()
        bounds = (rect.left(), rect.top(), rect.right(), rect.bottom())
        points = []
        for scatter in [*self._items, self._ring]:
            if isinstance(scatter, pg.ScatterPlotItem):
                for spot in scatter.points():
                    at = vb.mapViewToScene(spot.pos())
                    points.append((at.x(), at.y(), spot.size() / 2 + 1.0))
        # The first size and shape that finds a spot covering no point; else, of them all, the
        # corner that covers the fewest.
        best: tuple[int, Any, float, float] | None = None
        tried = []
        for factor in (0.9, 0.75):
            for columns in dict.fromkeys((1, 2, len(entries))):
                legend = self._legend_item(entries, factor, columns)
                tried.append(legend)
                width, height = legend.width(), legend.height()
                spot = free_spot(width, height, bounds, 6.0, [], points)
                corners = [(spot[0], spot[1])] if spot is not None else [
                    (bounds[0] + 6, bounds[1] + 6), (bounds[2] - 6 - width, bounds[1] + 6),
                    (bounds[0] + 6, bounds[3] - 6 - height),
                    (bounds[2] - 6 - width, bounds[3] - 6 - height)]  # fmt: skip
                for x, y in corners:
                    covered = sum(x - r <= px <= x + width + r and y - r <= py <= y + height + r
                                  for px, py, r in points)  # fmt: skip
                    if best is None or covered < best[0]:
                        best = (covered, legend, x, y)
                if best is not None and best[0] == 0:
                    break
            if best is not None and best[0] == 0:
                break
        assert best is not None
        _covered, legend, left, top = best
        for other in tried:
            if other is not legend:
                _drop(other)
        at = item.mapFromScene(left, top)
        legend.anchor(itemPos=(0, 0), parentPos=(0, 0), offset=(at.x(), at.y()))
        self._picture_legend = legend

    def _legend_item(self, entries: list[tuple[Any, str]], factor: float, columns: int) -> Any:
        """A legend of ``entries`` in the app's font times ``factor``, in ``columns`` columns,
        laid out (its size known) and not yet placed."""
        size = app_font(factor).pointSizeF()
        legend = pg.LegendItem(offset=None, labelTextSize=f"{size:.1f}pt", colCount=columns,
                               labelTextColor=self._fg, brush=pg.mkBrush(QColor(self._bg)),
                               pen=pg.mkPen(QColor(self._fg), width=0.5))  # fmt: skip
        legend.setParentItem(self.plot.getPlotItem())
        for sample, text in entries:
            legend.addItem(sample, text)
        legend.setZValue(40)
        legend.updateSize()
        return legend

    def picture_legend(self) -> pg.LegendItem | None:
        """The legend drawn inside the axes while a picture is made (``None`` otherwise)."""
        return self._picture_legend

    def _clicked(self, _scatter: Any, points: Any, *_args: Any) -> None:
        if points is None or len(points) == 0:
            return
        index = int(points[0].data())
        self.select(index)
        self.pointClicked.emit(index)


def _drop(legend: Any) -> None:
    """Take a legend out of its plot and scene."""
    legend.setParentItem(None)
    if legend.scene() is not None:
        legend.scene().removeItem(legend)


def _tip_of(series: Series) -> Any:
    """pyqtgraph's hover text for a point of ``series``: the point's own text."""

    def tip(x: float, y: float, data: Any) -> str:
        index = int(data)
        return series.points[index].tip if 0 <= index < len(series.points) else ""

    return tip
