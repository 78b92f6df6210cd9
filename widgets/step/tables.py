"""Tables of the Step tab: the sortable, filterable op table and small read-only row tables.

:class:`OpTableModel` shows rows given as dicts (``core.step.report.op_rows``); sorting uses the
raw numbers (``Qt.UserRole``), display uses the formatted text. :class:`OpFilter` keeps the rows
whose phase, kind, module or name contain the filter text (case-insensitive), in English or as
shown; a click on a header sorts the model itself, in one Python sort. :class:`RowsTable` can fit its height and width instead of scrolling: it then shows the rows
that fit whole and hides the columns it was told are optional, last first (slides at 1280×720).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QEvent,
    QModelIndex,
    QSortFilterProxyModel,
    Qt,
    QTimer,
)
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
)

from core.units import format_bytes, format_duration, format_flops
from widgets.filter_change import filter_change
from widgets.i18n import translate
from widgets.rich_text import plain_tip
from widgets.step.names import (
    kind_name,
    kind_names,
    module_name,
    module_names,
    phase_name,
    phase_names,
)

__all__ = ["COLUMNS", "OpFilter", "OpTableModel", "RowsTable", "column_title", "fit_op_columns"]

#: Row keys of the op table, in column order.
COLUMNS: tuple[str, ...] = (
    "index", "phase", "module", "kind", "name", "dtype", "flops", "bytes_read", "bytes_written",
    "intensity", "predicted_s", "measured_s",
)  # fmt: skip
_TEXT = {"phase", "module", "kind", "name", "dtype"}


def column_title(key: str) -> str:
    """The op table's header of column ``key`` in the person's language."""
    titles = {
        "index": "#",
        "phase": translate("StepTables", "Phase"),
        "module": translate("StepTables", "Module"),
        "kind": translate("StepTables", "Kind"),
        "name": translate("StepTables", "Op"),
        "dtype": translate("StepTables", "Dtype"),
        "flops": "FLOPs",
        "bytes_read": translate("StepTables", "Read"),
        "bytes_written": translate("StepTables", "Written"),
        "intensity": "FLOP/B",
        "predicted_s": translate("StepTables", "Predicted"),
        "measured_s": translate("StepTables", "Measured"),
    }
    return titles[key]


def _cell(row: dict[str, Any], key: str) -> Any:
    """Row ``row``'s value in column ``key``: the Op column shows the op that runs on the
    predicted device (``device_op``), the traced one where the row has no other."""
    if key == "name":
        return row.get("device_op") or row.get("name")
    return row.get(key)


def _format(key: str, value: Any) -> str:
    if value is None or (isinstance(value, float) and value != value):
        return "–"
    if key == "kind":
        return kind_name(str(value))
    if key == "phase":
        return phase_name(str(value))
    if key == "module":
        return module_name(str(value))
    if key == "flops":
        return format_flops(value) if value else "0"
    if key in ("bytes_read", "bytes_written"):
        return format_bytes(value) if value else "0"
    if key in ("predicted_s", "measured_s"):
        return format_duration(value)
    if key == "intensity":
        return f"{value:.3g}"
    return str(value)


class OpTableModel(QAbstractTableModel):
    """One row per traced op (dicts with the ``COLUMNS`` keys).

    A step has thousands of ops and Qt asks for several roles of every cell it lays out or sizes,
    so the displayed texts are made once per cell, when first asked for, and roles the table does
    not use are answered before anything else is looked up.
    """

    def __init__(self) -> None:
        super().__init__()
        self._given: list[dict[str, Any]] = []  # as set_rows received them
        self._order: list[int] = []  # the given row shown at each position
        self._rows: list[dict[str, Any]] = []  # in the order shown
        self._columns = [c for c in COLUMNS if c != "measured_s"]
        self._texts: list[list[str | None]] = []
        self._sort_key: str | None = None
        self._descending = False

    def set_rows(self, rows: Sequence[dict[str, Any]], measured: bool = False) -> None:
        """Replace every row, kept in the current sort order; ``measured`` adds the measured
        column."""
        self.beginResetModel()
        self._given = list(rows)
        self._order = self._sorted_order()
        self._rows = [self._given[i] for i in self._order]
        self._columns = [c for c in COLUMNS if measured or c != "measured_s"]
        self._texts = [[None] * len(self._columns) for _ in self._rows]
        self.endResetModel()

    def rows(self) -> list[dict[str, Any]]:
        """The rows as given (unsorted, unfiltered)."""
        return list(self._given)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Order the rows by the raw values of ``column`` (numbers as numbers, a missing value
        first), stably from the order given: one Python sort, where a sorting proxy would call
        back into Python for each of a step's tens of thousands of comparisons. Selections
        follow their rows."""
        if not 0 <= column < len(self._columns):
            return
        self._sort_key = self._columns[column]
        self._descending = order == Qt.SortOrder.DescendingOrder
        self.layoutAboutToBeChanged.emit()
        before, old_texts = self._order, self._texts
        was_at = {given: shown for shown, given in enumerate(before)}
        self._order = self._sorted_order()
        self._rows = [self._given[i] for i in self._order]
        self._texts = [old_texts[was_at[given]] for given in self._order]
        now_at = {given: shown for shown, given in enumerate(self._order)}
        old_indexes = self.persistentIndexList()
        new_indexes = [
            self.index(now_at[before[i.row()]], i.column()) if i.isValid() else i
            for i in old_indexes
        ]
        self.changePersistentIndexList(old_indexes, new_indexes)
        self.layoutChanged.emit()

    def _sorted_order(self) -> list[int]:
        rows, key = self._given, self._sort_key
        if key is None:
            return list(range(len(rows)))

        def raw(i: int) -> Any:
            value = _cell(rows[i], key)
            return -1.0 if value is None else value

        try:
            return sorted(range(len(rows)), key=raw, reverse=self._descending)
        except TypeError:  # texts beside numbers: compare what is shown
            return sorted(range(len(rows)), key=lambda i: str(raw(i)), reverse=self._descending)

    def key(self, column: int) -> str:
        """The row key shown in ``column``."""
        return self._columns[column]

    def column_texts(self, column: int) -> set[str]:
        """Every distinct text of ``column``, over all rows (for sizing the column)."""
        key = self._columns[column]
        return {_format(key, value) for value in {_cell(row, key) for row in self._rows}}

    def rowCount(self, parent: QModelIndex | None = None) -> int:
        """Number of ops."""
        return 0 if parent is not None and parent.isValid() else len(self._rows)

    def columnCount(self, parent: QModelIndex | None = None) -> int:
        """Number of columns."""
        return 0 if parent is not None and parent.isValid() else len(self._columns)

    def data(self, index: QModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Formatted text, raw value for sorting (``UserRole``), alignment."""
        if role not in _ROLES or not index.isValid():
            return None
        row, column = index.row(), index.column()
        if role == _DISPLAY:
            texts = self._texts[row]
            text = texts[column]
            if text is None:
                key = self._columns[column]
                text = texts[column] = _format(key, _cell(self._rows[row], key))
            return text
        key = self._columns[column]
        if role == _ALIGN:
            return None if key in _TEXT else _RIGHT
        if role == _RAW:
            value = _cell(self._rows[row], key)
            return value if value is not None else -1.0
        data = self._rows[row]  # the tooltip
        tip = f"{data.get('name')} {data.get('shapes', '')}"
        if data.get("device_op") and data["device_op"] != data.get("name"):
            tip = translate(
                "StepTables", "{device} on the device; traced on CPU as {traced}"
            ).format(device=data["device_op"], traced=tip)
        return plain_tip(tip + (f"\n{data['problem']}" if data.get("problem") else ""))

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        """Column titles."""
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return column_title(self._columns[section])
        return None


_DISPLAY, _RAW = Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.UserRole
_ALIGN, _TIP = Qt.ItemDataRole.TextAlignmentRole, Qt.ItemDataRole.ToolTipRole
_ROLES = {_DISPLAY, _RAW, _ALIGN, _TIP}
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)


def fit_op_columns(view: QTableView, model: OpTableModel) -> None:
    """Size each column of ``view`` (showing ``model``, through a proxy or not) to its widest
    text over every op, or to its header: what ``resizeColumnsToContents`` gives when it looks at
    every row, without asking Qt to lay out each cell (it samples 1,000 rows for that reason)."""
    header = view.horizontalHeader()
    metrics = QFontMetricsF(view.font())
    shown = view.model()
    grid = 1 if view.showGrid() else 0
    for column in range(model.columnCount()):
        texts = model.column_texts(column)
        widest = max((metrics.horizontalAdvance(t) for t in texts), default=0.0)
        width = header.sectionSizeHint(column)
        if shown is not None and shown.rowCount():
            first = shown.index(0, column)
            # the delegate's margins around a text, measured on the first cell
            pad = view.sizeHintForIndex(first).width() - math.ceil(
                metrics.horizontalAdvance(str(first.data() or ""))
            )
            width = max(width, math.ceil(widest) + pad + grid)
        header.resizeSection(column, width)


class OpFilter(QSortFilterProxyModel):
    """Sorts by raw values; keeps rows whose phase, module, kind or op name contain the text."""

    def __init__(self) -> None:
        super().__init__()
        self.setSortRole(Qt.ItemDataRole.UserRole)
        self._text = ""
        self._phases: dict[str, str] = {}
        self._kinds: dict[str, str] = {}
        self._modules: dict[str, str] = {}

    def set_text(self, text: str) -> None:
        """Filter on ``text`` (case-insensitive; empty shows every op)."""
        with filter_change(self):
            self._text = text.strip().lower()
            # The translated names, looked up once per filter rather than once per row.
            self._phases, self._kinds = phase_names(), kind_names()
            self._modules = module_names()

    def filterAcceptsRow(self, row: int, parent: QModelIndex) -> bool:
        """Whether op ``row`` matches the filter text."""
        if not self._text:
            return True
        model = self.sourceModel()
        if not isinstance(model, OpTableModel):
            return True
        data = model._rows[row]
        words = [str(data.get(k, "")) for k in ("phase", "module", "kind", "name", "device_op")]
        words += [self._phases.get(words[0], words[0]), self._kinds.get(words[2], words[2]),
                  self._modules.get(words[1], "")]  # fmt: skip
        hay = " ".join(words).lower()
        return all(part in hay for part in self._text.split())

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sort an :class:`OpTableModel` in the model itself (:meth:`OpTableModel.sort`); this
        proxy then only filters, in the model's order."""
        model = self.sourceModel()
        if isinstance(model, OpTableModel):
            model.sort(column, order)
        else:
            super().sort(column, order)

    def lessThan(self, left: QModelIndex, right: QModelIndex) -> bool:
        """Compare raw values (numbers as numbers), for a source that does not sort itself."""
        a, b = left.data(Qt.ItemDataRole.UserRole), right.data(Qt.ItemDataRole.UserRole)
        try:
            return bool(a < b)
        except TypeError:
            return str(a) < str(b)


class RowsTable(QTableWidget):
    """A small read-only table: ``set_rows(headers, rows)`` with rows of already formatted text.

    With ``fit=True`` it never scrolls: it shows the leading rows that fit its height whole (rows
    come largest first) and hides the ``optional`` columns, last first, until the rest fit its
    width; :meth:`shown_rows` says how many rows are shown.
    """

    def __init__(self, stretch: bool = False, fit: bool = False) -> None:
        super().__init__()
        self._stretch = stretch
        self._fit_on = fit
        self._optional: tuple[int, ...] = ()
        self._fit_pending = False
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.verticalHeader().setVisible(False)
        self.setAlternatingRowColors(True)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setWordWrap(False)  # one line per row: rows keep their height at any font
        if fit:
            self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
            self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

    def set_rows(
        self,
        headers: Sequence[str],
        rows: Sequence[Sequence[str]],
        optional: Sequence[int] = (),
        tips: Sequence[str] = (),
    ) -> None:
        """Show ``rows`` under ``headers``; columns after the first align right. ``optional``:
        columns a fitting table may hide; ``tips``: a tooltip per row."""
        self.setSortingEnabled(False)
        self.clear()
        self._optional = tuple(optional)
        self.setColumnCount(len(headers))
        self.setRowCount(len(rows))
        self.setHorizontalHeaderLabels(list(headers))
        for r, row in enumerate(rows):
            for c, text in enumerate(row):
                item = QTableWidgetItem(str(text))
                if c:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                if r < len(tips) and tips[r]:
                    item.setToolTip(plain_tip(tips[r]))
                self.setItem(r, c, item)
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        if self._stretch:
            header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        elif self._fit_on:
            header.setStretchLastSection(True)
        elif headers:
            header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self._fit()

    def resizeEvent(self, event: Any) -> None:
        """Re-fit rows and columns to the new size."""
        super().resizeEvent(event)
        self._fit()

    def changeEvent(self, event: Any) -> None:
        """Fit again when the font or style changes (presentation mode, theme)."""
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._fit()

    def showEvent(self, event: Any) -> None:
        """Fit to the size the table is shown at."""
        super().showEvent(event)
        self._fit()

    def _width_needed(self, column: int) -> int:
        header = self.horizontalHeader()
        return max(self.sizeHintForColumn(column), header.sectionSizeHint(column))

    def _fit(self) -> None:
        if not self._fit_on:
            return
        self._fit_now()
        if not self._fit_pending:  # again once the header has re-measured its sections
            self._fit_pending = True
            QTimer.singleShot(0, self, self._fit_later)  # dropped if the table is deleted

    def _fit_later(self) -> None:
        self._fit_pending = False
        self._fit_now()

    def _fit_now(self) -> None:
        # The frame's inside, not the viewport: the viewport follows a resize only afterwards.
        inside = self.contentsRect()
        # Rows first: a column's width counts only the rows shown (a row shown after the columns
        # were chosen widened them past the right edge).
        height = inside.height() - self.horizontalHeader().height()
        used = 0
        row = self.verticalHeader().defaultSectionSize()  # a hidden row's height reads 0
        rows_changed = False
        for r in range(self.rowCount()):
            used += self.rowHeight(r) or row
            if self.isRowHidden(r) != (used > height):
                self.setRowHidden(r, used > height)
                rows_changed = True
        if rows_changed:
            # The header sizes its ResizeToContents sections again only when told: a long name
            # in a row hidden now (shown at a larger size) kept its column wide, past the edge.
            self.horizontalHeader().doItemsLayout()
        room = inside.width()
        hidden: set[int] = set()
        for column in reversed(self._optional):
            shown = [c for c in range(self.columnCount()) if c not in hidden]
            if sum(self._width_needed(c) for c in shown) <= room:
                break
            hidden.add(column)
        for c in range(self.columnCount()):
            self.setColumnHidden(c, c in hidden)

    def shown_rows(self) -> int:
        """Rows not hidden by fitting."""
        return sum(not self.isRowHidden(r) for r in range(self.rowCount()))
