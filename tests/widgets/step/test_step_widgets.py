"""Step widgets: tables that fit instead of scrolling, and kind names shown while the filter still
takes the English ids."""

from __future__ import annotations

from widgets.step import OpFilter, OpTableModel, RowsTable
from widgets.step.names import kind_name, phase_name


def test_a_fitting_table_shows_whole_rows_and_drops_optional_columns(qtbot) -> None:
    table = RowsTable(fit=True)
    qtbot.addWidget(table)
    table.resize(220, 120)
    table.show()
    rows = [
        (f"#{i} a_rather_long_op_name", f"{i}.0 %", "12.3 µs", "layers.0.attn") for i in range(30)
    ]
    table.set_rows(("op", "share", "time", "module"), rows, optional=(2, 3))
    assert 0 < table.shown_rows() < 30
    assert table.isColumnHidden(3) and not table.isColumnHidden(0)
    assert not table.verticalScrollBar().isVisible()
    table.resize(900, 900)
    assert table.shown_rows() > 3 and not table.isColumnHidden(3)


def test_the_filter_matches_english_ids_and_shown_names() -> None:
    model, proxy = OpTableModel(), OpFilter()
    proxy.setSourceModel(model)
    model.set_rows([{"index": 0, "phase": "backward", "kind": "matmul", "module": "fc", "name": "mm"},
                    {"index": 1, "phase": "forward", "kind": "norm", "module": "ln", "name": "x"}])  # fmt: skip
    proxy.set_text("backward matmul")
    assert proxy.rowCount() == 1
    proxy.set_text(f"{phase_name('forward')} {kind_name('norm')}")
    assert proxy.rowCount() == 1
    assert kind_name("communication") == "communication"  # English without a catalog
