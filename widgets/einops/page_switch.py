"""A two-or-more-way switch between a tab's inner pages: checkable buttons side by side.

It sits in a row the page already has (the Einops tab's headline), so an inner page costs no
height of its own, where a tab bar would take a row.

Signals
-------
pageChanged(int)
    The person picked another page (not emitted by :meth:`setPage`).
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QButtonGroup, QHBoxLayout, QToolButton, QWidget

from widgets.rich_text import plain_tip

__all__ = ["PageSwitch"]


class PageSwitch(QWidget):
    """Checkable buttons, one per page, exactly one checked."""

    pageChanged = Signal(int)

    def __init__(self, pages: list[tuple[str, str]], parent: QWidget | None = None) -> None:
        """``pages``: (label, tooltip) per page."""
        super().__init__(parent)
        self._group = QButtonGroup(self)
        self._group.setExclusive(True)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        for i, (label, tip) in enumerate(pages):
            button = QToolButton(self)
            button.setText(label)
            button.setToolTip(plain_tip(tip))
            button.setCheckable(True)
            button.setChecked(i == 0)
            self._group.addButton(button, i)
            layout.addWidget(button)
        self._group.idClicked.connect(self.pageChanged)
        # the page shown in the highlight colours (a checked button's own shading is faint in the
        # dark theme)
        self.setStyleSheet(
            "QToolButton { padding: 0px 3px; border: 1px solid palette(mid); }"
            "QToolButton:checked { background: palette(highlight); color: palette(highlighted-text); }"
        )

    def page(self) -> int:
        """The checked page."""
        return self._group.checkedId()

    def setPage(self, index: int) -> None:
        """Check page ``index`` without emitting :attr:`pageChanged`."""
        button = self._group.button(index)
        if button is not None:
            button.setChecked(True)

    def buttons(self) -> list[QToolButton]:
        """The buttons, in page order (for tests)."""
        return [self._group.button(i) for i in range(len(self._group.buttons()))]
