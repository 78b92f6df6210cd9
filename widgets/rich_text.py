"""Text a person or a file supplied, shown as text: never interpreted as HTML.

Qt renders a label, a tooltip or a message box's text as HTML when it *looks* like HTML
(``Qt.mightBeRichText``): a device named ``<img src=x>`` became an image in "Fits on {name}", in
the source dialog and in the device tooltips. The app's rule, in one place:

* labels are plain text (:func:`plain_labels` sets every label still on ``AutoText`` to
  ``PlainText`` when a page or dialog is built); a label that is meant to be rich sets
  ``RichText`` itself and embeds outside text through :func:`escape`;
* tooltips are always interpreted, so text from outside goes through :func:`plain_tip`;
* HTML the app writes itself (a message box, a chart legend) embeds outside text through
  :func:`escape`.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import Qt as QtGui
from PySide6.QtWidgets import QLabel, QWidget

from widgets.app_children import app_children

__all__ = ["escape", "plain_labels", "plain_tip", "warn"]


def escape(text: Any) -> str:
    """``text`` made safe to embed in HTML that the app writes (``<`` ``>`` ``&`` as entities).

    What ``html.escape(text, quote=False)`` returns; the ``html`` module is not imported for it
    (its table of entities costs the window's first paint a millisecond).
    """
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def plain_tip(text: Any) -> str:
    """A tooltip that shows ``text`` as it is, even when it looks like HTML.

    Text that does not look like HTML is returned unchanged (a plain tooltip, as before); text
    that does is escaped inside a paragraph that keeps its line breaks, so the tooltip, which Qt
    then renders as HTML, shows the characters themselves.
    """
    text = str(text)
    if not QtGui.mightBeRichText(text):
        return text
    return f"<p style='white-space:pre-wrap'>{escape(text)}</p>"


def plain_labels(root: QWidget) -> None:
    """Make every label under ``root`` still on ``AutoText`` plain text (never HTML).

    Called when a page or dialog has been built; a label meant to show HTML sets ``RichText``
    before and is left alone. The labels are the ones the app placed
    (:func:`~widgets.app_children.app_children`), found without building PySide classes for
    every combo box's and table's internals on the window's first paint.
    """
    for label in app_children(root, QLabel):
        if label.textFormat() == Qt.TextFormat.AutoText:
            label.setTextFormat(Qt.TextFormat.PlainText)


def warn(parent: QWidget | None, title: str, message: str) -> None:
    """A modal warning whose message is plain text (it may quote what was typed or read)."""
    from PySide6.QtWidgets import QMessageBox  # its type (and enums) only when one is shown

    box = QMessageBox(QMessageBox.Icon.Warning, title, message, parent=parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.exec()
