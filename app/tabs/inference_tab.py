"""The Inference tab: a model served on the toolbar's device, its memory per GPU, where prefill and
decode sit on the roofline, TTFT, TPOT and tokens/s against the batch, and what to change.

Every figure comes from :mod:`core.inference` (:func:`~core.inference.serve.sweep` over the
batches once per input change; :func:`~core.inference.changes.what_to_change` for the list). The
lecture's picture, live: decoding one token per sequence is a matrix–vector product at batch 1,
memory-bound; as the batch slider grows, the decode point climbs its trail toward the ridge.
Moving the slider only moves markers (the curves, the roofs and the trail are drawn once per
input), so a redraw takes a few milliseconds (``benchmarks/inference_slider.py``). Serving
takes well under 100 ms, so it runs in the GUI thread; only fetching a Hub id's config.json (the
row under the model box, as in the Plan and Step tabs) runs in a worker (:mod:`app.hub_fetch`).
"""

from __future__ import annotations

import html
from dataclasses import replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QFileDialog,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
)

from app.state import AppState
from app.tabs import inference_view as view
from app.tabs.base import TabPage
from core.errors import InputError
from core.inference.serve import InferenceInput, InferenceResult, max_batch, sweep
from widgets.cards import card as new_card
from widgets.cards import plain_label as _label
from widgets.i18n import localized, translate
from widgets.inference import BatchControl, BatchCurves, InferenceInputs, MemoryBar
from widgets.rich_text import plain_tip
from widgets.roofline.plot import RooflinePlot
from widgets.splitter import DefaultSplitter

__all__ = ["InferencePage", "build"]

#: Wait after the last input change before serving again (typing in the model box), ms.
RECOMPUTE_MS = 150
#: Wait after the slider stops before the "what to change" list is served again, ms.
CHANGES_MS = 200
#: Changes listed (the best first), and on a slide (presentation mode).
MAX_CHANGES = 4
MAX_CHANGES_COMPACT = 2


def _card() -> tuple[QFrame, QVBoxLayout]:
    return new_card((12, 8, 12, 10))  # a little tighter than the other tabs': more fits a slide


class InferencePage(TabPage):
    """Inputs, the batch, the headline and what to change on the left; the memory bar, the
    roofline and the curves on the right."""

    tab_id = "inference"
    caption_keys = ("model", "gpus", "tp", "batch", "prompt", "output", "weights", "kv_dtype")

    def __init__(self, state: AppState) -> None:
        super().__init__()
        self._state = state
        self._calibrations: dict[str, tuple[Any, list[str]]] = {}
        self.input: InferenceInput | None = None
        self.result: InferenceResult | None = None
        self.results: dict[int, InferenceResult] = {}
        self.ordered: list[InferenceResult] = []
        self.changes: list[Any] = []
        self._notes: list[str] = []
        self._theme: Any = None
        self._compact = False
        self._build_left()
        self._build_right()
        split = DefaultSplitter(Qt.Orientation.Horizontal, [330, 950])
        split.addWidget(self._left)
        split.addWidget(self._right)
        split.setStretchFactor(1, 1)
        split.restore()
        outer = QVBoxLayout(self)
        outer.setContentsMargins(12, 12, 12, 12)
        outer.addWidget(split)
        self._recompute_timer = QTimer(self)
        self._recompute_timer.setSingleShot(True)
        self._recompute_timer.setInterval(RECOMPUTE_MS)
        self._recompute_timer.timeout.connect(self.recompute)
        self._changes_timer = QTimer(self)
        self._changes_timer.setSingleShot(True)
        self._changes_timer.setInterval(CHANGES_MS)
        self._changes_timer.timeout.connect(self.update_changes)
        self.inputs.changed.connect(self._recompute_timer.start)
        from app.hub_fetch import HubFetcher

        self.hub_fetcher = HubFetcher(self.inputs.hub_row, self)
        self.hub_fetcher.fetched.connect(self._hub_fetched)
        self.batch.batchChanged.connect(self._batch_chosen)
        self.batch.maxToggled.connect(self._max_toggled)
        state.deviceChanged.connect(self._device_changed)
        state.catalogChanged.connect(self._device_changed)
        state.calibrationChanged.connect(self._calibration_changed)
        self.recompute()

    # building ------------------------------------------------------------------------------
    def _build_left(self) -> None:
        self.inputs = InferenceInputs(self)
        card, layout = _card()
        title = _label("cardTitle")
        title.setText(translate("InferenceTab", "Serve a model"))
        layout.addWidget(title)
        layout.addWidget(self.inputs)
        self._build_figures()
        changes_title = _label("cardTitle")
        changes_title.setText(translate("InferenceTab", "What to change"))
        layout.addWidget(changes_title)
        self.changes_label = _label()
        self.changes_label.setToolTip(
            plain_tip(
                translate(
                    "InferenceTab",
                    "Each change served again with the rest kept (a fixed batch stays, max "
                    "follows), ranked by tokens/s per GPU; one that makes a batch fit first",
                )
            )
        )
        layout.addWidget(self.changes_label)
        self.status = _label()
        layout.addWidget(self.status)
        self.json_button = QPushButton(translate("InferenceTab", "Export figures…"))
        self.json_button.setToolTip(
            plain_tip(
                translate(
                    "InferenceTab",
                    "Save the figures shown, the curves against the batch and what to change as "
                    "JSON (the keys of napkinlab inference --json)",
                )
            )
        )
        self.json_button.clicked.connect(self._export_json)
        self.csv_button = QPushButton(translate("InferenceTab", "Export CSV…"))
        self.csv_button.setToolTip(
            plain_tip(
                translate(
                    "InferenceTab",
                    "Save the curves against the batch as CSV: per batch TTFT, TPOT, tokens/s "
                    "and per GPU, and the memory per GPU by part (seconds, bytes)",
                )
            )
        )
        self.csv_button.clicked.connect(self._export_csv)
        buttons = QHBoxLayout()
        buttons.addWidget(self.json_button)
        buttons.addWidget(self.csv_button)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        layout.addStretch(1)
        self._left_card = card
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(card)
        self._left = scroll

    def _build_figures(self) -> None:
        """The headline figures (the grid above the charts)."""
        self.figures = QGridLayout()
        self.figures.setHorizontalSpacing(10)
        self.figures.setVerticalSpacing(2)
        self.figure_labels: dict[str, tuple[QLabel, QLabel]] = {}
        tips = {
            "ttft": translate("InferenceTab", "Time to first token: the prefill of the batch's prompts"),
            "tpot": translate("InferenceTab", "Time per output token: one decode step at the mean cache"),
            "output": translate("InferenceTab", "Output tokens/s of all replicas, prefill included"),
            "per_gpu": translate("InferenceTab", "Output tokens/s over the GPUs"),
            "max_batch": translate("InferenceTab", "The largest batch per replica that fits in each GPU's memory"),
            "fits": translate("InferenceTab", "Whether this batch fits in each GPU's memory"),
        }  # fmt: skip
        # Each figure its value over its name, in one row above the charts: names wrap in their
        # own cell.
        for index, key in enumerate(("ttft", "tpot", "output", "per_gpu", "max_batch", "fits")):
            name, value = _label("cardSubtitle", wrap=True), _label(wrap=False)
            value.setTextFormat(Qt.TextFormat.RichText)  # bold: a core-formatted number
            name.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
            name.setToolTip(plain_tip(tips[key]))
            value.setToolTip(plain_tip(tips[key]))
            self.figures.addWidget(value, 0, index)
            self.figures.addWidget(name, 1, index)
            self.figure_labels[key] = (name, value)
        for col in range(6):
            self.figures.setColumnStretch(col, 1)

    def _fit_left(self) -> None:
        """The column as wide as its content needs (it scrolls only vertically); a figure's
        name wraps between words only ("tokens/s" had broken into "tokens/" and "s")."""
        for name, _ in self.figure_labels.values():
            words = name.text().split() or [""]
            metrics = name.fontMetrics()
            name.setMinimumWidth(max(metrics.horizontalAdvance(w) for w in words) + 2)
        bar = self._left.verticalScrollBar().sizeHint().width()
        # Laid out again first: the export buttons just shown or hidden (a presentation round
        # trip) are otherwise not yet counted, and the column came back 3 px narrower.
        self._left_card.layout().invalidate()
        self._left_card.layout().activate()
        self._left.setMinimumWidth(self._left_card.minimumSizeHint().width() + bar + 4)

    def _build_right(self) -> None:
        self.memory_bar = MemoryBar(self)
        self.roofline = RooflinePlot(self)
        self.roofline.point_legend = translate("InferenceTab", "prefill and decode")
        self.roofline.setMinimumWidth(260)
        self.curves = BatchCurves(self)
        self.curves.setMinimumWidth(220)
        charts = DefaultSplitter(Qt.Orientation.Horizontal, [560, 380])
        charts.addWidget(self.roofline)
        charts.addWidget(self.curves)
        charts.setStretchFactor(0, 3)
        charts.setStretchFactor(1, 2)
        charts.restore()
        # The live part on top: the batch, what it gives, the memory it takes, then the charts.
        self.batch = BatchControl(self)
        self.batch.set_max(False)
        batch_row = QHBoxLayout()
        batch_title = _label(wrap=False)
        batch_title.setText(translate("InferenceTab", "Batch (sequences per replica)"))
        batch_row.addWidget(batch_title)
        batch_row.addWidget(self.batch, 1)
        card, layout = _card()
        layout.addLayout(batch_row)
        layout.addLayout(self.figures)
        layout.addWidget(self.memory_bar)
        layout.addWidget(charts, 1)
        self._right_card = card
        self._right = card

    # serving -------------------------------------------------------------------------------
    def _calibration(self, device: Any) -> tuple[Any, list[str]]:
        if device.id not in self._calibrations:
            self._calibrations[device.id] = view.calibrate(device)
        return self._calibrations[device.id]

    def _calibrate_only(self, device: Any) -> Any:
        return self._calibration(device)[0]

    def _device_changed(self, *_args: Any) -> None:
        self.recompute()

    def _calibration_changed(self, device_id: str) -> None:
        self._calibrations.pop(device_id, None)
        self.recompute()

    def recompute(self) -> None:
        """Serve the inputs at every batch of the grid (once per input change) and show them."""
        self._recompute_timer.stop()
        device = self._state.device
        self.inputs.set_device(localized(device.name))
        if self._hub_missing():
            self._clear()
            return
        try:
            spec, notes = view.spec_of(self.inputs.model_text(), self.inputs.config_path)
        except InputError as exc:
            self.inputs.show_model_error(localized(exc.message))
            self._clear()
            return
        self.inputs.show_model_error(None)
        values = self.inputs.values()
        try:
            cal, problems = self._calibration(device)
            inp = InferenceInput(spec, device, cal, batch=None, **values)
            most = max_batch(inp)
            chosen = max(1, most) if self.batch.is_max() else self.batch.value()
            grid = view.batch_grid(most, chosen)
            results = sweep(inp, grid)
        except InputError as exc:
            self.inputs.show_error(localized(exc.message))
            self._clear()
            return
        self.inputs.show_error(None)
        self.input, self.ordered = inp, results
        self.results = {r.batch: r for r in results}
        self._notes = [*notes, *problems]
        roofs, legend = view.roofs(results[0])
        self.roofline.set_roofs(roofs, legend)
        # The decode's path at each doubling of the batch (and the largest that fits): its dots
        # mark the steps the point climbs toward the ridge.
        steps = [r for r in results if not r.batch & (r.batch - 1) or r.batch == most]
        self.roofline.set_trail(*view.trail(steps))
        self.curves.set_curves(view.curve_data(results, most))
        self.batch.set_batches(grid)
        self.batch.setValue(chosen)
        self.show_batch(chosen, keep_layout=False)
        self.roofline.set_range(*view.view_range(results, roofs))
        self.update_changes()
        self._fit_left()

    def _hub_missing(self) -> bool:
        """Whether the model box holds a Hub id whose config.json is not cached: the row under
        the box then offers to fetch it (as in the Plan and Step tabs), instead of the core's
        paragraph of terminal commands."""
        text = "" if self.inputs.config_path else self.inputs.model_text()
        self.hub_fetcher.watch(text)
        if self.inputs.hub_row.isHidden():
            return False
        self.inputs.show_model_error(None)
        self.inputs.show_error(None)
        return True

    def _hub_fetched(self, text: str) -> None:
        """The config.json of ``text`` is cached now: serve it at once."""
        if self.inputs.model_text().strip() == text.strip():
            self.recompute()

    def result_at(self, batch: int) -> InferenceResult | None:
        """The result at ``batch`` (served now if the grid lacks it)."""
        if self.input is None:
            return None
        found = self.results.get(batch)
        if found is None:
            try:
                found = sweep(self.input, [batch])[0]
            except InputError as exc:
                self.inputs.show_error(localized(exc.message))
                return None
            self.results[batch] = found
        return found

    def show_batch(self, batch: int, keep_layout: bool = True) -> None:
        """Show ``batch``: move the roofline's points and the curves' markers, the memory bar
        and the headline (nothing is redrawn but those)."""
        result = self.result_at(batch)
        if result is None:
            return
        self.result = result
        self.roofline.set_points(view.points(result))
        self.curves.set_batch(result.batch, result.ttft_s, result.tpot_s,
                              result.tokens_per_s_per_gpu)  # fmt: skip
        title, parts, texts, capacity = view.memory_parts(result)
        self.memory_bar.set_memory(title, parts, texts, capacity, keep_height=keep_layout)
        for key, name, value in view.headline(result):
            # No break after a slash: "tokens/s" had wrapped its "s" onto a line of its own.
            self.figure_labels[key][0].setText(name.replace("/", "/\u2060"))
            self.figure_labels[key][1].setText(f"<b>{html.escape(value)}</b>")
        self._show_notes(result)

    def _show_notes(self, result: InferenceResult) -> None:
        own = set(str(n) for n in result.input.calibration.notes)
        notes = [localized(n) for n in (*self._notes, *result.notes) if str(n) not in own]
        if not result.fits:
            notes.insert(0, translate("InferenceTab", "Batch {batch} does not fit: the largest "
                                      "that does is {most}").format(
                batch=f"{result.batch:,}", most=f"{result.max_batch:,}"))  # fmt: skip
        self.status.setText("\n".join(notes))
        self.status.setVisible(bool(notes))
        calibration = [localized(n) for n in result.input.calibration.notes]
        self.status.setToolTip(plain_tip("\n".join(notes + calibration)))

    def _batch_chosen(self, batch: int) -> None:
        self.show_batch(batch)
        self._changes_timer.start()

    def _max_toggled(self, on: bool) -> None:
        if on and self.result is not None:
            most = max(1, self.result.max_batch)
            self.batch.setValue(most)
            self.show_batch(most)
        self._changes_timer.start()

    def update_changes(self) -> None:
        """Serve each change of the list (:func:`core.inference.changes.what_to_change`)."""
        from core.inference.changes import what_to_change

        self._changes_timer.stop()
        if self.input is None or self.result is None:
            self.changes = []
            self.changes_label.setText("")
            return
        inp = replace(self.input, batch=None if self.batch.is_max() else self.result.batch)
        catalog = self._state.catalog
        others = [catalog.get(i) for i in view.OTHER_DEVICES if i in catalog.ids()]
        try:
            changes = what_to_change(inp, others, self._calibrate_only)
        except InputError as exc:
            self.changes = []
            self.changes_label.setText(localized(exc.message))
            return
        self.changes = [c for c in changes if c.helps][:MAX_CHANGES]
        # A slide lists the best two in short (the column must fit 720 px without scrolling).
        compact = self._compact
        shown = self.changes[:MAX_CHANGES_COMPACT] if compact else self.changes
        lines = [f"• {line}" for line in view.change_lines(shown, short=compact)]
        none = translate(
            "InferenceTab",
            "None of quantized weights, an FP8 KV cache, more TP or another device serves more "
            "tokens/s per GPU",
        )
        self.changes_label.setText("\n".join(lines) or none)

    def _clear(self) -> None:
        self.input, self.result, self.results, self.ordered = None, None, {}, []
        self.roofline.set_points([])
        self.roofline.set_trail([], [])
        self.curves.set_curves(None)
        self.memory_bar.clear()
        for name, value in self.figure_labels.values():
            value.setText("—")
            name.setText(name.text())
        self.changes = []
        self.changes_label.setText("")
        self.status.setVisible(False)

    # export --------------------------------------------------------------------------------
    def figures_dict(self) -> dict[str, Any] | None:
        """What "Export figures…" writes (``None`` before a valid input)."""
        if self.result is None:
            return None
        return view.figures(self.result, self.ordered, self.changes)

    def write_json(self, path: str) -> bool:
        """Write :meth:`figures_dict` to ``path`` (strict JSON); says what happened."""
        import json

        from core.safe_io import atomic_write

        data = self.figures_dict()
        if data is None:
            return False
        try:
            # Strict JSON as sessions write it (app.cli's writer is the CLI's: tabs import no CLI).
            atomic_write(path, json.dumps(data, indent=2, allow_nan=False) + "\n")
        except (InputError, ValueError) as exc:
            message = exc.message if isinstance(exc, InputError) else str(exc)
            self.status.setText(localized(message))
            self.status.setVisible(True)
            return False
        self.status.setText(
            translate("InferenceTab", "Figures written to {path}").format(path=Path(path).name)
        )
        self.status.setVisible(True)
        return True

    def csv_text(self) -> str:
        """The curves against the batch as CSV (empty before a valid input)."""
        from core.inference.table import curves_csv

        return curves_csv(self.ordered) if self.result is not None else ""

    def write_csv(self, path: str) -> bool:
        """Write :meth:`csv_text` to ``path`` atomically; says what happened."""
        from core.safe_io import atomic_write

        text = self.csv_text()
        if not text:
            return False
        try:
            atomic_write(path, text)
        except InputError as exc:
            self.status.setText(localized(exc.message))
            self.status.setVisible(True)
            return False
        self.status.setText(
            translate("InferenceTab", "Curves written to {path}").format(path=Path(path).name)
        )
        self.status.setVisible(True)
        return True

    def _export_csv(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self, translate("InferenceTab", "Export CSV"), "inference_curves.csv", "CSV (*.csv)"
        )
        if path:
            self.write_csv(path)

    def _export_json(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self, translate("InferenceTab", "Export figures"), "inference.json", "JSON (*.json)"
        )
        if path:
            self.write_json(path)

    def export_plot(self) -> Any | None:
        """The roofline with the prefill and decode points."""
        return self.roofline.plot

    # sessions, theme -------------------------------------------------------------------------
    def session_state(self) -> dict[str, Any]:
        """The inputs, the batch and whether it follows the largest that fits."""
        out = self.inputs.session_state()
        out["batch"] = "max" if self.batch.is_max() else self.batch.value()
        return out

    def restore_session(self, data: dict[str, Any]) -> list[str]:
        """Restore :meth:`session_state`; returns what could not be applied."""
        problems = self.inputs.restore_session(data)
        value = data.get("batch")
        if value is not None:
            from core.inference.serve import MAX_BATCH
            from core.validate import positive_int

            if isinstance(value, str) and value.strip().lower() == "max":
                self.batch.set_max(True)
            else:
                try:
                    batch = positive_int(
                        str(value) if not isinstance(value, bool) else "", "batch", high=MAX_BATCH
                    )
                except InputError as exc:
                    problems.append(
                        f"inference: {localized(exc.message)} (or max: the largest that fits)"
                    )
                else:
                    self.batch.set_max(False)
                    self.batch.setValue(batch)
        self.recompute()
        return problems

    def apply_theme(self, theme: Any) -> None:
        """Colour the charts and the bar; tighten for presentation mode."""
        self._theme = theme
        compact = getattr(theme, "scale", 1.0) > 1.0
        self.roofline.apply_theme(theme)
        self.curves.set_colours(theme.series, theme.plot_fg, theme.muted, theme.plot_bg)
        self.memory_bar.set_theme_colours(theme.series, theme.plot_fg, theme.border)
        self.inputs.set_compact(compact)
        self._compact = compact
        self.json_button.setVisible(not compact)  # File > Export and the menu still export
        self.csv_button.setVisible(not compact)
        self.update_changes()
        for card in (self._left_card, self._right_card):
            card.layout().setContentsMargins(12, 4 if compact else 8, 12, 6 if compact else 10)
            card.layout().setSpacing(3 if compact else -1)
        self._fit_left()

    def shutdown(self) -> None:
        """Let a Hub fetch in flight go; stop the pending timers."""
        self._recompute_timer.stop()
        self._changes_timer.stop()
        self.hub_fetcher.stop()


def build(state: AppState) -> InferencePage:
    """Build the Inference tab's page."""
    return InferencePage(state)
