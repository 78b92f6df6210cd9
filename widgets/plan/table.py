"""The ranked layouts: a sortable table of planned candidates, the ones that do not fit greyed.

:class:`CandidateModel` shows :class:`core.plan.PlanResult` objects in the order given (the rank):
the layout, step time, tokens/s, MFU, HFU, memory per GPU against the capacity, and what limits
it (or, for a layout that does not fit, why). Display uses formatted text; sorting uses the raw
numbers (``Qt.UserRole``). :class:`CandidateFilter` hides the layouts that do not fit unless asked
to show them. The model computes nothing: every figure is an attribute of the result.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QBrush, QColor

from core.units import format_bytes, format_count, format_duration
from widgets.filter_change import filter_change
from widgets.i18n import localized, translate
from widgets.rich_text import plain_tip

__all__ = ["COLUMNS", "CandidateFilter", "CandidateModel", "RowsModel", "column_title"]

#: Column keys, in order.
COLUMNS: tuple[str, ...] = (
    "rank", "layout", "step", "tokens", "mfu", "hfu", "memory", "limits",
)  # fmt: skip
_Index = QModelIndex | QPersistentModelIndex


def column_title(key: str) -> str:
    """The header of column ``key`` in the person's language."""
    titles = {
        "rank": "#",
        "layout": translate("PlanTable", "Layout"),
        "step": translate("PlanTable", "Step"),
        "tokens": translate("PlanTable", "Tokens/s"),
        "mfu": "MFU",
        "hfu": "HFU",
        "memory": translate("PlanTable", "Memory / GPU"),
        "limits": translate("PlanTable", "Limited by"),
    }
    return titles[key]


class RowsModel(QAbstractTableModel):
    """A table of rows, one object each, under keyed columns titled in the person's language.

    Subclasses set :attr:`columns` and :meth:`title` and implement ``data``; :meth:`set_rows`
    shows new rows (and re-reads the titles: a language switch), :meth:`recolour` repaints every
    cell after a colour change.
    """

    columns: tuple[str, ...] = ()

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._rows: list[Any] = []
        self._titles = [self.title(k) for k in self.columns]

    @staticmethod
    def title(key: str) -> str:
        """The header of column ``key``."""
        raise NotImplementedError

    def set_rows(self, rows: Sequence[Any]) -> None:
        """Show ``rows``, in the order given."""
        self.beginResetModel()
        self._rows = list(rows)
        self._titles = [self.title(k) for k in self.columns]
        self.endResetModel()

    def recolour(self) -> None:
        """Repaint every cell (a colour the model draws with changed)."""
        if self._rows:
            last = self.index(len(self._rows) - 1, len(self.columns) - 1)
            self.dataChanged.emit(self.index(0, 0), last)

    # Qt model API ---------------------------------------------------------------------------
    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        """Rows shown."""
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        """Columns."""
        return 0 if parent.isValid() else len(self.columns)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        """Column titles."""
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self._titles[section]
        return None


class CandidateModel(RowsModel):
    """Rows: planned layouts, in rank order (see the module docstring)."""

    columns = COLUMNS
    title = staticmethod(column_title)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._grey: QColor | None = None

    def set_results(self, results: Sequence[Any]) -> None:
        """Show ``results`` (:class:`core.plan.PlanResult`), rank = position."""
        self.set_rows(results)

    def set_grey(self, colour: str) -> None:
        """The text colour of layouts that do not fit."""
        self._grey = QColor(colour)
        self.recolour()

    def result(self, row: int) -> Any:
        """The result shown in source row ``row``."""
        return self._rows[row]

    def results(self) -> list[Any]:
        """Every result, in rank order."""
        return list(self._rows)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Display text, raw sort value (``UserRole``), grey for layouts that do not fit."""
        if not index.isValid():
            return None
        res = self._rows[index.row()]
        key = COLUMNS[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return _text(key, res, index.row())
        if role == Qt.ItemDataRole.UserRole:
            return _value(key, res, index.row())
        if role == Qt.ItemDataRole.ForegroundRole and not res.fits and self._grey is not None:
            return QBrush(self._grey)
        if role == Qt.ItemDataRole.ToolTipRole:
            if not res.fits and res.reason is not None:
                return plain_tip(localized(res.reason))
            if (
                key == "layout"
            ):  # with what limits it: that column is the first a narrow table hides
                return plain_tip(
                    translate("PlanTable", "{summary}\nLimited by {limits}").format(
                        summary=localized(res.summary()), limits=localized(res.limits)
                    )
                )  # a model's name (from its config) is in the summary
        if role == Qt.ItemDataRole.TextAlignmentRole and key not in ("layout", "limits"):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


def _text(key: str, res: Any, row: int) -> str:
    if key == "rank":
        return str(row + 1)
    if key == "layout":
        return localized(res.layout.label())
    if key == "step":
        return localized(format_duration(res.step_time_s))
    if key == "tokens":
        return format_count(res.tokens_per_s)
    if key == "mfu":
        return f"{res.mfu:.1%}"
    if key == "hfu":
        return f"{res.hfu:.1%}"
    if key == "memory":
        return _memory_text(res.memory.peak, res.capacity)
    return localized(res.limits)  # for a layout that does not fit: "out of memory: … of …"


def _memory_text(peak: float, capacity: float) -> str:
    """``74.5 / 80 GB``: the unit once when both share it (the column must leave room for
    "Limited by" at 1280 px); ``512 MB / 80 GB`` when they do not."""
    used, whole = format_bytes(peak, 3), format_bytes(capacity, 3)
    number, _, unit = used.rpartition(" ")
    if number and unit == whole.rpartition(" ")[2]:
        used = number
    return translate("PlanTable", "{used} / {capacity}").format(used=used, capacity=whole)


def _value(key: str, res: Any, row: int) -> Any:
    """The raw value a sort compares: only the column's own (a sort asks for it twice per
    comparison, thousands of times; building every column's, the layout label and the
    translated limits included, took most of a sort's time)."""
    if key == "rank":
        return row
    if key == "layout":
        return res.layout.label()
    if key == "limits":
        return localized(res.limits)
    if key == "memory":
        return res.memory.peak
    return getattr(res, _NUMBERS[key])


#: Sort values read straight from a result's attribute.
_NUMBERS = {"step": "step_time_s", "tokens": "tokens_per_s", "mfu": "mfu", "hfu": "hfu"}


class CandidateFilter(QSortFilterProxyModel):
    """Sorts on the raw values; hides the layouts that do not fit unless :meth:`set_show_unfit`."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.setSortRole(Qt.ItemDataRole.UserRole)
        self._show_unfit = False

    def set_show_unfit(self, show: bool) -> None:
        """Show (True) or hide the layouts that do not fit."""
        if show != self._show_unfit:
            with filter_change(self):
                self._show_unfit = show

    def show_unfit(self) -> bool:
        """Whether layouts that do not fit are shown."""
        return self._show_unfit

    def filterAcceptsRow(self, source_row: int, source_parent: _Index) -> bool:
        """Fitting layouts always; the others only when shown."""
        model = self.sourceModel()
        if self._show_unfit or not isinstance(model, CandidateModel):
            return True
        return bool(model.result(source_row).fits)
