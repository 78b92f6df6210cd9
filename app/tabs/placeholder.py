"""The page shown by a tab whose issue has not landed yet."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout

from app.tabs.base import TabPage

__all__ = ["PlaceholderPage"]


class PlaceholderPage(TabPage):
    """A short "not built yet" page saying what the tab will show."""

    def __init__(self, tab_id: str, title: str, promise: str) -> None:
        super().__init__()
        self.tab_id = tab_id
        layout = QVBoxLayout(self)
        heading = QLabel(f"{title}: not built yet", self)
        heading.setObjectName("cardTitle")
        body = QLabel(promise, self)
        body.setWordWrap(True)
        body.setMaximumWidth(640)
        for label in (heading, body):
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addStretch(1)
        layout.addWidget(heading, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addWidget(body, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch(2)
