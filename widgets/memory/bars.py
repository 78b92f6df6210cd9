"""Stacked memory bars (estimate, trace, measured) with a device-capacity line and hover text.

The widget draws what it is given: bars of ``{category: bytes}``, a colour per category, a
capacity in bytes, and a hover text per (bar, category). It computes no memory itself.

Its texts are laid out in pixels so that none covers another at any size (a 1280×720 slide in
Chinese included): the axis reads in the one SI unit of :func:`core.units.byte_unit` for its
tallest value and every amount is written by :func:`core.units.format_bytes`, as the tab's header
is; the headroom above the bars is what their labels and the "off the scale" note need; the bars'
names wrap to the width of their slot; the capacity label and the legend go where they cover no
bar and no text (:mod:`widgets.label_layout`), the legend above the axes when there is no room.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import pyqtgraph as pg
from PySide6.QtCore import QPointF, Signal
from PySide6.QtGui import QColor, QCursor, QFontMetricsF
from PySide6.QtWidgets import QToolTip, QWidget

from core.units import byte_unit, format_bytes
from widgets.i18n import translate
from widgets.label_layout import Label, Rect, free_spot, place
from widgets.plot_style import Deferred, app_font, detach_retired, retire, style_axes, style_text
from widgets.rich_text import escape, plain_tip

__all__ = ["Bar", "MemoryBars"]


@dataclass
class Bar:
    """One stacked bar: a label, bytes per category (bottom to top) and hover text per category."""

    label: str
    values: dict[str, float]
    hover: dict[str, str] = field(default_factory=dict)


#: A label's pieces: a space; one Chinese character with the closing marks after it (and an
#: opening parenthesis before it); or a run of the rest with a closing mark after it.
_PIECES = re.compile(
    r"\s+|（?[\u2e80-\u9fff][，）：。、]*|（?[^\s\u2e80-\u9fff（）：，。、]+[，）：]*|[（）：，。、]"
)


def _wrap(label: str, width: float, metrics: QFontMetricsF) -> str:
    """``label`` in lines no wider than ``width`` pixels, broken at spaces and between Chinese
    characters (never inside a word); a word wider than that keeps a line of its own.

    Of the ways to break it, the one with the fewest lines that hold one character alone (the
    "行" of "未在 GPU 上运行" after "未在 GPU 上运"), then the fewest lines, then the fullest
    first lines: a search over where each line ends, as the names are a few pieces long."""
    pieces: list[str] = []
    spaced: list[bool] = []  # whether a space stood before each piece
    space = False
    for piece in _PIECES.findall(label):
        if piece.isspace():
            space = True
            continue
        pieces.append(piece)
        spaced.append(space and bool(pieces[:-1]))
        space = False
    n = len(pieces)

    def line(i: int, j: int) -> str:
        return "".join((" " if spaced[k] and k > i else "") + pieces[k] for k in range(i, j))

    # best[i]: (lone lines, lines, the end of the line that starts at piece i) for pieces i..n-1.
    best: list[tuple[int, int, int]] = [(0, 0, n)] * (n + 1)
    for i in range(n - 1, -1, -1):
        options = []
        for j in range(n, i, -1):  # the longest line first: ties keep it
            if j > i + 1 and metrics.horizontalAdvance(line(i, j)) > width:
                continue
            lone = int(i > 0 and j == i + 1 and len(_letters(pieces[i])) == 1)
            options.append((lone + best[j][0], 1 + best[j][1], j))
        best[i] = min(options, key=lambda o: o[:2])
    lines, i = [], 0
    while i < n:
        lines.append(line(i, best[i][2]))
        i = best[i][2]
    return "\n".join(lines)


def _letters(piece: str) -> str:
    """``piece`` without its punctuation."""
    return re.sub(r"[（）：，。、\s]", "", piece)


def _overlap(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


class MemoryBars(pg.PlotWidget):
    """Side-by-side stacked bars with a horizontal capacity line, in the unit of the tallest.

    Signals
    -------
    hovered(str)
        The hover text under the mouse ('' when over nothing).
    """

    hovered = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent=parent)
        self.setMinimumHeight(140)
        self.setMenuEnabled(False)
        self.setMouseEnabled(x=False, y=False)
        self.hideButtons()
        self._axis = translate("MemoryBars", "{unit} per device")
        self._names: dict[str, str] = {}
        self.getPlotItem().showGrid(x=False, y=True, alpha=0.25)
        self._bars: list[Bar] = []
        self._colours: dict[str, str] = {}
        self._capacity: tuple[float, str] | None = None
        self._items: list[pg.GraphicsObject] = []
        self._fg = "#1d2330"
        self._bg = "#ffffff"
        self._divisor, self._unit = 1e9, "GB"
        self._values: list[pg.TextItem] = []
        self._line: pg.InfiniteLine | None = None
        self._line_label: pg.TextItem | None = None
        self._note: pg.TextItem | None = None
        self._ticks: list[tuple[int, str]] = []
        self._legend_rows: list[tuple[object, str]] = []
        self._legend_columns = 0
        self._legend_height = -1.0
        self._legend_mode: tuple[object, int] = (None, 1)
        self._legend_inside = True
        self._legend = pg.LegendItem(offset=None)
        self._legend.setParentItem(self.getPlotItem())
        self._laying_out = False
        self._relayout = Deferred(self._layout, self)  # after Qt's resize, not inside it
        self.getPlotItem().vb.sigResized.connect(self._relayout)
        self._slots: list[str] = []
        self.scene().sigMouseMoved.connect(self._on_mouse)
        self._set_axis_title()

    # API ---------------------------------------------------------------------------------------
    def set_colours(self, colours: Mapping[str, str], foreground: str) -> None:
        """Category -> colour and the text colour; redraws."""
        self._colours, self._fg = dict(colours), foreground
        style_axes(self.getPlotItem(), foreground)  # fonts too: the app's, whatever the mode
        self._redraw()

    def set_names(self, names: Mapping[str, str], axis: str | None = None) -> None:
        """Category -> the name shown in the legend and hover; the left axis title, with
        ``{unit}`` where the axis unit goes (``{unit} per device``)."""
        self._names = dict(names)
        if axis is not None:
            self._axis = axis
        self._redraw()

    def set_background(self, background: str) -> None:
        """Plot and legend background."""
        self.setBackground(background)
        self._bg = background
        self._legend_columns = 0  # rebuilt in the new colours
        self._layout()

    def set_bars(
        self,
        bars: Sequence[Bar],
        capacity: float | None,
        capacity_label: str,
        slots: Sequence[str] = (),
    ) -> None:
        """Show ``bars`` and the capacity line (bytes per device, ``None`` for no line).

        ``slots`` names places kept free after the bars (``"trace: not run"``), so the layout
        does not jump when a bar arrives.
        """
        self._bars = list(bars)
        self._slots = list(slots)
        self._capacity = None if capacity is None else (capacity, capacity_label)
        self._redraw()

    def bars(self) -> list[Bar]:
        """The bars shown (for tests and export)."""
        return list(self._bars)

    def unit(self) -> tuple[float, str]:
        """The axis unit: ``(bytes per unit, name)``."""
        return self._divisor, self._unit

    def text_items(self) -> list[pg.TextItem]:
        """The texts drawn on the chart: bar totals, the capacity label, the off-scale note."""
        extra = [t for t in (self._line_label, self._note) if t is not None]
        return [*self._values, *extra]

    def legend(self) -> pg.LegendItem:
        """The legend (for tests)."""
        return self._legend

    def hover_text(self, x: float, y: float) -> str:
        """The text for a point in plot coordinates (bar index on x, the axis unit on y)."""
        index = round(x)
        if abs(x - index) > 0.35 or not 0 <= index < len(self._bars):
            return ""
        bar = self._bars[index]
        bottom = 0.0
        for category, value in bar.values.items():
            top = bottom + value / self._divisor
            if bottom <= y <= top and value > 0:
                return (
                    f"{bar.label} · {bar.hover.get(category, self._names.get(category, category))}"
                )
            bottom = top
        if self._capacity and y > bottom:
            return bar.hover.get("total", "")
        return ""

    # drawing -----------------------------------------------------------------------------------
    def _set_axis_title(self) -> None:
        """The value axis's title, or only its unit where the axes are shorter than the title
        (a 1280x720 slide of llama2-7b cut "TB per device" to "TB per devic")."""
        plot = self.getPlotItem()
        text = self._axis.format(unit=self._unit)
        label = plot.getAxis("left").label
        room = plot.vb.height()
        if room > 0 and QFontMetricsF(label.font()).horizontalAdvance(text) > room - 4:
            text = self._unit
        if text != getattr(self, "_axis_text", None):
            self._axis_text = text
            plot.setLabel("left", text)

    def _redraw(self) -> None:
        plot = self.getPlotItem()
        for item in self._items:
            plot.removeItem(item)
        retire(self, *self._items)
        self._items.clear()
        self._values, self._line, self._line_label, self._note = [], None, None, None
        categories: list[str] = []
        for bar in self._bars:
            categories += [c for c in bar.values if c not in categories]
        tallest = max((sum(bar.values.values()) for bar in self._bars), default=0.0)
        capacity = self._capacity
        line = capacity is not None and capacity[0] <= 4 * max(tallest, 1e-9)
        top_bytes = max(tallest, capacity[0] if capacity is not None and line else 0.0)
        self._divisor, self._unit = byte_unit(top_bytes or 1e9)
        self._set_axis_title()
        self._legend_rows = []
        for category in categories:
            colour = QColor(self._colours.get(category, "#888888"))
            xs, heights, bottoms = [], [], []
            for i, bar in enumerate(self._bars):
                below = 0.0
                for c, v in bar.values.items():
                    if c == category:
                        break
                    below += v
                value = bar.values.get(category, 0.0)
                if value > 0:
                    xs.append(i)
                    heights.append(value / self._divisor)
                    bottoms.append(below / self._divisor)
            if not xs:
                continue
            pen = pg.mkPen(self._fg, width=0.5)
            item = pg.BarGraphItem(x=xs, height=heights, y0=bottoms, width=0.6, brush=colour,
                                   pen=pen)  # fmt: skip
            plot.addItem(item)
            self._items.append(item)
            sample = pg.BarGraphItem(x=[0], height=[1], width=1, brush=colour, pen=pen)
            self._legend_rows.append((sample, escape(self._names.get(category, category))))
        self._legend_columns = 0
        for i, bar in enumerate(self._bars):
            total = sum(bar.values.values())
            text = pg.TextItem(format_bytes(total), color=self._fg, anchor=(0.5, 1.0))
            text.setPos(i, total / self._divisor)
            self._values.append(text)
        if capacity is not None:
            cap, label = capacity
            if line:
                self._line = pg.InfiniteLine(
                    pos=cap / self._divisor, angle=0,
                    pen=pg.mkPen(self._fg, width=2, style=pg.QtCore.Qt.PenStyle.DashLine),
                )  # fmt: skip
                self._line.setZValue(20)
                plot.addItem(self._line)
                self._items.append(self._line)
                self._line_label = pg.TextItem(label, color=self._fg, anchor=(0, 0))
            else:
                self._note = pg.TextItem(
                    translate(
                        "MemoryBars", "↑ {capacity} capacity is off the scale (tallest bar: {share})"
                    ).format(capacity=format_bytes(cap), share=f"{tallest / cap:.1%}"),
                    color=self._fg, anchor=(0, 0),
                )  # fmt: skip
        for text in self.text_items():
            style_text(text)
            text.textItem.document().setDocumentMargin(1.0)
            text.setZValue(25)
            plot.addItem(text)
            self._items.append(text)
        self._layout()

    def _layout(self, *_args: object) -> None:
        """Names that fit their slots, headroom for the texts above the bars, then the capacity
        label and the legend where they cover nothing (all measured in pixels).

        The legend is tried inside the axes first; only when it finds no free spot there does
        it move to a column right of them. The choice is kept while the bars and the chart's
        size stay the same, so the axes' own resizing cannot flip it back and forth.
        """
        if self._laying_out:
            return
        self._laying_out = True
        try:
            self._set_axis_title()
            key = (tuple((b.label, tuple(b.values.items())) for b in self._bars),
                   tuple(self._slots), self.width(), self.height(),
                   tuple(n for _, n in self._legend_rows))  # fmt: skip
            if key != self._legend_mode[0]:
                self._legend_mode = (key, 1)
                self._settle()
                if not self._legend_inside and self._legend_rows:
                    self._legend_mode = (key, 0)
                    self._settle()
            else:
                self._settle()
        finally:
            self._laying_out = False

    def _settle(self) -> None:
        """Lay out until the axes keep their size (moving the legend resizes them)."""
        plot = self.getPlotItem()
        for _ in range(4):
            size = (plot.vb.width(), plot.vb.height())
            self._lay_out()
            plot.layout.activate()
            if size == (plot.vb.width(), plot.vb.height()):
                break

    def _lay_out(self) -> None:
        plot = self.getPlotItem()
        view = plot.vb
        n = max(len(self._bars) + len(self._slots), 1)
        # Room at the right for a legend inside the axes; none when it sits beside them.
        x_range = (-0.6, n - 0.4 + (0.8 if self._legend_mode[1] else 0.2))
        plot.setXRange(*x_range, padding=0)
        width, height = view.width(), view.height()
        unit_x = width / (x_range[1] - x_range[0])
        self._set_ticks(unit_x)
        self._fit_totals(unit_x)
        tallest = max((sum(b.values.values()) for b in self._bars), default=0.0) / self._divisor
        line = self._line.value() if self._line is not None else 0.0
        label_px = max((self._box(t)[1] for t in self._values), default=0.0) + 4.0
        if self._note is not None:
            # The note wraps rather than run past the axes on a narrow chart (a long capacity).
            item = self._note.textItem
            item.setTextWidth(-1)
            if item.boundingRect().width() > width - 8.0:
                item.setTextWidth(max(width - 8.0, 40.0))
            self._note.updateTextPos()
        note_px = self._box(self._note)[1] + 6.0 if self._note is not None else 0.0
        if self._note is not None:
            # A chart too short for the note keeps its bars readable: the verdict above it says
            # the same (the capacity and how much is left).
            self._note.setVisible(height - label_px - note_px >= 0.35 * height)
            note_px = note_px if self._note.isVisible() else 0.0
        # The tallest bar's top sits low enough for its label, and the note above that label.
        room = max(height - label_px - note_px, height * 0.3, 1.0)
        top = max(tallest * max(height, 1.0) / room, line * 1.12)
        plot.setYRange(0, top if top > 0 else 1.0, padding=0)
        if width < 40 or height < 40:
            return
        scene = view.sceneBoundingRect()
        if self._note is not None:
            at = view.mapSceneToView(QPointF(scene.left() + 4.0, scene.top() + 2.0))
            self._note.setPos(at.x(), at.y())
        blocked = self._bar_boxes(unit_x) + [self._scene_box(t) for t in self._values]
        if self._note is not None and self._note.isVisible():
            blocked.append(self._scene_box(self._note))
        bounds = (scene.left() + 1.0, scene.top() + 1.0, scene.right() - 1.0, scene.bottom() - 1.0)
        if self._line_label is not None:
            self._place_line_label(bounds, blocked)
            if self._line_label.isVisible():
                blocked.append(self._scene_box(self._line_label))
        self._place_legend(bounds, blocked)

    def _fit_totals(self, slot_px: float) -> None:
        """The bars' totals with 4 significant digits, 3 where that is too wide for a slot."""
        for bar, text in zip(self._bars, self._values, strict=True):
            total = sum(bar.values.values())
            for digits in (4, 3):
                content = format_bytes(total, digits)
                if text.toPlainText() != content:
                    text.setText(content)
                if self._box(text)[0] <= slot_px - 6.0:
                    break

    @staticmethod
    def _box(text: pg.TextItem | None) -> tuple[float, float]:
        """A text's size in pixels."""
        if text is None:
            return 0.0, 0.0
        rect = text.textItem.boundingRect()
        return rect.width(), rect.height()

    def _scene_box(self, text: pg.TextItem) -> Rect:
        """Where a text is drawn, in scene pixels (from its position, anchor and size)."""
        at = self.getPlotItem().vb.mapViewToScene(text.pos())
        w, h = self._box(text)
        left = at.x() - text.anchor.x() * w
        top = at.y() - text.anchor.y() * h
        return (left, top, left + w, top + h)

    def _bar_boxes(self, unit_x: float) -> list[Rect]:
        view = self.getPlotItem().vb
        boxes: list[Rect] = []
        for i, bar in enumerate(self._bars):
            total = sum(bar.values.values()) / self._divisor
            top = view.mapViewToScene(QPointF(i, total))
            base = view.mapViewToScene(QPointF(i, 0.0))
            half = 0.3 * unit_x
            boxes.append((top.x() - half, top.y(), top.x() + half, base.y()))
        return boxes

    def _place_line_label(self, bounds: Rect, blocked: list[Rect]) -> None:
        """The capacity label just above (else below) its line, from the left, where it covers no
        bar and no text; hidden when there is no such place (the line's hover names it)."""
        text = self._line_label
        assert text is not None and self._line is not None
        view = self.getPlotItem().vb
        w, h = self._box(text)
        y = view.mapViewToScene(QPointF(0.0, self._line.value())).y()
        candidates: list[Rect] = []
        x = bounds[0] + 2.0
        while x + w <= bounds[2]:
            candidates += [(x, y - h - 2.0, x + w, y - 2.0), (x, y + 2.0, x + w, y + h + 2.0)]
            x += max(w / 4, 16.0)
        chosen = place([Label("line", candidates)], [], [], bounds, blocked)["line"]
        text.setVisible(chosen is not None)
        if chosen is not None:
            at = view.mapSceneToView(QPointF(candidates[chosen][0], candidates[chosen][1]))
            text.setPos(at.x(), at.y())

    def _build_legend(self, columns: int) -> None:
        """A legend with ``columns`` columns (pyqtgraph's cannot lose columns once it had them)."""
        if columns == self._legend_columns:
            return
        self._legend_columns = columns
        detach_retired(self, self._legend)  # deleted from the event loop, never inside a relayout
        size = f"{app_font(0.9).pointSizeF():.1f}pt"
        legend = pg.LegendItem(offset=None, labelTextSize=size, colCount=columns,
                               labelTextColor=self._fg, brush=pg.mkBrush(self._bg),
                               pen=pg.mkPen(self._fg, width=0.5))  # fmt: skip
        legend.setParentItem(self.getPlotItem())
        for sample, name in self._legend_rows:
            legend.addItem(sample, name)
        self._legend = legend

    def _place_legend(self, bounds: Rect, blocked: list[Rect]) -> None:
        """Inside the axes, in the fewest columns that find a spot covering no bar and no text
        (top right first); or, when :meth:`_layout` found none, in a column of its own right of
        the axes (the chart is wide and short)."""
        plot = self.getPlotItem()
        self._legend_inside = True
        if not self._legend_rows:
            self._set_right_column(0.0)
            return
        origin = plot.vb.mapToItem(plot, QPointF(0.0, 0.0))
        corner = plot.vb.sceneBoundingRect().topLeft()
        if self._legend_mode[1]:
            self._set_right_column(0.0)
            spot = None
            for columns in range(1, len(self._legend_rows) + 1):
                spot = self._legend_spot(columns, bounds, blocked)
                if spot is not None:
                    break
            if spot is None:  # reported to _layout, which moves the legend out
                self._legend_inside = False
                self._build_legend(1)
                self._legend.updateSize()
                w, h = self._legend.width(), self._legend.height()
                spot = (bounds[2] - w - 8.0, bounds[1] + 8.0, bounds[2] - 8.0, bounds[1] + 8.0 + h)
            self._legend.anchor(itemPos=(0, 0), parentPos=(0, 0),
                                offset=(origin.x() + spot[0] - corner.x(),
                                        origin.y() + spot[1] - corner.y()))  # fmt: skip
            return
        for columns in range(1, len(self._legend_rows) + 1):
            self._build_legend(columns)
            self._legend.updateSize()
            if self._legend.height() <= plot.height() - origin.y() - 4 or columns == len(
                self._legend_rows
            ):
                break
        self._set_right_column(self._legend.width() + 12.0)
        self._legend.anchor(itemPos=(1, 0), parentPos=(1, 0), offset=(-4.0, origin.y()))

    def _legend_spot(self, columns: int, bounds: Rect, blocked: list[Rect]) -> Rect | None:
        """Where the legend in ``columns`` columns covers nothing inside the axes (top right
        first), or ``None``."""
        self._build_legend(columns)
        self._legend.updateSize()
        w, h = self._legend.width(), self._legend.height()
        first = (bounds[2] - w - 8.0, bounds[1] + 8.0, bounds[2] - 8.0, bounds[1] + 8.0 + h)
        fits = first[0] >= bounds[0] and first[3] <= bounds[3]
        if fits and not any(_overlap(first, b) for b in blocked):
            return first
        return free_spot(w, h, bounds, 8.0, [], [], blocked)

    def _set_right_column(self, width: float) -> None:
        if abs(width - self._legend_height) > 0.5:
            self._legend_height = width
            self.getPlotItem().layout.setColumnFixedWidth(3, width)

    def _set_ticks(self, slot_px: float) -> None:
        """The bars' and slots' names, wrapped to their slot's width in at most the lines that
        40 % of the chart's height holds: in a smaller font when needed, else cut with "…"."""
        bottom = self.getPlotItem().getAxis("bottom")
        names = [b.label for b in self._bars] + list(self._slots)
        room = max(slot_px - 12.0, 30.0)
        for factor in (1.0, 0.85, 0.75):
            font = app_font(factor)
            metrics = QFontMetricsF(font)
            most = max(2, int((0.4 * self.height() - 16) // metrics.height()))
            wrapped = [_wrap(name, room, metrics) for name in names]
            if all(t.count("\n") < most for t in wrapped):
                break
        else:
            wrapped = ["\n".join([*t.split("\n")[: most - 1], t.split("\n")[most - 1] + "…"])
                       if t.count("\n") >= most else t for t in wrapped]  # fmt: skip
        ticks = list(enumerate(wrapped))
        if (ticks, factor) != (self._ticks, getattr(self, "_tick_factor", None)):
            self._ticks, self._tick_factor = ticks, factor
            bottom.setTickFont(font if factor != 1.0 else None)
            bottom.setTicks([ticks])
            lines = max((t.count("\n") + 1 for _, t in ticks), default=1)
            bottom.setHeight(metrics.height() * lines + 16)

    def _on_mouse(self, pos: QPointF) -> None:
        plot = self.getPlotItem()
        if not plot.sceneBoundingRect().contains(pos):
            return
        point = plot.vb.mapSceneToView(pos)
        text = self.hover_text(point.x(), point.y())
        self.hovered.emit(text)
        if text:
            QToolTip.showText(QCursor.pos(), plain_tip(text), self)
        else:
            QToolTip.hideText()
