"""Axis and text fonts of pyqtgraph charts, set explicitly from the application's font.

A pyqtgraph axis title or ``TextItem`` is a ``QGraphicsTextItem``: it takes the application font
when it is made and never follows it. A chart built while presentation mode was on kept its large
axis titles after presentation mode was turned off, and one built before kept small titles in
presentation mode. Charts call :func:`style_axes` (and :func:`style_text` for their own texts)
whenever the theme changes, after the application font was set, so the same window comes back
whatever the order of mode, theme and language changes.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QFont, QFontMetricsF, QGuiApplication

__all__ = [
    "AXES",
    "FONT_SLACK",
    "Deferred",
    "app_font",
    "detach_retired",
    "fit_axis_title",
    "for_export",
    "retire",
    "style_axes",
    "style_text",
]

#: Room a chart's text keeps beyond its width as Qt measures it, as a share of that width: a
#: vector export names the font, and a viewer may draw it in a wider face (DejaVu Sans against
#: Arial: ~10 %); ``tests/app/test_export_vector.py`` checks every export's texts with it.
FONT_SLACK = 0.12

AXES = ("left", "bottom", "right", "top")


def app_font(factor: float = 1.0) -> QFont:
    """The application's font (the theme's size), scaled by ``factor``."""
    font = QFont(QGuiApplication.font())
    if factor != 1.0:
        font.setPointSizeF(font.pointSizeF() * factor)
    return font


def style_axes(plot_item: Any, foreground: str, title_factor: float = 1.0) -> None:
    """Pens, tick text colour and title font of every axis of ``plot_item`` (hidden ones too).

    The tick labels are drawn in the view's font, which follows the application's; the titles get
    the application font (times ``title_factor``) explicitly and are laid out again.
    """
    font = app_font(title_factor)
    for name in AXES:
        axis = plot_item.getAxis(name)
        axis.setPen(foreground)
        axis.setTextPen(foreground)
        axis.label.setFont(font)
        # The room kept for tick text only grows, or shrinks by more than 10 px (pyqtgraph's
        # hysteresis): start again from pyqtgraph's initial room, measured anew at this font.
        axis.textWidth, axis.textHeight = 30, 18
        axis._updateLabel()  # pyqtgraph's own re-layout of the title and the axis size


def fit_axis_title(axis: Any, factor: float = 1.0, smallest: float = 0.7) -> None:
    """Give an axis's title the application font (times ``factor``), smaller where the title
    with :data:`FONT_SLACK` is longer than the axis (down to ``smallest`` of it): a narrow
    chart's title reached past the picture's right edge in a wider face, a short one's
    vertical title was cut ("tokens/s per GPI")."""
    text = axis.label.toPlainText().strip()
    room = axis.width() if axis.orientation in ("bottom", "top") else axis.height()
    font = app_font(factor)
    if text and room > 0:
        # Centred: a face wider by the slack grows it from its left end, so twice the slack.
        need = QFontMetricsF(font).horizontalAdvance(text) * (1.0 + 2 * FONT_SLACK) + 8.0
        if need > room:
            font = app_font(factor * max(smallest, room / need))
    if font != axis.label.font():
        axis.label.setFont(font)
        axis._updateLabel()


#: Attribute of a pyqtgraph plot item: ``callable(shown: bool)`` that shows what only its exported
#: picture draws (a legend the window shows as labels beside the chart) and hides it again.
EXPORT_HOOK = "napkinlab_for_export"


@contextmanager
def for_export(plot_item: Any) -> Iterator[None]:
    """While exporting ``plot_item``: what its chart draws only in a picture is shown (see
    :data:`EXPORT_HOOK`), then hidden again."""
    hook = getattr(plot_item, EXPORT_HOOK, None)
    if hook is None:
        yield
        return
    hook(True)
    try:
        yield
    finally:
        hook(False)


def style_text(item: Any, factor: float = 1.0) -> None:
    """Give a pyqtgraph ``TextItem`` the application font (times ``factor``)."""
    item.setFont(app_font(factor))


def retire(owner: QObject, *items: Any) -> None:
    """Drop chart items (a legend, texts, bars) only once control is back in the event loop.

    A chart lays itself out again when it is resized, and Qt resizes it while it applies a new
    style sheet to every widget: deleting graphics items there (the last Python reference gone)
    crashed the process inside ``QApplication.setStyleSheet`` (presentation mode toggled while a
    Memory chart relaid its legend). The items are kept referenced on ``owner`` until then.
    """
    kept = owner.__dict__.setdefault("_retired_items", [])
    if not kept:
        QTimer.singleShot(0, owner, kept.clear)
    kept.extend(items)


def detach_retired(owner: QObject, item: Any) -> None:
    """Take ``item`` (a legend being replaced) off its parent and scene now, and :func:`retire`
    it: it disappears at once and is deleted only from the event loop."""
    retire(owner, item)
    item.setParentItem(None)
    if item.scene() is not None:
        item.scene().removeItem(item)


class Deferred(QObject):
    """Runs ``callback`` once, from the event loop, however many times :meth:`__call__` asks.

    Connect a resize signal to it so that a chart lays itself out after Qt's own event handling
    (a style sheet being applied) has finished, and once for a burst of resizes.
    """

    def __init__(self, callback: Any, parent: QObject) -> None:
        super().__init__(parent)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(callback)

    def __call__(self, *_args: Any) -> None:
        self._timer.start()
