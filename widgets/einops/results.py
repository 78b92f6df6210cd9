"""Views of an einops analysis: the axis table, the plan table, copyable code, real tensors.

They render :class:`~core.einops.model.AxisInfo` / :class:`~core.einops.model.PlanStep` records
and text from ``core``; they compute nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QSize, Qt, Signal
from PySide6.QtGui import (
    QFont,
    QFontMetricsF,
    QGuiApplication,
    QTextBlockFormat,
    QTextCursor,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from core.einops.model import AxisInfo, PlanStep
from core.einops.text import format_shape
from widgets.einops.editor import axis_colors, is_dark
from widgets.fonts import mono_font
from widgets.i18n import localized, translate
from widgets.rich_text import plain_tip

__all__ = ["AxisTable", "CodeEdit", "CodeView", "PlanTable", "TensorCompare"]


def _mono(widget: QWidget | None = None) -> QFont:
    """The bundled monospaced font; at ``widget``'s size when given (so presentation mode scales
    it), else at :data:`~widgets.fonts.START_POINT_SIZE` (its page's theme then sizes it)."""
    return mono_font(widget.font() if widget is not None else None)


def _role(role: str) -> str:
    """An axis role (:class:`~core.einops.model.AxisInfo`'s identifier) in the person's language."""
    names = {
        "kept": translate("EinopsResults", "kept"),
        "split": translate("EinopsResults", "split"),
        "merged": translate("EinopsResults", "merged"),
        "split+merged": translate("EinopsResults", "split+merged"),
        "reduced": translate("EinopsResults", "reduced"),
        "repeated": translate("EinopsResults", "repeated"),
        "broadcast": translate("EinopsResults", "broadcast"),
        "contracted": translate("EinopsResults", "contracted"),
        "summed": translate("EinopsResults", "summed"),
        "packed": translate("EinopsResults", "packed"),
        "ellipsis": translate("EinopsResults", "ellipsis"),
    }
    return names.get(role, role)


def _step(op: str) -> str:
    """A plan step's name: torch's own operations stay as in the code; the others translated."""
    names = {
        "input": translate("EinopsResults", "input"),
        "multiply": translate("EinopsResults", "multiply"),
    }
    return names.get(op, op)


class _Table(QTableWidget):
    """A read-only table as tall as its rows (so a layout can give it just that) whose columns
    with nothing to show are hidden; long cells wrap and their rows grow."""

    def __init__(self, headers: Sequence[str], parent: QWidget | None = None) -> None:
        super().__init__(0, len(headers), parent)
        self.setHorizontalHeaderLabels(list(headers))
        self.verticalHeader().setVisible(False)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setWordWrap(True)
        self._stretch_last_shown()
        # Rows follow their wrapped text when the column narrows or the font grows, and the
        # table's size hint follows the rows.
        rows = self.verticalHeader()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        rows.sectionResized.connect(lambda *_: self.updateGeometry())

    def _item(self, text: str, align_right: bool = False) -> QTableWidgetItem:
        item = QTableWidgetItem(text)
        item.setToolTip(plain_tip(text))
        if align_right:
            item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return item

    def _show_columns_with_text(self, columns: Sequence[int]) -> None:
        """Hide each of ``columns`` whose cells are all empty; show it again once one is not."""
        for col in columns:
            empty = all(
                self.item(row, col) is None or not self.item(row, col).text()
                for row in range(self.rowCount())
            )
            self.setColumnHidden(col, (empty and self.rowCount() > 0) or self._hidden(col))
        self._stretch_last_shown()

    def _hidden(self, column: int) -> bool:
        """Whether ``column`` is hidden whatever it holds (subclasses choose)."""
        return False

    def _stretch_last_shown(self) -> None:
        """Columns as wide as their contents, but the last shown one takes the rest (and wraps)."""
        header = self.horizontalHeader()
        shown = [c for c in range(self.columnCount()) if not self.isColumnHidden(c)]
        for col in shown:
            mode = QHeaderView.ResizeMode.ResizeToContents
            if col == shown[-1]:
                mode = QHeaderView.ResizeMode.Stretch
            header.setSectionResizeMode(col, mode)

    def contentHeight(self) -> int:
        """Pixels the header and every row need (what the table asks a layout for)."""
        header = self.horizontalHeader()
        head = header.height() if header.isVisible() else 0
        head = max(head, header.sizeHint().height())
        bar = self.horizontalScrollBar()
        below = bar.sizeHint().height() if bar.isVisible() else 0
        return 2 * self.frameWidth() + head + self.verticalHeader().length() + below

    def sizeHint(self) -> QSize:
        return QSize(super().sizeHint().width(), self.contentHeight())

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        return QSize(hint.width(), min(hint.height(), self.contentHeight()))


class AxisTable(_Table):
    """One row per elementary axis: name (in its pattern colour), length, role, note.

    In compact mode (presentation) the notes stay in the tooltips and the axes run in two groups
    of columns side by side: the role column had room for them, a 720 px slide had no height for
    a row per axis under Chinese (taller) lines.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        self._headers = [
            translate("EinopsResults", "Axis"),
            translate("EinopsResults", "Length"),
            translate("EinopsResults", "Role"),
            translate("EinopsResults", "Note"),
        ]
        super().__init__(self._headers, parent)
        self._compact = False
        self._axes: list[AxisInfo] = []
        self._pattern = ""

    def setCompact(self, compact: bool) -> None:
        """Hide the Note column (the notes stay in each row's tooltips) when ``compact``."""
        self._compact = compact
        self.setAxes(self._axes, self._pattern)

    def _hidden(self, column: int) -> bool:
        return self._compact and column % 4 == 3

    def groups(self) -> int:
        """Groups of (axis, length, role, note) columns side by side: 2 when compact."""
        return 2 if self._compact and len(self._axes) > 2 else 1

    def setAxes(self, axes: Sequence[AxisInfo], pattern: str = "") -> None:
        """Show ``axes``, names coloured as in ``pattern``'s editor (an empty list clears)."""
        self._axes, self._pattern = list(axes), pattern
        groups = self.groups()
        if self.columnCount() != 4 * groups:
            self.setColumnCount(4 * groups)
            self.setHorizontalHeaderLabels(self._headers * groups)
        self.clearContents()
        rows = -(-len(axes) // groups)
        self.setRowCount(rows)
        colors = axis_colors(pattern, is_dark(self))
        for i, axis in enumerate(axes):
            row, base = (i % rows, 4 * (i // rows)) if rows else (0, 0)
            name = self._item(axis.name)
            if axis.name in colors:
                name.setForeground(colors[axis.name])
            name.setFont(_mono(self))
            self.setItem(row, base, name)
            self.setItem(row, base + 1, self._item(f"{axis.length:,}", align_right=True))
            role = self._item(_role(axis.role))
            note = localized(axis.note)
            if note:
                for item in (name, role):
                    item.setToolTip(plain_tip(note))
            self.setItem(row, base + 2, role)
            self.setItem(row, base + 3, self._item(note))
        self._show_columns_with_text(range(3, 4 * groups, 4))
        self.resizeRowsToContents()
        self.updateGeometry()


class PlanTable(_Table):
    """One row per step: operation, shape after it, view or copy, and what it does."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(
            (
                translate("EinopsResults", "Step"),
                translate("EinopsResults", "Shape after"),
                translate("EinopsResults", "Memory"),
                translate("EinopsResults", "What"),
            ),
            parent,
        )
        what = self.horizontalHeaderItem(3)
        what.setToolTip(
            translate("EinopsResults", "What the step does (→ the axis names after it)")
        )
        self._compact = False
        self._steps: list[PlanStep] = []

    def setCompact(self, compact: bool) -> None:
        """Keep the axis names after each step only in its tooltip when ``compact`` (the shape
        column says as much; the wrapped names took the plan's last rows off a 720 px slide)."""
        if compact != self._compact:
            self._compact = compact
            self.setPlan(self._steps)

    def setPlan(self, steps: Sequence[PlanStep]) -> None:
        """Show ``steps``."""
        self._steps = list(steps)
        self.setRowCount(len(steps))
        for row, step in enumerate(steps):
            self.setItem(row, 0, self._item(_step(step.op)))
            shape = self._item(format_shape(step.shape))
            shape.setFont(_mono(self))
            self.setItem(row, 1, shape)
            memory = {
                True: translate("EinopsResults", "view"),
                False: translate("EinopsResults", "copy"),
                None: "",
            }[step.is_view]
            self.setItem(row, 2, self._item(memory))
            names = " ".join(step.names)
            extra = f"  →  {names}" if names and names not in step.detail else ""
            detail = localized(step.detail)
            what = self._item(detail if self._compact else detail + extra)
            what.setToolTip(plain_tip(detail + extra))
            self.setItem(row, 3, what)
        self._show_columns_with_text((2,))
        self.resizeRowsToContents()
        self.updateGeometry()


class CodeEdit(QTextEdit):
    """Read-only code whose wrapped lines hang under their first line's code (slides).

    When the view wraps (presentation mode), the rest of a long line starts :data:`HANG`
    characters in, so a wrapped comment or call never reads as a line of its own at column 0.
    The text itself is unchanged: copying gives the code as written. (A ``QPlainTextEdit`` lays
    every line out from the left margin; ``QTextEdit``'s layout honours a block's indent.)
    """

    HANG = 4

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setReadOnly(True)
        self.setAcceptRichText(False)
        self.setLineWrapMode(QTextEdit.LineWrapMode.NoWrap)

    def setPlainText(self, text: str) -> None:
        """Show ``text`` as plain text, with the hanging indent."""
        super().setPlainText(text)
        self._hang()

    def changeEvent(self, event: QEvent) -> None:
        """Keep the indent at :data:`HANG` characters when the font changes (presentation)."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._hang()

    def _hang(self) -> None:
        indent = self.HANG * QFontMetricsF(self.font()).horizontalAdvance(" ")
        fmt = QTextBlockFormat()
        fmt.setLeftMargin(indent)
        fmt.setTextIndent(-indent)
        cursor = QTextCursor(self.document())
        cursor.select(QTextCursor.SelectionType.Document)
        cursor.mergeBlockFormat(fmt)


class CodeView(QWidget):
    """Read-only, monospaced code with a Copy button.

    Signals
    -------
    copied()
        The code was put on the clipboard.
    """

    copied = Signal()

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = QLabel(title, self)
        self.title.setObjectName("cardTitle")
        self.copy_button = QPushButton(translate("EinopsResults", "Copy"), self)
        self.copy_button.setToolTip(translate("EinopsResults", "Copy the code to the clipboard"))
        self.copy_button.clicked.connect(self.copy)
        self.edit = CodeEdit(self)
        self.edit.setFont(_mono())
        top = QHBoxLayout()
        top.addWidget(self.title)
        top.addStretch(1)
        top.addWidget(self.copy_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.edit)

    def setCode(self, code: str) -> None:
        """Show ``code``."""
        self.edit.setPlainText(code)
        self.copy_button.setEnabled(bool(code))

    def code(self) -> str:
        """The code shown."""
        return self.edit.toPlainText()

    def copy(self) -> None:
        """Put the code on the clipboard."""
        QGuiApplication.clipboard().setText(self.code())
        self.copied.emit()


class TensorCompare(QWidget):
    """Input values and output values side by side (monospaced text)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.inputs = QPlainTextEdit(self)
        self.outputs = QPlainTextEdit(self)
        placeholders = (
            translate("EinopsResults", "Inputs appear here after “Run on real tensors”."),
            translate("EinopsResults", "Outputs appear here after “Run on real tensors”."),
        )
        for edit, placeholder in zip((self.inputs, self.outputs), placeholders, strict=True):
            edit.setReadOnly(True)
            edit.setFont(_mono())
            edit.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
            edit.setPlaceholderText(placeholder)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.inputs, 1)
        layout.addWidget(self.outputs, 1)

    def setValues(self, inputs: Sequence[str], outputs: Sequence[str]) -> None:
        """Show each input's and output's text, labelled ``x0``/``y0``..."""
        self.inputs.setPlainText("\n\n".join(f"x{i}: {localized(t)}" for i, t in enumerate(inputs)))
        self.outputs.setPlainText(
            "\n\n".join(f"y{i}: {localized(t)}" for i, t in enumerate(outputs))
        )

    def clear(self) -> None:
        """Remove the values shown."""
        self.inputs.clear()
        self.outputs.clear()
