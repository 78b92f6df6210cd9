"""The Memory tab's inputs: model (presets or shape), batch, recipe, optimizer, checkpointing, ZeRO.

The widget turns what people typed into option texts for
:func:`core.memory.options.config_from_options`; every number field validates with a core
validator and shows its own message. It does no accounting.

Signals
-------
changed()
    Any input changed to a valid value (debounced for typing).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from core.errors import InputError
from core.memory.expert_parallel import CAPACITY_RANGE
from core.memory.models import LIMITS, PRESETS
from core.memory.recipes import DTYPE_SIZES, OPTIMIZERS, RECIPES
from core.units import format_count
from core.validate import fraction, positive_float, positive_int
from widgets.brief_combo import BriefComboBox
from widgets.combo_data import restore_combos
from widgets.equations import keep_equations
from widgets.form_columns import align_label_columns
from widgets.i18n import localized, translate
from widgets.number_field import NumberField
from widgets.rich_text import plain_tip

__all__ = ["MemoryControls"]


def _optional_int(text: str, field: str, high: int) -> int | None:
    return None if not str(text).strip() else positive_int(text, field, high=high)


def _optional_capacity(text: str) -> float | None:
    low, high = CAPACITY_RANGE
    if not str(text).strip():
        return None
    return positive_float(text, "capacity factor", low=low, high=high)


#: key -> (label, default, parser, tooltip)
FIELDS: dict[str, tuple[str, str, Any, str]] = {
    "d": ("Width D", "4096", partial(positive_int, field="D", high=LIMITS["d"]), "MLP width"),
    "layers": ("Layers L", "8", partial(positive_int, field="layers", high=LIMITS["layers"]),
               "Number of blocks"),
    "vocab": ("Vocabulary", "32000", partial(positive_int, field="vocab", high=LIMITS["vocab"]), ""),
    "d_model": ("d_model", "2048", partial(positive_int, field="d_model", high=LIMITS["d"]), ""),
    "tf_layers": ("Layers", "24", partial(positive_int, field="layers", high=LIMITS["layers"]), ""),
    "heads": ("Heads", "16", partial(positive_int, field="heads", high=LIMITS["heads"]), ""),
    "kv_heads": ("KV heads", "16", partial(positive_int, field="kv heads", high=LIMITS["heads"]),
                 "Fewer than heads = grouped-query attention"),
    "ffn": ("FFN size", "5632", partial(positive_int, field="ffn", high=LIMITS["ffn"]), ""),
    "seq": ("Sequence", "", partial(_optional_int, field="seq", high=LIMITS["seq"]),
            "Tokens per sequence; empty = the model's default"),
    "batch": ("Batch / device", "64", partial(positive_int, field="batch", high=10**9),
              "Sequences (or rows for the MLP) per device per optimizer step"),
    "micro_batch": ("Micro-batch", "", partial(_optional_int, field="micro-batch", high=10**9),
                    "Gradient accumulation: one forward holds this many; empty = the batch"),
    "k": ("Segment k", "4", partial(positive_int, field="k", high=100_000),
          "Layers per checkpointed segment"),
    "gpus": ("GPUs", "1", partial(positive_int, field="GPUs", high=10_000_000),
             "Data-parallel devices (ZeRO shards over them)"),
    "mfu": ("MFU", "0.5", partial(fraction, field="MFU"), "For the step time: 0.5 or 50%"),
    "ep": ("EP", "1", partial(positive_int, field="EP", high=1_000_000), "Expert parallelism"),
    "etp": ("ETP", "1", partial(positive_int, field="ETP", high=1_000_000),
            "Expert tensor parallelism"),
    "capacity": ("Capacity factor", "", _optional_capacity, "Token dropping"),
}  # fmt: skip

#: The fields a mixture of experts alone takes.
MOE_FIELDS: tuple[str, ...] = ("ep", "etp", "capacity")

MODEL_CHOICES: list[tuple[str, str]] = [
    ("Deep MLP (lecture)", "mlp"),
    ("Custom transformer", "transformer"),
    *[(name, name) for name in PRESETS],
]


def _texts() -> dict[str, tuple[str, str]]:
    """key -> (label, tooltip) in the person's language (FIELDS keeps the English)."""
    return {
        "d": (translate("MemoryControls", "Width D"), translate("MemoryControls", "MLP width")),
        "layers": (translate("MemoryControls", "Layers L"), translate("MemoryControls", "Number of blocks")),
        "vocab": (translate("MemoryControls", "Vocabulary"), ""),
        "d_model": ("d_model", ""),
        "tf_layers": (translate("MemoryControls", "Layers"), ""),
        "heads": (translate("MemoryControls", "Heads"), ""),
        "kv_heads": (translate("MemoryControls", "KV heads"),
                     translate("MemoryControls", "Fewer than heads = grouped-query attention")),
        "ffn": (translate("MemoryControls", "FFN size"), ""),
        "seq": (translate("MemoryControls", "Sequence"),
                translate("MemoryControls", "Tokens per sequence; empty = the model's default")),
        "batch": (translate("MemoryControls", "Batch / device"),
                  translate("MemoryControls", "Sequences (or rows for the MLP) per device per optimizer step")),
        "micro_batch": (translate("MemoryControls", "Micro-batch"),
                        translate("MemoryControls", "Gradient accumulation: one forward holds this many; "
                                            "empty = the batch")),
        "k": (translate("MemoryControls", "Segment k"), translate("MemoryControls", "Layers per checkpointed segment")),
        "gpus": (translate("MemoryControls", "GPUs"),
                 translate("MemoryControls", "Data-parallel devices (ZeRO shards over them)")),
        "mfu": ("MFU", translate("MemoryControls", "For the step time: 0.5 or 50%, a share of "
                                 "model FLOPs (no recomputation); the HFU it implies is shown")),
        "ep": (translate("MemoryControls", "Experts: EP"),
               translate("MemoryControls", "Expert parallelism: each GPU holds experts/EP routed "
                         "experts of every MoE layer; tokens reach them by an all-to-all. EP divides the experts, and "
                         "EP × ETP divides the GPUs.")),
        "etp": ("ETP",
                translate("MemoryControls", "Expert tensor parallelism: each routed expert's "
                          "hidden width split over ETP GPUs")),
        "capacity": (translate("MemoryControls", "Capacity"),
                     translate("MemoryControls", "Capacity factor: caps each GPU's rows per expert at "
                               "⌈factor·tokens·top-k/experts⌉ and drops the rest; empty = "
                               "dropless. Routing is assumed balanced.")),
    }  # fmt: skip


def _moe_brief(spec: Any) -> str:
    """A mixture of experts in a few words (for a slide): experts, top-k, total and active."""
    return translate(
        "MemoryControls", "{name}: MoE, {experts} experts, top-{top_k}; {total} params, {active} "
        "active",
    ).format(name=spec.name, experts=str(spec.experts), top_k=str(spec.top_k),
             total=format_count(spec.params_total, "").strip(),
             active=format_count(spec.params_active, "").strip())  # fmt: skip


class MemoryControls(QWidget):
    """All inputs of the Memory tab in three forms (model, training, parallelism)."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.fields: dict[str, NumberField] = {}
        self._compact = False
        self.labels = _texts()
        for key, (_label, text, parse, _tip) in FIELDS.items():
            tip = self.labels[key][1]
            placeholder = translate("MemoryControls", "default") if not text else ""
            if key == "capacity":
                placeholder = translate("MemoryControls", "dropless")
            f = NumberField(parse, text, tooltip=tip, placeholder=placeholder, parent=self)
            f.valueChanged.connect(self._emit)
            f.validityChanged.connect(lambda _ok: self._emit())
            self.fields[key] = f
        choices = [(translate("MemoryControls", "Deep MLP (lecture)"), "mlp"),
                   (translate("MemoryControls", "Custom transformer"), "transformer"),
                   *MODEL_CHOICES[2:]]  # fmt: skip
        self.model = self._combo(
            choices,
            translate("MemoryControls", "Model shape: the lecture's MLP, your own, a preset"),
        )
        self.gated = self._check(translate("MemoryControls", "SwiGLU MLP (gated)"), True)
        self.tied = self._check(translate("MemoryControls", "Tied embeddings"), False)
        self.recipe = self._combo(
            [(f"{r.id} — {localized(r.label)}", r.id) for r in RECIPES.values()]
            + [(translate("MemoryControls", "custom dtypes"), "custom")],
            translate("MemoryControls", "Storage dtype of weights, gradients, master copy, optimizer "
               "state and activations"),
        )  # fmt: skip
        self.dtypes: dict[str, QComboBox] = {}
        for part, default in (("params", "bf16"), ("grads", "bf16"), ("master", "fp32"),
                              ("state", "fp32"), ("acts", "bf16")):  # fmt: skip
            options = list(DTYPE_SIZES) + (["none"] if part == "master" else [])
            box = self._combo([(o, o) for o in options],
                              translate("MemoryControls", "dtype of {part}").format(part=part))  # fmt: skip
            box.setCurrentIndex(options.index(default))
            self.dtypes[part] = box
        self.recipe.setCurrentIndex(self.recipe.findData("bf16"))
        self.optimizer = self._combo([(localized(o.label), o.id) for o in OPTIMIZERS.values()],
                                     translate("MemoryControls", "Optimizer"))  # fmt: skip
        self.optimizer.setCurrentIndex(list(OPTIMIZERS).index("adam"))
        self.checkpoint = self._combo(
            [(translate("MemoryControls", "none"), "none"), (translate("MemoryControls", "every layer"), "every"),
             (translate("MemoryControls", "every √L layers"), "sqrt"),
             (translate("MemoryControls", "every k layers"), "k")],
            translate("MemoryControls", "Activation checkpointing: keep layer inputs, recompute the "
               "rest in backward"),
        )  # fmt: skip
        self.zero = self._combo(
            [(translate("MemoryControls", "0 — replicate"), "0"),
             (translate("MemoryControls", "1 — shard optimizer"), "1"),
             (translate("MemoryControls", "2 — + gradients"), "2"),
             (translate("MemoryControls", "3 — + weights (FSDP)"), "3")],
            translate("MemoryControls", "ZeRO stage over the GPUs"),
        )  # fmt: skip
        self.flash = self._check(
            translate("MemoryControls", "Flash attention (no s² tensors)"), True
        )
        self.dropout = self._check(translate("MemoryControls", "Dropout masks"), False)
        self.mlp_full = self._check(
            translate("MemoryControls", "MLP: count pre- and post-ReLU"), False
        )
        self.mlp_full.setToolTip(
            translate("MemoryControls", "Off: the lecture's 2·B·D·L (one B×D tensor per layer). On: "
               "both the matmul output and the ReLU output of every layer.")
        )  # fmt: skip

        self.model_form, self.training_form, self.parallel_form = (
            QFormLayout(), QFormLayout(), QFormLayout())  # fmt: skip
        mf = self.model_form
        lab = self.labels
        mf.addRow(translate("MemoryControls", "Model"), self.model)
        self.shape_note = QLabel(self)
        self.shape_note.setObjectName("cardSubtitle")
        self.shape_note.setWordWrap(True)
        self.shape_note.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.shape_note.setMinimumHeight(34)
        for key in ("d", "layers", "vocab", "d_model", "tf_layers", "heads", "kv_heads", "ffn"):
            mf.addRow(lab[key][0], self.fields[key])
        mf.addRow("", self.gated)
        mf.addRow("", self.tied)
        mf.addRow(lab["seq"][0], self.fields["seq"])
        tf = self.training_form
        for key in ("batch", "micro_batch"):
            tf.addRow(lab[key][0], self.fields[key])
        tf.addRow(translate("MemoryControls", "Recipe"), self.recipe)
        for part, box in self.dtypes.items():
            tf.addRow(f"  {part}", box)
        tf.addRow(translate("MemoryControls", "Optimizer"), self.optimizer)
        tf.addRow(translate("MemoryControls", "Checkpoint"), self.checkpoint)
        tf.addRow(lab["k"][0], self.fields["k"])
        tf.addRow("", self.flash)
        tf.addRow("", self.dropout)
        tf.addRow("", self.mlp_full)
        pf = self.parallel_form
        pf.addRow("ZeRO", self.zero)
        pf.addRow(lab["gpus"][0], self.fields["gpus"])
        pf.addRow(lab["mfu"][0], self.fields["mfu"])
        # EP and ETP share one row (a slide has room for one more row, not two)
        self.expert_row = QWidget(self)
        row = QHBoxLayout(self.expert_row)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.fields["ep"], 1)
        self.etp_label = QLabel(lab["etp"][0], self.expert_row)
        row.addWidget(self.etp_label)
        row.addWidget(self.fields["etp"], 1)
        pf.addRow(lab["ep"][0], self.expert_row)
        pf.addRow(lab["capacity"][0], self.fields["capacity"])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for title, form in ((translate("MemoryControls", "Model"), mf),
                            (translate("MemoryControls", "Training step"), tf),
                            (translate("MemoryControls", "Devices"), pf)):  # fmt: skip
            heading = QLabel(title, self)
            heading.setObjectName("cardTitle")
            layout.addWidget(heading)
            if form is mf:
                layout.addWidget(self.shape_note)
            form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
            layout.addLayout(form)
        layout.addStretch(1)
        self._sync_visibility()
        self._align_labels()

    def _align_labels(self) -> None:
        """The three forms' fields start at one x (:func:`widgets.form_columns.align_label_columns`)."""
        align_label_columns((self.model_form, self.training_form, self.parallel_form))

    def set_compact(self, compact: bool) -> None:
        """Tighter rows (presentation mode's larger fonts must still fit 720 px); the page calls it
        after every theme or mode change, once the new fonts are in, so the label column is
        measured again here too."""
        self._compact = compact
        self._sync_visibility()
        for form in (self.model_form, self.training_form, self.parallel_form):
            form.setVerticalSpacing(1 if compact else -1)
        self._align_labels()
        layout = self.layout()
        if layout is not None:
            layout.setSpacing(2 if compact else -1)
            # The page reads this panel's minimum width right after (its control column): lay
            # it out now, or that read gets the column of the fonts before (the rows shown or
            # hidden above laid it out already, before the labels were measured again).
            layout.activate()

    # construction helpers ----------------------------------------------------------------------
    def _combo(self, items: list[tuple[str, str]], tip: str) -> QComboBox:
        box = BriefComboBox(self, minimum_chars=14)
        for text, data in items:
            box.addItem(text, data)
        box.setToolTip(plain_tip(tip))
        box.currentIndexChanged.connect(self._emit)
        return box

    def _check(self, text: str, on: bool) -> QCheckBox:
        box = QCheckBox(text, self)
        box.setChecked(on)
        box.toggled.connect(self._emit)
        return box

    def _set_row_visible(self, form: QFormLayout, widget: QWidget, visible: bool) -> None:
        form.setRowVisible(widget, visible)

    def _sync_visibility(self) -> None:
        kind = self.model.currentData()
        mlp, custom = kind == "mlp", kind == "transformer"
        for key in ("d", "layers"):
            self._set_row_visible(self.model_form, self.fields[key], mlp)
        for key in ("vocab", "d_model", "tf_layers", "heads", "kv_heads", "ffn"):
            self._set_row_visible(self.model_form, self.fields[key], custom)
        for box in (self.gated, self.tied):
            self._set_row_visible(self.model_form, box, custom)
        self._set_row_visible(self.model_form, self.fields["seq"], not mlp)
        self._set_row_visible(self.training_form, self.flash, not mlp)
        self._set_row_visible(self.training_form, self.dropout, not mlp)
        self._set_row_visible(self.training_form, self.mlp_full, mlp)
        custom_recipe = self.recipe.currentData() == "custom"
        for box in self.dtypes.values():
            self._set_row_visible(self.training_form, box, custom_recipe)
        self._set_row_visible(self.training_form, self.fields["k"],
                              self.checkpoint.currentData() == "k")  # fmt: skip
        self._sync_experts(kind)
        tip = ""
        if kind in PRESETS:
            note = localized(PRESETS[kind].describe())
            if self._compact and PRESETS[kind].is_moe:  # a slide: two lines, the rest on hover
                tip, note = note, _moe_brief(PRESETS[kind])
        elif mlp:
            note = translate(
                "MemoryControls", "L blocks of x @ W (D×D, no bias) then ReLU; P = D²·L"
            )
        else:
            note = translate("MemoryControls", "Llama-style: RMSNorm, rotary positions, no biases")
        self.shape_note.setText(keep_equations(note))  # never "P =" / "D²·L" on two lines
        self.shape_note.setToolTip(plain_tip(tip))

    def is_moe(self) -> bool:
        """Whether the chosen model is a mixture of experts (the expert fields apply)."""
        kind = self.model.currentData()
        return kind in PRESETS and PRESETS[kind].is_moe

    def _sync_experts(self, kind: str) -> None:
        """EP, ETP and the capacity factor: enabled for a mixture of experts, else disabled with
        a tooltip that says why."""
        moe = self.is_moe()
        # On a slide (compact) a dense model's rows give their room to the others, and an MoE
        # keeps EP and ETP (the capacity factor stays in the window's own size).
        self._set_row_visible(self.parallel_form, self.expert_row, not self._compact or moe)
        self._set_row_visible(self.parallel_form, self.fields["capacity"], not self._compact)
        for key in MOE_FIELDS:
            f = self.fields[key]
            f.setEnabled(moe)
            label = {"ep": self.parallel_form.labelForField(self.expert_row),
                     "etp": self.etp_label,
                     "capacity": self.parallel_form.labelForField(f)}[key]  # fmt: skip
            if label is not None:
                label.setEnabled(moe)
            tip = self.labels[key][1]
            if not moe:
                tip = translate(
                    "MemoryControls",
                    "Only for a mixture of experts: {model} has no "
                    "routed experts. Pick an MoE preset (mixtral-8x7b, qwen3-30b-a3b, "
                    "…) to use it.",
                ).format(model=localized(self.model.currentText()))
            f.lineEdit().setToolTip(plain_tip(tip))
            if label is not None:
                label.setToolTip(plain_tip(tip))

    def _emit(self) -> None:
        if not hasattr(self, "parallel_form"):  # still being built
            return
        self._sync_visibility()
        self.changed.emit()

    # API ---------------------------------------------------------------------------------------
    def problem(self) -> str | None:
        """The first visible field's error, or ``None`` when every visible input is valid."""
        for key, f in self.fields.items():
            if f.isVisibleTo(self) and f.isEnabled() and not f.isValid():
                return f"{self.labels[key][0]}: {localized(f.errorText())}"
        return None

    def model_text(self) -> str:
        """The model as the CLI writes it."""
        kind = self.model.currentData()
        v = {k: f.value() for k, f in self.fields.items()}
        if kind == "mlp":
            return f"mlp:d={v['d']},layers={v['layers']}"
        if kind == "transformer":
            return (
                f"transformer:vocab={v['vocab']},d={v['d_model']},layers={v['tf_layers']},"
                f"heads={v['heads']},kv_heads={v['kv_heads']},ffn={v['ffn']},"
                f"gated={str(self.gated.isChecked()).lower()},tied={str(self.tied.isChecked()).lower()}"
            )
        return str(kind)

    def options(self) -> dict[str, Any]:
        """Option texts for :func:`core.memory.options.config_from_options`."""
        v = {k: f.value() for k, f in self.fields.items()}
        rec = self.recipe.currentData()
        if rec == "custom":
            rec = "custom:" + ",".join(f"{p}={b.currentData()}" for p, b in self.dtypes.items())
        ck = self.checkpoint.currentData()
        return {
            "model": self.model_text(),
            "batch": v["batch"],
            "seq": "" if v["seq"] is None else v["seq"],
            "micro_batch": "" if v["micro_batch"] is None else v["micro_batch"],
            "recipe": rec,
            "optimizer": self.optimizer.currentData(),
            "checkpoint": str(v["k"]) if ck == "k" else ck,
            "zero": self.zero.currentData(),
            "gpus": v["gpus"],
            "flash": self.flash.isChecked(),
            "dropout": self.dropout.isChecked(),
            "mlp_full": self.mlp_full.isChecked(),
            **self._expert_options(v),
        }

    def _expert_options(self, v: dict[str, Any]) -> dict[str, Any]:
        """EP, ETP and the capacity factor for a mixture of experts; the defaults otherwise."""
        if not self.is_moe():
            return {"ep": 1, "etp": 1, "capacity_factor": ""}
        cap = v["capacity"]
        return {"ep": v["ep"], "etp": v["etp"], "capacity_factor": "" if cap is None else cap}

    def mfu(self) -> float:
        """The MFU for the step time (last good value)."""
        return float(self.fields["mfu"].value())

    def state(self) -> dict[str, Any]:
        """Everything as plain data (sessions)."""
        out: dict[str, Any] = {k: f.text() for k, f in self.fields.items()}
        for name in ("model", "recipe", "optimizer", "checkpoint", "zero"):
            out[name] = getattr(self, name).currentData()
        for part, box in self.dtypes.items():
            out[f"dtype_{part}"] = box.currentData()
        for name in ("gated", "tied", "flash", "dropout", "mlp_full"):
            out[name] = getattr(self, name).isChecked()
        return out

    def restore(self, data: dict[str, Any]) -> list[str]:
        """Apply :meth:`state` output; returns a message per value that could not be applied."""
        problems: list[str] = []
        widgets = [*self.fields.values(), self.model, self.recipe, self.optimizer,
                   self.checkpoint, self.zero, *self.dtypes.values()]  # fmt: skip
        for w in widgets:
            w.blockSignals(True)
        try:
            for key, f in self.fields.items():
                if key not in data:
                    continue
                text = data[key]
                try:
                    if not isinstance(text, str | int | float) or isinstance(text, bool):
                        raise InputError(f"{FIELDS[key][0]}: expected text")
                    FIELDS[key][2](str(text))
                except InputError as exc:
                    problems.append(f"memory: {exc.message}")
                    continue
                f.setText(str(text))
            combos = {"model": self.model, "recipe": self.recipe, "optimizer": self.optimizer,
                      "checkpoint": self.checkpoint, "zero": self.zero}  # fmt: skip
            combos.update({f"dtype_{p}": b for p, b in self.dtypes.items()})
            problems += restore_combos("memory", combos, data)
            for name in ("gated", "tied", "flash", "dropout", "mlp_full"):
                if isinstance(data.get(name), bool):
                    getattr(self, name).setChecked(data[name])
        finally:
            for w in widgets:
                w.blockSignals(False)
        self._emit()
        return problems
