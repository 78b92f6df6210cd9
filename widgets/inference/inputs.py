"""The Inference tab's inputs: the model (the box the Step and Plan tabs use), GPUs, TP, EP,
prompt and output lengths, weight and KV-cache precision; the device is the toolbar's.

Every number field validates with the core's validator (the CLI's flag names in its messages);
the model is read by the tab, which shows the core's message under the box
(:meth:`InferenceInputs.show_model_error`), and a message about the combination of inputs (a TP
that does not divide the heads) under the form (:meth:`InferenceInputs.show_error`). It computes
nothing.

Signals
-------
changed()
    An input changed to a valid value (debounced for typing).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QComboBox, QFormLayout, QLabel, QVBoxLayout, QWidget

from core.errors import InputError
from core.inference.kv import KV_DTYPES
from core.inference.weights import FORMAT_IDS
from core.memory.models import PRESETS, TransformerSpec
from core.validate import positive_int
from widgets.combo_data import find_data
from widgets.hub_fetch import HubFetchRow
from widgets.i18n import localized, translate
from widgets.model_box import ModelBox
from widgets.number_field import NumberField
from widgets.rich_text import plain_tip

__all__ = ["DEFAULTS", "InferenceInputs"]

#: The tab opens on the CLI's defaults: llama3-8b on one H100 (the toolbar's), bf16, 1,024 + 256.
DEFAULTS: dict[str, str] = {
    "model": "llama3-8b",
    "gpus": "1",
    "tp": "1",
    "ep": "1",
    "prompt": "1024",
    "output": "256",
    "weights": "bf16",
    "kv_dtype": "bf16",
}
_NUMBERS = ("gpus", "tp", "ep", "prompt", "output")
_HIGH = {"gpus": 10_000_000, "tp": 1024, "ep": 1_000_000, "prompt": 10_000_000,
         "output": 10_000_000}  # fmt: skip


def _error_label(parent: QWidget) -> QLabel:
    label = QLabel(parent)
    label.setObjectName("fieldError")
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setVisible(False)
    return label


class InferenceInputs(QWidget):
    """The form (see the module docstring)."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        from core.step.hf import load_config

        tips = self._tips()
        self.model_box = ModelBox(
            [name for name, spec in PRESETS.items() if isinstance(spec, TransformerSpec)],
            DEFAULTS["model"],
            tips["model"],
            load_config,
            self,
        )
        self.model_box.modelChanged.connect(self.changed)
        self.model_box.fileRefused.connect(self.show_model_error)
        self.model_error = _error_label(self)
        # A Hub id not in the cache: the Plan and Step tabs' one-line offer to fetch its
        # config.json (the tab runs the fetch: app.hub_fetch.HubFetcher).
        self.hub_row = HubFetchRow(self)
        self.fields: dict[str, NumberField] = {}
        for key in _NUMBERS:
            parse = partial(positive_int, field=key, high=_HIGH[key])
            field = NumberField(parse, DEFAULTS[key], tooltip=tips[key], parent=self)
            field.lineEdit().setMinimumWidth(50)
            field.valueChanged.connect(self._edited)
            self.fields[key] = field
        self.combos: dict[str, QComboBox] = {}
        for key, allowed in (("weights", FORMAT_IDS), ("kv_dtype", tuple(KV_DTYPES))):
            box = QComboBox(self)
            for value in allowed:
                box.addItem(value, value)
            box.setCurrentIndex(find_data(box, DEFAULTS[key]))
            box.setToolTip(plain_tip(tips[key]))
            box.currentIndexChanged.connect(self._edited)
            self.combos[key] = box
        self.device_line = QLabel(self)
        self.device_line.setWordWrap(True)
        self.device_line.setTextFormat(Qt.TextFormat.PlainText)
        self.device_line.setToolTip(
            plain_tip(
                translate("InferenceInputs", "Pick the device in the toolbar; every tab uses it")
            )
        )
        self.error = _error_label(self)
        form = self.form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        model = QWidget(self)
        column = QVBoxLayout(model)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(2)
        column.addWidget(self.model_box)
        column.addWidget(self.model_error)
        form.addRow(translate("InferenceInputs", "Model"), model)
        form.addRow(self.hub_row)  # across the form: the field column is narrow on a slide
        form.addRow(translate("InferenceInputs", "GPUs"), self.fields["gpus"])
        form.addRow(translate("InferenceInputs", "TP"), self.fields["tp"])
        form.addRow(translate("InferenceInputs", "EP (MoE)"), self.fields["ep"])
        form.addRow(translate("InferenceInputs", "Prompt"), self.fields["prompt"])
        form.addRow(translate("InferenceInputs", "Output"), self.fields["output"])
        form.addRow(translate("InferenceInputs", "Weights"), self.combos["weights"])
        form.addRow(translate("InferenceInputs", "KV cache"), self.combos["kv_dtype"])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(form)
        # Under the form, not a row of it: a wrapped row's height-for-width left the form's rows
        # a few pixels short, shared out differently after a presentation round trip.
        layout.addWidget(self.device_line)
        layout.addWidget(self.error)

    @staticmethod
    def _tips() -> dict[str, str]:
        return {
            "model": translate(
                "InferenceInputs",
                "A preset, transformer:d=..,layers=..,heads=.., dimensions layers=L,hidden=H,"
                "heads=A[,kv_heads=K,ffn=F,vocab=V,act=gelu|swiglu,norm=layer|rms], a Hugging "
                "Face Hub id org/name (its config.json from the local cache) or a Hugging Face "
                "config.json (Config file…)",
            ),
            "gpus": translate(
                "InferenceInputs", "GPUs serving: GPUs ÷ TP replicas side by side (1 to 10,000,000)"
            ),
            "tp": translate(
                "InferenceInputs",
                "Tensor-parallel GPUs of one replica: must divide the attention heads",
            ),
            "ep": translate(
                "InferenceInputs",
                "Expert-parallel GPUs (MoE models only): each layer's routed experts spread whole "
                "over them; a multiple of TP dividing the experts and the GPUs; 1 for dense models",
            ),
            "prompt": translate("InferenceInputs", "Prompt tokens per sequence (prefilled)"),
            "output": translate(
                "InferenceInputs", "Output tokens per sequence (decoded one a step)"
            ),
            "weights": translate(
                "InferenceInputs",
                "Weight format of the layers' matrices, block scales counted; embeddings, LM "
                "head, router and norms stay bf16",
            ),
            "kv_dtype": translate("InferenceInputs", "KV-cache dtype: bf16 or fp8 (one byte)"),
        }

    # values ---------------------------------------------------------------------------------
    def _edited(self, *_args: Any) -> None:
        self.changed.emit()

    def model_text(self) -> str:
        """The model typed or picked."""
        return self.model_box.model_text()

    @property
    def config_path(self) -> str:
        """The ``config.json`` chosen ('' for a model)."""
        return self.model_box.config_path

    def values(self) -> dict[str, Any]:
        """The numbers' last good values and the combos' choices."""
        out: dict[str, Any] = {key: self.fields[key].value() for key in _NUMBERS}
        out.update({key: box.currentData() for key, box in self.combos.items()})
        return out

    def problems(self) -> list[str]:
        """The messages shown under fields whose text does not validate (and the Hub row's
        line while it offers a fetch)."""
        out = [f.errorText() for f in self.fields.values() if not f.isValid()]
        if not self.model_error.isHidden():
            out.insert(0, self.model_error.text())
        elif not self.hub_row.isHidden():
            out.insert(0, self.hub_row.sentence())
        return out

    def set_device(self, name: str) -> None:
        """The toolbar's device, named in its line."""
        self.device_line.setText(
            translate("InferenceInputs", "Device: {device}").format(device=name)
        )

    def show_model_error(self, message: str | None) -> None:
        """The model box's problem (``None`` hides it)."""
        self.model_error.setText(message or "")
        self.model_error.setVisible(bool(message))

    def show_error(self, message: str | None) -> None:
        """A problem with the inputs together (``None`` hides it)."""
        self.error.setText(message or "")
        self.error.setVisible(bool(message))

    def set_compact(self, compact: bool) -> None:
        """Tighter rows (presentation mode)."""
        self.form.setVerticalSpacing(2 if compact else -1)
        self.device_line.setVisible(not compact)  # the toolbar names it

    # sessions -------------------------------------------------------------------------------
    def session_state(self) -> dict[str, Any]:
        """Every input as text (the combos' data)."""
        out: dict[str, Any] = {"model": self.model_text(), "config": self.config_path}
        out.update({key: self.fields[key].text() for key in _NUMBERS})
        out.update({key: box.currentData() for key, box in self.combos.items()})
        return out

    def restore_session(self, data: dict[str, Any]) -> list[str]:
        """Restore :meth:`session_state`; returns what could not be applied (never raises)."""
        problems: list[str] = []
        model, config = data.get("model"), data.get("config")
        if isinstance(model, str):
            self.model_box.set_model(model)
        elif model is not None:
            problems.append(f"inference: model must be text, got {type(model).__name__}")
        if isinstance(config, str):
            self.model_box.set_config(config.strip())
        for key in _NUMBERS:
            if key not in data:
                continue
            value = data[key]
            if isinstance(value, bool) or not isinstance(value, str | int):
                problems.append(f"inference: {key} must be a whole number, got {value!r}"[:120])
                continue
            try:
                positive_int(str(value), key, high=_HIGH[key])
            except InputError as exc:
                problems.append(f"inference: {localized(exc.message)}")
                continue
            self.fields[key].setText(str(value))
        for key, box in self.combos.items():
            value = data.get(key)
            if value is None:
                continue
            index = find_data(box, value)
            if index < 0:
                allowed = ", ".join(str(box.itemData(i)) for i in range(box.count()))
                problems.append(f"inference: {key} {str(value)[:40]!r}; allowed: {allowed}")
                continue
            box.setCurrentIndex(index)
        return problems
