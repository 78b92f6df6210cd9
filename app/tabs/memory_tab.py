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
    QSplitter,
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
from core.memory.estimate import Estimate
from core.memory.options import config_from_options, kernels_for
from core.units import format_bytes, format_count, format_duration, format_flops, format_percent
from widgets.memory.bars import Bar, MemoryBars
from widgets.memory.controls import MemoryControls
from widgets.memory.phases import PhaseView

__all__ = ["MemoryPage", "build"]

#: Categories drawn, bottom to top (trace adds temporaries).
DRAWN: tuple[str, ...] = (*CATEGORIES, "temporaries")


def _card() -> tuple[QFrame, QVBoxLayout]:
    frame = QFrame()
    frame.setObjectName("card")
    layout = QVBoxLayout(frame)
    layout.setContentsMargins(14, 10, 14, 12)
    return frame, layout


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
        self._traced_key: str | None = None
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
        title = QLabel("One training step, per device")
        title.setObjectName("cardTitle")
        self.headline = QLabel()
        self.headline.setObjectName("headline")
        self.verdict = QLabel()
        self.verdict.setWordWrap(True)
        self.recipe_line = QLabel()
        self.recipe_line.setObjectName("formula")
        self.recipe_line.setWordWrap(True)
        grid = QGridLayout()
        grid.setHorizontalSpacing(18)
        self.readouts: dict[str, QLabel] = {}
        self.captions: dict[str, QLabel] = {}
        names = [("max_batch", "Largest micro-batch that fits"),
                 ("max_model", "Largest model of this shape"),
                 ("flops", "FLOPs per step"), ("time", "Step time")]  # fmt: skip
        for i, (key, label) in enumerate(names):
            caption = QLabel(label)
            caption.setObjectName("cardSubtitle")
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
        answers_layout.addWidget(self.problem)

        self.bars = MemoryBars()
        self.phases = PhaseView()
        self.hover = QLabel("Hover a bar segment to see how estimate and trace differ.")
        self.hover.setObjectName("formula")
        self.hover.setWordWrap(True)
        self.hover.setMinimumHeight(36)
        self.bars.hovered.connect(lambda text: text and self.hover.setText(text))

        self.trace_button = QPushButton("Trace one step")
        self.trace_button.setToolTip(
            "Build the real nn.Module and run forward, backward and the optimizer step on fake "
            "tensors (no memory is allocated)"
        )
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setEnabled(False)
        self.progress = QProgressBar()
        self.progress.setRange(0, 1000)
        self.progress.setTextVisible(False)
        self.progress.setMaximumWidth(220)
        self.progress.setVisible(False)
        self.status = QLabel("Not traced yet")
        self.status.setWordWrap(True)
        # Presentation mode folds the timeline (a secondary plot) under this toggle.
        self.timeline_toggle = QToolButton()
        self.timeline_toggle.setText("Timeline")
        self.timeline_toggle.setToolTip("Show the traced memory over time")
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

        plots = QSplitter(Qt.Orientation.Vertical)
        plots.addWidget(self.bars)
        plots.addWidget(self.phases)
        plots.setStretchFactor(0, 3)
        plots.setStretchFactor(1, 2)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(answers)
        right_layout.addLayout(trace_row)
        right_layout.addWidget(plots, 1)
        right_layout.addWidget(self.hover)

        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(left_scroll)
        split.addWidget(right)
        split.setStretchFactor(1, 1)
        split.setSizes([360, 900])
        outer = QVBoxLayout(self)
        outer.setContentsMargins(12, 12, 12, 12)
        outer.addWidget(split)
        self._outer = outer

        self.runner = TraceRunner(self)
        self.runner.progress.connect(self._on_progress)
        self.runner.result.connect(self._on_result)
        self.runner.error.connect(self._on_error)
        self.runner.finished.connect(self._on_finished)

        state.deviceChanged.connect(lambda _id: self.recompute())
        state.dtypeChanged.connect(lambda _dt: self.recompute())
        state.catalogChanged.connect(self.recompute)
        self._theme: Any = None
        self.apply_theme(None)
        self.recompute()

    # estimate ------------------------------------------------------------------------------
    def _config(self) -> Any:
        problem = self.controls.problem()
        if problem:
            raise InputError(problem)
        options = self.controls.options()
        options["kernels"] = kernels_for(self._state.device.vendor)
        return config_from_options(**options)

    def recompute(self) -> None:
        """Re-estimate from the controls and the shared device; keep the last good state on error."""
        try:
            cfg = self._config()
            est = estimate(cfg)
        except InputError as exc:
            self.problem.setText(f"{exc.message} — showing the last good estimate")
            self.problem.setVisible(True)
            return
        self.problem.setVisible(False)
        self.estimate = est
        device = self._state.device
        dtype = self._state.dtype
        peak = device.peak(dtype) if device.supports(dtype) else None
        answer = derive(est, device.memory_bytes, peak_flops=peak, mfu=self.controls.mfu())
        self.answer = answer
        self.headline.setText(
            f"peak {format_bytes(est.peak)}  ·  {format_count(est.param_count, 'params')}"
        )
        self.headline.setToolTip(
            f"Estimated peak of the step ({est.peak_moment}); the four categories add up to "
            f"{format_bytes(est.total)}. Kernels: {cfg.kernels}."
        )
        self.headline.setProperty("warning", not answer.fits)
        self.headline.style().unpolish(self.headline)
        self.headline.style().polish(self.headline)
        where = f"{device.name} ({format_bytes(device.memory_bytes)})"
        if answer.fits:
            verdict = f"Fits on {where} with {format_bytes(answer.headroom)} to spare"
        elif answer.fits_without_allowance:
            verdict = f"Fits on {where} only without the allowance"
        else:
            verdict = f"Does not fit on {where}: {format_bytes(-answer.headroom)} over"
        if cfg.gpus > 1:
            verdict += f", per device of {cfg.gpus:,} (ZeRO-{cfg.zero})"
        verdict += (
            f". Plus {format_bytes(est.allowance)} "
            f"allowance: {device.name_allowance(est.allowance_text).split(': ', 1)[-1]}."
        )
        self.verdict.setText(verdict)
        self.recipe_line.setText(cfg.recipe.sum_text(cfg.optimizer))
        self.readouts["max_batch"].setText(
            f"{answer.max_micro_batch:,}"
            if answer.max_micro_batch
            else "none: weights, gradients and state alone do not fit"
        )
        self.readouts["max_model"].setText(
            f"{answer.max_layers:,} layers = {format_count(answer.max_params, 'params')}"
            if answer.max_layers
            else "none at this batch: one layer is already too big"
        )
        self.readouts["flops"].setText(format_flops(est.flops))
        self.readouts["flops"].setToolTip(est.flops_text)
        self.captions["time"].setText(
            f"Step time at {format_percent(self.controls.mfu())} MFU, {dtype} peak"
        )
        self.readouts["time"].setText(
            format_duration(answer.step_seconds)
            if answer.step_seconds is not None
            else f"{device.name} has no {dtype} peak"
        )
        if self._traced_key is not None and self._traced_key != self._key(cfg):
            self.status.setText("Inputs changed since the trace: trace again to compare")
        self._draw_bars()

    @staticmethod
    def _key(cfg: Any) -> str:
        return repr(cfg)

    def _draw_bars(self) -> None:
        est = self.estimate
        if est is None:
            return
        hover_est = {k: f"estimate {k}: {format_bytes(est.bytes[k])} = {est.formulas[k]}"
                     for k in CATEGORIES}  # fmt: skip
        hover_est["total"] = f"estimate total {format_bytes(est.total)} (the four categories)"
        hover_peak = {
            k: f"estimated at the peak ({est.peak_moment}) {k}: {format_bytes(v)}"
            for k, v in est.at_peak.items()
        }
        hover_peak["temporaries"] += f" = {est.formulas['temporaries']}"
        hover_peak["total"] = f"estimated peak {format_bytes(est.peak)}: {est.formulas['peak']}"
        bars = [
            Bar("estimate (sum)", {k: est.bytes[k] for k in CATEGORIES}, hover_est),
            Bar(f"estimate (peak, {est.config.kernels})",
                {k: est.at_peak.get(k, 0.0) for k in DRAWN}, hover_peak),
        ]  # fmt: skip
        if self.traced is not None:
            at_peak = self.traced.at_peak
            lines = explain(est, self.traced.categories, self.traced.peak)
            hover = {k: f"at the traced peak {k} = {format_bytes(at_peak.get(k, 0.0))}. "
                     f"{lines.get(k, '')}" for k in DRAWN}  # fmt: skip
            hover["total"] = lines.get("total", "")
            stale = self._traced_key != self._key(est.config)
            name = "trace of earlier inputs" if stale else f"trace (peak, {self.traced.peak_phase})"
            bars.append(Bar(name,
                            {k: at_peak.get(k, 0.0) for k in DRAWN}, hover))  # fmt: skip
        if self.measured is not None:
            bars.append(Bar("measured (CUDA)", {"measured peak": self.measured["peak"]},
                            {"measured peak": "torch.cuda.max_memory_allocated over one step"}))  # fmt: skip
        device, gpus = self._state.device, est.config.gpus
        label = f"{device.name} {format_bytes(device.memory_bytes)}"
        if gpus > 1:
            label += f" per device (× {gpus:,} = {format_bytes(device.memory_bytes * gpus)})"
        slots = []
        if self.traced is None:
            slots.append("not traced")
        if self.measured is None:
            slots.append("no GPU run")
        self.bars.set_bars(bars, device.memory_bytes, label, slots)

    # trace ---------------------------------------------------------------------------------
    def start_trace(self) -> None:
        """Trace the current configuration in the background."""
        try:
            cfg = self._config()
        except InputError as exc:
            self.status.setText(f"Cannot trace: {exc.message}")
            return
        if self.runner.start(cfg):
            self._pending_key = self._key(cfg)
            self.trace_button.setEnabled(False)
            self.cancel_button.setEnabled(True)
            self.progress.setValue(0)
            self.progress.setVisible(True)
            self.status.setText("Tracing…")

    def cancel_trace(self) -> None:
        """Ask the running trace to stop."""
        self.runner.cancel()
        self.status.setText("Cancelling…")

    def _on_progress(self, fraction: float, text: str) -> None:
        self.progress.setValue(int(fraction * 1000))
        self.status.setText(text)

    def _on_result(self, payload: dict[str, Any]) -> None:
        self.traced, self.measured = payload["trace"], payload["measured"]
        self._traced_key = self._pending_key
        t = self.traced
        text = (
            f"Traced in {t.seconds:.1f} s: peak {format_bytes(t.peak)} during {t.peak_phase}; "
            f"counted {format_flops(t.flops)}"
        )
        if payload.get("measure_error"):
            text += f". {payload['measure_error']}"
        self.status.setText(text)
        self.phases.set_timeline(t.timeline, list(DRAWN))
        self._draw_bars()
        self.traceFinished.emit(True)

    def _on_error(self, message: str) -> None:
        self.status.setText(
            "Trace cancelled; the estimate stands"
            if message == "cancelled"
            else f"{message} — the estimate stands"
        )
        self.traceFinished.emit(False)

    def _on_finished(self) -> None:
        self.trace_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        self.progress.setValue(0)
        self.progress.setVisible(False)

    # TabPage -------------------------------------------------------------------------------
    def apply_theme(self, theme: Any) -> None:
        """Re-colour the plots: one series colour per category."""
        if theme is None:
            from app.theme import theme as get_theme

            theme = get_theme("light")
        self._theme = theme
        self._compact = getattr(theme, "scale", 1.0) > 1.0
        self.controls.set_compact(self._compact)
        margin = 6 if self._compact else 12
        self._outer.setContentsMargins(margin, margin, margin, margin)
        self._fold()
        # Larger fonts in presentation mode need a wider control column, or its fields clip.
        scale = max(1.0, getattr(theme, "scale", 1.0))
        needed = self._left_card.minimumSizeHint().width() + round(18 * scale)  # + scroll bar
        self._left_scroll.setMinimumWidth(max(round(330 * scale), needed))
        colours = {k: theme.series[i % len(theme.series)] for i, k in enumerate(DRAWN)}
        colours["measured peak"] = theme.series[5 % len(theme.series)]
        self.phases.setBackground(theme.plot_bg)
        self.phases.set_colours(colours, theme.plot_fg)
        self.bars.set_colours(colours, theme.plot_fg)
        self.bars.set_background(theme.plot_bg)

    def _fold(self) -> None:
        """Presentation mode: the timeline and the hover note give their room to the answers."""
        compact = getattr(self, "_compact", False)
        self.timeline_toggle.setVisible(compact)
        self.phases.setVisible(not compact or self.timeline_toggle.isChecked())
        self.hover.setVisible(not compact)

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
            problems = [f"memory: could not restore ({exc})"]
        self.recompute()
        return problems

    def shutdown(self) -> None:
        """Cancel a running trace and wait for its thread."""
        self.runner.stop()


def build(state: AppState) -> MemoryPage:
    """Build the Memory tab's page."""
    return MemoryPage(state)
