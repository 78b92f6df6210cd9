"""A one-line einops pattern editor that colours axis names and underlines the error's token.

Each axis name gets a colour by order of first appearance (the same colour in the axis table,
see :func:`axis_colors`); ``->``, brackets, ``...`` and ``*`` are drawn bold. The editor only shows text;
the error span comes from the analysis.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QKeyEvent,
    QPalette,
    QSyntaxHighlighter,
    QTextCharFormat,
    QTextDocument,
    QTextOption,
)
from PySide6.QtWidgets import QPlainTextEdit, QWidget

from core.einops.text import tokenize
from widgets.fonts import mono_font
from widgets.i18n import translate

__all__ = ["AxisHighlighter", "PatternEdit", "axis_colors", "is_dark"]

_LIGHT = ("#1f5fbf", "#b8332b", "#1e7d32", "#7b3fb0", "#b35c00", "#00838f", "#ad1457", "#6d4c41")
_DARK = ("#7ab4ff", "#ff8a80", "#7fd98a", "#c79bff", "#ffb74d", "#4dd0e1", "#f48fb1", "#bcaaa4")


def is_dark(widget: QWidget) -> bool:
    """Whether ``widget``'s palette is a dark one."""
    return widget.palette().color(QPalette.ColorRole.Base).lightness() < 128


def axis_colors(pattern: str, dark: bool) -> dict[str, QColor]:
    """A colour per axis name of ``pattern``, in order of first appearance (distinct for 8)."""
    table = _DARK if dark else _LIGHT
    out: dict[str, QColor] = {}
    for tok in tokenize(pattern):
        if tok.is_name and not tok.text.isdecimal() and tok.text not in out:
            out[tok.text] = QColor(table[len(out) % len(table)])
    return out


class AxisHighlighter(QSyntaxHighlighter):
    """Colours axis names; bold operators; wavy red underline under :attr:`error_span`."""

    def __init__(self, document: QTextDocument, editor: QWidget) -> None:
        super().__init__(document)
        self._editor = editor
        self.error_span: tuple[int, int] | None = None

    def highlightBlock(self, text: str) -> None:
        colors = axis_colors(text, is_dark(self._editor))
        for tok in tokenize(text):
            fmt = QTextCharFormat()
            if tok.text in colors:
                fmt.setForeground(colors[tok.text])
            else:
                fmt.setFontWeight(QFont.Weight.Bold)
            self.setFormat(tok.start, tok.end - tok.start, fmt)
        if self.error_span is not None:
            start, end = self.error_span
            start = max(0, min(start, len(text)))
            end = max(start + 1, min(end, len(text) + 1))
            fmt = QTextCharFormat()
            fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
            fmt.setUnderlineColor(QColor("#e53935"))
            fmt.setBackground(QColor(229, 57, 53, 50))
            self.setFormat(start, end - start, fmt)


class PatternEdit(QPlainTextEdit):
    """A single-line, monospaced pattern field with axis highlighting.

    Signals
    -------
    patternChanged(str)
        The text changed (typing, paste or :meth:`setText`).
    """

    patternChanged = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        font = mono_font()
        font.setPointSizeF(max(font.pointSizeF(), 11.0))
        self.setFont(font)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.setWordWrapMode(QTextOption.WrapMode.NoWrap)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setTabChangesFocus(True)
        self.setAccessibleName(translate("PatternEdit", "einops pattern"))
        self.setPlaceholderText("b s (h d) -> b h s d")
        self.highlighter = AxisHighlighter(self.document(), self)
        self.textChanged.connect(lambda: self.patternChanged.emit(self.text()))
        self._fit_height()

    def _fit_height(self) -> None:
        line = self.fontMetrics().lineSpacing()
        margins = self.contentsMargins()
        frame = int(self.document().documentMargin() * 2)
        self.setFixedHeight(line + frame + margins.top() + margins.bottom() + 6)

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() in (event.Type.FontChange, event.Type.StyleChange):
            self._fit_height()
        if event.type() == event.Type.PaletteChange:
            self.highlighter.rehighlight()

    def text(self) -> str:
        """The pattern (one line)."""
        return self.toPlainText()

    def setText(self, text: str) -> None:
        """Replace the pattern (newlines become spaces)."""
        self.setPlainText(text.replace("\n", " "))

    def setErrorSpan(self, span: tuple[int, int] | None) -> None:
        """Underline ``span`` (character positions) or clear the underline."""
        if span != self.highlighter.error_span:
            self.highlighter.error_span = span
            self.highlighter.rehighlight()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            event.accept()
            return
        super().keyPressEvent(event)

    def insertFromMimeData(self, source) -> None:
        text = source.text().replace("\r", " ").replace("\n", " ")
        self.insertPlainText(text)
