"""The inputs of one einops call: op, reduction, dtype, examples menu, pattern, shapes, axis lengths.

The form only holds text and choices; parsing and analysis happen in ``core`` (the tab wires them).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QToolButton,
    QWidget,
)

from core.echo import brief
from core.einops.examples import Example
from widgets.combo_data import find_data
from widgets.einops.editor import PatternEdit
from widgets.i18n import localized, translate
from widgets.rich_text import plain_tip

__all__ = ["EinopsCallForm"]

_TEXT_KEYS = ("pattern", "shapes", "axes", "packed")


class EinopsCallForm(QWidget):
    """Inputs for an einops call, laid out in three rows.

    Signals
    -------
    changed()
        Any input changed (by the person; not while :meth:`setTexts` or :meth:`loadExample` run).
    """

    changed = Signal()

    def __init__(
        self,
        ops: Sequence[str],
        reductions: Sequence[str],
        dtypes: Mapping[str, float],
        examples: Sequence[Example],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.op = QComboBox(self)
        self.op.addItems(list(ops))
        self.op.setToolTip(translate("EinopsForm", "The einops function to analyse"))
        self.reduction = QComboBox(self)
        self.reduction.addItems(list(reductions))
        self.reduction.setToolTip(translate("EinopsForm", "reduce's operation"))
        self.dtype = QComboBox(self)
        for dtype, size in dtypes.items():
            self.dtype.addItem(f"{dtype} ({size:g} B)", dtype)
        self.dtype.setToolTip(
            translate(
                "EinopsForm", "Element type used for bytes read/written (follows the app's dtype)"
            )
        )
        self.examples = QToolButton(self)
        self.examples.setText(translate("EinopsForm", "Examples ▾"))
        self.examples.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(self.examples)
        menu.addSection(translate("EinopsForm", "From the lecture"))
        for ex in examples:
            if ex.lecture:
                self._add_example(menu, ex)
        menu.addSection(translate("EinopsForm", "More"))
        for ex in examples:
            if not ex.lecture:
                self._add_example(menu, ex)
        self.examples.setMenu(menu)
        self.pattern = PatternEdit(self)
        self.shapes = QLineEdit(self)
        self.shapes.setToolTip(
            translate(
                "EinopsForm",
                "One shape per input, separated by ';' (e.g. 2,3,4; 2,5,4). Empty = 0-d",
            )
        )
        self.axes = QLineEdit(self)
        self.axes.setPlaceholderText("h=2, w=3")
        self.axes.setToolTip(
            translate(
                "EinopsForm",
                "Lengths of named axes einops cannot infer (NAME=LENGTH, comma separated)",
            )
        )
        self.packed = QLineEdit(self)
        self.packed.setPlaceholderText(translate("EinopsForm", "2; 1  (one per output)"))
        self.packed.setToolTip(
            translate(
                "EinopsForm", "unpack: the shape each output's * stands for, separated by ';'"
            )
        )
        self.packed_label = QLabel(translate("EinopsForm", "Packed shapes"), self)
        self.reduction_label = QLabel(translate("EinopsForm", "Reduction"), self)
        self._layout()
        for combo in (self.op, self.reduction, self.dtype):
            combo.currentIndexChanged.connect(self.changed)
        self.op.currentIndexChanged.connect(self._update_visibility)
        self.pattern.patternChanged.connect(self.changed)
        for edit in (self.shapes, self.axes, self.packed):
            edit.textChanged.connect(self.changed)
        self._update_visibility()

    def _layout(self) -> None:
        self._grid = grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(10)
        grid.setVerticalSpacing(6)
        grid.addWidget(QLabel(translate("EinopsForm", "Op"), self), 0, 0)
        grid.addWidget(self.op, 0, 1)
        grid.addWidget(self.reduction_label, 0, 2)
        grid.addWidget(self.reduction, 0, 3)
        grid.addWidget(QLabel(translate("EinopsForm", "Dtype"), self), 0, 4)
        grid.addWidget(self.dtype, 0, 5)
        grid.addWidget(QLabel(translate("EinopsForm", "Pattern"), self), 1, 0)
        self._shapes_label = QLabel(translate("EinopsForm", "Shapes"), self)
        self._row = row = QHBoxLayout()
        row.setSpacing(10)
        row.addWidget(self.shapes, 3)
        row.addWidget(QLabel(translate("EinopsForm", "Axis lengths"), self))
        row.addWidget(self.axes, 2)
        row.addWidget(self.packed_label)
        row.addWidget(self.packed, 2)
        self._compact: bool | None = None
        self.setCompact(False)

    def setCompact(self, compact: bool) -> None:
        """Three rows (op, pattern, shapes), or two when ``compact``: the shapes join the op's row
        (presentation mode, where height is scarce and the larger fonts still leave room)."""
        if compact == self._compact:
            return
        self._compact = compact
        grid = self._grid
        for widget in (self.examples, self.pattern, self._shapes_label):
            grid.removeWidget(widget)
        grid.removeItem(self._row)
        if compact:
            grid.addWidget(self._shapes_label, 0, 6)
            grid.addLayout(self._row, 0, 7)
            grid.addWidget(self.examples, 0, 8)
            grid.addWidget(self.pattern, 1, 1, 1, 8)
        else:
            grid.addWidget(self.examples, 0, 8)
            grid.addWidget(self.pattern, 1, 1, 1, 8)
            grid.addWidget(self._shapes_label, 2, 0)
            grid.addLayout(self._row, 2, 1, 1, 8)
        grid.setColumnStretch(6, 0)
        grid.setColumnStretch(7, 1)
        grid.invalidate()

    def _add_example(self, menu: QMenu, ex: Example) -> None:
        action = menu.addAction(f"{localized(ex.title)}    ({ex.op})")
        action.setToolTip(plain_tip(localized(ex.note) if ex.note else ex.pattern))
        action.triggered.connect(lambda _checked=False, e=ex: self.loadExample(e))

    def _update_visibility(self) -> None:
        op = self.op.currentText()
        for widget in (self.reduction, self.reduction_label):
            widget.setVisible(op == "reduce")
        for widget in (self.packed, self.packed_label):
            widget.setVisible(op == "unpack")
        self.axes.setEnabled(op in ("rearrange", "reduce", "repeat"))

    def _quiet(self, on: bool) -> None:
        for w in (
            self.op,
            self.reduction,
            self.dtype,
            self.pattern,
            self.shapes,
            self.axes,
            self.packed,
        ):
            w.blockSignals(on)

    def texts(self) -> dict[str, Any]:
        """Every input as text (the dtype as its id)."""
        return {
            "op": self.op.currentText(),
            "pattern": self.pattern.text(),
            "shapes": self.shapes.text(),
            "axes": self.axes.text(),
            "reduction": self.reduction.currentText(),
            "packed": self.packed.text(),
            "dtype": self.dtype.currentData(),
        }

    def setTexts(self, data: Mapping[str, Any]) -> list[str]:
        """Apply saved inputs; returns a message per value it could not apply (never raises)."""
        problems: list[str] = []
        self._quiet(True)
        try:
            for key, combo in (("op", self.op), ("reduction", self.reduction)):
                if key in data:
                    allowed = [combo.itemText(i) for i in range(combo.count())]
                    if data[key] in allowed:
                        combo.setCurrentText(data[key])
                    else:
                        problems.append(
                            translate(
                                "EinopsForm", "{key} {value} unknown; allowed: {allowed}"
                            ).format(key=key, value=brief(data[key]), allowed=", ".join(allowed))
                        )
            if "dtype" in data and not self.setDtype(data["dtype"]):
                problems.append(
                    translate("EinopsForm", "dtype {value} unknown; kept the current one").format(
                        value=brief(data["dtype"])
                    )
                )
            widgets = {
                "pattern": self.pattern,
                "shapes": self.shapes,
                "axes": self.axes,
                "packed": self.packed,
            }
            for key in _TEXT_KEYS:
                if key in data:
                    if isinstance(data[key], str) and len(data[key]) <= 1000:
                        widgets[key].setText(data[key])
                    else:
                        problems.append(
                            translate(
                                "EinopsForm", "{key} is not text; kept the current one"
                            ).format(key=key)
                        )
        finally:
            self._quiet(False)
        self._update_visibility()
        self.changed.emit()
        return problems

    def setDtype(self, dtype: object) -> bool:
        """Select ``dtype`` without emitting :attr:`changed`; False if it is not offered."""
        index = find_data(self.dtype, dtype)
        if index < 0:
            return False
        self.dtype.blockSignals(True)
        self.dtype.setCurrentIndex(index)
        self.dtype.blockSignals(False)
        return True

    def loadExample(self, ex: Example) -> None:
        """Fill the inputs from ``ex`` (the dtype is kept) and emit :attr:`changed` once."""
        self.setTexts(
            {
                "op": ex.op,
                "reduction": ex.reduction,
                "pattern": ex.pattern,
                "shapes": ex.shapes,
                "axes": ex.axes,
                "packed": ex.packed,
            }
        )
