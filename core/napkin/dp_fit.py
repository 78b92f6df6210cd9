"""Which data-parallel layout fits: plain DP or ZeRO stage 1, 2 or 3, the first whose state fits.

The Napkin tab's communication card reduces gradients over the GPUs of its training-time card. A
layout in which every GPU keeps the whole model's weights, gradients and optimizer state (plain
data parallelism) needs ``N × bytes per parameter`` on each GPU: the lecture's 70B model at 12
bytes needs 840 GB, ten times an H100. ZeRO (Rajbhandari et al. 2020, §5.1, Figure 1) shards the
optimizer state (stage 1), the gradients too (stage 2) and the weights too (stage 3) over the
``n`` data-parallel GPUs:

* plain DP: ``(w + g + o)·N``
* ZeRO-1: ``(w + g)·N + o·N/n``
* ZeRO-2: ``w·N + (g + o)·N/n``
* ZeRO-3: ``(w + g + o)·N/n``

with ``w``, ``g`` and ``o`` the bytes per parameter of the weights, the gradients and the rest
(master copy, moments) of a :class:`~core.napkin.training.BytesRecipe`. Activations are not
counted, as in the "largest model that fits" card: a layout said to fit may still not, one said
not to fit does not. When not even ZeRO-3 fits, no data-parallel layout does: the model needs
tensor or pipeline parallelism (the Plan tab searches those).
"""

from __future__ import annotations

from dataclasses import dataclass

from core.napkin.training import BytesRecipe

__all__ = ["STRATEGIES", "DPFit", "fitting_dp", "state_per_gpu"]

#: The layouts tried, least sharded first (the names of :data:`core.comm.dp.STRATEGIES`).
STRATEGIES: tuple[str, ...] = ("ddp", "zero1", "zero2", "zero3")


def _split(recipe: BytesRecipe) -> tuple[float, float, float]:
    """``(weights, gradients, the rest)`` bytes per parameter: a recipe lists the weights first,
    then the gradients (one part alone: all of it is the weights)."""
    parts = [b for _, b in recipe.parts]
    weights = parts[0] if parts else 0.0
    grads = parts[1] if len(parts) > 1 else 0.0
    return float(weights), float(grads), float(sum(parts[2:]))


def state_per_gpu(params: float, recipe: BytesRecipe, strategy: str, gpus: int) -> float:
    """Bytes of weights, gradients and optimizer state each GPU keeps under ``strategy``."""
    w, g, o = _split(recipe)
    n = max(1, gpus)
    per_param = {
        "ddp": w + g + o,
        "zero1": w + g + o / n,
        "zero2": w + (g + o) / n,
        "zero3": (w + g + o) / n,
    }[strategy]
    return params * per_param


@dataclass(frozen=True)
class DPFit:
    """The least-sharded data-parallel layout that fits, or that none does."""

    strategy: str  # the first that fits; "zero3" when none does
    per_gpu: float  # its bytes per GPU
    plain: float  # plain DP's bytes per GPU
    capacity: float
    fits: bool


def fitting_dp(params: float, recipe: BytesRecipe, gpus: int, capacity: float) -> DPFit:
    """The first of :data:`STRATEGIES` whose state fits ``capacity`` bytes per GPU."""
    plain = state_per_gpu(params, recipe, "ddp", gpus)
    for strategy in STRATEGIES:
        need = state_per_gpu(params, recipe, strategy, gpus)
        if need <= capacity:
            return DPFit(strategy, need, plain, capacity, True)
    return DPFit("zero3", state_per_gpu(params, recipe, "zero3", gpus), plain, capacity, False)
