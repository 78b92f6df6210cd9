"""Export a tab as a picture: PNG at 1x or 2x, SVG for plots, or an image on the clipboard."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QBuffer, QIODevice, QPoint
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtWidgets import QWidget

from core.errors import InputError

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
    if not target.parent.exists():
        raise InputError(f"{target}: folder {target.parent} does not exist")
    # Encode in memory, then write with Python: a full disk is then one clear error (libpng would
    # print its own "Write Error" line first). Quality 75 = a light zlib level: files within 2% of
    # the default size, written ~30% faster.
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG", 75):
        raise InputError(f"{target}: could not be encoded as PNG")
    try:
        target.write_bytes(buffer.data().data())
    except OSError as exc:
        raise InputError(f"{target}: cannot be written: {exc.strerror or exc}") from None
    return target


def save_svg(plot_item: Any, path: str | Path) -> Path:
    """Save a pyqtgraph plot item (or scene) as SVG with pyqtgraph's own exporter."""
    from pyqtgraph.exporters import SVGExporter

    from widgets.pyqtgraph_svg import patch_svg_exporter

    patch_svg_exporter()  # pyqtgraph#3485: Qt 6.11+ closes paths with "Z"
    target = Path(path)
    if not target.parent.exists():
        raise InputError(f"{target}: folder {target.parent} does not exist")
    SVGExporter(plot_item).export(str(target))
    if not target.exists():
        raise InputError(f"{target}: the SVG exporter wrote nothing")
    return target


def copy_image(widget: QWidget, scale: float = 2.0) -> None:
    """Put a rendering of ``widget`` on the clipboard (2x by default, for slides)."""
    QGuiApplication.clipboard().setImage(render_widget(widget, scale))
