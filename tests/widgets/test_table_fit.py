"""ColumnFitter: the shown columns fill the viewport exactly, also after a scroll bar appears and
narrows the viewport without resizing the view (the fitter watches the header, which Qt lays over
the viewport's width)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QTableView

from widgets.table_fit import ColumnFitter


def _shown_width(view: QTableView) -> int:
    header = view.horizontalHeader()
    return sum(
        header.sectionSize(c) for c in range(header.count()) if not header.isSectionHidden(c)
    )


def test_the_columns_follow_the_viewport_when_a_scroll_bar_appears(qtbot) -> None:
    model = QStandardItemModel(2, 3)  # two rows: no scroll bar needed
    model.setHorizontalHeaderLabels(["op", "FLOPs", "bytes"])
    for row in range(2):
        for column in range(3):
            model.setItem(row, column, QStandardItem(f"r{row}c{column}"))
    view = QTableView()
    qtbot.addWidget(view)
    view.setModel(model)
    view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
    fitter = ColumnFitter(view)
    view.resize(400, 200)
    view.show()
    qtbot.waitExposed(view)
    qtbot.waitUntil(lambda: _shown_width(view) == view.viewport().width())
    wide = view.viewport().width()
    assert not view.verticalScrollBar().isVisible()
    # A scroll bar shown: the viewport narrows, the view keeps its size, no row changes.
    view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
    qtbot.waitUntil(lambda: view.viewport().width() < wide)
    assert view.width() == 400
    # The reference: Qt's own viewport width, which the fitter never asked for.
    qtbot.waitUntil(lambda: _shown_width(view) == view.viewport().width())
    assert fitter.fit() == [0, 1, 2]
