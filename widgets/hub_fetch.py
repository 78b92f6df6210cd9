"""The row under a model box that offers to fetch a Hub model's config.json in the window.

Shown while the model typed is a Hugging Face Hub id (``org/name``) whose config.json is not in the
local cache: it says so in one line and offers "Fetch config.json"; while the fetch runs it shows a
busy bar and "Cancel"; a failure is one line with the button again. The row only asks: the tab
runs the fetch in a worker thread (:mod:`app.hub_fetch`) and reports back through
:meth:`HubFetchRow.set_busy`, :meth:`set_problem` and :meth:`set_missing`.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QPushButton, QWidget

from widgets.i18n import translate
from widgets.rich_text import plain_tip

__all__ = ["HubFetchRow"]


class HubFetchRow(QWidget):
    """A one-line offer to fetch a Hub model's config.json, with progress and cancel.

    Signals
    -------
    fetchRequested(str)
        The person asked to fetch the repository (``org/name[@revision]`` as typed).
    cancelRequested()
        The person cancelled the fetch in flight.
    """

    fetchRequested = Signal(str)
    cancelRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.text = ""
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.message = QLabel(self)
        self.message.setWordWrap(True)
        self.fetch_button = QPushButton(translate("HubFetch", "Fetch config.json"), self)
        self.fetch_button.setToolTip(
            translate(
                "HubFetch",
                "Download the model's config.json (a few kB, never its weights) from the Hugging "
                "Face Hub into the local cache the command line reads too",
            )
        )
        self.busy = QProgressBar(self)
        self.busy.setRange(0, 0)  # busy: a config is one small file, no byte count to show
        self.busy.setMaximumWidth(80)
        self.busy.setTextVisible(False)
        self.cancel_button = QPushButton(translate("HubFetch", "Cancel"), self)
        layout.addWidget(self.message, 1)
        for widget in (self.busy, self.fetch_button, self.cancel_button):
            layout.addWidget(widget)
        self.fetch_button.clicked.connect(lambda: self.fetchRequested.emit(self.text))
        self.cancel_button.clicked.connect(self.cancelRequested.emit)
        self.set_missing("", "")

    def set_missing(self, text: str, repo: str) -> None:
        """Offer to fetch ``repo`` (typed as ``text``); empty: hide the row."""
        self.text = text
        self.setVisible(bool(text))
        self._show(
            translate("HubFetch", "{repo} is not in the Hugging Face cache").format(repo=repo),
            busy=False,
        )

    def set_busy(self, repo: str) -> None:
        """Say the fetch of ``repo`` runs; "Cancel" stops waiting for it."""
        self.setVisible(True)
        self._show(
            translate("HubFetch", "Fetching the config.json of {repo}…").format(repo=repo),
            busy=True,
        )

    def set_problem(self, message: str) -> None:
        """Say why the fetch failed (one line, already translated); the button stays to retry."""
        self.setVisible(True)
        self._show(message, busy=False)

    def is_busy(self) -> bool:
        """Whether a fetch is shown as running."""
        return not self.busy.isHidden()

    def _show(self, message: str, *, busy: bool) -> None:
        self.message.setText(message)
        self.message.setToolTip(plain_tip(message))
        self.busy.setVisible(busy)
        self.cancel_button.setVisible(busy)
        self.fetch_button.setVisible(not busy)
