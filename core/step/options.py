"""The Step tab's inputs from people's text (CLI, fields, sessions) into a traceable configuration.

:func:`inputs_from_options` reads a Memory configuration (a preset, the MLP, the custom transformer
or a llama/mistral/qwen2/gpt2 ``config.json``); :func:`step_inputs` also accepts any other
``config.json`` that ``transformers`` builds (:class:`HFInputs`, traced by
:func:`core.step.hf_build.trace_hf_config`). The CLI and the tab share both, so they refuse the
same input with the same message.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from core.errors import InputError
from core.memory.activations import checkpoint
from core.memory.estimate import MemoryConfig
from core.memory.models import ModelSpec, parse_model
from core.memory.recipes import optimizer, parse_recipe
from core.step.hf import load_config, resolve_model_source
from core.texts import translate
from core.validate import positive_int

__all__ = ["DEFAULTS", "HF_DTYPES", "HFInputs", "StepInputs", "inputs_from_options", "step_inputs"]

#: Default option texts: GPT-2 small at a short sequence (traces in about a second).
DEFAULTS: dict[str, Any] = {
    "model": "gpt2",
    "config": "",
    "batch": "1",
    "seq": "256",
    "recipe": "bf16",
    "optimizer": "adamw",
    "checkpoint": "none",
    "device": "h100-sxm",
    "dtype": "",
    "allow_download": False,
}


@dataclass(frozen=True)
class StepInputs:
    """A validated configuration plus the device choice and notes on the model source."""

    config: MemoryConfig
    device: str
    dtype: str | None
    notes: tuple[str, ...] = field(default_factory=tuple)

    @property
    def label(self) -> str:
        """One line for people: model, batch × seq, recipe, optimizer."""
        cfg = self.config
        return (
            f"{cfg.model.name}, batch {cfg.micro} × seq {cfg.seq_len}, {cfg.recipe.id}, "
            f"{cfg.optimizer.id}, checkpoint {cfg.checkpoint.mode}"
        )


def inputs_from_options(**options: Any) -> StepInputs:
    """Validate every option (missing ones take :data:`DEFAULTS`); the error names the field."""
    unknown = set(options) - set(DEFAULTS)
    if unknown:
        raise InputError(translate("Step", "unknown option(s): {names}; allowed: {allowed}").format(names=", ".join(sorted(unknown)), allowed=", ".join(DEFAULTS)))  # fmt: skip
    o = {**DEFAULTS, **{k: v for k, v in options.items() if v is not None}}
    notes: list[str] = []
    spec: ModelSpec
    if str(o["config"]).strip():
        spec, notes = load_config(str(o["config"]).strip())
    elif hub := resolve_model_source(str(o["model"]), allow_download=o["allow_download"] is True):
        spec, notes = load_config(*hub)  # a Hugging Face Hub id, from its local cache
    else:
        spec = parse_model(str(o["model"]))
    seq_text = str(o["seq"]).strip()
    seq = positive_int(seq_text, "seq", high=10_000_000) if seq_text else None
    if spec.kind == "mlp":
        seq = None
    dtype = str(o["dtype"]).strip() or None
    if dtype is not None:
        from core.roofline.hardware import validate_dtype

        dtype = validate_dtype(dtype)
    cfg = MemoryConfig(
        model=spec,
        batch=positive_int(o["batch"], "batch", high=10**9),
        seq=seq,
        recipe=parse_recipe(str(o["recipe"])),
        optimizer=optimizer(str(o["optimizer"])),
        checkpoint=checkpoint(o["checkpoint"]),
    )
    if cfg.recipe.params not in ("fp32", "bf16", "fp16"):
        raise InputError(
            translate("Step", "recipe: {dtype} weights cannot be traced; allowed: {allowed}").format(dtype=cfg.recipe.params, allowed=", ".join(HF_DTYPES)),
            field="recipe",
        )  # fmt: skip
    return StepInputs(cfg, str(o["device"]).strip(), dtype, tuple(notes))


#: Weight dtypes a step is traced in.
HF_DTYPES: tuple[str, ...] = ("fp32", "bf16", "fp16")


@dataclass(frozen=True)
class HFInputs:
    """A ``config.json`` that ``transformers`` builds (not one of :data:`core.step.hf.FAMILIES`),
    with the batch, sequence, weight dtype and optimizer to trace it with."""

    path: str
    batch: int
    seq: int
    weights: str
    optimizer: str
    device: str
    dtype: str | None
    notes: tuple[str, ...] = field(default_factory=tuple)

    @property
    def label(self) -> str:
        """One line for people: the file, batch × seq, weights, optimizer."""
        from pathlib import Path

        return (
            f"{Path(self.path).name}, batch {self.batch} × seq {self.seq}, {self.weights} "
            f"weights, {self.optimizer}"
        )


def step_inputs(*, measure: bool = False, **options: Any) -> StepInputs | HFInputs:
    """:func:`inputs_from_options`, or :class:`HFInputs` for a ``config.json`` whose architecture
    only ``transformers`` builds (traced as it is: no checkpointing, not measured here)."""
    path = str(options.get("config") or "").strip()
    if not path:  # a hub id resolves to its cached config.json (core.step.hf)
        hub = resolve_model_source(str(options.get("model") or ""),
                                   allow_download=options.get("allow_download") is True)  # fmt: skip
        if hub is not None:
            path = hub[0]
    if path:
        from core.step.hf_build import needs_transformers

        if needs_transformers(path):
            return _hf_inputs(path, measure, options)
    return inputs_from_options(**options)


def _hf_inputs(path: str, measure: bool, options: dict[str, Any]) -> HFInputs:
    from core.memory.recipes import parse_recipe
    from core.roofline.hardware import validate_dtype

    o = {**DEFAULTS, **{k: v for k, v in options.items() if v not in (None, "")}}
    if measure:
        raise InputError(
            translate("Step", "measure: a model built by transformers is traced, not run here; "
                      "measure a preset, the custom transformer or a llama/mistral/qwen2/gpt2 "
                      "config"),
            field="measure",
        )  # fmt: skip
    o.pop("allow_download", None)
    if str(o["checkpoint"]).strip() not in ("", "none"):
        raise InputError(
            translate("Step", "checkpoint: a model built by transformers is traced as it is; "
                      "allowed: none"),
            field="checkpoint",
        )  # fmt: skip
    batch = positive_int(o["batch"], "batch", high=10**6)
    seq = positive_int(o["seq"], "seq", high=10_000_000)
    weights = parse_recipe(str(o["recipe"])).params
    if weights not in HF_DTYPES:
        raise InputError(
            translate("Step", "recipe: {dtype} weights cannot be traced; allowed: {allowed}").format(dtype=weights, allowed=", ".join(HF_DTYPES)),
            field="recipe",
        )  # fmt: skip
    dtype = str(o["dtype"]).strip() or None
    if dtype is not None:
        dtype = validate_dtype(dtype)
    optimizer_id = str(o["optimizer"]).strip().lower()
    return HFInputs(path, batch, seq, weights, optimizer_id, str(o["device"]).strip(), dtype)
