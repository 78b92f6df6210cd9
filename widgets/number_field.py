"""A labelled text field that validates as you type and shows the problem inline.

The field knows nothing about what the number means: it is given a ``parse`` callable (a core
validator) that returns a value or raises :class:`~core.errors.InputError`. Good values are emitted
after a short debounce; a bad value shows the validator's message under the field and keeps the
last good value, which Escape restores. The message is shown in the window's language
(:func:`widgets.i18n.localized`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QLabel, QLineEdit, QSizePolicy, QVBoxLayout, QWidget

from core.errors import InputError
from widgets.i18n import localized
from widgets.rich_text import plain_tip

if TYPE_CHECKING:
    from PySide6.QtGui import QKeyEvent

__all__ = ["NumberField"]

DEBOUNCE_MS = 150


class _Edit(QLineEdit):
    escapePressed = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.escapePressed.emit()
            return
        super().keyPressEvent(event)


class NumberField(QWidget):
    """A validated input: a line edit plus an inline error line.

    Parameters
    ----------
    parse
        Turns the text into a value or raises ``InputError`` with a message for the person.
    text
        Initial text (must parse).
    placeholder, tooltip
        Shown in the empty field and on hover.

    Signals
    -------
    valueChanged(object)
        A new good value, after the debounce (or immediately on Enter or focus out).
    validityChanged(bool)
        The text became valid or invalid.
    """

    valueChanged = Signal(object)
    validityChanged = Signal(bool)

    def __init__(
        self,
        parse: Callable[[str], Any],
        text: str,
        *,
        placeholder: str = "",
        tooltip: str = "",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._parse = parse
        self._value = parse(text)
        self._good_text = text
        self._valid = True
        self._edit = _Edit(text, self)
        self._edit.setPlaceholderText(placeholder)
        self._edit.setToolTip(plain_tip(tooltip))
        self._edit.setClearButtonEnabled(False)
        self._error = QLabel(self)
        self._error.setObjectName("fieldError")
        self._error.setWordWrap(True)
        self._error.setVisible(False)
        self._error.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self._edit)
        layout.addWidget(self._error)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DEBOUNCE_MS)
        self._timer.timeout.connect(self._commit)
        self._edit.textEdited.connect(lambda _text: self._timer.start())
        self._edit.editingFinished.connect(self._commit_now)
        self._edit.escapePressed.connect(self.revert)

    # Qt-style API -------------------------------------------------------------------------
    def value(self) -> Any:
        """The last good value."""
        return self._value

    def text(self) -> str:
        """The text as typed (possibly invalid)."""
        return self._edit.text()

    def setText(self, text: str) -> None:
        """Set the text from code: validated, emitted once if the value changed, no debounce."""
        self._edit.setText(text)
        self._commit()

    def setValue(self, value: Any, text: str | None = None) -> None:
        """Set a value from code without emitting (the caller already knows it)."""
        shown = (
            text if text is not None else f"{value:g}" if isinstance(value, float) else str(value)
        )
        self._edit.blockSignals(True)
        self._edit.setText(shown)
        self._edit.blockSignals(False)
        self._value, self._good_text = value, shown
        self._set_error(None)

    def isValid(self) -> bool:
        """Whether the current text parses."""
        return self._valid

    def errorText(self) -> str:
        """The inline message shown for the current text, as shown ('' when valid)."""
        return self._error.text() if not self._valid else ""

    def lineEdit(self) -> QLineEdit:
        """The inner line edit (for focus, shortcuts and tests)."""
        return self._edit

    def revert(self) -> None:
        """Restore the last good text (Escape does this)."""
        self._timer.stop()
        self._edit.setText(self._good_text)
        self._set_error(None)

    # internals --------------------------------------------------------------------------------
    def _commit_now(self) -> None:
        if self._timer.isActive():
            self._timer.stop()
            self._commit()

    def _commit(self) -> None:
        self._timer.stop()
        text = self._edit.text()
        try:
            value = self._parse(text)
        except InputError as exc:
            self._set_error(localized(exc.message))  # a core sentence, in the UI language
            return
        self._set_error(None)
        self._good_text = text
        if value != self._value:
            self._value = value
            self.valueChanged.emit(value)

    def _set_error(self, message: str | None) -> None:
        valid = message is None
        self._error.setText(message or "")
        self._error.setVisible(not valid)
        if valid != self._valid:
            self._valid = valid
            self._edit.setProperty("invalid", not valid)
            style = self._edit.style()  # re-apply the style sheet's [invalid="true"] rule
            style.unpolish(self._edit)
            style.polish(self._edit)
            self.validityChanged.emit(valid)
