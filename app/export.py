"""Export a tab as a picture: PNG at 1x or 2x, SVG for plots, PDF, or an image on the clipboard.

A picture is made in memory and written with :func:`core.safe_io.atomic_write` (temporary file,
fsync, rename; through a symlink to its target; never over a read-only file or a folder), so a
failed export leaves the old file as it was and no temporary file behind. Errors are
:class:`core.texts.Text` (English on the command line, translated in the window).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QBuffer,
    QByteArray,
    QIODevice,
    QMessageLogContext,
    QPoint,
    QtMsgType,
    qInstallMessageHandler,
)
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtWidgets import QWidget

from core.errors import InputError
from core.safe_io import atomic_write
from core.texts import translate

__all__ = [
    "CAPTION_LINES",
    "CAPTION_SEPARATOR",
    "caption_height",
    "caption_lines",
    "copy_image",
    "cropped_to_content",
    "pdf_bytes",
    "render_plot",
    "render_widget",
    "save_pdf",
    "save_plot_pdf",
    "save_plot_png",
    "save_png",
    "save_svg",
]


def render_widget(widget: QWidget, scale: float = 1.0) -> QImage:
    """Render ``widget`` into an image ``scale`` times its logical size (crisp text at 2x).

    Over an opaque window colour the image has no alpha channel (``RGB32``): a PNG of it then
    stores three bytes a pixel instead of four (a quarter less for the PNG encoder's row filters
    and zlib), and Qt paints into it about three times faster than into a non-premultiplied
    ``ARGB32`` image (the napkin page: 3 ms against 11 ms). Antialiased edges may round one level
    differently, the same picture to the eye. A translucent window colour keeps its alpha
    (``ARGB32_Premultiplied``, the format Qt paints fastest with alpha).
    """
    if not 0.5 <= scale <= 4:
        raise InputError(
            translate("Export", "scale: {scale} is out of range; allowed: 0.5 to 4").format(
                scale=f"{scale:g}"
            )
        )
    size = widget.size()
    background = widget.palette().window().color()
    opaque = background.alpha() == 255
    image = QImage(
        round(size.width() * scale),
        round(size.height() * scale),
        QImage.Format.Format_RGB32 if opaque else QImage.Format.Format_ARGB32_Premultiplied,
    )
    image.setDevicePixelRatio(scale)
    image.fill(background)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    widget.render(painter, QPoint(0, 0))
    painter.end()
    return image


def _without_alpha(image: QImage) -> QImage:
    """``image``, painted over an opaque background, without its (all-opaque) alpha channel: a
    PNG of it stores three bytes a pixel instead of four, the same picture, a smaller file."""
    return image.convertToFormat(QImage.Format.Format_RGB32)


def _not_encoded(target: Path) -> str:
    return translate("Export", "{file}: the picture could not be encoded as PNG").format(
        file=str(target)
    )


def cropped_to_content(image: QImage, margin: float = 12.0) -> QImage:
    """``image`` without the empty border around what it shows, ``margin`` logical pixels kept.

    Empty is the colour of the bottom-right pixel (the page's background, whatever the theme):
    the Napkin tab's three cards fill the top 60 % of a window-sized page, and its export was
    40 % empty background. A picture whose content reaches that corner is returned whole.
    """
    import numpy as np

    rgb = image.convertToFormat(QImage.Format.Format_RGB32)
    width, height = rgb.width(), rgb.height()
    if width < 2 or height < 2:
        return image
    stride = rgb.bytesPerLine() // 4
    pixels = np.frombuffer(rgb.constBits(), np.uint32, count=stride * height)
    pixels = pixels.reshape(height, stride)[:, :width] & 0x00FFFFFF
    content = pixels != pixels[-1, -1]
    rows, columns = np.flatnonzero(content.any(axis=1)), np.flatnonzero(content.any(axis=0))
    if rows.size == 0:
        return image
    pad = round(margin * image.devicePixelRatio())
    left, right = max(0, int(columns[0]) - pad), min(width, int(columns[-1]) + 1 + pad)
    top, bottom = max(0, int(rows[0]) - pad), min(height, int(rows[-1]) + 1 + pad)
    if (left, top, right, bottom) == (0, 0, width, height):
        return image
    out = image.copy(left, top, right - left, bottom - top)
    out.setDevicePixelRatio(image.devicePixelRatio())
    return out


def save_png(widget: QWidget, path: str | Path, scale: float = 1.0, *, crop: bool = False) -> Path:
    """Save ``widget`` as a PNG; raises :class:`InputError` if it cannot be written.

    ``crop``: without the empty background around the content (:func:`cropped_to_content`), for
    a page's picture; a window of a size asked for keeps its size.
    """
    target = Path(path)
    image = render_widget(widget, scale)
    if crop:
        image = cropped_to_content(image)
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    # Quality 75 = a light zlib level: files within 2% of the default size, written ~30% faster.
    saved = image.save(buffer, "PNG", 75)
    buffer.close()
    if not saved:
        raise InputError(_not_encoded(target))
    return atomic_write(target, data.data())


def save_svg(plot_item: Any, path: str | Path) -> Path:
    """Save a pyqtgraph plot item (or scene) as SVG with pyqtgraph's own exporter."""
    from pyqtgraph.exporters import SVGExporter

    from widgets.plot_style import for_export
    from widgets.pyqtgraph_svg import clipped_to_view, full_profile, patch_svg_exporter

    patch_svg_exporter()  # pyqtgraph#3485: Qt 6.11+ closes paths with "Z"
    target = Path(path)
    rect = plot_item.sceneBoundingRect() if hasattr(plot_item, "sceneBoundingRect") else None
    if rect is not None and (rect.width() < 150 or rect.height() < 100):
        raise InputError(
            translate(
                "Export", "{file}: the plot is not laid out yet (show its page, then export)"
            ).format(file=str(target))
        )
    # Clipped: the same picture in renderers that ignore clip paths; a legend drawn only in
    # pictures shown (the window says it in labels beside the chart).
    with clipped_to_view(plot_item), for_export(plot_item):
        data = SVGExporter(plot_item).export(toBytes=True)
    if not data:
        raise InputError(
            translate("Export", "{file}: the SVG exporter made nothing").format(file=str(target))
        )
    return atomic_write(target, full_profile(bytes(data)))


def pdf_bytes(widget: QWidget, title: str = "Napkin Lab") -> bytes:
    """``widget`` as a one-page PDF of its size (1 px = 1 pt), text kept as text."""
    from PySide6.QtCore import QMarginsF, QSizeF
    from PySide6.QtGui import QPageLayout, QPageSize, QPdfWriter

    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setTitle(title)
    writer.setCreator("Napkin Lab")
    writer.setResolution(72)
    size = widget.size()
    page = QPageSize(
        QSizeF(size.width(), size.height()),
        QPageSize.Unit.Point,
        "",
        QPageSize.SizeMatchPolicy.ExactMatch,
    )
    writer.setPageLayout(QPageLayout(page, QPageLayout.Orientation.Portrait, QMarginsF(0, 0, 0, 0)))
    painter = QPainter(writer)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    previous = qInstallMessageHandler(_quiet_gradients)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    painter.fillRect(0, 0, size.width(), size.height(), widget.palette().window())
    try:
        widget.render(painter, QPoint(0, 0))
    finally:
        painter.end()
        qInstallMessageHandler(previous)
    buffer.close()
    return data.data()


def _quiet_gradients(mode: QtMsgType, context: QMessageLogContext, message: str) -> None:
    """Drop QPdfEngine's notice about Fusion's button gradients (drawn flat in the PDF)."""
    if "unable to create a gradient" in message:
        return
    print(message, file=sys.stderr)


def save_pdf(widget: QWidget, path: str | Path) -> Path:
    """Save ``widget`` as a vector PDF (QPdfWriter); raises :class:`InputError` on failure."""
    target = Path(path)
    data = pdf_bytes(widget, title=f"Napkin Lab: {target.stem}")
    if not data.startswith(b"%PDF"):
        raise InputError(
            translate("Export", "{file}: the PDF writer made nothing").format(file=str(target))
        )
    return atomic_write(target, data)


def copy_image(widget: QWidget, scale: float = 2.0) -> None:
    """Put a rendering of ``widget`` on the clipboard (2x by default, for slides)."""
    QGuiApplication.clipboard().setImage(render_widget(widget, scale))


#: What separates the parts of a chart's caption (device, dtype, inputs); a long caption breaks
#: into lines there.
CAPTION_SEPARATOR = " · "
#: At most this many caption lines under a chart: what does not fit them ends in "…" (the chart
#: keeps its room on a slide of a fixed size).
CAPTION_LINES = 3


def caption_lines(caption: str, width: int) -> list[str]:
    """The lines a chart's ``caption`` takes at ``width`` pixels: broken between its parts, never
    inside one, so no part is cut out of the middle (a part wider than a line alone loses its end),
    on at most :data:`CAPTION_LINES` lines (the last ends in "…" when more would follow).
    """
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QFontMetrics

    metrics = QFontMetrics(QGuiApplication.font())
    room = max(width - 16, 1)
    lines: list[str] = []
    for part in caption.split(CAPTION_SEPARATOR):
        joined = lines[-1] + CAPTION_SEPARATOR + part if lines else part
        if lines and metrics.horizontalAdvance(joined) <= room:
            lines[-1] = joined
        else:
            lines.append(metrics.elidedText(part, Qt.TextElideMode.ElideRight, room))
    if len(lines) > CAPTION_LINES:
        rest = CAPTION_SEPARATOR.join(lines[CAPTION_LINES - 1 :])
        lines[CAPTION_LINES - 1 :] = [
            metrics.elidedText(rest + " …", Qt.TextElideMode.ElideRight, room)
        ]
    return lines or [""]


def caption_height(lines: list[str]) -> int:
    """Pixels under the chart for ``lines`` of caption."""
    from PySide6.QtGui import QFontMetrics

    return QFontMetrics(QGuiApplication.font()).height() * len(lines) + 8


def render_plot(plot_item: Any, caption: str, painter: QPainter, width: int, height: int) -> bool:
    """Paint ``plot_item`` (vector, scaled to fit) above ``caption`` (on as many lines as its parts
    need: :func:`caption_lines`) on ``painter``; returns whether the background it painted first is
    opaque (every pixel then is)."""
    from PySide6.QtCore import QRectF, Qt

    from widgets.plot_style import for_export

    view = plot_item.getViewWidget()
    background = view.backgroundBrush() if view is not None else None
    fill = background or QGuiApplication.palette().window()
    painter.fillRect(0, 0, width, height, fill)
    font = QGuiApplication.font()
    lines = caption_lines(caption, width)
    line = caption_height(lines)
    text = "\n".join(lines)
    # Lay the chart out at the picture's size (text stays at its point size), paint it 1:1,
    # then give the view its size back.
    old_size = view.size() if view is not None else None
    if view is not None:
        view.resize(width, height - line)
        _lay_out(view)
    try:
        source = plot_item.sceneBoundingRect()
        target = QRectF(0, 0, source.width(), source.height())
        with clipped_scene(plot_item), for_export(plot_item):
            plot_item.scene().render(painter, target, source, Qt.AspectRatioMode.KeepAspectRatio)
    finally:
        if view is not None and old_size is not None:
            view.resize(old_size)
            _lay_out(view)
    painter.setFont(font)
    painter.setPen(view.palette().text().color() if view is not None else Qt.GlobalColor.black)
    if background is not None and background.color().lightness() < 128:
        painter.setPen(Qt.GlobalColor.white)
    painter.drawText(
        QRectF(8, height - line, width - 16, line),
        Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
        text,
    )
    return fill.style() == Qt.BrushStyle.SolidPattern and fill.color().alpha() == 255


def _lay_out(view: Any) -> None:
    """Let a resized chart finish laying itself out before it is painted.

    A chart places its labels from the event loop after a resize (the graphics layout's own
    relayout is posted, then the labels' :class:`widgets.plot_style.Deferred`): painted at once,
    the picture showed the labels where the window's size had put them, tens of pixels from
    their points at the export's size. User input waits; only posted layout work and due timers
    run, a few passes, until the chart's geometry stops changing.
    """
    from PySide6.QtCore import QCoreApplication, QEventLoop

    flags = QEventLoop.ProcessEventsFlag.ExcludeUserInputEvents
    before = None
    for _ in range(8):
        QCoreApplication.sendPostedEvents()
        QCoreApplication.processEvents(flags)
        now = view.sceneRect().getRect() if hasattr(view, "sceneRect") else None
        if now == before:
            break
        before = now


def clipped_scene(plot_item: Any) -> Any:
    """Curves cut at the axes while rendering (see :func:`widgets.pyqtgraph_svg.clipped_to_view`)."""
    from widgets.pyqtgraph_svg import clipped_to_view

    return clipped_to_view(plot_item)


def _plot_size(plot_item: Any, caption: str, size: tuple[int, int] | None) -> tuple[int, int]:
    if size is not None:
        return size
    rect = plot_item.sceneBoundingRect()
    width = round(rect.width())
    return width, round(rect.height()) + caption_height(caption_lines(caption, width))


def save_plot_png(
    plot_item: Any,
    caption: str,
    path: str | Path,
    scale: float = 1.0,
    size: tuple[int, int] | None = None,
) -> Path:
    """The chart with its caption as a PNG of exactly ``size`` × ``scale`` pixels."""
    width, height = _plot_size(plot_item, caption, size)
    image = QImage(
        round(width * scale), round(height * scale), QImage.Format.Format_ARGB32_Premultiplied
    )  # the format Qt paints fastest into with an alpha channel
    image.setDevicePixelRatio(scale)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    opaque = render_plot(plot_item, caption, painter, width, height)
    painter.end()
    if opaque:
        image = _without_alpha(image)
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    saved = image.save(buffer, "PNG", 75)
    buffer.close()
    if not saved:
        raise InputError(_not_encoded(Path(path)))
    return atomic_write(Path(path), data.data())


def save_plot_pdf(
    plot_item: Any, caption: str, path: str | Path, size: tuple[int, int] | None = None
) -> Path:
    """The chart with its caption as a vector PDF page of ``size`` points."""
    from PySide6.QtCore import QMarginsF, QSizeF
    from PySide6.QtGui import QPageLayout, QPageSize, QPdfWriter

    width, height = _plot_size(plot_item, caption, size)
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setCreator("Napkin Lab")
    writer.setResolution(72)
    page = QPageSize(
        QSizeF(width, height), QPageSize.Unit.Point, "", QPageSize.SizeMatchPolicy.ExactMatch
    )
    writer.setPageLayout(QPageLayout(page, QPageLayout.Orientation.Portrait, QMarginsF(0, 0, 0, 0)))
    painter = QPainter(writer)
    render_plot(plot_item, caption, painter, width, height)
    painter.end()
    buffer.close()
    return atomic_write(Path(path), data.data())
