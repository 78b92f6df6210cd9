"""The Dtypes tab's Block scaling page exports as one vector picture of all its plots (issue 13).

The page shows an error histogram and, beside it, the per-block scales and the share of each
block flushed to zero. File > Export plot as SVG and ``screenshot --out x.svg`` must hold all three,
and Qt's own SVG renderer must draw them inside their axes.
"""

from __future__ import annotations

import json
from pathlib import Path
from xml.dom import minidom

import pytest
from PySide6.QtGui import QColor, QImage, QPainter

from app import export
from app.cli import main
from app.main_window import MainWindow
from app.settings import Preferences
from app.tabs.dtypes_tab import PAGES


@pytest.fixture
def window(qtbot):
    win = MainWindow(preferences=Preferences(ephemeral=True), menus=False)
    qtbot.addWidget(win)
    win.resize(1280, 820)
    win.show()
    yield win
    win.stop_background_work()


def _texts(doc: minidom.Document) -> str:
    return " ".join(
        "".join(n.data for n in t.childNodes if n.nodeType == n.TEXT_NODE)
        for t in doc.getElementsByTagName("text")
    )


def _check_block_svg(path: Path, blocks: int) -> QImage:
    """The three plots are in the file, with no clip paths under SVG Tiny; returns its rendering."""
    doc = minidom.parseString(path.read_bytes())
    root = doc.documentElement
    if root.getAttribute("baseProfile") == "tiny":
        assert not doc.getElementsByTagName("clipPath"), "clip paths are not SVG Tiny"
    width, height = (float(v) for v in root.getAttribute("viewBox").split()[2:])
    assert width > 600 and height > 300
    texts = _texts(doc)
    for label in ("values + 1", "block scale", "flushed to 0", "worst block", "fp8 per tensor"):
        assert label in texts, label
    assert "nvfp4" in texts
    # One dot per block in the scale plot, each a path of its own, plus the curves and axes.
    assert len(doc.getElementsByTagName("path")) >= blocks + 6
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(path))
    assert renderer.isValid()
    image = QImage(renderer.defaultSize(), QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    renderer.render(painter)
    painter.end()
    return image


def _coloured(image: QImage, x0: int, x1: int, y0: int, y1: int) -> int:
    count = 0
    for x in range(x0, x1, 2):
        for y in range(y0, y1, 2):
            c = image.pixelColor(x, y)
            if max(c.red(), c.green(), c.blue()) - min(c.red(), c.green(), c.blue()) > 80:
                count += 1
    return count


def test_block_page_svg_holds_all_three_plots(window, tmp_path: Path) -> None:
    page = window.show_tab("dtypes")
    page.pages.setCurrentIndex(PAGES.index("blocks"))
    item = page.export_plot()
    plots = page.blocks.plots
    assert item is plots.exportItem()
    image = _check_block_svg(export.save_svg(item, tmp_path / "blocks.svg"), 4096 // 16)
    origin = item.sceneBoundingRect()

    def box(plot):  # a plot's data area in the picture's pixels
        r = plot.getViewBox().sceneBoundingRect().translated(-origin.left(), -origin.top())
        return int(r.left()) + 3, int(r.right()) - 3, int(r.top()) + 3, int(r.bottom()) - 3

    for plot in plots.plotItems():  # each plot drew its coloured data inside its axes
        assert _coloured(image, *box(plot)) > 10
    # Below the histogram's x axis and left of its y axis: tick labels only, no coloured curve.
    # (The axes' own rectangles span the plot: they draw its grid.)
    x0, _, _, y1 = box(plots.hist)
    assert _coloured(image, 2, x0 - 6, y1 + 6, image.height() - 2) == 0


def test_screenshot_svg_of_the_block_page(tmp_path: Path, capsys) -> None:
    session = tmp_path / "s.json"
    session.write_text(
        json.dumps(
            {
                "app": "napkinlab-session",
                "schema_version": 1,
                "device": "h100-sxm",
                "dtype": "bf16",
                "tabs": {"dtypes": {"page": "blocks", "size": "2048"}},
            }
        )
    )
    out = tmp_path / "blocks.svg"
    args = ["screenshot", "--tab", "dtypes", "--session", str(session), "--out", str(out)]
    assert main(args) == 0
    assert capsys.readouterr().err == ""
    _check_block_svg(out, 2048 // 16)
