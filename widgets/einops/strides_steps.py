"""An editable chain of operations: one row per step (its text, what it gave, a remove button).

The page parses and applies the steps (:mod:`core.einops.strides_chain`) and hands each row its
verdict as text; this widget only edits, shows and selects.

Signals
-------
changed()
    A step's text was edited, or a step was added or removed.
currentChanged(int)
    Another row was selected (its text field got the focus); -1 for the start tensor.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QScrollArea,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from widgets.fonts import mono_font
from widgets.rich_text import plain_tip

__all__ = ["StepsEditor"]

#: At most this many steps (each row is drawn; a chain of 20 already tells its story).
MAX_STEPS = 20


class _Row:
    """The widgets of one step."""

    def __init__(self, parent: QWidget, number: int) -> None:
        self.number = QLabel(f"{number}.", parent)
        self.edit = QLineEdit(parent)
        self.edit.setFont(mono_font(parent.font()))
        self.result = QLabel(parent)
        self.result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.remove = QToolButton(parent)
        self.remove.setText("✕")
        self.remove.setAutoRaise(True)

    def widgets(self) -> tuple[QWidget, ...]:
        return (self.number, self.edit, self.result, self.remove)


class StepsEditor(QWidget):
    """Rows of operations with add/remove, a verdict per row and a selected row."""

    changed = Signal()
    currentChanged = Signal(int)

    def __init__(
        self,
        templates: list[tuple[str, str]],
        texts: dict[str, str],
        parent: QWidget | None = None,
    ) -> None:
        """``templates``: (label, operation text) offered by "Add step"; ``texts``: the UI's
        words (``add``, ``add_tip``, ``remove_tip``, ``edit_tip``, ``full``)."""
        super().__init__(parent)
        self._texts = texts
        self._rows: list[_Row] = []
        self._current = -1
        self._inner = QWidget(self)
        column = QVBoxLayout(self._inner)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(4)
        self._grid = QGridLayout()
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.setHorizontalSpacing(6)
        self._grid.setVerticalSpacing(3)
        self._grid.setColumnStretch(1, 3)
        self._grid.setColumnStretch(2, 2)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(self._inner)
        self._scroll = scroll
        self.add_button = QToolButton(self._inner)
        self.add_button.setText(texts["add"])
        self.add_button.setToolTip(plain_tip(texts["add_tip"]))
        self.add_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(self.add_button)
        for label, op in templates:
            action = QAction(label, menu)
            action.setData(op)
            action.triggered.connect(self._add_from_action)
            menu.addAction(action)
        self.add_button.setMenu(menu)
        column.addLayout(self._grid)
        column.addWidget(self.add_button, 0, Qt.AlignmentFlag.AlignLeft)  # right under the rows
        column.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(scroll, 1)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)

    # API ------------------------------------------------------------------------------------
    def steps(self) -> list[str]:
        """The operations as typed."""
        return [row.edit.text() for row in self._rows]

    def setSteps(self, texts: list[str]) -> None:
        """Replace every step (no :attr:`changed` signal)."""
        for row in self._rows:
            for w in row.widgets():
                self._grid.removeWidget(w)
                w.hide()  # gone now, not at the next event loop pass (a screenshot comes first)
                w.deleteLater()
        self._rows = []
        for text in texts[:MAX_STEPS]:
            self._append(text)
        self._current = min(self._current, len(self._rows) - 1)

    def addStep(self, text: str) -> None:
        """Append a step, select it and say :attr:`changed`."""
        if len(self._rows) >= MAX_STEPS:
            return
        row = self._append(text)
        self._update_add()
        row.edit.setFocus()
        self._select(len(self._rows) - 1)
        self.changed.emit()

    def removeStep(self, index: int) -> None:
        """Remove step ``index`` and say :attr:`changed`."""
        if not 0 <= index < len(self._rows):
            return
        texts = self.steps()
        del texts[index]
        self.setSteps(texts)
        self._update_add()
        self._select(min(index, len(self._rows) - 1))
        self.changed.emit()

    def setVerdict(self, index: int, text: str, tip: str, state: str) -> None:
        """Row ``index`` says ``text`` (tooltip ``tip``); ``state`` is ``view``, ``copy``,
        ``refused``, ``invalid`` (its text is not an operation: the field turns red) or
        ``skipped``."""
        row = self._rows[index]
        row.result.setText(text)
        row.result.setToolTip(plain_tip(tip) if tip else "")
        row.result.setProperty("state", state)
        row.result.setObjectName("warningText" if state in ("refused", "invalid") else "")
        row.result.style().unpolish(row.result)
        row.result.style().polish(row.result)
        bad = state == "invalid"
        if row.edit.property("invalid") != bad:
            row.edit.setProperty("invalid", bad)
            row.edit.style().unpolish(row.edit)
            row.edit.style().polish(row.edit)

    def verdict(self, index: int) -> str:
        """Row ``index``'s verdict text (for tests)."""
        return self._rows[index].result.text()

    def currentRow(self) -> int:
        """The selected step (-1: the start tensor)."""
        return self._current

    def setCurrentRow(self, index: int) -> None:
        """Select step ``index`` (-1 for the start tensor)."""
        self._select(max(-1, min(index, len(self._rows) - 1)))

    def editor(self, index: int) -> QLineEdit:
        """Step ``index``'s text field."""
        return self._rows[index].edit

    def setCompact(self, compact: bool) -> None:
        """Presentation mode: tighter rows."""
        self._grid.setVerticalSpacing(1 if compact else 3)

    # internals ------------------------------------------------------------------------------
    def _append(self, text: str) -> _Row:
        row = _Row(self._inner, len(self._rows) + 1)
        row.edit.setText(text)
        row.edit.setToolTip(plain_tip(self._texts["edit_tip"]))
        row.remove.setToolTip(plain_tip(self._texts["remove_tip"]))
        row.edit.textEdited.connect(self._edited)
        row.edit.installEventFilter(self)
        row.remove.clicked.connect(self._remove_clicked)
        r = len(self._rows)
        for col, w in enumerate(row.widgets()):
            self._grid.addWidget(w, r, col)
        self._rows.append(row)
        return row

    def _update_add(self) -> None:
        full = len(self._rows) >= MAX_STEPS
        self.add_button.setEnabled(not full)

    def _edited(self) -> None:
        self.changed.emit()

    def _remove_clicked(self) -> None:
        sender = self.sender()
        for i, row in enumerate(self._rows):
            if row.remove is sender:
                self.removeStep(i)
                return

    def _add_from_action(self) -> None:
        action = self.sender()
        if isinstance(action, QAction):
            self.addStep(str(action.data()))

    def _select(self, index: int) -> None:
        if index != self._current:
            self._current = index
            for i, row in enumerate(self._rows):
                row.number.setStyleSheet("font-weight: bold;" if i == index else "")
            self.currentChanged.emit(index)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.FocusIn:
            for i, row in enumerate(self._rows):
                if row.edit is watched:
                    self._select(i)
        return super().eventFilter(watched, event)
