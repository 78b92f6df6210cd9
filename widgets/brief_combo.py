"""A combo box that shows an item's brief text when its full text does not fit.

Long item texts ("bf16 — bf16 weights and grads, fp32 optimizer state (lecture)") explain a choice
in the drop-down list, but clip in a narrow control column or at presentation font sizes. A
:class:`BriefComboBox` paints the full text when it fits and the item's brief text otherwise (the
popup always lists the full texts; the tooltip then carries the full text too), so nothing is
ever elided.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QComboBox, QWidget

if TYPE_CHECKING:  # imported for annotations only: see BriefComboBox
    from PySide6.QtWidgets import QStyleOptionComboBox

from widgets.rich_text import plain_tip

__all__ = ["BRIEF_ROLE", "BriefComboBox", "brief_text"]

#: Item data role holding an item's brief text (defaults to :func:`brief_text` of its text).
BRIEF_ROLE = Qt.ItemDataRole.UserRole + 41
# A spaced dash or parenthesis, or a full-width parenthesis (Chinese puts no space before it).
_CUT = re.compile(r"\s+(?:—|–|\()|\s*（")


def brief_text(text: str) -> str:
    """The text before its first dash or parenthesis: ``"Adam (first …)"`` → ``"Adam"``.

    A full-width parenthesis cuts too: ``"torch 2.13（e4m3fn 饱和）"`` → ``"torch 2.13"``.
    """
    match = _CUT.search(text)
    return text[: match.start()] if match and match.start() > 0 else text


class BriefComboBox(QComboBox):
    """A ``QComboBox`` whose closed box shows :meth:`display_text` (full or brief text).

    ``QComboBox`` paints the closed box itself, from the style option :meth:`initStyleOption`
    fills (a virtual function since Qt 6); this class only puts the text to show in it. So
    nothing is painted from Python, and a text that cannot fit (wider than the whole box) is
    told apart without asking the style: the style's Python type, built with its ~600 enum
    members on first use, is not needed to paint a window's first frame.
    """

    def __init__(self, parent: QWidget | None = None, *, minimum_chars: int = 8) -> None:
        super().__init__(parent)
        self._tip = ""  # before anything that asks for the size hint (and so the style option)
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.setMinimumContentsLength(minimum_chars)

    def setToolTip(self, tip: str) -> None:
        """The tooltip; the full item text is prepended while the brief text is shown."""
        self._tip = tip
        super().setToolTip(plain_tip(tip))

    def _field_width(self) -> int:
        """The width the style gives the closed box's text (its edit field)."""
        from PySide6.QtWidgets import QStyle, QStyleOptionComboBox

        option = QStyleOptionComboBox()
        QComboBox.initStyleOption(self, option)  # the plain option (this class's fills the text)
        rect = self.style().subControlRect(
            QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, self
        )
        return rect.width()

    def brief(self, index: int | None = None) -> str:
        """The brief text of item ``index`` (the current one by default)."""
        index = self.currentIndex() if index is None else index
        stored = self.itemData(index, BRIEF_ROLE)
        return str(stored) if stored else brief_text(self.itemText(index))

    def display_text(self) -> str:
        """What the closed box shows: the current text if it fits, else its brief text."""
        text = self.currentText()
        if not text:
            return text
        need = QFontMetrics(self.font()).horizontalAdvance(text)
        if need > self.width() or need > self._field_width():  # wider than the box: no need
            return self.brief()  # to ask the style for its edit field
        return text

    def initStyleOption(self, option: QStyleOptionComboBox) -> None:
        """``QComboBox``'s option, with :meth:`display_text` as the closed box's text (and the
        full text in the tooltip while the brief one is shown)."""
        super().initStyleOption(option)
        shown = self.display_text()
        option.currentText = shown
        full = self.currentText()
        tip = plain_tip(self._tip if shown == full else f"{full}\n{self._tip}".strip())
        if self.toolTip() != tip:
            super().setToolTip(plain_tip(tip))

    def showPopup(self) -> None:
        """Open the list wide enough for the full texts."""
        view = self.view()
        view.setMinimumWidth(view.sizeHintForColumn(0) + 2 * view.frameWidth() + 8)
        super().showPopup()
