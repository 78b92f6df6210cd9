"""Estimate against trace (and measurement): the gaps per category, each with its reason.

The tab shows these lines on hover and the accuracy benchmark prints them under its table.
"""

from __future__ import annotations

from collections.abc import Mapping

from core.memory.estimate import CATEGORIES, Estimate
from core.texts import Text, join_texts, translate
from core.units import format_bytes

__all__ = ["REASONS", "explain", "gap"]

#: Why a traced category differs from the estimate, in general.
REASONS: dict[str, Text] = {
    "params": translate(
        "Memory", "weights are exact in both: bytes/param × N (ZeRO-3 sharding is not traced)."
    ),
    "grads": translate(
        "Memory",
        "gradients exist only after backward; the trace's peak (start of backward) has none yet, "
        "the estimate adds them anyway (an upper bound). ZeRO-2 sharding is not traced.",
    ),
    "optimizer": translate(
        "Memory", "state is made before the step (steady state); ZeRO-1 sharding is not traced."
    ),
    "activations": translate(
        "Memory",
        "the formula counts the large saved tensors; the trace also sees small ones (norm "
        "statistics, masks, the loss) and what this torch version really keeps.",
    ),
    "temporaries": translate(
        "Memory",
        "temporaries (the loss's fp32 gradients at the start of backward, one layer's backward "
        "gradients, the embedding's gradient at the end) are estimated at the estimate's peak "
        "moment; the trace shows those at its own peak.",
    ),
    "total": translate(
        "Memory",
        "the estimated peak is the fullest of a few moments of backward (start of backward, top "
        "layer, end of backward; with checkpointing the bottom segment's recompute); the traced "
        "peak is the fullest moment seen. Neither includes the allowance (CUDA context, allocator "
        "reserve).",
    ),
}

#: The categories' names at the start of a line.
_NAMES: dict[str, Text] = {
    "params": translate("Memory", "params"),
    "grads": translate("Memory", "grads"),
    "optimizer": translate("Memory", "optimizer"),
    "activations": translate("Memory", "activations"),
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
    cfg = est.config
    sharded = cfg.zero > 0 and cfg.gpus > 1
    for key in CATEGORIES:
        e, t = est.bytes[key], float(traced.get(key, 0.0))
        parts: list[str] = [
            translate("Memory", "{category}: estimate {estimate}, trace {trace} ({gap}).").format(
                category=_NAMES[key], estimate=format_bytes(e), trace=format_bytes(t),
                gap=f"{gap(e, t):+.1%}",
            ),
            REASONS[key],
        ]  # fmt: skip
        if sharded and key != "activations":
            parts.append(
                translate(
                    "Memory",
                    "The estimate is per device with ZeRO-{zero} over {gpus} GPUs; the trace is "
                    "one unsharded device.",
                ).format(zero=str(cfg.zero), gpus=str(cfg.gpus))
            )
        if key == "grads" and cfg.recipe.grads != cfg.recipe.params:
            parts.append(
                translate(
                    "Memory",
                    "Autograd makes gradients in the weights' dtype, so the trace shows {params} "
                    "gradients, not {grads}.",
                ).format(params=cfg.recipe.params, grads=cfg.recipe.grads)
            )
        out[key] = join_texts(parts)
    temps = float(traced.get("temporaries", 0.0))
    out["temporaries"] = join_texts([
        translate("Memory", "temporaries: estimate {estimate} at the {moment}, trace {trace}.")
        .format(estimate=format_bytes(est.temporaries), moment=est.peak_moment,
                trace=format_bytes(temps)),
        REASONS["temporaries"],
    ])  # fmt: skip
    if peak is not None:
        out["total"] = join_texts([
            translate(
                "Memory",
                "total: estimated peak {estimate} ({moment}), traced peak {trace} ({gap}).",
            ).format(estimate=format_bytes(est.peak), moment=est.peak_moment,
                     trace=format_bytes(peak), gap=f"{gap(est.peak, peak):+.1%}"),
            REASONS["total"],
        ])  # fmt: skip
    return out
