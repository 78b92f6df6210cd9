"""Stacked memory bars (estimate, trace, measured) with a device-capacity line and hover text.

The widget draws what it is given: bars of ``{category: bytes}``, a colour per category, a
capacity in bytes, and a hover text per (bar, category). It computes no memory itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import pyqtgraph as pg
from PySide6.QtCore import QPointF, Signal
from PySide6.QtGui import QColor, QCursor, QFontMetrics
from PySide6.QtWidgets import QToolTip, QWidget

from widgets.i18n import translate
from widgets.plot_style import style_axes
from widgets.rich_text import escape, plain_tip

__all__ = ["Bar", "MemoryBars"]

_GB = 1e9


@dataclass
class Bar:
    """One stacked bar: a label, bytes per category (bottom to top) and hover text per category."""

    label: str
    values: dict[str, float]
    hover: dict[str, str] = field(default_factory=dict)


def _two_lines(label: str) -> str:
    """A bar's label broken before its parenthesis (`` (`` in English, ``（`` in Chinese)."""
    for mark, opening in ((" (", "("), ("（", "（")):
        head, found, tail = label.partition(mark)
        if found and head:
            return f"{head}\n{opening}{tail}"
    return label


class MemoryBars(pg.PlotWidget):
    """Side-by-side stacked bars in GB with a horizontal capacity line.

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
        self.getPlotItem().setLabel("left", translate("MemoryBars", "GB per device"))
        self._names: dict[str, str] = {}
        self.getPlotItem().showGrid(x=False, y=True, alpha=0.25)
        self._bars: list[Bar] = []
        self._colours: dict[str, str] = {}
        self._capacity: tuple[float, str] | None = None
        self._items: list[pg.GraphicsObject] = []
        self._fg = "#1d2330"
        self._legend = self.getPlotItem().addLegend(offset=(-10, 10), labelTextSize="9pt")
        self.getPlotItem().vb.sigResized.connect(self._fit_legend)
        self._slots: list[str] = []
        self.scene().sigMouseMoved.connect(self._on_mouse)

    # API ---------------------------------------------------------------------------------------
    def set_colours(self, colours: Mapping[str, str], foreground: str) -> None:
        """Category -> colour and the text colour; redraws."""
        self._colours, self._fg = dict(colours), foreground
        style_axes(self.getPlotItem(), foreground)  # fonts too: the app's, whatever the mode
        self._redraw()

    def set_names(self, names: Mapping[str, str], axis: str) -> None:
        """Category -> the name shown in the legend and hover; the left axis title."""
        self._names = dict(names)
        self.getPlotItem().setLabel("left", axis)
        self._redraw()

    def set_background(self, background: str) -> None:
        """Plot and legend background (the legend hides the capacity line behind it)."""
        self.setBackground(background)
        self._legend.setBrush(pg.mkBrush(background))
        self._legend.setPen(pg.mkPen(self._fg, width=0.5))

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

    def hover_text(self, x: float, y_gb: float) -> str:
        """The text for a point in plot coordinates (bar index on x, GB on y)."""
        index = round(x)
        if abs(x - index) > 0.35 or not 0 <= index < len(self._bars):
            return ""
        bar = self._bars[index]
        bottom = 0.0
        for category, value in bar.values.items():
            top = bottom + value / _GB
            if bottom <= y_gb <= top and value > 0:
                return (
                    f"{bar.label} · {bar.hover.get(category, self._names.get(category, category))}"
                )
            bottom = top
        if self._capacity and y_gb > bottom:
            return bar.hover.get("total", "")
        return ""

    # drawing -----------------------------------------------------------------------------------
    def _redraw(self) -> None:
        plot = self.getPlotItem()
        for item in self._items:
            plot.removeItem(item)
        self._items.clear()
        self._legend.clear()
        categories: list[str] = []
        for bar in self._bars:
            categories += [c for c in bar.values if c not in categories]
        top = 0.0
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
                    heights.append(value / _GB)
                    bottoms.append(below / _GB)
            if not xs:
                continue
            item = pg.BarGraphItem(x=xs, height=heights, y0=bottoms, width=0.6, brush=colour,
                                   pen=pg.mkPen(self._fg, width=0.5))  # fmt: skip
            plot.addItem(item)
            self._items.append(item)
            self._legend.addItem(item, escape(self._names.get(category, category)))
        for i, bar in enumerate(self._bars):
            total = sum(bar.values.values()) / _GB
            top = max(top, total)
            text = pg.TextItem(f"{total:.3g} GB", color=self._fg, anchor=(0.5, 1.0))
            text.setPos(i, total)
            plot.addItem(text)
            self._items.append(text)
        tallest = max(top, 1e-9)
        if self._capacity is not None:
            cap, label = self._capacity
            cap_gb = cap / _GB
            if cap_gb <= 4 * tallest:
                line = pg.InfiniteLine(
                    pos=cap_gb, angle=0,
                    pen=pg.mkPen(self._fg, width=2, style=pg.QtCore.Qt.PenStyle.DashLine),
                    label=label,
                    labelOpts={"position": 0.02, "color": self._fg, "anchors": [(0, 1), (0, 1)]},
                )  # fmt: skip
                line.setZValue(20)
                plot.addItem(line)
                self._items.append(line)
                top = max(top, cap_gb)
            else:
                note = pg.TextItem(
                    translate(
                        "MemoryBars", "↑ {capacity} GB capacity is off the scale (tallest bar: {share})"
                    ).format(capacity=f"{cap_gb:.4g}", share=f"{tallest / cap_gb:.1%}"),
                    color=self._fg, anchor=(0, 0),
                )  # fmt: skip
                top = tallest * 1.4  # headroom: the note hangs from the top, above the bar labels
                note.setPos(-0.55, top * 1.17)
                plot.addItem(note)
                self._items.append(note)
        n = len(self._bars) + len(self._slots)
        # "estimate (peak, cuda)" on two lines: side by side the long labels ran into each other.
        ticks = [(i, _two_lines(b.label)) for i, b in enumerate(self._bars)]
        ticks += [(len(self._bars) + j, s) for j, s in enumerate(self._slots)]
        bottom = plot.getAxis("bottom")
        bottom.setTicks([ticks])
        lines = max(t.count("\n") + 1 for _, t in ticks) if ticks else 1
        font = bottom.style.get("tickFont") or self.font()
        bottom.setHeight(QFontMetrics(font).height() * lines + 16)
        for name in ("left", "bottom"):
            plot.getAxis(name).setPen(self._fg)
            plot.getAxis(name).setTextPen(self._fg)
        self._legend.setLabelTextColor(self._fg)
        plot.setXRange(-0.6, max(n, 1) - 0.4 + 0.8, padding=0)
        plot.setYRange(0, top * 1.18, padding=0)
        self._fit_legend()

    def _fit_legend(self, *_args: object) -> None:
        """Spread the legend over as few columns as let it fit the plot's height.

        A short plot (a two-line per-rank note above it, taller Chinese lines) cut the last entries
        off a one-column legend.
        """
        legend = self._legend
        count = len(legend.items)
        room = self.getPlotItem().vb.height() - 14  # the legend's offset and a margin
        if count == 0 or room <= 0:
            return
        for columns in range(1, count + 1):
            legend.setColumnCount(columns)
            if legend.boundingRect().height() <= room:
                break

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
