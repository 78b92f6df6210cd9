"""The Plan tab's days as rows: training, checkpoints, failures and the total, one line each,
their sources as the tooltip. The texts come made (:mod:`app.tabs.checkpoint_days`)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from widgets.rich_text import plain_tip

__all__ = ["DaysRows"]


class DaysRows(QWidget):
    """A bold title over the rows (one wrapped label, a row per line); hidden without rows."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 6, 0, 0)
        layout.setSpacing(2)
        self.title = QLabel(self)
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.title.setWordWrap(True)
        self.body = QLabel(self)
        self.body.setWordWrap(True)
        self.body.setTextFormat(Qt.TextFormat.PlainText)
        layout.addWidget(self.title)
        layout.addWidget(self.body)
        self._rows: list[str] = []
        self.setVisible(False)

    def set_rows(self, title: str, rows: list[tuple[str, str]]) -> None:
        """Show ``rows`` of (text, source) under ``title``; the sources make the tooltip."""
        self._rows = [text for text, _ in rows]
        self.title.setText(title)
        self.body.setText("\n".join(self._rows))
        tip = "\n\n".join(f"{text}\n{why}" if why else text for text, why in rows)
        self.setToolTip(plain_tip(tip) if tip else "")
        self.setVisible(bool(rows))

    def texts(self) -> list[str]:
        """The rows' texts (tests, the layout audit)."""
        return list(self._rows)
