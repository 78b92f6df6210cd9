"""``napkinlab screenshot`` for slides: exact sizes, the chart alone with a caption, PDF."""

from __future__ import annotations

import re
import zlib
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from app.cli.screenshot_cmd import caption, render_tab
from core.errors import InputError


def test_size_is_exactly_the_whole_window(tmp_path: Path) -> None:
    out = render_tab("roofline", tmp_path / "w.png", presentation=True, size=(1280, 720), scale=2.0)
    image = QImage(str(out))
    assert (image.width(), image.height()) == (2560, 1440)


def test_a_size_below_the_window_minimum_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="--size"):
        render_tab("memory", tmp_path / "w.png", presentation=True, size=(400, 300))


def test_content_plot_is_the_chart_with_a_caption(tmp_path: Path) -> None:
    out = render_tab(
        "roofline", tmp_path / "p.png", content="plot", size=(1200, 675), theme_name="dark"
    )
    image = QImage(str(out))
    assert (image.width(), image.height()) == (1200, 675)
    assert image.pixelColor(600, 300).lightness() < 80  # the dark plot background fills it


def test_caption_names_device_dtype_and_inputs(qtbot) -> None:
    from app.main_window import MainWindow
    from app.settings import Preferences

    window = MainWindow(preferences=Preferences(ephemeral=True), menus=False)
    qtbot.addWidget(window)
    page = window.show_tab("memory")
    text = caption(window, page)
    assert text.startswith("NVIDIA H100") and " · bf16" in text and "batch" in text
    window.stop_background_work()


def test_pdf_out_has_vector_text(tmp_path: Path) -> None:
    out = render_tab("napkin", tmp_path / "n.pdf", size=(1366, 768))
    data = out.read_bytes()
    assert data.startswith(b"%PDF") and b"/Font" in data
    streams = b"".join(
        zlib.decompress(m.group(1))
        for m in re.finditer(rb"stream\r?\n(.*?)\r?\nendstream", data, re.S)
        if m.group(1)[:1] == b"x"
    )
    assert b"BT" in streams and b"143.9 days" not in data  # text is text (glyph ids, not bytes)
