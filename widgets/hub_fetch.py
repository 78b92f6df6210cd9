"""The row under a model box that offers to fetch a Hub model's config.json in the window.

Shown while the model typed is a Hugging Face Hub id (``org/name``) whose config.json is not in the
local cache: it says so in one line and offers "Fetch config.json"; while the fetch runs it shows a
busy bar and "Cancel"; a failure says why, with the button again. The row only asks: the tab
runs the fetch in a worker thread (:mod:`app.hub_fetch`) and reports back through
:meth:`HubFetchRow.set_busy`, :meth:`set_problem` and :meth:`set_missing`.

The offer and the busy state are one line as tall as the button: a short text (the id is in the
model box right above), elided if the row is narrower still, the whole sentence in its tooltip.
On a 1280x720 slide in Chinese the sentence with the id had wrapped into four lines beside the
button (102 px) and brought back the Plan inputs' scroll bar. A failure's reason is read whole:
it wraps above the line, across the row.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFontMetrics, QResizeEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from widgets.i18n import translate
from widgets.rich_text import plain_tip

__all__ = ["HubFetchRow", "OneLineLabel"]


class OneLineLabel(QLabel):
    """A plain-text label on one line that elides its text to the width it gets (its whole
    text is :attr:`full`). It asks for no width of its own, so a long text never widens the row
    it sits in."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.full = ""
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setMinimumWidth(1)

    def set_full_text(self, text: str) -> None:
        """Show ``text``, elided to the label's width."""
        self.full = text
        self._fit()

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Elide again for the new width."""
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        room = max(self.contentsRect().width(), 1)
        shown = QFontMetrics(self.font()).elidedText(self.full, Qt.TextElideMode.ElideRight, room)
        if self.text() != shown:
            self.setText(shown)


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
        self._sentence = ""
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(2)
        # A failure's reason, the row's whole width above the line (wrapped beside the button it
        # had been a column of words 321 px tall).
        self.reason = QLabel(self)
        self.reason.setWordWrap(True)
        self.reason.setTextFormat(Qt.TextFormat.PlainText)
        self.reason.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.reason.setVisible(False)
        column.addWidget(self.reason)
        layout = QHBoxLayout()
        layout.setContentsMargins(0, 0, 0, 0)
        column.addLayout(layout)
        self.message = OneLineLabel(self)
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
            translate("HubFetch", "Not in the local cache"),
            translate("HubFetch", "{repo} is not in the Hugging Face cache").format(repo=repo),
            busy=False,
        )

    def set_busy(self, repo: str) -> None:
        """Say the fetch of ``repo`` runs; "Cancel" stops waiting for it."""
        self.setVisible(True)
        self._show(
            translate("HubFetch", "Fetching config.json…"),
            translate("HubFetch", "Fetching the config.json of {repo}…").format(repo=repo),
            busy=True,
        )

    def set_problem(self, message: str) -> None:
        """Say why the fetch failed (already translated), wrapped above the line to be read
        whole; the line and its button stay to retry."""
        self.setVisible(True)
        self._show(translate("HubFetch", "Not in the local cache"), message, busy=False,
                   reason=message)  # fmt: skip

    def is_busy(self) -> bool:
        """Whether a fetch is shown as running."""
        return not self.busy.isHidden()

    def sentence(self) -> str:
        """What the row says in full (the short line's whole sentence, with the id)."""
        return self._sentence

    def _show(self, short: str, sentence: str, *, busy: bool, reason: str = "") -> None:
        self._sentence = sentence
        self.reason.setText(reason)
        self.reason.setVisible(bool(reason))
        self.message.set_full_text(short)
        self.message.setToolTip(plain_tip(sentence))
        self.busy.setVisible(busy)
        self.cancel_button.setVisible(busy)
        self.fetch_button.setVisible(not busy)
