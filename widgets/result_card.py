"""A titled card that shows one answer: a big headline, a humanised line and the formula."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFormLayout, QFrame, QLabel, QVBoxLayout, QWidget

from widgets.cjk_break import keep_last_pair
from widgets.hanging_label import HangingLabel
from widgets.i18n import localized, translate

__all__ = ["ResultCard"]


class ResultCard(QFrame):
    """A card with a title, a form of inputs, a headline result, a detail line and a formula.

    The card only displays text it is given; the numbers come from ``core``. When its inputs go
    bad it keeps the last good answer, dimmed and marked as such (:meth:`show_problem`), as every
    tab does; it never shows an old answer undimmed. Sentences the core wrote
    (:class:`core.texts.Text`) are shown in the window's language.
    """

    def __init__(self, title: str, subtitle: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("card")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 12, 16, 14)
        layout.setSpacing(8)
        self._title = QLabel(keep_last_pair(title), self)
        self._title.setObjectName("cardTitle")
        self._title.setWordWrap(True)
        layout.addWidget(self._title)
        if subtitle:
            sub = QLabel(keep_last_pair(subtitle), self)
            sub.setObjectName("cardSubtitle")
            sub.setWordWrap(True)
            layout.addWidget(sub)
        self.form = QFormLayout()
        self.form.setLabelAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.form.setHorizontalSpacing(10)
        self.form.setVerticalSpacing(6)
        layout.addLayout(self.form)
        self.headline = QLabel(self)
        self.headline.setObjectName("headline")
        self.headline.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.headline.setWordWrap(True)
        layout.addWidget(self.headline)
        self.detail = QLabel(self)
        self.detail.setObjectName("detail")
        self.detail.setWordWrap(True)
        self.detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.detail)
        self.formula = HangingLabel(self)  # a wrapped formula's continuation hangs under it
        self.formula.setObjectName("formula")
        self.formula.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.formula)
        layout.addStretch(1)

    def show_result(self, headline: str, detail: str, formula: str, *, ok: bool = True) -> None:
        """Show an answer (``ok=False`` marks it as a warning, e.g. an impossible MFU)."""
        self.headline.setText(localized(headline))
        self._set_flag(self.headline, "warning", not ok)
        self._set_stale(False)
        self.detail.setText(localized(detail))
        self.formula.setText(localized(formula))

    def show_problem(self, message: str) -> None:
        """Say why the answer cannot be updated; the last good answer stays, dimmed.

        Before any good answer there is nothing to keep: the headline is a dash.
        """
        message = localized(message)
        if not self.headline.text() or self.headline.text() == "—":
            self.headline.setText("—")
            self._set_flag(self.headline, "warning", True)
            self.formula.setText("")
            self.detail.setText(message)
            return
        self._set_stale(True)
        self.detail.setText(
            translate("ResultCard", "{problem} — showing the last good answer, dimmed").format(
                problem=message
            )
        )

    def is_stale(self) -> bool:
        """Whether the answer shown is the last good one, not the current inputs'."""
        return bool(self.headline.property("stale"))

    def _set_stale(self, stale: bool) -> None:
        for label in (self.headline, self.formula):
            self._set_flag(label, "stale", stale)

    @staticmethod
    def _set_flag(label: QLabel, name: str, on: bool) -> None:
        if bool(label.property(name)) != on:
            label.setProperty(name, on)
            style = label.style()  # re-apply the style sheet's [name="true"] rules
            style.unpolish(label)
            style.polish(label)
