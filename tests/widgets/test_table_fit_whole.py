"""A short table is shown whole; a long one asks for its minimum rows and scrolls.

The Roofline's points table asks for three rows at least (the chart keeps its share of a
slide), but its lecture set of five rows must not scroll by 2 px: a table of at most
``whole_up_to`` rows asks for the height of all of them. Heights are checked against
:func:`widgets.table_fit.rows_height`, the sum of the rows' own heights and the header's.
"""

from __future__ import annotations

from PySide6.QtWidgets import QTableWidget, QTableWidgetItem

from widgets.table_fit import ColumnFitter, rows_height


def _table(qtbot, rows: int) -> QTableWidget:
    table = QTableWidget(rows, 2)
    qtbot.addWidget(table)
    for r in range(rows):
        for c in range(2):
            table.setItem(r, c, QTableWidgetItem(f"{r},{c}"))
    return table


def test_short_tables_ask_for_every_row_and_long_ones_for_the_minimum(qtbot) -> None:
    for rows, asked in ((5, 5), (6, 6), (24, 3)):
        table = _table(qtbot, rows)
        fitter = ColumnFitter(table, min_rows=3, whole_up_to=6)
        fitter.fit()
        assert table.minimumHeight() == rows_height(table, asked), (rows, asked)
    table = _table(qtbot, 5)
    ColumnFitter(table, min_rows=3).fit()  # without whole_up_to: the minimum rows only
    assert table.minimumHeight() == rows_height(table, 3)
