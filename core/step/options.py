"""The Step tab's inputs from people's text (CLI, fields, sessions) into a traceable configuration."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from core.errors import InputError
from core.memory.activations import checkpoint
from core.memory.estimate import MemoryConfig
from core.memory.models import ModelSpec, parse_model
from core.memory.recipes import optimizer, parse_recipe
from core.step.hf import load_config
from core.validate import positive_int

__all__ = ["DEFAULTS", "StepInputs", "inputs_from_options"]

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
        raise InputError(f"unknown option(s): {', '.join(sorted(unknown))}; allowed: "
                         f"{', '.join(DEFAULTS)}")  # fmt: skip
    o = {**DEFAULTS, **{k: v for k, v in options.items() if v is not None}}
    notes: list[str] = []
    spec: ModelSpec
    if str(o["config"]).strip():
        spec, notes = load_config(str(o["config"]).strip())
    else:
        spec = parse_model(str(o["model"]))
    seq_text = str(o["seq"]).strip()
    seq = positive_int(seq_text, "seq", high=10_000_000) if seq_text else None
    if spec.kind == "mlp":
        seq = None
    dtype = str(o["dtype"]).strip() or None
    if dtype is not None:
        from core.roofline.hardware import validate_dtype

        validate_dtype(dtype)
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
            f"recipe: {cfg.recipe.params} weights cannot be traced; allowed: fp32, bf16, fp16",
            field="recipe",
        )
    return StepInputs(cfg, str(o["device"]).strip(), dtype, tuple(notes))
