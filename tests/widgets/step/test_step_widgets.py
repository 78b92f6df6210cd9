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


def test_the_placeholder_modules_are_shown_in_the_window_language() -> None:
    from app.i18n import language_manager
    from core.step.recorder import OPTIMIZER, ROOT
    from widgets.step.names import module_name

    model, proxy = OpTableModel(), OpFilter()
    proxy.setSourceModel(model)
    model.set_rows([{"index": 0, "phase": "forward", "kind": "matmul", "module": ROOT, "name": "mm"},
                    {"index": 1, "phase": "optimizer", "kind": "optimizer", "module": OPTIMIZER,
                     "name": "add_"},
                    {"index": 2, "phase": "forward", "kind": "norm", "module": "layers.0.ln",
                     "name": "x"}])  # fmt: skip
    column = [model.key(c) for c in range(model.columnCount())].index("module")
    try:
        assert language_manager().install("zh_CN") is None
        # resources/i18n/step_zh_CN.ts: "(model)" is （模型）; a model's own names stay as written.
        assert module_name(ROOT) == "（模型）" and module_name("layers.0.ln") == "layers.0.ln"
        model.set_rows(model.rows())  # texts are made when first shown: in the language now
        assert model.index(0, column).data() == "（模型）"
        assert model.index(1, column).data() == "（优化器）"
        proxy.set_text("模型")
        assert proxy.rowCount() == 1
    finally:
        language_manager().install("en")
    assert module_name(ROOT) == ROOT == "(model)"
