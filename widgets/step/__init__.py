"""Views of the Step tab: the op table model, plain tables for rollups and the lecture's four rows,
and the "where the time goes" bar chart. They render rows computed by :mod:`core.step`."""

from widgets.step.chart import KindChart
from widgets.step.tables import OpFilter, OpTableModel, RowsTable, fit_op_columns

__all__ = ["KindChart", "OpFilter", "OpTableModel", "RowsTable", "fit_op_columns"]
