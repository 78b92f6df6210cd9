"""The Memory tab: one training step's memory, estimated live, traced in the background.

Every number comes from :mod:`core.memory`; this module wires the controls to the estimate, the
trace runner to the bars and the phase view, and the shared device and dtype to the answers.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.memory_worker import TraceRunner
from app.state import AppState
from app.tabs.base import TabPage
from core.errors import InputError
from core.memory import CATEGORIES, derive, estimate
from core.memory.compare import explain
from core.memory.estimate import Estimate, allowance_breakdown
from core.memory.fsdp_trace import check_weights, explain_rank
from core.memory.options import config_from_options, kernels_for
from core.roofline.hardware import capacity_note, capacity_text
from core.roofline.utilization import HFU_DEFINITION, MFU_DEFINITION
from core.units import format_bytes, format_count, format_duration, format_flops, format_percent
from widgets.cards import card as _card
from widgets.hanging_label import HangingLabel
from widgets.i18n import localized, translate
from widgets.memory.bars import Bar, MemoryBars
from widgets.memory.controls import MemoryControls
from widgets.memory.phases import PhaseView
from widgets.rich_text import plain_tip
from widgets.splitter import DefaultSplitter

__all__ = ["MemoryPage", "build"]

#: Categories drawn, bottom to top (trace adds temporaries).
DRAWN: tuple[str, ...] = (*CATEGORIES, "temporaries")


def _category_names() -> dict[str, str]:
    """Legend names of the drawn categories in the person's language."""
    return {
        "params": translate("MemoryTab", "params"),
        "grads": translate("MemoryTab", "grads"),
        "optimizer": translate("MemoryTab", "optimizer"),
        "activations": translate("MemoryTab", "activations"),
        "temporaries": translate("MemoryTab", "temporaries"),
        "measured peak": translate("MemoryTab", "measured peak"),
        "expert_state": translate("MemoryTab", "expert state"),
        "dispatch_buffers": translate("MemoryTab", "all-to-all buffers"),
    }


def _runtime_name(family: str) -> str:
    """What a device family keeps in memory besides tensors (the allowance's first part)."""
    return {
        "cuda": translate("MemoryTab", "CUDA context and workspaces"),
        "rocm": translate("MemoryTab", "HIP runtime and rocBLAS/MIOpen workspaces"),
        "tpu": translate("MemoryTab", "XLA runtime and program buffers"),
        "apple": translate("MemoryTab", "Metal runtime and the memory macOS keeps"),
        "cpu": translate("MemoryTab", "framework runtime and libraries"),
    }.get(family, family)


def _phase(name: str) -> str:
    return {"forward": translate("MemoryTab", "forward"),
            "backward": translate("MemoryTab", "backward"),
            "optimizer": translate("MemoryTab", "optimizer step")}.get(name, name)  # fmt: skip


def _visible(values: dict[str, float]) -> dict[str, float]:
    """The all-to-all buffers' segment only where it can be seen (at least 0.5 % of the bar):
    a thinner one would add a legend row for nothing (its bytes stay in the total and the
    hover, and in ``napkinlab memory``)."""
    buffers = values.get("dispatch_buffers")
    if buffers is not None and buffers < 0.005 * sum(values.values()):
        values = {k: v for k, v in values.items() if k != "dispatch_buffers"}
        values["temporaries"] = values.get("temporaries", 0.0) + buffers
    return values


def _expert_hovers(
    est: Estimate, names: dict[str, str], hover: dict[str, str], peak: bool = False
) -> None:
    """Hover texts of a mixture of experts' own segments: the experts' state (and, at the peak,
    the all-to-all's buffers); the first three segments then hold the rest."""
    if not est.expert_state:
        return
    values = est.stacked(peak)
    routing = est.routing
    hover["expert_state"] = translate(
        "MemoryTab", "{category}: {bytes}, the routed experts' weights, gradients and optimizer "
        "state on this GPU: {experts} experts of each MoE layer (EP {ep}, ETP {etp}), sharded "
        "by ZeRO over EDP = {edp} GPUs; params, grads and optimizer hold the rest",
    ).format(category=names["expert_state"], bytes=format_bytes(values["expert_state"]),
             experts=str(routing.get("experts_per_gpu", "")), ep=str(routing.get("ep", 1)),
             etp=str(routing.get("etp", 1)), edp=str(routing.get("edp", 1)))  # fmt: skip
    if peak and est.dispatch_buffers:
        hover["temporaries"] = translate(
            "MemoryTab", "{text} (the bar adds the all-to-all buffers, {bytes}, when they are "
            "too thin to draw apart)",
        ).format(text=hover.get("temporaries", ""),
                 bytes=format_bytes(est.dispatch_buffers))  # fmt: skip
        hover["dispatch_buffers"] = translate("MemoryTab", "{category}: {bytes} = {formula}").format(
            category=names["dispatch_buffers"], bytes=format_bytes(est.dispatch_buffers),
            formula=localized(est.formulas["dispatch_buffers"]),
        )  # fmt: skip


class MemoryPage(TabPage):
    """Controls on the left; answers, stacked bars and the phase view on the right.

    Signals
    -------
    traceFinished(bool)
        A trace ended (True: a result arrived; False: it failed or was cancelled).
    """

    tab_id = "memory"
    caption_keys = ("model", "batch", "seq", "recipe", "optimizer", "checkpoint", "gpus")
    traceFinished = Signal(bool)

    def __init__(self, state: AppState) -> None:
        super().__init__()
        self._state = state
        self.estimate: Estimate | None = None
        self.traced: Any = None
        self.measured: dict[str, float] | None = None
        self.rank: Any = None  # FsdpTrace of rank 0 under ZeRO with fake ranks
        self.rank_problem: Any = None
        self._traced_key: str | None = None
        self._pending_key: str | None = None
        self._measure_error: Any = None
        self._rank_config: Any = None
        self.controls = MemoryControls()
        self.controls.changed.connect(self.recompute)

        left_scroll = QScrollArea(self)
        left_scroll.setWidgetResizable(True)
        left_scroll.setFrameShape(QFrame.Shape.NoFrame)
        left_card, left_layout = _card()
        left_layout.addWidget(self.controls)
        left_scroll.setWidget(left_card)
        left_scroll.setMinimumWidth(330)
        left_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._left_scroll = left_scroll
        self._left_card = left_card

        answers, answers_layout = _card()
        self._answers_layout = answers_layout
        title = QLabel(translate("MemoryTab", "One training step, per device"))
        title.setObjectName("cardTitle")
        self.headline = QLabel()
        self.headline.setObjectName("headline")
        self.verdict = QLabel()
        self.verdict.setWordWrap(True)
        self.recipe_line = HangingLabel()  # a wrapped sum hangs under its first line
        self.recipe_line.setObjectName("formula")
        grid = QGridLayout()
        grid.setHorizontalSpacing(18)
        self.readouts: dict[str, QLabel] = {}
        # The "largest" readouts' texts: (whole, brief for a slide).
        self._answer_texts: dict[str, tuple[str, str]] = {}
        self.captions: dict[str, QLabel] = {}
        names = [("max_batch", translate("MemoryTab", "Largest micro-batch that fits")),
                 ("max_model", translate("MemoryTab", "Largest model of this shape")),
                 ("flops", translate("MemoryTab", "FLOPs per step")),
                 ("time", translate("MemoryTab", "Step time"))]  # fmt: skip
        for i, (key, label) in enumerate(names):
            caption = QLabel(label)
            caption.setObjectName("cardSubtitle")
            # A caption says what it measures ("Step time at 50% MFU (HFU 51.2%), bf16 peak"):
            # unwrapped, two of them side by side asked for 1,299 px of a 1,280 slide.
            caption.setWordWrap(True)
            value = QLabel()
            value.setWordWrap(True)
            value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            row, col = divmod(i, 2)
            grid.addWidget(caption, 2 * row, col)
            grid.addWidget(value, 2 * row + 1, col)
            grid.setColumnStretch(col, 1)
            self.readouts[key] = value
            self.captions[key] = caption
        self.problem = QLabel()
        self.problem.setObjectName("fieldError")
        self.problem.setWordWrap(True)
        self.problem.setVisible(False)
        for w in (title, self.headline, self.verdict, self.recipe_line):
            answers_layout.addWidget(w)
        answers_layout.addLayout(grid)
        self._grid = grid
        answers_layout.addWidget(self.problem)

        self.bars = MemoryBars()
        self.bars.set_names(_category_names(), translate("MemoryTab", "{unit} per device"))
        self.phases = PhaseView()
        self.hover = QLabel(
            translate("MemoryTab", "Hover a bar segment to see how estimate and trace differ.")
        )
        self.hover.setObjectName("formula")
        self.hover.setWordWrap(True)
        self.hover.setMinimumHeight(36)
        self.bars.hovered.connect(lambda text: text and self.hover.setText(text))

        self.trace_button = QPushButton(translate("MemoryTab", "Trace one step"))
        self.trace_button.setToolTip(
            translate(
                "MemoryTab",
                "Build the real nn.Module and run forward, backward and the optimizer step on "
                "fake tensors (no memory is allocated); with ZeRO 1-3 over several GPUs, also "
                "rank 0 with fake ranks",
            )
        )
        self.cancel_button = QPushButton(translate("MemoryTab", "Cancel"))
        self.cancel_button.setEnabled(False)
        self.progress = QProgressBar()
        self.progress.setRange(0, 1000)
        self.progress.setTextVisible(False)
        self.progress.setMaximumWidth(220)
        self.progress.setVisible(False)
        self.status = QLabel(translate("MemoryTab", "Not traced yet"))
        self.status.setWordWrap(True)
        # Presentation mode folds the timeline (a secondary plot) under this toggle.
        self.timeline_toggle = QToolButton()
        self.timeline_toggle.setText(translate("MemoryTab", "Timeline"))
        self.timeline_toggle.setToolTip(
            translate("MemoryTab", "Show the traced memory over time in place of the bars")
        )
        self.timeline_toggle.setCheckable(True)
        self.timeline_toggle.setVisible(False)
        self.timeline_toggle.toggled.connect(lambda _on: self._fold())
        trace_row = QHBoxLayout()
        for w in (self.trace_button, self.cancel_button, self.progress):
            trace_row.addWidget(w)
        trace_row.addWidget(self.status, 1)
        trace_row.addWidget(self.timeline_toggle)
        self.trace_button.clicked.connect(self.start_trace)
        self.cancel_button.clicked.connect(self.cancel_trace)

        plots = DefaultSplitter(Qt.Orientation.Vertical, [3, 2])
        plots.addWidget(self.bars)
        plots.addWidget(self.phases)
        plots.setStretchFactor(0, 3)
        plots.setStretchFactor(1, 2)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(answers)
        right_layout.addLayout(trace_row)
        # The per-rank trace (ZeRO with fake ranks) beside the estimate: its gaps explained.
        self.rank_note = QLabel()
        self.rank_note.setObjectName("formula")
        self.rank_note.setWordWrap(True)
        self.rank_note.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.rank_note.setVisible(False)
        right_layout.addWidget(self.rank_note)
        right_layout.addWidget(plots, 1)
        self._plots = plots
        right_layout.addWidget(self.hover)

        split = DefaultSplitter(Qt.Orientation.Horizontal, [360, 900])
        split.addWidget(left_scroll)
        split.addWidget(right)
        split.setStretchFactor(1, 1)
        split.restore()
        self._split = split
        outer = QVBoxLayout(self)
        outer.setContentsMargins(12, 12, 12, 12)
        outer.addWidget(split)
        self._outer = outer

        self.runner = TraceRunner(self)
        self.runner.progress.connect(self._on_progress)
        self.runner.stage.connect(self._on_stage)
        self.runner.result.connect(self._on_result)
        self.runner.error.connect(self._on_error)
        self.runner.finished.connect(self._on_finished)

        # Bound methods, not lambdas: Qt disconnects them when this page is deleted (rebuilt).
        state.deviceChanged.connect(self._on_selection)
        state.dtypeChanged.connect(self._on_selection)
        state.catalogChanged.connect(self._on_selection)
        self._theme: Any = None
        self.apply_theme(None)
        self.recompute()

    # estimate ------------------------------------------------------------------------------
    def _on_selection(self, _value: str = "") -> None:
        """The shared device or dtype changed (a bound slot: Qt drops it with the page)."""
        self.recompute()

    def _config(self) -> Any:
        problem = self.controls.problem()
        if problem:
            raise InputError(problem)  # already in the person's language
        options = self.controls.options()
        options["kernels"] = kernels_for(self._state.device.vendor)
        return config_from_options(**options)

    def recompute(self) -> None:
        """Re-estimate from the controls and the shared device; keep the last good state on error."""
        try:
            cfg = self._config()
            est = estimate(cfg)
        except InputError as exc:
            self.problem.setText(
                translate("MemoryTab", "{problem} — showing the last good estimate").format(
                    problem=localized(exc.message)
                )
            )
            self.problem.setVisible(True)
            return
        self.problem.setVisible(bool(cfg.warnings))  # core.memory.models.seq_limits
        if cfg.warnings:
            self.problem.setText(
                " ".join(
                    translate("MemoryTab", "Warning: {warning}").format(warning=localized(w))
                    for w in cfg.warnings
                )
            )
        self.estimate = est
        device = self._state.device
        dtype = self._state.dtype
        peak = device.peak(dtype) if device.supports(dtype) else None
        answer = derive(est, device.capacity_bytes, peak_flops=peak, mfu=self.controls.mfu())
        self.answer = answer
        self.headline.setText(
            translate("MemoryTab", "peak {peak}  ·  {count} params").format(
                peak=format_bytes(est.peak), count=format_count(est.param_count, "").strip()
            )
        )
        tip = translate(
            "MemoryTab",
            "Estimated peak of the step ({moment}); the four categories add up to {total}. "
            "Kernels: {kernels}.",
        ).format(moment=localized(est.peak_moment), total=format_bytes(est.total),
                 kernels=cfg.kernels)  # fmt: skip
        model = cfg.model
        if getattr(model, "is_moe", False):  # the headline's count is the total
            moe = translate(
                "MemoryTab",
                "A mixture of experts: {total} parameters in all, {active} active per token; "
                "weights, gradients and optimizer state keep all of them, the routed experts "
                "divided by EP × ETP = {group} over the GPUs.",
            ).format(total=f"{model.params_total:,}", active=f"{model.params_active:,}",
                     group=str(cfg.ep * cfg.etp))  # fmt: skip
            tip = f"{tip} {moe}"
        self.headline.setToolTip(plain_tip(tip))
        self.headline.setProperty("warning", not answer.fits)
        self.headline.style().unpolish(self.headline)
        self.headline.style().polish(self.headline)
        where = f"{localized(device.name)} ({localized(capacity_text(device))})"
        if answer.fits:
            verdict = translate("MemoryTab", "Fits on {where} with {spare} to spare").format(
                where=where, spare=format_bytes(answer.headroom)
            )
        elif answer.fits_without_allowance:
            verdict = translate("MemoryTab", "Fits on {where} only without the allowance").format(
                where=where
            )
        else:
            verdict = translate("MemoryTab", "Does not fit on {where}: {over} over").format(
                where=where, over=format_bytes(-answer.headroom)
            )
        if cfg.gpus > 1:
            verdict += translate("MemoryTab", ", per device of {gpus} (ZeRO-{zero})").format(
                gpus=f"{cfg.gpus:,}", zero=cfg.zero
            )
        verdict += translate("MemoryTab", ". Plus {bytes} allowance: {what}.").format(
            bytes=format_bytes(est.allowance),
            what=localized(allowance_breakdown(_runtime_name(device.family))),
        )
        self.verdict.setText(verdict)
        self.verdict.setToolTip(plain_tip(localized(capacity_note(device))))
        self.recipe_line.setText(localized(cfg.recipe.sum_text(cfg.optimizer)))
        if answer.max_micro_batch:
            batch = f"{answer.max_micro_batch:,}"
            self._answer_texts["max_batch"] = (batch, batch)
        else:
            self._answer_texts["max_batch"] = (
                translate("MemoryTab", "none: {reason}").format(
                    reason=localized(answer.no_batch_reason or "")
                ),
                translate("MemoryTab", "none"),
            )
        if answer.max_layers:
            layers = translate("MemoryTab", "{layers} layers = {count} params").format(
                layers=f"{answer.max_layers:,}",
                count=format_count(answer.max_params, "").strip(),
            )
            self._answer_texts["max_model"] = (layers, layers)
        else:
            self._answer_texts["max_model"] = (
                translate("MemoryTab", "none at this batch: one layer is already too big"),
                translate("MemoryTab", "none at this batch"),
            )
        self._show_answers()
        self.readouts["flops"].setText(format_flops(est.flops))
        self.readouts["flops"].setToolTip(
            plain_tip(translate("MemoryTab", "Executed (hardware) FLOPs: {formula}. Model FLOPs (what MFU "
                      "counts): {model}").format(formula=localized(est.flops_text),
                                                 model=format_flops(est.model_flops)))
        )  # fmt: skip
        if answer.hfu is not None:
            self.captions["time"].setText(
                translate("MemoryTab", "Step time at {mfu} MFU (HFU {hfu}), {dtype} peak").format(
                    mfu=format_percent(self.controls.mfu()), hfu=format_percent(answer.hfu),
                    dtype=dtype,
                )
            )  # fmt: skip
        else:
            self.captions["time"].setText(
                translate("MemoryTab", "Step time at {mfu} MFU, {dtype} peak").format(
                    mfu=format_percent(self.controls.mfu()), dtype=dtype
                )
            )
        self.captions["time"].setToolTip(
            plain_tip("\n\n".join(localized(t) for t in (MFU_DEFINITION, HFU_DEFINITION)))
        )
        self.readouts["time"].setText(
            format_duration(answer.step_seconds)
            if answer.step_seconds is not None
            else translate("MemoryTab", "{device} has no {dtype} peak").format(
                device=localized(device.name), dtype=dtype
            )
        )
        self._share_columns()
        if self._traced_key is not None and self._traced_key != self._key(cfg):
            self.status.setText(
                translate("MemoryTab", "Inputs changed since the trace: trace again to compare")
            )
        self._draw_bars()

    @staticmethod
    def _key(cfg: Any) -> str:
        return repr(cfg)

    def _draw_bars(self) -> None:
        est = self.estimate
        if est is None:
            return
        names = _category_names()
        hover_est = {
            k: translate("MemoryTab", "estimate {category}: {bytes} = {formula}").format(
                category=names[k], bytes=format_bytes(est.bytes[k]),
                formula=localized(est.formulas[k]),
            )
            for k in CATEGORIES
        }  # fmt: skip
        _expert_hovers(est, names, hover_est)
        hover_est["total"] = translate(
            "MemoryTab", "estimate total {bytes} (the four categories)"
        ).format(bytes=format_bytes(est.total))
        hover_peak = {
            k: translate("MemoryTab", "estimated at the peak ({moment}) {category}: {bytes}").format(
                moment=localized(est.peak_moment), category=names.get(k, k), bytes=format_bytes(v)
            )
            for k, v in est.at_peak.items()
        }  # fmt: skip
        hover_peak["temporaries"] += f" = {localized(est.formulas['temporaries'])}"
        _expert_hovers(est, names, hover_peak, peak=True)
        hover_peak["total"] = translate("MemoryTab", "estimated peak {bytes}: {formula}").format(
            bytes=format_bytes(est.peak), formula=localized(est.formulas["peak"])
        )
        bars = [
            Bar(translate("MemoryTab", "estimate (sum)"), est.stacked(), hover_est),
            Bar(translate("MemoryTab", "estimate (peak, {kernels})").format(
                    kernels=est.config.kernels),
                _visible(est.stacked(peak=True)), hover_peak),
        ]  # fmt: skip
        stale = self._traced_key != self._key(est.config)
        if self.traced is not None:
            at_peak = self.traced.at_peak
            lines = explain(est, self.traced.categories, self.traced.peak)
            hover = {k: translate("MemoryTab", "at the traced peak {category} = {bytes}. ").format(
                         category=names[k], bytes=format_bytes(at_peak.get(k, 0.0)))
                     + localized(lines.get(k, "")) for k in DRAWN}  # fmt: skip
            hover["total"] = localized(lines.get("total", ""))
            name = (
                translate("MemoryTab", "trace of earlier inputs")
                if stale
                else translate("MemoryTab", "trace (peak, {phase})").format(
                    phase=_phase(self.traced.peak_phase)
                )
            )
            bars.append(Bar(name,
                            {k: at_peak.get(k, 0.0) for k in DRAWN}, hover))  # fmt: skip
        if self.rank is not None:
            from core.memory.fsdp_trace import rank_bar

            values = rank_bar(self.rank)
            text = localized(explain_rank(self.rank, self._rank_cfg()))
            label = (
                translate("MemoryTab", "rank 0 of earlier inputs")
                if stale
                else translate("MemoryTab", "rank 0 (ZeRO-{zero}, {ranks} ranks)").format(
                    zero=self.rank.zero, ranks=f"{self.rank.world_size:,}"
                )
            )
            bars.append(Bar(label, {k: values.get(k, 0.0) for k in DRAWN},
                            dict.fromkeys([*DRAWN, "total"], text)))  # fmt: skip
        if self.measured is not None:
            bars.append(Bar(translate("MemoryTab", "measured (CUDA)"),
                            {"measured peak": self.measured["peak"]},
                            {"measured peak": translate(
                                "MemoryTab", "torch.cuda.max_memory_allocated over one step")}))  # fmt: skip
        device, gpus = self._state.device, est.config.gpus
        label = f"{localized(device.name)} {format_bytes(device.capacity_bytes)}"
        if gpus > 1:
            label += translate("MemoryTab", " per device (× {gpus} = {total})").format(
                gpus=f"{gpus:,}", total=format_bytes(device.capacity_bytes * gpus)
            )
        slots = []
        if self.traced is None:
            slots.append(translate("MemoryTab", "not traced"))
        if self.measured is None:
            slots.append(translate("MemoryTab", "no GPU run"))
        self.bars.set_bars(bars, device.capacity_bytes, label, slots)
        self._show_rank_note()

    def _rank_cfg(self) -> Any:
        return self._rank_config

    def _show_rank_note(self) -> None:
        """The per-rank trace's comparison with the estimate, or why there is none."""
        if self.rank is not None:
            self.rank_note.setText(localized(explain_rank(self.rank, self._rank_cfg())))
        elif self.rank_problem is not None:
            self.rank_note.setText(
                translate("MemoryTab", "No per-rank trace: {why}").format(
                    why=localized(self.rank_problem)
                )
            )
        shown = self.rank is not None or self.rank_problem is not None
        # Presentation mode: the note gives its room to the answers; the status's tooltip keeps it.
        compact = getattr(self, "_compact", False)
        self.rank_note.setVisible(shown and not compact)
        self.status.setToolTip(plain_tip(self.rank_note.text()) if shown and compact else "")

    # trace ---------------------------------------------------------------------------------
    def _per_rank(self, cfg: Any) -> bool:
        """Whether to trace rank 0 too; a reason it cannot be traced is kept to show."""
        from core.memory.fsdp_trace import check

        if cfg.zero == 0 or cfg.gpus == 1:
            return False
        try:
            check(cfg, cfg.gpus)
        except InputError as exc:
            self.rank_problem = exc.message
            return False
        return True

    def start_trace(self) -> None:
        """Trace the current configuration in the background (and rank 0 under ZeRO)."""
        try:
            cfg = self._config()
            check_weights(cfg)
        except InputError as exc:
            self.status.setText(
                translate("MemoryTab", "Cannot trace: {problem} — the estimate stands").format(
                    problem=localized(exc.message)
                )
            )
            self.traceFinished.emit(False)
            return
        self.rank_problem = None
        per_rank = self._per_rank(cfg)
        if self.runner.start(cfg, per_rank=per_rank):
            self._pending_key = self._key(cfg)
            self._pending_cfg = cfg
            self.trace_button.setEnabled(False)
            self.cancel_button.setEnabled(True)
            self.progress.setValue(0)
            self.progress.setVisible(True)
            self.status.setText(translate("MemoryTab", "Tracing…"))

    def cancel_trace(self) -> None:
        """Ask the running trace to stop."""
        self.runner.cancel()
        self.status.setText(translate("MemoryTab", "Cancelling…"))

    def _on_progress(self, fraction: float, text: str) -> None:
        self.progress.setValue(int(fraction * 1000))
        self.status.setText(localized(text))

    def _on_stage(self, fraction: float, text: Any) -> None:
        self.progress.setValue(int(fraction * 1000))
        self.status.setText(localized(text))

    def _on_result(self, payload: dict[str, Any]) -> None:
        self.traced, self.measured = payload["trace"], payload["measured"]
        self.rank = payload.get("rank")
        if payload.get("rank_error") is not None:
            self.rank_problem = payload["rank_error"]
        self._rank_config = getattr(self, "_pending_cfg", None)
        self._traced_key = self._pending_key
        self._measure_error = payload.get("measure_error")
        self._show_traced()
        self.traceFinished.emit(True)

    def _show_traced(self) -> None:
        """Status line, timeline and bars of the trace held (also after a language switch)."""
        t = self.traced
        if t is None:
            return
        text = translate(
            "MemoryTab", "Traced in {seconds} s: peak {peak} during {phase}; counted {flops}"
        ).format(seconds=f"{t.seconds:.1f}", peak=format_bytes(t.peak), phase=_phase(t.peak_phase),
                 flops=format_flops(t.flops))  # fmt: skip
        if self.rank is not None:
            text += translate("MemoryTab", "; rank 0 of {ranks} traced in {seconds} s").format(
                ranks=f"{self.rank.world_size:,}", seconds=f"{self.rank.seconds:.1f}"
            )
        if self._measure_error:
            text += f". {localized(self._measure_error)}"
        self.status.setText(text)
        self.phases.set_timeline(t.timeline, list(DRAWN))
        self._draw_bars()
        est = self.estimate
        if (
            self._traced_key is not None
            and est is not None
            and self._traced_key != self._key(est.config)
        ):
            self.status.setText(
                translate("MemoryTab", "Inputs changed since the trace: trace again to compare")
            )

    def _on_error(self, message: str) -> None:
        if message == "cancelled":
            self.status.setText(translate("MemoryTab", "Trace cancelled; the estimate stands"))
        else:
            self.status.setText(
                translate("MemoryTab", "Trace failed: {detail} — the estimate stands").format(
                    detail=message.removeprefix("trace failed: ")
                )
            )
        self.traceFinished.emit(False)

    def _on_finished(self) -> None:
        self.trace_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        self.progress.setValue(0)
        self.progress.setVisible(False)

    def _show_answers(self) -> None:
        """The two "largest" readouts: on a slide a "none" without its reason, which is the
        tooltip (llama2-7b's reason took three lines of a card that has room for two)."""
        compact = getattr(self, "_compact", False)
        for key, (full, brief) in self._answer_texts.items():
            self.readouts[key].setText(brief if compact else full)
            self.readouts[key].setToolTip(plain_tip(full) if compact and brief != full else "")

    def _share_columns(self) -> None:
        """Give the readouts' two columns width in proportion to their longest text, so a
        caption wraps only where the two cannot both stand on one line (equal halves wrapped
        "…bf16 峰值下的单步时间" while the other column had room to spare)."""
        for col in (0, 1):
            labels = [self.captions[k] for k in self.captions][col::2]
            labels += [self.readouts[k] for k in self.readouts][col::2]
            widest = max(label.fontMetrics().horizontalAdvance(label.text()) for label in labels)
            self._grid.setColumnStretch(col, max(1, widest))

    # TabPage -------------------------------------------------------------------------------
    def apply_theme(self, theme: Any) -> None:
        """Re-colour the plots: one series colour per category."""
        if theme is None:
            from app.theme import theme as get_theme

            theme = get_theme("light")
        self._theme = theme
        self._compact = getattr(theme, "scale", 1.0) > 1.0
        self.controls.set_compact(self._compact)
        # Chinese glyphs make taller lines: presentation mode gives the controls every pixel.
        for card in (self._left_card.layout(), self._answers_layout):
            if card is not None:
                card.setContentsMargins(
                    14, 4 if self._compact else 10, 14, 4 if self._compact else 12
                )
        margin = 6 if self._compact else 12
        self._outer.setContentsMargins(margin, margin, margin, margin)
        self._fold()
        # Larger fonts in presentation mode need a wider control column, or its fields clip.
        scale = max(1.0, getattr(theme, "scale", 1.0))
        needed = self._left_card.minimumSizeHint().width() + round(18 * scale)  # + scroll bar
        self._left_scroll.setMinimumWidth(max(round(330 * scale), needed))
        self._show_answers()
        self._share_columns()  # the fonts changed
        self._relayout()
        colours = {k: theme.series[i % len(theme.series)] for i, k in enumerate(DRAWN)}
        colours["measured peak"] = theme.series[5 % len(theme.series)]
        colours["expert_state"] = theme.series[6 % len(theme.series)]
        colours["dispatch_buffers"] = theme.series[7 % len(theme.series)]
        self.phases.setBackground(theme.plot_bg)
        self.phases.set_colours(colours, theme.plot_fg)
        self.bars.set_colours(colours, theme.plot_fg)
        self.bars.set_background(theme.plot_bg)

    def _fold(self) -> None:
        """Presentation mode: the timeline, the hover and per-rank notes give their room to the answers.

        The page has room for one plot there (at 1280x720, in Chinese, with the menu bar), so the
        unfolded timeline takes the bars' place instead of growing the window.
        """
        compact = getattr(self, "_compact", False)
        timeline = self.timeline_toggle.isChecked()
        self.timeline_toggle.setVisible(compact)
        self.phases.setVisible(not compact or timeline)
        self.bars.setVisible(not compact or not timeline)
        self._show_rank_note()
        self.hover.setVisible(not compact)
        self._relayout()

    def _relayout(self) -> None:
        """Make the layouts above the splitters read their minimum sizes again.

        A splitter does not pass its children's new minimum up (the layout holding it caches the
        old one): without this the window kept the room of the non-presentation page (timeline,
        looser controls) and grew past 1280x720 when presentation mode built the page in Chinese.
        """
        for splitter in (getattr(self, "_plots", None), getattr(self, "_split", None)):
            if splitter is not None:
                splitter.updateGeometry()

    def export_plot(self) -> Any:
        """The bars' plot item (SVG export)."""
        return self.bars.getPlotItem()

    def session_state(self) -> dict[str, Any]:
        """Every input."""
        return self.controls.state()

    def restore_session(self, data: dict[str, Any]) -> list[str]:
        """Apply saved inputs; never raises."""
        try:
            problems = self.controls.restore(data)
        except Exception as exc:  # a session file must never break the tab
            problems = [
                translate("MemoryTab", "memory: could not restore ({error})").format(error=exc)
            ]
        self.recompute()
        return problems

    def carried_state(self) -> Any | None:
        """The traces and the measurement (a language switch must not lose or redo them)."""
        if self.traced is None and self.rank is None and self.rank_problem is None:
            return None
        return {"traced": self.traced, "measured": self.measured, "rank": self.rank,
                "rank_problem": self.rank_problem, "rank_cfg": self._rank_config,
                "key": self._traced_key, "measure_error": self._measure_error}  # fmt: skip

    def take_over(self, carried: Any) -> None:
        """Adopt :meth:`carried_state` of the page this one replaces (never raises)."""
        try:
            self.traced, self.measured = carried["traced"], carried["measured"]
            self.rank, self.rank_problem = carried["rank"], carried["rank_problem"]
            self._rank_config, self._traced_key = carried["rank_cfg"], carried["key"]
            self._measure_error = carried["measure_error"]
            if self.traced is not None:
                self._show_traced()
            else:
                self._draw_bars()
        except Exception:  # a rebuilt page keeps its estimate whatever it was handed
            self.traced = self.rank = self.rank_problem = None

    def shutdown(self) -> None:
        """Cancel a running trace and let its thread finish on its own (never waits)."""
        self.runner.stop()


def build(state: AppState) -> MemoryPage:
    """Build the Memory tab's page."""
    return MemoryPage(state)
