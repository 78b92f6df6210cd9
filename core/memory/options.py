"""Build a :class:`~core.memory.estimate.MemoryConfig` from people's text (CLI, fields, sessions).

Each option is validated on its own, so a message names the one field that is wrong.
"""

from __future__ import annotations

from typing import Any

from core.echo import brief
from core.errors import InputError
from core.memory.activations import checkpoint
from core.memory.estimate import MemoryConfig
from core.memory.expert_parallel import CAPACITY_RANGE
from core.memory.models import MLPSpec, TransformerSpec, parse_model
from core.memory.recipes import optimizer, parse_recipe
from core.texts import translate
from core.validate import positive_float, positive_int

__all__ = ["DEFAULTS", "config_from_options", "kernels_for"]

#: Default option texts (the lecture's example network).
DEFAULTS: dict[str, Any] = {
    "model": "mlp:d=4096,layers=8",
    "batch": "64",
    "seq": "",
    "micro_batch": "",
    "recipe": "bf16",
    "optimizer": "adam",
    "checkpoint": "none",
    "zero": "0",
    "gpus": "1",
    "flash": True,
    "dropout": False,
    "mlp_full": False,
    "kernels": "cuda",
    "ep": "1",
    "etp": "1",
    "capacity_factor": "",
}


def kernels_for(vendor: str) -> str:
    """The kernel family a device runs: ``cuda`` for NVIDIA and AMD GPUs (ROCm follows the CUDA
    kernels' saved tensors), ``cpu`` otherwise (the CPU kernels are what torch runs there)."""
    return "cuda" if vendor.strip().lower() in ("nvidia", "amd") else "cpu"


def _flag(value: object, name: str) -> bool:
    if isinstance(value, bool):
        return value
    raise InputError(
        translate("Memory", "{name}: expected true or false, got {value}").format(
            name=name, value=brief(value)
        ),
        field=name,
    )


def config_from_options(**options: Any) -> MemoryConfig:
    """Validate every option (missing ones take :data:`DEFAULTS`) and build the config."""
    unknown = set(options) - set(DEFAULTS)
    if unknown:
        raise InputError(
            translate("Memory", "unknown option(s): {unknown}; allowed: {allowed}").format(
                unknown=", ".join(sorted(unknown)), allowed=", ".join(DEFAULTS)
            )
        )
    o = {**DEFAULTS, **{k: v for k, v in options.items() if v is not None}}
    seq = None if str(o["seq"]).strip() == "" else positive_int(o["seq"], "seq", high=10_000_000)
    micro = (
        None
        if str(o["micro_batch"]).strip() == ""
        else positive_int(o["micro_batch"], "micro-batch", high=10**9)
    )
    zero = positive_int(o["zero"], "zero", low=0, high=3)
    return MemoryConfig(
        model=o["model"]
        if isinstance(o["model"], MLPSpec | TransformerSpec)
        else parse_model(str(o["model"])),  # a spec read elsewhere (a config.json) as it is
        batch=positive_int(o["batch"], "batch", high=10**9),
        seq=seq,
        micro_batch=micro,
        recipe=parse_recipe(str(o["recipe"])),
        optimizer=optimizer(str(o["optimizer"])),
        checkpoint=checkpoint(o["checkpoint"]),
        zero=zero,
        gpus=positive_int(o["gpus"], "gpus", high=10_000_000),
        flash=_flag(o["flash"], "flash"),
        dropout=_flag(o["dropout"], "dropout"),
        mlp_full=_flag(o["mlp_full"], "mlp_full"),
        kernels=str(o["kernels"]).strip().lower(),
        ep=positive_int(o["ep"], "ep", high=1_000_000),
        etp=positive_int(o["etp"], "etp", high=1_000_000),
        capacity_factor=_capacity(o["capacity_factor"]),
    )


def _capacity(value: object) -> float | None:
    """A capacity factor from text: empty is dropless (``None``)."""
    if str(value).strip() == "":
        return None
    low, high = CAPACITY_RANGE
    return positive_float(value, "capacity-factor", low=low, high=high)
