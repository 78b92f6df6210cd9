"""The result card's height floor: as tall as its wrapped texts need at its column's width.

The Step and Plan tabs keep their result card at least as tall as its wrapped labels need (a
narrower column, or a taller CJK font, needs more lines); the views below it give way instead.
The floor holds only while the column is shown: a hidden tab keeps the widths of its last layout
(another theme's, another window size's), and a floor kept from there raised the minimum height of
the window's stacked tabs, so a 1280x720 presentation window grew to 752 px on another tab (found
by the layout test in one order of its cases). A hidden card has no floor; it is measured again
when its column is shown or resized.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QWidget

__all__ = ["REFIT_EVENTS", "fit_card_height"]

#: Events of the column after which the floor is measured again.
REFIT_EVENTS = (QEvent.Type.Resize, QEvent.Type.Show)


def fit_card_height(card: QWidget, column: QWidget) -> None:
    """Give ``card`` the height its texts need at ``column``'s width (none while it is hidden)."""
    if not column.isVisible():
        card.setMinimumHeight(0)
        return
    card.setMinimumHeight(card.heightForWidth(max(1, column.width())))
