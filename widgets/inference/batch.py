"""The batch control: a slider over the batches the tab computed, a spin box for any batch and a
"max" switch (the largest batch that fits, followed as the inputs change).

The slider's positions index a list of batches (dense where the curves bend, at small batches);
moving it emits at once, not debounced: the tab only moves markers on it.

Signals
-------
batchChanged(int)
    The person chose a batch (slider or spin box); "max" is switched off by it.
maxToggled(bool)
    The "max" switch changed.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QSlider, QSpinBox, QWidget

from widgets.i18n import translate
from widgets.rich_text import plain_tip

__all__ = ["BatchControl"]

#: The largest batch the spin box takes (:data:`core.inference.serve.MAX_BATCH`).
MAX_SPIN = 1 << 24


class BatchControl(QWidget):
    """Slider, spin box and "max" switch for the batch per replica."""

    batchChanged = Signal(int)
    maxToggled = Signal(bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._batches: list[int] = [1]
        self.slider = QSlider(Qt.Orientation.Horizontal, self)
        self.slider.setRange(0, 0)
        self.slider.setToolTip(
            plain_tip(
                translate(
                    "InferenceBatch",
                    "Sequences per replica served together; the roofline's points and the "
                    "curves' markers follow",
                )
            )
        )
        self.spin = QSpinBox(self)
        self.spin.setRange(1, MAX_SPIN)
        self.spin.setGroupSeparatorShown(True)
        self.spin.setKeyboardTracking(False)
        self.spin.setToolTip(
            plain_tip(translate("InferenceBatch", "Any batch from 1 to {most}").format(
                most=f"{MAX_SPIN:,}"))
        )  # fmt: skip
        self.max_box = QCheckBox(translate("InferenceBatch", "max"), self)
        self.max_box.setToolTip(
            plain_tip(
                translate(
                    "InferenceBatch",
                    "The largest batch that fits in each GPU's memory, followed as the inputs change",
                )
            )
        )
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.slider, 1)
        layout.addWidget(self.spin)
        layout.addWidget(self.max_box)
        self.slider.valueChanged.connect(self._slid)
        self.spin.valueChanged.connect(self._spun)
        self.max_box.toggled.connect(self.maxToggled)

    # Qt-style API ---------------------------------------------------------------------------
    def value(self) -> int:
        """The batch shown."""
        return self.spin.value()

    def is_max(self) -> bool:
        """Whether "max" is on."""
        return self.max_box.isChecked()

    def set_max(self, on: bool) -> None:
        """Switch "max" from code (no signal)."""
        self.max_box.blockSignals(True)
        self.max_box.setChecked(on)
        self.max_box.blockSignals(False)

    def set_batches(self, batches: Sequence[int]) -> None:
        """The batches the slider steps through (ascending); the value is kept."""
        self._batches = sorted(set(int(b) for b in batches)) or [1]
        self.slider.blockSignals(True)
        self.slider.setRange(0, len(self._batches) - 1)
        self.slider.blockSignals(False)
        self._place_slider(self.value())

    def batches(self) -> list[int]:
        """The slider's batches."""
        return list(self._batches)

    def setValue(self, batch: int) -> None:
        """Show ``batch`` from code (no signal)."""
        self.spin.blockSignals(True)
        self.spin.setValue(int(batch))
        self.spin.blockSignals(False)
        self._place_slider(int(batch))

    # internals ------------------------------------------------------------------------------
    def _place_slider(self, batch: int) -> None:
        index = min(bisect.bisect_left(self._batches, batch), len(self._batches) - 1)
        self.slider.blockSignals(True)
        self.slider.setValue(index)
        self.slider.blockSignals(False)

    def _slid(self, index: int) -> None:
        batch = self._batches[max(0, min(index, len(self._batches) - 1))]
        self.spin.blockSignals(True)
        self.spin.setValue(batch)
        self.spin.blockSignals(False)
        self._chosen(batch)

    def _spun(self, batch: int) -> None:
        self._place_slider(batch)
        self._chosen(batch)

    def _chosen(self, batch: int) -> None:
        self.set_max(False)
        self.batchChanged.emit(batch)
