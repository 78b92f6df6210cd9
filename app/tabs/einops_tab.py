"""The Einops tab: type a pattern and see what einops does with it and what it costs, live.

Every number and sentence comes from :mod:`core.einops.analysis` (einops run on ``meta`` tensors);
this module wires inputs to it, debounces typing, and shows the result.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Qt, QThread, QTimer, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QTextEdit,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.state import AppState
from app.tabs.base import TabPage
from app.tabs.einops_strides import StridesPage
from core.einops.analysis import analyse, is_warm, warm_up
from core.einops.examples import EXAMPLES, Example
from core.einops.model import OPS, REDUCTIONS, EinopsAnalysis
from core.einops.report import call_text, cost_line, strides_line, view_line
from core.einops.run import DEFAULT_CAP, RealRun, run_real
from core.einops.text import format_shape, parse_axes, parse_shape_list
from core.errors import InputError
from core.roofline.hardware import DTYPE_BYTES
from widgets.cjk_break import keep_counts
from widgets.einops.form import EinopsCallForm
from widgets.einops.page_switch import PageSwitch
from widgets.einops.results import AxisTable, CodeView, PlanTable, TensorCompare
from widgets.fonts import mono_font
from widgets.i18n import localized, translate
from widgets.rich_text import plain_tip
from widgets.splitter import DefaultSplitter

__all__ = ["EinopsPage", "build"]

DEBOUNCE_MS = 150


class _WarmUpWorker(QObject):
    """Imports torch and einops off the GUI thread (about 2 s the first time)."""

    finished = Signal(float)
    errored = Signal(str)

    def run(self) -> None:
        try:
            self.finished.emit(warm_up())
        except Exception as exc:  # reported, never raised in the thread
            self.errored.emit(f"{type(exc).__name__}: {exc}")


class _ShareSplitter(QSplitter):
    """A horizontal splitter whose first pane keeps ``share`` of the width until it is dragged
    (the tables need the room more than the code, which wraps in presentation mode)."""

    def __init__(self, share: float, parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Horizontal, parent)
        self._share: float | None = share
        self.splitterMoved.connect(self._dragged)

    def _dragged(self) -> None:
        self._share = None

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        if self._share is not None and self.count() == 2:
            total = sum(self.sizes())
            first = round(total * self._share)
            self.blockSignals(True)
            self.setSizes([first, total - first])
            self.blockSignals(False)


class EinopsPage(TabPage):
    """Pattern editor, inputs, and the analysis: shape, axes, plan, code, cost, view/copy."""

    tab_id = "einops"
    caption_keys = ("op", "pattern", "shapes")

    def __init__(self, state: AppState) -> None:
        super().__init__()
        self._state = state
        self.result: EinopsAnalysis | None = None
        self._run: RealRun | None = None  # the real run shown, if any
        self._tables: EinopsAnalysis | None = None  # the valid analysis the tables show
        self._invalid = False  # an error is shown (the tables hold the last valid call)
        self._thread: QThread | None = None
        self._last_key: str | None = None
        self._warmed = False
        self._colors = {"warning": "#b26a00", "error": "#c62828"}
        self._worker: _WarmUpWorker | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DEBOUNCE_MS)
        self._timer.timeout.connect(self.analyse_now)
        self._build_inputs()
        self._build_results()
        self._layout()
        state.dtypeChanged.connect(self._follow_state_dtype)
        self.load_example(EXAMPLES[1])
        if is_warm() or not state.background_warmups:
            self._warmed = True  # without a background warm-up, analyse (and import) right here
            self.analyse_now()
        else:
            self._start_warm_up()

    # construction -----------------------------------------------------------------------------
    def _build_inputs(self) -> None:
        self.form = EinopsCallForm(OPS, REDUCTIONS, DTYPE_BYTES, EXAMPLES, self)
        self.form.setDtype(self._state.dtype)
        self.form.changed.connect(self._schedule)
        # the inputs, for tests and for the layout
        self.op, self.reduction, self.dtype = self.form.op, self.form.reduction, self.form.dtype
        self.pattern, self.shapes, self.axes = self.form.pattern, self.form.shapes, self.form.axes
        self.packed, self.examples = self.form.packed, self.form.examples

    def _build_results(self) -> None:
        self.status = QLabel(self)
        self.status.setFont(mono_font())
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.status.setObjectName("detail")
        self.status.setWordWrap(False)
        self.headline = QLabel(self)
        self.headline.setObjectName("cardTitle")
        self.headline.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.cost = QLabel(self)
        self.cost.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.cost.setWordWrap(True)
        self.cost.setToolTip("")
        self.memory = QLabel(self)
        self.memory.setWordWrap(True)
        self.memory.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.warnings = QLabel(self)
        self.warnings.setWordWrap(True)
        self.warnings.setObjectName("warningText")
        self.warnings.setStyleSheet(f"color: {self._colors['warning']};")
        self.axis_table = AxisTable(self)
        self.plan_table = PlanTable(self)
        self.code = CodeView(translate("EinopsTab", "Plain PyTorch"), self)
        self.run_button = QPushButton(self)
        self.run_button.setToolTip(
            plain_tip(
                translate(
                    "EinopsTab",
                    "Runs einops on CPU tensors holding 0, 1, 2, ... and shows inputs and outputs. "
                    "Refused above {cap} elements (inputs + outputs) so nothing large is allocated.",
                ).format(cap=f"{DEFAULT_CAP:,}")
            )
        )
        self.run_button.clicked.connect(self.run_on_real_tensors)
        self.roofline_button = QPushButton(translate("EinopsTab", "Send to Roofline"), self)
        self.roofline_button.setToolTip(
            translate("EinopsTab", "Add this op's FLOPs and bytes as a point on the Roofline tab")
        )
        self.roofline_button.clicked.connect(self.send_to_roofline)
        self.run_status = QLabel(self)
        self.run_status.setWordWrap(True)
        self.values = TensorCompare(self)

    def _layout(self) -> None:
        # Presentation mode puts the cost beside the headline (see _fold).
        self._headline_row = QHBoxLayout()
        self._headline_row.setSpacing(24)
        self._headline_row.addWidget(self.headline)
        self._summary = summary = QVBoxLayout()
        summary.setSpacing(4)
        summary.addLayout(self._headline_row)
        for widget in (self.status, self.cost, self.memory, self.warnings):
            summary.addWidget(widget)

        # The tables ask for their rows' height: the axes get theirs, the plan gets the rest.
        left = QWidget(self)
        tables = QVBoxLayout(left)
        tables.setContentsMargins(0, 0, 0, 0)
        self.axes_title = self._titled(translate("EinopsTab", "Axes"), self.axis_table)
        self.plan_title = self._titled(
            translate("EinopsTab", "Plan (the steps einops takes)"), self.plan_table
        )
        tables.addWidget(self.axes_title, 0)
        tables.addWidget(self.plan_title, 1)
        right_top = QWidget(self)
        self._right_top = rt = QVBoxLayout(right_top)
        rt.setContentsMargins(0, 0, 0, 0)
        rt.addWidget(self.code)
        buttons = QHBoxLayout()
        buttons.addWidget(self.run_button)
        buttons.addWidget(self.roofline_button)
        buttons.addStretch(1)
        # Presentation mode folds the tensor printouts (a secondary panel) under this toggle.
        self.tensors_toggle = QToolButton(self)
        self.tensors_toggle.setText(translate("EinopsTab", "Tensors"))
        self.tensors_toggle.setToolTip(
            translate("EinopsTab", "Show the inputs and outputs of the real run")
        )
        self.tensors_toggle.setCheckable(True)
        self.tensors_toggle.setVisible(False)
        self.tensors_toggle.toggled.connect(lambda _on: self._fold())
        buttons.addWidget(self.tensors_toggle)
        rt.addLayout(buttons)
        rt.addWidget(self.run_status)
        right = DefaultSplitter(Qt.Orientation.Vertical, [1, 1], self)
        right.addWidget(right_top)
        right.addWidget(self.values)
        right.setStretchFactor(0, 1)
        right.setStretchFactor(1, 1)
        right.restore()
        body = _ShareSplitter(11 / 20, self)
        body.addWidget(left)
        body.addWidget(right)
        body.setChildrenCollapsible(False)
        self._body = body

        patterns = QWidget(self)
        self._outer = outer = QVBoxLayout(patterns)
        outer.setContentsMargins(12, 12, 12, 12)
        outer.setSpacing(8)
        outer.addWidget(self.form)
        outer.addLayout(summary)
        outer.addWidget(body, 1)
        outer.addStretch(0)  # takes the room while the body is hidden (_show_stale)

        # Two pages in one tab, so the main tab bar does not grow: einops patterns, and the views
        # and strides behind them (the same question asked of view/reshape/transpose). Each page
        # carries the switch in a row it already has: no height is spent on a tab bar.
        self.strides = StridesPage(self)
        names = [
            (
                translate("EinopsTab", "Patterns"),
                translate("EinopsTab", "What an einops call does: shapes, plan, code, cost"),
            ),
            (
                translate("EinopsTab", "Views and strides"),
                translate(
                    "EinopsTab",
                    "A tensor as shape, strides and offset over its storage: view, reshape, "
                    "transpose, slicing, expand, contiguous; view or copy, and why view fails",
                ),
            ),
        ]
        self._switches = (PageSwitch(names, self), PageSwitch(names, self))
        self._headline_row.addWidget(self._switches[0], 0)  # _fold keeps it last
        self.strides.set_switch(self._switches[1])
        for switch in self._switches:
            switch.pageChanged.connect(self._switch_page)
        self.pages = QStackedWidget(self)
        self.pages.addWidget(patterns)
        self.pages.addWidget(self.strides)
        page_layout = QVBoxLayout(self)
        page_layout.setContentsMargins(0, 0, 0, 0)
        page_layout.addWidget(self.pages)

    def _titled(self, title: str, widget: QWidget) -> QWidget:
        box = QWidget(self)
        layout = QVBoxLayout(box)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        label = QLabel(title, box)
        label.setObjectName("cardTitle")
        layout.addWidget(label)
        layout.addWidget(widget)
        return box

    # behaviour --------------------------------------------------------------------------------
    def _schedule(self) -> None:
        self._timer.start()

    def _follow_state_dtype(self, dtype: str) -> None:
        if self.form.setDtype(dtype):
            self._schedule()

    def load_example(self, ex: Example) -> None:
        """Fill every input from ``ex`` and analyse it (after the debounce)."""
        self.form.loadExample(ex)

    def _start_warm_up(self) -> None:
        self.headline.setText(translate("EinopsTab", "Loading torch and einops…"))
        self._thread = QThread(self)
        self._worker = _WarmUpWorker()
        self._worker.moveToThread(self._thread)
        self._thread.started.connect(self._worker.run)
        self._worker.finished.connect(self._warm_done)
        self._worker.errored.connect(self._warm_failed)
        # Quit from the worker's thread: a queued quit would wait for the GUI thread, which may be
        # blocked waiting for this thread (prepare_screenshot took 30 s that way).
        direct = Qt.ConnectionType.DirectConnection
        self._worker.finished.connect(self._thread.quit, direct)
        self._worker.errored.connect(self._thread.quit, direct)
        self._thread.start()

    def _warm_done(self, _seconds: float) -> None:
        self._warmed = True
        self.strides.torch_loaded()
        if self.result is None:
            self.analyse_now()

    def _warm_failed(self, message: str) -> None:
        self.headline.setText(translate("EinopsTab", "Could not load torch/einops"))
        self.status.setText(message)

    def _field(self, edit: QLineEdit, parse: Any) -> Any:
        """Parse ``edit``'s text, marking the field red when it is malformed."""
        try:
            value = parse(edit.text())
        except InputError:
            self._mark(edit, True)
            raise
        self._mark(edit, False)
        return value

    @staticmethod
    def _mark(edit: QLineEdit, bad: bool) -> None:
        if edit.property("invalid") != bad:
            edit.setProperty("invalid", bad)
            edit.style().unpolish(edit)
            edit.style().polish(edit)

    def _inputs(self) -> dict[str, Any]:
        op = self.op.currentText()
        # The fields' names start the messages about them (in the person's language).
        field = translate("EinopsTab", "shapes")
        shapes = self._field(self.shapes, lambda t: parse_shape_list(t, field))
        axes: dict[str, int] = {}
        if op in ("rearrange", "reduce", "repeat"):
            field = translate("EinopsTab", "axis lengths")
            axes = self._field(self.axes, lambda t: parse_axes(t, field) if t.strip() else {})
        else:
            self._mark(self.axes, False)
        packed = []
        if op == "unpack":
            field = translate("EinopsTab", "packed shapes")
            packed = self._field(
                self.packed, lambda t: parse_shape_list(t, field, allow_minus_one=True)
            )
        return {
            "op": op,
            "pattern": self.pattern.text(),
            "shapes": shapes,
            "axes": axes,
            "reduction": self.reduction.currentText(),
            "packed_shapes": packed,
            "dtype": self.dtype.currentData(),
        }

    def analyse_now(self) -> None:
        """Analyse the current inputs and show the result (the debounce timer calls this)."""
        self._timer.stop()
        if not (self._warmed or is_warm()):
            return  # the warm-up thread calls back when torch is loaded
        try:
            v = self._inputs()
        except InputError as exc:
            self._last_key = None
            self._show_invalid(exc.message, None)
            return
        key = repr(sorted(v.items()))
        if key == self._last_key:
            return
        self._last_key = key
        res = analyse(
            v["op"],
            v["pattern"],
            v["shapes"],
            v["axes"],
            reduction=v["reduction"],
            packed_shapes=v["packed_shapes"],
            dtype=v["dtype"],
        )
        self._show_result(res)

    def _show_result(self, res: EinopsAnalysis) -> None:
        """Show an analysis: the answer and its explanation, or why einops refuses the call."""
        self.result = res
        if not res.valid:
            self._show_invalid(res.error or "invalid", res.error_span)
            return
        self._invalid = False
        self._show_stale()
        self.pattern.setErrorSpan(None)
        outs = "; ".join(format_shape(s) for s in res.output_shapes)
        if res.op == "unpack":
            self.headline.setText(translate("EinopsTab", "✓ Outputs {shapes}").format(shapes=outs))
        else:
            self.headline.setText(translate("EinopsTab", "✓ Output {shape}").format(shape=outs))
        self.headline.setProperty("warning", False)
        self.status.setText(call_text(res))
        self.headline.setToolTip(plain_tip(call_text(res)))  # the pattern as typed
        self._style_status(False)
        self.cost.setText(
            translate("EinopsTab", "Cost: {cost}").format(cost=localized(cost_line(res)))
        )
        tip = localized(res.flop_convention)
        if res.flops_note:
            note = translate("EinopsTab", "Note: {note}").format(note=localized(res.flops_note))
            tip += "\n\n" + note
        self.cost.setToolTip(plain_tip(tip))
        self._show_memory()
        self.warnings.setText("\n".join(f"⚠ {localized(w)}" for w in res.warnings))
        self.warnings.setVisible(bool(res.warnings))
        for widget in (self.axis_table, self.plan_table, self.code.edit):
            widget.setEnabled(True)
        self._tables = res
        self.axis_table.setAxes(res.axes, res.pattern)
        self.plan_table.setPlan(res.plan)
        self.code.setCode(res.torch_code)
        self.run_button.setEnabled(True)
        point = self.roofline_point()
        self.roofline_button.setEnabled(point is not None)
        if point is not None:
            tip = translate("EinopsTab", "Add this op as a point on the Roofline tab")
        elif res.bytes_read + res.bytes_written <= 0:
            tip = translate("EinopsTab", "A view moves no bytes, so it has no point on a roofline")
        else:
            tip = translate(
                "EinopsTab", "0 FLOPs (pure data movement): no point on a log-scale roofline"
            )
        self.roofline_button.setToolTip(plain_tip(tip))
        self._show_run(None)

    def _show_invalid(self, message: str, span: tuple[int, int] | None) -> None:
        """Show why there is no answer; the tables keep the last good analysis, greyed."""
        self._invalid = True
        self._show_stale()
        self.headline.setText(translate("EinopsTab", "✗ Not valid — einops would raise"))
        self.headline.setToolTip("")
        self.status.setText(localized(message))
        self._style_status(True)
        self.pattern.setErrorSpan(span)
        self.cost.clear()
        self.memory.setText(translate("EinopsTab", "(tables below show the last valid call)"))
        self.memory.setToolTip("")
        self.warnings.clear()
        self.warnings.setVisible(False)
        self.run_button.setEnabled(False)
        self.roofline_button.setEnabled(False)
        for widget in (self.axis_table, self.plan_table, self.code.edit):
            widget.setEnabled(False)
        self._show_run(None)

    def run_on_real_tensors(self) -> None:
        """Run the current (valid) call on small CPU tensors and show the values."""
        if self.result is None or not self.result.valid:
            return
        try:
            run = run_real(self.result, DEFAULT_CAP)
        except InputError as exc:
            self._show_run(None)
            self.run_status.setText(keep_counts(localized(exc.message)))
            return
        self._show_run(run)

    def _show_run(self, run: RealRun | None) -> None:
        """Show a real run's values and what it allocated (``None`` clears them)."""
        self._run = run
        if run is None:
            self.run_status.clear()
            self.values.clear()
            return
        self.values.setValues(run.inputs, run.outputs)
        if run.matches_analysis:
            text = translate(
                "EinopsTab",
                "Ran einops on CPU: {elements} elements allocated; shapes match the analysis.",
            )
        else:
            text = translate(
                "EinopsTab",
                "Ran einops on CPU: {elements} elements allocated; SHAPES DIFFER from the analysis.",
            )
        self.run_status.setText(keep_counts(text.format(elements=f"{run.elements:,}")))

    def roofline_point(self) -> dict[str, Any] | None:
        """The point "Send to Roofline" emits for the current call (None when there is none)."""
        res = self.result
        if (
            res is None
            or not res.valid
            or res.bytes_read + res.bytes_written <= 0
            or res.flops <= 0
        ):
            return None
        shapes = "; ".join(format_shape(s) for s in res.input_shapes)
        return {
            "label": translate("EinopsTab", "{call} on {shapes}").format(
                call=call_text(res), shapes=shapes
            ),
            "flops": float(res.flops),
            "bytes": float(res.bytes_read + res.bytes_written),
            "dtype": res.dtype,
            "source": "einops",
        }

    def send_to_roofline(self) -> None:
        """Ask the Roofline tab to show this op."""
        point = self.roofline_point()
        if point is not None:
            self._state.request_roofline_point(point)

    # TabPage ----------------------------------------------------------------------------------
    def _show_stale(self) -> None:
        """Presentation mode hides the last valid call's tables under an error: the error (with
        its caret) is what the slide shows. Under a valid call it hides the call written as code
        (the form above says the same; it stays in the headline's tooltip)."""
        compact = getattr(self, "_compact", False)
        stale = compact and self._invalid
        self._body.setVisible(not stale)
        self.memory.setVisible(not stale)
        self.status.setVisible(self._invalid or not compact)
        self._outer.setStretch(self._outer.count() - 1, 1 if stale else 0)

    def _fold(self) -> None:
        """Presentation mode: the tensor printouts fold away and the code wraps."""
        compact = getattr(self, "_compact", False)
        self._show_stale()
        margin = 6 if compact else 12
        self._outer.setContentsMargins(margin, margin, margin, margin)
        self._outer.setSpacing(4 if compact else 8)
        self._summary.setSpacing(2 if compact else 4)
        # The code's last line: with the menu bar a wrapped einsum explanation needed a scroll.
        self._right_top.setSpacing(2 if compact else -1)
        self.code.layout().setSpacing(2 if compact else -1)
        self._summary.removeWidget(self.cost)
        self._headline_row.removeWidget(self.cost)
        self._headline_row.removeWidget(self._switches[0])
        if compact:
            self._headline_row.addWidget(self.cost, 1)
        else:
            self._summary.insertWidget(2, self.cost)
        self._headline_row.addWidget(self._switches[0], 0, Qt.AlignmentFlag.AlignRight)
        self.axis_table.setCompact(compact)
        self.plan_table.setCompact(compact)
        self._show_memory()
        if compact:  # the cap stays in the tooltip
            self.run_button.setText(translate("EinopsTab", "Run on real tensors"))
        else:
            self.run_button.setText(
                translate("EinopsTab", "Run on real tensors (≤ {cap} elements)").format(
                    cap=f"{DEFAULT_CAP:,}"
                )
            )
        self.tensors_toggle.setVisible(compact)
        self.values.setVisible(not compact or self.tensors_toggle.isChecked())
        wrap = QTextEdit.LineWrapMode.WidgetWidth if compact else QTextEdit.LineWrapMode.NoWrap
        if self.code.edit.lineWrapMode() != wrap:
            self.code.edit.setLineWrapMode(wrap)

    def _show_memory(self) -> None:
        """View or copy, and the strides (in presentation mode only in the tooltip)."""
        res = self.result
        if res is None or not res.valid:
            return
        view, strides = localized(view_line(res)), localized(strides_line(res))
        if getattr(self, "_compact", False):
            self.memory.setText(view)
            self.memory.setToolTip(plain_tip(strides))
        else:
            self.memory.setText(f"{view} · {strides}")
            self.memory.setToolTip("")

    def apply_theme(self, theme: Any) -> None:
        """Warning and error colours from the theme; re-colour axis names for light/dark."""
        self._colors = {"warning": theme.warning, "error": theme.error}
        self._compact = getattr(theme, "scale", 1.0) > 1.0
        self.form.setCompact(self._compact)
        self._fold()
        mono = mono_font(point_size=theme.base_pt * theme.scale)
        for widget in (self.status, self.code.edit, self.values.inputs, self.values.outputs):
            widget.setFont(mono)
        self.pattern.setFont(mono_font(point_size=theme.base_pt * 1.15 * theme.scale))
        self.warnings.setStyleSheet(f"color: {theme.warning};")
        self.strides.apply_theme(theme)
        self._style_status(self.result is not None and not self.result.valid)
        self.pattern.highlighter.rehighlight()
        if self.result is not None and self.result.valid:
            self.axis_table.setAxes(self.result.axes, self.result.pattern)

    def _style_status(self, invalid: bool) -> None:
        font = QFont(self.status.font())
        self.status.setStyleSheet(f"color: {self._colors['error']};" if invalid else "")
        self.status.setFont(font)  # a style sheet of its own would reset it to the default size

    #: The inner pages, by the name ``screenshot --page`` and sessions use.
    PAGES = ("patterns", "strides")

    def show_page(self, name: str) -> None:
        """Show the inner page ``name`` (one of :attr:`PAGES`)."""
        self._switch_page(self.PAGES.index(name))

    def _switch_page(self, index: int) -> None:
        self.pages.setCurrentIndex(index)
        for switch in self._switches:
            switch.setPage(index)

    def current_page(self) -> str:
        """The inner page shown."""
        return self.PAGES[self.pages.currentIndex()]

    def session_state(self) -> dict[str, Any]:
        """The inputs as text; the strides page's under ``strides``, the page shown as ``page``."""
        return {
            **self.form.texts(),
            "strides": self.strides.session_state(),
            "page": self.current_page(),
        }

    def restore_session(self, data: dict[str, Any]) -> list[str]:
        """Apply saved inputs; unknown or malformed values are reported and skipped."""
        if not isinstance(data, dict):
            return [
                translate(
                    "EinopsTab", "einops: session data is not a mapping; kept the current inputs"
                )
            ]
        data = dict(data)
        problems = []
        strides = data.pop("strides", None)
        if strides is not None:
            problems += self.strides.restore_session(strides)
        page = data.pop("page", None)
        if page in self.PAGES:
            self.show_page(page)
        elif page is not None:
            problems.append(
                translate("EinopsTab", "einops: unknown page {page}; allowed: {pages}").format(
                    page=repr(page), pages=", ".join(self.PAGES)
                )
            )
        return problems + [
            translate("EinopsTab", "einops: {problem}").format(problem=problem)
            for problem in self.form.setTexts(data)
        ]

    def carried_state(self) -> dict[str, Any]:
        """The analysis shown and the real run, so a language switch recomputes neither."""
        return {
            "key": self._last_key,
            "result": self.result,
            "tables": self._tables,
            "run": self._run,
            "tensors": self.tensors_toggle.isChecked(),
        }

    def take_over(self, carried: Any) -> None:
        """Show the previous page's analysis and run in this page's language."""
        if not isinstance(carried, dict) or not isinstance(carried.get("result"), EinopsAnalysis):
            return
        self._warmed = True
        self._last_key = carried.get("key")
        tables = carried.get("tables")
        if isinstance(tables, EinopsAnalysis) and tables is not carried["result"]:
            self._show_result(tables)  # greyed under an invalid call, as on the previous page
        self._show_result(carried["result"])
        if (
            self.result is not None
            and self.result.valid
            and isinstance(carried.get("run"), RealRun)
        ):
            self._show_run(carried["run"])
        self.tensors_toggle.setChecked(bool(carried.get("tensors")))

    def prepare_screenshot(self, progress: Callable[[float, str], None] | None = None) -> None:
        """Analyse the shown call now (the screenshot command calls this before rendering).

        ``progress`` hears nothing: one analysis is quick.

        Only that call: the full warm-up, every op's first-call cost (pack's torch.cat imports
        torch._dynamo, ~1 s), serves typing, not one picture.
        """
        if self._thread is not None and self._thread.isRunning():
            self._thread.wait()
        self._warmed = True
        self.analyse_now()
        self.run_on_real_tensors()
        self.strides.torch_loaded()

    def shutdown(self) -> None:
        """Stop the debounce timer; a warm-up still importing is detached, never waited for.

        An import in progress cannot be interrupted: :func:`app.worker_runner.detach` keeps its
        thread alive until it ends, so closing or rebuilding the tab never blocks or aborts.
        """
        self._timer.stop()
        self.strides.shutdown()
        if self._thread is not None and self._thread.isRunning():
            from app.worker_runner import detach

            thread, worker = self._thread, self._worker
            self._thread = self._worker = None
            thread.quit()
            detach(thread, worker)


def build(state: AppState) -> EinopsPage:
    """Build the Einops tab's page."""
    return EinopsPage(state)
