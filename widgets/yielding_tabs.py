"""A tab widget that gives way to the widgets above it in a column.

A ``QTabWidget`` whose pages hold word-wrapped labels reports a height for its width, and a box
layout then treats that height as the least it may get. In a column too short for both, the layout
squeezed every such item below it alike: the Plan tab's result card, whose height floor is its
wrapped texts' (:mod:`widgets.card_fit`), kept that floor and covered the top 48 px of the views
under it at 1280x720 in presentation mode. :class:`YieldingTabs` does not report a height for its
width, so the layout gives it only what is left, down to its minimum size, and its pages scroll
or shrink inside it as usual.
"""

from __future__ import annotations

from PySide6.QtWidgets import QTabWidget

__all__ = ["YieldingTabs"]


class YieldingTabs(QTabWidget):
    """A ``QTabWidget`` whose height is not negotiated by height-for-width (see the module)."""

    def hasHeightForWidth(self) -> bool:
        """Never: the column's other widgets keep their heights, this one takes the rest."""
        return False
