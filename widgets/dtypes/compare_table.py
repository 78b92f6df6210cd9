"""The same input stored in every format, one row each, overflow and underflow marked.

Rows are :class:`core.numbers.analysis.Analysis` objects; the model only formats them. A new input
replaces all rows with one ``dataChanged`` (typing stays well under a frame).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QAbstractItemView, QTableView, QWidget

from core.numbers.analysis import Analysis
from widgets.i18n import localized, translate
from widgets.rich_text import plain_tip
from widgets.table_fit import ColumnFitter

__all__ = ["CompareModel", "CompareTable", "number_text"]

COLUMNS = ("format", "code", "stored value", "abs error", "rel error", "ulp here", "note")
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
Index = QModelIndex | QPersistentModelIndex


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


def _header(column: str) -> str:
    return {
        "format": translate("CompareTable", "format"),
        "code": translate("CompareTable", "code"),
        "stored value": translate("CompareTable", "stored value"),
        "abs error": translate("CompareTable", "abs error"),
        "rel error": translate("CompareTable", "rel error"),
        "ulp here": translate("CompareTable", "ulp here"),
        "note": translate("CompareTable", "note"),
    }[column]


def _texts(row: Analysis) -> tuple[str, ...]:
    marks = []
    if row.overflow:
        marks.append(translate("CompareTable", "OVERFLOW:"))
    if row.underflow:
        marks.append(
            translate("CompareTable", "UNDERFLOW: stored as 0")
            if row.value == 0
            else translate("CompareTable", "UNDERFLOW:")
        )
    return (
        row.format_id,
        "–" if row.code is None else f"{row.code:#x}",
        number_text(row.value),
        number_text(row.abs_error, 4),
        number_text(row.rel_error, 3),
        number_text(row.ulp, 4),
        " ".join(marks + ([localized(row.note)] if row.note else [])),
    )


class CompareModel(QAbstractTableModel):
    """Rows of :class:`Analysis`, formatted; the current format is bold, flags in a warning colour."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._rows: list[Analysis] = []
        self._texts: list[tuple[str, ...]] = []
        self._current = ""
        self._bold = QFont()
        self._bold.setBold(True)
        self._warn = QBrush(QColor("#b35c00"))

    def setWarningColour(self, colour: str) -> None:
        """Text colour of overflow / underflow marks (theme)."""
        self._warn = QBrush(QColor(colour))

    def setRows(self, rows: Sequence[Analysis], current: str) -> None:
        """Show ``rows``; ``current`` (a format id) is drawn bold."""
        same_shape = len(rows) == len(self._rows)
        if not same_shape:
            self.beginResetModel()
        self._rows, self._current = list(rows), current
        self._texts = [_texts(r) for r in rows]
        if not same_shape:
            self.endResetModel()
        elif rows:
            self.dataChanged.emit(self.index(0, 0), self.index(len(rows) - 1, len(COLUMNS) - 1))

    def rows(self) -> list[Analysis]:
        """The rows shown."""
        return self._rows

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return _header(COLUMNS[section])
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        r, c = index.row(), index.column()
        row = self._rows[r]
        if role == Qt.ItemDataRole.DisplayRole:
            return self._texts[r][c]
        if role == Qt.ItemDataRole.TextAlignmentRole and 1 <= c <= 5:
            return _RIGHT
        if role == Qt.ItemDataRole.FontRole and row.format_id == self._current:
            return self._bold
        flagged = row.overflow or row.underflow or row.code is None
        if role == Qt.ItemDataRole.ForegroundRole and c in (2, 6) and flagged:
            return self._warn
        if role == Qt.ItemDataRole.ToolTipRole and row.note:
            return plain_tip(self._texts[r][6])
        return None


class CompareTable(QTableView):
    """A read-only view of a :class:`CompareModel`."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.compare_model = CompareModel(self)
        self.setModel(self.compare_model)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.verticalHeader().setVisible(False)
        self.setWordWrap(False)  # one line per cell: cheaper text layout on every keystroke
        # Columns fit their contents; when the table is narrow (presentation mode) the least
        # telling ones go: the code, the ulp, the absolute error.
        self.fitter = ColumnFitter(self, (0, 2, 6, 4, 3, 1, 5))
        self.fitColumns()

    def fitColumns(self) -> None:
        """Row height and columns for the current font (call again after a presentation change)."""
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 3)
        self.fitter.fit()

    def setWarningColour(self, colour: str) -> None:
        """Text colour of overflow / underflow marks (theme)."""
        self.compare_model.setWarningColour(colour)

    def setRows(self, rows: Sequence[Analysis], current: str) -> None:
        """Show ``rows`` with ``current`` in bold."""
        self.compare_model.setRows(rows, current)

    def cellText(self, row: int, column: int) -> str:
        """The text shown in a cell (tests, export)."""
        return str(self.compare_model.data(self.compare_model.index(row, column)))
