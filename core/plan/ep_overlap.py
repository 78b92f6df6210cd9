"""The expert all-to-all hidden behind another micro-batch (``--ep-overlap``): Megatron-Core's
``overlap_moe_expert_parallel_comm``, its rules, what it hides and what stays exposed.

Source: Megatron-Core's ``pipeline_parallel/combined_1f1b.py`` and ``schedules.py``, and the
checks in ``transformer/transformer_config.py`` (``core_v0.15``):

* **Pairing.** The forward of one micro-batch runs layer by layer beside the backward of another
  ("EP A2A in forward step is hidden by the attention/mlp computation in the backward step, and
  vice versa"). Without a pipeline, the first micro-batch's forward and the last one's backward
  run alone (``combined_1f1b_schedule_for_no_pipelining``). Under the interleaved schedule the
  warm-up forwards of the first rank, ``2(p − 1) + (v − 1)·p`` and one more for the overlap
  (``get_pp_rank_microbatches``), and as many cool-down backwards run alone.
* **What shows.** A paired micro-batch's all-to-all hides behind the compute of the chunk it is
  paired with and shows only what outlasts it; the compute beside it is slowed by the calibrated
  ``overlap_compute_slowdown`` of what it hides, as every overlapped collective of the plan is
  (the same accounting as DualPipe's pairs, :func:`core.plan.dualpipe.hidden_comm`). The
  unpaired chunks' all-to-all is exposed whole.
* **Rules.** With a pipeline, the interleaved schedule (``vpp`` > 1); no full recomputation and
  no recomputed ``moe`` module (the recompute would run the dispatch again); Megatron's 1F1B, not
  DualPipe (which pairs its chunks itself). Megatron also asks for EP > 1: here the switch is moot
  without an expert all-to-all (a dense model, EP 1), as TP's overlap is with TP 1, so that a
  window's switch left on does not block a dense plan.
* **Memory.** The extra warm-up forward keeps one more chunk of activations in flight under the
  interleaved schedule (:func:`core.plan.memory.in_flight_layers`); without a pipeline the
  paired forward fills what the backward frees, layer by layer.

Not modelled: the host time the pairing adds (each paired layer issues both passes' ops) and
``delay_wgrad_compute``'s reordering of the weight gradients, which serves the same hiding.
"""

from __future__ import annotations

from typing import Any

from core.errors import InputError
from core.texts import translate

__all__ = [
    "code_problem",
    "extra_in_flight",
    "overlap_problem",
    "pairable",
    "runs",
    "unpaired_share",
]


def runs(impl: Any, spec: Any, ep: int) -> bool:
    """Whether the all-to-all overlap runs: asked for, on a mixture of experts with EP > 1."""
    return bool(getattr(impl, "ep_overlap", False)) and bool(spec.is_moe) and ep > 1


def overlap_problem(impl: Any, spec: Any, layout: Any, p: int, v: int) -> InputError | None:
    """Why ``--ep-overlap`` cannot run with this layout (``None``: it can, or it is off)."""
    if not runs(impl, spec, layout.ep):
        return None  # off, or moot: a dense model or EP 1 has no expert all-to-all to hide
    if p > 1 and v <= 1:
        return InputError(
            translate("Plan", "ep-overlap: with a pipeline, Megatron-Core pairs micro-batches only under the interleaved schedule; allowed: pp 1, or vpp 2 or more"),
            field="ep_overlap",
        )  # fmt: skip
    if layout.recompute == "full":
        return InputError(
            translate("Plan", "ep-overlap: full recomputation would run the dispatch again; allowed: recompute none or selective"),
            field="ep_overlap",
        )  # fmt: skip
    return None


def code_problem(impl: Any) -> InputError | None:
    """Why ``--ep-overlap`` cannot run with the rest of the code's settings, whatever the layout
    (``None``: it can, or it is off): the ``moe`` module recomputed, or DualPipe."""
    if not getattr(impl, "ep_overlap", False):
        return None
    if "moe" in tuple(getattr(impl, "recompute_modules", ())):
        return InputError(
            translate("Plan", "ep-overlap: the moe module recomputed would run the dispatch again; allowed: recompute modules other than moe"),
            field="ep_overlap",
        )  # fmt: skip
    if getattr(impl, "schedule", "1f1b") == "dualpipe":
        return InputError(
            translate("Plan", "ep-overlap: DualPipe pairs its chunks itself; allowed: --schedule 1f1b with --ep-overlap"),
            field="ep_overlap",
        )  # fmt: skip
    return None


def unpaired_share(p: int, v: int, micro_batches: int) -> float:
    """The share of a step's chunks (forwards, and as many backwards) that run unpaired on the
    first rank: one micro-batch's of ``m`` without a pipeline, ``2(p − 1) + (v − 1)·p + 1``
    of the ``m·v`` chunks under the interleaved schedule."""
    m = max(1, micro_batches)
    if p <= 1:
        return 1.0 / m
    warm = 2 * (p - 1) + (v - 1) * p + 1
    return min(1.0, warm / (m * v))


def extra_in_flight(impl: Any, spec: Any, ep: int, p: int, v: int) -> int:
    """Forwards in flight beyond the schedule's own: one under the interleaved schedule with the
    overlap, else none."""
    return 1 if runs(impl, spec, ep) and p > 1 and v > 1 else 0


def pairable(impl: Any) -> bool:
    """Whether the rest of the code's settings let the overlap be switched on (the same code with
    it on passes :func:`code_problem`, which the implementation runs when it is made)."""
    from dataclasses import replace

    try:
        replace(impl, ep_overlap=True)
    except InputError:
        return False
    return True
