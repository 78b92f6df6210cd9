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
        """Share the space in the default proportions again (not after the person dragged).

        The space is the splitter's own length less the handles between its shown children,
        read from the children's visibility now: :meth:`sizes` lags a child just shown or hidden
        until Qt's next layout pass, and a share computed from it came out one handle too large
        (the last child then lost that pixel, or not, depending on what ran before).
        """
        if self._dragged or self.count() != len(self._weights):
            return
        sizes = self._weights  # before the first layout Qt shares the space in these weights
        if sum(self.sizes()) > 0:  # laid out: exact shares of the space it has
            sizes = self._shares(self._free_length())
        self.blockSignals(True)
        self.setSizes(sizes)
        self.blockSignals(False)

    def _free_length(self) -> int:
        """The splitter's length along its orientation less the handles of its shown children."""
        horizontal = self.orientation() == Qt.Orientation.Horizontal
        rect = self.contentsRect()
        length = rect.width() if horizontal else rect.height()
        shown = [i for i in range(self.count()) if not self.widget(i).isHidden()]
        for i in shown[1:]:  # the first shown child's handle is hidden
            hint = self.handle(i).sizeHint()
            length -= hint.width() if horizontal else hint.height()
        return max(0, length)

    def _shares(self, total: int) -> list[int]:
        """``total`` pixels in the weights' proportions, rounded so that they add up exactly."""
        weight = sum(self._weights) or 1
        exact = [total * w / weight for w in self._weights]
        sizes = [int(x) for x in exact]
        order = sorted(range(len(exact)), key=lambda i: (sizes[i] - exact[i], i))
        for i in order[: total - sum(sizes)]:  # largest remainders first
            sizes[i] += 1
        return sizes

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Lay out at the new size, in the default proportions (unless the person dragged)."""
        super().resizeEvent(event)
        self.restore()
