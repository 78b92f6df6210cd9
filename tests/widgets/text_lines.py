"""Where Qt put each wrapped line of a laid-out document (the hanging-indent tests' reference)."""

from __future__ import annotations

from PySide6.QtGui import QTextDocument


def line_lefts(doc: QTextDocument) -> list[list[float]]:
    """Each block's lines' left edges, in pixels from the document's left margin."""
    out = []
    block = doc.begin()
    while block.isValid():
        layout = block.layout()
        out.append([layout.lineAt(i).x() for i in range(layout.lineCount())])
        block = block.next()
    return out
