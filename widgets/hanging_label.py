"""A word-wrapped label of plain-text lines whose wrapped parts hang a few characters in.

For the formulas under an answer ("throughput = peak × MFU × GPUs = … × 0.5 × 1,024 = …"): when a
narrow card or presentation mode wraps one, its continuation used to start again at the left
edge, where "1,024 = 5.066e17 FLOP/s" read as an equation of its own. Here each line of the text is
a paragraph with a hanging indent of :data:`HangingLabel.HANG` characters of the label's font.
The text stays plain: it is escaped into the paragraphs (:func:`widgets.rich_text.escape`), and
:meth:`HangingLabel.text` returns it as it was set.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import QLabel, QWidget

from widgets.rich_text import escape

__all__ = ["HangingLabel"]


class HangingLabel(QLabel):
    """A selectable, word-wrapped label whose wrapped lines hang under their first line."""

    HANG = 4

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.RichText)  # paragraphs of escaped plain text
        self.setWordWrap(True)
        self._plain = ""

    def setText(self, text: str) -> None:
        """Show the plain-text ``text`` (lines split at ``\\n``)."""
        self._plain = str(text)
        self._render()

    def text(self) -> str:
        """The plain text as it was set."""
        return self._plain

    def changeEvent(self, event: QEvent) -> None:
        """Keep the indent at :data:`HANG` characters when the font changes (a theme, slides)."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._render()

    def _render(self) -> None:
        if not self._plain:
            super().setText("")
            return
        px = round(self.HANG * QFontMetricsF(self.font()).horizontalAdvance(" "))
        style = f"margin:0; margin-left:{px}px; text-indent:-{px}px; white-space:pre-wrap"
        super().setText(
            "".join(f"<p style='{style}'>{escape(line)}</p>" for line in self._plain.split("\n"))
        )
