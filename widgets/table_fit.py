"""Tables that choose which columns to show instead of eliding their cells.

:class:`ColumnFitter` watches a ``QTableView``: whenever its width, font or rows change, it sizes
every column to its contents (header included) and, when they do not all fit the viewport, hides
the least important columns until the rest fit whole. The last shown column takes the spare
width. Hidden columns stay in the model (copy, tooltips and tests still see them).

A table may name one column that elides instead (its names: a benchmark's long point titles had
pushed the Roofline table's Bound column out): it gives up width, down to a floor, for the
columns after it in priority before any of them is hidden, and the view's
:data:`ELIDED_COLUMN` property tells the layout audit that its cells elide by design.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QHeaderView, QStyle, QTableView

__all__ = ["ELIDED_COLUMN", "ColumnFitter", "fit_columns", "rows_height"]

#: View property: the column whose cells may elide (set by :class:`ColumnFitter`).
ELIDED_COLUMN = "napkinlab_elided_column"


def _content_width(view: QTableView, column: int) -> int:
    header = view.horizontalHeader()
    model = view.model()
    text = model.headerData(column, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole)
    margin = view.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, header)
    fm = header.fontMetrics()
    head = max((fm.horizontalAdvance(t) for t in str(text or "").split("\n")), default=0)
    cells = view.sizeHintForColumn(column)
    return max(head + 2 * margin + 12, cells + 2)  # headers: bold in some styles


def _content_width_of_header(view: QTableView, column: int) -> int:
    header = view.horizontalHeader()
    text = view.model().headerData(column, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole)
    margin = view.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, header)
    fm = header.fontMetrics()
    return (
        max((fm.horizontalAdvance(t) for t in str(text or "").split("\n")), default=0)
        + 2 * margin
        + 12
    )


def fit_columns(
    view: QTableView,
    priority: Sequence[int] | None = None,
    elide: int | None = None,
    floor: float = 0.45,
) -> list[int]:
    """Show the most important columns that fit ``view`` whole; returns the shown columns.

    ``priority`` lists column indexes from most to least important (model order by default);
    columns not listed are shown only after the listed ones. Column ``elide`` (if any) narrows,
    to no less than ``floor`` of its contents' width (nor its header's), to make room for a
    column that would otherwise be hidden.
    """
    model = view.model()
    if model is None:
        return []
    count = model.columnCount()
    order = list(priority or range(count))
    order += [c for c in range(count) if c not in order]
    available = _available_width(view)
    widths = {c: _content_width(view, c) for c in range(count)}
    least = widths[elide] if elide is not None else 0
    if elide is not None:
        head = _content_width_of_header(view, elide)
        least = min(widths[elide], max(head, round(widths[elide] * floor)))
    shown: list[int] = []
    used = 0
    for column in order:
        if used + widths[column] <= available or not shown:
            shown.append(column)
            used += widths[column]
        elif elide in shown and used - (widths[elide] - least) + widths[column] <= available:
            give = used + widths[column] - available
            widths[elide] -= give
            shown.append(column)
            used += widths[column] - give
    header = view.horizontalHeader()
    header.setStretchLastSection(False)
    visible = sorted(shown)
    spare = max(0, available - used)
    for column in range(count):
        hidden = column not in shown
        if header.isSectionHidden(column) != hidden:
            header.setSectionHidden(column, hidden)
        if not hidden:
            extra = spare if column == visible[-1] else 0
            header.resizeSection(column, widths[column] + extra)
    return visible


def _available_width(view: QTableView) -> int:
    """The width the columns share: the viewport's, which the horizontal header always has
    (``QTableView`` lays the header over the viewport's width). Read from the header: the first
    ``view.viewport()`` handed to Python makes PySide build every ``QWidget`` subclass while it
    looks for the type of that plain ``QWidget`` (69 enums, about 9 ms of the Dtypes tab's first
    paint)."""
    header = view.horizontalHeader()
    return view.viewport().width() if header.isHidden() else header.width()


def rows_height(view: QTableView, rows: int) -> int:
    """Height that shows the header and the first ``rows`` rows of ``view`` without scrolling."""
    header = view.horizontalHeader()
    head = header.sizeHint().height() if header.isVisible() else 0
    body = sum(view.rowHeight(r) for r in range(rows))
    return head + body + 2 * view.frameWidth() + 1


class ColumnFitter(QObject):
    """Re-run :func:`fit_columns` on ``view`` after resizes, font changes and new rows.

    With ``min_rows`` the view also asks its layout for the height of that many rows (or of all
    its rows, when fewer), so a short table is shown whole instead of scrolling by a pixel; with
    ``whole_up_to`` a table of at most that many rows asks for all of them (past that, for
    ``min_rows`` and it scrolls).
    """

    def __init__(
        self,
        view: QTableView,
        priority: Sequence[int] | None = None,
        *,
        min_rows: int = 0,
        elide: int | None = None,
        whole_up_to: int = 0,
    ) -> None:
        super().__init__(view)
        self._view = view
        self._priority = list(priority or [])
        self._min_rows = min_rows
        self._whole_up_to = whole_up_to
        self._elide = elide
        if elide is not None:
            view.setProperty(ELIDED_COLUMN, elide)
            view.setTextElideMode(Qt.TextElideMode.ElideRight)
        view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.fit)
        view.installEventFilter(self)
        # The header is resized with the viewport (a scroll bar shown or hidden changes the
        # viewport's width, not the view's); see _available_width for why not the viewport.
        view.horizontalHeader().installEventFilter(self)
        model = view.model()
        if model is not None:
            for signal in (model.rowsInserted, model.rowsRemoved, model.modelReset):
                signal.connect(self._timer.start)
            model.dataChanged.connect(self._timer.start)

    def fit(self) -> list[int]:
        """Fit now; returns the shown columns."""
        if self._min_rows:
            model = self._view.model()
            count = model.rowCount() if model is not None else 0
            rows = count if count <= self._whole_up_to else min(self._min_rows, count)
            height = rows_height(self._view, rows)
            if self._view.minimumHeight() != height:
                self._view.setMinimumHeight(height)
        return fit_columns(self._view, self._priority or None, self._elide)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Schedule a fit when the view or its header is resized or restyled."""
        if event.type() in (
            QEvent.Type.Resize,
            QEvent.Type.FontChange,
            QEvent.Type.StyleChange,
            QEvent.Type.Show,
        ):
            self._timer.start()
        return False
