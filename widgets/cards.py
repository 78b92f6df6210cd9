"""The tabs' card frames and plain-text labels: one place for how a result card looks.

A card is a ``QFrame`` named ``card`` (the theme's style sheet draws it) with a vertical layout;
a label shows plain text only, so a value with ``<`` or ``&`` is never read as markup.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout

__all__ = ["CARD_MARGINS", "card", "plain_label"]

#: Left, top, right and bottom margins of a card, in pixels.
CARD_MARGINS = (14, 10, 14, 12)


def card(margins: tuple[int, int, int, int] = CARD_MARGINS) -> tuple[QFrame, QVBoxLayout]:
    """A new card frame and its vertical layout, with ``margins`` around its contents."""
    frame = QFrame()
    frame.setObjectName("card")
    layout = QVBoxLayout(frame)
    layout.setContentsMargins(*margins)
    return frame, layout


def plain_label(name: str = "", wrap: bool = True) -> QLabel:
    """A label that shows plain text, named ``name`` for the style sheet, wrapping if ``wrap``."""
    label = QLabel()
    if name:
        label.setObjectName(name)
    label.setWordWrap(wrap)
    label.setTextFormat(Qt.TextFormat.PlainText)
    return label
