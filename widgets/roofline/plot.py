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
from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from widgets.i18n import translate
from widgets.plot_style import style_axes
from widgets.pyqtgraph_svg import patch_svg_exporter
from widgets.rich_text import escape

__all__ = ["PointSpec", "RoofSpec", "RooflinePlot", "marker_size"]

patch_svg_exporter()  # SVG export must work on current Qt (pyqtgraph#3485)

#: View limits in log10 units: intensity 1e-4..1e7 FLOP/byte, rate 1e6..1e19 FLOP/s.
X_LIMITS = (-4.0, 7.0)
Y_LIMITS = (6.0, 19.0)
#: Above this many points only the selected one is labelled (the table and hover name the rest).
MAX_POINT_LABELS = 16
_STYLES = {
    "solid": Qt.PenStyle.SolidLine,
    "dash": Qt.PenStyle.DashLine,
    "dot": Qt.PenStyle.DotLine,
}


@dataclass(frozen=True)
class RoofSpec:
    """One roof to draw: a polyline (linear units), its knee and what it says.

    ``colour`` indexes the theme's series colours; ``label`` is drawn at the right edge when not
    empty; ``ridge_text`` labels a dashed vertical line through the knee; ``readout`` is shown on hover.
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
    measured: bool = False
    y_low: float | None = None
    y_high: float | None = None
    share: float | None = None


def marker_size(base: float, share: float | None) -> float:
    """An operator marker's diameter in pixels: ``base`` without a share, else from 0.6× (share 0)
    to 2.2× (share 1) of it, its area growing with the share."""
    if share is None or not math.isfinite(share):
        return base
    return base * (0.6 + 1.6 * math.sqrt(min(max(share, 0.0), 1.0)))


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
        self.legend = self.plot.addLegend(offset=(12, 8), labelTextSize="9pt")
        # One curve per (colour, style, emphasis): NaN-separated roofs draw in a single item.
        self._roof_items: list[tuple[pg.PlotCurveItem, tuple[int, str, bool]]] = []
        self._roof_labels: list[tuple[pg.TextItem, float]] = []
        self._ridge_dots = pg.ScatterPlotItem(size=7, pen=None)
        self._ridge_lines: list[tuple[pg.InfiniteLine, int]] = []
        self._trail = pg.PlotCurveItem()
        self._trail_dots = pg.ScatterPlotItem(size=5, pen=None)
        self._bars = pg.PlotCurveItem(connect="pairs")
        self._scatter = pg.ScatterPlotItem(size=10, hoverable=False)
        self._stars = pg.ScatterPlotItem(size=16, symbol="star", hoverable=False)
        self._ring = pg.ScatterPlotItem(size=20, brush=None, symbol="o")
        self._point_labels: dict[str, pg.TextItem] = {}
        self._label_pos: dict[str, tuple[float, float]] = {}
        self._drawn: dict[str, object] = {}
        for item in (self._ridge_dots, self._trail, self._trail_dots, self._bars):
            self.plot.addItem(item)
        for item in (self._scatter, self._stars, self._ring):
            item.setZValue(10)
            self.plot.addItem(item)
        self._scatter.sigClicked.connect(self._on_click)
        self._stars.sigClicked.connect(self._on_click)
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
        self.view.sigRangeChanged.connect(self._layout_roof_labels)
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
        for item, _ in self._roof_items:
            self.plot.removeItem(item)
        for text, _ in self._roof_labels:
            self.plot.removeItem(text)
        for line, _ in self._ridge_lines:
            self.plot.removeItem(line)
        self._roof_items, self._roof_labels, self._ridge_lines = [], [], []
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
                text = pg.TextItem(roof.label, anchor=(1.0, 1.0))
                self.plot.addItem(text)
                self._roof_labels.append((text, _log(roof.ys[-1])))
            if roof.ridge_text:
                line = pg.InfiniteLine(
                    pos=_log(roof.ridge[0]),
                    angle=90,
                    movable=False,
                    label=roof.ridge_text,
                    labelOpts={"position": 0.04, "anchors": [(0, 1), (0, 1)]},
                )
                line.setZValue(-5)
                self.plot.addItem(line)
                self._ridge_lines.append((line, roof.colour))
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
        star_data = tuple((p.key, p.x, p.y, p.y_low, p.y_high) for p in measured)
        if star_data != self._drawn.get("stars"):
            self._drawn["stars"] = star_data
            self._stars.setData(
                x=[_log(p.x) for p in measured],
                y=[_log(p.y) for p in measured],
                data=[p.key for p in measured],
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
        ridge_labels = [line.label for line, _ in self._ridge_lines]
        return [t for t, _ in self._roof_labels] + ridge_labels + list(self._point_labels.values())

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
        label_iter = iter(self._roof_labels)
        for roof in self._roofs:
            if roof.label:
                text, _ = next(label_iter)
                text.setColor(QColor(self._colour(roof.colour)))
                text.setFont(self._font(8.5, bold=roof.emphasis))
                backdrop = QColor(self._bg)  # roofs and grid pass behind, not through, the text
                backdrop.setAlphaF(0.85)
                text.fill = pg.mkBrush(backdrop)
        for line, colour in self._ridge_lines:
            line.setPen(
                pg.mkPen(self._colour(colour), width=width * 0.6, style=Qt.PenStyle.DashLine)
            )
            line.label.setColor(QColor(self._colour(colour)))
            line.label.setFont(self._font(9, bold=True))
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
        self._bars.setPen(pg.mkPen(self._star, width=width))
        self._ring.setPen(pg.mkPen(self._accent, width=width * 1.2))
        self._ring.setSize(22 * self._scale)
        trail = QColor(self._accent)
        trail.setAlpha(140)
        self._trail.setPen(pg.mkPen(trail, width=width * 0.8, style=Qt.PenStyle.DashLine))
        self._trail_dots.setBrush(pg.mkBrush(trail))
        self._trail_dots.setSize(5 * self._scale)
        self._update_labels(restyle=True)
        self._layout_roof_labels()

    def _rebuild_legend(self) -> None:
        self.legend.clear()
        self.legend.setLabelTextColor(self._fg)
        self.legend.setLabelTextSize(f"{9 * self._scale:.0f}pt")
        self.legend.setBrush(pg.mkBrush(QColor(self._bg)))
        self.legend.setPen(pg.mkPen(QColor(self._fg), width=0.5))
        width = 2.0 * self._scale
        for name, colour in self._legend_entries:
            sample = pg.PlotDataItem(pen=pg.mkPen(self._colour(colour), width=width))
            self.legend.addItem(sample, escape(name))  # the legend is HTML; names may be typed
        if any(r.style == "dot" for r in self._roofs):
            sample = pg.PlotDataItem(pen=pg.mkPen(self._fg, width=width, style=Qt.PenStyle.DotLine))
            self.legend.addItem(sample, translate("RooflinePlot", "fp32 vector (CUDA cores)"))
        if any(not p.measured for p in self._points):
            self.legend.addItem(
                pg.ScatterPlotItem(symbol="o", brush=pg.mkBrush(self._fg), pen=None),
                translate("RooflinePlot", "operator"),
            )
        if any(p.measured for p in self._points):
            self.legend.addItem(
                pg.ScatterPlotItem(symbol="star", brush=pg.mkBrush(self._star), pen=None, size=14),
                translate("RooflinePlot", "measured (bar: spread)"),
            )

    def _update_labels(self, restyle: bool = False) -> None:
        labelled = (
            self._points
            if len(self._points) <= MAX_POINT_LABELS
            else [p for p in self._points if p.key == self._selected]
        )
        keys = {p.key for p in labelled}
        for key in [k for k in self._point_labels if k not in keys]:
            self.plot.removeItem(self._point_labels.pop(key))
            self._label_pos.pop(key, None)
        for p in labelled:
            text = self._point_labels.get(p.key)
            if text is None:
                text = pg.TextItem(p.label, anchor=(1.0, 1.0))
                text.setZValue(11)
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
            pos = (_log(p.x) - 0.03, _log(p.y) + 0.04)
            placed = self._label_pos.get(p.key)
            moved = placed is None or abs(placed[0] - pos[0]) > 0.07 or placed[1] != pos[1]
            if restyle_this or moved:
                self._label_pos[p.key] = pos
                text.setAnchor((1.0, 1.0))  # left of the point; _keep_inside may flip it
                text.setPos(*pos)
        self._hide_colliding_labels()
        key = (
            tuple(self._legend_entries),
            any(r.style == "dot" for r in self._roofs),
            any(not p.measured for p in self._points),
            any(p.measured for p in self._points),
        )
        if restyle or key != self._legend_key:
            self._legend_key = key
            self._rebuild_legend()

    def _hide_colliding_labels(self) -> None:
        """Show the selected point's label, then every other one that overlaps nothing shown."""
        placed: list[QRectF] = []
        selected = self._point_labels.get(self._selected)
        if selected is not None:
            selected.setVisible(True)
            placed.append(self._label_rect(self._selected, selected))
        placed += [t.sceneBoundingRect() for t, _ in self._roof_labels]
        for key, text in self._point_labels.items():
            self._keep_inside(key, text)
            if key == self._selected:
                continue
            rect = self._label_rect(key, text)
            free = not any(rect.intersects(other) for other in placed)
            text.setVisible(free)
            if free:
                placed.append(rect)

    def _keep_inside(self, key: str, text: pg.TextItem) -> None:
        """Put a point's label right of its point when, left of it, it would leave the axes."""
        x, y = self._label_pos.get(key, (0.0, 0.0))
        left_of = text.anchor.x() >= 0.5
        point_x = x + 0.03 if left_of else x - 0.03
        at = self.view.mapViewToScene(QPointF(point_x - 0.03, y))
        width = QFontMetricsF(text.textItem.font()).horizontalAdvance(text.toPlainText()) + 6.0
        fits_left = at.x() - width >= self.view.sceneBoundingRect().left()
        if fits_left != left_of:
            new_x = point_x - 0.03 if fits_left else point_x + 0.03
            self._label_pos[key] = (new_x, y)
            text.setAnchor((1.0, 1.0) if fits_left else (0.0, 1.0))
            text.setPos(new_x, y)

    def _label_rect(self, key: str, text: pg.TextItem) -> QRectF:
        x, y = self._label_pos.get(key, (0.0, 0.0))
        at = self.view.mapViewToScene(QPointF(x, y))
        metrics = QFontMetricsF(text.textItem.font())
        width = metrics.horizontalAdvance(text.toPlainText()) + 6.0
        height = metrics.height()
        left = at.x() - width if text.anchor.x() >= 0.5 else at.x()
        return QRectF(left, at.y() - height, width, height)

    def _update_ring(self) -> None:
        chosen = tuple((p.x, p.y) for p in self._points if p.key == self._selected)
        if chosen != self._drawn.get("ring"):
            self._drawn["ring"] = chosen
            self._ring.setData(x=[_log(x) for x, _ in chosen], y=[_log(y) for _, y in chosen])

    def _layout_roof_labels(self, *_: object) -> None:
        """Put roof labels at the right edge, above their roof, pushed apart so none overlap."""
        if not self._roof_labels:
            self._hide_colliding_labels()
            return
        (x0, x1), (y0, y1) = self.view.viewRange()
        height = max(self.view.height(), 1.0)
        # One label's height (text items ignore the view's transform: their rect is in pixels),
        # in log10 units of the current view.
        line_px = max((t.boundingRect().height() for t, _ in self._roof_labels), default=0.0)
        gap = max(line_px * 0.85, 15.0 * self._scale) * (y1 - y0) / height
        placed = -math.inf
        stacked: list[tuple[pg.TextItem, float]] = []
        for text, y in sorted(self._roof_labels, key=lambda item: item[1]):
            placed = max(y, placed + gap)
            stacked.append((text, placed))
        # A stack pushed above the view (taller CJK lines, presentation fonts) moves down into it.
        top = y1 - line_px * (y1 - y0) / height
        shift = max(0.0, placed - top)
        for text, pos in stacked:
            text.setPos(x1 - 0.01 * (x1 - x0), pos - shift)
        self._hide_colliding_labels()

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
