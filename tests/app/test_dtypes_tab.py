"""The Dtypes tab: typed values, bit flips, stepping, the compare table, the shared dtype, tables,
block quantization in a worker, sessions and fuzzed input. References: torch, numpy, core."""

from __future__ import annotations

import math
import subprocess
import sys

import numpy as np
import pytest
import torch
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt

from app.state import AppState
from app.tabs.dtypes_tab import PAGES, DtypesPage
from core.numbers.block_vectors import generate
from core.numbers.blockscale import quantize
from core.numbers.formats import FORMATS


@pytest.fixture
def page(qtbot):
    p = DtypesPage(AppState())
    qtbot.addWidget(p)
    p.resize(1200, 800)
    p.show()
    yield p
    p.shutdown()


def _type(page: DtypesPage, text: str) -> None:
    page.value_field.setText(text)  # validated and committed at once (no debounce wait)


def _select(page: DtypesPage, fid: str) -> None:
    page.format_combo.setCurrentIndex(page.format_combo.findData(fid))


def test_default_follows_the_shared_dtype_and_shows_1e_minus_8(page):
    assert page.format_id == "bfloat16"  # AppState starts on bf16
    rows = {r.format_id: r for r in page.rows}
    assert rows["float16"].value == 0.0
    assert rows["bfloat16"].value == torch.tensor(1e-8).to(torch.bfloat16).item()
    table = page.compare_table
    names = [table.cellText(i, 0) for i in range(table.model().rowCount())]
    r16 = names.index("float16")
    assert table.cellText(r16, 2) == "0" and "UNDERFLOW" in table.cellText(r16, 6)


@pytest.mark.parametrize(
    ("dtype", "fid"), [("fp8", "float8_e4m3fn"), ("fp4", "float4_e2m1fn"), ("fp16", "float16")]
)
def test_shared_dtype_selector_maps_to_a_format(page, dtype, fid):
    page.state.set_dtype(dtype)
    assert page.format_id == fid
    assert page.bit_strip.bitCount() == FORMATS[fid].bits


def test_int8_leaves_the_format_alone(page):
    page.state.set_dtype("int8")
    assert page.format_id == "bfloat16"


def test_typed_value_matches_torch(page):
    _type(page, "1/3")
    want = torch.tensor(1 / 3).to(torch.bfloat16)
    assert page.analysis.value == want.item()
    assert page.code == int(want.view(torch.int16).item()) & 0xFFFF
    assert page.bit_strip.code() == page.code
    assert page.stored_values["stored"].text() == repr(want.item())


def test_clicking_a_bit_flips_it(page, qtbot):
    _select(page, "float16")
    _type(page, "1")
    strip = page.bit_strip
    rect, _index, field = next(c for c in strip._cells() if c[1] == 9)  # top mantissa bit
    assert field == "mantissa"
    qtbot.mouseClick(strip, Qt.MouseButton.LeftButton, pos=rect.center().toPoint())
    assert page.code == 0x3C00 | (1 << 9)
    assert page.analysis.value == float(np.uint16(page.code).view(np.float16)) == 1.5
    assert page.value_field.text() == "1.5"


def test_arrow_keys_and_buttons_step_to_neighbours(page, qtbot):
    _select(page, "float16")
    _type(page, "1")
    qtbot.keyClick(page.value_field.lineEdit(), Qt.Key.Key_Up)
    assert page.analysis.value == float(np.nextafter(np.float16(1), np.float16(2)))
    page.prev_button.click()
    page.prev_button.click()
    assert page.analysis.value == float(np.nextafter(np.float16(1), np.float16(0)))
    qtbot.keyClick(page.value_field.lineEdit(), Qt.Key.Key_Down)
    assert page.analysis.value == float(
        np.nextafter(np.nextafter(np.float16(1), np.float16(0)), np.float16(0))
    )


def test_hex_code_in_the_value_field(page):
    _select(page, "float8_e4m3fn")
    _type(page, "0x7e")
    assert page.analysis.value == 448.0 and page.code == 0x7E
    _type(page, "0x7f")
    assert page.analysis.cls == "nan"
    _type(page, "0x1ff")
    assert not page.value_field.isValid() and "out of range" in page.value_field.errorText()
    assert page.code == 0x7F  # last good state kept


def test_policy_switch_changes_e4m3_overflow(page):
    _select(page, "float8_e4m3fn")
    _type(page, "1000")
    assert page.analysis.value == 448.0
    page.policy_combo.setCurrentIndex(page.policy_combo.findData("ocp"))
    assert math.isnan(page.analysis.value)


def test_torch_finfo_eps_note_for_e5m2fnuz(page):
    _select(page, "float8_e5m2fnuz")
    assert "0.125" in page.notes_label.text() and "0.25" in page.notes_label.text()


def test_all_values_grid_highlights_specials(page):
    _select(page, "float8_e4m3fn")
    page.pages.setCurrentIndex(PAGES.index("values"))
    model = page.values_table.values_model
    assert (model.rowCount(), model.columnCount()) == (16, 16)
    nan_index = model.index(7, 15)  # 0x7f
    assert model.data(nan_index) == "NaN"
    assert model.data(nan_index, Qt.ItemDataRole.BackgroundRole) is not None
    tip = model.data(model.index(7, 14), Qt.ItemDataRole.ToolTipRole)
    assert "0 1111 110" in tip and "448" in tip
    ref = torch.arange(256, dtype=torch.uint8).view(torch.float8_e4m3fn).float()
    assert model.data(model.index(3, 8)) == f"{ref[0x38].item():.4g}"


def test_all_values_list_for_16_bits(page):
    _select(page, "bfloat16")
    page.pages.setCurrentIndex(PAGES.index("values"))
    model = page.values_table.values_model
    assert model.rowCount() == 65536 and not model.isGrid()
    want = torch.tensor([0x3F80], dtype=torch.int16).view(torch.bfloat16).item()
    assert model.data(model.index(0x3F80, 2)) == repr(want)


def test_block_panel_runs_in_a_worker_and_matches_core(page, qtbot):
    page.pages.setCurrentIndex(PAGES.index("blocks"))
    blocks = page.blocks
    qtbot.waitUntil(lambda: blocks.last is not None, timeout=10000)
    want = quantize(generate("outliers", 4096, 0), "nvfp4").summary()
    assert blocks.last["summary"]["rms_error"] == want["rms_error"]
    assert blocks.last["summary"]["most_flushed_block"] == want["most_flushed_block"]
    assert "stored as 0" in blocks.stats.text()
    blocks.size_field.setText("2e6")
    assert "1,000,000" in blocks.size_field.errorText()
    assert page.export_plot() is not None


def test_session_round_trip_and_bad_session(page, qtbot):
    _select(page, "float6_e3m2fn")
    _type(page, "pi")
    saved = page.session_state()
    other = DtypesPage(AppState())
    qtbot.addWidget(other)
    assert other.restore_session(saved) == []
    assert other.format_id == "float6_e3m2fn" and other.analysis.value == page.analysis.value
    problems = other.restore_session({"format": "fp7", "value": "1/0", "policy": 3})
    assert len(problems) == 3 and other.format_id == "float6_e3m2fn"
    other.shutdown()


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=st.text(max_size=30), fid=st.sampled_from(list(FORMATS)))
def test_any_text_gives_a_value_or_a_message(page, text, fid):
    _select(page, fid)
    before = (page.format_id, page.code, page.analysis.cls)
    _type(page, text)
    if page.value_field.isValid():
        assert page.analysis is not None and page.analysis.format_id == fid
    else:  # a clear message, and the last good state is kept
        assert page.value_field.errorText()
        assert (page.format_id, page.code, page.analysis.cls) == before


def test_neither_pyqtgraph_nor_numpy_is_imported_until_a_page_needs_them():
    """The window opens on this tab: its bits page paints from scalar code alone (numpy took
    90-140 ms of the first paint); the values page brings numpy, the range chart pyqtgraph."""
    code = (
        "import sys\n"
        "from app.gui import make_application\n"
        "app = make_application(offscreen=True)\n"
        "from app.main_window import MainWindow\n"
        "from app.settings import Preferences\n"
        "from app.tabs.dtypes_tab import PAGES\n"
        "w = MainWindow(preferences=Preferences(ephemeral=True)); w.show(); app.processEvents()\n"
        "page = w.show_tab('dtypes'); app.processEvents()\n"
        "print([m in sys.modules for m in ('pyqtgraph', 'numpy')])\n"
        "page.pages.setCurrentIndex(PAGES.index('values')); app.processEvents()\n"
        "print('numpy' in sys.modules, page.values_table.values_model.rowCount() > 0)\n"
        "w.close()\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    first, values = out.stdout.strip().splitlines()[-2:]
    assert first == "[False, False]"
    assert values == "True True"


def test_range_chart_marker_in_log10_units(page):
    page.pages.setCurrentIndex(PAGES.index("range"))
    _type(page, "1e-8")
    marker = page.range_chart._marker
    assert marker is not None and marker.value() == pytest.approx(-8)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=st.text(max_size=40))
def test_block_fields_take_any_text(page, text):
    blocks = page.ensure_blocks()
    blocks.size_field.setText(text)
    assert blocks.size_field.isValid() or blocks.size_field.errorText()
    blocks.source.setCurrentIndex(blocks.source.findData("typed"))
    blocks.typed.setPlainText(text)
    blocks.recompute()  # invalid text: a message and no request; valid: a request
    assert blocks.status.text()


def test_a_typed_code_becomes_its_value_when_the_format_changes(page):
    _select(page, "float8_e4m3fn")
    _type(page, "0x7e")
    _select(page, "float16")
    assert page.value_field.text() == "448.0" and page.analysis.value == 448.0


def test_values_beyond_float64_range_with_the_chart_open(page):
    page.pages.setCurrentIndex(PAGES.index("range"))
    _type(page, "1e1000")
    assert page.analysis.value == math.inf and page.range_chart._marker is None
    _type(page, "-1e-1000")
    assert page.analysis.value == 0.0 and page.analysis.underflow


def test_nan_code_then_a_format_without_nan(page):
    # Typed as a code of float16, then shown in fp6/fp4, which cannot hold NaN: no crash, a note.
    _select(page, "float16")
    _type(page, "0x7e00")  # float16 NaN
    for fid in ("float6_e3m2fn", "float4_e2m1fn", "float6_e2m3fn"):
        _select(page, fid)
        assert page.format_id == fid and 0 <= page.code < 1 << FORMATS[fid].bits
