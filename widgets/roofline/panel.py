"""The Roofline tab's control column: devices to compare, options, the shape editor and buttons.

Plain widgets with Qt-style signals; the page wires them to its model. The panel knows names and
texts it is given (device names, operator sizes, preset titles), never how anything is computed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from widgets.i18n import translate
from widgets.roofline.editor import ShapeEditor

__all__ = ["RooflinePanel"]


def _bold(text: str, parent: QWidget) -> QLabel:
    """A bold heading (a bold font: the label stays plain text)."""
    label = QLabel(text, parent)
    font = label.font()
    font.setBold(True)
    label.setFont(font)
    return label


class RooflinePanel(QWidget):
    """Controls of the roofline page.

    Parameters
    ----------
    ops
        Operator name -> its size names (for the shape editor).
    parse_size
        ``parse_size(size_name, text) -> int`` (a core validator).
    max_size
        The largest size ``parse_size`` accepts (the sliders' end).
    dtypes
        Dtype ids offered as the output dtype of a mixed-precision point.
    presets
        Titles of the presets in the "Add a preset…" menu (already in the window's language).

    Signals
    -------
    compareToggled(str, bool)
        A device was ticked or unticked for comparison.
    presetChosen(int)
        The index (into ``presets``) of the preset the user picked.
    """

    compareToggled = Signal(str, bool)
    presetChosen = Signal(int)

    def __init__(
        self,
        ops: Mapping[str, tuple[str, ...]],
        parse_size: Callable[[str, str], int],
        max_size: int,
        dtypes: Sequence[str],
        presets: Sequence[str],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        box = QVBoxLayout(self)
        # A secondary panel: the device list folds under its title (presentation mode folds it).
        self.compare_toggle = QToolButton(self)
        self.compare_toggle.setText(translate("RooflinePanel", "Compare devices"))
        self.compare_toggle.setToolTip(
            translate("RooflinePanel", "Tick devices to draw beside the selected one")
        )
        self.compare_toggle.setCheckable(True)
        self.compare_toggle.setChecked(True)
        self.compare_toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.compare_toggle.setArrowType(Qt.ArrowType.DownArrow)
        self.compare_toggle.setAutoRaise(True)
        self.compare_toggle.toggled.connect(self._fold)
        box.addWidget(self.compare_toggle)
        self.device_list = QListWidget(self)
        self.device_list.setMaximumHeight(150)
        self.device_list.setToolTip(
            translate("RooflinePanel", "The selected device is always shown")
        )
        box.addWidget(self.device_list)
        self.all_dtypes = QCheckBox(
            translate("RooflinePanel", "All dtypes of compared devices"), self
        )
        self.vector = QCheckBox(
            translate("RooflinePanel", "Vector ceiling (fp32 CUDA cores)"), self
        )
        self.vector.setToolTip(
            translate(
                "RooflinePanel", "Elementwise kernels run on the vector units, not the tensor cores"
            )
        )
        box.addWidget(self.all_dtypes)
        box.addWidget(self.vector)
        box.addWidget(_bold(translate("RooflinePanel", "Selected point's shape"), self))
        self.editor = ShapeEditor(ops, parse_size, max_size, self)
        box.addWidget(self.editor)
        row = QHBoxLayout()
        row.addWidget(QLabel(translate("RooflinePanel", "Output dtype"), self))
        self.out_dtype = QComboBox(self)
        self.out_dtype.addItem(translate("RooflinePanel", "same as input"), None)
        for dt in dtypes:
            self.out_dtype.addItem(dt, dt)
        self.out_dtype.setToolTip(
            translate("RooflinePanel", "Mixed precision: e.g. fp8 inputs with a bf16 output")
        )
        row.addWidget(self.out_dtype, 1)
        box.addLayout(row)
        self.convention = QLabel(self)
        self.convention.setObjectName("formula")
        self.convention.setWordWrap(True)
        box.addWidget(self.convention)
        buttons = QHBoxLayout()
        self.add_button = QPushButton(translate("RooflinePanel", "Add point"), self)
        self.remove_button = QPushButton(translate("RooflinePanel", "Remove"), self)
        self.lecture_button = QPushButton(translate("RooflinePanel", "Lecture set"), self)
        self.lecture_button.setToolTip(
            translate("RooflinePanel", "Reset to the lecture's ReLU, GELU, dot, matvec, matmul")
        )
        for button in (self.add_button, self.remove_button, self.lecture_button):
            buttons.addWidget(button)
        box.addLayout(buttons)
        self.preset = QComboBox(self)
        self.preset.addItem(translate("RooflinePanel", "Add a preset…"))
        self.preset.addItems(list(presets))
        box.addWidget(self.preset)
        self.fit_button = QPushButton(translate("RooflinePanel", "Fit view"), self)
        box.addWidget(self.fit_button)
        self.error = QLabel(self)
        self.error.setObjectName("fieldError")
        self.error.setWordWrap(True)
        self.error.setVisible(False)
        box.addWidget(self.error)
        box.addStretch(1)
        self.device_list.itemChanged.connect(self._on_item)
        self.preset.activated.connect(self._on_preset)

    def set_devices(self, devices: Sequence[tuple[str, str, bool]]) -> None:
        """Show ``(id, name, checked)`` rows (from code: emits nothing)."""
        self.device_list.blockSignals(True)
        self.device_list.clear()
        for device_id, name, checked in devices:
            item = QListWidgetItem(name, self.device_list)
            item.setData(Qt.ItemDataRole.UserRole, device_id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)
        self.device_list.blockSignals(False)

    def _fold(self, open_: bool) -> None:
        self.device_list.setVisible(open_)
        arrow = Qt.ArrowType.DownArrow if open_ else Qt.ArrowType.RightArrow
        self.compare_toggle.setArrowType(arrow)

    def set_compact(self, compact: bool) -> None:
        """Fold the secondary parts (device list, counting note) for presentation mode."""
        self.compare_toggle.setChecked(not compact)
        self.convention.setVisible(not compact)

    def set_error(self, message: str) -> None:
        """Show ``message`` (already in the window's language) in red under the controls (hidden
        when empty)."""
        self.error.setText(message)
        self.error.setVisible(bool(message))

    def set_convention(self, text: str) -> None:
        """Show how the selected point was counted."""
        if self.convention.text() != text:
            self.convention.setText(text)

    def _on_item(self, item: QListWidgetItem) -> None:
        on = item.checkState() == Qt.CheckState.Checked
        self.compareToggled.emit(str(item.data(Qt.ItemDataRole.UserRole)), on)

    def _on_preset(self, index: int) -> None:
        if index > 0:
            self.presetChosen.emit(index - 1)
        self.preset.setCurrentIndex(0)
