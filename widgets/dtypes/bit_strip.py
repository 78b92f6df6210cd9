"""A row of clickable bit cells coloured by field (sign, exponent, mantissa).

The strip is given the field widths and a code; it draws one cell per bit (most significant first)
with the field names above, and flips a bit when it is clicked. It knows nothing about what the
bits mean: the tab decodes the code with :mod:`core.numbers.formats`.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from widgets.i18n import translate

__all__ = ["BitStrip"]

_DEFAULT_COLOURS = {"sign": "#d62728", "exponent": "#1f77b4", "mantissa": "#2ca02c"}


class BitStrip(QWidget):
    """Clickable bits of one code.

    Signals
    -------
    codeChanged(int)
        A bit was flipped by a click; carries the new code.
    """

    codeChanged = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._fields: list[tuple[str, int]] = [("sign", 1), ("exponent", 5), ("mantissa", 10)]
        self._code = 0
        self._colours = {k: QColor(v) for k, v in _DEFAULT_COLOURS.items()}
        self._text = QColor("#1d2330")
        self._on_text = QColor("#ffffff")
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMinimumHeight(76)
        self._labels: dict[str, str] = {}
        self.setToolTip(translate("BitStrip", "Click a bit to flip it"))

    # Qt-style API -------------------------------------------------------------------------------
    def setFields(self, fields: list[tuple[str, int]]) -> None:
        """Field names and widths, most significant first (``[("sign", 1), ("exponent", 8), ...]``)."""
        self._fields = [(name, width) for name, width in fields if width > 0]
        self._code &= (1 << self.bitCount()) - 1
        self.update()

    def setFieldLabels(self, labels: dict[str, str]) -> None:
        """Names drawn above the fields, by field name (default: the field names themselves)."""
        self._labels = dict(labels)
        self.update()

    def setCode(self, code: int) -> None:
        """Show ``code`` (no signal)."""
        self._code = int(code) & ((1 << self.bitCount()) - 1)
        self.update()

    def code(self) -> int:
        """The code shown."""
        return self._code

    def bitCount(self) -> int:
        """Total number of bits."""
        return sum(w for _, w in self._fields)

    def setColours(self, colours: dict[str, str], text: str, on_text: str = "#ffffff") -> None:
        """Field colours (keys ``sign``, ``exponent``, ``mantissa``) and text colours."""
        self._colours.update({k: QColor(v) for k, v in colours.items()})
        self._text, self._on_text = QColor(text), QColor(on_text)
        self.update()

    def flipBit(self, index: int) -> None:
        """Flip bit ``index`` (0 = least significant) and emit :attr:`codeChanged`."""
        self._code ^= 1 << index
        self.update()
        self.codeChanged.emit(self._code)

    def sizeHint(self) -> QSize:
        return QSize(max(400, 26 * self.bitCount()), 76)

    # geometry -----------------------------------------------------------------------------------
    def _cell_width(self) -> float:
        gaps = 6 * (len(self._fields) - 1)
        return max(6.0, min(40.0, (self.width() - 8 - gaps) / max(1, self.bitCount())))

    def _cells(self) -> list[tuple[QRectF, int, str]]:
        """(rectangle, bit index, field) per cell, left to right."""
        w = self._cell_width()
        total = w * self.bitCount() + 6 * (len(self._fields) - 1)
        x = max(4.0, (self.width() - total) / 2)
        top, h = 26.0, min(40.0, self.height() - 30.0)
        out, index = [], self.bitCount() - 1
        for name, width in self._fields:
            for _ in range(width):
                out.append((QRectF(x, top, w - 2, h), index, name))
                x += w
                index -= 1
            x += 6
        return out

    def bitAt(self, x: float, y: float) -> int | None:
        """The bit index under a point, or ``None``."""
        for rect, index, _ in self._cells():
            if rect.adjusted(-1, -1, 1, 1).contains(x, y):
                return index
        return None

    # events ---------------------------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            index = self.bitAt(event.position().x(), event.position().y())
            if index is not None:
                self.flipBit(index)
                return
        super().mousePressEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        cells = self._cells()
        w = self._cell_width()
        font = QFont(self.font())
        label_font = QFont(font)
        label_font.setPointSizeF(max(7.0, font.pointSizeF() * 0.9))
        bit_font = QFont(font)
        bit_font.setPointSizeF(max(6.0, min(font.pointSizeF() * 1.1, w * 0.45)))
        bit_font.setBold(True)
        # field labels above each group
        painter.setFont(label_font)
        start = 0
        for name, width in self._fields:
            group = cells[start : start + width]
            left, right = group[0][0].left(), group[-1][0].right()
            colour = self._colours.get(name, self._text)
            painter.setPen(QPen(colour))
            shown = self._labels.get(name, name)
            label = f"{shown} ({width})" if width > 1 or right - left > 60 else shown[0].upper()
            rect = QRectF(left - 20, 2, right - left + 40, 20)
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, label)
            start += width
        painter.setFont(bit_font)
        for rect, index, name in cells:
            on = bool(self._code >> index & 1)
            colour = QColor(self._colours.get(name, self._text))
            fill = QColor(colour) if on else QColor(colour.red(), colour.green(), colour.blue(), 38)
            painter.setPen(QPen(colour, 1.2))
            painter.setBrush(fill)
            painter.drawRoundedRect(rect, 3, 3)
            painter.setPen(QPen(self._on_text if on else self._text))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, "1" if on else "0")
        painter.end()
