"""The Dtypes widgets render what they are given: bit cells, flips, value grid and compare rows."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import Qt

from core.numbers.analysis import compare
from core.numbers.formats import CLASSES, FORMATS, classify_array, decode_array
from widgets.dtypes.bit_strip import BitStrip
from widgets.dtypes.compare_table import CompareTable, number_text
from widgets.dtypes.values_table import ValuesModel


def test_bit_strip_cells_follow_fields_and_clicks_flip_bits(qtbot):
    strip = BitStrip()
    qtbot.addWidget(strip)
    strip.resize(600, 80)
    strip.setFields([("sign", 1), ("exponent", 4), ("mantissa", 3)])
    strip.setCode(0x7E)
    cells = strip._cells()
    assert [c[1] for c in cells] == list(range(7, -1, -1))
    assert [c[2] for c in cells] == ["sign"] + ["exponent"] * 4 + ["mantissa"] * 3
    with qtbot.waitSignal(strip.codeChanged) as blocker:
        qtbot.mouseClick(strip, Qt.MouseButton.LeftButton, pos=cells[0][0].center().toPoint())
    assert blocker.args == [0xFE] and strip.code() == 0xFE
    strip.grab()  # paints without error


def test_values_model_grid_and_list():
    fmt = FORMATS["float6_e3m2fn"]
    model = ValuesModel()
    codes = np.arange(fmt.code_count)
    model.setTable(decode_array(fmt, codes), classify_array(fmt, codes), CLASSES, [1, 3, 2])
    assert (model.rowCount(), model.columnCount()) == (4, 16)
    assert model.codeAt(model.index(1, 15)) == 0x1F
    assert model.data(model.index(1, 15)) == "28"  # 0 111 11 = 1.75 · 2^(7-3)
    assert model.bitsText(0x1F) == "0 111 11"


def test_compare_table_rows(qtbot):
    table = CompareTable()
    qtbot.addWidget(table)
    rows = compare(1e-8)
    table.setRows(rows, "float16")
    assert table.model().rowCount() == len(FORMATS)
    assert [table.cellText(i, 0) for i in range(len(rows))] == list(FORMATS)
    assert number_text(-0.0) == "−0" and number_text(float("inf")) == "+inf"
