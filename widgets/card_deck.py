"""Cards that reflow to the room they have, and page instead of scrolling when it runs out.

A :class:`CardDeck` puts its cards in as many columns as fit (each at least ``min_chars``
average characters wide at the current font). When all rows do not fit its height it shows one
row at a time and a row of toggle buttons, named after the cards, to switch rows: nothing
scrolls and nothing is cut off, in presentation mode at 1280×720 as on a large screen.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSize, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from widgets.i18n import translate
from widgets.rich_text import plain_tip

__all__ = ["CardDeck"]


def _title(card: QWidget) -> str:
    """The card's name on a page button: its ``shortTitle`` property, else its title."""
    short = card.property("shortTitle")
    if isinstance(short, str) and short:
        return short
    label = card.findChild(QLabel, "cardTitle")
    return label.text() if label is not None else card.objectName()


class CardDeck(QWidget):
    """Cards in reflowing columns; rows become pages when the height runs out.

    Signals
    -------
    pageChanged(int)
        The row shown when paged (0 when every row is shown).
    """

    pageChanged = Signal(int)

    def __init__(
        self,
        cards: Sequence[QWidget],
        parent: QWidget | None = None,
        *,
        min_chars: int = 46,
        spacing: int = 14,
    ) -> None:
        super().__init__(parent)
        self.cards = list(cards)
        self._min_chars = min_chars
        self._spacing = spacing
        self._arrangement: tuple[int, bool] = (0, False)
        self._page = 0
        self._pager_texts: list[list[str]] = []
        self.pager = QWidget(self)
        self._pager_row = QHBoxLayout(self.pager)
        self._pager_row.setContentsMargins(0, 0, 0, 0)
        self._buttons = QButtonGroup(self)
        self._buttons.setExclusive(True)
        self._buttons.idClicked.connect(self.set_page)
        self.pager.setVisible(False)
        self._grid = QGridLayout()
        self._grid.setSpacing(spacing)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(spacing // 2)
        outer.addWidget(self.pager)
        outer.addLayout(self._grid)
        outer.addStretch(1)
        for card in self.cards:
            card.setParent(self)

    # geometry ---------------------------------------------------------------------------------
    def _columns(self, width: int) -> int:
        card_width = self.fontMetrics().averageCharWidth() * self._min_chars
        fit = (width + self._spacing) // max(1, card_width + self._spacing)
        return max(1, min(len(self.cards), fit))

    def _rows(self, columns: int) -> list[list[QWidget]]:
        return [self.cards[i : i + columns] for i in range(0, len(self.cards), columns)]

    def _row_height(self, row: list[QWidget], column_width: int) -> int:
        heights = []
        for card in row:
            h = card.heightForWidth(column_width) if card.hasHeightForWidth() else -1
            heights.append(max(h, card.minimumSizeHint().height()))
        return max(heights)

    def minimumSizeHint(self) -> QSize:
        """One card's width; the tallest card's own minimum plus the pager.

        Not the height the cards want at the current width: that width lags font and theme
        changes, and a minimum that follows it would push the window past the screen.
        """
        width = self.fontMetrics().averageCharWidth() * self._min_chars
        tallest = max(c.minimumSizeHint().height() for c in self.cards)
        return QSize(width, tallest + self.pager.sizeHint().height() + self._spacing)

    def sizeHint(self) -> QSize:
        """As small as the minimum: the deck adapts to what it is given."""
        return self.minimumSizeHint()

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Reflow for the new size."""
        super().resizeEvent(event)
        self.reflow()
        self._fit_pager_texts()

    # arrangement ------------------------------------------------------------------------------
    def is_paged(self) -> bool:
        """Whether one row is shown at a time."""
        return self._arrangement[1]

    def page(self) -> int:
        """The row shown when paged."""
        return self._page

    def set_page(self, page: int) -> None:
        """Show row ``page`` (when paged)."""
        page = max(0, min(page, len(self.cards) - 1))
        if page != self._page:
            self._page = page
            self._arrangement = (0, False)  # force a re-grid
            self.reflow()
            self.pageChanged.emit(page)

    def reflow(self) -> None:
        """Choose the columns and whether to page, then place the cards."""
        width = self.width()
        columns = self._columns(width)
        rows = self._rows(columns)
        column_width = (width - self._spacing * (columns - 1)) // columns
        heights = [self._row_height(row, column_width) for row in rows]
        total = sum(heights) + self._spacing * (len(rows) - 1)
        paged = len(rows) > 1 and total > self.height()
        if (columns, paged) == self._arrangement:
            return
        self._arrangement = (columns, paged)
        self._page = min(self._page, len(rows) - 1)
        self._fill_pager(rows if paged else [])
        for card in self.cards:
            self._grid.removeWidget(card)
        for r, row in enumerate(rows):
            shown = not paged or r == self._page
            for c, card in enumerate(row):
                card.setVisible(shown)
                if shown:
                    self._grid.addWidget(card, 0 if paged else r, c)
        for c in range(len(self.cards)):
            self._grid.setColumnStretch(c, 1 if c < columns else 0)

    def _fill_pager(self, rows: list[list[QWidget]]) -> None:
        for button in self._buttons.buttons():
            self._buttons.removeButton(button)
            button.deleteLater()
        while self._pager_row.count():
            self._pager_row.takeAt(0)
        self._pager_texts = []
        for i, row in enumerate(rows):
            button = QToolButton(self.pager)
            titles = [_title(card) for card in row]
            self._pager_texts.append(titles)
            button.setCheckable(True)
            button.setChecked(i == self._page)
            tip = translate("CardDeck", "Show these cards")
            button.setToolTip(plain_tip(tip + ": " + ", ".join(titles)))
            self._buttons.addButton(button, i)
            self._pager_row.addWidget(button)
        self._pager_row.addStretch(1)
        self.pager.setVisible(bool(rows))
        self._fit_pager_texts()

    def _fit_pager_texts(self) -> None:
        """Name each page button after its cards when the row of buttons fits the deck's width;
        else after its first card ("Checkpoint …"); else by its number (the tooltip names the
        cards): more cards than a slide's width holds never push the buttons past the edge."""
        buttons = self._buttons.buttons()
        texts = getattr(self, "_pager_texts", [])
        if not buttons or len(buttons) != len(texts):
            return
        room = max(1, self.width()) - self._pager_row.spacing() * (len(buttons) - 1)
        styles = (
            ["  ·  ".join(t) for t in texts],
            [t[0] + (" …" if len(t) > 1 else "") for t in texts],
            [str(i + 1) for i in range(len(texts))],
        )
        for labels in styles:
            for button, label in zip(buttons, labels, strict=True):
                button.setText(label)
            if sum(b.sizeHint().width() for b in buttons) <= room:
                return
