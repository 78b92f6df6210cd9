"""A word-wrapped label of plain-text lines whose wrapped parts hang a few characters in.

For the formulas under an answer ("throughput = peak × MFU × GPUs = … × 0.5 × 1,024 = …"): when a
narrow card or presentation mode wraps one, its continuation used to start again at the left
edge, where "1,024 = 5.066e17 FLOP/s" read as an equation of its own. Here each line of the text is
a paragraph with a hanging indent of :data:`HangingLabel.HANG` characters of the label's font.
The text stays plain: it is escaped into the paragraphs (:func:`widgets.rich_text.escape`), and
:meth:`HangingLabel.text` returns it as it was set.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import QLabel, QWidget

from widgets.rich_text import escape

__all__ = ["HangingLabel"]

#: A unit written with a slash between two words ("bytes/param", "FLOP/s"), with the number before
#: it: kept on one line, so a wrap does not leave "bytes/" at a line's end and "param" under it.
_UNIT = re.compile(r"(?<![\w/])((?:\d[\d.,]*(?:e[+-]?\d+)? )?[A-Za-z]+/[A-Za-z]+)(?![\w/])")
# The space of a quantity (``1.074 GB``, ``5.115 ms``) and of a bound (``≤ 195.5``).
_QUANTITY = re.compile(r"(?<=\d) (?=(?:[kMGTPE]i?B|B|ms|µs|ns|s)(?![\w/]))|(?<=[≤≥]) (?=\d)")


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
            "".join(
                f"<p style='{style}'>{_keep_units(escape(line))}</p>"
                for line in self._plain.split("\n")
            )
        )


def _keep_units(html: str) -> str:
    """``html`` with each unit kept whole: a no-break space after its number (``1.074 GB``,
    ``5.115 ms``, a rate's ``3.35 TB/s``) and after a bound's sign (``≤ 195.5``), and U+2215
    DIVISION SLASH for a rate's slash, which the line breaker does not break after (a word joiner or a fraction
    slash would do too, but their fallback glyphs make the line 3 px taller)."""
    kept = _UNIT.sub(lambda m: m.group(1).replace(" ", "\u00a0").replace("/", "\u2215"), html)
    return _QUANTITY.sub("\u00a0", kept)
