"""DeepSeek's DualPipe schedule (``--schedule dualpipe``): its bubble, its hidden communication
and its memory, beside Megatron's 1F1B that the plan runs otherwise.

Source: the DeepSeek-V3 technical report (DeepSeek-AI 2024, arXiv 2412.19437, §3.2.1, Table 2)
and the DualPipe repository's README (github.com/deepseek-ai/DualPipe):

* **Bubble** ``(PP/2 − 1)(F&B + B − 3W)`` against 1F1B's ``(PP − 1)(F + B)``, with ``F`` a
  forward chunk, ``B`` a full backward chunk, ``W`` its "backward for weights" part and ``F&B``
  two mutually overlapped forward and backward chunks. The plan takes, per micro-batch on the
  busiest stage, ``F`` its forward, ``B`` its backward (with the recomputation), ``W`` a third of
  its GEMM time (forward, input-gradient and weight-gradient GEMMs have equal FLOPs) and ``F&B =
  F + B`` (the two chunks share the SMs; their communication is what overlaps).
* **Communication**: each forward chunk is paired with a backward chunk of another micro-batch
  so that "both all-to-all and PP communication can be fully hidden" (§3.2.1): the plan hides a
  micro-batch's expert all-to-all and pipeline sends behind its paired compute and shows only
  what outlasts it; the compute that runs beside them is slowed by the calibrated
  ``overlap_compute_slowdown``, as every overlapped collective of the plan is (DeepSeek gives
  the communication 20 of the H800's 132 SMs, §3.2.2).
* **Time**: each rank runs half the micro-batches through each of its two stages (below), so
  its step is ``m/2`` passes of each: per micro-batch, the mean of its two stages' times
  (:func:`busiest_pair`). Rank 0 pairs the first stage (the embedding) with the last (the LM
  head, the MTP modules): the report's reason for the pairing. 1F1B's busiest stage, by contrast,
  runs all ``m``.
* **Memory**: "2×" parameters and "PP + 1" micro-batches of activations (1F1B: PP on the first
  rank). Which two stages, and how many micro-batches of each, follow from the repository's
  ``DualPipe.step`` (its eight steps, simulated in ``tests/core/plan/test_dualpipe_schedule_sim.py``):
  rank ``r`` holds stage ``r`` for the micro-batches that enter at rank 0 and stage ``p − 1 − r``
  for those that enter at the last rank, so rank 0 holds the first and the last stage (the
  report's "shallowest and deepest layers on the same PP rank"); at its peak it keeps ``p − h``
  micro-batches of the lower-numbered of its two stages, ``h``, and ``h + 1`` of the other
  (:func:`pair_in_flight`).

Rules (the DualPipe repository's schedule): an even number of pipeline stages, no interleaving
(``vpp`` 1), and an even number of micro-batches, at least ``2·PP`` (half flow each way;
``DualPipe.step`` asserts ``num_chunks >= num_ranks * 2``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.errors import InputError
from core.texts import translate

__all__ = [
    "SCHEDULES",
    "bubble",
    "busiest_pair",
    "hidden_comm",
    "pair_in_flight",
    "params_factor",
    "runs",
    "schedule_problem",
]

#: The pipeline schedules: Megatron's 1F1B (interleaved when vpp > 1) and DeepSeek's DualPipe.
SCHEDULES: tuple[str, ...] = ("1f1b", "dualpipe")


def schedule_problem(schedule: str, p: int, v: int, micro_batches: int) -> InputError | None:
    """Why DualPipe cannot run ``p`` stages of ``v`` chunks with ``micro_batches`` per step
    (``None``: it can, or the schedule is 1F1B)."""
    if schedule != "dualpipe" or p == 1:  # without a pipeline there is nothing to schedule
        return None
    if p % 2 or v != 1:
        return InputError(
            translate("Plan", "schedule: DualPipe needs an even number of pipeline stages and no interleaving; allowed: pp 2, 4, 6, … with vpp 1, or --schedule 1f1b"),
            field="schedule",
        )  # fmt: skip
    if micro_batches % 2 or micro_batches < 2 * p:
        return InputError(
            translate("Plan", "schedule: DualPipe sends half the {m} micro-batches each way and needs an even number, at least twice pp {pp}; allowed: a global batch giving an even number ≥ {n} of micro-batches").format(m=f"{micro_batches:,}", pp=str(p), n=str(2 * p)),
            field="schedule",
        )  # fmt: skip
    return None


def bubble(p: int, forward: float, backward: float, weights: float) -> float:
    """DualPipe's bubble ``(p/2 − 1)(F&B + B − 3W)`` with ``F&B = F + B``."""
    return (p / 2 - 1) * max(0.0, forward + 2 * backward - 3 * weights)


def busiest_pair(
    stages: Mapping[str, Mapping[str, float]], layers: Mapping[str, float]
) -> tuple[str, dict[str, float], float]:
    """The GPU DualPipe keeps busiest, from each stage's seconds per micro-batch by part
    (``stages``: ``first``, ``last`` and, with more than two stages, ``middle``) and its
    ``layers``: ``(name, parts, layers)`` per micro-batch, each the mean of the GPU's two
    stages, since it runs half the micro-batches through each. GPU 0 (and its mirror, the last
    GPU) holds the first and the last stage (``first+last``); every other GPU two middle stages
    (``middle``)."""
    pairs = [("first+last", "first", "last")]
    if "middle" in stages:
        pairs.append(("middle", "middle", "middle"))
    best: tuple[str, dict[str, float], float] | None = None
    for name, a, b in pairs:
        parts = {k: (stages[a][k] + stages[b][k]) / 2 for k in stages[a]}
        if best is None or sum(parts.values()) > sum(best[1].values()):
            best = (name, parts, (layers[a] + layers[b]) / 2)
    assert best is not None
    return best


def hidden_comm(comm: float, compute: float, slowdown: float) -> tuple[float, float]:
    """``(exposed, hidden)`` seconds of a micro-batch's ``comm`` overlapped with ``compute`` of
    its paired chunk: what outlasts the compute shows, and the hidden part slows the compute by
    ``slowdown`` of itself."""
    hidden = min(comm, compute)
    return comm - hidden + slowdown * hidden, hidden


def pair_in_flight(p: int, stage: int) -> tuple[int, int]:
    """Micro-batches one rank keeps at its peak of ``stage`` and of the other stage it holds,
    ``p − 1 − stage``: the lower-numbered of the two, ``h``, keeps ``p − h`` and the other
    ``h + 1``; ``p + 1`` in all."""
    h = min(stage, p - 1 - stage)
    near = stage == h
    return (p - h, h + 1) if near else (h + 1, p - h)


def runs(schedule: Any, p: int) -> bool:
    """Whether DualPipe runs: asked for, with a pipeline to schedule."""
    return schedule == "dualpipe" and p > 1


def params_factor(schedule: Any, p: int) -> float:
    """How many stages' parameters a rank holds: 2 under DualPipe, else 1."""
    return 2.0 if runs(schedule, p) else 1.0
