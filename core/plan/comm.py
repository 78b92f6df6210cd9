"""Communication of a parallel layout, per micro-batch and per step, on the cluster's links.

Every collective is a ring (:func:`core.comm.algorithms.bus_factor`: all-reduce ``2(n−1)/n``,
all-gather and reduce-scatter ``(n−1)/n`` of nccl-tests' message size) at the achievable bus
bandwidth of the slowest link its group crosses (:meth:`core.plan.inputs.Cluster.group_bandwidth`
× the calibrated busbw fraction), plus a fixed latency per call.

* **TP** (Shoeybi et al. 2019; Korthikanti et al. 2022 §4.2.2), per layer and micro-batch of
  ``b·s/CP`` tokens, message ``tokens × h × activation bytes``: two all-reduces in forward and two
  in backward; with sequence parallelism an all-gather and a reduce-scatter in place of each, the
  same volume. Full recomputation runs the forward's two again. The vocabulary-parallel embedding
  all-reduces (reduce-scatters) its output; the head gathers its input and reduces its input's
  gradient.
* **CP**: each of ``CP − 1`` ring steps passes a rank's K and V block to the next (forward), and
  K, V and their gradients (backward): ``2 × tokens × kv width / TP`` bytes each way.
* **PP**: one activation per micro-batch and chunk each way between neighbouring stages,
  ``tokens × h / TP`` bytes per GPU (Narayanan et al. 2021's scatter/gather, or the sequence-
  parallel shard).
* **DP** over the ``DP × CP`` ranks that hold the same weights: the gradients all-reduced (ZeRO-0),
  reduce-scattered and the updated weights all-gathered (ZeRO-1/2), or, with ZeRO-3, the weights
  all-gathered for every micro-batch's forward and backward and the gradients reduce-scattered.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from core.comm.algorithms import bus_factor
from core.plan.inputs import Layout, PlanInput
from core.roofline.achievable import Calibration

__all__ = ["CommTimes", "Links", "comm_times", "links"]


@dataclass(frozen=True)
class Links:
    """Achievable bus bandwidth of each group's ring and whether it crosses nodes."""

    tp: float
    tp_crosses: bool
    cp: float
    cp_crosses: bool
    pp: float
    pp_crosses: bool
    dp: float
    dp_crosses: bool


def links(inp: PlanInput, layout: Layout, cal: Calibration) -> Links:
    """The links of each parallel group under Megatron's rank order (TP, CP, DP, PP)."""
    cl = inp.cluster
    t, c, d, p = layout.tp, layout.cp, layout.dp, layout.pp

    def bw(stride: int, size: int) -> tuple[float, bool]:
        if size <= 1:
            return 1.0, False
        raw, crosses = cl.group_bandwidth(stride, size)
        return cal.busbw(raw, crosses), crosses

    tp, tpx = bw(1, t)
    cp, cpx = bw(t, c)
    pp, ppx = bw(t * c * d, p)
    dp, dpx = bw(t, d * c)
    return Links(tp, tpx, cp, cpx, pp, ppx, dp, dpx)


_factor = lru_cache(maxsize=1024)(bus_factor)


def _coll(op: str, size: float, n: int, busbw: float, latency: float) -> float:
    if n <= 1 or size <= 0:
        return 0.0
    return _factor(op, n) * size / busbw + latency


@dataclass(frozen=True)
class CommTimes:
    """Seconds of communication (before any overlap).

    ``tp_layer_fwd``/``tp_layer_bwd`` per layer and micro-batch; ``tp_embed`` and ``tp_head`` per
    micro-batch on the first and last stage; ``cp_layer_fwd``/``cp_layer_bwd`` per layer and
    micro-batch; ``pp_micro`` per micro-batch on one stage (all its chunks, both directions);
    ``dp_grads`` and ``dp_params`` per step; ``zero3_fwd``/``zero3_bwd`` per micro-batch.
    """

    tp_layer_fwd: float
    tp_layer_bwd: float
    tp_embed: float
    tp_head: float
    cp_layer_fwd: float
    cp_layer_bwd: float
    pp_micro: float
    dp_grads: float
    dp_params: float
    zero3_fwd: float
    zero3_bwd: float


def comm_times(
    inp: PlanInput, layout: Layout, cal: Calibration, link: Links, stage_params: float
) -> CommTimes:
    """Every collective of ``layout`` (``stage_params``: parameters of the busiest GPU)."""
    spec, rec = inp.model, inp.recipe
    t, c, p, v = layout.tp, layout.cp, layout.pp, layout.vpp
    lat = cal.collective_latency_s
    e = rec.bytes("acts")
    tokens = layout.micro_batch * inp.seq / c
    act = tokens * spec.d_model * e
    if layout.sp:
        one = _coll("all-gather", act, t, link.tp, lat) + _coll(
            "reduce-scatter", act, t, link.tp, lat
        )
    else:
        one = _coll("all-reduce", act, t, link.tp, lat)
    tp_fwd = 2 * one
    tp_bwd = 2 * one
    reduce_one = (
        _coll("reduce-scatter", act, t, link.tp, lat)
        if layout.sp
        else _coll("all-reduce", act, t, link.tp, lat)
    )
    gather_one = _coll("all-gather", act, t, link.tp, lat) if layout.sp else 0.0
    stats = 3 * _coll(
        "all-reduce", tokens * 4, t, link.tp, lat
    )  # vocab-parallel loss: max, sum, target
    tp_embed = reduce_one
    tp_head = gather_one + reduce_one + stats
    kv_div = min(t, spec.kv_heads)
    kv_block = 2 * tokens * spec.kv_dim / kv_div * e
    steps = c - 1
    if c > 1:
        cp_fwd = steps * (kv_block / link.cp + lat)
        cp_bwd = 2 * steps * (kv_block / link.cp + lat)
    else:
        cp_fwd = cp_bwd = 0.0
    pp_micro = 0.0
    if p > 1:
        pp_micro = 2 * v * (act / t / link.pp + lat)
    n_dp = layout.dp * c
    grad_bytes = stage_params * rec.bytes("grads")
    param_bytes = stage_params * rec.bytes("params")
    zero3_fwd = zero3_bwd = 0.0
    dp_params = 0.0
    if layout.zero == 0:
        dp_grads = _coll("all-reduce", grad_bytes, n_dp, link.dp, lat)
    elif layout.zero in (1, 2):
        dp_grads = _coll("reduce-scatter", grad_bytes, n_dp, link.dp, lat)
        dp_params = _coll("all-gather", param_bytes, n_dp, link.dp, lat)
    else:
        dp_grads = 0.0
        gather = _coll("all-gather", param_bytes, n_dp, link.dp, lat)
        zero3_fwd = gather
        zero3_bwd = gather + _coll("reduce-scatter", grad_bytes, n_dp, link.dp, lat)
    return CommTimes(tp_fwd, tp_bwd, tp_embed, tp_head, cp_fwd, cp_bwd, pp_micro, dp_grads,
                     dp_params, zero3_fwd, zero3_bwd)  # fmt: skip
