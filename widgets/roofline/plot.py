"""A log-log roofline chart: roofs, ridge marks, operator points, measured points and a readout.

The chart only draws what it is given: every number (positions, labels, readout text) comes from
the caller, which computes it with :mod:`core.roofline.bounds`. Positions are given in linear units
(FLOP/byte, FLOP/s) and drawn in log10 view coordinates: the plot's axes are in log mode and every
item is placed in log10 units, the way pyqtgraph expects on log axes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QTextDocument
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from widgets.i18n import translate
from widgets.label_layout import (
    Label,
    Rect,
    all_free,
    around_point_array,
    beside_vertical,
    first_free,
    free_spot,
    hits,
    off_horizontal,
    on_horizontal,
    place,
)
from widgets.plot_style import FONT_SLACK, Deferred, detach_retired, style_axes
from widgets.pyqtgraph_svg import patch_svg_exporter
from widgets.rich_text import escape

__all__ = ["PointSpec", "RoofSpec", "RooflinePlot", "marker_size"]

patch_svg_exporter()  # SVG export must work on current Qt (pyqtgraph#3485)

#: View limits in log10 units: intensity 1e-4..1e7 FLOP/byte, rate 1e6..1e19 FLOP/s.
X_LIMITS = (-4.0, 7.0)
Y_LIMITS = (6.0, 19.0)
#: Above this many points only the selected one is labelled (the table and hover name the rest).
MAX_POINT_LABELS = 16
#: How far (in label heights) a point's label may go from its marker before it is left out.
POINT_REACH = 2.5
#: The legend's inner margin at scale 1 (pixels; half of it above and below the rows).
LEGEND_MARGIN = 4.0
_STYLES = {
    "solid": Qt.PenStyle.SolidLine,
    "dash": Qt.PenStyle.DashLine,
    "dot": Qt.PenStyle.DotLine,
}


@dataclass(frozen=True)
class RoofSpec:
    """One roof to draw: a polyline (linear units), its knee and what it says.

    ``colour`` indexes the theme's series colours; ``label`` is drawn at the right edge when not
    empty (or the first of ``short_labels``, shorter texts best first, that finds room);
    ``ridge_text`` labels a dashed vertical line through the knee (or the first of
    ``ridge_short`` that finds room); ``readout`` is shown on hover.
    """

    key: str
    xs: tuple[float, ...]
    ys: tuple[float, ...]
    ridge: tuple[float, float]
    colour: int
    label: str = ""
    ridge_text: str = ""
    readout: str = ""
    style: str = "solid"
    emphasis: bool = False
    short_labels: tuple[str, ...] = ()
    ridge_short: tuple[str, ...] = ()


@dataclass(frozen=True)
class PointSpec:
    """One operator point at (intensity, FLOP/s) in linear units; ``measured`` points get a star
    and a vertical bar from ``y_low`` to ``y_high`` (the timing spread). ``share`` (0 to 1, e.g.
    an operator's share of a step's time) scales an operator marker's area: bigger is costlier."""

    key: str
    x: float
    y: float
    label: str
    readout: str = ""
    measured: bool = False  # a doubtful one (noisy, above its machine's ceiling) is hollow
    y_low: float | None = None
    y_high: float | None = None
    share: float | None = None
    doubtful: bool = False


def marker_size(base: float, share: float | None) -> float:
    """An operator marker's diameter in pixels: ``base`` without a share, else from 0.6× (share 0)
    to 2.2× (share 1) of it, its area growing with the share."""
    if share is None or not math.isfinite(share):
        return base
    return base * (0.6 + 1.6 * math.sqrt(min(max(share, 0.0), 1.0)))


def _label_item(text: str) -> pg.TextItem:
    """A chart label whose box is its text (no inner margin): the layout places the text itself,
    and a backdrop, where there is one, hides only what is behind the letters."""
    item = pg.TextItem(text, anchor=(0.0, 0.0))
    item.textItem.document().setDocumentMargin(0.0)
    item.setZValue(12)
    return item


# Laid-out text heights by (font, text): see _text_height.
_HEIGHTS: dict[tuple[str, str], float] = {}


def _text_height(font: QFont, content: str) -> float:
    """The height ``content`` takes laid out in ``font`` as a label draws it: a Chinese text
    drawn in a fallback CJK face has taller lines than ``font``'s own metrics say (a label placed
    "just above" its roof by those metrics drew its backdrop over the roof: "bf16 规格值")."""
    key = (font.key(), content)
    height = _HEIGHTS.get(key)
    if height is None:
        document = QTextDocument()
        document.setDocumentMargin(0.0)
        document.setDefaultFont(font)
        document.setPlainText(content)
        lines = content.count("\n") + 1
        height = max(document.size().height(), QFontMetricsF(font).height() * lines)
        if len(_HEIGHTS) > 1024:  # the point labels' texts change with the batch
            _HEIGHTS.clear()
        _HEIGHTS[key] = height
    return height


def _log(value: float) -> float:
    return math.log10(value) if value > 0 else float("nan")


class RooflinePlot(QWidget):
    """The roofline chart with a hover readout line under it.

    Signals
    -------
    pointClicked(str)
        The key of the point the user clicked.
    """

    pointClicked = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._roofs: list[RoofSpec] = []
        self._points: list[PointSpec] = []
        self._points_log: tuple[object, np.ndarray] = ((), np.empty((0, 2)))
        self._selected = ""
        self._series: tuple[str, ...] = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e")
        self._fg, self._bg, self._accent, self._star = "#1d2330", "#ffffff", "#1a5fb4", "#b35c00"
        self._scale = 1.0
        self._legend_entries: list[tuple[str, int]] = []
        # What the legend calls the (not measured) points; empty: "operator".
        self.point_legend = ""
        self._legend_key: tuple[object, ...] = ()
        self.widget = pg.PlotWidget(background=self._bg)
        self.plot = self.widget.getPlotItem()
        self.plot.setLogMode(True, True)
        self._grid_alpha = 0.25
        self._grid = self._decade_grid()
        self.plot.addItem(self._grid)
        self.plot.setLabel("bottom", translate("RooflinePlot", "Arithmetic intensity (FLOP/byte)"))
        self.plot.setLabel("left", translate("RooflinePlot", "Attainable FLOP/s"))
        for axis in ("bottom", "left"):
            self.plot.getAxis(axis).enableAutoSIPrefix(False)
        # a decade's label at the very top of the view would be cut in half by the widget's
        # edge: hide the labels that do not fit inside the axis (pyqtgraph's default for x)
        self.plot.getAxis("left").setStyle(hideOverlappingLabels=True)
        self.plot.setMenuEnabled(False)
        self.plot.hideButtons()
        self.view = self.plot.getViewBox()
        self.view.setLimits(
            xMin=X_LIMITS[0],
            xMax=X_LIMITS[1],
            yMin=Y_LIMITS[0],
            yMax=Y_LIMITS[1],
            minXRange=0.3,
            minYRange=0.3,
        )
        # A child of the plot item, not the axes: it goes inside them where it covers no point,
        # else above them (_place_legend); in a fixed corner it covered a benchmark's points.
        self.legend = pg.LegendItem(offset=None)
        self.legend.setParentItem(self.plot)
        self._legend_rows: list[tuple[object, str]] = []
        self._legend_columns = 0
        self._legend_height = -1.0
        self._legend_choice: tuple[object, bool] = (None, True)
        # One curve per (colour, style, emphasis): NaN-separated roofs draw in a single item.
        self._roof_items: list[tuple[pg.PlotCurveItem, tuple[int, str, bool]]] = []
        self._roof_labels: list[tuple[pg.TextItem, RoofSpec]] = []
        # A roof label pushed away from its line (no room beside it) and its leader line.
        self._leader_items: dict[int, pg.PlotCurveItem] = {}
        self._leaders: dict[int, tuple[float, float, float]] = {}
        self._ridge_texts: list[tuple[pg.TextItem, RoofSpec]] = []
        self._ridge_dots = pg.ScatterPlotItem(size=7, pen=None)
        self._ridge_lines: list[tuple[pg.InfiniteLine, int]] = []
        self._trail = pg.PlotCurveItem()
        self._trail_dots = pg.ScatterPlotItem(size=5, pen=None)
        self._bars = pg.PlotCurveItem(connect="pairs")
        self._scatter = pg.ScatterPlotItem(size=10, hoverable=False)
        self._stars = pg.ScatterPlotItem(size=16, symbol="star", hoverable=False)
        # Noisy measurements and those above their machine's own ceiling: hollow, dashed bars.
        self._doubtful = pg.ScatterPlotItem(size=16, symbol="star", hoverable=False)
        self._ring = pg.ScatterPlotItem(size=20, brush=None, symbol="o")
        self._point_labels: dict[str, pg.TextItem] = {}
        self._drawn: dict[str, object] = {}
        self._placed: dict[int, tuple[float, float, float, float]] = {}
        #: Bumped when roofs or styles change: the roofs' label layout is then made again.
        self._generation = 0
        self._fixed_layout: tuple[object, list] = (None, [])
        for item in (self._ridge_dots, self._trail, self._trail_dots, self._bars):
            self.plot.addItem(item)
        for item in (self._scatter, self._stars, self._doubtful, self._ring):
            item.setZValue(10)
            self.plot.addItem(item)
        self._scatter.sigClicked.connect(self._on_click)
        self._stars.sigClicked.connect(self._on_click)
        self._doubtful.sigClicked.connect(self._on_click)
        self.readout = QLabel(
            translate("RooflinePlot", "Hover a point or a ceiling for its numbers."), self
        )
        self.readout.setObjectName("rooflineReadout")
        self.readout.setWordWrap(True)
        self.readout.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.widget, 1)
        layout.addWidget(self.readout)
        self.view.sigRangeChanged.connect(self.layout_labels)
        self.view.sigResized.connect(Deferred(self.layout_labels, self))  # after Qt's resize
        self.widget.scene().sigMouseMoved.connect(self._on_mouse)
        self.set_range((-1.0, 4.0), (11.0, 16.5))

    # ----------------------------------------------------------------- public API
    def set_range(self, x_log: tuple[float, float], y_log: tuple[float, float]) -> None:
        """Show intensities 10**x_log[0]..10**x_log[1] and rates 10**y_log[0]..10**y_log[1]."""
        self.view.setRange(xRange=x_log, yRange=y_log, padding=0.02)

    def ensure_visible(self, points: Sequence[tuple[float, float]]) -> bool:
        """Re-fit the view if any (intensity, FLOP/s) point lies outside it; returns whether it did.

        Measured points from a CPU sit orders of magnitude below accelerator roofs: they must not
        land off-screen.
        """
        (x0, x1), (y0, y1) = self.view.viewRange()
        for x, y in points:
            lx, ly = _log(x), _log(y)
            if math.isfinite(lx) and math.isfinite(ly) and not (x0 <= lx <= x1 and y0 <= ly <= y1):
                self.fit()
                return True
        return False

    def fit(self) -> None:
        """Zoom to show every roof's knee and every point with a margin."""
        xs = [_log(r.ridge[0]) for r in self._roofs] + [_log(p.x) for p in self._points]
        ys = [_log(r.ridge[1]) for r in self._roofs] + [_log(p.y) for p in self._points]
        xs = [x for x in xs if math.isfinite(x)] or [0.0, 3.0]
        ys = [y for y in ys if math.isfinite(y)] or [12.0, 15.0]
        x0, x1 = max(min(xs) - 1.0, X_LIMITS[0]), min(max(xs) + 2.4, X_LIMITS[1])
        y0, y1 = max(min(ys) - 0.8, Y_LIMITS[0]), min(max(ys) + 0.9, Y_LIMITS[1])
        self.set_range((x0, x1), (y0, y1))

    def set_roofs(self, roofs: Sequence[RoofSpec], legend: Sequence[tuple[str, int]]) -> None:
        """Replace every roof; ``legend`` lists (device name, colour index) entries."""
        self._roofs = list(roofs)
        self._generation += 1
        for item, _ in self._roof_items:
            self.plot.removeItem(item)
        for text, _ in (*self._roof_labels, *self._ridge_texts):
            self.plot.removeItem(text)
        for curve in self._leader_items.values():
            self.plot.removeItem(curve)
        self._leader_items, self._leaders = {}, {}
        for line, _ in self._ridge_lines:
            self.plot.removeItem(line)
        self._roof_items, self._roof_labels, self._ridge_lines = [], [], []
        self._ridge_texts = []
        groups: dict[tuple[int, str, bool], tuple[list[float], list[float]]] = {}
        for roof in self._roofs:
            xs, ys = groups.setdefault((roof.colour, roof.style, roof.emphasis), ([], []))
            xs += [*np.log10(np.asarray(roof.xs, float)), np.nan]
            ys += [*np.log10(np.asarray(roof.ys, float)), np.nan]
        for group, (xs, ys) in groups.items():
            curve = pg.PlotCurveItem(np.array(xs), np.array(ys), connect="finite")
            self.plot.addItem(curve)
            self._roof_items.append((curve, group))
        for roof in self._roofs:
            if roof.label:
                text = _label_item(roof.label)
                self.plot.addItem(text)
                self._roof_labels.append((text, roof))
                leader = pg.PlotCurveItem()
                leader.setZValue(11)
                self.plot.addItem(leader)
                self._leader_items[id(text)] = leader
            if roof.ridge_text:
                line = pg.InfiniteLine(pos=_log(roof.ridge[0]), angle=90, movable=False)
                line.setZValue(-5)
                self.plot.addItem(line)
                label = _label_item(roof.ridge_text)
                self.plot.addItem(label)
                self._ridge_lines.append((line, roof.colour))
                self._ridge_texts.append((label, roof))
        self._legend_entries = list(legend)
        self._restyle()

    def set_points(self, points: Sequence[PointSpec], selected: str = "") -> None:
        """Replace the operator and measured points; ``selected`` gets a ring."""
        self._points = [p for p in points if p.x > 0 and p.y > 0]
        self._selected = selected
        ops = [p for p in self._points if not p.measured]
        measured = [p for p in self._points if p.measured]
        # Only touch items whose data changed: setData costs ~0.5 ms per item.
        op_data = tuple((p.key, p.x, p.y, p.share) for p in ops)
        if op_data != self._drawn.get("ops"):
            self._drawn["ops"] = op_data
            self._scatter.setData(
                x=[_log(p.x) for p in ops],
                y=[_log(p.y) for p in ops],
                data=[p.key for p in ops],
                size=[marker_size(10 * self._scale, p.share) for p in ops],
            )
        star_data = tuple((p.key, p.x, p.y, p.y_low, p.y_high, p.doubtful) for p in measured)
        if star_data != self._drawn.get("stars"):
            self._drawn["stars"] = star_data
            for item, chosen in ((self._stars, [p for p in measured if not p.doubtful]),
                                 (self._doubtful, [p for p in measured if p.doubtful])):  # fmt: skip
                item.setData(
                    x=[_log(p.x) for p in chosen],
                    y=[_log(p.y) for p in chosen],
                    data=[p.key for p in chosen],
                )
            bars_x: list[float] = []
            bars_y: list[float] = []
            for p in measured:
                if p.y_low and p.y_high:
                    bars_x += [_log(p.x)] * 2
                    bars_y += [_log(p.y_low), _log(p.y_high)]
            self._bars.setData(bars_x, bars_y)
        self._update_labels()
        self._update_ring()

    def set_selected(self, key: str) -> None:
        """Ring the point with ``key`` (or none for an empty key)."""
        self._selected = key
        self._update_ring()
        if len(self._points) > MAX_POINT_LABELS:
            self._update_labels()

    def set_trail(self, xs: Sequence[float], ys: Sequence[float]) -> None:
        """Draw the path a point took while its shape changed (linear units, oldest first)."""
        if (tuple(xs), tuple(ys)) == self._drawn.get("trail"):
            return
        self._drawn["trail"] = (tuple(xs), tuple(ys))
        lx = [_log(x) for x in xs if x > 0]
        ly = [_log(y) for x, y in zip(xs, ys, strict=True) if x > 0]
        self._trail.setData(lx, ly)
        self._trail_dots.setData(lx, ly)

    def apply_theme(self, theme: object) -> None:
        """Re-colour for a :class:`app.theme.Theme` (background, text, series, presentation scale)."""
        self._series = tuple(getattr(theme, "series", self._series))
        self._fg = str(getattr(theme, "plot_fg", self._fg))
        self._bg = str(getattr(theme, "plot_bg", self._bg))
        self._accent = str(getattr(theme, "accent", self._accent))
        self._star = str(getattr(theme, "warning", self._star))
        self._scale = float(getattr(theme, "scale", 1.0))
        self.widget.setBackground(self._bg)
        self._grid_alpha = float(getattr(theme, "grid_alpha", 0.25))
        self._restyle()

    def roofs(self) -> list[RoofSpec]:
        """The roofs drawn, in the order given."""
        return list(self._roofs)

    def roof_items(self) -> list[pg.PlotCurveItem]:
        """The curves drawing the roofs (one per colour and line style)."""
        return [item for item, _ in self._roof_items]

    def label_items(self) -> list[pg.TextItem]:
        """Every text label on the chart: roof labels, ridge values and point labels."""
        return (
            [t for t, _ in self._roof_labels]
            + [t for t, _ in self._ridge_texts]
            + list(self._point_labels.values())
        )

    # ----------------------------------------------------------------- drawing
    def _colour(self, index: int) -> str:
        return self._series[index % len(self._series)]

    def _font(self, pt: float, bold: bool = False) -> QFont:
        font = QFont()
        font.setPointSizeF(pt * self._scale)
        font.setBold(bold)
        return font

    @staticmethod
    def _decade_grid() -> pg.PlotCurveItem:
        """One line per decade over the whole zoomable area, drawn as a single item (pyqtgraph's
        own log grid draws every minor line and costs more than the rest of the chart)."""
        xs: list[float] = []
        ys: list[float] = []
        for x in range(int(X_LIMITS[0]), int(X_LIMITS[1]) + 1):
            xs += [x, x]
            ys += [Y_LIMITS[0], Y_LIMITS[1]]
        for y in range(int(Y_LIMITS[0]), int(Y_LIMITS[1]) + 1):
            xs += [X_LIMITS[0], X_LIMITS[1]]
            ys += [y, y]
        grid = pg.PlotCurveItem(np.array(xs, float), np.array(ys, float), connect="pairs")
        grid.setZValue(-20)
        return grid

    def _restyle(self) -> None:
        self._generation += 1
        width = 2.0 * self._scale
        grid = QColor(self._fg)
        grid.setAlphaF(self._grid_alpha * 0.8)
        self._grid.setPen(pg.mkPen(grid, width=1))
        style_axes(self.plot, self._fg)  # every axis, hidden ones too, in this mode's fonts
        for axis in ("bottom", "left"):
            ax = self.plot.getAxis(axis)
            ax.setTickFont(self._font(9))
            ax.label.setFont(self._font(10))
            ax.setLabel(ax.labelText, color=self._fg)
        for curve, (colour, style, emphasis) in self._roof_items:
            pen = pg.mkPen(
                self._colour(colour),
                width=width * (1.5 if emphasis else 1.0),
                style=_STYLES.get(style, Qt.PenStyle.SolidLine),
            )
            curve.setPen(pen)
        backdrop = QColor(self._bg)  # a roof is broken under its own label (and the grid too)
        for text, roof in self._roof_labels:
            text.setColor(QColor(self._colour(roof.colour)))
            text.setFont(self._font(8.5, bold=roof.emphasis))
            text.fill = pg.mkBrush(backdrop)
            leader = self._leader_items.get(id(text))
            if leader is not None:
                leader.setPen(pg.mkPen(self._colour(roof.colour), width=self._scale,
                                       style=Qt.PenStyle.DotLine))  # fmt: skip
        for line, colour in self._ridge_lines:
            line.setPen(
                pg.mkPen(self._colour(colour), width=width * 0.6, style=Qt.PenStyle.DashLine)
            )
        for text, roof in self._ridge_texts:
            text.setColor(QColor(self._colour(roof.colour)))
            text.setFont(self._font(9, bold=True))
            text.fill = pg.mkBrush(backdrop)
        self._ridge_dots.setData(
            x=[_log(r.ridge[0]) for r in self._roofs if r.emphasis or r.ridge_text],
            y=[_log(r.ridge[1]) for r in self._roofs if r.emphasis or r.ridge_text],
            brush=pg.mkBrush(self._fg),
            size=7 * self._scale,
        )
        self._scatter.setPen(pg.mkPen(self._bg, width=1.0))
        self._scatter.setBrush(pg.mkBrush(self._fg))
        ops = [p for p in self._points if not p.measured]
        self._scatter.setSize([marker_size(10 * self._scale, p.share) for p in ops])
        self._stars.setPen(pg.mkPen(self._fg, width=0.8))
        self._stars.setBrush(pg.mkBrush(self._star))
        self._stars.setSize(16 * self._scale)
        self._doubtful.setPen(pg.mkPen(self._star, width=1.6 * self._scale))
        self._doubtful.setBrush(pg.mkBrush(self._bg))
        self._doubtful.setSize(16 * self._scale)
        self._bars.setPen(pg.mkPen(self._star, width=width))
        self._ring.setPen(pg.mkPen(self._accent, width=width * 1.2))
        self._ring.setSize(22 * self._scale)
        trail = QColor(self._accent)
        trail.setAlpha(140)
        self._trail.setPen(pg.mkPen(trail, width=width * 0.8, style=Qt.PenStyle.DashLine))
        self._trail_dots.setBrush(pg.mkBrush(trail))
        self._trail_dots.setSize(5 * self._scale)
        self._update_labels(restyle=True)

    def _rebuild_legend(self) -> None:
        """The legend's entries (devices, vector roofs, the marker kinds), in one column."""
        width = 2.0 * self._scale
        rows: list[tuple[object, str]] = []
        for name, colour in self._legend_entries:
            sample = pg.PlotDataItem(pen=pg.mkPen(self._colour(colour), width=width))
            rows.append((sample, escape(name)))  # the legend is HTML; names may be typed
        if any(r.style == "dot" for r in self._roofs):
            sample = pg.PlotDataItem(pen=pg.mkPen(self._fg, width=width, style=Qt.PenStyle.DotLine))
            rows.append((sample, translate("RooflinePlot", "fp32 vector (CUDA cores)")))
        if any(not p.measured for p in self._points):
            rows.append((pg.ScatterPlotItem(symbol="o", brush=pg.mkBrush(self._fg), pen=None),
                         self.point_legend or translate("RooflinePlot", "operator")))  # fmt: skip
        if any(p.measured and not p.doubtful for p in self._points):
            rows.append((pg.ScatterPlotItem(symbol="star", brush=pg.mkBrush(self._star), pen=None,
                                            size=14),
                         translate("RooflinePlot", "measured (bar: spread)")))  # fmt: skip
        if any(p.doubtful for p in self._points):
            rows.append((pg.ScatterPlotItem(symbol="star", brush=pg.mkBrush(self._bg), size=14,
                                            pen=pg.mkPen(self._star, width=1.6)),
                         translate("RooflinePlot", "doubtful (noisy or above its ceiling)")))  # fmt: skip
        self._legend_rows = rows
        self._legend_columns = 0
        self._build_legend(1)

    def _build_legend(self, columns: int) -> None:
        """A new legend item with ``columns`` columns (pyqtgraph's cannot lose columns)."""
        if columns == self._legend_columns:
            return
        self._legend_columns = columns
        detach_retired(self, self.legend)  # deleted from the event loop, never inside a relayout
        legend = pg.LegendItem(offset=None, labelTextSize=f"{9 * self._scale:.0f}pt",
                               colCount=columns, labelTextColor=self._fg,
                               brush=pg.mkBrush(QColor(self._bg)),
                               pen=pg.mkPen(QColor(self._fg), width=0.5))  # fmt: skip
        legend.setParentItem(self.plot)
        for sample, name in self._legend_rows:
            legend.addItem(sample, name)
        # Rows as tall as their text: pyqtgraph's 4 px text margins and 9 px frame margins made
        # a slide's legend above the axes 134 px tall, taken from the chart's height.
        margin = LEGEND_MARGIN * self._scale
        legend.layout.setContentsMargins(margin, margin / 2, margin, margin / 2)
        for _sample, label in legend.items:
            label.item.document().setDocumentMargin(1.0)
            label.updateMin()
        legend.updateSize()
        self.legend = legend

    def _update_labels(self, restyle: bool = False) -> None:
        labelled = self._labelled_points()
        keys = {p.key for p in labelled}
        for key in [k for k in self._point_labels if k not in keys]:
            self.plot.removeItem(self._point_labels.pop(key))
        for p in labelled:
            text = self._point_labels.get(p.key)
            if text is None:
                text = _label_item(p.label)
                self.plot.addItem(text)
                self._point_labels[p.key] = text
                restyle_this = True
            else:
                restyle_this = restyle
                if text.toPlainText() != p.label:
                    text.setText(p.label)
            if restyle_this:
                text.setColor(QColor(self._star if p.measured else self._fg))
                text.setFont(self._font(8.5))
        key = (
            tuple(self._legend_entries),
            any(r.style == "dot" for r in self._roofs),
            any(not p.measured for p in self._points),
            any(p.measured and not p.doubtful for p in self._points),
            any(p.doubtful for p in self._points),
        )
        if restyle or key != self._legend_key:
            self._legend_key = key
            self._rebuild_legend()
        self.layout_labels()

    def _labelled_points(self) -> list[PointSpec]:
        """The points that get a label: all of them up to :data:`MAX_POINT_LABELS`; past that,
        the operators (a benchmark's 19 measured stars had taken the lecture operators' names
        away) when they are few enough, and the selected point always."""
        if len(self._points) <= MAX_POINT_LABELS:
            return list(self._points)
        operators = [p for p in self._points if not p.measured]
        chosen = operators if len(operators) <= MAX_POINT_LABELS else []
        return chosen + [p for p in self._points if p.key == self._selected and p not in chosen]

    def _update_ring(self) -> None:
        chosen = tuple((p.x, p.y) for p in self._points if p.key == self._selected)
        if chosen != self._drawn.get("ring"):
            self._drawn["ring"] = chosen
            self._ring.setData(x=[_log(x) for x, _ in chosen], y=[_log(y) for _, y in chosen])

    # ----------------------------------------------------------------- label layout
    def _scene(self, x: float, y: float) -> tuple[float, float]:
        at = self.view.mapViewToScene(QPointF(x, y))
        return at.x(), at.y()

    def _mapper(self) -> tuple[float, float, float, float]:
        """View (log10) to scene: ``x·sx + ox, y·sy + oy`` (the view's transform is axis-aligned)."""
        origin = self.view.mapViewToScene(QPointF(0.0, 0.0))
        unit = self.view.mapViewToScene(QPointF(1.0, 1.0))
        return unit.x() - origin.x(), origin.x(), unit.y() - origin.y(), origin.y()

    @staticmethod
    def _polyline(mapper: tuple[float, float, float, float], xs: Sequence[float],
                  ys: Sequence[float]) -> np.ndarray:  # fmt: skip
        """The segments (``(n, 4)``, scene pixels) between consecutive finite vertices."""
        sx, ox, sy, oy = mapper
        x = np.asarray(xs, float) * sx + ox
        y = np.asarray(ys, float) * sy + oy
        ok = np.isfinite(x) & np.isfinite(y)
        pair = ok[:-1] & ok[1:]
        return np.stack([x[:-1], y[:-1], x[1:], y[1:]], axis=1)[pair]

    def obstacles(self) -> tuple[np.ndarray, np.ndarray, list[str], int]:
        """What a label must not touch, in scene pixels: line segments (roofs and ridge lines
        first, then spread bars and the trail), points ``(x, y, radius)`` (markers, stars, the
        ring, the ridge dots), each segment's roof key (``""`` if none) and how many segments
        the roofs and ridge lines make (they do not move with the points)."""
        mapper = self._mapper()
        _, (y0, y1) = self.view.viewRange()
        parts: list[np.ndarray] = []
        owners: list[str] = []
        for roof in self._roofs:
            seg = self._polyline(mapper, np.log10(roof.xs), np.log10(roof.ys))
            parts.append(seg)
            owners += [roof.key] * len(seg)
        for line, _ in self._ridge_lines:
            x = float(line.value())
            parts.append(self._polyline(mapper, [x, x], [y0, y1]))
            owners.append("")
        fixed = len(owners)
        bars = [(_log(p.x), _log(p.y_low), _log(p.y_high)) for p in self._points
                if p.measured and p.y_low and p.y_high]  # fmt: skip
        if bars:
            b = np.asarray(bars, float)
            sx, ox, sy, oy = mapper
            parts.append(np.stack([b[:, 0] * sx + ox, b[:, 1] * sy + oy,
                                   b[:, 0] * sx + ox, b[:, 2] * sy + oy], axis=1))  # fmt: skip
        trail = self._drawn.get("trail")
        if trail:
            xs, ys = trail  # type: ignore[misc]
            parts.append(self._polyline(mapper, [_log(x) for x in xs], [_log(y) for y in ys]))
        segments = np.concatenate(parts) if parts else np.empty((0, 4))
        owners += [""] * (len(segments) - len(owners))
        sx, ox, sy, oy = mapper
        dots = [(_log(r.ridge[0]), _log(r.ridge[1]), 3.5 * self._scale + 1.0)
                for r in self._roofs if r.emphasis or r.ridge_text]  # fmt: skip
        marks = [(_log(p.x), _log(p.y), self._marker_radius(p) + 1.0) for p in self._points]
        xyr = np.asarray(marks + dots, float).reshape(-1, 3)
        points = np.stack([xyr[:, 0] * sx + ox, xyr[:, 1] * sy + oy, xyr[:, 2]], axis=1)
        return segments, points[np.isfinite(points).all(axis=1)], owners, fixed

    def _marker_radius(self, p: PointSpec) -> float:
        """A point's drawn radius in pixels (the ring's for the selected point)."""
        if p.key == self._selected:
            return 11.0 * self._scale
        if p.measured:
            return 8.0 * self._scale
        return marker_size(10 * self._scale, p.share) / 2

    @staticmethod
    def _ink(text: pg.TextItem, content: str | None = None) -> tuple[float, float]:
        """The size in pixels (plus 1 px on each side) of ``content`` (by default the label's
        own text) in the label's font, with :data:`~widgets.plot_style.FONT_SLACK` of room after
        the text: a right-edge label stays inside the axes (which clip it) in a vector export
        that a viewer draws in a wider face. The height is the laid-out text's
        (:func:`_text_height`)."""
        font = text.textItem.font()
        metrics = QFontMetricsF(font)
        content = text.toPlainText() if content is None else content
        width = max(metrics.horizontalAdvance(line) for line in content.split("\n"))
        return width * (1.0 + FONT_SLACK) + 2.0, _text_height(font, content) + 2.0

    def _put(self, text: pg.TextItem, rect: tuple[float, float, float, float] | None) -> None:
        """Show ``text`` with its ink in ``rect`` (scene pixels), or hide it (``None``)."""
        text.setVisible(rect is not None)
        if rect is None:
            return
        margin = text.textItem.document().documentMargin()
        at = self.view.mapSceneToView(QPointF(rect[0] + 1.0 - margin, rect[1] + 1.0 - margin))
        text.setAnchor((0.0, 0.0))
        text.setPos(at.x(), at.y())
        self._placed[id(text)] = rect

    def label_rect(self, text: pg.TextItem) -> tuple[float, float, float, float] | None:
        """Where :meth:`layout_labels` put ``text``'s ink (scene pixels), or ``None`` if hidden."""
        return self._placed.get(id(text)) if text.isVisible() else None

    def _set_title_row(self, height: float) -> None:
        if abs(height - self._legend_height) > 0.5:
            self._legend_height = height
            self.plot.layout.setRowFixedHeight(0, height)

    def _place_legend(self, bounds: Rect, segments: list, points: list) -> Rect | None:
        """Put the legend where it covers no point: inside the axes in one column where there is
        room (:func:`~widgets.label_layout.free_spot`), else above them, in the plot's title
        row, in as many columns as fit. Returns its box when inside (labels avoid it).

        The choice is made again only when the entries, the chart's size or the view range
        change, so that moving the legend (which resizes the axes) cannot flip it back.
        """
        items = self.legend.items
        if not items:
            self._set_title_row(0.0)
            return None
        texts = tuple(label.text for _, label in items)
        key = (texts, self.widget.width(), self.widget.height(),
               tuple(round(v, 6) for pair in self.view.viewRange() for v in pair))  # fmt: skip
        self._build_legend(1)
        self.legend.updateSize()
        width, height = self.legend.width(), self.legend.height()
        spot = free_spot(width, height, bounds, 6.0, segments, points)
        if key != self._legend_choice[0]:
            self._legend_choice = (key, spot is not None)
        origin = self.view.mapToItem(self.plot, QPointF(0.0, 0.0))
        if self._legend_choice[1]:
            if spot is None:  # the axes grew when the legend moved in: its first corner
                spot = (bounds[0] + 6.0, bounds[1] + 6.0, bounds[0] + 6.0 + width,
                        bounds[1] + 6.0 + height)  # fmt: skip
            self._set_title_row(0.0)
            at = self.view.mapFromScene(QPointF(spot[0], spot[1]))
            self.legend.anchor(itemPos=(0, 0), parentPos=(0, 0),
                               offset=(origin.x() + at.x(), origin.y() + at.y()))  # fmt: skip
            return spot
        room = self.view.width() - 4
        for columns in range(len(items), 0, -1):
            self._build_legend(columns)
            self.legend.updateSize()
            if self.legend.width() <= room or columns == 1:
                break
        self._set_title_row(self.legend.height() + 4.0)
        self.legend.anchor(itemPos=(0, 0), parentPos=(0, 0), offset=(origin.x(), 2.0))
        return None

    def layout_labels(self, *_: object) -> None:
        """Place every label so that none touches a line, a point or another one.

        The legend goes where it covers no point (:meth:`_place_legend`). Then, in this
        order, each label takes its first free spot (:func:`widgets.label_layout.place`): the
        roofs' labels along their flat part, right end first, above then below the line; the
        ridge values beside their dashed line, from the bottom up; the selected point's label;
        every other point's label around its point. A roof's label may take a shorter text of
        :attr:`RoofSpec.short_labels` (a ridge's, :attr:`RoofSpec.ridge_short`). A label with no free spot is hidden (the hover readout
        and the table still name it).
        """
        rect = self.view.sceneBoundingRect()
        if rect.width() < 20 or rect.height() < 20:
            return
        bounds = (rect.left() + 1.0, rect.top() + 1.0, rect.right() - 4.0, rect.bottom() - 1.0)
        segments, points, owners, fixed = self.obstacles()
        legend = self._place_legend(bounds, segments, points)
        blocked: list[Rect] = [] if legend is None else [legend]
        # The roofs' and ridges' labels stay where they are while only points change (a slider
        # drag) and none of them is touched by a point, bar or trail now.
        key = (self._generation, tuple(round(v, 3) for v in bounds), legend,
               tuple(round(v, 9) for pair in self.view.viewRange() for v in pair))  # fmt: skip
        kept = self._fixed_layout if self._fixed_layout[0] == key else None
        if kept is not None:
            rects = [r for _, r, _ in kept[1] if r is not None]
            if not all_free(np.asarray(rects, float).reshape(-1, 4), segments[fixed:], points):
                kept = None
        self._placed = {}
        if kept is None:
            placed = self._place_fixed(bounds, segments, points, owners, blocked)
            self._fixed_layout = (key, placed)
        else:
            placed = kept[1]
        for text, rect, content in placed:
            if rect is not None and content and text.toPlainText() != content:
                text.setText(content)
            self._put(text, rect)
        self._draw_leaders()
        taken = blocked + [r for _, r, _ in placed if r is not None]
        requests: list[tuple[pg.TextItem, Label]] = []
        by_key = {p.key: p for p in self._points}
        mapper = self._mapper()
        # Across a slanted roof (one decade of FLOP/s per decade of intensity), on either side:
        # where the nearest room is when neighbouring roofs run parallel a few pixels away.
        slant = math.degrees(math.atan2(mapper[2], mapper[0]))
        across = (slant - 90.0, slant + 90.0)
        for key_ in sorted(self._point_labels, key=lambda k: k != self._selected):
            p = by_key.get(key_)
            if p is None:
                continue
            text = self._point_labels[key_]
            width, height = self._ink(text)
            x = _log(p.x) * mapper[0] + mapper[1]
            y = _log(p.y) * mapper[2] + mapper[3]
            candidates = around_point_array(width, height, x, y, self._marker_radius(p) + 1.0,
                                            reach=POINT_REACH * height, step=self._scale,
                                            angles=across)  # fmt: skip
            requests.append((text, Label(str(id(text)), candidates)))
        chosen = place([label for _, label in requests], segments, points, bounds, taken)
        for text, label in requests:
            index = chosen[label.key]
            box = None if index is None else tuple(float(v) for v in label.candidates[index])
            self._put(text, box)  # type: ignore[arg-type]

    def _place_fixed(
        self,
        bounds: Rect,
        segments: np.ndarray,
        points: np.ndarray,
        owners: list[str],
        blocked: list[Rect],
    ) -> list[tuple[pg.TextItem, Rect | None, str]]:
        """Places for the roofs' and the ridges' labels: ``(text, box or None, text shown)``."""
        gap = 1.0 * self._scale
        requests: list[tuple[pg.TextItem, Label, list[str]]] = []
        # The selected roof first, then the compared devices' (their peaks are what they are
        # compared for), then the selected device's other dtypes and the vector roofs.
        primary = next((r.key.split("/")[0] for r in self._roofs if r.emphasis), "")
        order = sorted(
            self._roof_labels,
            key=lambda item: (
                not item[1].emphasis,
                item[1].key.split("/")[0] == primary,
                item[1].style == "dot",
                item[1].colour,
            ),
        )
        owner_array = np.asarray(owners, dtype=object)
        for text, roof in order:
            knee_x, _y = self._scene(_log(roof.ridge[0]), _log(roof.ridge[1]))
            _x, y = self._scene(0.0, _log(roof.ys[-1]))
            right = min(bounds[2], self._scene(_log(roof.xs[-1]), 0.0)[0])
            step = 12.0 * self._scale
            candidates: list[Rect] = []
            texts: list[str] = []
            for variant in (roof.label, *roof.short_labels):
                width, height = self._ink(text, variant)
                # Half a line clear of the bend: a label starting at the knee hid the bend
                # ("bf16 datasheet" on the Inference tab).
                start = max(knee_x + height / 2, bounds[0])
                found = on_horizontal(width, height, y, start, right, gap,
                                      max(width / 4, step))  # fmt: skip
                candidates += found
                texts += [variant] * len(found)
            same = [r.key for r in self._roofs if (r.xs, r.ys) == (roof.xs, roof.ys)]  # bf16·fp16
            own = frozenset(np.flatnonzero(np.isin(owner_array, same)).tolist())
            requests.append((text, Label(str(id(text)), candidates, own), texts))
        for text, roof in self._ridge_texts:
            x, knee_y = self._scene(_log(roof.ridge[0]), _log(roof.ridge[1]))
            candidates, texts = [], []
            for variant in (roof.ridge_text, *roof.ridge_short):
                width, height = self._ink(text, variant)
                # Farther out (up to a quarter of its width) where a neighbouring line leaves no
                # room next to this one.
                found = beside_vertical(width, height, x, bounds[3] - 2.0, knee_y + 8.0,
                                        3.0 * self._scale, max(height / 2, 6.0),
                                        reach=width / 4, x_step=4.0 * self._scale)  # fmt: skip
                candidates += found
                texts += [variant] * len(found)
            requests.append((text, Label(str(id(text)), candidates), texts))
        chosen = place([label for _, label, _ in requests], segments, points, bounds, blocked)
        out: list[tuple[pg.TextItem, Rect | None, str]] = []
        for text, label, texts in requests:
            index = chosen[label.key]
            rect = None if index is None else label.candidates[index]
            out.append((text, rect, texts[index] if index is not None and texts else ""))
        self._leaders = self._place_leaders(out, bounds, segments, points, blocked)
        return out

    def _place_leaders(
        self,
        placed: list[tuple[pg.TextItem, Rect | None, str]],
        bounds: Rect,
        segments: np.ndarray,
        points: np.ndarray,
        blocked: list[Rect],
    ) -> dict[int, tuple[float, float, float]]:
        """Room for the roof labels :meth:`_place_fixed` left out (a roof a few pixels from
        another, as H100's fp8 under B200's bf16 on a slide): each goes farther from its line,
        with a leader line to it; ``{id(text): (x, y_text_edge, y_line)}`` in scene pixels.

        The text still touches no line, point or label; the leader may cross the neighbouring
        roof (it has to) but no label and no point."""
        roofs = {id(text): roof for text, roof in self._roof_labels}
        taken: list[Rect] = list(blocked) + [r for _, r, _ in placed if r is not None]
        leaders: dict[int, tuple[float, float, float]] = {}
        gap = 1.0 * self._scale
        for i, (text, rect, _content) in enumerate(placed):
            roof = roofs.get(id(text))
            if rect is not None or roof is None:
                continue
            knee_x, _y = self._scene(_log(roof.ridge[0]), _log(roof.ridge[1]))
            _x, y = self._scene(0.0, _log(roof.ys[-1]))
            right = min(bounds[2], self._scene(_log(roof.xs[-1]), 0.0)[0])
            for variant in (roof.label, *roof.short_labels):
                width, height = self._ink(text, variant)
                start = max(knee_x + height / 2, bounds[0])
                found = off_horizontal(width, height, y, start, right, gap,
                                       max(width / 4, 12.0 * self._scale), 4.0 * height)  # fmt: skip
                boxes = np.asarray([box for box, _ in found], float).reshape(-1, 4)
                if not len(boxes):
                    continue
                taken_array = np.asarray(taken, float).reshape(-1, 4)
                # The first candidate whose box is free and whose leader's strip touches no
                # point or label: the boxes tested many at once (first_free), from the one after
                # the last refused. Each box was tested alone before: ~300 calls a layout, most of
                # the Roofline tab's time in a window's tests and the GUI monkey's.
                chosen, k = None, 0
                while chosen is None and k < len(found):
                    ahead = first_free(boxes[k:], segments, frozenset(), points, taken_array,
                                       bounds)  # fmt: skip
                    if ahead is None:
                        break
                    k += ahead
                    if not hits(found[k][1], np.empty((0, 4)), points, taken):
                        chosen = k
                    k += 1
                if chosen is None:
                    continue
                box, strip = found[chosen]
                middle = (strip[0] + strip[2]) / 2
                edge = box[3] if box[3] <= y else box[1]
                placed[i] = (text, box, variant)
                leaders[id(text)] = (middle, edge, y)
                taken += [box, strip]
                break
        return leaders

    def _draw_leaders(self) -> None:
        """Draw (or clear) each roof label's leader line from :meth:`_place_leaders`."""
        for text, _roof in self._roof_labels:
            curve = self._leader_items.get(id(text))
            if curve is None:
                continue
            leader = self._leaders.get(id(text)) if text.isVisible() else None
            if leader is None:
                curve.setData([], [])
                continue
            x, y0, y1 = leader
            a = self.view.mapSceneToView(QPointF(x, y0))
            b = self.view.mapSceneToView(QPointF(x, y1))
            curve.setData([a.x(), b.x()], [a.y(), b.y()])

    # ----------------------------------------------------------------- interaction
    def _on_click(self, _item: object, points: Sequence[object], *_: object) -> None:
        if len(points):
            key = str(points[0].data())  # type: ignore[attr-defined]
            self.set_selected(key)
            self.pointClicked.emit(key)

    def _on_mouse(self, pos: QPointF) -> None:
        if not self.view.sceneBoundingRect().contains(pos):
            return
        self.readout.setText(self.readout_at(pos))

    def readout_at(self, scene_pos: QPointF) -> str:
        """The hover text for a scene position: nearest point within 10 px, else a roof within
        6 px, else the cursor's coordinates."""
        if self._points:  # nearest point in one vectorised pass (files bring 10,000 points)
            if self._points_log[0] is not self._points:
                self._points_log = (
                    self._points,
                    np.log10(np.array([(p.x, p.y) for p in self._points], float)),
                )
            xy = self._points_log[1]
            origin = self.view.mapViewToScene(QPointF(0.0, 0.0))
            unit = self.view.mapViewToScene(QPointF(1.0, 1.0))  # view -> scene is axis-aligned
            dx = origin.x() + xy[:, 0] * (unit.x() - origin.x()) - scene_pos.x()
            dy = origin.y() + xy[:, 1] * (unit.y() - origin.y()) - scene_pos.y()
            distance = np.hypot(dx, dy)
            nearest = int(np.argmin(distance))
            if distance[nearest] < 10.0 * self._scale:
                best = self._points[nearest]
                return best.readout or best.label
        mouse = self.view.mapSceneToView(scene_pos)
        for roof in self._roofs:
            lx = np.log10(np.asarray(roof.xs, float))
            if not lx[0] <= mouse.x() <= lx[-1]:
                continue
            y = float(np.interp(mouse.x(), lx, np.log10(np.asarray(roof.ys, float))))
            at = self.view.mapViewToScene(QPointF(mouse.x(), y))
            if abs(at.y() - scene_pos.y()) < 6.0 * self._scale:
                return roof.readout or roof.label
        return translate("RooflinePlot", "intensity {intensity} FLOP/byte, {rate} FLOP/s").format(
            intensity=f"{10 ** mouse.x():.3g}", rate=f"{10 ** mouse.y():.3g}"
        )
