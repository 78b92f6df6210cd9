"""The Napkin tab's KV-cache card: one sequence's cache and the decode bound at batch 1.

The numbers come from :func:`core.napkin.kv_cache.kv_cache`, fed with a preset's layers, KV heads,
head dimension (or latent width) and bf16 weight bytes (:mod:`core.inference`) and the shared
device's datasheet bandwidth; this module only wires the card's fields to it.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtWidgets import QComboBox, QWidget

from core.echo import brief
from core.errors import InputError
from core.roofline.hardware import Device
from core.texts import Text
from core.units import format_bytes, format_number
from core.validate import positive_int
from widgets.combo_data import find_data
from widgets.i18n import localized, translate
from widgets.number_field import NumberField
from widgets.result_card import ResultCard

__all__ = ["DEFAULT_MODEL", "DEFAULT_TOKENS", "KVCacheCard"]

#: The card's defaults: Llama 3 8B holding its full 8,192-token context.
DEFAULT_MODEL = "llama3-8b"
DEFAULT_TOKENS = "8192"
_TOKENS = Text("NapkinKV", QT_TRANSLATE_NOOP("NapkinKV", "tokens"), {})


class KVCacheCard(ResultCard):
    """One sequence's KV cache (bytes per token × tokens) and the batch-1 decode bound."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(
            translate("NapkinKV", "KV cache and decode speed"),
            translate(
                "NapkinKV",
                "One sequence's cache, and batch-1 decoding: every bf16 weight and the cache read "
                "once per token, at the datasheet bandwidth (an upper bound).",
            ),
            parent,
        )
        self.setProperty("shortTitle", translate("NapkinKV", "KV cache"))
        self.device: Device | None = None
        from core.memory.models import PRESETS

        self.model = QComboBox(self)
        for name in PRESETS:
            self.model.addItem(name, name)
        self.model.setCurrentIndex(find_data(self.model, DEFAULT_MODEL))
        self.model.setMaximumWidth(260)
        self.model.setToolTip(
            translate("NapkinKV", "The model whose layers and KV heads are cached")
        )
        self.tokens = NumberField(
            partial(positive_int, field=_TOKENS, high=10_000_000), DEFAULT_TOKENS,
            tooltip=translate("NapkinKV", "Tokens the sequence holds: its prompt and the tokens generated so far"),
            parent=self,
        )  # fmt: skip
        self.tokens.setMaximumWidth(260)
        self.kv_dtype = QComboBox(self)
        for dtype in ("bf16", "fp8"):
            self.kv_dtype.addItem(dtype, dtype)
        self.kv_dtype.setMaximumWidth(260)
        self.kv_dtype.setToolTip(translate("NapkinKV", "The cache's element dtype"))
        self.form.addRow(translate("NapkinKV", "Model"), self.model)
        self.form.addRow(translate("NapkinKV", "Tokens"), self.tokens)
        self.form.addRow(translate("NapkinKV", "KV dtype"), self.kv_dtype)
        self.model.currentIndexChanged.connect(self._changed)
        self.kv_dtype.currentIndexChanged.connect(self._changed)
        self.tokens.valueChanged.connect(self._changed)
        self.tokens.validityChanged.connect(self._changed)

    def _changed(self, _value: object = None) -> None:
        self.recompute()

    def set_device(self, device: Device) -> None:
        """The shared device changed: its bandwidth bounds decoding."""
        self.device = device
        self.recompute()

    def recompute(self) -> None:
        """The answer for the current fields and device."""
        from core.inference.kv import kv_bytes_per_element
        from core.inference.weights import napkin_inputs
        from core.memory.models import preset
        from core.napkin.kv_cache import kv_cache

        if self.device is None:
            return
        try:
            if not self.tokens.isValid():
                raise InputError(
                    translate("NapkinKV", "{field}: see the message under the field").format(
                        field=translate("NapkinKV", "Tokens")
                    )
                )
            numbers = napkin_inputs(preset(self.model.currentData()))
            dtype = self.kv_dtype.currentData()
            answer = kv_cache(tokens=self.tokens.value(), bandwidth=self.device.bandwidth(),
                              bytes_per_element=kv_bytes_per_element(dtype), **numbers)  # fmt: skip
        except InputError as exc:
            self.show_problem(localized(exc.message))
            return
        self.show_result(
            format_bytes(answer.sequence_bytes),
            translate(
                "NapkinKV", "{per} per token · decoding at batch 1: at most {rate} tokens/s"
            ).format(per=format_bytes(answer.per_token), rate=format_number(answer.tokens_per_s)),
            localized(answer.formula()),
        )

    def session_state(self) -> dict[str, Any]:
        """The card's fields."""
        return {"model": self.model.currentData(), "tokens": self.tokens.text(),
                "kv_dtype": self.kv_dtype.currentData()}  # fmt: skip

    def restore_session(self, data: object) -> list[str]:
        """Apply saved fields; a value that does not read is reported and left as it was."""
        if not isinstance(data, dict):
            return [translate("NapkinKV", "napkin: the KV-cache card's state is not an object; kept the card as it was")]  # fmt: skip
        problems: list[str] = []
        for key, combo in (("model", self.model), ("kv_dtype", self.kv_dtype)):
            if key in data:
                index = find_data(combo, data[key])
                if index < 0:
                    problems.append(
                        translate("NapkinKV", "napkin: unknown {what} {value}; kept {current}").format(
                            what=key, value=brief(data[key]), current=str(combo.currentData())
                        )
                    )  # fmt: skip
                else:
                    combo.setCurrentIndex(index)
        if "tokens" in data:
            try:
                positive_int(str(data["tokens"]), _TOKENS, high=10_000_000)
                self.tokens.setText(str(data["tokens"]))
            except InputError as exc:
                problems.append(
                    translate("NapkinKV", "napkin: {problem}").format(
                        problem=localized(exc.message)
                    )
                )
        self.recompute()
        return problems
