"""The Step tab: one training step of a model, op by op, with its time and MFU on a device.

Every number comes from :mod:`core.step` (trace, predict, rollups, explanation). The trace runs in
a background thread; changing the shared device, the ceiling or the module depth re-predicts from
the kept trace without tracing again. "Pin as plan A" keeps the current result so a second set of
inputs (plan B) can be compared side by side.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from app.state import AppState
from app.step_worker import StepRunner
from app.tabs.base import TabPage
from core.errors import InputError
from core.memory import OPTIMIZERS, PRESETS, RECIPES
from core.roofline.hardware import DTYPES
from core.step.options import DEFAULTS, StepInputs, inputs_from_options
from core.step.predict import ASSUMPTION, PHASES, Prediction, by_module, explain, predict, rollup
from core.step.report import op_rows, ops_csv, roofline_points, top_ops
from core.step.trace import TABLE_ROWS, StepTrace
from core.units import format_bytes, format_count, format_duration, format_flops
from widgets.combo_data import restore_combos
from widgets.step import KindChart, OpFilter, OpTableModel, RowsTable

__all__ = ["StepPage", "build"]

_MODELS = (*PRESETS, "mlp:d=4096,layers=8", "transformer:d=1024,layers=8,heads=16")
_CHECKPOINTS = ("none", "sqrt", "every")
_TEXT_KEYS = ("model", "config", "batch", "seq")


def _card() -> tuple[QFrame, QVBoxLayout]:
    frame = QFrame()
    frame.setObjectName("card")
    layout = QVBoxLayout(frame)
    layout.setContentsMargins(14, 10, 14, 12)
    return frame, layout


def _combo(items: Any, current: str) -> QComboBox:
    box = QComboBox()
    for item in items:
        text, data = item if isinstance(item, tuple) else (item, item)
        box.addItem(text, data)
    box.setCurrentIndex(max(0, box.findData(current)))
    return box


class StepPage(TabPage):
    """Inputs on the left; the lecture's table, the split, the explanation and the op views right.

    Signals
    -------
    traceFinished(bool)
        A trace ended (True: a result arrived; False: it failed or was cancelled).
    """

    tab_id = "step"
    caption_keys = ("model", "batch", "seq", "recipe", "optimizer", "checkpoint")
    traceFinished = Signal(bool)

    def __init__(self, state: AppState) -> None:
        super().__init__()
        self._state = state
        self.trace: StepTrace | None = None
        self.inputs: StepInputs | None = None
        self.prediction: Prediction | None = None
        self.measured: Any = None
        self.plan_a: dict[str, Any] | None = None
        self._build_controls()
        self._build_results()
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self._left)
        split.addWidget(self._right)
        split.setStretchFactor(1, 1)
        split.setSizes([340, 940])
        outer = QVBoxLayout(self)
        outer.setContentsMargins(12, 12, 12, 12)
        outer.addWidget(split)
        self.runner = StepRunner(self)
        self.runner.progress.connect(self._on_progress)
        self.runner.result.connect(self._on_result)
        self.runner.error.connect(self._on_error)
        self.runner.finished.connect(self._on_finished)
        state.deviceChanged.connect(lambda _id: self.repredict())
        state.catalogChanged.connect(self.repredict)
        self._theme: Any = None

    # building ------------------------------------------------------------------------------
    def _build_controls(self) -> None:
        self.fields: dict[str, QLineEdit] = {}
        form = QFormLayout()
        self.model_box = QComboBox()
        self.model_box.setEditable(True)
        self.model_box.addItems(list(_MODELS))
        self.model_box.setCurrentText(DEFAULTS["model"])
        self.model_box.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.model_box.setMinimumContentsLength(10)
        self.model_box.setToolTip(
            "A preset, mlp:d=..,layers=.. or transformer:d=..,layers=..,heads=.."
        )
        form.addRow("Model", self.model_box)
        config_row = QHBoxLayout()
        self.fields["config"] = QLineEdit()
        self.fields["config"].setPlaceholderText("HF config.json (optional)")
        browse = QPushButton("…")
        browse.setMaximumWidth(32)
        browse.setToolTip("Choose a Hugging Face config.json (llama, mistral, qwen2, gpt2)")
        browse.clicked.connect(self._browse)
        config_row.addWidget(self.fields["config"], 1)
        config_row.addWidget(browse)
        form.addRow("Config", config_row)
        for key, label in (("batch", "Batch"), ("seq", "Sequence")):
            self.fields[key] = QLineEdit(str(DEFAULTS[key]))
            form.addRow(label, self.fields[key])
        self.combos = {
            "recipe": _combo([(r.id, r.id) for r in RECIPES.values()], DEFAULTS["recipe"]),
            "optimizer": _combo(list(OPTIMIZERS), DEFAULTS["optimizer"]),
            "checkpoint": _combo(_CHECKPOINTS, "none"),
            "ceiling": _combo([("each op's dtype", ""), *DTYPES], ""),
        }
        for box in self.combos.values():
            box.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
            )
            box.setMinimumContentsLength(8)
        for key, label in (("recipe", "Recipe"), ("optimizer", "Optimizer"),
                           ("checkpoint", "Checkpointing"), ("ceiling", "Peak of")):  # fmt: skip
            form.addRow(label, self.combos[key])
        self.combos["ceiling"].currentIndexChanged.connect(lambda _i: self.repredict())
        self.depth = QSpinBox()
        self.depth.setRange(1, 8)
        self.depth.setValue(2)
        self.depth.valueChanged.connect(lambda _v: self._show_modules())
        form.addRow("Module depth", self.depth)
        self.measure_box = QCheckBox("Also run it on this CPU (measured)")
        self.measure_box.setToolTip("Run the same step for real under torch.profiler and match "
                                    "each op; refused when it would not fit in memory")  # fmt: skip
        form.addRow(self.measure_box)
        self.device_label = QLabel()
        self.device_label.setWordWrap(True)
        self.device_label.setObjectName("formula")
        self.trace_button = QPushButton("Trace one step")
        self.trace_button.setToolTip("Forward, backward and optimizer on fake tensors, op by op")
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setEnabled(False)
        self.progress = QProgressBar()
        self.progress.setRange(0, 1000)
        self.progress.setTextVisible(False)
        self.progress.setVisible(False)
        self.status = QLabel("Not traced yet")
        self.status.setWordWrap(True)
        self.pin_button = QPushButton("Pin as plan A")
        self.pin_button.setToolTip("Keep this result; trace other inputs to compare (plan B)")
        self.pin_button.setEnabled(False)
        self.roofline_button = QPushButton("Show kinds on the Roofline tab")
        self.roofline_button.setToolTip("One point per op kind (summed FLOPs and bytes)")
        self.roofline_button.setEnabled(False)
        self.roofline_button.clicked.connect(self.send_to_roofline)
        self.csv_button = QPushButton("Export ops as CSV…")
        self.csv_button.setEnabled(False)
        self.trace_button.clicked.connect(self.start_trace)
        self.cancel_button.clicked.connect(self.runner_cancel)
        self.pin_button.clicked.connect(self.pin_plan_a)
        self.csv_button.clicked.connect(self._export_csv)
        self._left_form = form
        card, layout = _card()
        title = QLabel("One training step")
        title.setObjectName("cardTitle")
        layout.addWidget(title)
        layout.addLayout(form)
        layout.addWidget(self.device_label)
        buttons = QHBoxLayout()
        buttons.addWidget(self.trace_button)
        buttons.addWidget(self.cancel_button)
        layout.addLayout(buttons)
        layout.addWidget(self.progress)
        layout.addWidget(self.status)
        layout.addWidget(self.pin_button)
        layout.addWidget(self.csv_button)
        layout.addWidget(self.roofline_button)
        layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(card)
        self._left_card = card
        self._left = scroll
        self._fit_left()
        self._update_device_label()

    def _build_results(self) -> None:
        card, layout = _card()
        self.headline = QLabel("Trace a step to see its ops")
        self.headline.setObjectName("headline")
        self.sentence = QLabel()
        self.sentence.setWordWrap(True)
        self.split_line = QLabel()
        self.split_line.setWordWrap(True)
        self.split_line.setObjectName("formula")
        self.table4 = RowsTable(stretch=True)
        self.table4.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        for w in (self.headline, self.sentence, self.split_line, self.table4):
            layout.addWidget(w)
        self.op_model = OpTableModel()
        self.op_filter = OpFilter()
        self.op_filter.setSourceModel(self.op_model)
        self.op_view = QTableView()
        self.op_view.setModel(self.op_filter)
        self.op_view.setSortingEnabled(True)
        self.op_view.verticalHeader().setVisible(False)
        self.op_view.setAlternatingRowColors(True)
        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText(
            "Filter: phase, kind, module or op (e.g. backward attn.q)"
        )
        self.filter_edit.textChanged.connect(self.op_filter.set_text)
        ops_page = QWidget()
        ops_layout = QVBoxLayout(ops_page)
        ops_layout.setContentsMargins(0, 6, 0, 0)
        ops_layout.addWidget(self.filter_edit)
        ops_layout.addWidget(self.op_view, 1)
        self.modules_table = RowsTable()
        self.kinds_table = RowsTable()
        self.kind_chart = KindChart()
        self.top_table = RowsTable()
        kinds_page = QSplitter(Qt.Orientation.Horizontal)
        kinds_page.addWidget(self.kind_chart)
        kinds_page.addWidget(self.top_table)
        kinds_page.setSizes([470, 480])
        self.plans_table = RowsTable()
        self.views = QTabWidget()
        self.views.addTab(kinds_page, "Where the time goes")
        self.views.addTab(self.kinds_table, "By kind")
        self.views.addTab(ops_page, "Ops")
        self.views.addTab(self.modules_table, "By module")
        self.views.addTab(self.plans_table, "Plans A/B")
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(card)
        right_layout.addWidget(self.views, 1)
        self._right = right

    # inputs ----------------------------------------------------------------------------------
    def options(self) -> dict[str, Any]:
        """The inputs as option texts (:func:`core.step.options.inputs_from_options`)."""
        out: dict[str, Any] = {k: self.fields[k].text() for k in ("config", "batch", "seq")}
        out["model"] = self.model_box.currentText()
        for key in ("recipe", "optimizer", "checkpoint"):
            out[key] = self.combos[key].currentData()
        out["device"] = self._state.device.id
        out["dtype"] = self.combos["ceiling"].currentData() or ""
        return out

    def _browse(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Hugging Face config", "", "JSON (*.json)")
        if path:
            self.fields["config"].setText(path)

    def _update_device_label(self) -> None:
        device = self._state.device
        self.device_label.setText(f"Device: {device.name} (the toolbar's device); predicted "
                                  f"again without tracing when it changes")  # fmt: skip

    # tracing ---------------------------------------------------------------------------------
    def start_trace(self) -> bool:
        """Validate the inputs and trace in the background; False when refused or running."""
        try:
            inputs = inputs_from_options(**self.options())
        except InputError as exc:
            self.status.setText(exc.message)
            return False
        if not self.runner.start(inputs, self.measure_box.isChecked()):
            return False
        self.trace_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.progress.setValue(0)
        self.progress.setVisible(True)
        self.status.setText(f"Tracing {inputs.label}…")
        return True

    def runner_cancel(self) -> None:
        """Ask the running trace to stop."""
        self.runner.cancel()
        self.status.setText("Cancelling…")

    def _on_progress(self, fraction: float, text: str) -> None:
        self.progress.setValue(int(1000 * max(0.0, min(1.0, fraction))))
        self.status.setText(text)

    def _on_result(self, data: dict[str, Any]) -> None:
        self.set_result(data["trace"], data["inputs"], data.get("measured"))
        self.traceFinished.emit(True)

    def _on_error(self, message: str) -> None:
        self.status.setText("Cancelled" if message == "cancelled" else message)
        self.traceFinished.emit(False)

    def _on_finished(self) -> None:
        self.trace_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        self.progress.setVisible(False)

    def set_result(self, trace: StepTrace, inputs: StepInputs, measured: Any = None) -> None:
        """Show a finished trace (and predict it on the current device); ``measured`` is a
        :class:`core.step.measure.Measured` of the same step, or None."""
        self.trace, self.inputs, self.measured = trace, inputs, measured
        text = (f"Traced {len(trace.ops):,} ops of {inputs.label} in {trace.seconds:.1f} s "
                "(fake tensors)")  # fmt: skip
        if measured is not None:
            text += (f"; measured on this CPU: {format_duration(measured.step_s)} per step, "
                     f"{measured.matched:,} ops matched {measured.mismatch}")  # fmt: skip
        self.status.setText(text)
        self.pin_button.setEnabled(True)
        self.csv_button.setEnabled(True)
        self.roofline_button.setEnabled(True)
        self._show_table()
        self.repredict()

    # showing ---------------------------------------------------------------------------------
    def repredict(self) -> None:
        """Predict the kept trace on the shared device and ceiling (no tracing)."""
        self._update_device_label()
        if self.trace is None:
            return
        ceiling = self.combos["ceiling"].currentData() or None
        try:
            self.prediction = predict(self.trace, self._state.device, ceiling)
        except InputError as exc:  # a measured device without a bandwidth: say so, keep the trace
            self.status.setText(str(exc))
            return
        self._show_prediction()

    def _show_table(self) -> None:
        assert self.trace is not None
        rows = [(name, r["dtype"], format_count(r["elements"]), format_bytes(r["bytes"]))
                for name, r in ((k, self.trace.table[k]) for k in TABLE_ROWS)]  # fmt: skip
        self.table4.set_rows(("", "dtype", "elements", "bytes"), rows)
        self.table4.resizeRowsToContents()
        height = self.table4.horizontalHeader().height() + 2 * self.table4.frameWidth()
        self.table4.setFixedHeight(height + sum(self.table4.rowHeight(r) for r in range(4)))

    def _show_prediction(self) -> None:
        trace, pred = self.trace, self.prediction
        assert trace is not None and pred is not None
        why = explain(trace, pred)
        self.headline.setText(
            f"{format_duration(pred.step_time_s)} per step  ·  MFU {pred.mfu:.1%}"
        )
        self.headline.setWordWrap(True)
        self.headline.setToolTip(ASSUMPTION)
        peak = "each op's dtype peak" if pred.ceiling == "per op dtype" else f"{pred.ceiling} peak"
        self.sentence.setText(f"On {pred.device_name} ({peak}; MFU against {pred.compute_dtype}). "
                              f"{why['sentence']}")  # fmt: skip
        phases = rollup(trace.ops, pred.seconds, "phase")
        parts = [f"{p} {format_flops(phases[p]['flops'])}, {format_duration(phases[p]['predicted_s'])}"
                 for p in PHASES]  # fmt: skip
        fwd = phases["forward"]["flops"]
        ratio = phases["backward"]["flops"] / fwd if fwd else 0.0
        self.split_line.setText(" · ".join(parts) + f"  —  backward/forward FLOPs {ratio:.2f} "
                                "(the lecture: ≈ 2). Ops summed, no overlap.")  # fmt: skip
        meas = self.measured.seconds if self.measured is not None else None
        self.op_model.set_rows(op_rows(trace, pred, meas), measured=meas is not None)
        kinds = rollup(trace.ops, pred.seconds, "kind", meas)
        self.kind_chart.set_shares({k: pred.share(v["predicted_s"]) for k, v in kinds.items()})
        headers = ["kind", "ops", "FLOPs", "bytes", "predicted", "share"]
        if meas is not None:
            headers.append("measured (this CPU)")
        self.kinds_table.set_rows(
            headers,
            [(k, f"{int(v['ops']):,}", format_flops(v["flops"]),
              format_bytes(v["bytes_read"] + v["bytes_written"]),
              format_duration(v["predicted_s"]), f"{pred.share(v['predicted_s']):.1%}",
              *([format_duration(v["measured_s"])] if meas is not None else []))
             for k, v in kinds.items() if v["ops"]],
        )  # fmt: skip
        top = [trace.ops[i] for i in top_ops(pred, 8)]
        self.top_table.set_rows(
            ("top op", "module", "predicted", "share"),
            [(f"#{op.index} {op.name}", op.module,
              format_duration(pred.seconds[op.index]), f"{pred.share(pred.seconds[op.index]):.1%}")
             for op in top],
        )  # fmt: skip
        self._show_modules()
        self._show_plans()

    def _show_modules(self) -> None:
        if self.trace is None or self.prediction is None:
            return
        pred = self.prediction
        mods = by_module(self.trace.ops, pred.seconds, self.depth.value())
        order = sorted(mods.items(), key=lambda kv: -kv[1]["predicted_s"])
        self.modules_table.set_rows(
            ("module", "ops", "FLOPs", "bytes", "predicted", "share"),
            [(name, f"{int(v['ops']):,}", format_flops(v["flops"]),
              format_bytes(v["bytes_read"] + v["bytes_written"]),
              format_duration(v["predicted_s"]), f"{pred.share(v['predicted_s']):.1%}")
             for name, v in order],
        )  # fmt: skip

    def _plan(self) -> dict[str, Any] | None:
        if self.trace is None or self.prediction is None or self.inputs is None:
            return None
        return {"label": self.inputs.label, "trace": self.trace,
                "device": self._state.device, "ceiling": self.combos["ceiling"].currentData()}  # fmt: skip

    def pin_plan_a(self) -> None:
        """Keep the current result as plan A."""
        self.plan_a = self._plan()
        self._show_plans()
        self.views.setCurrentWidget(self.plans_table)

    def _show_plans(self) -> None:
        b = self._plan()
        if self.plan_a is None or b is None:
            self.plans_table.set_rows(("", "plan A", "plan B"), [
                ("", "Pin a result as plan A, change inputs or device, trace again", "")])  # fmt: skip
            return
        try:
            preds = [
                predict(p["trace"], p["device"], p["ceiling"] or None) for p in (self.plan_a, b)
            ]
        except InputError as exc:
            self.plans_table.set_rows(("", "plan A", "plan B"), [("", str(exc), "")])
            return
        rows = [("inputs", self.plan_a["label"], b["label"], ""),
                ("device", preds[0].device_name, preds[1].device_name, "")]  # fmt: skip
        metrics = (
            ("step time", [p.step_time_s for p in preds], format_duration),
            ("MFU", [p.mfu for p in preds], lambda v: f"{v:.1%}"),
            ("peak memory", [plan["trace"].peak_bytes or 0.0 for plan in (self.plan_a, b)],
             format_bytes),
            ("model FLOPs", [plan["trace"].model_flops for plan in (self.plan_a, b)], format_flops),
        )  # fmt: skip
        for name, (va, vb), fmt in metrics:
            change = f"{(vb / va - 1):+.1%}" if va else "–"
            rows.append((name, fmt(va), fmt(vb), change))
        self.plans_table.set_rows(("", "plan A", "plan B", "B vs A"), rows)

    def send_to_roofline(self) -> None:
        """Ask the Roofline tab to show one point per op kind."""
        if self.trace is None or self.prediction is None:
            return
        for point in roofline_points(self.trace, self.prediction):
            self._state.request_roofline_point(point)

    # export, sessions, shutdown --------------------------------------------------------------
    def csv_text(self) -> str:
        """The op table as CSV (empty before a trace)."""
        if self.trace is None or self.prediction is None:
            return ""
        meas = self.measured.seconds if self.measured is not None else None
        return ops_csv(self.trace, self.prediction, meas)

    def _export_csv(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Export ops", "step_ops.csv", "CSV (*.csv)")
        if not path:
            return
        try:
            Path(path).write_text(self.csv_text(), encoding="utf-8")
        except OSError as exc:
            self.status.setText(f"Could not write {path}: {exc.strerror}")
            return
        self.status.setText(f"Op table written to {path}")

    def session_state(self) -> dict[str, Any]:
        """The inputs (texts and combo choices) and the module depth."""
        out: dict[str, Any] = {k: self.fields[k].text() for k in ("config", "batch", "seq")}
        out["model"] = self.model_box.currentText()
        out.update({k: box.currentData() for k, box in self.combos.items()})
        out["depth"] = self.depth.value()
        out["measure"] = self.measure_box.isChecked()
        return out

    def restore_session(self, data: dict[str, Any]) -> list[str]:
        """Restore :meth:`session_state`; returns what could not be applied."""
        problems: list[str] = []
        for key in _TEXT_KEYS:
            if key not in data:
                continue
            value = data[key]
            if not isinstance(value, str):
                problems.append(f"step: {key} must be text, got {type(value).__name__}")
                continue
            if key == "model":
                self.model_box.setCurrentText(value)
            else:
                self.fields[key].setText(value)
        problems += restore_combos("step", self.combos, data)
        if isinstance(data.get("measure"), bool):
            self.measure_box.setChecked(data["measure"])
        depth = data.get("depth")
        if depth is not None:
            if isinstance(depth, int) and not isinstance(depth, bool) and 1 <= depth <= 8:
                self.depth.setValue(depth)
            else:
                problems.append(f"step: depth {depth!r}; allowed: 1 to 8")
        return problems

    def export_plot(self) -> Any | None:
        """The "where the time goes" chart."""
        return self.kind_chart.getPlotItem()

    def _fit_left(self) -> None:
        # The control column is as wide as its fields need at the current font (presentation
        # mode enlarges it), plus room for a vertical scroll bar: nothing is clipped.
        bar = self._left.verticalScrollBar().sizeHint().width()
        self._left.setMinimumWidth(self._left_card.minimumSizeHint().width() + bar + 4)

    def apply_theme(self, theme: Any) -> None:
        """Colour the chart; widen the control column to its fields."""
        self._theme = theme
        # Presentation mode: the device note (the toolbar shows the device) folds away and the
        # rows tighten, so the control column fits 720 px without a scroll bar.
        compact = getattr(theme, "scale", 1.0) > 1.0
        self.device_label.setVisible(not compact)
        self._left_form.setVerticalSpacing(2 if compact else -1)
        self._fit_left()
        if self.trace is not None:
            self._show_table()  # row heights for the new font
        if theme is not None:
            self.kind_chart.setBackground(theme.plot_bg)
            self.kind_chart.set_colours(theme.series, theme.plot_fg)

    def prepare_screenshot(self) -> None:
        """Trace the current inputs synchronously when nothing was traced (screenshots)."""
        if self.trace is not None:
            return
        from core.step.trace import trace_config

        inputs = inputs_from_options(**self.options())
        self.set_result(trace_config(inputs.config), inputs)

    def shutdown(self) -> None:
        """Stop a running trace and wait for its thread."""
        self.runner.stop()


def build(state: AppState) -> StepPage:
    """The Step tab's page."""
    return StepPage(state)
