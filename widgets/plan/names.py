"""The names people read for a plan's time and memory categories, and each category's colour.

The core's keys (:data:`core.plan.BREAKDOWN` and the memory keys of
:meth:`core.plan.StageMemory.to_dict`) stay English in the JSON and the CSV; the window shows these
names. Each category keeps one colour whatever else is drawn (a fixed index into the theme's
series), so "bubble" is the same colour in every plan, every theme's shade of it.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.plan.table import MEMORY_KEYS  # bottom to top: the core's order (peak: their sum)
from widgets.i18n import translate

__all__ = [
    "MEMORY_KEYS",
    "colour",
    "memory_colours",
    "memory_names",
    "moment_name",
    "stage_name",
    "time_colours",
    "time_names",
]

#: Category -> index into the theme's series (fixed: a category never changes colour). Weights,
#: gradients, optimizer state and activations take the Memory tab's colours.
_TIME_SERIES = {
    "compute": 0, "recompute": 4, "tp_comm": 1, "cp_comm": 5, "pp_comm": 3, "bubble": 6,
    "dp_comm": 2, "optimizer": 7, "ep_comm": 8,
}  # fmt: skip
_MEMORY_SERIES = {
    "weights": 0, "grads": 1, "optimizer": 2, "activations": 3, "temporaries": 4, "allowance": 6,
    "expert_state": 5,
}  # fmt: skip
_FALLBACK = "#888888"


def colour(series: Sequence[str], index: int) -> str:
    """The theme's series colour ``index`` (wrapping), or grey when the theme has none."""
    return series[index % len(series)] if series else _FALLBACK


def time_colours(series: Sequence[str]) -> dict[str, str]:
    """Step-time category -> colour."""
    return {key: colour(series, i) for key, i in _TIME_SERIES.items()}


def memory_colours(series: Sequence[str]) -> dict[str, str]:
    """Memory category -> colour."""
    return {key: colour(series, i) for key, i in _MEMORY_SERIES.items()}


def time_names() -> dict[str, str]:
    """Step-time category -> its name in the person's language."""
    return {
        "compute": translate("PlanNames", "compute"),
        "recompute": translate("PlanNames", "recompute"),
        "tp_comm": translate("PlanNames", "TP comm."),
        "cp_comm": translate("PlanNames", "CP comm."),
        "pp_comm": translate("PlanNames", "PP sends"),
        "ep_comm": translate("PlanNames", "all-to-all (EP)"),
        "bubble": translate("PlanNames", "bubble"),
        "dp_comm": translate("PlanNames", "DP comm."),
        "optimizer": translate("PlanNames", "optimizer"),
    }


def memory_names() -> dict[str, str]:
    """Memory category -> its name in the person's language."""
    return {
        "weights": translate("PlanNames", "weights"),
        "grads": translate("PlanNames", "grads"),
        "optimizer": translate("PlanNames", "optimizer state"),
        "expert_state": translate("PlanNames", "expert state"),
        "activations": translate("PlanNames", "activations"),
        "temporaries": translate("PlanNames", "temporaries"),
        "allowance": translate("PlanNames", "allowance"),
    }


def stage_name(stage: str) -> str:
    """A pipeline stage (``only``, ``first``, ``middle``, ``last``, or DualPipe's ``first+last``,
    the two one GPU holds) in the person's language."""
    names = {
        "only": translate("PlanNames", "one stage"),
        "first": translate("PlanNames", "first stage"),
        "middle": translate("PlanNames", "middle stage"),
        "last": translate("PlanNames", "last stage"),
        "first+last": translate("PlanNames", "first and last stages"),
    }
    return names.get(stage, stage)


def moment_name(moment: str) -> str:
    """A moment of the step at which memory peaks (:mod:`core.plan.memory`'s names)."""
    names = {
        "start of backward": translate("PlanNames", "start of backward"),
        "top layer's backward": translate("PlanNames", "top layer's backward"),
        "end of backward": translate("PlanNames", "end of backward"),
        "bottom segment's recompute": translate("PlanNames", "bottom segment's recompute"),
    }
    return names.get(moment, moment)
