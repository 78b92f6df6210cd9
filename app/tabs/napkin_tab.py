"""The Napkin tab: the lecture's two back-of-envelope questions and their inverses, live.

Every number shown comes from :mod:`core.napkin.training`; this module only wires fields to it, with
the same validators as the ``napkin`` CLI. A bad field leaves each card's last good answer on screen,
dimmed, with the reason. The defaults show the lecture's answers side by side: the training cards
use the shared dtype (bf16), the tensor card its own (fp32, the lecture's GPT-3 matrix, 2.416 GB).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtWidgets import QCheckBox, QComboBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from app.state import AppState
from app.tabs.base import TabPage
from app.tabs.napkin_checkpoint import CheckpointCard
from app.tabs.napkin_extras import NapkinExtras
from app.tabs.napkin_kv import KVCacheCard
from core import napkin
from core.echo import brief
from core.errors import InputError
from core.napkin.dp_fit import DPFit, fitting_dp
from core.napkin.from_plan import PlanFigures
from core.napkin.tensor import parse_shape, tensor_memory
from core.napkin.training import VALIDATORS
from core.roofline.hardware import DTYPE_BYTES, capacity_text
from core.texts import Text
from core.units import (
    format_bytes,
    format_count,
    format_duration,
    format_flop_rate,
    format_number,
    format_percent,
    format_sig,
)
from core.validate import positive_float, positive_int
from widgets.brief_combo import BriefComboBox
from widgets.card_deck import CardDeck
from widgets.combo_data import find_data
from widgets.hanging_label import HangingLabel
from widgets.i18n import localized, translate
from widgets.lazy_combo import LazyComboBox
from widgets.number_field import NumberField
from widgets.result_card import ResultCard
from widgets.rich_text import plain_tip

__all__ = ["NapkinPage", "build"]

#: The tensor card's default dtype: the lecture sizes its GPT-3 matrix in fp32.
TENSOR_DTYPE = "fp32"

# Names of the tab's own fields in validation messages, translated where the window shows them.
_BATCH_TOKENS = Text("NapkinTab", QT_TRANSLATE_NOOP("NapkinTab", "batch tokens"), {})
_PER_NODE = Text("NapkinTab", QT_TRANSLATE_NOOP("NapkinTab", "GPUs per node"), {})

#: Field id -> (default text, parser). Defaults are the lecture's questions.
FIELDS: dict[str, tuple[str, Any]] = {
    "params": ("70e9", VALIDATORS["params"]),
    "active": ("", VALIDATORS["active"]),
    "tokens": ("15e12", VALIDATORS["tokens"]),
    "gpus": ("1024", VALIDATORS["gpus"]),
    "mfu": ("0.5", VALIDATORS["mfu"]),
    "fit_gpus": ("8", VALIDATORS["gpus"]),
    "bytes_per_param": ("12", VALIDATORS["bytes_per_param"]),
    "batch_tokens": (
        "4M",
        partial(positive_float, field=_BATCH_TOKENS, high=1e18),
    ),
    "per_node": (
        "8",
        partial(positive_int, field=_PER_NODE, high=1024),
    ),
    "days": ("30", VALIDATORS["days"]),
    "shape": ("12288*4, 12288", parse_shape),
}


def field_texts() -> dict[str, tuple[str, str]]:
    """Field id -> (label, tooltip) in the window's language."""
    return {
        "params": (
            translate("NapkinTab", "Parameters N"),
            translate("NapkinTab", "Model size; accepts 70e9, 70B, 70,000,000,000"),
        ),
        "active": (
            translate("NapkinTab", "Active N"),
            translate(
                "NapkinTab",
                "A mixture of experts: the parameters one token uses (37B of DeepSeek-V3's "
                "671B); training takes 6·N_active·D. Empty for a dense model",
            ),
        ),
        "tokens": (
            translate("NapkinTab", "Tokens D"),
            translate("NapkinTab", "Training tokens; accepts 15e12 or 15T"),
        ),
        "gpus": (
            translate("NapkinTab", "GPUs"),
            translate("NapkinTab", "Number of accelerators of the selected device"),
        ),
        "mfu": (
            translate("NapkinTab", "MFU"),
            translate(
                "NapkinTab",
                "Model FLOPs utilisation, 0 < MFU ≤ 1 (0.5 or 50%): a share of the model FLOPs "
                "6·N·D, with no recomputation counted",
            ),
        ),
        "fit_gpus": (
            translate("NapkinTab", "GPUs"),
            translate("NapkinTab", "Accelerators whose memory holds the training state"),
        ),
        "bytes_per_param": (
            translate("NapkinTab", "Bytes / param"),
            translate("NapkinTab", "Used when the recipe is 'custom'"),
        ),
        "batch_tokens": (
            translate("NapkinTab", "Batch tokens"),
            translate(
                "NapkinTab",
                "Tokens per optimizer step: each step all-reduces the gradients once (4M = 4e6)",
            ),
        ),
        "per_node": (
            translate("NapkinTab", "GPUs per node"),
            translate(
                "NapkinTab",
                "GPUs sharing the fast intra-node link (NVLink); the ring crosses the network "
                "between nodes",
            ),
        ),
        "days": (
            translate("NapkinTab", "Deadline (days)"),
            translate("NapkinTab", "Wall-clock budget for the inverse questions"),
        ),
        "shape": (
            translate("NapkinTab", "Shape"),
            translate(
                "NapkinTab",
                "Dimensions separated by commas or x; each may be a product (12288*4). "
                "Empty = a scalar",
            ),
        ),
    }


def _no_peak() -> InputError:
    return InputError(translate("NapkinTab", "choose a dtype the selected device has a peak for"))


def _count(count: float, one: str, many: str) -> str:
    """``one`` for exactly one, else ``many``, both with ``{count}`` (``1,024 GPUs``)."""
    return (one if count == 1 else many).format(count=f"{count:,.0f}")


class NapkinPage(TabPage):
    """Six cards: training time, largest model that fits, the inverse questions, one tensor's
    size, what data-parallel communication adds to the training time, and one sequence's KV
    cache with the batch-1 decode bound."""

    tab_id = "napkin"

    def __init__(self, state: AppState) -> None:
        super().__init__()
        self._state = state
        self.plan: PlanFigures | None = None  # what the Plan tab sent ("Use in Napkin")
        self.fields: dict[str, NumberField] = {}
        texts = field_texts()
        self.labels = {key: label for key, (label, _tip) in texts.items()}
        for key, (default, parse) in FIELDS.items():
            placeholder = translate("NapkinTab", "= N (dense)") if key == "active" else ""
            field = NumberField(parse, default, tooltip=texts[key][1], placeholder=placeholder,
                                parent=self)  # fmt: skip
            field.setMaximumWidth(260)
            field.valueChanged.connect(self.recompute)
            field.validityChanged.connect(lambda _ok: self.recompute())
            self.fields[key] = field
        self.model = LazyComboBox((translate("NapkinTab", "custom N"), ""), _model_presets, self)
        self.model.setToolTip(
            translate(
                "NapkinTab", "Take N from a model's exact parameter count (Memory tab presets)"
            )
        )
        self.model.setMaximumWidth(260)
        self.model.currentIndexChanged.connect(self._model_picked)
        self.fields["params"].valueChanged.connect(self._params_typed)
        self.recipe = BriefComboBox(self, minimum_chars=12)
        for recipe in napkin.RECIPES.values():
            self.recipe.addItem(f"{recipe.total:g} B — {localized(recipe.label)}", recipe.id)
        self.recipe.addItem(translate("NapkinTab", "custom bytes per parameter"), "custom")
        self.recipe.setMaximumWidth(420)
        self.recipe.setToolTip(
            translate("NapkinTab", "What each parameter costs in memory (activations not included)")
        )
        self.recipe.currentIndexChanged.connect(self.recompute)

        self.time_card = ResultCard(
            translate("NapkinTab", "How long does training take?"),
            translate(
                "NapkinTab",
                "6·N·D FLOPs on the selected device and dtype at a given MFU (lecture question 1).",
            ),
        )
        self.fit_card = ResultCard(
            translate("NapkinTab", "Largest model that fits"),
            translate(
                "NapkinTab",
                "Total memory over bytes per parameter; activations excluded, so an upper bound "
                "(lecture question 2).",
            ),
        )
        self.inverse_card = ResultCard(
            translate("NapkinTab", "What would it take?"),
            translate(
                "NapkinTab",
                "For the N, D, GPUs and MFU of “How long does training take?”: GPUs to meet a "
                "deadline, MFU needed, tokens affordable.",
            ),
        )
        self.tensor_card = ResultCard(
            translate("NapkinTab", "How big is one tensor?"),
            translate(
                "NapkinTab",
                "Elements × bytes per element (the lecture's GPT-3 FFN matrix in fp32 by default).",
            ),
        )
        self.comm_card = ResultCard(
            translate("NapkinTab", "What does communication add?"),
            translate(
                "NapkinTab",
                "Data parallelism over the GPUs of “How long does training take?”, in the least "
                "sharded layout that fits (plain, ZeRO-1, 2 or 3): its bf16 collectives every "
                "step (rings), over NVLink inside a node and the network between nodes. A run "
                "sent by the Plan tab shows the Plan's layout.",
            ),
        )
        self.kv_card = KVCacheCard()  # one sequence's KV cache and the batch-1 decode bound
        self.checkpoint_card = CheckpointCard(self)  # its own fields (app.tabs.napkin_checkpoint)
        self.extras = NapkinExtras(self)  # compute-optimal tokens and the run's cost
        self.overlap = QCheckBox(translate("NapkinTab", "overlapped with compute"), self)
        self.overlap.setToolTip(
            translate(
                "NapkinTab",
                "On: gradients are reduced during backward, so each step pays only the "
                "communication beyond its compute time. Off: every step adds its whole "
                "communication time.",
            )
        )
        self.overlap.toggled.connect(self.recompute)
        self.tensor_dtype = QComboBox(self)
        for dt in DTYPE_BYTES:
            self.tensor_dtype.addItem(f"{dt} ({format_sig(DTYPE_BYTES[dt])} B)", dt)
        self.tensor_dtype.setCurrentIndex(find_data(self.tensor_dtype, TENSOR_DTYPE))
        self.tensor_dtype.setToolTip(
            translate("NapkinTab", "This card's own element dtype (the toolbar's is for compute)")
        )
        self.tensor_dtype.setMaximumWidth(260)
        self.tensor_dtype.currentIndexChanged.connect(self.recompute)
        self.peak_label = QLabel(self)
        self.memory_label = QLabel(self)
        self.time_card.form.addRow(translate("NapkinTab", "Model"), self.model)
        # N and a mixture of experts' active N side by side, on one row (a 720-px slide has no
        # height to spare for another)
        counts = QWidget(self)
        row = QHBoxLayout(counts)
        row.setContentsMargins(0, 0, 0, 0)
        self.fields["params"].setMaximumWidth(170)
        self.fields["active"].setMaximumWidth(170)
        row.addWidget(self.fields["params"], 1)
        self.active_label = QLabel(self.labels["active"], counts)
        self.active_label.setToolTip(plain_tip(field_texts()["active"][1]))
        row.addWidget(self.active_label)
        row.addWidget(self.fields["active"], 1)
        row.addStretch(0)
        self.time_card.form.addRow(self.labels["params"], counts)
        self._add_rows(
            self.time_card,
            ["tokens", "gpus", "mfu"],
            self.peak_label,
            translate("NapkinTab", "Peak"),
        )
        self._add_rows(
            self.fit_card, ["fit_gpus"], self.memory_label, translate("NapkinTab", "Memory / GPU")
        )
        self.fit_card.form.addRow(translate("NapkinTab", "Recipe"), self.recipe)
        self.fit_card.form.addRow(self.labels["bytes_per_param"], self.fields["bytes_per_param"])
        self._add_rows(self.inverse_card, ["days"], None, "")
        self._add_rows(self.tensor_card, ["shape"], None, "")
        self._add_rows(self.comm_card, ["batch_tokens", "per_node"], None, "")
        self.comm_card.form.addRow("", self.overlap)
        self.tensor_card.form.addRow(translate("NapkinTab", "Dtype"), self.tensor_dtype)
        self.gpus_line, self.mfu_line, self.tokens_line = (
            HangingLabel(),
            HangingLabel(),
            HangingLabel(),
        )
        for line in (self.gpus_line, self.mfu_line, self.tokens_line):
            line.setObjectName("formula")

        for card, short in (
            (self.time_card, translate("NapkinTab", "Training time")),
            (self.fit_card, translate("NapkinTab", "Largest model")),
            (self.inverse_card, translate("NapkinTab", "What would it take?")),
            (self.tensor_card, translate("NapkinTab", "One tensor")),
            (self.comm_card, translate("NapkinTab", "Communication")),
            (self.checkpoint_card, translate("NapkinTab", "Checkpoint")),
        ):
            card.setProperty("shortTitle", short)  # the page buttons' names when paged
        # Two columns of cards on a wide screen; when the rows do not fit the height
        # (presentation mode, a laptop) one row shows at a time under toggle buttons.
        self.deck = CardDeck(
            [
                self.time_card,
                self.fit_card,
                self.inverse_card,
                self.tensor_card,
                self.comm_card,
                self.kv_card,
                self.checkpoint_card,
                *self.extras.cards,
            ],
            self,
        )
        outer = QVBoxLayout(self)
        outer.setContentsMargins(12, 12, 12, 12)
        outer.addWidget(self.deck)

        # Bound methods, not lambdas: Qt disconnects them when this page is deleted (rebuilt).
        state.deviceChanged.connect(self._on_selection)
        state.dtypeChanged.connect(self._on_selection)
        state.catalogChanged.connect(self._on_selection)
        self.recompute()

    def _on_selection(self, _value: str = "") -> None:
        """The shared device or dtype changed (a bound slot: Qt drops it with the page)."""
        self.recompute()

    def _add_rows(
        self, card: ResultCard, keys: list[str], extra: QLabel | None, extra_label: str
    ) -> None:
        for key in keys:
            card.form.addRow(self.labels[key], self.fields[key])
        if extra is not None:
            extra.setWordWrap(True)
            card.form.addRow(extra_label, extra)

    # model presets ------------------------------------------------------------------------------
    def _model_picked(self, index: int) -> None:
        name = self.model.itemData(index)
        if name:
            from core.memory import preset

            spec = preset(name)
            self.fields["params"].setValue(spec.param_count, str(spec.param_count))
            active = spec.params_active if spec.is_moe else None
            self.fields["active"].setValue(active, "" if active is None else str(active))
            self.recompute()

    def _params_typed(self, _value: object) -> None:
        if self.model.currentIndex() != 0:
            self.model.blockSignals(True)
            self.model.setCurrentIndex(0)  # N no longer matches the preset
            self.model.blockSignals(False)
            self.fields["active"].setValue(None, "")  # nor its active count

    # computation ------------------------------------------------------------------------------
    def _values(self, keys: list[str]) -> dict[str, Any]:
        for key in keys:
            if not self.fields[key].isValid():
                # The field shows its own message under it: the card names the field, once.
                raise InputError(
                    translate("NapkinTab", "{field}: see the message under the field").format(
                        field=self.labels[key]
                    )
                )
        return {key: self.fields[key].value() for key in keys}

    def _counts(self, v: dict[str, Any]) -> tuple[float, float | None]:
        """``(N of 6·N·D, total or None)`` from "Parameters N" and "Active N"."""
        return napkin.split_params(v["params"], v["active"])

    def recompute(self) -> None:
        """Recompute every card from the current fields and the shared device and dtype."""
        device, dtype = self._state.device, self._state.dtype
        self.memory_label.setText(localized(capacity_text(device)))
        self.memory_label.setToolTip(
            plain_tip(
                translate(
                    "NapkinTab",
                    "{device}: the largest model is figured on the datasheet's memory, as the "
                    "lecture does; the Memory and Plan tabs fit against the driver's figure",
                ).format(device=localized(device.name))
            )
        )
        self.fields["bytes_per_param"].setEnabled(self.recipe.currentData() == "custom")
        try:
            peak = device.peak(dtype)
            # The toolbar names the device; one line here leaves the card room in Chinese too.
            self.peak_label.setText(
                translate("NapkinTab", "{rate} dense {dtype}").format(
                    rate=format_flop_rate(peak), dtype=dtype
                )
            )
        except InputError as exc:
            peak = None
            self.peak_label.setText(localized(exc.message))
        self._time(peak)
        self._comm(peak)
        self._fit(device.memory_bytes)
        self._inverse(peak)
        self._tensor(self.tensor_dtype.currentData())
        self.kv_card.set_device(device)
        self.extras.recompute()

    def _time(self, peak: float | None) -> None:
        try:
            if peak is None:
                raise _no_peak()
            v = self._values(["params", "active", "tokens", "gpus", "mfu"])
            n, total = self._counts(v)
            answer = napkin.train_time(n, v["tokens"], v["gpus"], peak, v["mfu"],
                                       params_total=total)  # fmt: skip
        except InputError as exc:
            self.time_card.show_problem(localized(exc.message))
            return
        plan = self._plan_for(v)
        line = translate("NapkinTab", "{summary} · {dtype} at MFU {mfu}").format(
            summary=localized(answer.summary()),
            dtype=self._state.dtype,
            mfu=format_percent(answer.mfu),
        )
        if plan is not None:
            # The Plan's run: its MFU restated in this card's 6·N·D, the headline's beside it.
            line = translate(
                "NapkinTab",
                "{summary} · {dtype}: the Plan's {layout}, MFU {mfu} in 6·N·D (no attention "
                "FLOPs; the Plan's headline MFU {plan_mfu} counts them)",
            ).format(
                summary=localized(answer.summary()), dtype=self._state.dtype,
                layout=plan.layout, mfu=f"{plan.mfu_6n:.1%}", plan_mfu=f"{plan.mfu:.1%}",
            )  # fmt: skip
        self.time_card.show_result(
            localized(format_duration(answer.seconds)), line, localized(answer.formula())
        )
        # the HFU this answer implies, beside it (the card keeps its height on a 720-px slide)
        self.time_card.detail.setToolTip(
            plain_tip(
                translate(
                    "NapkinTab",
                    "HFU {hfu}: 6·N·D counts no recomputation, so HFU = MFU; with full recomputation "
                    "the GPUs execute 8·N·D in the same time: HFU {full}",
                ).format(
                    hfu=format_percent(answer.hfu), full=format_percent(answer.hfu_full_recompute)
                )
            )
        )

    def _plan_for(self, v: dict[str, Any]) -> PlanFigures | None:
        """The Plan's figures when the fields still hold the run it sent, else ``None``."""
        plan = self.plan
        if plan is None or not {"params", "tokens", "gpus", "mfu"} <= set(v):
            return None
        device, dtype = self._state.device, self._state.dtype
        if not plan.matches(v["params"], v["tokens"], v["gpus"], v["mfu"], device.id, dtype):
            return None
        return plan

    def _bytes_recipe(self) -> napkin.BytesRecipe:
        """The "Largest model" card's recipe (a custom figure: one part, sharded by ZeRO-3 only)."""
        chosen = self.recipe.currentData()
        if chosen != "custom":
            return napkin.recipe(chosen)
        total = self._values(["bytes_per_param"])["bytes_per_param"]
        return napkin.BytesRecipe("custom", "custom", ((self.labels["bytes_per_param"], total),))

    def _comm_from_plan(self, plan: PlanFigures, compute_s: float) -> None:
        """The Plan's layout: its exposed communication is inside the MFU it sent."""
        if plan.days_low is not None and plan.days_high is not None:
            detail = translate(
                "NapkinTab",
                "Inside the MFU the Plan sent: these are its days, likely {low}–{high}",
            ).format(low=f"{plan.days_low:,.0f}", high=f"{plan.days_high:,.0f}")
        else:
            detail = translate("NapkinTab", "Inside the MFU the Plan sent: these are its days")
        self.comm_card.show_result(
            localized(format_duration(compute_s)),
            translate(
                "NapkinTab", "the Plan's {layout}: {comm} of each {step} step ({share})"
            ).format(
                layout=plan.layout,
                comm=localized(format_duration(plan.comm_s, 3)),
                step=localized(format_duration(plan.step_time_s, 3)),
                share=format_percent(plan.comm_share),
            ),
            detail,
        )

    def _fits_line(self, fit: DPFit) -> str:
        """Which data-parallel layout the card took, and why."""
        names = {"ddp": translate("NapkinTab", "plain data parallelism"), "zero1": "ZeRO-1",
                 "zero2": "ZeRO-2", "zero3": "ZeRO-3"}  # fmt: skip
        if fit.strategy == "ddp":
            return translate("NapkinTab", "{layout}: {need} per GPU of {have}").format(
                layout=names["ddp"], need=format_bytes(fit.per_gpu, 3),
                have=format_bytes(fit.capacity, 3),
            )  # fmt: skip
        return translate(
            "NapkinTab", "{layout}: {need} per GPU of {have}; plain data parallelism needs {plain}"
        ).format(
            layout=names[fit.strategy], need=format_bytes(fit.per_gpu, 3),
            have=format_bytes(fit.capacity, 3), plain=format_bytes(fit.plain, 3),
        )  # fmt: skip

    def _comm(self, peak: float | None) -> None:
        from core.comm import train_time_with_comm

        try:
            if peak is None:
                raise _no_peak()
            v = self._values(
                ["params", "active", "tokens", "gpus", "mfu", "batch_tokens", "per_node"]
            )
            n = self._counts(v)[0]  # compute on the active count, memory on the total
            plan = self._plan_for(v)
            if plan is not None:
                compute = napkin.train_time(n, v["tokens"], v["gpus"], peak, v["mfu"])
                self._comm_from_plan(plan, compute.seconds)
                return
            device = self._state.device
            fit = fitting_dp(v["params"], self._bytes_recipe(), v["gpus"], device.memory_bytes)
            if not fit.fits:
                raise InputError(
                    translate(
                        "NapkinTab",
                        "No data-parallel layout fits: even ZeRO-3 over {gpus} keeps {need} per "
                        "GPU of {have} (activations not counted). The model needs tensor or "
                        "pipeline parallelism: the Plan tab searches those layouts.",
                    ).format(
                        gpus=_count(
                            v["gpus"],
                            translate("NapkinTab", "{count} GPU"),
                            translate("NapkinTab", "{count} GPUs"),
                        ),
                        need=format_bytes(fit.per_gpu, 3),
                        have=format_bytes(fit.capacity, 3),
                    )
                )
            if v["gpus"] % v["per_node"] and v["gpus"] > v["per_node"]:
                raise InputError(
                    translate(
                        "NapkinTab",
                        "GPUs per node: {per_node} does not divide the {gpus} GPUs; allowed: a "
                        "divisor of the GPUs",
                    ).format(per_node=f"{v['per_node']:,}", gpus=f"{v['gpus']:,}")
                )
            nodes = max(1, v["gpus"] // v["per_node"])
            compute = napkin.train_time(n, v["tokens"], v["gpus"], peak, v["mfu"])
            answer = train_time_with_comm(
                compute.seconds, v["params"], v["tokens"], v["batch_tokens"], self._state.device,
                v["gpus"], nodes=nodes, overlapped=self.overlap.isChecked(),
                strategy=fit.strategy,
            )  # fmt: skip
        except InputError as exc:
            self.comm_card.show_problem(localized(exc.message))
            return
        if not answer.step.collectives[0][0].traffic:
            self.comm_card.show_result(
                localized(format_duration(answer.total_s)),
                translate("NapkinTab", "{compute} of compute; no communication").format(
                    compute=localized(format_duration(answer.compute_s))
                ),
                localized(answer.assumption),
            )
            return
        self.comm_card.show_result(
            localized(format_duration(answer.total_s)),
            translate(
                "NapkinTab", "{compute} of compute + {comm} of communication ({nodes})"
            ).format(
                compute=localized(format_duration(answer.compute_s)),
                comm=localized(format_duration(answer.comm_added_s)),
                nodes=_count(
                    nodes,
                    translate("NapkinTab", "{count} node"),
                    translate("NapkinTab", "{count} nodes"),
                ),
            ),
            translate("NapkinTab", "{layout}. {how}").format(
                layout=self._fits_line(fit), how=localized(answer.assumption)
            ),
        )

    def _fit(self, memory: float) -> None:
        try:
            v = self._values(["fit_gpus"])
            choice = self.recipe.currentData()
            bpp: Any = (
                self._values(["bytes_per_param"])["bytes_per_param"]
                if choice == "custom"
                else napkin.recipe(choice)
            )
            answer = napkin.max_params(v["fit_gpus"], memory, bpp)
        except InputError as exc:
            self.fit_card.show_problem(localized(exc.message))
            return
        detail = localized(answer.summary())
        device = self._state.device
        if device.memory_total_bytes and memory == device.memory_bytes:
            driver = napkin.max_params(v["fit_gpus"], device.memory_total_bytes, bpp)
            detail += translate(
                "NapkinTab", " · {params} with the {driver} the driver reports"
            ).format(
                params=localized(napkin.params_text(driver.params)),
                driver=format_bytes(device.memory_total_bytes),
            )
        self.fit_card.show_result(
            localized(napkin.params_text(answer.params)), detail, localized(answer.formula())
        )
        # a mixture of experts keeps every expert: the count is of total parameters
        self.fit_card.headline.setToolTip(plain_tip(localized(napkin.TOTAL_NOTE)))

    def _tensor(self, dtype: str) -> None:
        try:
            answer = tensor_memory(self._values(["shape"])["shape"], dtype)
        except InputError as exc:
            self.tensor_card.show_problem(localized(exc.message))
            return
        self.tensor_card.show_result(
            answer.summary(),
            translate("NapkinTab", "{count} elements in {dtype}").format(
                count=f"{answer.numel:,}", dtype=dtype
            ),
            localized(answer.formula()),
        )

    def _inverse(self, peak: float | None) -> None:
        try:
            if peak is None:
                raise _no_peak()
            v = self._values(["params", "active", "tokens", "gpus", "mfu", "days"])
            n = self._counts(v)[0]  # 6·N_active·D for a mixture of experts
            gpus = napkin.gpus_needed(n, v["tokens"], v["days"], peak, v["mfu"])
            mfu = napkin.mfu_needed(n, v["tokens"], v["gpus"], v["days"], peak)
            tokens = napkin.tokens_in_budget(n, v["gpus"], v["days"], peak, v["mfu"])
        except InputError as exc:
            self.inverse_card.show_problem(localized(exc.message))
            return
        one_day, days = (
            translate("NapkinTab", "{count} day"),
            translate("NapkinTab", "{count} days"),
        )
        days_text = (one_day if v["days"] == 1 else days).format(count=format_number(v["days"]))
        one_gpu, gpus_many = (
            translate("NapkinTab", "{count} GPU"),
            translate("NapkinTab", "{count} GPUs"),
        )
        count = gpus.value
        count_text = f"{count:,.0f}" if count < 1e15 else format_number(count)
        headline = translate("NapkinTab", "{gpus} for {days}").format(
            gpus=(one_gpu if count == 1 else gpus_many).format(count=count_text), days=days_text
        )
        detail = translate("NapkinTab", "MFU needed with {gpus}: {mfu}").format(
            gpus=_count(v["gpus"], one_gpu, gpus_many), mfu=format_percent(mfu.value)
        )
        if mfu.note:
            detail += f" ({localized(mfu.note)})"
        detail += translate("NapkinTab", " · tokens affordable in {days}: {tokens}").format(
            days=days_text, tokens=localized(napkin.tokens_text(tokens.value))
        )
        self.inverse_card.show_result(
            headline,
            detail,
            "\n".join(localized(f) for f in (gpus.formula, mfu.formula, tokens.formula)),
            ok=gpus.feasible,
        )

    # session ----------------------------------------------------------------------------------
    def session_state(self) -> dict[str, Any]:
        """Every field's text and the recipe."""
        state: dict[str, Any] = {key: field.text() for key, field in self.fields.items()}
        state["recipe"] = self.recipe.currentData()
        state["model"] = self.model.currentData()
        state["tensor_dtype"] = self.tensor_dtype.currentData()
        state["overlap"] = self.overlap.isChecked()
        if self.plan is not None:
            state["plan"] = self.plan.to_dict()
        state["kv_cache"] = self.kv_card.session_state()
        state["extras"] = self.extras.session_state()
        return state

    def restore_session(self, data: dict[str, Any]) -> list[str]:
        """Apply saved texts; a value that no longer validates is reported and left as it was."""
        problems: list[str] = []
        for key, field in self.fields.items():
            if key not in data:
                continue
            text = data[key]
            try:
                if not isinstance(text, str | int | float) or isinstance(text, bool):
                    raise InputError(
                        translate("NapkinTab", "{field}: expected text, got {kind}").format(
                            field=self.labels[key], kind=type(text).__name__
                        )
                    )
                FIELDS[key][1](str(text))
            except InputError as exc:
                problems.append(
                    translate("NapkinTab", "napkin: {problem}").format(
                        problem=localized(exc.message)
                    )
                )
                continue
            field.setText(str(text))
        if data.get("model"):
            self.model.ensure_populated()
            index = find_data(self.model, data["model"])
            if index < 0:
                problems.append(
                    translate("NapkinTab", "napkin: unknown model {model}; kept N as typed").format(
                        model=brief(data["model"])
                    )
                )
            else:
                self.model.blockSignals(True)
                self.model.setCurrentIndex(index)
                self.model.blockSignals(False)
        if "tensor_dtype" in data:
            index = find_data(self.tensor_dtype, data["tensor_dtype"])
            if index < 0:
                problems.append(
                    translate(
                        "NapkinTab", "napkin: unknown tensor dtype {dtype}; allowed: {allowed}"
                    ).format(dtype=brief(data["tensor_dtype"]), allowed=", ".join(DTYPE_BYTES))
                )
            else:
                self.tensor_dtype.setCurrentIndex(index)
        if "overlap" in data:
            if isinstance(data["overlap"], bool):
                self.overlap.setChecked(data["overlap"])
            else:
                problems.append(
                    translate(
                        "NapkinTab", "napkin: overlap {value}; allowed: true or false"
                    ).format(value=brief(data["overlap"]))
                )
        if "plan" in data:
            try:
                self.plan = PlanFigures.from_dict(data["plan"])
            except InputError as exc:
                self.plan = None
                problems.append(
                    translate("NapkinTab", "napkin: {problem}").format(
                        problem=localized(exc.message)
                    )
                )
        if "kv_cache" in data:
            problems += self.kv_card.restore_session(data["kv_cache"])
        if isinstance(data.get("extras"), dict):
            self.extras.restore_session(data["extras"])
        if "recipe" in data:
            index = find_data(self.recipe, napkin.recipe_id(data["recipe"]))  # old ids too
            if index < 0:
                problems.append(
                    translate(
                        "NapkinTab", "napkin: unknown recipe {recipe}; kept the current one"
                    ).format(recipe=brief(data["recipe"]))
                )
            else:
                self.recipe.setCurrentIndex(index)
        self.recompute()
        return problems


def _model_presets() -> list[tuple[str, str, str]]:
    """The Memory tab's transformer presets with their exact parameter counts."""
    from core.memory import PRESETS

    out = []
    for name, spec in PRESETS.items():
        count = localized(napkin.params_text(spec.param_count))
        tip = translate("NapkinTab", "{count} parameters").format(count=f"{spec.param_count:,}")
        if spec.is_moe:
            count = translate("NapkinTab", "{total}, {active} active").format(
                total=count, active=format_count(spec.params_active)
            )
            tip = translate(
                "NapkinTab", "{count} parameters, {active} active per token (top-{k} of {e} experts)"
            ).format(count=f"{spec.param_count:,}", active=f"{spec.params_active:,}",
                     k=spec.top_k, e=spec.experts)  # fmt: skip
        out.append((f"{name} ({count})", name, tip))
    return out


def build(state: AppState) -> NapkinPage:
    """Build the Napkin tab's page."""
    return NapkinPage(state)
