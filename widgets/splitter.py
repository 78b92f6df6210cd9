"""A splitter that returns to its default proportions when the window's mode changes.

A ``QSplitter`` keeps whatever sizes its children had when it was laid out. A page built while
presentation mode was on (after a language switch, say) is laid out at the larger font, and its
control column kept that width after presentation mode was turned off. :class:`DefaultSplitter`
remembers the proportions it was given; its page calls :meth:`DefaultSplitter.restore` after every
theme or mode change, which puts them back unless the person dragged the handle (their choice wins
until the page is rebuilt).

The proportions also hold when the splitter is resized: a ``QSplitter`` gives a resize to its
stretching child and keeps the others' widths, so after a 1920-wide window the Plan tab's inputs
kept 503 px at 1280 (40 %, not the default 27 %), its result column lost 74 px, its wrapped
texts needed 173 px more, and a 1280x720 presentation window grew to 752 (found by the layout
test in one order of its cases). Until the person drags a handle.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSplitter, QWidget

if TYPE_CHECKING:
    from PySide6.QtGui import QResizeEvent

__all__ = ["DefaultSplitter"]


class DefaultSplitter(QSplitter):
    """A ``QSplitter`` with default proportions (``weights``, e.g. pixels at 1280 wide).

    Parameters
    ----------
    orientation
        ``Qt.Orientation.Horizontal`` or ``Vertical``.
    weights
        One weight per child, in order: the space is shared in these proportions (a child's
        minimum size still wins).
    """

    def __init__(
        self, orientation: Qt.Orientation, weights: Sequence[int], parent: QWidget | None = None
    ) -> None:
        super().__init__(orientation, parent)
        self._weights = [int(w) for w in weights]
        self._dragged = False
        self.splitterMoved.connect(self._on_moved)

    def _on_moved(self, _pos: int, _index: int) -> None:
        self._dragged = True

    @property
    def dragged(self) -> bool:
        """Whether the person moved a handle (then :meth:`restore` leaves the sizes alone)."""
        return self._dragged

    def restore(self) -> None:
        """Share the space in the default proportions again (not after the person dragged)."""
        if self._dragged or self.count() != len(self._weights):
            return
        sizes = self._weights  # before the first layout Qt shares the space in these weights
        total = sum(self.sizes())
        if total > 0:  # laid out: exact shares of the space it has
            weight = sum(self._weights)
            sizes = [round(total * w / weight) for w in self._weights]
        self.blockSignals(True)
        self.setSizes(sizes)
        self.blockSignals(False)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Lay out at the new size, in the default proportions (unless the person dragged)."""
        super().resizeEvent(event)
        self.restore()
