"""One stacked horizontal bar with its legend: where a step's time or a GPU's memory goes.

The widget draws what it is given: a title, segments (a category key, its size, the text the
legend says about it), the size the bar's full width stands for (a device's capacity, so a bar
that nearly fills its memory looks full) and an optional mark (the capacity, drawn as a line). The
title and the legend are a row of labels above the bar that wraps between items
(:class:`~widgets.plan.flow.FlowLegend`), one coloured square per category: no text is drawn on
the bar, so nothing can overlap, and the layout audit sees each legend item as any other label.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QVBoxLayout, QWidget

from widgets.plan.flow import FlowLegend, swatch_text

__all__ = ["Segment", "StackedBar"]


@dataclass(frozen=True)
class Segment:
    """One part of the bar: its category, its size (any unit, the bar's own) and its legend text."""

    key: str
    value: float
    text: str


class _Strip(QWidget):
    """The bar itself: segments left to right, a mark line, a thin frame."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.segments: list[Segment] = []
        self.colours: dict[str, str] = {}
        self.full = 0.0
        self.mark: float | None = None
        self.fg = "#1d2330"
        self.setMinimumHeight(16)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def sizeHint(self) -> QSize:
        """As tall as a line of text, so presentation mode thickens it."""
        return QSize(200, max(16, round(self.fontMetrics().height() * 1.1)))

    def paintEvent(self, event: QPaintEvent) -> None:
        """Draw the segments scaled to :attr:`full` and the mark; nothing at all while there is
        nothing to show (before the first plan an empty frame read as a broken bar)."""
        total = sum(max(0.0, s.value) for s in self.segments)
        full = max(self.full, total, self.mark or 0.0)
        if full <= 0:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        rect = QRectF(self.rect()).adjusted(0.5, 2.5, -1.5, -2.5)
        x = rect.left()
        for seg in self.segments:
            if seg.value <= 0:
                continue
            width = rect.width() * seg.value / full
            painter.fillRect(
                QRectF(x, rect.top(), width, rect.height()),
                QColor(self.colours.get(seg.key, "#888888")),
            )
            x += width
        if self.mark is not None:
            mx = rect.left() + rect.width() * self.mark / full
            pen = QPen(QColor(self.fg), 2, Qt.PenStyle.SolidLine)
            painter.setPen(pen)
            painter.drawLine(round(mx), 0, round(mx), self.height())
        painter.setPen(QPen(QColor(self.fg), 1))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(rect)
        painter.end()


class StackedBar(QWidget):
    """One stacked bar and, above it, its title and its wrapped legend.

    Parameters
    ----------
    parent
        The parent widget.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._title = ""
        self.strip = _Strip(self)
        self.legend = FlowLegend(self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(1)
        layout.addWidget(self.legend)
        layout.addWidget(self.strip)
        self._names: dict[str, str] = {}

    # Qt-style API ---------------------------------------------------------------------------
    def set_colours(self, colours: Mapping[str, str], foreground: str) -> None:
        """Category -> colour, and the frame and mark colour; redraws."""
        self.strip.colours, self.strip.fg = dict(colours), foreground
        self._show_legend()
        self.strip.update()

    def set_names(self, names: Mapping[str, str]) -> None:
        """Category -> the name the legend shows."""
        self._names = dict(names)
        self._show_legend()

    def set_segments(
        self,
        title: str,
        segments: Sequence[Segment],
        *,
        full: float = 0.0,
        mark: float | None = None,
    ) -> None:
        """Show ``segments`` (empty ones are left out of the legend) under ``title``.

        ``full`` is the size the bar's whole width stands for (at least the segments' total);
        ``mark`` draws a line at that size (a capacity).
        """
        self._title = title
        self.strip.segments = list(segments)
        self.strip.full = full
        self.strip.mark = mark
        tips = [f"{self._names.get(s.key, s.key)}: {s.text}" for s in segments if s.value > 0]
        self.strip.setToolTip(html.escape("\n".join(tips)).replace("\n", "<br>"))
        self._show_legend()
        self.strip.update()

    def title(self) -> str:
        """The title shown before the legend."""
        return self._title

    def segments(self) -> list[Segment]:
        """The segments shown (for tests and export)."""
        return list(self.strip.segments)

    def clear(self, title: str = "") -> None:
        """Show nothing but ``title``."""
        self.set_segments(title, [])

    # internals ------------------------------------------------------------------------------
    def _show_legend(self) -> None:
        items = [f"<b>{html.escape(self._title)}</b>"] if self._title else []
        for seg in self.strip.segments:
            if seg.value <= 0:
                continue
            colour = self.strip.colours.get(seg.key, "#888888")
            items.append(
                swatch_text(colour, "■", f"{self._names.get(seg.key, seg.key)} {seg.text}")
            )
        self.legend.set_items(items)
        self.legend.setVisible(bool(items))
