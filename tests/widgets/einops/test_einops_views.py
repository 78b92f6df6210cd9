"""The einops result tables and the call form: as tall as their rows, only the columns with
something to show, the form reflowing to two rows in presentation mode."""

from __future__ import annotations

from core.einops.analysis import analyse
from core.einops.examples import EXAMPLES
from core.einops.model import OPS, REDUCTIONS
from core.roofline.hardware import DTYPE_BYTES
from widgets.einops.form import EinopsCallForm
from widgets.einops.results import AxisTable, PlanTable


def _tables(qtbot, res):
    axes, plan = AxisTable(), PlanTable()
    for table in (axes, plan):
        qtbot.addWidget(table)
        table.resize(600, 400)
        table.show()
    axes.setAxes(res.axes, res.pattern)
    plan.setPlan(res.plan)
    return axes, plan


def test_tables_ask_for_their_rows_and_hide_empty_columns(qtbot) -> None:
    res = analyse("einsum", "b i j, b j k -> b i k", [(2, 3, 4), (2, 4, 5)])
    axes, plan = _tables(qtbot, res)
    assert all(not a.note for a in res.axes) and axes.isColumnHidden(3)  # no notes: no Note column
    assert all(s.is_view is None for s in res.plan) and plan.isColumnHidden(2)  # no view/copy
    for table in (axes, plan):
        rows = sum(table.rowHeight(r) for r in range(table.rowCount()))
        assert table.sizeHint().height() >= rows + table.horizontalHeader().height()
        assert table.sizeHint().height() == table.contentHeight()
    assert plan.verticalScrollBar().maximum() == 0


def test_columns_come_back_when_they_have_something_to_show(qtbot) -> None:
    res = analyse("einsum", "b i j, b j k -> b i k", [(2, 3, 4), (2, 4, 5)])
    axes, plan = _tables(qtbot, res)
    res = analyse("rearrange", "b s (h d) -> b h s d", [(2, 3, 8)], {"h": 2})
    axes.setAxes(res.axes, res.pattern)
    plan.setPlan(res.plan)
    assert not axes.isColumnHidden(3) and not plan.isColumnHidden(2)
    assert plan.item(1, 2).text() == "view"
    assert axes.item(0, 3).text() == "inferred from the shape"


def test_compact_axis_table_keeps_notes_in_tooltips(qtbot) -> None:
    res = analyse("rearrange", "b s (h d) -> b h s d", [(2, 3, 8)], {"h": 2})
    axes, _plan = _tables(qtbot, res)
    axes.setCompact(True)
    # Compact: the axes run in two groups of (axis, length, role, note) columns side by side.
    assert axes.groups() == 2 and axes.columnCount() == 8
    assert axes.rowCount() == (len(res.axes) + 1) // 2
    assert axes.isColumnHidden(3) and axes.isColumnHidden(7)
    names = {axes.item(r, c).text(): (r, c) for r in range(axes.rowCount()) for c in (0, 4)
             if axes.item(r, c) is not None}  # fmt: skip
    assert sorted(names) == sorted(a.name for a in res.axes)
    r, c = names["h"]
    assert axes.item(r, c).toolTip() == axes.item(r, c + 2).toolTip() == "length given"
    axes.setCompact(False)
    assert axes.columnCount() == 4 and axes.rowCount() == len(res.axes)
    assert not axes.isColumnHidden(3)


def test_form_reflows_to_two_rows_when_compact(qtbot) -> None:
    form = EinopsCallForm(OPS, REDUCTIONS, DTYPE_BYTES, EXAMPLES)
    qtbot.addWidget(form)
    form.resize(1400, 200)
    form.show()
    qtbot.waitExposed(form)
    three = form.sizeHint().height()
    assert form.shapes.y() > form.pattern.y() > form.op.y()
    form.setCompact(True)
    qtbot.wait(1)
    form.layout().activate()
    assert form.shapes.geometry().center().y() == form.op.geometry().center().y()
    assert form.pattern.y() > form.op.y()
    assert form.sizeHint().height() < three
    form.setCompact(False)
    form.layout().activate()
    assert form.shapes.y() > form.pattern.y()
