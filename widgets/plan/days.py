"""The Plan tab's days as rows: training, checkpoints, failures and the total, each a line of
text with its source as the tooltip. The texts come made (:mod:`app.tabs.checkpoint_days`)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from widgets.rich_text import plain_tip

__all__ = ["DaysRows"]


class DaysRows(QWidget):
    """A title and one wrapped label per row; hidden while there are no rows."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 6, 0, 0)
        self._layout.setSpacing(2)
        self.title = QLabel(self)
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.title.setWordWrap(True)
        self._layout.addWidget(self.title)
        self.rows: list[QLabel] = []
        self.setVisible(False)

    def set_rows(self, title: str, rows: list[tuple[str, str]]) -> None:
        """Show ``rows`` of (text, tooltip) under ``title``; no rows: hide."""
        for label in self.rows:
            self._layout.removeWidget(label)
            label.deleteLater()
        self.rows = []
        self.title.setText(title)
        for text, tip in rows:
            label = QLabel(text, self)
            label.setWordWrap(True)
            label.setTextFormat(Qt.TextFormat.PlainText)
            label.setToolTip(plain_tip(tip) if tip else "")
            self._layout.addWidget(label)
            self.rows.append(label)
        self.setVisible(bool(rows))

    def texts(self) -> list[str]:
        """The rows' texts (tests, the layout audit)."""
        return [label.text() for label in self.rows]
