"""The roofline's points table: one row per point, cells given as text by the caller.

Rows are keyed; when the keys stay the same only changed cells are rewritten, so moving a slider
repaints one row instead of rebuilding the table.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from widgets.i18n import translate
from widgets.rich_text import plain_tip
from widgets.table_fit import ColumnFitter

__all__ = ["COLUMNS", "MIN_ROWS", "RooflineTable", "column_titles", "header_tips"]

#: Column titles, in order (English; :func:`column_titles` gives them in the window's language).
COLUMNS: tuple[str, ...] = (
    "Point",
    "dtype",
    "FLOPs",
    "Bytes",
    "FLOP/byte",
    "FLOP/s",
    "Bound",
    "Time",
)


def column_titles() -> list[str]:
    """The column titles in the window's language (units and dtype names stay as they are)."""
    return [
        translate("RooflineTable", "Point"),
        "dtype",  # as in every tab's tables (a catalog entry would flag theirs as English)
        "FLOPs",
        translate("RooflineTable", "Bytes"),
        "FLOP/byte",
        "FLOP/s",
        translate("RooflineTable", "Bound"),
        translate("RooflineTable", "Time"),
    ]


def header_tips() -> dict[int, str]:
    """Header tooltips by column, in the window's language."""
    return {
        4: translate(
            "RooflineTable", "Arithmetic intensity: FLOPs per byte moved to and from memory"
        ),
        5: translate(
            "RooflineTable",
            "Attainable FLOP/s on the selected device (roofline); achieved FLOP/s for measured "
            "points",
        ),
        6: translate(
            "RooflineTable",
            "Memory- or compute-bound, with the best MFU the roofline allows: "
            "min(1, intensity / ridge)",
        ),
        7: translate(
            "RooflineTable",
            "Predicted time max(FLOPs / peak, bytes / bandwidth); median time for measured points",
        ),
    }


#: The rows the table shows at least; the chart above it has the rest of its share.
MIN_ROWS = 3
#: A table of at most this many rows is shown whole.
WHOLE_UP_TO = 6
#: Columns from most to least telling: a narrow table hides the last ones first.
PRIORITY = (0, 4, 5, 6, 7, 2, 3, 1)
_NUMBER_ALIGN = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


class RooflineTable(QTableWidget):
    """A read-only table of roofline points.

    Signals
    -------
    pointSelected(str)
        The key of the row the user selected.
    """

    pointSelected = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, len(COLUMNS), parent)
        self.setHorizontalHeaderLabels(column_titles())
        for col, tip in header_tips().items():
            header_item = self.horizontalHeaderItem(col)
            if header_item is not None:
                header_item.setToolTip(plain_tip(tip))
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.verticalHeader().setVisible(False)
        self.setAlternatingRowColors(True)
        # Three rows at least, then it scrolls: past that the chart keeps its share of the page
        # (six rows had squeezed a slide's axes to 180 px after a quick benchmark's 24 points).
        # A short table (the lecture set's 5 rows) is shown whole, never scrolled by 2 px.
        self.fitter = ColumnFitter(
            self, PRIORITY, min_rows=MIN_ROWS, elide=0, whole_up_to=WHOLE_UP_TO
        )  # titles elide; fmt: skip
        self._widths_for: tuple[str, ...] = ()
        self._keys: list[str] = []
        self._shown: dict[int, tuple[str, tuple[str, ...], str]] = {}
        self.itemSelectionChanged.connect(self._on_selection)

    def row_keys(self) -> list[str]:
        """Row keys, top to bottom."""
        return list(self._keys)

    def set_rows(self, rows: Sequence[tuple[str, Sequence[str], str]]) -> None:
        """Show ``(key, cells, tooltip)`` rows; cells must match :data:`COLUMNS`."""
        keys = [key for key, _, _ in rows]
        self.blockSignals(True)
        try:
            if keys != self._keys:
                selected = self.selected_key()
                self.setRowCount(len(rows))
                self._keys = keys
                self._shown = {r: v for r, v in self._shown.items() if r < len(rows)}
                if selected in keys:
                    self.selectRow(keys.index(selected))
            for row, (key, cells, tip) in enumerate(rows):
                tip = plain_tip(tip)  # point labels come from other tabs and files
                shown = (key, tuple(cells), tip)
                if self._shown.get(row) == shown:
                    continue  # unchanged in this row since the last call: no Qt calls at all
                self._shown[row] = shown
                for col, text in enumerate(cells):
                    item = self.item(row, col)
                    if item is None:
                        item = QTableWidgetItem(text)
                        if col >= 2:
                            item.setTextAlignment(_NUMBER_ALIGN)
                        item.setToolTip(plain_tip(tip))
                        self.setItem(row, col, item)
                        continue
                    if item.text() != text:
                        item.setText(text)
                    if item.toolTip() != tip:
                        item.setToolTip(plain_tip(tip))
            # Fit columns when rows come or go, not on every slider step (that costs a layout).
            if tuple(keys) != self._widths_for:
                self._widths_for = tuple(keys)
                self.fitter.fit()
        finally:
            self.blockSignals(False)

    def selected_key(self) -> str:
        """The selected row's key, or ``""``."""
        rows = {index.row() for index in self.selectedIndexes()}
        return self._keys[min(rows)] if rows and min(rows) < len(self._keys) else ""

    def select_key(self, key: str) -> None:
        """Select the row with ``key`` without emitting :attr:`pointSelected`."""
        self.blockSignals(True)
        try:
            if key in self._keys:
                row = self._keys.index(key)
                self.selectRow(row)
                self.scrollToItem(self.item(row, 0))
            else:
                self.clearSelection()
        finally:
            self.blockSignals(False)

    def _on_selection(self) -> None:
        key = self.selected_key()
        if key:
            self.pointSelected.emit(key)
