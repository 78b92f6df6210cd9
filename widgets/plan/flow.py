"""A legend of items that wraps between items, never inside one.

One word-wrapped label breaks Chinese text between any two ideographs ("DP 通" | "信 12 ms"), and
Qt's rich text honours ``white-space: nowrap`` on blocks only. :class:`FlowLegend` lays one
unwrapped label per item left to right and starts a new row when the next item does not fit, so
an item is always whole; its height follows its width (``heightForWidth``), as a wrapped label's.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QLabel, QLayout, QLayoutItem, QSizePolicy, QWidget

__all__ = ["FlowLayout", "FlowLegend", "swatch_text"]


def swatch_text(colour: str, mark: str, text: str) -> str:
    """Rich text of one legend item: a coloured mark, then ``text`` (escaped)."""
    return f"<span style='color:{html.escape(colour)}'>{html.escape(mark)}</span>&nbsp;{html.escape(text)}"


class FlowLayout(QLayout):
    """Items left to right, wrapping to a new row when the width runs out."""

    def __init__(
        self, parent: QWidget | None = None, spacing: int = 10, row_spacing: int = 1
    ) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._spacing, self._row_spacing = spacing, row_spacing
        self.setContentsMargins(0, 0, 0, 0)

    # QLayout API ----------------------------------------------------------------------------
    def addItem(self, item: QLayoutItem) -> None:
        """Qt calls this for :meth:`addWidget`."""
        self._items.append(item)

    def count(self) -> int:
        """Items held."""
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        """Item ``index`` or None."""
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        """Remove and return item ``index``."""
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:
        """Grows in neither direction by itself."""
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        """The rows needed depend on the width."""
        return True

    def heightForWidth(self, width: int) -> int:
        """Height of the rows at ``width``."""
        return self._arrange(QRect(0, 0, width, 0), move=False)

    def setGeometry(self, rect: QRect) -> None:
        """Place the items in ``rect``."""
        super().setGeometry(rect)
        self._arrange(rect, move=True)

    def sizeHint(self) -> QSize:
        """All items on one row."""
        width = sum(i.sizeHint().width() for i in self._visible()) + self._spacing * max(
            0, len(self._visible()) - 1
        )
        return QSize(width, max((i.sizeHint().height() for i in self._visible()), default=0))

    def minimumSize(self) -> QSize:
        """As wide as the widest item, one row high: the height the width needs comes from
        :meth:`heightForWidth` (as for a word-wrapped label), so a narrow minimum width does not
        make the window's minimum height that of one item per row."""
        width = max((i.minimumSize().width() for i in self._visible()), default=0)
        height = max((i.sizeHint().height() for i in self._visible()), default=0)
        margins = self.contentsMargins()
        return QSize(width + margins.left() + margins.right(),
                     height + margins.top() + margins.bottom())  # fmt: skip

    # internals ------------------------------------------------------------------------------
    def _visible(self) -> list[QLayoutItem]:
        return [i for i in self._items if not (i.widget() is not None and i.widget().isHidden())]

    def _arrange(self, rect: QRect, move: bool) -> int:
        margins = self.contentsMargins()
        left, top = rect.x() + margins.left(), rect.y() + margins.top()
        right = rect.right() - margins.right()
        x, y, row_height = left, top, 0
        for item in self._visible():
            hint = item.sizeHint()
            if x > left and x + hint.width() - 1 > right:
                x, y = left, y + row_height + self._row_spacing
                row_height = 0
            if move:
                item.setGeometry(QRect(QPoint(x, y), hint))
            x += hint.width() + self._spacing
            row_height = max(row_height, hint.height())
        return y + row_height - rect.y() + margins.bottom()


class FlowLegend(QWidget):
    """A legend: one unwrapped rich-text label per item (see the module docstring)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._layout = FlowLayout(self)
        self._labels: list[QLabel] = []
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def set_items(self, items: Sequence[str]) -> None:
        """Show ``items`` (rich text each: escape what came from outside, see :func:`swatch_text`)."""
        while len(self._labels) < len(items):
            label = QLabel(self)
            label.setTextFormat(Qt.TextFormat.RichText)
            label.setWordWrap(False)
            self._layout.addWidget(label)
            self._labels.append(label)
        for i, label in enumerate(self._labels):
            if i < len(items):
                label.setText(items[i])
                label.setVisible(True)
            else:
                label.setText("")
                label.setVisible(False)
        self._layout.invalidate()
        self.updateGeometry()

    def labels(self) -> list[QLabel]:
        """The labels shown (one per item)."""
        return [label for label in self._labels if not label.isHidden()]

    def text(self) -> str:
        """Every item's rich text, joined (tests and tooltips)."""
        return "  ".join(label.text() for label in self.labels())

    def hasHeightForWidth(self) -> bool:
        """The rows needed depend on the width."""
        return True

    def heightForWidth(self, width: int) -> int:
        """Height of the rows at ``width``."""
        return self._layout.heightForWidth(width)

    def sizeHint(self) -> QSize:
        """One row's height, the current width (or all items on one row)."""
        width = self.width() if self.width() > 0 else self._layout.sizeHint().width()
        return QSize(self._layout.sizeHint().width(), self._layout.heightForWidth(width))
