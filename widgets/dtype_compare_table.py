"""The same input stored in every format, one row each, overflow and underflow marked.

Rows are :class:`core.format_analysis.Analysis` objects; the table only formats them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from core.format_analysis import Analysis

__all__ = ["CompareTable", "number_text"]

COLUMNS = ("format", "code", "stored value", "abs error", "rel error", "ulp here", "note")


def number_text(x: float | None, digits: int = 17) -> str:
    """A float for people: shortest exact repr (or ``digits`` significant digits), NaN, ±inf."""
    if x is None:
        return "–"
    if math.isnan(x):
        return "NaN"
    if math.isinf(x):
        return "+inf" if x > 0 else "−inf"
    if x == 0:
        return "−0" if math.copysign(1.0, x) < 0 else "0"
    return repr(x) if digits >= 17 else f"{x:.{digits}g}"


class CompareTable(QTableWidget):
    """One row per format; the current format's row is bold."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, len(COLUMNS), parent)
        self.setHorizontalHeaderLabels(list(COLUMNS))
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.verticalHeader().setVisible(False)
        self.verticalHeader().setDefaultSectionSize(22)
        header = self.horizontalHeader()
        for col, width in enumerate((130, 175, 215, 95, 85, 95)):
            self.setColumnWidth(col, width)
        header.setStretchLastSection(True)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self._warn = QColor("#b35c00")
        self._current = ""

    def setWarningColour(self, colour: str) -> None:
        """Text colour of overflow / underflow marks (theme)."""
        self._warn = QColor(colour)

    def setRows(self, rows: Sequence[Analysis], current: str) -> None:
        """Show ``rows``; ``current`` (a format id) is drawn bold."""
        self._current = current
        if self.rowCount() != len(rows):
            self.setRowCount(len(rows))
        bold = QFont(self.font())
        bold.setBold(True)
        for r, row in enumerate(rows):
            marks = []
            if row.overflow:
                marks.append("OVERFLOW:")
            if row.underflow:
                marks.append("UNDERFLOW: stored as 0" if row.value == 0 else "UNDERFLOW:")
            note = " ".join(marks + ([row.note] if row.note else []))
            texts = (
                row.format_id,
                "–" if row.code is None else f"{row.code:#x}",
                number_text(row.value),
                number_text(row.abs_error, 4),
                number_text(row.rel_error, 3),
                number_text(row.ulp, 4),
                note,
            )
            for c, text in enumerate(texts):
                item = self.item(r, c)
                if item is None:
                    item = QTableWidgetItem()
                    self.setItem(r, c, item)
                item.setText(text)
                if c in (1, 2, 3, 4, 5):
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                item.setFont(bold if row.format_id == current else self.font())
                flagged = row.overflow or row.underflow or row.code is None
                item.setForeground(QBrush(self._warn) if flagged and c in (2, 6) else QBrush())
                item.setToolTip(row.note or "")
