"""SVG and PDF export: the picture the user sees, drawn the same by every renderer."""

from __future__ import annotations

import re
import zlib
from pathlib import Path
from xml.dom import minidom

import pytest
from PySide6.QtGui import QColor, QImage, QPainter

from app import export
from app.main_window import MainWindow
from app.settings import Preferences
from app.tabs import TABS


@pytest.fixture
def window(qtbot):
    win = MainWindow(preferences=Preferences(ephemeral=True), menus=False)
    qtbot.addWidget(win)
    win.resize(1280, 820)
    win.show()
    yield win
    win.stop_background_work()


def _svg(path: Path) -> minidom.Document:
    return minidom.parseString(path.read_bytes())


@pytest.mark.parametrize("tab", ["dtypes", "roofline", "memory", "step"])
def test_svg_is_the_laid_out_plot_without_tiny_clip_paths(window, tab, tmp_path: Path) -> None:
    page = window.show_tab(tab)  # dtypes opens on its Bits page: the range chart was never shown
    item = page.export_plot()
    assert item is not None
    doc = _svg(export.save_svg(item, tmp_path / f"{tab}.svg"))
    root = doc.documentElement
    if root.getAttribute("baseProfile") == "tiny":
        assert not doc.getElementsByTagName("clipPath"), "clip paths are not SVG Tiny"
    width, height = (float(v) for v in root.getAttribute("viewBox").split()[2:])
    assert width > 300 and height > 200  # not pyqtgraph's 100x30 unlaid-out scene
    assert doc.getElementsByTagName("path") and doc.getElementsByTagName("text")


def test_dtypes_svg_has_the_range_chart_rows(window, tmp_path: Path) -> None:
    page = window.show_tab("dtypes")
    path = export.save_svg(page.export_plot(), tmp_path / "range.svg")
    texts = " ".join(t.toxml() for t in _svg(path).getElementsByTagName("text"))
    assert "float8_e4m3fn" in texts and "magnitude" in texts


def test_roofline_svg_curves_stay_inside_the_axes(window, tmp_path: Path) -> None:
    """Rendered by Qt's own SVG renderer, no curve is drawn left of the y axis."""
    from PySide6.QtSvg import QSvgRenderer

    page = window.show_tab("roofline")
    path = export.save_svg(page.export_plot(), tmp_path / "roof.svg")
    renderer = QSvgRenderer(str(path))
    size = renderer.defaultSize()
    image = QImage(size, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    renderer.render(painter)
    painter.end()
    axis = page.plot.plot.getAxis("left").sceneBoundingRect()
    origin = page.export_plot().sceneBoundingRect()
    x_left = int(axis.right() - origin.left()) - 3
    y_bottom = int(page.plot.plot.getAxis("bottom").sceneBoundingRect().top() - origin.top())
    # Below the x axis, left of the y axis: only tick labels, never the coloured roof lines.
    coloured = 0
    for x in range(2, x_left):
        for y in range(y_bottom + 2, size.height() - 2):
            c = image.pixelColor(x, y)
            if max(c.red(), c.green(), c.blue()) - min(c.red(), c.green(), c.blue()) > 80:
                coloured += 1
    assert coloured == 0


def _pdf_streams(data: bytes) -> bytes:
    out = []
    for match in re.finditer(rb"stream\r?\n(.*?)\r?\nendstream", data, re.S):
        chunk = match.group(1)
        try:
            out.append(zlib.decompress(chunk))
        except zlib.error:
            out.append(chunk)
    return b"\n".join(out)


@pytest.mark.parametrize("tab", [t.id for t in TABS])
def test_pdf_of_every_tab_has_vector_text(window, tab, tmp_path: Path) -> None:
    page = window.show_tab(tab)
    path = export.save_pdf(page.export_widget(), tmp_path / f"{tab}.pdf")
    data = path.read_bytes()
    assert data.startswith(b"%PDF")
    assert b"/Font" in data
    content = _pdf_streams(data)
    assert b"BT" in content and b"Tf" in content  # text objects, not a picture of text


@pytest.mark.parametrize("presentation", [False, True], ids=["default", "presentation"])
@pytest.mark.parametrize("tab", ["dtypes", "roofline", "memory", "step", "plan"])
def test_svg_texts_stay_inside_the_view_box_in_a_wider_face(
    window, tab: str, presentation: bool, tmp_path: Path
) -> None:
    """Every text of a plot's SVG ends inside the file's view box even when a viewer draws it
    :data:`~tests.app.svg_text.VIEWER_SLACK` wider than Qt measures it (the file names the font;
    the viewer picks the face). The roof labels ended 5 px from the right edge: "B200 bf16 2.25
    PFLOP/s, ridge 281" needed 26 px more in a face 12 % wider."""
    from tests.app.svg_text import VIEWER_SLACK, svg_texts, view_box

    if presentation:
        window.set_presentation(True)
        window.resize(1280, 720)
    try:
        page = window.show_tab(tab)
        if hasattr(page, "prepare_screenshot"):
            page.prepare_screenshot()
        window.grab()
        item = page.export_plot()
        assert item is not None
        path = export.save_svg(item, tmp_path / f"{tab}.svg")
    finally:
        if presentation:  # the theme is the application's: later windows would inherit it
            window.set_presentation(False)
    x0, _y0, width, _height = view_box(path)
    texts = svg_texts(path)
    assert texts, "the SVG has no text"
    out = []
    for t in texts:
        if t.right - t.left >= t.bottom - t.top:  # across: a wider face grows it rightwards
            end = t.left + (t.right - t.left) * (1 + VIEWER_SLACK)
            if end > x0 + width or t.left < x0 - 1:
                out.append(f"{t.text!r} runs from {t.left:.1f} to {end:.1f} of {width:.0f}")
        else:  # a vertical title, read upwards: it grows towards the top
            top = t.bottom - (t.bottom - t.top) * (1 + VIEWER_SLACK)
            if top < _y0 or t.left < x0 - 1:
                out.append(f"{t.text!r} runs up to {top:.1f}, left {t.left:.1f}")
    assert not out, out


def test_the_plan_plot_alone_says_what_its_markers_mean(window, tmp_path: Path) -> None:
    """A picture of the Plan chart alone had no legend (the window's is a row of labels above
    the plot): filled and hollow circles, the ring and the dashed capacity went unexplained.
    The SVG now names each, inside the picture, and covers no point; the window's chart is
    left as it was."""
    from tests.app.svg_text import svg_texts, view_box

    page = window.show_tab("plan")
    page.prepare_screenshot()
    window.grab()
    chart = page.chart
    path = export.save_svg(chart.plot_item(), tmp_path / "plan.svg")
    texts = [t.text.strip() for t in svg_texts(path)]
    series = chart.current()
    assert series is not None
    for expected in (series.name, series.capacity_text, "does not fit", "chosen"):
        assert expected in texts, (expected, texts)
    _x, _y, width, height = view_box(path)
    legend_texts = [t for t in svg_texts(path) if t.text.strip() in ("does not fit", "chosen")]
    assert all(t.left >= 0 and t.right <= width and t.top >= 0 and t.bottom <= height
               for t in legend_texts)  # fmt: skip
    assert chart.picture_legend() is None  # gone again from the window's chart


def test_the_plan_picture_legend_covers_no_point(window) -> None:
    from widgets.plot_style import for_export

    page = window.show_tab("plan")
    page.prepare_screenshot()
    window.grab()
    chart = page.chart
    item = chart.plot_item()
    with for_export(item):
        legend = chart.picture_legend()
        assert legend is not None and legend.isVisible()
        box = legend.sceneBoundingRect()
        vb = item.getViewBox()
        covered = []
        for scatter in item.listDataItems():
            if hasattr(scatter, "points"):
                for spot in scatter.points():
                    at = vb.mapViewToScene(spot.pos())
                    if box.contains(at):
                        covered.append(at.toTuple())
        assert not covered, (box, vb.sceneBoundingRect(), covered[:5])
        assert vb.sceneBoundingRect().contains(box)
