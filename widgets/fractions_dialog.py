"""A dialog to see and edit one device's achievable fractions (what the plan and the Step tab's
calibrated prediction assume the device reaches), each with its source.

The rows come from :func:`core.roofline.fractions.fraction_rows`; a typed value is checked at once
by :func:`core.roofline.fractions.parse_field_text` (the message of the calibration files' parser,
shown under the table, the cell marked), and Save writes every valid change with
:func:`core.roofline.fractions.save_overrides`; Reset this device removes its overrides
(:func:`core.roofline.fractions.clear_overrides`). The dialog computes nothing.

Signals
-------
saved(str)
    The person's calibration file changed for this device id (after Save or Reset).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QGuiApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from core.errors import InputError
from core.roofline.achievable import read_overrides, user_calibration_path
from core.roofline.fractions import (
    FractionRow,
    clear_overrides,
    fraction_rows,
    origin_name,
    parse_field_text,
    save_overrides,
)
from core.roofline.hardware import Device
from widgets.i18n import localized, translate
from widgets.rich_text import plain_tip

__all__ = ["COLUMNS", "FractionsDialog"]

#: Columns of the table.
COLUMNS = ("meaning", "value", "unit", "origin", "source")
_VALUE = COLUMNS.index("value")
_FIELD_ROLE = Qt.ItemDataRole.UserRole


class FractionsDialog(QDialog):
    """One device's fractions in a table; the value column is editable where it is a number.

    Parameters
    ----------
    device
        The device whose fractions are shown (the toolbar's).
    measured
        A "This machine" device the benchmark measured (the plan's, see
        :func:`core.plan.model.measured_device`), or ``None``.
    path
        The person's calibration file (default: ``<config>/napkinlab/calibration.json``).
    """

    saved = Signal(str)

    def __init__(
        self,
        device: Device,
        measured: Device | None = None,
        path: Any = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("fractionsDialog")
        self._device, self._measured = device, measured
        self._path = path
        self._rows: tuple[FractionRow, ...] = ()
        self._pending: dict[str, str] = {}
        self._bad: dict[str, str] = {}
        self._filling = False
        self.title = QLabel(self)
        self.title.setObjectName("cardTitle")
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        self.intro = QLabel(self)
        self.intro.setWordWrap(True)
        self.intro.setTextFormat(Qt.TextFormat.PlainText)
        self.table = QTableWidget(0, len(COLUMNS), self)
        self.table.verticalHeader().setVisible(False)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        self.table.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
        )
        chars = self.fontMetrics().averageCharWidth()
        header = self.table.horizontalHeader()
        for column in range(len(COLUMNS)):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        # A value is a short number; the attention table's kernel list elides (its tooltip and
        # the source say it whole). The source takes what is left.
        header.setSectionResizeMode(_VALUE, QHeaderView.ResizeMode.Fixed)
        header.resizeSection(_VALUE, chars * 21)
        header.setSectionResizeMode(len(COLUMNS) - 1, QHeaderView.ResizeMode.Stretch)
        self.table.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        self.table.itemChanged.connect(self._item_changed)
        self.problem = QLabel(self)
        self.problem.setObjectName("fieldError")
        self.problem.setWordWrap(True)
        self.problem.setTextFormat(Qt.TextFormat.PlainText)
        self.problem.setVisible(False)
        self.notes = QLabel(self)
        self.notes.setObjectName("formula")
        self.notes.setWordWrap(True)
        self.notes.setTextFormat(Qt.TextFormat.PlainText)
        self.file_line = QLabel(self)
        self.file_line.setObjectName("formula")
        self.file_line.setWordWrap(True)
        self.file_line.setTextFormat(Qt.TextFormat.PlainText)
        self.file_line.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.save_button = QPushButton(self)
        self.save_button.clicked.connect(self.save)
        self.reset_button = QPushButton(self)
        self.reset_button.clicked.connect(self.reset_device)
        self.close_button = QPushButton(self)
        self.close_button.clicked.connect(self.close)
        buttons = QHBoxLayout()
        buttons.addWidget(self.reset_button)
        buttons.addStretch(1)
        buttons.addWidget(self.save_button)
        buttons.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.intro)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.problem)
        layout.addWidget(self.notes)
        layout.addWidget(self.file_line)
        layout.addLayout(buttons)
        width, height = chars * 190, self.fontMetrics().height() * 42
        screen = self.screen() or QGuiApplication.primaryScreen()
        if screen is not None:  # never larger than the screen (a 1280x720 projector included)
            room = screen.availableGeometry()
            width, height = min(width, room.width() * 9 // 10), min(height, room.height() * 9 // 10)
        self.resize(width, height)
        self.retranslate()

    # texts ----------------------------------------------------------------------------------
    def retranslate(self) -> None:
        """Every text in the current language (the table is listed again, typed edits kept)."""
        self.setWindowTitle(translate("FractionsDialog", "Achievable fractions"))
        self.table.setHorizontalHeaderLabels(
            [
                translate("FractionsDialog", "Fraction"),
                translate("FractionsDialog", "Value"),
                translate("FractionsDialog", "Unit"),
                translate("FractionsDialog", "From"),
                translate("FractionsDialog", "Source"),
            ]
        )
        self.intro.setText(
            translate(
                "FractionsDialog",
                "What the plan and the Step tab's calibrated prediction assume this device "
                "achieves. The first source that has a value wins: your override, measured here "
                "by the benchmark, the built-in file. Double-click a value to change it; Save "
                "writes your overrides.",
            )
        )
        self.save_button.setText(translate("FractionsDialog", "Save"))
        self.save_button.setToolTip(
            translate(
                "FractionsDialog",
                "Write the changed values to your calibration file as this device's overrides "
                "(other devices' are kept); the plan and the Step tab use them at once",
            )
        )
        self.reset_button.setText(translate("FractionsDialog", "Reset this device"))
        self.reset_button.setToolTip(
            translate(
                "FractionsDialog",
                "Remove this device's overrides from your calibration file: measured and "
                "built-in values apply again",
            )
        )
        self.close_button.setText(translate("FractionsDialog", "Close"))
        self.close_button.setToolTip(
            translate("FractionsDialog", "Close without saving the values not saved")
        )
        self.reload(keep_edits=True)

    def changeEvent(self, event: QEvent) -> None:
        """Re-word everything when the window's language changes while the dialog is open."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    # data -----------------------------------------------------------------------------------
    @property
    def device(self) -> Device:
        """The device shown."""
        return self._device

    @property
    def rows(self) -> tuple[FractionRow, ...]:
        """The rows shown (as the core listed them)."""
        return self._rows

    def pending(self) -> dict[str, str]:
        """Field -> the text typed and not yet saved (valid or not)."""
        return dict(self._pending)

    def set_device(self, device: Device, measured: Device | None = None) -> None:
        """Show another device (the toolbar changed); edits not saved are dropped."""
        self._device, self._measured = device, measured
        self._pending, self._bad = {}, {}
        self.reload()

    def _file(self) -> Any:
        return self._path if self._path is not None else user_calibration_path()

    def reload(self, keep_edits: bool = False) -> None:
        """List the device's fractions again from the files (after a save, or a new device)."""
        if not keep_edits:
            self._pending, self._bad = {}, {}
        overrides, problem = read_overrides(self._path)
        try:
            rows, notes = fraction_rows(self._device, measured=self._measured, overrides=overrides)
        except InputError as exc:  # a device with nothing to assume from
            rows, notes = (), ()
            problem = exc.message
        self._rows = rows
        self._file_problem = localized(problem) if problem else ""
        self.title.setText(
            translate("FractionsDialog", "{device} ({id})").format(
                device=localized(self._device.name), id=self._device.id
            )
        )
        self._fill()
        self.notes.setText("\n".join("• " + localized(n) for n in notes))
        self.notes.setVisible(bool(notes))
        self.file_line.setText(
            translate("FractionsDialog", "Your overrides: {path}").format(path=str(self._file()))
        )
        self._show_problem()

    def _fill(self) -> None:
        self._filling = True
        table = self.table
        table.setRowCount(len(self._rows))
        bold = QFont(table.font())
        bold.setBold(True)
        for i, row in enumerate(self._rows):
            marked = row.overridden
            texts = (
                localized(row.meaning),
                self._pending.get(row.field, row.text or ""),
                localized(row.unit),
                ("● " if marked else "") + localized(origin_name(row.origin)),
                " ".join(localized(row.source).split()),
            )
            for column, text in enumerate(texts):
                item = QTableWidgetItem(text)
                item.setData(_FIELD_ROLE, row.field)
                flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
                if column == _VALUE and row.editable:
                    flags |= Qt.ItemFlag.ItemIsEditable
                item.setFlags(flags)
                if marked or row.field in self._pending:
                    item.setFont(bold)
                item.setToolTip(plain_tip(self._tip(row, column)))
                table.setItem(i, column, item)
            self._mark(i, row.field)
        self._filling = False

    def _tip(self, row: FractionRow, column: int) -> str:
        if column == _VALUE:
            if not row.editable:
                return translate(
                    "FractionsDialog", "{field}: {allowed}; it is not edited here"
                ).format(field=row.field, allowed=localized(row.allowed))
            return translate("FractionsDialog", "{field}: allowed: {allowed}").format(
                field=row.field, allowed=localized(row.allowed)
            )
        if column == COLUMNS.index("origin"):
            return translate(
                "FractionsDialog",
                "Where the value comes from: your override, measured here by the benchmark, the "
                "built-in file, a device with the same chip, or the median of its family",
            )
        if column == COLUMNS.index("source"):
            return localized(row.source) or translate("FractionsDialog", "no source")
        return f"{localized(row.meaning)} ({row.field})"

    def _mark(self, index: int, field: str) -> None:
        item = self.table.item(index, _VALUE)
        if item is None:
            return
        if field in self._bad:
            item.setBackground(QBrush(QColor(220, 60, 60, 90)))
            item.setToolTip(plain_tip(self._bad[field]))
        else:
            item.setBackground(QBrush())

    # editing --------------------------------------------------------------------------------
    def _item_changed(self, item: QTableWidgetItem) -> None:
        if self._filling or item.column() != _VALUE:
            return
        self.edit(str(item.data(_FIELD_ROLE)), item.text(), _from_table=True)

    def edit(self, field: str, text: str, *, _from_table: bool = False) -> str | None:
        """Type ``text`` as ``field``'s value; returns the problem (``None`` when valid)."""
        index = next((i for i, r in enumerate(self._rows) if r.field == field), None)
        if index is None or not self._rows[index].editable:
            return translate("FractionsDialog", "{field} is not edited here").format(field=field)
        row = self._rows[index]
        text = text.strip()
        if text == row.text or (not text and row.value is None):
            self._pending.pop(field, None)
            self._bad.pop(field, None)
        else:
            self._pending[field] = text
            try:
                parse_field_text(field, text, self._device.id)
            except InputError as exc:
                self._bad[field] = localized(exc.message)
            else:
                self._bad.pop(field, None)
        if not _from_table:
            self._filling = True
            self.table.item(index, _VALUE).setText(self._pending.get(field, row.text))
            self._filling = False
        self._mark(index, field)
        self._show_problem()
        return self._bad.get(field)

    def _show_problem(self) -> None:
        lines = [self._file_problem] if self._file_problem else []
        lines += list(self._bad.values())
        self.problem.setText("\n".join(lines))
        self.problem.setVisible(bool(lines))
        self.save_button.setEnabled(bool(self._pending) and not self._bad)

    def save(self) -> bool:
        """Write the typed values as the device's overrides; False (and why) when refused."""
        if self._bad:
            self._show_problem()
            return False
        if not self._pending:
            return False
        try:
            save_overrides(self._device.id, self._pending, self._path)
        except InputError as exc:
            self.problem.setText(localized(exc.message))
            self.problem.setVisible(True)
            return False
        self.reload()
        self.saved.emit(self._device.id)
        return True

    def reset_device(self) -> bool:
        """Remove the device's overrides (edits not saved are dropped); False when refused."""
        try:
            removed = clear_overrides(self._device.id, self._path)
        except InputError as exc:
            self.problem.setText(localized(exc.message))
            self.problem.setVisible(True)
            return False
        self.reload()
        if removed:
            self.saved.emit(self._device.id)
        return True
