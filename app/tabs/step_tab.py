"""The Step tab: one training step of a model, op by op, with its time and MFU on a device.

Every number comes from :mod:`core.step` (trace, predict, rollups, explanation). The trace runs in
a background thread; changing the shared device, the ceiling or the module depth re-predicts from
the kept trace without tracing again. "Pin as plan A" keeps the current result so a second set of
inputs (plan B) can be compared side by side.
"""

from __future__ import annotations

from collections.abc import Callable
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
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from app.state import AppState
from app.step_worker import StepRunner
from app.tabs.base import TabPage
from core.echo import brief
from core.errors import InputError
from core.memory import OPTIMIZERS, PRESETS, RECIPES
from core.roofline.hardware import DTYPES
from core.roofline.utilization import HFU_DEFINITION, MFU_DEFINITION
from core.step.comm import StepComm, step_comm, with_comm
from core.step.moe import moe_totals
from core.step.options import DEFAULTS, HFInputs, StepInputs, step_inputs
from core.step.predict import (
    ASSUMPTION,
    CALIBRATED_ASSUMPTION,
    COUNTING,
    PHASES,
    Prediction,
    by_module,
    explain,
    predict,
    rollup,
)
from core.step.report import kind_totals, op_rows, ops_csv, roofline_points, top_ops
from core.step.trace import TABLE_ROWS, StepTrace
from core.units import format_bytes, format_count, format_duration, format_flops
from widgets.brief_combo import BriefComboBox, brief_text
from widgets.card_fit import REFIT_EVENTS, fit_card_height
from widgets.cards import card as _card
from widgets.combo_data import restore_combos
from widgets.hanging_label import HangingLabel
from widgets.i18n import localized, translate
from widgets.model_box import ModelBox
from widgets.rich_text import plain_tip
from widgets.splitter import DefaultSplitter
from widgets.step import KindChart, OpFilter, OpTableModel, RowsTable, fit_op_columns
from widgets.step.names import kind_name, module_name, phase_name

__all__ = ["StepPage", "build"]

_MODELS = (*PRESETS, "mlp:d=4096,layers=8", "transformer:d=1024,layers=8,heads=16")
_TEXT_KEYS = ("model", "config", "batch", "seq")
#: The inputs a trace depends on (device, ceiling and GPUs only re-predict it).
_TRACE_KEYS = ("model", "config", "batch", "seq", "recipe", "optimizer", "checkpoint")
#: Most Roofline points sent for single ops (besides one per kind).
_TOP_POINTS = 5


def _combo(items: Any, current: str) -> QComboBox:
    box = BriefComboBox()
    for item in items:
        text, data = item if isinstance(item, tuple) else (item, item)
        box.addItem(text, data)
    box.setCurrentIndex(max(0, box.findData(current)))
    return box


def _top_headers() -> tuple[str, ...]:
    """The columns of the slowest-ops table beside the kinds chart."""
    return (translate("StepTab", "top op"), translate("StepTab", "share"),
            translate("StepTab", "predicted"), translate("StepTab", "module"))  # fmt: skip


def _row_name(row: str) -> str:
    names = {
        "params": translate("StepTab", "parameters"),
        "grads": translate("StepTab", "gradients"),
        "optimizer": translate("StepTab", "optimizer state"),
        "activations": translate("StepTab", "activations"),
    }
    return names.get(row, row)


def _label(inputs: StepInputs | HFInputs) -> str:
    """The inputs in one line, in the person's language."""
    if isinstance(inputs, HFInputs):
        return translate("StepTab", "{model}, batch {batch} × seq {seq}, {weights} weights, "
                         "{opt}").format(model=Path(inputs.path).name, batch=inputs.batch,
                                               seq=inputs.seq, weights=inputs.weights,
                                               opt=inputs.optimizer)  # fmt: skip
    cfg = inputs.config
    return translate("StepTab", "{model}, batch {batch} × seq {seq}, {recipe}, {opt}, "
                     "{checkpoint}").format(
        model=cfg.model.name, batch=cfg.micro, seq=cfg.seq_len, recipe=cfg.recipe.id,
        opt=brief_text(localized(cfg.optimizer.label)),
        checkpoint=_checkpoint_names().get(cfg.checkpoint.mode, cfg.checkpoint.mode))  # fmt: skip


def _checkpoint_names() -> dict[str, str]:
    """Checkpointing modes as the combo names them, in the person's language."""
    return {
        "none": translate("StepTab", "no checkpointing"),
        "sqrt": translate("StepTab", "√L segments"),
        "every": translate("StepTab", "every layer"),
    }


def _moe_role_names() -> dict[str, str]:
    """The rows a mixture of experts adds under the kinds (a split of their ops, not more)."""
    return {
        "router": translate("StepTab", "MoE: router (of the above)"),
        "permutation": translate("StepTab", "MoE: permutations (of the above)"),
        "expert GEMM": translate("StepTab", "MoE: grouped expert GEMMs (of the above)"),
        "dense matmul": translate("StepTab", "MoE: dense matmuls (of the above)"),
    }


def _moe_rows(trace: Any, pred: Any, measured: bool) -> list[tuple[str, ...]]:
    """A mixture of experts' parts (:func:`core.step.moe.moe_totals`) as kind-table rows."""
    parts = moe_totals(trace.ops, pred.seconds)
    if parts is None:
        return []
    names = _moe_role_names()
    return [(names[role], f"{int(v['ops']):,}", format_flops(v["flops"]), format_bytes(v["bytes"]),
             format_duration(v["predicted_s"]), f"{pred.share(v['predicted_s']):.1%}",
             *([""] if measured else [])) for role, v in parts.items()]  # fmt: skip


class StepPage(TabPage):
    """Inputs on the left; the lecture's table, the split, the explanation and the op views right.

    Signals
    -------
    traceFinished(bool)
        A trace ended (True: a result arrived; False: it failed or was cancelled).
    """

    tab_id = "step"
    caption_keys = ("model", "batch", "seq", "recipe", "optimizer", "checkpoint", "gpus")
    traceFinished = Signal(bool)

    def __init__(self, state: AppState) -> None:
        super().__init__()
        self._state = state
        self.trace: StepTrace | None = None
        self.inputs: StepInputs | HFInputs | None = None
        self.prediction: Prediction | None = None
        self._predicted: StepTrace | None = None  # the trace self.prediction is of
        self.comm: StepComm | None = None
        self.measured: Any = None
        self.plan_a: dict[str, Any] | None = None
        self._shown_key: tuple[Any, ...] | None = None  # the inputs of the result shown
        self._pending_key: tuple[Any, ...] | None = None
        self._result_text = ""
        self._build_controls()
        self._build_results()
        split = DefaultSplitter(Qt.Orientation.Horizontal, [340, 940])
        split.addWidget(self._left)
        split.addWidget(self._right)
        split.setStretchFactor(1, 1)
        split.restore()
        outer = QVBoxLayout(self)
        outer.setContentsMargins(12, 12, 12, 12)
        outer.addWidget(split)
        self.runner = StepRunner(self)
        self.runner.progress.connect(self._on_progress)
        self.runner.result.connect(self._on_result)
        self.runner.error.connect(self._on_error)
        self.runner.finished.connect(self._on_finished)
        # Bound methods, not lambdas: Qt disconnects them when this page is deleted (rebuilt).
        state.deviceChanged.connect(self._on_device)
        state.catalogChanged.connect(self._on_device)
        state.calibrationChanged.connect(self._on_device)  # a saved fraction: predict again
        self._theme: Any = None
        # A result shown under other inputs says so (the old numbers under a new model's name).
        self.model_box.editTextChanged.connect(self._check_stale)
        for key in ("batch", "seq"):
            self.fields[key].textChanged.connect(self._check_stale)
        for key in ("recipe", "optimizer", "checkpoint"):
            self.combos[key].currentIndexChanged.connect(self._check_stale)

    def _trace_key(self) -> tuple[Any, ...]:
        options = self.options()
        return tuple(options.get(k) for k in _TRACE_KEYS)

    def _check_stale(self, *_args: Any) -> None:
        """Say that the result shown is for other inputs, or take it back when they match."""
        if self.trace is None or self.inputs is None or self._shown_key is None:
            return
        if self.runner.is_running():
            return  # the status line says what is being traced
        if self._trace_key() != self._shown_key:
            self.status.setText(
                translate(
                    "StepTab", "Inputs changed: the result shown is for {label}; trace again"
                ).format(label=_label(self.inputs))
            )
        else:
            self.status.setText(self._result_text)

    @property
    def stale(self) -> bool:
        """Whether the result shown was traced from other inputs than the ones set now."""
        return self._shown_key is not None and self._trace_key() != self._shown_key

    def _on_device(self, _device_id: str = "") -> None:
        """The shared device, the catalog or a device's fractions changed: predict the kept
        trace again."""
        self.repredict()

    # building ------------------------------------------------------------------------------
    def _build_controls(self) -> None:
        self.fields: dict[str, QLineEdit] = {}
        form = QFormLayout()
        from core.step.hf import check_config

        self.model_box = ModelBox(
            _MODELS,
            DEFAULTS["model"],
            translate(
                "StepTab",
                "A preset, mlp:d=..,layers=.., transformer:d=..,layers=..,heads=.., a Hugging "
                "Face Hub id org/name (its config.json from the local cache) or a Hugging Face "
                "config.json (Config file…)",
            ),
            check_config,
        )
        self.model_box.fileChosen.connect(self._on_file_chosen)
        self.model_box.fileRefused.connect(self._on_file_refused)
        form.addRow(translate("StepTab", "Model"), self.model_box)
        # A Hub id not in the cache: a one-line offer to fetch its config.json here, with a busy
        # bar and Cancel (the Plan tab's row), instead of an error that sends you to a terminal.
        from app.hub_fetch import HubFetcher
        from widgets.hub_fetch import HubFetchRow

        self.hub_row = HubFetchRow(self)
        form.addRow(self.hub_row)
        self.hub_fetcher = HubFetcher(self.hub_row, self)
        self.hub_fetcher.fetched.connect(self._hub_fetched)
        self.model_box.modelChanged.connect(self._watch_hub)
        self.model_box.editTextChanged.connect(self._watch_hub)
        sizes = QHBoxLayout()
        for key in ("batch", "seq"):
            self.fields[key] = QLineEdit(str(DEFAULTS[key]))
            self.fields[key].setMinimumWidth(40)
        self.fields["batch"].setToolTip(translate("StepTab", "Sequences (or MLP rows) per step"))
        self.fields["seq"].setToolTip(translate("StepTab", "Sequence length (transformers)"))
        sizes.addWidget(self.fields["batch"], 1)
        sizes.addWidget(QLabel("×"))
        sizes.addWidget(self.fields["seq"], 1)
        form.addRow(translate("StepTab", "Batch × seq"), sizes)
        self.combos = {
            "recipe": _combo([(r.id, r.id) for r in RECIPES.values()], DEFAULTS["recipe"]),
            "optimizer": _combo(
                [(localized(o.label), o.id) for o in OPTIMIZERS.values()], DEFAULTS["optimizer"]
            ),
            "checkpoint": _combo(
                [(name, mode) for mode, name in _checkpoint_names().items()], "none"
            ),
            "ceiling": _combo([(translate("StepTab", "each op's dtype"), ""), *DTYPES], ""),
            "prediction": _combo(
                [
                    (translate("StepTab", "calibrated (what the device achieves)"), "calibrated"),
                    (translate("StepTab", "upper bound (roofline)"), "roofline"),
                ],
                "calibrated",
            ),
        }
        for box in self.combos.values():
            box.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
            )
            box.setMinimumContentsLength(8)
        form.addRow(translate("StepTab", "Recipe"), self.combos["recipe"])
        form.addRow(translate("StepTab", "Optimizer"), self.combos["optimizer"])
        form.addRow(translate("StepTab", "Checkpointing"), self.combos["checkpoint"])
        form.addRow(translate("StepTab", "Peak of"), self.combos["ceiling"])
        self.combos["ceiling"].currentIndexChanged.connect(lambda _i: self.repredict())
        self.combos["prediction"].setToolTip(
            plain_tip("\n\n".join(localized(t) for t in (CALIBRATED_ASSUMPTION, ASSUMPTION)))
        )
        form.addRow(translate("StepTab", "Prediction"), self.combos["prediction"])
        self.combos["prediction"].currentIndexChanged.connect(lambda _i: self.repredict())
        self.gpus = QSpinBox()
        self.gpus.setRange(1, 1_000_000)
        self.gpus.setValue(1)
        self.gpus.setToolTip(
            translate(
                "StepTab",
                "Data-parallel GPUs: above 1 the step also pays the ring all-reduce of the "
                "gradients over the device's interconnect (8 GPUs per node), not overlapped",
            )
        )
        self.gpus.valueChanged.connect(lambda _v: self.repredict())
        form.addRow(translate("StepTab", "GPUs (data parallel)"), self.gpus)
        self.measure_box = QCheckBox(translate("StepTab", "Also run it on this machine"))
        self.measure_box.setToolTip(
            translate(
                "StepTab",
                "Run the same step for real under torch.profiler (on a CUDA GPU where torch sees "
                "one, else on the CPU) and match each op (measured); refused when it would not "
                "fit in memory",
            )
        )
        form.addRow(self.measure_box)
        self.device_label = QLabel()
        self.device_label.setWordWrap(True)
        self.device_label.setObjectName("formula")
        self.trace_button = QPushButton(translate("StepTab", "Trace one step"))
        self.trace_button.setToolTip(
            translate("StepTab", "Forward, backward and optimizer on fake tensors, op by op")
        )
        self.cancel_button = QPushButton(translate("StepTab", "Cancel"))
        self.cancel_button.setEnabled(False)
        self.progress = QProgressBar()
        self.progress.setRange(0, 1000)
        self.progress.setTextVisible(False)
        self.progress.setVisible(False)
        self.status = QLabel(translate("StepTab", "Not traced yet"))
        self.status.setWordWrap(True)
        self.pin_button = QPushButton(translate("StepTab", "Pin as A"))
        self.pin_button.setToolTip(
            translate(
                "StepTab", "Keep this result as plan A; trace other inputs to compare (plan B)"
            )
        )
        self.pin_button.setEnabled(False)
        self.roofline_button = QPushButton(translate("StepTab", "To Roofline"))
        self.roofline_button.setToolTip(
            translate(
                "StepTab",
                "On the Roofline tab: one point per op kind (summed FLOPs and bytes) and the "
                "slowest ops, sized by their share of the step time",
            )
        )
        self.roofline_button.setEnabled(False)
        self.roofline_button.clicked.connect(self.send_to_roofline)
        self.csv_button = QPushButton(translate("StepTab", "CSV…"))
        self.csv_button.setToolTip(translate("StepTab", "Export the op table as CSV"))
        self.csv_button.setEnabled(False)
        self.trace_button.clicked.connect(self.start_trace)
        self.cancel_button.clicked.connect(self.runner_cancel)
        self.pin_button.clicked.connect(self.pin_plan_a)
        self.csv_button.clicked.connect(self._export_csv)
        self._left_form = form
        card, layout = _card()
        title = QLabel(translate("StepTab", "One training step"))
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
        after = QHBoxLayout()
        for button in (self.pin_button, self.csv_button, self.roofline_button):
            after.addWidget(button)
        layout.addLayout(after)
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
        self.headline = QLabel(translate("StepTab", "Trace a step to see its ops"))
        self.headline.setObjectName("headline")
        self.headline.setWordWrap(True)
        self.sentence = QLabel()
        self.sentence.setWordWrap(True)
        self.comm_line = HangingLabel()  # wrapped lines hang under their first
        self.comm_line.setObjectName("formula")
        self.comm_line.setVisible(False)
        self.split_line = HangingLabel()
        self.split_line.setObjectName("formula")
        self.table4 = RowsTable(stretch=True)
        self.table4.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        # Its height is set to its four rows: never a scroll bar (CJK fonts round rows up).
        self.table4.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table4.setVisible(False)  # until a trace fills its four rows (empty, a blank box)
        for w in (self.headline, self.sentence, self.comm_line, self.split_line, self.table4):
            layout.addWidget(w)
        self.op_model = OpTableModel()
        self.op_filter = OpFilter()
        self.op_filter.setSourceModel(self.op_model)
        self.op_view = QTableView()
        self.op_view.setModel(self.op_filter)
        # Opens in op order, first op first: Qt's header starts descending, which sorting would
        # apply at once (the optimizer's ops first).
        self.op_view.horizontalHeader().setSortIndicator(0, Qt.SortOrder.AscendingOrder)
        self.op_view.setSortingEnabled(True)
        self.op_view.verticalHeader().setVisible(False)
        self.op_view.setAlternatingRowColors(True)
        self.op_view.setWordWrap(False)  # one line per op; columns sized to their texts
        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText(
            translate("StepTab", "Filter: phase, kind, module or op (e.g. backward attn.q)")
        )
        self.filter_edit.textChanged.connect(self.op_filter.set_text)
        ops_page = QWidget()
        ops_layout = QVBoxLayout(ops_page)
        ops_layout.setContentsMargins(0, 6, 0, 0)
        ops_layout.addWidget(self.filter_edit)
        ops_layout.addWidget(self.op_view, 1)
        self.modules_table = RowsTable(fit=True)
        self.depth = QSpinBox()
        self.depth.setRange(1, 8)
        self.depth.setValue(2)
        self.depth.valueChanged.connect(lambda _v: self._show_modules())
        modules_page = QWidget()
        modules_layout = QVBoxLayout(modules_page)
        modules_layout.setContentsMargins(0, 6, 0, 0)
        depth_row = QHBoxLayout()
        depth_row.addWidget(QLabel(translate("StepTab", "Module depth")))
        depth_row.addWidget(self.depth)
        depth_row.addStretch(1)
        modules_layout.addLayout(depth_row)
        modules_layout.addWidget(self.modules_table, 1)
        self.kinds_table = RowsTable(fit=True)
        self.kind_chart = KindChart()
        self.top_table = RowsTable(fit=True)
        self.top_table.set_rows(_top_headers(), [])  # its columns named before the first trace
        kinds_page = DefaultSplitter(Qt.Orientation.Horizontal, [470, 480])
        kinds_page.addWidget(self.kind_chart)
        kinds_page.addWidget(self.top_table)
        kinds_page.restore()
        self.plans_table = RowsTable(fit=True)
        self.views = QTabWidget()
        self.views.addTab(kinds_page, translate("StepTab", "Where the time goes"))
        self.views.addTab(self.kinds_table, translate("StepTab", "By kind"))
        self.views.addTab(ops_page, translate("StepTab", "Ops"))
        self.views.addTab(modules_page, translate("StepTab", "By module"))
        self.views.addTab(self.plans_table, translate("StepTab", "Plans A/B"))
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(card)
        right_layout.addWidget(self.views, 1)
        self._right = right
        self._result_card = card
        right.installEventFilter(self)

    def eventFilter(self, watched: Any, event: Any) -> bool:
        """Keep the result card as tall as its wrapped texts need when the right side resizes."""
        if watched is self._right and event.type() in REFIT_EVENTS:
            self._fit_card()
        return super().eventFilter(watched, event)

    def _fit_card(self) -> None:
        # Wrapped labels need more height when narrower or in a taller (CJK) font; without this
        # floor the layout squeezes the card and its last table row is cut. The views below give
        # way instead (their tables show the rows that fit).
        fit_card_height(self._result_card, self._right)

    # inputs ----------------------------------------------------------------------------------
    def options(self) -> dict[str, Any]:
        """The inputs as option texts (:func:`core.step.options.step_inputs`)."""
        out: dict[str, Any] = {k: self.fields[k].text() for k in ("batch", "seq")}
        out["config"] = self.config_path
        out["model"] = self.model_box.model_text()
        for key in ("recipe", "optimizer", "checkpoint"):
            out[key] = self.combos[key].currentData()
        out["device"] = self._state.device.id
        out["dtype"] = self.combos["ceiling"].currentData() or ""
        return out

    @property
    def config_path(self) -> str:
        """The Hugging Face ``config.json`` chosen in the model box ('' for a model)."""
        return self.model_box.config_path

    def set_config(self, path: str) -> None:
        """Trace the ``config.json`` at ``path`` (empty: the model box's model)."""
        self.model_box.set_config(path)

    def _on_file_chosen(self, _path: str) -> None:
        self.status.setText(translate("StepTab", "Config file chosen; trace to see its step"))

    def _on_file_refused(self, message: str) -> None:
        self.status.setText(message)

    def _update_device_label(self) -> None:
        self.device_label.setText(
            translate(
                "StepTab",
                "Device: {device} (the toolbar's device); predicted again without tracing when "
                "it changes",
            ).format(device=localized(self._state.device.name))
        )

    # tracing ---------------------------------------------------------------------------------
    def _watch_hub(self, *_args: Any) -> None:
        """The model box changed: offer the fetch when it holds a Hub id not in the cache."""
        self.hub_fetcher.watch("" if self.config_path else self.model_box.model_text())

    def _hub_fetched(self, text: str) -> None:
        """The config.json of ``text`` is cached now: trace it at once."""
        if self.model_box.model_text().strip() == text.strip():
            self.start_trace()

    def start_trace(self) -> bool:
        """Validate the inputs and trace in the background; False when refused or running."""
        measure = self.measure_box.isChecked()
        try:
            inputs = step_inputs(measure=measure, **self.options())
        except InputError as exc:
            self.status.setText(localized(exc.message))
            return False
        if not self.runner.start(inputs, measure):
            return False
        self._pending_key = self._trace_key()
        self.trace_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.progress.setValue(0)
        self.progress.setVisible(True)
        self._tracing = translate("StepTab", "Tracing {label}…").format(label=_label(inputs))
        self.status.setText(self._tracing)
        return True

    def runner_cancel(self) -> None:
        """Ask the running trace to stop."""
        self.runner.cancel()
        self.status.setText(translate("StepTab", "Cancelling…"))

    def _on_progress(self, fraction: float, text: str) -> None:
        self.progress.setValue(int(1000 * max(0.0, min(1.0, fraction))))
        if text:
            self.status.setText(localized(text))

    def _on_result(self, data: dict[str, Any]) -> None:
        self.set_result(data["trace"], data["inputs"], data.get("measured"), self._pending_key)
        self.traceFinished.emit(True)

    def _on_error(self, message: str) -> None:
        cancelled = message == "cancelled"
        self.status.setText(translate("StepTab", "Cancelled") if cancelled else localized(message))
        self.traceFinished.emit(False)

    def _on_finished(self) -> None:
        self.trace_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        self.progress.setVisible(False)

    def set_result(
        self,
        trace: StepTrace,
        inputs: StepInputs | HFInputs,
        measured: Any = None,
        key: tuple[Any, ...] | None = None,
    ) -> None:
        """Show a finished trace (and predict it on the current device); ``measured`` is a
        :class:`core.step.measure.Measured` of the same step, or None; ``key`` the inputs it was
        traced from (by default the ones set now)."""
        self.trace, self.inputs, self.measured = trace, inputs, measured
        self._shown_key = key if key is not None else self._trace_key()
        text = translate("StepTab", "Traced {count} ops of {label} in {seconds} s (fake tensors)")
        text = text.format(count=f"{len(trace.ops):,}", label=_label(inputs),
                           seconds=f"{trace.seconds:.1f}")  # fmt: skip
        if measured is not None:
            template = (
                translate(
                    "StepTab", "; measured on a CUDA GPU: {time} per step, {matched} ops matched"
                )
                if getattr(measured, "device", "cpu") == "cuda"
                else translate(
                    "StepTab", "; measured on this CPU: {time} per step, {matched} ops matched"
                )
            )
            text += template.format(
                time=format_duration(measured.step_s), matched=f"{measured.matched:,}"
            )
            text += self._measured_comparison(trace, measured)
        # The status line stays short (presentation mode has three lines for it); the cache's
        # explanation is its tooltip.
        self.status.setToolTip("")
        if trace.from_cache:
            text += translate("StepTab", "; from the trace cache")
            self.status.setToolTip(
                translate(
                    "StepTab",
                    "Shown from the trace cache: an earlier trace of the same inputs, with the "
                    "same torch and Napkin Lab code",
                )
            )
        for warning in trace.warnings:  # what the inputs exceed (core.memory.models.seq_limits)
            text += translate("StepTab", ". Warning: {warning}").format(warning=localized(warning))
        self._result_text = text
        self.status.setText(text)
        self.pin_button.setEnabled(True)
        self.csv_button.setEnabled(True)
        self.roofline_button.setEnabled(True)
        self._show_table()
        self.repredict()
        fit_op_columns(self.op_view, self.op_model)  # once per trace, over every op
        self._check_stale()  # the inputs may have changed while it traced

    def _measured_comparison(self, trace: StepTrace, measured: Any) -> str:
        """``; predicted on This machine …, ratio …`` (core.step.compare), or how to measure it."""
        from core.bench.this_machine import THIS_MACHINE_ID, not_measured
        from core.step.compare import measured_comparison

        catalog = self._state.catalog
        machine = catalog.get(THIS_MACHINE_ID) if THIS_MACHINE_ID in catalog.ids() else None
        try:
            pred = predict(trace, self._state.device)
            found, note = measured_comparison(trace, pred, measured.seconds,
                                              getattr(measured, "device", "cpu"), machine,
                                              not_measured())  # fmt: skip
        except InputError as exc:  # a measured device without a bandwidth
            return "; " + localized(exc.message)
        if note:
            return "; " + localized(note)
        return "".join(
            translate("StepTab", "; predicted on {device}: {time}, ratio {ratio}").format(
                device=c["device_name"], time=format_duration(c["predicted_s"]),
                ratio=f"{c['ratio']:.2f}",
            )
            for c in found.values()
        )  # fmt: skip

    # showing ---------------------------------------------------------------------------------
    def _predict(self, trace: StepTrace, device: Any, ceiling: str | None, gpus: int) -> Prediction:
        """The prediction with the gradient all-reduce of ``gpus`` data-parallel GPUs added."""
        pred = predict(trace, device, ceiling, model=self._model())
        return with_comm(pred, step_comm(trace, device, gpus)) if gpus > 1 else pred

    def _model(self) -> str:
        """The prediction model chosen: ``calibrated`` (the default) or ``roofline``."""
        return str(self.combos["prediction"].currentData() or "calibrated")

    def repredict(self) -> None:
        """Predict the kept trace on the shared device, ceiling and GPUs (no tracing)."""
        self._update_device_label()
        if self.trace is None:
            return
        ceiling = self.combos["ceiling"].currentData() or None
        try:
            pred = predict(self.trace, self._state.device, ceiling, model=self._model())
        except InputError as exc:  # a measured device without a bandwidth: say so, keep the trace
            self.status.setText(localized(exc.message))
            if self._predicted is not self.trace:  # the last prediction is of another trace
                self._clear_prediction(localized(exc.message))
            return
        self.comm = None
        self.comm_line.setVisible(self.gpus.value() > 1)
        if self.gpus.value() > 1:
            try:
                self.comm = step_comm(self.trace, self._state.device, self.gpus.value())
            except InputError as exc:  # no interconnect figure, or GPUs that do not fill nodes
                self.comm_line.setText(localized(exc.message))
                self.comm_line.setToolTip("")
        self.prediction = with_comm(pred, self.comm) if self.comm is not None else pred
        self._predicted = self.trace
        self._show_prediction()

    def _clear_prediction(self, why: str) -> None:
        """No prediction of the trace shown (the device cannot predict it): the old one's
        figures go, since they were of another trace (its op count and its times)."""
        self.prediction, self.comm, self._predicted = None, None, None
        self.headline.setText(translate("StepTab", "No prediction on this device"))
        self.headline.setToolTip("")
        self.sentence.setText(why)
        self.split_line.setText("")
        self.comm_line.setText("")
        self.op_model.set_rows([], measured=False)
        self.kind_chart.set_shares({})
        self.kinds_table.set_rows((), [])
        self.top_table.set_rows(_top_headers(), [])
        self._fit_card()

    def _show_table(self) -> None:
        assert self.trace is not None
        rows = [(_row_name(name), r["dtype"], format_count(r["elements"]), format_bytes(r["bytes"]))
                for name, r in ((k, self.trace.table[k]) for k in TABLE_ROWS)]  # fmt: skip
        headers = ("", translate("StepTab", "Dtype"), translate("StepTab", "elements"),
                   translate("StepTab", "bytes"))  # fmt: skip
        self.table4.set_rows(headers, rows)
        self.table4.setVisible(True)
        self.table4.resizeRowsToContents()
        header = self.table4.horizontalHeader()  # its height() lags behind a taller CJK font
        height = max(header.height(), header.sizeHint().height()) + 2 * self.table4.frameWidth()
        self.table4.setFixedHeight(height + sum(self.table4.rowHeight(r) for r in range(4)))

    def _show_prediction(self) -> None:
        trace, pred = self.trace, self.prediction
        assert trace is not None and pred is not None
        why = explain(trace, pred)
        self.headline.setText(
            translate("StepTab", "{time} · MFU {mfu} · HFU {hfu}").format(
                time=format_duration(pred.step_time_s), mfu=f"{pred.mfu:.1%}",
                hfu=f"{pred.hfu:.1%}",
            )
        )  # fmt: skip
        self.headline.setToolTip(
            plain_tip(
                "\n\n".join(
                    localized(t)
                    for t in (pred.assumption, MFU_DEFINITION, HFU_DEFINITION, COUNTING)
                )
            )
        )
        self.split_line.setToolTip(plain_tip(localized(COUNTING)))
        if pred.ceiling == "per op dtype":
            peak = translate("StepTab", "each op's dtype peak")
        else:
            peak = translate("StepTab", "{dtype} peak").format(dtype=pred.ceiling)
        if pred.peak_dtype and pred.peak_dtype != pred.compute_dtype:  # bf16 on a V100
            against = translate("StepTab", "MFU against {dtype}: it has no {compute} peak").format(
                dtype=pred.peak_dtype, compute=pred.compute_dtype)  # fmt: skip
        else:
            against = translate("StepTab", "MFU against {dtype}").format(dtype=pred.compute_dtype)
        self.sentence.setText(
            translate("StepTab", "On {device} ({peak}; {against}). {why}").format(
                device=localized(pred.device_name), peak=peak, against=against,
                why=localized(why["sentence"]),
            )
        )  # fmt: skip
        if self.comm is not None:
            self.comm_line.setText(
                translate("StepTab", "Gradient all-reduce over {gpus} GPUs: {time} ({share} of the "
                          "step), not overlapped with compute").format(
                    gpus=f"{self.comm.gpus:,}", time=format_duration(self.comm.time_s),
                    share=f"{pred.share(self.comm.time_s):.1%}")
            )  # fmt: skip
            self.comm_line.setToolTip(plain_tip(localized(self.comm.assumption)))
        phases = rollup(trace.ops, pred.seconds, "phase")
        parts = [f"{phase_name(p)} {format_flops(phases[p]['flops'])}, "
                 f"{format_duration(phases[p]['predicted_s'])}" for p in PHASES]  # fmt: skip
        fwd = phases["forward"]["flops"]
        ratio = phases["backward"]["flops"] / fwd if fwd else 0.0
        self.split_line.setText(
            " · ".join(parts)
            + translate(
                "StepTab", "  —  backward/forward FLOPs {ratio} (the lecture: ≈ 2). Ops summed, "
                "no overlap."
            ).format(ratio=f"{ratio:.2f}")
        )  # fmt: skip
        meas = self.measured.seconds if self.measured is not None else None
        self.op_model.set_rows(op_rows(trace, pred, meas), measured=meas is not None)
        kinds = kind_totals(trace, pred, meas, self.comm)
        self.kind_chart.set_shares({k: pred.share(v["predicted_s"]) for k, v in kinds.items()})
        headers = [translate("StepTab", "kind"), translate("StepTab", "ops"), "FLOPs",
                   translate("StepTab", "bytes"), translate("StepTab", "predicted"),
                   translate("StepTab", "share")]  # fmt: skip
        if meas is not None:
            headers.append(translate("StepTab", "measured (this CPU)"))
        order = sorted(((k, v) for k, v in kinds.items() if v["ops"]),
                       key=lambda kv: -kv[1]["predicted_s"])  # fmt: skip
        self.kinds_table.set_rows(
            headers,
            [(kind_name(k), f"{int(v['ops']):,}", format_flops(v["flops"]),
              format_bytes(v.get("bytes_sent", v["bytes_read"] + v["bytes_written"])),
              format_duration(v["predicted_s"]), f"{pred.share(v['predicted_s']):.1%}",
              *([format_duration(v.get("measured_s", float("nan")))] if meas is not None else []))
             for k, v in order] + _moe_rows(trace, pred, meas is not None),
            optional=(1, 2, 3),
        )  # fmt: skip
        top = [trace.ops[i] for i in top_ops(pred, 8)]
        self.top_table.set_rows(
            _top_headers(),
            [(f"#{op.index} {op.name}", f"{pred.share(pred.seconds[op.index]):.1%}",
              format_duration(pred.seconds[op.index]), module_name(op.module)) for op in top],
            optional=(2, 3),
            tips=[f"{module_name(op.module)} · {phase_name(op.phase)} · {kind_name(op.kind)}"
                  for op in top],
        )  # fmt: skip
        self._show_modules()
        self._show_plans()
        self._fit_card()

    def _show_modules(self) -> None:
        if self.trace is None or self.prediction is None:
            return
        pred = self.prediction
        mods = by_module(self.trace.ops, pred.seconds, self.depth.value())
        order = sorted(mods.items(), key=lambda kv: -kv[1]["predicted_s"])
        self.modules_table.set_rows(
            (translate("StepTab", "module"), translate("StepTab", "ops"), "FLOPs",
             translate("StepTab", "bytes"), translate("StepTab", "predicted"),
             translate("StepTab", "share")),
            [(module_name(name), f"{int(v['ops']):,}", format_flops(v["flops"]),
              format_bytes(v["bytes_read"] + v["bytes_written"]),
              format_duration(v["predicted_s"]), f"{pred.share(v['predicted_s']):.1%}")
             for name, v in order],
            optional=(1, 2, 3),
        )  # fmt: skip

    def _plan(self) -> dict[str, Any] | None:
        if self.trace is None or self.prediction is None or self.inputs is None:
            return None
        return {"label": _label(self.inputs), "trace": self.trace, "device": self._state.device,
                "ceiling": self.combos["ceiling"].currentData(), "gpus": self.gpus.value()}  # fmt: skip

    def pin_plan_a(self) -> None:
        """Keep the current result as plan A."""
        self.plan_a = self._plan()
        self._show_plans()
        self.views.setCurrentWidget(self.plans_table)

    def _show_plans(self) -> None:
        b = self._plan()
        ab = (translate("StepTab", "plan A"), translate("StepTab", "plan B"))
        if self.plan_a is None or b is None:
            hint = translate("StepTab", "Pin a result as plan A, change inputs or device, trace "
                             "again")  # fmt: skip
            self.plans_table.set_rows(("", *ab), [("", hint, "")])
            return
        try:
            preds = [
                self._predict(p["trace"], p["device"], p["ceiling"] or None, p.get("gpus", 1))
                for p in (self.plan_a, b)
            ]
        except InputError as exc:
            self.plans_table.set_rows(("", *ab), [("", localized(exc.message), "")])
            return
        rows = [(translate("StepTab", "inputs"), self.plan_a["label"], b["label"], ""),
                (translate("StepTab", "device"), localized(preds[0].device_name),
                 localized(preds[1].device_name), ""),
                (translate("StepTab", "GPUs"), f"{self.plan_a.get('gpus', 1):,}",
                 f"{b.get('gpus', 1):,}", "")]  # fmt: skip
        metrics = (
            (translate("StepTab", "step time"), [p.step_time_s for p in preds], format_duration),
            ("MFU", [p.mfu for p in preds], lambda v: f"{v:.1%}"),
            ("HFU", [p.hfu for p in preds], lambda v: f"{v:.1%}"),
            (translate("StepTab", "peak memory"),
             [plan["trace"].peak_bytes or 0.0 for plan in (self.plan_a, b)], format_bytes),
            (translate("StepTab", "model FLOPs"),
             [plan["trace"].model_flops for plan in (self.plan_a, b)], format_flops),
        )  # fmt: skip
        for name, (va, vb), fmt in metrics:
            change = f"{(vb / va - 1):+.1%}" if va else "–"
            rows.append((name, fmt(va), fmt(vb), change))
        self.plans_table.set_rows(("", *ab, translate("StepTab", "B vs A")), rows)

    def send_to_roofline(self) -> None:
        """Ask the Roofline tab to show one point per op kind and the slowest single ops, each
        with its ``share`` of the step time (for the marker's size)."""
        if self.trace is None or self.prediction is None:
            return
        for point in roofline_points(self.trace, self.prediction, _TOP_POINTS):
            self._state.request_roofline_point(point)

    # export, sessions, shutdown --------------------------------------------------------------
    def csv_text(self) -> str:
        """The op table as CSV (empty before a trace)."""
        if self.trace is None or self.prediction is None:
            return ""
        meas = self.measured.seconds if self.measured is not None else None
        return ops_csv(self.trace, self.prediction, meas)

    def _export_csv(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self, translate("StepTab", "Export ops"), "step_ops.csv", "CSV (*.csv)"
        )
        if not path:
            return
        from core.safe_io import atomic_write

        try:  # atomic, and never opens a FIFO or a device (it would block the GUI thread)
            atomic_write(path, self.csv_text())
        except InputError as exc:
            self.status.setText(localized(exc.message))
            return
        self.status.setText(translate("StepTab", "Op table written to {path}").format(path=path))

    def session_state(self) -> dict[str, Any]:
        """The inputs (texts and combo choices), the config file, the GPUs and module depth."""
        out: dict[str, Any] = {k: self.fields[k].text() for k in ("batch", "seq")}
        out["config"] = self.config_path
        out["model"] = self.model_box.model_text()
        out.update({k: box.currentData() for k, box in self.combos.items()})
        out["depth"] = self.depth.value()
        out["gpus"] = self.gpus.value()
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
                self.model_box.set_model(value)
            elif key == "config":
                self.set_config(value.strip())
            else:
                self.fields[key].setText(value)
        self._watch_hub()
        problems += restore_combos("step", self.combos, data)
        if isinstance(data.get("measure"), bool):
            self.measure_box.setChecked(data["measure"])
        for key, spin in (("depth", self.depth), ("gpus", self.gpus)):
            value = data.get(key)
            if value is None:
                continue
            low, high = spin.minimum(), spin.maximum()
            if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
                spin.setValue(value)
            else:
                problems.append(f"step: {key} {brief(value)}; allowed: {low} to {high:,}")
        return problems

    def carried_state(self) -> Any | None:
        """The trace, its measurement, plan A and the view shown: a language switch keeps them."""
        if self.trace is None or self.inputs is None:
            return None
        return {"trace": self.trace, "inputs": self.inputs, "measured": self.measured,
                "plan_a": self.plan_a, "view": self.views.currentIndex()}  # fmt: skip

    def take_over(self, carried: Any) -> None:
        """Show what :meth:`carried_state` kept, re-labelled in the new language (no tracing)."""
        if not isinstance(carried, dict) or not isinstance(carried.get("trace"), StepTrace):
            return
        plan_a = carried.get("plan_a")
        if isinstance(plan_a, dict) and isinstance(plan_a.get("trace"), StepTrace):
            self.plan_a = plan_a
        self.set_result(carried["trace"], carried["inputs"], carried.get("measured"))
        view = carried.get("view")
        if isinstance(view, int) and 0 <= view < self.views.count():
            self.views.setCurrentIndex(view)

    def caption_parts(self) -> list[str] | None:
        """A slide's caption names the inputs of the result shown (the fields may differ)."""
        if self.inputs is None:
            return None
        gpus = self.gpus.value()
        return [_label(self.inputs), *([f"GPUs {gpus:,}"] if gpus > 1 else [])]

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
        self.kind_chart.setMinimumHeight(110 if compact else 160)
        self._left_form.setVerticalSpacing(2 if compact else -1)
        # The result card tightens too: its wrapped texts take more lines, each taller, in Chinese,
        # and the window with its menu bar must still be 720 px high.
        self._result_card.layout().setContentsMargins(
            14, 6 if compact else 10, 14, 6 if compact else 12
        )
        self._result_card.layout().setSpacing(3 if compact else -1)
        self._right.layout().setSpacing(4 if compact else -1)
        self._fit_left()
        if self.trace is not None:
            self._show_table()  # row heights for the new font
        self._fit_card()
        if theme is not None:
            self.kind_chart.setBackground(theme.plot_bg)
            self.kind_chart.set_colours(theme.series, theme.plot_fg)

    def prepare_screenshot(self, progress: Callable[[float, str], None] | None = None) -> None:
        """Trace the current inputs synchronously when nothing was traced (screenshots);
        ``progress(fraction, text)`` hears how far the trace is (the command's terminal line)."""
        if self.trace is not None:
            return
        inputs = step_inputs(**self.options())
        if isinstance(inputs, HFInputs):
            from core.step.hf_build import trace_hf_config

            trace = trace_hf_config(inputs.path, batch=inputs.batch, seq=inputs.seq,
                                    dtype=inputs.weights, opt=inputs.optimizer)  # fmt: skip
        else:
            # One picture: a trace of the same inputs, torch and code is read back from the cache
            # (the status line says so) instead of paying torch's import and the trace again.
            from core.step.cache import cached_trace

            trace = cached_trace(inputs.config, progress=progress)
        self.set_result(trace, inputs)
        from PySide6.QtWidgets import QApplication

        for _ in range(3):  # let the new texts settle the layout before the picture is taken
            QApplication.processEvents()

    def shutdown(self) -> None:
        """Cancel a running trace and let its thread finish on its own (never waits)."""
        self.runner.stop()
        self.hub_fetcher.stop()


def build(state: AppState) -> StepPage:
    """The Step tab's page."""
    return StepPage(state)
