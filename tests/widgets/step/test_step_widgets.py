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


def test_the_op_table_sorts_as_qt_would_and_selections_follow(qtbot) -> None:
    """The model sorts itself (one Python sort): the order is the one Qt's own sorting proxy
    gives on the raw values, but stable (equal values keep the order given; Qt's is not), with a
    missing value first; a selected op stays selected."""
    import random

    from PySide6.QtCore import QSortFilterProxyModel, Qt
    from PySide6.QtWidgets import QTableView

    rng = random.Random(7)
    rows = [{"index": i, "phase": rng.choice(["forward", "backward"]), "kind": "matmul",
             "module": "fc", "name": f"op{i}", "flops": rng.choice([None, 0.0, 2e9, 4e9, 8e9]),
             "predicted_s": rng.random()} for i in range(300)]  # fmt: skip
    model, proxy = OpTableModel(), OpFilter()
    proxy.setSourceModel(model)
    view = QTableView()
    qtbot.addWidget(view)
    view.setModel(proxy)
    view.setSortingEnabled(True)
    model.set_rows(rows)
    reference_model = OpTableModel()  # the reference: Qt sorting the same raw values
    reference_model.set_rows(rows)
    reference = QSortFilterProxyModel()
    reference.setSortRole(Qt.ItemDataRole.UserRole)
    reference.setSourceModel(reference_model)
    columns = [model.key(c) for c in range(model.columnCount())]
    view.selectRow(10)
    chosen = proxy.index(10, columns.index("name")).data()
    for key in ("flops", "phase", "predicted_s", "index"):
        for order in (Qt.SortOrder.AscendingOrder, Qt.SortOrder.DescendingOrder):
            view.sortByColumn(columns.index(key), order)
            reference.sort(columns.index(key), order)
            column = columns.index(key)
            raw = [proxy.index(r, column).data(Qt.ItemDataRole.UserRole) for r in range(300)]
            expected = [reference.index(r, column).data(Qt.ItemDataRole.UserRole)
                        for r in range(300)]  # fmt: skip
            assert raw == expected, (key, order)
            given = [proxy.index(r, columns.index("index")).data(Qt.ItemDataRole.UserRole)
                     for r in range(300)]  # fmt: skip
            for r in range(1, 300):  # stable: equal values keep the order given
                assert raw[r] != raw[r - 1] or given[r] > given[r - 1], (key, order, r)
            selected = view.selectionModel().selectedRows(columns.index("name"))
            assert [index.data() for index in selected] == [chosen]
    view.sortByColumn(columns.index("flops"), Qt.SortOrder.AscendingOrder)
    assert proxy.index(0, columns.index("flops")).data(Qt.ItemDataRole.UserRole) == -1.0
    proxy.set_text("backward")  # filtering keeps the model's order
    flops = [proxy.index(r, columns.index("flops")).data(Qt.ItemDataRole.UserRole)
             for r in range(proxy.rowCount())]  # fmt: skip
    assert flops == sorted(flops) and 0 < len(flops) < 300
    assert model.rows() == rows  # as given
