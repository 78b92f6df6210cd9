"""Estimate against trace (and measurement): the gaps per category, each with its reason.

The tab shows these lines on hover and the accuracy benchmark prints them under its table.
"""

from __future__ import annotations

from collections.abc import Mapping

from core.memory.estimate import CATEGORIES, Estimate
from core.units import format_bytes

__all__ = ["REASONS", "explain", "gap"]

#: Why a traced category differs from the estimate, in general.
REASONS: dict[str, str] = {
    "params": "weights are exact in both: bytes/param × N (ZeRO-3 sharding is not traced).",
    "grads": "gradients exist only after backward; the trace's peak (start of backward) has none "
    "yet, the estimate adds them anyway (an upper bound). ZeRO-2 sharding is not traced.",
    "optimizer": "state is made before the step (steady state); ZeRO-1 sharding is not traced.",
    "activations": "the formula counts the large saved tensors; the trace also sees small ones "
    "(norm statistics, masks, the loss) and what this torch version really keeps.",
    "temporaries": "temporaries (the loss's fp32 gradients at the start of backward, one layer's "
    "backward gradients, the embedding's gradient at the end) are estimated at the estimate's "
    "peak moment; the trace shows those at its own peak.",
    "total": "the estimated peak is the fullest of a few moments of backward (start of backward, "
    "top layer, end of backward; with checkpointing the bottom segment's recompute); the traced "
    "peak is the fullest moment seen. Neither includes the allowance (CUDA context, allocator "
    "reserve).",
}


def gap(estimated: float, traced: float) -> float:
    """Relative gap ``(traced − estimated) / estimated`` (0 when both are 0)."""
    if estimated == 0:
        return 0.0 if traced == 0 else float("inf")
    return (traced - estimated) / estimated


def explain(
    est: Estimate, traced: Mapping[str, float], peak: float | None = None
) -> dict[str, str]:
    """One line per category (and ``total``): both numbers, the gap and the reason."""
    out: dict[str, str] = {}
    sharded = est.config.zero > 0 and est.config.gpus > 1
    for key in CATEGORIES:
        e, t = est.bytes[key], float(traced.get(key, 0.0))
        line = (
            f"{key}: estimate {format_bytes(e)}, trace {format_bytes(t)} "
            f"({gap(e, t):+.1%}). {REASONS[key]}"
        )
        if sharded and key != "activations":
            line += f" The estimate is per device with ZeRO-{est.config.zero} over "
            line += f"{est.config.gpus} GPUs; the trace is one unsharded device."
        if key == "grads" and est.config.recipe.grads != est.config.recipe.params:
            line += (" Autograd makes gradients in the weights' dtype, so the trace shows "
                     f"{est.config.recipe.params} gradients, not {est.config.recipe.grads}.")  # fmt: skip
        out[key] = line
    temps = float(traced.get("temporaries", 0.0))
    out["temporaries"] = (
        f"temporaries: estimate {format_bytes(est.temporaries)} at the {est.peak_moment}, "
        f"trace {format_bytes(temps)}. {REASONS['temporaries']}"
    )
    if peak is not None:
        out["total"] = (
            f"total: estimated peak {format_bytes(est.peak)} ({est.peak_moment}), traced peak "
            f"{format_bytes(peak)} ({gap(est.peak, peak):+.1%}). {REASONS['total']}"
        )
    return out
