"""Every code of a small format and its value: a 16-column grid (≤ 8 bits) or a lazy list (16 bits).

The model is given decoded values and class names (from :mod:`core.numbers.formats`) and only formats them;
rows are produced on demand, so 65,536 values show instantly. Special values are highlighted and
hovering a cell shows its bits.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QWidget

from widgets.i18n import translate

if TYPE_CHECKING:
    import numpy as np

__all__ = ["ValuesModel", "ValuesTable", "class_name"]

Index = QModelIndex | QPersistentModelIndex

_LIST_COLUMNS = ("code", "bits", "value", "class")


def class_name(cls: str) -> str:
    """A value class (``zero``, ``subnormal``, ``normal``, ``inf``, ``nan``) as people read it."""
    names = {
        "zero": translate("ValuesTable", "zero"),
        "subnormal": translate("ValuesTable", "subnormal"),
        "normal": translate("ValuesTable", "normal"),
        "inf": translate("ValuesTable", "inf"),
        "nan": translate("ValuesTable", "nan"),
        "unrepresentable": translate("ValuesTable", "unrepresentable"),
    }
    return names.get(cls, cls)


def _list_header(column: str) -> str:
    return {
        "code": translate("ValuesTable", "code"),
        "bits": translate("ValuesTable", "bits"),
        "value": translate("ValuesTable", "value"),
        "class": translate("ValuesTable", "class"),
    }[column]


def _value_text(v: float, short: bool) -> str:
    if math.isnan(v):
        return "NaN"
    if math.isinf(v):
        return "+inf" if v > 0 else "-inf"
    if v == 0:
        return "-0" if math.copysign(1, v) < 0 else "0"
    return f"{v:.4g}" if short else repr(v)


class ValuesModel(QAbstractTableModel):
    """Codes, values and classes of one format laid out as a grid or a list."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # Empty until a format is listed (numpy is imported only then, not at start-up).
        self._values: np.ndarray | tuple[()] = ()
        self._classes: list[str] = []
        self._class_ids: np.ndarray | tuple[()] = ()
        self._fields: list[int] = [1]
        self._bits = 1
        self._grid = True
        self._colours: dict[str, QColor] = {}

    def setTable(
        self,
        values: np.ndarray,
        class_ids: np.ndarray,
        class_names: tuple[str, ...],
        fields: list[int],
    ) -> None:
        """Show ``values[code]`` with ``class_names[class_ids[code]]``; ``fields`` = bit widths."""
        self.beginResetModel()
        self._values = values
        self._class_ids = class_ids
        self._classes = list(class_names)
        self._fields = [w for w in fields if w > 0]
        self._bits = sum(self._fields)
        self._grid = self._bits <= 8
        self.endResetModel()

    def setColours(self, colours: dict[str, str]) -> None:
        """Background colours per class name (classes without one are not highlighted)."""
        self._colours = {k: QColor(v) for k, v in colours.items()}
        if len(self._values):
            self.dataChanged.emit(
                self.index(0, 0), self.index(self.rowCount() - 1, self.columnCount() - 1)
            )

    def isGrid(self) -> bool:
        """Whether the model is a 16-column grid (formats of 8 bits or fewer)."""
        return self._grid

    def codeAt(self, index: Index) -> int | None:
        """The code shown at ``index``."""
        if not index.isValid():
            return None
        code = index.row() * 16 + index.column() if self._grid else index.row()
        return code if code < len(self._values) else None

    def bitsText(self, code: int) -> str:
        """``code`` in binary with a space between fields."""
        raw = format(code, f"0{self._bits}b")
        out, pos = [], 0
        for width in self._fields:
            out.append(raw[pos : pos + width])
            pos += width
        return " ".join(out)

    # model API --------------------------------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        if parent.isValid():
            return 0
        return (len(self._values) + 15) // 16 if self._grid else len(self._values)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        if parent.isValid():
            return 0
        return min(16, len(self._values)) if self._grid else len(_LIST_COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if self._grid:
            if orientation == Qt.Orientation.Horizontal:
                return f"x{section:X}"
            return f"{section:X}x" if self._bits > 4 else ""
        if orientation == Qt.Orientation.Horizontal:
            return _list_header(_LIST_COLUMNS[section])
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        code = self.codeAt(index)
        if code is None:
            return None
        value = float(self._values[code])
        cls = self._classes[int(self._class_ids[code])]
        if role == Qt.ItemDataRole.DisplayRole:
            if self._grid:
                return _value_text(value, True)
            column = _LIST_COLUMNS[index.column()]
            if column == "code":
                return f"{code:#06x}"
            if column == "bits":
                return self.bitsText(code)
            return _value_text(value, False) if column == "value" else class_name(cls)
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{code:#04x} = {self.bitsText(code)}\n{_value_text(value, False)} ({class_name(cls)})"
        if role == Qt.ItemDataRole.BackgroundRole:
            return self._colours.get(cls)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            left = not self._grid and _LIST_COLUMNS[index.column()] == "class"
            side = Qt.AlignmentFlag.AlignLeft if left else Qt.AlignmentFlag.AlignRight
            return int(side | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.UserRole:
            return code
        return None


class ValuesTable(QTableView):
    """A read-only view of a :class:`ValuesModel` sized for its layout."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.values_model = ValuesModel(self)
        self.setModel(self.values_model)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setMouseTracking(True)
        self.verticalHeader().setDefaultSectionSize(24)
        self.values_model.modelReset.connect(self._relayout)

    def _relayout(self) -> None:
        header = self.horizontalHeader()
        if self.values_model.isGrid():
            header.setStretchLastSection(False)
            # wide enough for "-0.001953" at any font size; scroll rather than elide
            header.setMinimumSectionSize(self.fontMetrics().horizontalAdvance("-0.001953") + 8)
            header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
            self.verticalHeader().setVisible(True)
        else:
            header.setMinimumSectionSize(-1)
            header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
            for column, width in enumerate((90, 200, 220, 90)):
                self.setColumnWidth(column, width)
            header.setStretchLastSection(True)
            self.verticalHeader().setVisible(False)
