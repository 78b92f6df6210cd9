""" "Where the time goes": predicted time per op kind as horizontal bars, with shares labelled.

Each kind has a fixed colour (:func:`kind_colour`, by its place in ``core.step.costs.KINDS``):
the optimizer is the same colour for gpt2 and for a llama, so two slides share one legend.
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping, Sequence
from typing import Any

import pyqtgraph as pg
from PySide6.QtGui import QColor, QFontMetrics
from PySide6.QtWidgets import QWidget

from core.step.costs import KINDS
from widgets.i18n import translate
from widgets.plot_style import fit_axis_title, retire, style_axes, style_text
from widgets.step.names import kind_name

__all__ = ["KIND_ORDER", "KindChart", "kind_colour"]

#: Every kind the chart can show, in the order that fixes its colour.
KIND_ORDER: tuple[str, ...] = (*KINDS, "communication")
#: Colours after the theme's series (which has 8): tab10's grey and olive, tab20's light blue.
_EXTRA = ("#7f7f7f", "#bcbd22", "#aec7e8")


def kind_colour(kind: str, series: Sequence[str]) -> str:
    """The colour of op kind ``kind``: the theme's series, then :data:`_EXTRA`, in the order of
    :data:`KIND_ORDER` (a kind outside it gets a colour from its name, the same every time)."""
    palette = (*series, *_EXTRA)
    if kind in KIND_ORDER:
        return palette[KIND_ORDER.index(kind) % len(palette)]
    return palette[zlib.crc32(kind.encode("utf-8")) % len(palette)]


class KindChart(pg.PlotWidget):
    """Horizontal bars: one per kind, length = share of the predicted step (0-100 %), labelled."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent=parent)
        self.setMinimumHeight(160)
        self.setMenuEnabled(False)
        self.hideButtons()
        plot = self.getPlotItem()
        plot.setLabel("bottom", translate("StepChart", "share of the predicted step time (%)"))
        plot.setMouseEnabled(x=False, y=False)
        plot.hideAxis("left")  # each bar carries its kind's name
        plot.showGrid(x=True, y=False, alpha=0.25)
        # A share runs from 0 to 100 %: the axis says so, even empty, whatever room the labels
        # to the right of the bars take.
        plot.getAxis("bottom").setTicks([[(v, str(v)) for v in range(0, 101, 20)]])
        plot.setRange(xRange=(-0.5, 102.0), yRange=(0, 1), padding=0)
        self._fg = "#1d2330"
        self._colours: Sequence[str] = ("#3b6fd8",)
        self._shares: dict[str, float] = {}
        self._data: list[tuple[str, float]] = []
        self._items: list[pg.GraphicsObject] = []
        #: What the chart says while it has no bars (before the first trace, or on a device that
        #: cannot predict it).
        self.message = pg.TextItem("", anchor=(0.5, 0.5))
        plot.addItem(self.message, ignoreBounds=True)
        self._draw()

    def set_colours(self, colours: Sequence[str], foreground: str) -> None:
        """Series colours and the text colour; redraws."""
        self._colours, self._fg = tuple(colours) or ("#3b6fd8",), foreground
        self.message.setColor(QColor(foreground))
        style_text(self.message)
        style_axes(self.getPlotItem(), foreground)  # fonts too: the app's, whatever the mode
        fit_axis_title(self.getPlotItem().getAxis("bottom"))
        self.set_shares(self._shares)

    def rows_that_fit(self) -> int:
        """How many labelled bars fit the chart's height without their labels overlapping."""
        line = QFontMetrics(self.font()).height() * 1.25
        room = self.height() - 2.5 * line  # the bottom axis and its label
        return max(2, int(room // line))

    def set_shares(self, shares: Mapping[str, float]) -> None:
        """``{kind id: share 0..1}`` (ids of :data:`KIND_ORDER`, shown by their names); kinds
        with no time are left out, largest on top. When more kinds than :meth:`rows_that_fit`
        have time, the smallest are drawn as one "other" bar."""
        self._shares = dict(shares)
        self._draw()

    def resizeEvent(self, event: Any) -> None:
        """Re-fit the bars to the new height."""
        super().resizeEvent(event)
        if hasattr(self, "_fg"):  # pyqtgraph resizes during __init__
            fit_axis_title(self.getPlotItem().getAxis("bottom"))
        if getattr(self, "_shares", None):  # pyqtgraph resizes during __init__, before _shares
            self._draw()

    def _draw(self) -> None:
        plot = self.getPlotItem()
        for item in self._items:
            plot.removeItem(item)
        retire(self, *self._items)  # a resize inside Qt's style change must not delete them
        self._items = []
        data = sorted(((k, v) for k, v in self._shares.items() if v > 0), key=lambda kv: -kv[1])
        fit = self.rows_that_fit()
        if len(data) > fit:
            rest = data[fit - 1 :]
            other = translate("StepChart", "other ({count} kinds)").format(count=len(rest))
            data = [*data[: fit - 1], (other, sum(v for _, v in rest))]
        data.reverse()  # largest on top
        self._data = data
        if not data:
            plot.setRange(xRange=(-0.5, 102.0), yRange=(0, 1), padding=0)
            self.message.setText(
                translate("StepChart", "Trace one step to see where its time goes")
            )
            self.message.setPos(51.0, 0.5)
            return
        self.message.setText("")
        needed = 100.0
        width_px = max(plot.vb.width(), 1.0)
        for i, (kind, share) in enumerate(data):
            if kind in self._shares:
                colour, name = QColor(kind_colour(kind, self._colours)), kind_name(kind)
            else:  # the "other" bar: the text colour, faded
                colour, name = QColor(self._fg), kind
                colour.setAlphaF(0.35)
            bar = pg.BarGraphItem(x0=0, y=i, height=0.7, width=100 * share, brush=colour,
                                  pen=None)  # fmt: skip
            bar.setProperty("kind", kind)
            text = pg.TextItem(f"{name}  {100 * share:.1f} %", color=self._fg, anchor=(0, 0.5))
            text.setPos(100 * share + 1, i)
            plot.addItem(bar)
            plot.addItem(text)
            self._items += [bar, text]
            # The label's right end, in % of the axis: the range grows to show it whole.
            room = 1.0 - (text.boundingRect().width() + 6.0) / width_px
            needed = max(needed, (100 * share + 1) / max(room, 0.3))
        plot.setLimits(xMin=-1, xMax=needed * 1.05 + 2.0, yMin=-1, yMax=len(data))
        plot.setRange(xRange=(-0.5, needed + 2.0), yRange=(-0.6, len(data) - 0.4), padding=0)

    def shares(self) -> dict[str, float]:
        """The shares drawn, ``{kind id or "other (n kinds)": share}``."""
        return dict(self._data)

    def bar_colours(self) -> dict[str, str]:
        """The colour each drawn bar has, ``{kind id or "other (n kinds)": "#rrggbb"}``."""
        out = {}
        for item in self._items:
            if isinstance(item, pg.BarGraphItem):
                out[str(item.property("kind"))] = pg.mkBrush(item.opts["brush"]).color().name()
        return out
