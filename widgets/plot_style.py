"""Axis and text fonts of pyqtgraph charts, set explicitly from the application's font.

A pyqtgraph axis title or ``TextItem`` is a ``QGraphicsTextItem``: it takes the application font
when it is made and never follows it. A chart built while presentation mode was on kept its large
axis titles after presentation mode was turned off, and one built before kept small titles in
presentation mode. Charts call :func:`style_axes` (and :func:`style_text` for their own texts)
whenever the theme changes, after the application font was set, so the same window comes back
whatever the order of mode, theme and language changes.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QFont, QGuiApplication

__all__ = ["AXES", "app_font", "style_axes", "style_text"]

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


def style_text(item: Any, factor: float = 1.0) -> None:
    """Give a pyqtgraph ``TextItem`` the application font (times ``factor``)."""
    item.setFont(app_font(factor))
