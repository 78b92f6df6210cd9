"""The widgets the app placed under a root, found without handing Python Qt's internal objects.

``root.findChildren(QLabel)`` checks every descendant's Python type, so PySide wraps each one:
the list and scroll bars inside every combo box, the text control inside every line edit, the
model and delegates behind every table. The first time a class is wrapped PySide builds it and
its enums, which is time on the window's first paint (the Napkin tab's 26 such enums cost a few
milliseconds; a bare PySide window builds 43 enums in all). :func:`app_children` walks the tree
itself and does not look inside widgets whose children are their own machinery, where the app
never places a widget.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TypeVar

from PySide6.QtWidgets import QLabel, QWidget

__all__ = ["OPAQUE", "app_children"]

#: Widgets whose children are their own machinery (a combo box's list, a line edit's text
#: control, a table's cells), never one the app placed. Named, not imported: importing a class
#: makes PySide build it and its enums, the cost this module avoids.
OPAQUE = (
    "QAbstractButton",
    "QAbstractItemView",
    "QAbstractSlider",
    "QAbstractSpinBox",
    "QComboBox",
    "QLineEdit",
    "QTextEdit",
    "QPlainTextEdit",
)

W = TypeVar("W", bound=QWidget)


def app_children(root: QWidget, kind: type[W]) -> Iterator[W]:
    """Every widget of type ``kind`` under ``root`` (not ``root`` itself), depth first, except
    those inside a label or an :data:`OPAQUE` widget."""
    stack: list[QWidget] = [root]
    while stack:
        widget = stack.pop()
        for child in widget.children():
            if not isinstance(child, QWidget):
                continue
            if isinstance(child, kind):
                yield child
            if not isinstance(child, QLabel) and not any(child.inherits(c) for c in OPAQUE):
                stack.append(child)
