"""The Plan tab: which layout to run a model on a cluster with, what limits it, what to change.

Every number comes from :mod:`core.plan` (search, the results, what to change). The search runs in
a background thread (:mod:`app.plan_worker`); a change of the toolbar's device or of the cluster
(GPUs, GPUs per node, links) plans again from the cached trace. The ranked layouts are a sortable
table and a scatter (tokens/s per GPU against memory per GPU) kept in step: selecting a row or
clicking a point shows that layout's time and memory bars and the one sentence saying what
limits it and which change helps most, re-planned by the core. "Pin as A" keeps a cluster's
candidates on the chart while another is planned.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QItemSelectionModel, QModelIndex, Qt, Signal
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from app.layout_audit import ELIDE_OK
from app.plan_worker import PlanRunner, run_plan
from app.state import AppState
from app.tabs import plan_data
from app.tabs import plan_view as view
from app.tabs.base import TabPage
from app.tabs.checkpoint_days import compact_training, days_rows
from app.tabs.plan_published import PublishedView
from core.errors import InputError
from core.plan.table import candidates_csv
from core.units import format_bytes
from widgets.card_fit import REFIT_EVENTS, fit_card_height
from widgets.cards import card as _card
from widgets.cards import plain_label as _label
from widgets.cjk_break import keep_counts
from widgets.i18n import localized, translate
from widgets.plan import CandidateFilter, CandidateModel, PlanChart, PlanInputs, StackedBar
from widgets.plan.days import DaysRows
from widgets.plan.names import memory_colours, memory_names, time_colours, time_names
from widgets.rich_text import plain_tip
from widgets.splitter import DefaultSplitter
from widgets.table_fit import ColumnFitter
from widgets.yielding_tabs import YieldingTabs

#: The chart's least height on a 1280x720 slide (presentation mode), in pixels: its points had
#: been squeezed into 140 (the axes ~100).
CHART_MIN_HEIGHT_COMPACT = 175

__all__ = ["PlanPage", "build"]

#: Columns of the ranked table from most to least important (the rest hide when narrow).
_PRIORITY = (1, 2, 3, 4, 6, 7, 5, 0)


class PlanPage(TabPage):
    """Inputs on the left; the chosen layout, the chart and the ranked table on the right.

    Signals
    -------
    planFinished(bool)
        A plan ended (True: results arrived; False: it failed or was cancelled).
    """

    tab_id = "plan"
    caption_keys = ("model", "gpus", "seq", "global_batch", "tokens")
    planFinished = Signal(bool)

    def __init__(self, state: AppState) -> None:
        super().__init__()
        self._state = state
        self.job: dict[str, Any] | None = None
        self.selected: int | None = None
        self.plan_a: dict[str, Any] | None = None
        self._changes: dict[int, str | None] = {}
        self._skipped: dict[int, list[tuple[str, str]]] = {}  # changes not tried, with reasons
        self._replan_pending = False
        self._stale = False
        self._theme: Any = None
        self._build_controls()
        self._build_results()
        # Default proportions, put back after every theme or mode change (a page built in
        # presentation mode shrinks back with it), unless the person dragged the handle.
        split = DefaultSplitter(Qt.Orientation.Horizontal, [340, 940])
        split.addWidget(self._left)
        split.addWidget(self._right)
        split.setStretchFactor(1, 1)
        split.restore()
        self._split = split
        outer = QVBoxLayout(self)
        outer.setContentsMargins(12, 12, 12, 12)
        outer.addWidget(split)
        self.runner = PlanRunner(self)
        self.runner.progress.connect(self._on_progress)
        self.runner.result.connect(self._on_result)
        self.runner.error.connect(self._on_error)
        self.runner.finished.connect(self._on_finished)
        state.deviceChanged.connect(self._device_changed)
        state.catalogChanged.connect(self._catalog_changed)
        state.calibrationChanged.connect(self._calibration_changed)
        self._show_device()

    # building ------------------------------------------------------------------------------
    def _build_controls(self) -> None:
        self.inputs = PlanInputs(self)
        from app.hub_fetch import HubFetcher

        self.hub_fetcher = HubFetcher(self.inputs.hub_row, self)
        self.hub_fetcher.fetched.connect(lambda _text: self.inputs.set_model(_text))
        self.inputs.changed.connect(self._inputs_changed)
        self.inputs.clusterChanged.connect(self._cluster_changed)
        self.inputs.daysChanged.connect(self._days_changed)
        self.inputs.fractionsRequested.connect(self.open_fractions)
        self.plan_button = QPushButton(translate("PlanTab", "Plan"))
        self.plan_button.setToolTip(
            translate(
                "PlanTab",
                "Search every layout the fixed dimensions leave open, in the background: one "
                "layer is traced once, then each layout is planned from it",
            )
        )
        self.plan_button.clicked.connect(self.start_plan)
        self.cancel_button = QPushButton(translate("PlanTab", "Cancel"))
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel_plan)
        self.progress = QProgressBar()
        self.progress.setRange(0, 1000)
        self.progress.setTextVisible(False)
        self.progress.setVisible(False)
        self.status = _label()
        self.status.setText(translate("PlanTab", "Not planned yet"))
        self.pin_button = QPushButton(translate("PlanTab", "Pin as A"))
        self.pin_button.setToolTip(
            translate(
                "PlanTab",
                "Keep these candidates on the chart as plan A; change the cluster (device, GPUs) "
                "to overlay another",
            )
        )
        self.pin_button.clicked.connect(self.pin_plan_a)
        self.csv_button = QPushButton(translate("PlanTab", "CSV…"))
        self.csv_button.setToolTip(translate("PlanTab", "Export the candidates as CSV"))
        self.csv_button.clicked.connect(self._export_csv)
        self.step_button = QPushButton(translate("PlanTab", "Open in Step"))
        self.step_button.setToolTip(
            translate(
                "PlanTab",
                "Trace the layer the plan traced (one layer of the model's width, one "
                "micro-batch) op by op in the Step tab",
            )
        )
        self.step_button.clicked.connect(self.open_in_step)
        self.napkin_button = QPushButton(translate("PlanTab", "Use in Napkin"))
        self.napkin_button.setToolTip(
            translate(
                "PlanTab",
                "Put the chosen layout's speed into the Napkin tab's training-time card: the "
                "parameters, tokens and GPUs, and the MFU restated in the card's 6·N·D convention "
                "(no attention FLOPs), so the card gives the plan's days",
            )
        )
        self.napkin_button.clicked.connect(self.use_in_napkin)
        self.data_field = plan_data.rate_field(self)
        self.data_field.valueChanged.connect(self._data_rate_changed)
        for button in (self.pin_button, self.csv_button, self.step_button, self.napkin_button):
            button.setEnabled(False)
        card, layout = _card()
        title = QLabel(translate("PlanTab", "Plan a training run"))
        title.setObjectName("cardTitle")
        layout.addWidget(title)
        layout.addWidget(self.inputs)
        buttons = QHBoxLayout()
        buttons.addWidget(self.plan_button)
        buttons.addWidget(self.cancel_button)
        layout.addLayout(buttons)
        layout.addWidget(self.progress)
        layout.addWidget(self.status)
        for pair in ((self.pin_button, self.csv_button), (self.step_button, self.napkin_button)):
            row = QHBoxLayout()
            for button in pair:
                row.addWidget(button)
            layout.addLayout(row)
        self.days = DaysRows()  # training, checkpoints, failures (app.tabs.checkpoint_days)
        layout.addWidget(self.days)
        layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(card)
        self._left_card, self._left = card, scroll
        self._fit_left()

    def _build_results(self) -> None:
        card, layout = _card()
        self.headline = _label("headline")
        self.headline.setText(translate("PlanTab", "Plan to see the fastest layouts that fit"))
        self.layout_line = _label()
        self.figures = _label("formula")
        self.validated = _label("formula")  # which published runs the likely ranges come from
        self.data_line = _label("formula")  # tokens/s per node consumed beside delivered
        self.sentence = _label()
        self.time_bar = StackedBar()
        self.memory_bar = StackedBar()
        self.time_bar.set_names(time_names())
        self.memory_bar.set_names(memory_names())
        # the data-path row, and beside it the field for what one node's loader delivers
        data_row = QHBoxLayout()
        data_row.addWidget(self.data_line, 1)
        data_row.addWidget(self.data_field, 0, Qt.AlignmentFlag.AlignTop)
        self.data_field.setMaximumWidth(190)
        for widget in (self.headline, self.layout_line, self.figures, self.validated):
            layout.addWidget(widget)
        layout.addLayout(data_row)
        for widget in (self.sentence, self.time_bar, self.memory_bar):
            layout.addWidget(widget)
        self.chart = PlanChart()
        self.chart.pointClicked.connect(self._point_clicked)
        self.model = CandidateModel(self)
        self.filter = CandidateFilter(self)
        self.filter.setSourceModel(self.model)
        self.table = QTableView()
        self.table.setModel(self.filter)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.table.verticalHeader().setVisible(False)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.selectionModel().currentRowChanged.connect(self._row_changed)
        self.fitter = ColumnFitter(self.table, _PRIORITY)
        # Hundreds of candidates scroll by design (the layout audit's presentation rule is for
        # pages, not for lists that long).
        self.table.verticalScrollBar().setProperty(ELIDE_OK, True)
        self.unfit_box = QCheckBox(translate("PlanTab", "Show layouts that do not fit"))
        self.unfit_box.setToolTip(
            translate("PlanTab", "Greyed, each with what it would need (memory against capacity)")
        )
        self.unfit_box.toggled.connect(self._show_unfit)
        self.count_line = _label("formula", wrap=False)
        table_page = QWidget()
        table_layout = QVBoxLayout(table_page)
        table_layout.setContentsMargins(0, 6, 0, 0)
        row = QHBoxLayout()
        row.addWidget(self.unfit_box)
        row.addStretch(1)
        row.addWidget(self.count_line)
        table_layout.addLayout(row)
        table_layout.addWidget(self.table, 1)
        self.assumptions = _label()
        self.assumptions.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        notes = QScrollArea()
        notes.setWidgetResizable(True)
        notes.setFrameShape(QFrame.Shape.NoFrame)
        notes.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        notes.setWidget(self.assumptions)
        notes.verticalScrollBar().setProperty(ELIDE_OK, True)  # a dozen paragraphs scroll
        self.views = YieldingTabs()
        self.views.addTab(self.chart, translate("PlanTab", "Chart"))
        self.views.addTab(table_page, translate("PlanTab", "Ranked layouts"))
        self.views.addTab(notes, translate("PlanTab", "Assumptions"))
        self.published = PublishedView(self._state)
        self.views.addTab(self.published, translate("PlanTab", "Published runs"))
        self.views.setTabToolTip(
            3,
            translate(
                "PlanTab",
                "How close the plan came to published training runs on this device, run by run",
            ),
        )
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(card)
        right_layout.addWidget(self.views, 1)
        self._right, self._result_card = right, card
        right.installEventFilter(self)

    def eventFilter(self, watched: Any, event: Any) -> bool:
        """Keep the result card as tall as its wrapped texts need when the right side resizes."""
        if watched is self._right and event.type() in REFIT_EVENTS:
            self._fit_card()
        return super().eventFilter(watched, event)

    def _kept_texts(self) -> tuple[str, ...]:
        """The status texts of the last search's kept line (whole and brief)."""
        kept = getattr(self, "_kept", None)
        if kept is None:
            return ()
        return view.kept_line(*kept), view.kept_line(*kept, brief=True)

    def _show_kept(self) -> None:
        """The status after a search: on a slide only what was searched and what fit (three
        lines in Chinese would scroll the column at 1280x720); the whole line is its tooltip."""
        kept = getattr(self, "_kept", None)
        if kept is None:
            return
        full = view.kept_line(*kept)
        compact = getattr(self, "_compact", False)
        self.status.setText(keep_counts(view.kept_line(*kept, brief=True) if compact else full))
        self.status.setToolTip(plain_tip(full) if compact else "")

    def _fit_card(self) -> None:
        self._fit_headline()
        fit_card_height(self._result_card, self._right)

    def _fit_headline(self) -> None:
        """On a slide the headline keeps one line: with its likely range it would wrap and take
        the chart's height, so its font shrinks to the width (to 70 % of it at most)."""
        label = self.headline
        if label.styleSheet():
            label.setStyleSheet("")
        if not getattr(self, "_compact", False):
            return
        label.ensurePolished()
        font = label.font()
        width, base = label.contentsRect().width(), font.pointSizeF()
        size = base
        for _ in range(6):  # hinted widths do not scale exactly: step down until it fits
            font.setPointSizeF(size)
            need = QFontMetrics(font).horizontalAdvance(label.text())
            if width <= 0 or need <= width - 4 or size <= 0.7 * base:
                break
            size = max(0.7 * base, size * 0.98 * (width - 4) / need)
        if size < base:
            label.setStyleSheet(f"font-size: {size:.1f}pt;")

    def _fit_left(self) -> None:
        bar = self._left.verticalScrollBar().sizeHint().width()
        self._left.setMinimumWidth(self._left_card.minimumSizeHint().width() + bar + 4)

    # inputs --------------------------------------------------------------------------------
    def _show_device(self) -> None:
        device = self._state.device
        self.inputs.set_device(
            device.name, device.intra_node_bandwidth, device.inter_node_bandwidth,
            device.nvlink_domain,
        )  # fmt: skip

    def _device_changed(self, _device_id: str) -> None:
        self._show_device()
        self.published.mark_stale()
        self._replan()

    def _catalog_changed(self) -> None:
        self._show_device()

    def _cluster_changed(self) -> None:
        self._replan()

    def _calibration_changed(self, _device_id: str) -> None:
        # Any device's: a sibling's override (h100-sxm for the h200) applies to this one too.
        self.published.mark_stale(calibration=True)
        self._replan()

    def open_fractions(self) -> Any:
        """Show the toolbar device's achievable fractions (see and edit them)."""
        from app.fractions_view import open_fractions

        return open_fractions(self.window(), self._state)

    def _inputs_changed(self) -> None:
        if self.job is not None:
            self._stale = True
            self.status.setText(
                translate("PlanTab", "Inputs changed: Plan again to update the layouts")
            )

    def plan_input(self) -> tuple[Any, Any]:
        """The :class:`~core.plan.PlanInput` and :class:`~core.plan.Constraints` of the fields
        and the toolbar's device; raises :class:`InputError` naming the field."""
        from core.plan.inputs import context_parallel_problem
        from core.plan.options import LayoutOptions, constraints_from, planned_input

        problems = self.inputs.problems()
        if problems:
            raise InputError(problems[0])
        opts = self.inputs.options()
        inp, _notes = planned_input(
            **opts, device=self._state.device_id, catalog=self._state.catalog
        )
        constraints = constraints_from(LayoutOptions(**self.inputs.layout_options()))
        problem = context_parallel_problem(inp, constraints.cp) if constraints.cp else None
        if problem is not None:  # said now, under the layout page, not after a search
            raise problem
        return inp, constraints

    # planning ------------------------------------------------------------------------------
    def start_plan(self) -> bool:
        """Validate and plan in the background; False when refused (or one is running, in
        which case it is cancelled and this plan starts when it stops)."""
        try:
            inp, constraints = self.plan_input()
        except InputError as exc:
            message = localized(exc.message)
            if not self.inputs.show_error(message, exc.field):
                self.status.setText(message)
            else:
                self.status.setText(translate("PlanTab", "Not planned: see the message above"))
            return False
        self.inputs.show_error(None)
        if self.runner.is_running():
            self._replan_pending = True
            self.runner.cancel()
            return False
        self.runner.start(inp, constraints)
        self.plan_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.progress.setValue(0)
        self.progress.setVisible(True)
        self.status.setToolTip("")  # the last search's whole kept line (slides)
        self.status.setText(
            translate("PlanTab", "Planning {model} on {cluster}…").format(
                model=inp.model.name, cluster=view.cluster_name(inp)
            )
        )
        return True

    def _replan(self) -> None:
        """Plan again after a cluster or device change (the trace is cached) when a plan shows."""
        if self.job is None and not self.runner.is_running():
            return
        self.start_plan()

    def cancel_plan(self) -> None:
        """Ask the running plan to stop."""
        self._replan_pending = False
        self.runner.cancel()
        self.status.setText(translate("PlanTab", "Cancelling…"))

    def _on_progress(self, fraction: float, text: str) -> None:
        self.progress.setValue(int(1000 * max(0.0, min(1.0, fraction))))
        if text and not self._replan_pending:
            self.status.setText(text)

    def _on_result(self, job: dict[str, Any]) -> None:
        if self._replan_pending:
            return  # superseded: the next plan starts when this thread stops
        self.set_job(job)
        self.planFinished.emit(True)

    def _on_error(self, message: str) -> None:
        if self._replan_pending:
            return
        cancelled = message == "cancelled"
        self.status.setText(translate("PlanTab", "Cancelled") if cancelled else message)
        self.planFinished.emit(False)

    def _on_finished(self) -> None:
        self.plan_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        self.progress.setVisible(False)
        if self._replan_pending:
            self._replan_pending = False
            self.start_plan()

    # showing -------------------------------------------------------------------------------
    @property
    def results(self) -> list[Any]:
        """The candidates shown, fastest that fit first, then those that do not."""
        return list(self.job["results"]) if self.job is not None else []

    def set_job(self, job: dict[str, Any], select: int | None = None) -> None:
        """Show a finished plan (:func:`app.plan_worker.run_plan`'s answer); select row
        ``select`` (default: the fastest layout that fits)."""
        self.job, self._changes, self._skipped, self._stale = job, {}, {}, False
        results = self.results
        self.model.set_results(results)
        self._show_series()
        self._count()
        for button in (self.pin_button, self.csv_button, self.step_button, self.napkin_button):
            button.setEnabled(bool(results))
        stats = job.get("stats", {})
        fit = sum(1 for r in results if r.fits)
        if not fit:
            self.unfit_box.setChecked(True)
        searched = f"{stats.get('layouts', len(results)):,}"
        self._kept = (stats, searched, fit) if fit else None
        if fit:
            self._show_kept()
        else:
            self.status.setText(
                translate(
                    "PlanTab",
                    "None of the {n} layouts fits: more GPUs, recomputation or a larger device "
                    "would help; the closest are listed greyed",
                ).format(n=searched)
            )
        if select is None or not 0 <= select < len(results):
            select = 0 if results else None
        self.select(select)

    def _show_series(self) -> None:
        if self.job is None:
            self.chart.set_current(None)
            return
        name = view.cluster_name(self.job["inp"])
        if self.plan_a is not None:
            a = view.cluster_name(self.plan_a["inp"])
            self.chart.set_pinned(
                view.chart_series(self.plan_a["results"], translate("PlanTab", "A: {name}").format(name=a))
            )  # fmt: skip
            name = translate("PlanTab", "B: {name}").format(name=name)
        else:
            self.chart.set_pinned(None)
        self.chart.set_current(view.chart_series(self.results, name))

    def _count(self) -> None:
        results = self.results
        fit = sum(1 for r in results if r.fits)
        self.count_line.setText(
            translate("PlanTab", "{fit} that fit, {unfit} that do not").format(
                fit=f"{fit:,}", unfit=f"{len(results) - fit:,}"
            )
        )

    def select(self, row: int | None) -> None:
        """Show candidate ``row`` (rank order) as the chosen layout, in the chart and the table."""
        results = self.results
        if row is None or not 0 <= row < len(results):
            self.selected = None
            self.chart.select(None)
            self._show_chosen(None)
            return
        self.selected = row
        self.chart.select(row)
        res = results[row]
        if not res.fits and not self.filter.show_unfit():
            self.unfit_box.setChecked(True)
        proxy = self.filter.mapFromSource(self.model.index(row, 0))
        if proxy.isValid():
            current = self.table.selectionModel().currentIndex()
            if current.row() != proxy.row():
                self.table.selectionModel().blockSignals(True)
                self.table.selectionModel().setCurrentIndex(
                    proxy,
                    QItemSelectionModel.SelectionFlag.ClearAndSelect
                    | QItemSelectionModel.SelectionFlag.Rows,
                )
                self.table.selectionModel().blockSignals(False)
                self.table.scrollTo(proxy)
        self._show_chosen(res)

    def change_for(self, row: int) -> str | None:
        """The change that helps candidate ``row`` most, as the core words it (re-planned once,
        then kept)."""
        if row not in self._changes:
            from core.plan import what_to_change
            from core.plan.uncertainty import humble

            res = self.results[row]
            unc = view.likely(res)
            skipped: list[tuple[Any, str]] = []
            try:
                # best_change's rule (the first that fits and helps by more than 0.5 %), with
                # the plan's humility: a gain inside the likely range's width is said to be.
                changes = [
                    (s, new) for s, new in what_to_change(res.inp, res, skipped=skipped) if new.fits
                ]
                helps = [(s, n) for s, n in changes if n.tokens_per_s > res.tokens_per_s * 1.005]
                pick = helps[0] if helps else changes[0] if changes and not res.fits else None
                text = None
                if pick is not None:
                    text = humble(pick[0], res, pick[1], unc) if unc is not None else pick[0]
            except InputError:
                text = None
            self._changes[row] = localized(text) if text is not None else None
            self._skipped[row] = [(localized(t), localized(why)) for t, why in skipped]
        return self._changes[row]

    def skipped_for(self, row: int) -> list[tuple[str, str]]:
        """The changes to candidate ``row`` that could not be planned, each with its reason."""
        self.change_for(row)
        return self._skipped.get(row, [])

    def _skipped_tip(self, row: int) -> str:
        """The sentence's tooltip lines for the changes not tried ('' when every one was)."""
        lines = [
            translate("PlanTab", "Not tried: {change} ({reason})").format(change=c, reason=r)
            for c, r in self.skipped_for(row)
        ]
        return "\n".join(lines)

    def _show_chosen(self, res: Any | None) -> None:
        if res is None:
            self.headline.setText(translate("PlanTab", "Plan to see the fastest layouts that fit"))
            for label in (self.layout_line, self.figures, self.validated, self.sentence,
                          self.assumptions, self.data_line):  # fmt: skip
                label.setText("")
            self.time_bar.clear()
            self.memory_bar.clear()
            self.inputs.set_training(view.training_text(None))
            self._show_days(None)
            self._fit_card()
            return
        unc = view.likely(res)
        self.headline.setText(view.headline(res, unc))
        fit = sum(1 for r in self.results if r.fits)
        self.layout_line.setText(view.layout_line(res, (self.selected or 0) + 1, fit))
        self.figures.setText(view.figures(res, unc))
        self.validated.setText(localized(unc.note()) if unc is not None else "")
        self._show_data_row(res)
        self.layout_line.setToolTip(plain_tip(self.figures.text()))
        self.sentence.setText(view.sentence(res, self.change_for(self.selected or 0)))
        not_tried = self._skipped_tip(self.selected or 0)
        self.sentence.setToolTip(plain_tip(not_tried) if not_tried else "")
        # A slide hides the verdict sentence and the runs behind the ranges: the headline's
        # tooltip keeps them.
        self.headline.setToolTip(
            plain_tip(
                f"{localized(res.summary())}\n\n{self.validated.text()}\n\n{self.sentence.text()}"
                f"\n\n{self.data_line.text()}"
            )
        )
        self.time_bar.set_segments(view.time_title(res), view.time_segments(res))
        self.memory_bar.set_segments(
            view.memory_title(res), view.memory_segments(res), full=res.capacity, mark=res.capacity
        )
        # Chinese paragraphs keep their last two characters together (no "数" alone on a line).
        self.assumptions.setText(
            keep_counts("\n\n".join("• " + localized(a) for a in res.assumptions))
        )
        self.inputs.set_training(view.training_text(res))
        self._show_days(res)
        self._fit_card()

    def _show_days(self, res: Any | None) -> None:
        """The days rows (training, checkpoints, failures); on a slide they fold into the line
        under the tokens, with the rows as its tooltip."""
        given = self.inputs.days_options()
        title, rows = days_rows(res, **given)
        self.days.set_rows(title, rows)
        compact = getattr(self, "_compact", False)
        line = compact_training(res, rows, **given) if compact else None
        self.days.setVisible(bool(rows) and line is None)
        self.inputs.training_line.setToolTip(plain_tip(line[1]) if line else "")
        if line is not None:
            self.inputs.set_training(line[0])

    def _days_changed(self) -> None:
        """The storage or failure rate changed: the days again, no new search."""
        res = self.chosen()
        if res is None:
            return
        self.inputs.set_training(view.training_text(res))
        self._show_days(res)
        self._fit_card()

    def refresh_data_row(self) -> None:
        """Read the data path again (a data-path run just saved it) and show the row."""
        self._show_data_row(self.chosen())
        self._fit_card()

    def _data_rate_changed(self, _value: object) -> None:
        self._show_data_row(self.chosen())
        self._fit_card()

    def _show_data_row(self, res: Any | None) -> None:
        """The data-path row; a slide shows it only when the data path is the limit (the
        headline's tooltip keeps it) and its field not at all, so the chart keeps its height."""
        text, limits = plan_data.row_text(res, self.data_field.value())
        self.data_line.setText(text)
        compact = getattr(self, "_compact", False)
        self.data_line.setVisible(not compact or limits)
        self.data_field.setVisible(not compact)

    def chosen(self) -> Any | None:
        """The chosen layout's result."""
        return self.results[self.selected] if self.selected is not None and self.job else None

    def _point_clicked(self, index: int) -> None:
        self.select(index)

    def _row_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if not current.isValid():
            return
        source = self.filter.mapToSource(current)
        if source.isValid() and source.row() != self.selected:
            self.select(source.row())

    def _show_unfit(self, on: bool) -> None:
        self.filter.set_show_unfit(on)
        if self.selected is not None:
            self.select(self.selected)

    # actions -------------------------------------------------------------------------------
    def pin_plan_a(self) -> None:
        """Keep the current candidates on the chart as plan A."""
        if self.job is None:
            return
        self.plan_a = {"inp": self.job["inp"], "results": self.results}
        self._show_series()
        self.chart.select(self.selected)
        self.status.setText(
            translate("PlanTab", "Pinned {cluster} as A: change the device or the GPUs to "
                      "compare").format(cluster=view.cluster_name(self.job["inp"]))
        )  # fmt: skip

    def open_in_step(self) -> None:
        """Trace the plan's layer in the Step tab (its inputs, then a trace)."""
        res = self.chosen()
        if res is not None:
            self._state.request_tab_inputs("step", view.step_inputs(res), True)
            self.status.setText(view.step_difference(res))

    def use_in_napkin(self) -> None:
        """Put the chosen layout's MFU (and N, D, GPUs) into the Napkin tab's training time; the
        toolbar's dtype becomes the one the MFU is measured against (the recipe's weights)."""
        res = self.chosen()
        if res is None:
            return
        with contextlib.suppress(InputError):  # a dtype the toolbar lacks: Napkin keeps its own
            self._state.set_dtype(view.peak_dtype(res))
        self._state.request_tab_inputs("napkin", view.napkin_inputs(res, view.likely(res)), False)

    def csv_text(self) -> str:
        """The candidates as CSV (empty before a plan)."""
        return candidates_csv(self.results) if self.job is not None else ""

    def _export_csv(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self, translate("PlanTab", "Export candidates"), "plan_candidates.csv", "CSV (*.csv)"
        )
        if path:
            self.write_csv(path)

    def write_csv(self, path: str) -> bool:
        """Write the candidates to ``path`` atomically; says in the status line what happened."""
        from core.safe_io import atomic_write

        try:
            atomic_write(path, self.csv_text())
        except InputError as exc:
            self.status.setText(localized(exc.message))
            return False
        self.status.setText(
            translate("PlanTab", "Candidates written to {path}").format(path=Path(path).name)
        )
        return True

    # sessions, export, theme -----------------------------------------------------------------
    def session_state(self) -> dict[str, Any]:
        """The inputs, the view shown and whether layouts that do not fit are listed."""
        out = self.inputs.session_state()
        out["view"] = self.views.currentIndex()
        out["show_unfit"] = self.unfit_box.isChecked()
        out["data_tokens_per_s"] = self.data_field.text()
        return out

    def restore_session(self, data: dict[str, Any]) -> list[str]:
        """Restore :meth:`session_state`; returns what could not be applied."""
        problems = self.inputs.restore_session(data)
        value = data.get("view")
        if value is not None:
            last = self.views.count() - 1  # the Published runs view is saved as 3: restore it
            if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= last:
                self.views.setCurrentIndex(value)
            else:
                problems.append(f"plan: view {value!r}; allowed: a whole number from 0 to {last}")
        value = data.get("show_unfit")
        if value is not None:
            if isinstance(value, bool):
                self.unfit_box.setChecked(value)
            else:
                problems.append(f"plan: show_unfit {value!r}; allowed: true or false")
        value = data.get("data_tokens_per_s")
        if isinstance(value, str):
            self.data_field.setText(value)
        return problems

    def caption_parts(self) -> list[str] | None:
        """The slide's caption: the model, the cluster, the batch and the chosen layout."""
        res = self.chosen()
        if res is None:
            return None
        return [
            res.inp.model.name,
            translate("PlanTab", "{gpus} GPUs").format(gpus=f"{res.gpus:,}"),
            localized(res.layout.label()),
            f"MFU {res.mfu:.1%}",
            translate("PlanTab", "dashed: capacity {capacity}").format(
                capacity=format_bytes(res.capacity, 3)
            ),
        ]

    def carried_state(self) -> Any | None:
        """The plan, the chosen row, plan A, the view and the published-runs check: a language
        switch keeps them."""
        published = self.published.carried_state()
        if self.job is None and published is None and self.views.currentIndex() == 0:
            return None
        return {"job": self.job, "selected": self.selected, "plan_a": self.plan_a,
                "view": self.views.currentIndex(), "published": published}  # fmt: skip

    def take_over(self, carried: Any) -> None:
        """Show what :meth:`carried_state` kept, re-worded in the new language (no planning)."""
        if not isinstance(carried, dict):
            return
        self.published.take_over(carried.get("published"))
        if isinstance(carried.get("job"), dict):
            plan_a = carried.get("plan_a")
            if isinstance(plan_a, dict) and "results" in plan_a:
                self.plan_a = plan_a
            selected = carried.get("selected")
            self.set_job(carried["job"], selected if isinstance(selected, int) else None)
        index = carried.get("view")
        if isinstance(index, int) and 0 <= index < self.views.count():
            self.views.setCurrentIndex(index)

    def export_plot(self) -> Any | None:
        """The candidates' chart."""
        return self.chart.plot_item()

    def apply_theme(self, theme: Any) -> None:
        """Colour the chart and the bars; tighten for presentation mode."""
        self._theme = theme
        compact = getattr(theme, "scale", 1.0) > 1.0
        self._compact = compact
        self._result_card.layout().setContentsMargins(
            14, 6 if compact else 10, 14, 6 if compact else 12
        )
        self._result_card.layout().setSpacing(3 if compact else -1)
        # Presentation mode: the figures line folds into the layout line's tooltip, so the chart
        # keeps room at 1280x720.
        self.figures.setVisible(not compact)
        self.validated.setVisible(not compact)
        self.sentence.setVisible(not compact)  # and the verdict into the headline's
        self._show_data_row(self.chosen())
        self.inputs.set_compact(compact)
        if self.status.text() in self._kept_texts():
            self._show_kept()
        self._left_card.layout().setContentsMargins(
            14, 6 if compact else 10, 14, 6 if compact else 12
        )
        self._left_card.layout().setSpacing(4 if compact else -1)
        # A slide's chart: the verdict sentence folded into the headline's tooltip gives the
        # points the height they need (squeezed to ~150 px before).
        self.chart.plot.setMinimumHeight(CHART_MIN_HEIGHT_COMPACT if compact else 200)
        if self.job is not None:
            self.inputs.set_training(view.training_text(self.chosen()))
            self._show_days(self.chosen())
        self._fit_left()
        self._fit_card()
        if theme is not None:
            self.chart.set_colours(theme.series, theme.plot_fg, theme.muted, theme.plot_bg)
            self.time_bar.set_colours(time_colours(theme.series), theme.plot_fg)
            self.memory_bar.set_colours(memory_colours(theme.series), theme.plot_fg)
            self.model.set_grey(theme.muted)
            self.published.set_warn(theme.warning)

    def prepare_screenshot(self, progress: Callable[[float, str], None] | None = None) -> None:
        """Plan the current inputs in place when nothing was planned (screenshots);
        ``progress(fraction, text)`` hears how far the search is (the command's terminal line)."""
        if self.job is not None:
            return
        inp, constraints = self.plan_input()
        self.set_job(run_plan(inp, constraints, progress=progress))
        from PySide6.QtWidgets import QApplication

        for _ in range(3):  # let the new texts settle the layout before the picture is taken
            QApplication.processEvents()

    def shutdown(self) -> None:
        """Stop a running plan (its thread is left to finish on its own)."""
        self._replan_pending = False
        self.runner.stop()
        self.hub_fetcher.stop()
        self.published.shutdown()


def build(state: AppState) -> PlanPage:
    """The Plan tab's page."""
    return PlanPage(state)
