"""The Roofline tab: roofs and points match the core, sliders move points, cross-tab API, bad input."""

from __future__ import annotations

import math
import re

import pytest
from PySide6.QtGui import QFontMetrics, QGuiApplication

from app.state import AppState
from app.tabs.roofline_tab import LECTURE_PRESETS, RooflinePage
from app.theme import theme
from core.roofline.bounds import evaluate
from core.roofline.hardware import load_catalog
from core.roofline.ops import op_cost
from widgets.roofline.plot import X_LIMITS, Y_LIMITS


@pytest.fixture
def page(qtbot):
    state = AppState(load_catalog([]))
    page = RooflinePage(state)
    qtbot.addWidget(page)
    page.resize(1280, 800)
    page.show()
    qtbot.waitExposed(page)
    page.apply_theme(theme("light"))
    return page


def _row(page, key):
    table = page.table
    row = table.row_keys().index(key)
    return [table.item(row, c).text() for c in range(table.columnCount())]


def _spot(page, key):
    plot = page.plot
    for spot in [*plot._scatter.points(), *plot._stars.points(), *plot._doubtful.points()]:
        if spot.data() == key:
            return spot
    raise AssertionError(f"no point {key}")


def test_lecture_points_sit_where_the_core_puts_them(page):
    h100 = page._state.device
    keys = page.table.row_keys()
    assert len(keys) == len(LECTURE_PRESETS)
    for key, (name, sizes) in zip(keys, LECTURE_PRESETS, strict=True):
        result = evaluate(op_cost(name, "bf16", **sizes), h100)
        spot = _spot(page, key)
        assert spot.pos().x() == pytest.approx(math.log10(result.intensity))
        assert spot.pos().y() == pytest.approx(math.log10(result.attainable))
        assert _row(page, key)[6].startswith(result.bound)
    # ReLU 0.25 and matmul 341.3 as the lecture says.
    assert _row(page, keys[0])[4] == "0.25"
    assert _row(page, keys[-1])[4] == "341.3"


def test_roofs_for_each_dtype_and_compared_devices(page):
    h100 = page._state.device
    compared = 2  # A100 and B200 at the selected dtype only
    assert len(page.plot.roofs()) == len(h100.dtypes) + compared
    labels = [t.toPlainText() for t in page.plot.label_items()]
    assert any("bf16·fp16 989.5 TFLOP/s" in t for t in labels)
    assert any(t == "ridge 295 FLOP/B" for t in labels)
    page.all_dtypes.setChecked(True)
    a100, b200 = (page._state.catalog.get(i) for i in ("a100-sxm", "b200"))
    assert len(page.plot.roofs()) == len(h100.dtypes) + len(a100.dtypes) + len(b200.dtypes)
    page.vector.setChecked(True)
    assert len(page.plot.roofs()) == len(h100.dtypes) + len(a100.dtypes) + len(b200.dtypes) + 3


def test_slider_moves_the_selected_point_and_leaves_a_trail(page, qtbot):
    key = page.table.row_keys()[-1]  # matmul, selected
    page.select(key)
    before = _spot(page, key).pos().x()
    page.editor.sliders["n"].setValue(page.editor.sliders["n"].value() + 8)  # n ×4
    expected = evaluate(op_cost("matmul", "bf16", m=1024, k=1024, n=4096), page._state.device)
    assert _spot(page, key).pos().x() == pytest.approx(math.log10(expected.intensity))
    assert _spot(page, key).pos().x() > before
    assert len(page._trail) == 1
    assert page.plot._trail.getData()[0][0] == pytest.approx(before)
    assert _row(page, key)[0] == "matmul m=1,024 k=1,024 n=4,096"


def test_typed_bad_size_keeps_the_last_good_point(page):
    key = page.table.row_keys()[-1]
    page.select(key)
    field = page.editor.fields["m"]
    row = _row(page, key)
    for bad in ("0", "-5", "nan", "1e30", "abc"):
        field.setText(bad)
        assert not field.isValid() and field.errorText()
        assert _row(page, key) == row


def test_click_selects_the_table_row_and_hover_gives_a_readout(page):
    first = page.table.row_keys()[0]
    scatter = page.plot._scatter
    scatter.sigClicked.emit(scatter, [_spot(page, first)], None)
    assert page.table.selected_key() == first
    assert page.editor.value()[0] == "relu"
    spot = _spot(page, first)
    scene = page.plot.view.mapViewToScene(spot.pos())
    assert "intensity 0.25 FLOP/B" in page.plot.readout_at(scene)
    # On the bf16 roof far right of the knee: the ceiling's readout.
    view = page.plot.view
    (_x0, x1), _ = view.viewRange()
    from PySide6.QtCore import QPointF

    on_roof = view.mapViewToScene(QPointF(x1 - 0.3, math.log10(989.5e12)))
    assert "ridge 295.4 FLOP/byte" in page.plot.readout_at(on_roof)


def test_row_click_selects_the_point(page):
    key = page.table.row_keys()[1]
    page.table.selectRow(1)
    assert page._selected == key
    assert page.plot._ring.points()[0].pos() == _spot(page, key).pos()


def test_points_from_other_tabs(page):
    page._state.request_roofline_point(
        {
            "label": "einsum b h i d",
            "flops": 2e12,
            "bytes": 4e9,
            "dtype": "bf16",
            "source": "Einops",
        }
    )
    key = page.table.row_keys()[-1]
    assert _row(page, key)[0] == "einsum b h i d"
    assert _row(page, key)[4] == "500"
    assert "Einops" in page.convention.text()
    assert not page.editor.isEnabled()
    rows = page.table.rowCount()
    page._state.request_roofline_point({"label": "bad", "flops": 1, "bytes": 0})
    assert "bytes" in page.message and page.table.rowCount() == rows


def test_measured_points_signal_and_api(page):
    point = {
        "op": "matmul",
        "dtype": "bf16",
        "shape": [4096, 4096, 4096],
        "flops": 2 * 4096**3,
        "bytes": 3 * 4096**2 * 2,
        "seconds": 0.25e-3,
        "spread": 0.08,
        "device": "h100-sxm",
    }
    page._state.measuredPoint.emit(point)
    key = page.table.row_keys()[-1]
    star = _spot(page, key)
    assert star.pos().y() == pytest.approx(math.log10(point["flops"] / point["seconds"]))
    assert star.pos().x() == pytest.approx(math.log10(point["flops"] / point["bytes"]))
    bars = page.plot._bars.getData()[1]
    assert bars[0] < star.pos().y() < bars[1]
    problems = page.add_measured_points([dict(point, seconds=0), dict(point, op="relu")])
    assert len(problems) == 1 and "seconds" in problems[0]
    assert page.table.row_keys()[-1].startswith("m") and page.table.rowCount() == 7
    assert "seconds" in page.message


def test_device_without_the_dtype_keeps_the_chart(page):
    rows = [_row(page, k) for k in page.table.row_keys()]
    roofs = len(page.plot.roofs())
    page._state.set_device("a100-sxm")
    page._state.set_dtype("fp8")
    assert "no published fp8 peak" in page.message
    assert len(page.plot.roofs()) != 0
    page._state.set_device("h100-sxm")
    page._state.set_dtype("bf16")
    assert page.message == ""
    assert [_row(page, k) for k in page.table.row_keys()] == rows
    assert len(page.plot.roofs()) == roofs


def test_zoom_out_is_limited(page):
    page.plot.view.setRange(xRange=(-50, 50), yRange=(-50, 80), padding=0)
    (x0, x1), (y0, y1) = page.plot.view.viewRange()
    assert X_LIMITS[0] <= x0 < x1 <= X_LIMITS[1]
    assert Y_LIMITS[0] <= y0 < y1 <= Y_LIMITS[1]


def test_session_round_trip_and_bad_sessions(page, qtbot):
    page.add_op("matmul", {"m": 8, "k": 16, "n": 32}, out_dtype="fp32")
    page.vector.setChecked(True)
    saved = page.session_state()
    other = RooflinePage(AppState(load_catalog([])))
    qtbot.addWidget(other)
    assert other.restore_session(saved) == []
    assert other.session_state() == saved
    for bad in (None, {"points": [{"op": "conv"}, 5]}, {"compare": ["nope"]}, {"points": "x"}):
        problems = other.restore_session(bad)  # never raises
        assert isinstance(problems, list)
    assert other.restore_session({"points": [{"op": "conv"}]})


def test_themes_presentation_and_export(page, tmp_path):
    import pyqtgraph as pg
    import pyqtgraph.exporters

    for name in ("light", "dark"):
        for presentation in (False, True):
            t = theme(name, presentation)
            page.apply_theme(t)
            assert page.plot.widget.backgroundBrush().color().name() == t.plot_bg
            ridge = next(x for x in page.plot.label_items() if "ridge 295" in x.toPlainText())
            assert ridge.textItem.font().pointSizeF() == pytest.approx(9 * t.scale)
            for text in page.plot.label_items():
                assert text.color.name() != t.plot_bg
    item = page.export_plot()
    assert isinstance(item, pg.PlotItem)
    # SVG through the app's own exporter (pyqtgraph's, patched for current Qt's closed paths).
    from app.export import save_svg

    svg = save_svg(item, tmp_path / "roofline.svg").read_text(encoding="utf-8")
    assert "ridge 295 FLOP/B" in svg and "989.5 TFLOP/s" in svg
    assert theme("dark").series[0] in svg.lower()
    # PNG: the theme's background dominates and the selected device's roofs are drawn.
    image = pyqtgraph.exporters.ImageExporter(item).export(toBytes=True)
    from collections import Counter

    sampled = Counter(
        image.pixelColor(x, y).name()
        for x in range(0, image.width(), 5)
        for y in range(0, image.height(), 5)
    )
    assert sampled.most_common(1)[0][0] == theme("dark").plot_bg
    assert theme("dark").series[0] in sampled  # the selected device's roofs


def test_close_path_rewrite_keeps_the_shape():
    from widgets.pyqtgraph_svg import _close_paths_explicitly

    d = "M0,0 L263.5,0 L263.5,178.5 L0,178.5 L0,0 Z M5,5 L6,6 Z "
    assert _close_paths_explicitly(d).split() == [
        "M0,0",
        "L263.5,0",
        "L263.5,178.5",
        "L0,178.5",
        "L0,0",
        "L0,0",
        "M5,5",
        "L6,6",
        "L5,5",
    ]


def test_changing_the_operator_restarts_the_trail(page):
    page.select(page.table.row_keys()[-1])
    slider = page.editor.sliders["n"]
    slider.setValue(slider.value() + 4)
    assert page._trail
    page.editor._op.setCurrentText("matvec")
    assert page._trail == []
    assert _row(page, page._selected)[0].startswith("matvec")


def test_benchmark_runner_points_with_quartiles_and_copies(page):
    runner = {
        "op": "matmul",
        "variant": "",
        "label": "matmul 2048³",
        "shape": "2048×2048×2048",
        "sizes": {"m": 2048, "k": 2048, "n": 2048},
        "dtype": "fp32",
        "device": "cpu",
        "device_name": "AMD EPYC",
        "flops": 2 * 2048**3,
        "bytes": 3 * 2048**2 * 4,
        "seconds": 0.1,
        "q1": 0.09,
        "q3": 0.12,
        "spread": 0.3,
    }
    copy = dict(runner, op="copy", label="copy 64 MB", flops=0.0, bytes=128e6, q1=None, q3=None)
    assert page.add_measured_points([runner, copy]) == []
    matmul_key, copy_key = page.table.row_keys()[-2:]
    star = _spot(page, matmul_key)
    bars = page.plot._bars.getData()[1]
    assert bars[0] == pytest.approx(math.log10(runner["flops"] / 0.12))
    assert bars[1] == pytest.approx(math.log10(runner["flops"] / 0.09))
    assert star.pos().y() == pytest.approx(math.log10(runner["flops"] / 0.1))
    assert "AMD EPYC" in _row(page, matmul_key)[0]
    assert "GB/s moved" in _row(page, copy_key)[5]  # 128e6 B / 0.1 s = 1.28 GB/s
    with pytest.raises(AssertionError):
        _spot(page, copy_key)  # intensity 0 has no place on log axes


def test_a_new_device_joins_the_comparison(page):
    from core.roofline.hardware import device_from_dict

    before = len(page.plot.roofs())
    machine = device_from_dict(
        {
            "id": "this-machine",
            "name": "This machine",
            "peak_flops": {"bf16": 50e12},
            "mem_bandwidth": 500e9,
            "memory_bytes": 16e9,
            "source": "measured",
        }
    )
    page._state.add_device(machine)
    assert "this-machine" in page.session_state()["compare"]
    assert len(page.plot.roofs()) == before + 1
    labels = [t.toPlainText() for t in page.plot.label_items()]
    assert any(t.startswith("This machine bf16 50 TFLOP/s, ridge 100") for t in labels)


def test_panel_controls_drive_the_page(page):
    from PySide6.QtCore import Qt

    from app.tabs.roofline_tab import PRESETS

    rows = page.table.rowCount()
    page.panel.preset.activated.emit(len(PRESETS))  # the last preset: flash attention
    assert page.table.rowCount() == rows + 1
    assert _row(page, page.table.row_keys()[-1])[0].startswith("flash_attention")
    assert page.panel.preset.currentIndex() == 0
    roofs = len(page.plot.roofs())
    items = page.panel.device_list
    h200 = next(
        items.item(i) for i in range(items.count()) if items.item(i).text().startswith("H200")
    )
    h200.setCheckState(Qt.CheckState.Checked)
    assert len(page.plot.roofs()) == roofs + 1 and "h200" in page.session_state()["compare"]
    page.panel.remove_button.click()
    assert page.table.rowCount() == rows
    page.panel.lecture_button.click()
    assert page.table.rowCount() == len(LECTURE_PRESETS)


def test_measured_cpu_points_are_brought_into_view(qtbot):
    from app.state import AppState
    from app.tabs.roofline_tab import RooflinePage

    page = RooflinePage(AppState())
    qtbot.addWidget(page)
    page.show()
    # A CPU ReLU: 1e6 FLOPs, 8e6 bytes in 1 ms -> 1e9 FLOP/s, far below any accelerator roof.
    page.add_measured_points(
        [
            {
                "op": "relu",
                "dtype": "fp32",
                "shape": "1048576",
                "flops": 1e6,
                "bytes": 8e6,
                "seconds": 1e-3,
                "spread": 0.05,
                "device": "cpu",
            }
        ]
    )
    (x0, x1), (y0, y1) = page.plot.view.viewRange()
    assert x0 <= math.log10(1e6 / 8e6) <= x1 and y0 <= math.log10(1e9) <= y1


def test_a_device_without_the_dtype_still_shows_the_compared_devices_that_have_it(page):
    # TPU v5e has no fp32: its own roofs (bf16, int8) and the compared A100 and B200 fp32 roofs
    # stay on the chart, and the note names the device that lacks fp32.
    page._state.set_device("tpu-v5e")
    page._state.set_dtype("fp32")
    keys = [r.key for r in page.plot.roofs()]
    assert "a100-sxm/fp32/tensor" in keys and "b200/fp32/tensor" in keys
    assert any(k.startswith("tpu-v5e/") for k in keys)
    assert "TPU v5e has no published fp32 peak" in page.message
    rows = [_row(page, k) for k in page.table.row_keys()]
    assert all("no published fp32 peak" in r[5] for r in rows)  # points say why, no number


def test_a_device_without_measured_bandwidth_says_so(page):
    from core.bench.this_machine import this_machine

    point = {"device": "cpu", "device_name": "Test CPU", "threads": 2, "op": "matmul"}
    machine = this_machine([{**point, "dtype": "bf16", "flop_rate": 50e12}], memory_bytes=16e9)
    page._state.add_device(machine)
    assert not any(r.key.startswith("this-machine/") for r in page.plot.roofs())
    assert "no copy was measured" in page.message
    page._state.set_device("this-machine")
    page._state.set_dtype("bf16")
    assert "no memory bandwidth" in page.message
    assert all("no memory bandwidth" in _row(page, k)[5] for k in page.table.row_keys())
    assert page.plot.roofs()  # the compared devices are still drawn


def test_slider_field_and_cli_share_one_size_range(page):
    from core.errors import InputError
    from core.roofline.ops import MAX_SIZE, MIN_SIZE, parse_op_spec

    page.select(page.table.row_keys()[-1])  # matmul
    slider = page.editor.sliders["n"]
    slider.setValue(slider.maximum())
    _name, sizes = page.editor.value()
    assert MIN_SIZE <= sizes["n"] <= MAX_SIZE
    # The slider's end is a size the field and the CLI accept, and the point's label agrees.
    assert page.editor.fields["n"].value() == sizes["n"]
    assert f"n={sizes['n']:,}" in _row(page, page._selected)[0]
    assert parse_op_spec(f"matmul:m=1,k=1,n={sizes['n']}")[1]["n"] == sizes["n"]
    assert sizes["n"] * 2**0.25 > MAX_SIZE  # ... and the last step below MAX_SIZE
    slider.setValue(slider.minimum())
    assert page.editor.value()[1]["n"] == MIN_SIZE
    with pytest.raises(InputError):
        parse_op_spec(f"matmul:m=1,k=1,n={MAX_SIZE + 1}")


def test_all_dtypes_labels_the_compared_devices_roofs(page):
    page.all_dtypes.setChecked(True)
    labels = [t.toPlainText() for t in page.plot.label_items()]
    assert any(t.startswith("A100") and "fp64" in t for t in labels)
    assert any(t.startswith("B200") and "fp8" in t for t in labels)


def test_a_point_label_near_the_left_edge_stays_inside_the_axes(page, qtbot):
    page.resize(1100, 700)
    page.show()
    qtbot.waitExposed(page)
    key = page.table.row_keys()[0]  # relu, the leftmost point
    page.select(key)
    page.plot.plot.setXRange(math.log10(0.2), 6, padding=0)  # relu at 0.25 hugs the left axis
    page.plot.layout_labels()
    text = page.plot._point_labels[key]
    left = page.plot.view.sceneBoundingRect().left()
    assert text.sceneBoundingRect().left() >= left - 1


_MEASURED = {
    "op": "matmul",
    "dtype": "bf16",
    "shape": [4096, 4096, 4096],
    "flops": 2 * 4096**3,
    "bytes": 3 * 4096**2 * 2,
    "seconds": 0.25e-3,
    "spread": 0.08,
    "device": "h100-sxm",
}


def test_the_slide_caption_names_the_points(qtbot):
    from app.cli.screenshot_cmd import caption
    from app.main_window import MainWindow
    from app.settings import Preferences

    window = MainWindow(preferences=Preferences(ephemeral=True), menus=False)
    qtbot.addWidget(window)
    window.resize(1280, 820)  # the size screenshot renders at
    window.show()
    page = window.show_tab("roofline")
    qtbot.waitExposed(window)
    page.add_requested_point({"label": "attn scores", "flops": 1e12, "bytes": 1e9})
    page.add_measured_points([_MEASURED, _MEASURED])
    text = caption(window, page)
    device, dtype, points, measured, compared = text.split(" · ")
    assert (device, dtype) == ("NVIDIA H100 SXM5 80GB", "bf16")
    assert (measured, compared) == ("2 measured", "vs A100 SXM4, B200")
    names = ["relu 1M", "gelu 1M", "dot 1M", "matvec 1024²", "matmul 1024³", "attn scores"]
    items = points.split(", ")
    if items[-1].startswith("+"):  # cut to the chart's width (the font depends on the theme)
        shown = items[:-1]
        assert items[-1] == f"+{len(names) - len(shown)} more"
    else:
        shown = items
    assert shown == names[: len(shown)] and shown
    room = page.plot.widget.width() - 16
    metrics = QFontMetrics(QGuiApplication.font())
    assert metrics.horizontalAdvance(text) <= room
    for _ in range(12):  # many points: the list is cut, the line still fits
        page.add_op("bmm", {"b": 32, "m": 2048, "k": 128, "n": 2048})
    text = caption(window, page)
    assert re.search(r"\+\d+ more · 2 measured", text)
    assert metrics.horizontalAdvance(text) <= room
    window.stop_background_work()


def test_a_share_scales_the_marker(page):
    page._state.request_roofline_point(
        {"label": "big", "flops": 1e12, "bytes": 1e9, "share": 1.0, "source": "Step"}
    )
    big = _spot(page, page.table.row_keys()[-1]).size()
    page._state.request_roofline_point({"label": "small", "flops": 1e12, "bytes": 2e9, "share": 0})
    small = _spot(page, page.table.row_keys()[-1]).size()
    plain = _spot(page, page.table.row_keys()[0]).size()
    assert small < plain < big
    saved = page.session_state()["points"]
    assert saved[-2]["share"] == 1.0 and saved[-2]["source"] == "Step"
    rows = page.table.rowCount()
    page._state.request_roofline_point({"label": "bad", "flops": 1, "bytes": 1, "share": 2})
    assert "share" in page.message and page.table.rowCount() == rows


def test_a_language_switch_keeps_measured_points_and_zoom(qtbot):
    from app.i18n import language_manager
    from app.main_window import MainWindow
    from app.settings import Preferences

    window = MainWindow(preferences=Preferences(ephemeral=True))
    qtbot.addWidget(window)
    page = window.show_tab("roofline")
    page.add_measured_points([_MEASURED])
    page.plot.set_range((-2.0, 3.0), (10.0, 15.0))
    view = page.plot.view.viewRange()
    try:
        assert window.set_language("zh_CN") is None
        after = window.current_page()
        assert after is not page
        kinds = [e.kind for e in after._entries]
        assert kinds.count("measured") == 1 and kinds.count("op") == len(LECTURE_PRESETS)
        got = after.plot.view.viewRange()
        assert [*got[0], *got[1]] == pytest.approx([*view[0], *view[1]])
        row = after.table.row_keys().index(next(e.key for e in after._entries if e.measured))
        assert "实测" in after.table.item(row, 0).text()  # the row is in Chinese
        assert after.table.horizontalHeaderItem(6).text() == "瓶颈"
        assert "内存受限" in after.table.item(0, 6).text()
    finally:
        window.set_language("en")
        language_manager().install("en")
    assert [e.kind for e in window.current_page()._entries].count("measured") == 1


@pytest.mark.parametrize("all_dtypes", [False, True])
def test_every_shorter_roof_label_still_names_its_roof(all_dtypes: bool) -> None:
    """A roof's label gives way to shorter texts where it finds no room; each still names the
    roof's dtype (and the device, for a compared one). The shortest had been the bare peak: the
    fp8 roof on a plot-only export read "1.979 PFLOP/s", whose roof no one could tell."""
    from app.tabs.roofline_model import build_roofs, compact_name

    catalog = load_catalog()
    h100, a100, b200 = (catalog.get(i) for i in ("h100-sxm", "a100-sxm", "b200"))
    specs, _legend, _notes = build_roofs(h100, "bf16", [a100, b200], all_dtypes=all_dtypes)
    named = [s for s in specs if s.label and not s.key.endswith("/vector")]
    assert named
    for spec in named:
        device_id, dtype, _kind = spec.key.split("/")
        for text in (spec.label, *spec.short_labels):
            assert dtype in re.split(r"[\s·,]+", text), (spec.key, text)
            if device_id != h100.id:
                assert text.startswith(compact_name(catalog.get(device_id))), (spec.key, text)
