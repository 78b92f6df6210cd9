"""An operator-shape editor: pick an operator, move its sizes with log sliders or type them.

The editor knows only names: the caller passes the operators, the sizes each takes and a parser
for one size (a core validator) and the one size range that validator accepts. Sliders step by a
quarter octave (×2^¼) within that range, so a drag never reaches a size the field (or the CLI)
would refuse; typed values (``4096``, ``1M``) are validated inline, debounced, and a bad value
keeps the last good one.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from functools import partial

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QComboBox, QGridLayout, QLabel, QSlider, QWidget

from widgets.i18n import translate
from widgets.number_field import NumberField
from widgets.rich_text import plain_tip

__all__ = [
    "SIZE_LABELS",
    "ShapeEditor",
    "max_position",
    "position_to_size",
    "size_label",
    "size_to_position",
]

#: Display names of the sizes operators take (English; :func:`size_label` translates them).
SIZE_LABELS: dict[str, str] = {
    "b": "batch b",
    "h": "heads h",
    "s": "sequence s",
    "d": "head dim d",
    "m": "rows m",
    "k": "inner k",
    "n": "n",
}
_STEPS_PER_OCTAVE = 4


def size_label(name: str) -> str:
    """The display name of size ``name`` in the window's language (``batch b``)."""
    labels = {
        "b": translate("ShapeEditor", "batch b"),
        "h": translate("ShapeEditor", "heads h"),
        "s": translate("ShapeEditor", "sequence s"),
        "d": translate("ShapeEditor", "head dim d"),
        "m": translate("ShapeEditor", "rows m"),
        "k": translate("ShapeEditor", "inner k"),
    }
    return labels.get(name, SIZE_LABELS.get(name, name))


def max_position(max_size: int) -> int:
    """The last slider position whose size is at most ``max_size``."""
    position = math.floor(math.log2(max_size) * _STEPS_PER_OCTAVE)
    while position > 0 and position_to_size(position) > max_size:
        position -= 1
    return position


def position_to_size(position: int) -> int:
    """Slider position -> size: ``round(2 ** (position / 4))``."""
    return round(2 ** (position / _STEPS_PER_OCTAVE))


def size_to_position(size: int, max_size: int = 2**36) -> int:
    """Size -> nearest slider position (within the range that ``max_size`` allows)."""
    top = max_position(max_size)
    return max(0, min(top, round(math.log2(max(size, 1)) * _STEPS_PER_OCTAVE)))


class ShapeEditor(QWidget):
    """Operator combo plus a slider and a validated field per size.

    Parameters
    ----------
    ops
        Operator name -> the size names it takes, in order.
    parse_size
        ``parse_size(size_name, text) -> int``; raises ``InputError`` for a bad size.
    max_size
        The largest size ``parse_size`` accepts: the sliders end there.

    Signals
    -------
    shapeChanged(str, object)
        The operator name and a ``dict`` of its sizes, after any change by the user.
    """

    shapeChanged = Signal(str, object)

    def __init__(
        self,
        ops: Mapping[str, tuple[str, ...]],
        parse_size: Callable[[str, str], int],
        max_size: int,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._ops = dict(ops)
        self._max_size = max_size
        self._op = QComboBox(self)
        self._op.addItems(list(self._ops))
        # Operator names (relu, matmul, copy…) are identifiers, as on the chart: not translated.
        self._op.setProperty("napkinlab_not_translated", True)
        self._op.setToolTip(translate("ShapeEditor", "Operator whose shape the sliders change"))
        self.sliders: dict[str, QSlider] = {}
        self.fields: dict[str, NumberField] = {}
        self._labels: dict[str, QLabel] = {}
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.addWidget(QLabel(translate("ShapeEditor", "Operator"), self), 0, 0)
        grid.addWidget(self._op, 0, 1, 1, 2)
        names = [s for s in SIZE_LABELS if any(s in sizes for sizes in self._ops.values())]
        for row, name in enumerate(names, start=1):
            shown = size_label(name)
            label = QLabel(shown, self)
            slider = QSlider(Qt.Orientation.Horizontal, self)
            slider.setRange(0, max_position(max_size))
            slider.setValue(size_to_position(1024, max_size))
            slider.setToolTip(
                plain_tip(
                    translate("ShapeEditor", "{size}: drag to scale by ×2^¼ per step").format(
                        size=shown
                    )
                )
            )
            field = NumberField(
                partial(parse_size, name),
                "1024",
                tooltip=translate("ShapeEditor", "{size}: a whole number (1024, 4k, 1M)").format(
                    size=shown
                ),
            )
            field.setMinimumWidth(90)
            slider.valueChanged.connect(partial(self._on_slider, name))
            field.valueChanged.connect(partial(self._on_field, name))
            grid.addWidget(label, row, 0)
            grid.addWidget(slider, row, 1)
            grid.addWidget(field, row, 2, Qt.AlignmentFlag.AlignTop)
            self.sliders[name], self.fields[name], self._labels[name] = slider, field, label
        grid.setColumnStretch(1, 1)
        self._op.currentTextChanged.connect(self._on_op)
        self._show_rows()

    def value(self) -> tuple[str, dict[str, int]]:
        """The operator and its sizes as shown."""
        name = self._op.currentText()
        return name, {s: int(self.fields[s].value()) for s in self._ops[name]}

    def set_shape(self, name: str, sizes: Mapping[str, int]) -> None:
        """Show ``name`` with ``sizes`` (from code: emits nothing)."""
        self._op.blockSignals(True)
        self._op.setCurrentText(name)
        self._op.blockSignals(False)
        for size_name, value in sizes.items():
            if size_name in self.fields:
                self._set_size(size_name, int(value))
        self._show_rows()

    def _set_size(self, name: str, value: int) -> None:
        self.fields[name].setValue(value, f"{value:,}")
        slider = self.sliders[name]
        slider.blockSignals(True)
        slider.setValue(size_to_position(value, self._max_size))
        slider.blockSignals(False)

    def _show_rows(self) -> None:
        wanted = self._ops.get(self._op.currentText(), ())
        for name in self.sliders:
            for widget in (self.sliders[name], self.fields[name], self._labels[name]):
                widget.setVisible(name in wanted)

    def _emit(self) -> None:
        name, sizes = self.value()
        self.shapeChanged.emit(name, sizes)

    def _on_op(self, _name: str) -> None:
        self._show_rows()
        self._emit()

    def _on_slider(self, name: str, position: int) -> None:
        value = position_to_size(position)
        self.fields[name].setValue(value, f"{value:,}")
        self._emit()

    def _on_field(self, name: str, value: int) -> None:
        slider = self.sliders[name]
        slider.blockSignals(True)
        slider.setValue(size_to_position(value, self._max_size))
        slider.blockSignals(False)
        self._emit()
