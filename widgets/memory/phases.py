"""The phase view: traced memory over one step (forward, backward, optimizer) by category.

Draws a timeline given as samples ``(op index, phase, total bytes, {category: bytes})``; shades
each phase, stacks the categories as filled bands and marks the peak. Computes nothing itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pyqtgraph as pg
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QWidget

from widgets.i18n import translate
from widgets.plot_style import style_axes, style_text

__all__ = ["PhaseView"]

_GB = 1e9


class PhaseView(pg.PlotWidget):
    """Stacked bands of traced memory against op index, phases shaded, peak marked."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent=parent)
        self.setMinimumHeight(90)
        self.setMenuEnabled(False)
        self.hideButtons()
        plot = self.getPlotItem()
        plot.setLabel("left", translate("PhaseView", "traced GB"))
        plot.setLabel("bottom", translate("PhaseView", "ops in one training step"))
        plot.showGrid(x=False, y=True, alpha=0.25)
        self._items: list[Any] = []
        self._colours: dict[str, str] = {}
        self._fg = "#1d2330"
        self._samples: list[Any] = []
        self._order: list[str] = []
        self._message = pg.TextItem("", anchor=(0.5, 0.5))
        plot.addItem(self._message)
        self.show_message(translate("PhaseView", "Trace a step to see memory over time"))

    def set_colours(self, colours: Mapping[str, str], foreground: str) -> None:
        """Category -> colour and the text colour; redraws."""
        self._colours, self._fg = dict(colours), foreground
        self._message.setColor(QColor(foreground))
        style_text(self._message)
        style_axes(self.getPlotItem(), foreground)  # fonts too: the app's, whatever the mode
        if self._samples:
            self.set_timeline(self._samples, self._order)

    def show_message(self, text: str) -> None:
        """Clear the plot and show ``text`` in the middle."""
        self._clear()
        self._samples = []
        self._message.setText(text)
        self._message.setPos(0.5, 0.5)
        self._show_values(False)
        self.getPlotItem().setRange(xRange=(0, 1), yRange=(0, 1), padding=0)

    def samples(self) -> list[Any]:
        """The timeline shown."""
        return list(self._samples)

    def set_timeline(self, samples: Sequence[Any], order: Sequence[str]) -> None:
        """Draw ``samples``; ``order`` lists the categories bottom to top."""
        self._clear()
        self._samples, self._order = list(samples), list(order)
        self._message.setText("")
        self._show_values(True)
        if not samples:
            self.show_message(translate("PhaseView", "The trace recorded no samples"))
            return
        plot = self.getPlotItem()
        x = np.array([s[0] for s in samples], dtype=float)
        ymax = max(s[2] for s in samples) / _GB
        start = 0
        for i in range(1, len(samples) + 1):
            if i == len(samples) or samples[i][1] != samples[start][1]:
                x0, x1 = x[start], x[i - 1] if i == len(samples) else x[i]
                region = pg.LinearRegionItem((x0, x1), movable=False,
                                             brush=QColor(128, 128, 128, 28 if start % 2 else 14))  # fmt: skip
                region.setZValue(-10)
                plot.addItem(region)
                label = pg.TextItem(self._phase(samples[start][1]), color=self._fg, anchor=(0, 0))
                label.setPos(x0, ymax * 1.3)
                plot.addItem(label)
                self._items += [region, label]
                start = i
        bottom = np.zeros(len(samples))
        below = pg.PlotDataItem(x, bottom, pen=None)
        plot.addItem(below)
        self._items.append(below)
        for category in order:
            values = np.array([s[3].get(category, 0.0) for s in samples]) / _GB
            if not values.any():
                continue
            top = bottom + values
            colour = QColor(self._colours.get(category, "#888888"))
            upper = pg.PlotDataItem(x, top, pen=pg.mkPen(colour, width=1), stepMode=None)
            fill_colour = QColor(colour)
            fill_colour.setAlpha(150)
            fill = pg.FillBetweenItem(below, upper, brush=fill_colour)
            plot.addItem(upper)
            plot.addItem(fill)
            self._items += [upper, fill]
            below, bottom = upper, top
        peak_i = int(np.argmax([s[2] for s in samples]))
        marker = pg.ScatterPlotItem([x[peak_i]], [samples[peak_i][2] / _GB], symbol="t", size=12,
                                    brush=QColor(self._fg), pen=None)  # fmt: skip
        text = pg.TextItem(
            translate("PhaseView", "peak {gb} GB ({phase})").format(
                gb=f"{samples[peak_i][2] / _GB:.3g}", phase=self._phase(samples[peak_i][1])
            ),
            # Left of the marker when the peak is in the right half: it ran off the plot there.
            color=self._fg, anchor=(1.08 if x[peak_i] > (x[0] + x[-1]) / 2 else -0.08, 0.5),
        )  # fmt: skip
        text.setPos(x[peak_i], samples[peak_i][2] / _GB)
        plot.addItem(marker)
        plot.addItem(text)
        self._items += [marker, text]
        plot.setRange(xRange=(x[0], x[-1]), yRange=(0, ymax * 1.36), padding=0.02)

    @staticmethod
    def _phase(name: str) -> str:
        return {"forward": translate("PhaseView", "forward"),
                "backward": translate("PhaseView", "backward"),
                "optimizer": translate("PhaseView", "optimizer step")}.get(name, name)  # fmt: skip

    def _show_values(self, on: bool) -> None:
        for name in ("left", "bottom"):
            self.getPlotItem().getAxis(name).setStyle(showValues=on)

    def _clear(self) -> None:
        plot = self.getPlotItem()
        for item in self._items:
            plot.removeItem(item)
        self._items.clear()
