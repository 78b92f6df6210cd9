"""The Dtypes tab's "Bits & compare" page: bit strip, fields and formula, stored value, compare table.

It renders what :class:`~app.tabs.dtypes_tab.DtypesPage` computed with :mod:`core.numbers.analysis`.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from core.numbers.analysis import Analysis, fields_text, format_summary, formula
from core.numbers.formats import FloatFormat
from widgets.dtypes.bit_strip import BitStrip
from widgets.dtypes.compare_table import CompareTable, number_text
from widgets.dtypes.values_table import class_name
from widgets.hanging_label import HangingLabel
from widgets.i18n import localized, translate
from widgets.rich_text import escape, plain_tip
from widgets.table_fit import rows_height

__all__ = ["STORED_ROWS", "BitsView"]

STORED_ROWS = ("stored", "abs error", "rel error", "ulp here", "previous", "next")


def _stored_label(key: str) -> str:
    """The row title shown for a :data:`STORED_ROWS` key."""
    return {
        "stored": translate("DtypesBits", "stored"),
        "abs error": translate("DtypesBits", "abs error"),
        "rel error": translate("DtypesBits", "rel error"),
        "ulp here": translate("DtypesBits", "ulp here"),
        "previous": translate("DtypesBits", "previous"),
        "next": translate("DtypesBits", "next"),
    }[key]


def _set(label: QLabel, text: str) -> None:
    """Set a label's text only when it changes (no needless relayout while typing)."""
    if label.text() != text:
        label.setText(text)


def _card(title: str, parent: QWidget) -> tuple[QFrame, QVBoxLayout]:
    frame = QFrame(parent)
    frame.setObjectName("card")
    layout = QVBoxLayout(frame)
    layout.setContentsMargins(12, 8, 12, 10)
    layout.setSpacing(4)
    heading = QLabel(title, frame)
    heading.setObjectName("cardTitle")
    layout.addWidget(heading)
    return frame, layout


class BitsView(QWidget):
    """The bits page. ``bit_strip.codeChanged`` tells the tab about clicked bits."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        page = self
        self.bit_strip = BitStrip(page)
        self.info_label = QLabel(page)
        self.info_label.setObjectName("cardSubtitle")
        self.info_label.setWordWrap(True)  # changes only with the format or the policy
        self.info_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        fields_card, fl = _card(translate("DtypesBits", "Bits"), page)
        self.fields_label = QLabel(fields_card)
        # fp64 formulas and presentation mode: wrap, not clip; the continuation hangs under it
        self.formula_label = HangingLabel(fields_card)
        self.formula_label.setObjectName("formula")
        self.class_label = QLabel(fields_card)
        self.class_label.setTextFormat(Qt.TextFormat.RichText)  # "class: <b>normal</b>"
        self.notes_label = QLabel(fields_card)
        self.notes_label.setObjectName("cardSubtitle")
        self.notes_label.setWordWrap(True)  # changes only with the format or a special case
        for label in (self.fields_label, self.formula_label, self.class_label, self.notes_label):
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            # long fp64 lines must not widen the card (the tooltip has the whole line)
            label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
            fl.addWidget(label)
        fl.addStretch(1)
        stored_card, sl = _card(translate("DtypesBits", "Stored value"), page)
        grid = QGridLayout()
        grid.setHorizontalSpacing(14)
        grid.setVerticalSpacing(2)
        self.stored_values: dict[str, QLabel] = {}
        bold = self.font()
        bold.setBold(True)
        for i, key in enumerate(STORED_ROWS):
            grid.addWidget(QLabel(_stored_label(key), stored_card), i, 0)
            value = QLabel(stored_card)
            value.setFont(bold)
            value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            grid.addWidget(value, i, 1)
            self.stored_values[key] = value
        grid.setColumnStretch(1, 1)
        sl.addLayout(grid)
        sl.addStretch(1)
        cards = QWidget(page)
        self.cards = cards  # fixed height: a new value never re-lays out the page (fast typing)
        row = QHBoxLayout(cards)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(fields_card, 1)
        row.addWidget(stored_card, 1)
        self.compare_table = CompareTable(page)
        # When the page is too short for the cards and every table row (presentation mode at
        # 1280x720), the format summary and the cards fold under this toggle: the table shows the
        # same numbers per row.
        self.details_toggle = QToolButton(page)
        self.details_toggle.setText(translate("DtypesBits", "Bits and stored value"))
        self.details_toggle.setCheckable(True)
        self.details_toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.details_toggle.setArrowType(Qt.ArrowType.RightArrow)
        self.details_toggle.setAutoRaise(True)
        self.details_toggle.setVisible(False)
        self.details_toggle.toggled.connect(lambda _on: self._refold())
        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 8, 0, 0)
        layout.addWidget(self.info_label)
        strip_row = QHBoxLayout()
        strip_row.setContentsMargins(0, 0, 0, 0)
        strip_row.addWidget(self.bit_strip, 1)
        strip_row.addWidget(self.details_toggle, 0, Qt.AlignmentFlag.AlignBottom)
        layout.addLayout(strip_row)
        layout.addWidget(cards)
        layout.addWidget(self.compare_table, 1)
        self.fitToFont()

    def fitToFont(self) -> None:
        """Size the cards and the table for the current font (normal or presentation)."""
        self.cards.setFixedHeight(self.fontMetrics().height() * 7 + 46)
        self.compare_table.fitColumns()
        self._refold()

    def _refold(self) -> None:
        """Fold the cards when they and the whole table do not fit the page's height."""
        table = self.compare_table
        spacing = self.layout().spacing()
        needed = (
            self.info_label.heightForWidth(max(1, self.width()))
            + max(self.bit_strip.minimumHeight(), self.bit_strip.sizeHint().height())
            + self.cards.height()
            + rows_height(table, table.model().rowCount())
            + 3 * spacing
            + 8
        )
        compact = self.height() < needed
        self.details_toggle.setVisible(compact)
        unfolded = not compact or self.details_toggle.isChecked()
        self.cards.setVisible(unfolded)
        # The format summary folds too: in Chinese, with the menu bar, the table needs its lines.
        self.info_label.setVisible(unfolded)
        open_ = self.cards.isVisibleTo(self)
        arrow = Qt.ArrowType.DownArrow if open_ else Qt.ArrowType.RightArrow
        self.details_toggle.setArrowType(arrow)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Fold or unfold the cards for the new height."""
        super().resizeEvent(event)
        self._refold()

    def setFormat(self, fmt: FloatFormat, policy: str = "torch") -> None:
        """Lay the bit strip out for ``fmt`` and show its numbers."""
        _set(self.info_label, localized(format_summary(fmt, policy)))
        self.details_toggle.setToolTip(
            plain_tip(self.info_label.text())
        )  # the summary while it is folded
        self.bit_strip.setFields(
            [
                ("sign", int(fmt.signed)),
                ("exponent", fmt.exponent_bits),
                ("mantissa", fmt.mantissa_bits),
            ]
        )
        self.bit_strip.setFieldLabels(
            {
                "sign": translate("DtypesBits", "sign"),
                "exponent": translate("DtypesBits", "exponent"),
                "mantissa": translate("DtypesBits", "mantissa"),
            }
        )

    def render(self, fmt: FloatFormat, code: int, a: Analysis, rows: Sequence[Analysis]) -> None:
        """Show ``code`` of ``fmt``, its analysis ``a`` and every format's ``rows``."""
        self.bit_strip.blockSignals(True)
        self.bit_strip.setCode(code)
        self.bit_strip.blockSignals(False)
        _set(self.fields_label, localized(fields_text(fmt, code)))
        _set(self.formula_label, localized(formula(fmt, code)))
        self.formula_label.setToolTip(plain_tip(self.formula_label.text()))
        _set(
            self.class_label,
            translate("DtypesBits", "class: <b>{cls}</b> · code {code}").format(
                cls=escape(class_name(a.cls)), code=f"{code:#x}"
            ),
        )
        values = (a.value, a.abs_error, a.rel_error, a.ulp, a.prev, a.next)
        digits = (17, 6, 4, 6, 17, 17)
        for key, v, d in zip(STORED_ROWS, values, digits, strict=True):
            _set(self.stored_values[key], number_text(v, d))
        notes = [localized(a.note)] if a.note else []
        if a.code is None:
            notes.insert(0, translate("DtypesBits", "Not representable in this format."))
        if fmt.note:
            notes.append(localized(fmt.note))
        _set(self.notes_label, " ".join(notes))
        self.compare_table.setRows(rows, fmt.id)
