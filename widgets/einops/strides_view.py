"""A tensor drawn over its storage: the logical grid above, the storage cells below, one colour each.

Renders a :class:`~core.einops.strides.Layout` (its addresses and storage values come from the
core); it computes nothing about views or copies. Every logical element gets a colour by its
row-major position; the storage cell it reads has the same colour, so a transpose shows the
same cells read in another order, a slice leaves cells grey, and ``expand`` colours one cell for
several elements (marked ×k).
"""

from __future__ import annotations

import colorsys
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from core.einops.strides import Layout, format_dims
from widgets.einops.editor import is_dark
from widgets.i18n import translate

__all__ = ["MAX_DRAWN", "StridesPicture"]

#: Most storage cells or logical elements drawn; beyond, the picture says how many it left out.
MAX_DRAWN = 96


@dataclass(frozen=True)
class _Cell:
    rect: QRectF
    tip: str


def element_color(i: int, n: int, dark: bool) -> QColor:
    """The colour of the ``i``-th of ``n`` logical elements (a hue ramp, pastel on light)."""
    hue = 0.83 * i / max(n - 1, 1)
    r, g, b = colorsys.hsv_to_rgb(hue, 0.55 if dark else 0.38, 0.62 if dark else 0.98)
    return QColor.fromRgbF(r, g, b)


class StridesPicture(QWidget):
    """The logical grid (0 to 3 dimensions) and the storage strip of one layout.

    Call :meth:`setLayoutToDraw` with a layout and a caption; ``None`` draws a message instead.
    Hovering a cell tells which index it is and how its address is computed.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._layout: Layout | None = None
        self._message = ""
        self._cells: list[_Cell] = []
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMouseTracking(True)

    # API ------------------------------------------------------------------------------------
    def setLayoutToDraw(self, layout: Layout | None, message: str = "") -> None:
        """Draw ``layout`` (or, when ``None``, only ``message``)."""
        self._layout, self._message = layout, message
        self.update()

    def drawnLayout(self) -> Layout | None:
        """The layout drawn now (for tests)."""
        return self._layout

    def minimumSizeHint(self) -> QSize:
        fm = QFontMetricsF(self.font())
        return QSize(int(fm.height() * 16), int(fm.height() * 9))

    def sizeHint(self) -> QSize:
        fm = QFontMetricsF(self.font())
        return QSize(int(fm.height() * 30), int(fm.height() * 16))

    # painting -------------------------------------------------------------------------------
    def paintEvent(self, _event: object) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self._cells = []
        fg = self.palette().color(self.foregroundRole())
        fm = QFontMetricsF(self.font())
        line = fm.height()
        if self._layout is None:
            painter.setPen(fg)
            painter.drawText(
                QRectF(self.rect()).adjusted(4, 4, -4, -4),
                int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
                | int(Qt.TextFlag.TextWordWrap),
                self._message,
            )
            painter.end()
            return
        lay = self._layout
        dark = is_dark(self)
        addresses = lay.addresses() if lay.numel <= 4096 else []
        values = lay.storage_values() if lay.storage_size <= 4096 else []
        colors = {}
        count: dict[int, int] = {}
        for i, a in enumerate(addresses):
            colors.setdefault(a, element_color(i, len(addresses), dark))
            count[a] = count.get(a, 0) + 1
        width = self.width() - 8
        height = self.height()
        # the storage strip's cells and rows at a cell size, then the grid's height above it;
        # the size shrinks until both fit
        shown = min(lay.storage_size, MAX_DRAWN)
        cell = min(line * 2.6, max(line * 1.5, width / max(shown, 1)))  # one row if it can
        grid_cell = line * 3.2
        while True:
            per_row = max(int(width // cell), 1)
            strip_rows = max((shown + per_row - 1) // per_row, 1)
            strip_h = line * 2.6 + strip_rows * (cell + line * 0.9)
            grid_h = self._grid_height(lay, grid_cell, width, line)
            if grid_h + strip_h + line <= height or cell <= line * 1.2:
                break
            if grid_cell >= cell and grid_cell > line * 1.2:  # the larger of the two shrinks
                grid_cell *= 0.9
            else:
                cell *= 0.9
        area = QRectF(4, 4, width, grid_h)
        self._draw_grid(painter, lay, addresses, values, area, dark, grid_cell)
        top = 4 + grid_h + line * 0.8
        painter.setPen(fg)
        title = translate(
            "StridesPicture", "Storage #{id}: {n} elements × {size} B; offset {offset}"
        ).format(id=lay.storage_id, n=lay.storage_size, size=lay.itemsize, offset=lay.offset)
        if lay.storage_size > shown:
            title += " " + translate("StridesPicture", "(first {shown} drawn)").format(shown=shown)
        painter.drawText(QPointF(4, top + fm.ascent()), title)
        top += line * 1.4
        small = QFont(self.font())
        small.setPointSizeF(max(self.font().pointSizeF() * 0.75, 6.0))
        for k in range(shown):
            x = 4 + (k % per_row) * cell
            y = top + (k // per_row) * (cell + line * 0.9)
            rect = QRectF(x + 1, y, cell - 2, cell - 2)
            used = k in colors
            fill = colors[k] if used else QColor("#3a3a3a" if dark else "#e4e4e4")
            painter.setPen(
                QPen(fg if k == lay.offset else QColor("#888888"), 2 if k == lay.offset else 1)
            )
            painter.setBrush(fill)
            painter.drawRect(rect)
            painter.setPen(QColor("#000000") if not dark or not used else QColor("#ffffff"))
            if dark and not used:
                painter.setPen(QColor("#9a9a9a"))
            text = str(values[k]) if values else ""
            painter.drawText(rect, int(Qt.AlignmentFlag.AlignCenter), text)
            painter.setFont(small)
            painter.setPen(fg)
            painter.drawText(
                QRectF(x, y + cell - 2, cell, line * 0.9),
                int(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop),
                str(k) + (f" ×{count[k]}" if count.get(k, 0) > 1 else ""),
            )
            painter.setFont(self.font())
            if k == lay.offset:
                tri = QPolygonF(
                    [QPointF(x + cell / 2 - 4, y - 5), QPointF(x + cell / 2 + 4, y - 5),
                     QPointF(x + cell / 2, y)]
                )  # fmt: skip
                painter.setBrush(fg)
                painter.drawPolygon(tri)
            held = (
                translate("StridesPicture", "read by {k} elements").format(k=count[k])
                if used
                else translate("StridesPicture", "not read by this tensor")
            )
            self._cells.append(
                _Cell(
                    rect,
                    translate(
                        "StridesPicture", "storage element {k}: holds {value}; {held}"
                    ).format(k=k, value=text, held=held),
                )
            )
        if addresses:
            order = " ".join(str(a) for a in addresses[:MAX_DRAWN])
            more = "" if len(addresses) <= MAX_DRAWN else " …"
            y = top + strip_rows * (cell + line * 0.9) + line * 0.2
            painter.setPen(fg)
            painter.drawText(
                QRectF(4, y, width, line * 1.2),
                int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop),
                fm.elidedText(
                    translate(
                        "StridesPicture", "x in row-major order reads storage: {order}"
                    ).format(order=order + more),
                    Qt.TextElideMode.ElideRight,
                    width,
                ),
            )
        painter.end()

    def _draw_grid(
        self,
        painter: QPainter,
        lay: Layout,
        addresses: list[int],
        values: list[int],
        area: QRectF,
        dark: bool,
        cell_max: float,
    ) -> None:
        fg = self.palette().color(self.foregroundRole())
        fm = QFontMetricsF(self.font())
        line = fm.height()
        painter.setPen(fg)
        painter.drawText(
            QPointF(area.left(), area.top() + fm.ascent()),
            translate("StridesPicture", "x: shape {shape}, stride {stride}").format(
                shape=format_dims(lay.shape), stride=format_dims(lay.stride)
            ),
        )
        if lay.ndim > 3 or lay.numel > MAX_DRAWN or not addresses:
            if lay.numel > 0:
                painter.drawText(
                    QPointF(area.left(), area.top() + line + fm.ascent()),
                    translate(
                        "StridesPicture",
                        "(the grid is drawn for 0 to 3 dimensions and up to {n} elements)",
                    ).format(n=MAX_DRAWN),
                )
            return
        shape = lay.shape
        blocks = shape[0] if lay.ndim == 3 else 1
        rows = shape[-2] if lay.ndim >= 2 else 1
        cols = shape[-1] if lay.ndim >= 1 else 1
        top = area.top() + line * 1.3
        label_h = line if lay.ndim == 3 else 0.0
        gap = line * 0.8
        avail_w = area.width() - (blocks - 1) * gap
        avail_h = area.height() - (top - area.top()) - label_h
        cell = min(cell_max, avail_w / max(blocks * cols, 1), avail_h / max(rows, 1))
        cell = max(cell, line * 1.1)
        n = len(addresses)
        for i, index in enumerate(lay.indices()):
            b = index[0] if lay.ndim == 3 else 0
            r = index[-2] if lay.ndim >= 2 else 0
            c = index[-1] if lay.ndim >= 1 else 0
            x = area.left() + b * (cols * cell + gap) + c * cell
            y = top + label_h + r * cell
            rect = QRectF(x + 1, y + 1, cell - 2, cell - 2)
            painter.setPen(QPen(QColor("#888888"), 1))
            painter.setBrush(element_color(i, n, dark))
            painter.drawRect(rect)
            painter.setPen(QColor("#ffffff") if dark else QColor("#000000"))
            value = values[addresses[i]] if values else ""
            painter.drawText(rect, int(Qt.AlignmentFlag.AlignCenter), str(value))
            terms = " + ".join(f"{j}·{s}" for j, s in zip(index, lay.stride, strict=True))
            where = f"x[{', '.join(str(j) for j in index)}]"
            self._cells.append(
                _Cell(
                    rect,
                    translate(
                        "StridesPicture", "{where} → storage element {address} = {offset} + {terms}"
                    ).format(
                        where=where, address=addresses[i], offset=lay.offset, terms=terms or "0"
                    ),
                )
            )
        if lay.ndim == 3:
            painter.setPen(fg)
            for b in range(blocks):
                painter.drawText(
                    QPointF(area.left() + b * (cols * cell + gap), top + fm.ascent()), f"x[{b}]"
                )

    @staticmethod
    def _grid_height(lay: Layout, cell: float, width: float, line: float) -> float:
        """Height the grid takes: its title, then its rows (each at most ``cell`` high)."""
        if lay.ndim > 3 or lay.numel > MAX_DRAWN or lay.numel == 0:
            return line * 2.3
        blocks = lay.shape[0] if lay.ndim == 3 else 1
        rows = lay.shape[-2] if lay.ndim >= 2 else 1
        cols = lay.shape[-1] if lay.ndim >= 1 else 1
        gap = line * 0.8
        fit = min(cell, (width - (blocks - 1) * gap) / max(blocks * cols, 1))
        fit = max(fit, line * 1.1)
        return line * 1.3 + (line if lay.ndim == 3 else 0.0) + rows * fit

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip:
            pos = QPointF(event.pos())  # type: ignore[attr-defined]
            for cell in self._cells:
                if cell.rect.contains(pos):
                    QToolTip.showText(event.globalPos(), cell.tip, self)  # type: ignore[attr-defined]
                    return True
            QToolTip.hideText()
            event.ignore()
            return True
        return super().event(event)
