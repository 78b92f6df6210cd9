"""PNG export: an opaque picture is written without an alpha channel, the same picture: pixel for
pixel what Qt paints into an ARGB32 image, but for antialiased edges rounded one level apart."""

from __future__ import annotations

import struct
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QPoint
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from app import export


def _png_colour_type(path: Path) -> int:
    """The colour type in the PNG's IHDR chunk (2: RGB, 6: RGBA), read from the file itself."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    _width, _height, _depth, colour = struct.unpack(">IIBB", data[16:26])
    return colour


def _reference(widget: QWidget) -> QImage:
    """The widget painted over its window colour into an ARGB32 image, as Qt paints it."""
    image = QImage(widget.size(), QImage.Format.Format_ARGB32)
    image.fill(widget.palette().window().color())
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    widget.render(painter, QPoint(0, 0))
    painter.end()
    return image.convertToFormat(QImage.Format.Format_RGB32)


@pytest.fixture
def card(qtbot) -> QWidget:
    widget = QWidget()
    layout = QVBoxLayout(widget)
    for text in ("143.9 days", "6 × 7e10 × 1.5e13 = 6.3e24 FLOPs", "53.33 B params"):
        layout.addWidget(QLabel(text))
    qtbot.addWidget(widget)
    widget.resize(360, 140)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def test_an_opaque_page_is_an_rgb_png_with_the_same_pixels(card: QWidget, tmp_path: Path) -> None:
    path = export.save_png(card, tmp_path / "card.png")
    assert _png_colour_type(path) == 2  # RGB: no alpha channel stored
    written = QImage(str(path))
    assert not written.hasAlphaChannel()
    got, want = _rgb(written), _rgb(_reference(card))
    assert got.shape == want.shape
    differ = np.abs(got - want).max(axis=2)
    assert differ.max() <= 1  # blending into an opaque image rounds an edge one level apart
    assert (differ > 0).mean() < 0.01 and (want != want[0, 0]).any()  # a real picture


def _rgb(image: QImage) -> np.ndarray:
    """The image's red, green and blue levels as an (height, width, 3) integer array."""
    image = image.convertToFormat(QImage.Format.Format_RGB32)
    rows = np.frombuffer(image.constBits(), dtype=np.uint8, count=image.sizeInBytes())
    rows = rows.reshape(image.height(), image.bytesPerLine())[:, : image.width() * 4]
    return rows.reshape(image.height(), image.width(), 4)[..., :3].astype(int)


def test_a_translucent_background_keeps_its_alpha_channel(card: QWidget, tmp_path: Path) -> None:
    palette = card.palette()
    palette.setColor(palette.ColorRole.Window, QColor(255, 255, 255, 128))
    card.setPalette(palette)
    path = export.save_png(card, tmp_path / "card.png")
    assert _png_colour_type(path) == 6  # RGBA: the translucency is kept
    assert QImage(str(path)).pixelColor(0, 0).alpha() < 255


@pytest.fixture
def plot_item(qtbot):
    """A 400×300 white chart of three points, shown."""
    import pyqtgraph as pg

    view = pg.PlotWidget(background="w")
    qtbot.addWidget(view)
    view.plot([1, 2, 3], [2, 1, 3])
    view.resize(400, 300)
    view.show()
    qtbot.waitExposed(view)
    yield view.getPlotItem()  # the view lives until the test ends (the item only points to it)


def test_the_plot_png_of_a_chart_is_rgb(plot_item, tmp_path: Path) -> None:
    item = plot_item
    path = export.save_plot_png(item, "caption", tmp_path / "plot.png", size=(400, 300))
    assert _png_colour_type(path) == 2
    written = QImage(str(path))
    assert (written.width(), written.height()) == (400, 300)
    assert written.pixelColor(5, 5) == QColor("white")


def test_a_long_caption_breaks_between_its_parts_and_the_picture_keeps_its_size(
    plot_item, tmp_path: Path
) -> None:
    from PySide6.QtGui import QFontMetrics, QGuiApplication

    parts = ["NVIDIA H100 SXM5 80GB", "bf16", "llama2-70b", "1,024 GPUs",
             "TP 2+SP", "PP 4×5", "CP 2", "DP 64", "ZeRO-1", "mb 1", "no recompute",
             "MFU 54.3%", "dashed: capacity 80 GB"]  # fmt: skip
    caption = " · ".join(parts)
    lines = export.caption_lines(caption, 400)
    metrics = QFontMetrics(QGuiApplication.font())
    assert len(lines) > 1 and all(metrics.horizontalAdvance(line) <= 400 - 16 for line in lines)
    # Every part whole, in order, on some line: nothing cut out of the middle.
    assert [p for line in lines for p in line.split(" · ")] == parts
    assert export.caption_lines("short", 400) == ["short"]
    # However long, at most CAPTION_LINES lines: the chart keeps its room; the cut is said.
    crowded = export.caption_lines(" · ".join(parts * 4), 400)
    assert len(crowded) == export.CAPTION_LINES and crowded[-1].endswith("…")

    fixed = export.save_plot_png(plot_item, caption, tmp_path / "a.png", size=(400, 300))
    assert (QImage(str(fixed)).width(), QImage(str(fixed)).height()) == (400, 300)
    one = export.save_plot_png(plot_item, "short", tmp_path / "b.png")
    many = export.save_plot_png(plot_item, caption, tmp_path / "c.png")
    # Without a size the picture grows by the caption's extra lines.
    grown = QImage(str(many)).height() - QImage(str(one)).height()
    assert grown == metrics.height() * (
        len(export.caption_lines(caption, QImage(str(one)).width())) - 1
    )


def _empty_border(image: QImage) -> tuple[int, int, int, int]:
    """Rows and columns (top, right, bottom, left) of the picture's own background colour, read
    from the corner, counted from each edge inward."""
    rgb = image.convertToFormat(QImage.Format.Format_RGB32)
    w, h = rgb.width(), rgb.height()
    array = np.frombuffer(rgb.constBits(), np.uint32, count=rgb.bytesPerLine() // 4 * h)
    pixels = array.reshape(h, -1)[:, :w] & 0xFFFFFF
    empty = pixels == pixels[-1, -1]
    rows, cols = empty.all(axis=1), empty.all(axis=0)

    def run(flags) -> int:
        return int(np.argmin(flags)) if not flags.all() else len(flags)

    return run(rows), run(cols[::-1]), run(rows[::-1]), run(cols)


@pytest.mark.parametrize(("theme", "scale"), [("dark", 2.0), ("light", 1.0)])
def test_a_page_picture_is_cropped_to_what_it_shows(
    theme: str, scale: float, tmp_path: Path
) -> None:
    """The Napkin page's cards fill the top 60 % of the window: its picture was 40 % empty
    background. Now no edge keeps more than the 12 px margin (times the scale) of background."""
    from app.cli.screenshot_cmd import render_tab

    out = render_tab("napkin", tmp_path / "napkin.png", theme_name=theme, scale=scale)
    image = QImage(str(out))
    assert not image.isNull()
    border = _empty_border(image)
    assert max(border) <= round(12 * scale) + 1, border
    assert image.height() < 0.75 * 739 * scale  # the window's page: 739 px high before


def test_cropping_keeps_a_picture_whose_content_reaches_the_corner() -> None:
    image = QImage(40, 30, QImage.Format.Format_RGB32)
    image.fill(QColor("#202020"))
    image.setPixelColor(5, 5, QColor("#ffffff"))
    image.setPixelColor(39, 29, QColor("#ffffff"))  # the corner itself is content
    assert export.cropped_to_content(image).size() == image.size()
    image.setPixelColor(39, 29, QColor("#202020"))
    cropped = export.cropped_to_content(image, margin=2)
    assert (cropped.width(), cropped.height()) == (2 + 1 + 2, 2 + 1 + 2)  # margin, pixel, margin
    assert cropped.pixelColor(2, 2) == QColor("#ffffff")
