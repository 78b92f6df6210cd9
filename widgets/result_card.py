"""A titled card that shows one answer: a big headline, a humanised line and the formula."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFormLayout, QFrame, QLabel, QVBoxLayout, QWidget

__all__ = ["ResultCard"]


class ResultCard(QFrame):
    """A card with a title, a form of inputs, a headline result, a detail line and a formula.

    The card only displays text it is given; the numbers come from ``core``.
    """

    def __init__(self, title: str, subtitle: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("card")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 12, 16, 14)
        layout.setSpacing(8)
        self._title = QLabel(title, self)
        self._title.setObjectName("cardTitle")
        self._title.setWordWrap(True)
        layout.addWidget(self._title)
        if subtitle:
            sub = QLabel(subtitle, self)
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
        self.formula = QLabel(self)
        self.formula.setObjectName("formula")
        self.formula.setWordWrap(True)
        self.formula.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.formula)
        layout.addStretch(1)

    def show_result(self, headline: str, detail: str, formula: str, *, ok: bool = True) -> None:
        """Show an answer (``ok=False`` marks it as a warning, e.g. an impossible MFU)."""
        self.headline.setText(headline)
        if bool(self.headline.property("warning")) != (not ok):
            self.headline.setProperty("warning", not ok)
            style = self.headline.style()  # re-apply the style sheet's [warning="true"] rule
            style.unpolish(self.headline)
            style.polish(self.headline)
        self.detail.setText(detail)
        self.formula.setText(formula)

    def show_problem(self, message: str) -> None:
        """Show why there is no answer (an input is invalid)."""
        self.show_result("—", message, "", ok=False)
