"""A combo box that fills its items the first time it is opened or focused.

For lists whose source is costly to import on the start-up path (model presets, say): the combo
starts with its first item only and asks ``populate`` for the rest when the person reaches for it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QComboBox, QWidget

from widgets.rich_text import plain_tip

if TYPE_CHECKING:
    from PySide6.QtGui import QFocusEvent

__all__ = ["LazyComboBox"]


class LazyComboBox(QComboBox):
    """``populate()`` returns ``(text, data, tooltip)`` items appended after the first item."""

    def __init__(
        self,
        first: tuple[str, Any],
        populate: Callable[[], Iterable[tuple[str, Any, str]]],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.addItem(*first)
        self._populate: Callable[[], Iterable[tuple[str, Any, str]]] | None = populate

    def ensure_populated(self) -> None:
        """Add the items now if they are not there yet (no signal is emitted)."""
        if self._populate is None:
            return
        populate, self._populate = self._populate, None
        self.blockSignals(True)
        for text, data, tip in populate():
            self.addItem(text, data)
            self.setItemData(self.count() - 1, plain_tip(tip), 3)  # 3 = Qt.ToolTipRole
        self.blockSignals(False)

    def showPopup(self) -> None:
        self.ensure_populated()
        super().showPopup()

    def focusInEvent(self, event: QFocusEvent) -> None:
        self.ensure_populated()
        super().focusInEvent(event)
