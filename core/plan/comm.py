"""Communication of a parallel layout, per micro-batch and per step, on the cluster's links.

Every collective is a ring (:func:`core.comm.algorithms.bus_factor`: all-reduce ``2(n−1)/n``,
all-gather and reduce-scatter ``(n−1)/n`` of nccl-tests' message size) at the achievable bus
bandwidth of its group: inside a node the intra-node link × its busbw fraction; across nodes
``min(intra-node busbw, g × NIC × inter busbw fraction)`` with ``g`` the group's GPUs per node —
NCCL's channels cross the node boundary at different GPUs, so all ``g`` NICs carry a ring's
traffic at once (ml-engineering's 4-node measurements: a flat ring over the node's NICs lands
within 6 % of them; one NIC's rate would be 4–8× too slow). Then the ring's latency: NCCL's own model of a ring with its
Simple protocol, a base latency and one hop latency per ring step, the steps that cross nodes at
the network's (:meth:`core.roofline.achievable.Calibration.ring_latency_s`), plus a fixed latency
per call where the calibration has one. NCCL picks a tree, NVLS or the LL protocols for small
messages; the plan's collectives are large (megabytes), where NCCL runs rings. The gradient
reduction and ZeRO-1/2's gathers are issued per bucket of the framework
(:func:`core.plan.frameworks.gradient_buckets`: Megatron-Core's ``max(40M, 1M·DP)``-parameter
buckets, DDP's 25 MiB, FSDP's one per transformer block, DeepSpeed's 5e8 elements) and ZeRO-3's
per layer, each paying the latency once; gradients are reduced in the framework's reduce dtype
where it sets one (torchtitan's FSDP2: fp32).

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
from core.comm.alltoall import alltoall_split
from core.plan import torch_cp
from core.plan.frameworks import framework, gradient_buckets, reduce_dtype
from core.plan.inputs import Cluster, Layout, PlanInput
from core.roofline.achievable import Calibration
from core.roofline.hardware import DTYPE_BYTES

__all__ = ["CommTimes", "Links", "alltoall_seconds", "comm_times", "links"]


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
    tp_nodes: int = 1
    cp_nodes: int = 1
    pp_nodes: int = 1
    dp_nodes: int = 1


def _nodes(stride: int, size: int, per_node: int) -> int:
    """Nodes a group of ``size`` ranks ``stride`` apart spans (Megatron's rank order)."""
    if size <= 1:
        return 1
    here = max(1, min(size, per_node // stride)) if stride < per_node else 1
    return -(-size // here)


#: The last ``(cluster, calibration, {(tp, cp, dp, pp): links})`` :func:`links` met: a search asks
#: for the links of the same few group shapes thousands of times (held by identity, both frozen).
_LINKS: list[tuple[Cluster, Calibration, dict[tuple[int, int, int, int], Links]]] = []


def links(inp: PlanInput, layout: Layout, cal: Calibration) -> Links:
    """The links of each parallel group under Megatron's rank order (TP, CP, DP, PP)."""
    cl = inp.cluster
    key = (layout.tp, layout.cp, layout.dp, layout.pp)
    held = _LINKS[0] if _LINKS else None  # one read: another thread may replace it
    if held is None or held[0] is not cl or held[1] is not cal:
        held = (cl, cal, {})
        _LINKS[:] = [held]
    found = held[2].get(key)
    if found is None:
        found = held[2][key] = _links(cl, *key, cal)
    return found


def _links(cl: Cluster, t: int, c: int, d: int, p: int, cal: Calibration) -> Links:
    """:func:`links` of a ``t × c × d × p`` layout on cluster ``cl``."""

    # One GPU has no group to link: a device without a link figure (a laptop's) plans alone.
    intra = cal.busbw(cl.intra_bw, False) if cl.gpus > 1 else 0.0

    def bw(stride: int, size: int) -> tuple[float, bool]:
        if size <= 1:
            return 1.0, False
        if not cl.group_crosses_nodes(stride, size):
            return intra, False
        per_node = -(-size // _nodes(stride, size, cl.domain))
        return min(intra, per_node * cal.busbw(cl.inter_bw, True)), True

    tp, tpx = bw(1, t)
    cp, cpx = bw(t, c)
    pp, ppx = bw(t * c * d, p)
    dp, dpx = bw(t, d * c)
    g = cl.domain
    return Links(tp, tpx, cp, cpx, pp, ppx, dp, dpx, tp_nodes=_nodes(1, t, g),
                 cp_nodes=_nodes(t, c, g), pp_nodes=_nodes(t * c * d, p, g),
                 dp_nodes=_nodes(t, d * c, g))  # fmt: skip


def alltoall_seconds(
    inp: PlanInput, cal: Calibration, stride: int, size: int, bytes_per_rank: float
) -> float:
    """Seconds of one all-to-all (an expert-parallel dispatch or combine) over a group of
    ``size`` ranks ``stride`` apart, each sending ``bytes_per_rank`` in all: the share for the
    ranks of its own NVLink domain over NVLink and the rest through its own NIC at once
    (:mod:`core.comm.alltoall`), at the calibration's all-to-all bus bandwidth of each link, plus
    one call's latency (a network hop once the group crosses domains)."""
    if size <= 1 or bytes_per_rank <= 0:
        return 0.0
    cl = inp.cluster
    crosses = cl.group_crosses_nodes(stride, size)
    here = -(-size // _nodes(stride, size, cl.domain)) if crosses else size
    intra_bytes, inter_bytes = alltoall_split(bytes_per_rank, size, here)
    seconds = intra_bytes / cal.alltoall_busbw(cl.intra_bw, False) if intra_bytes else 0.0
    if inter_bytes:
        seconds = max(seconds, inter_bytes / cal.alltoall_busbw(cl.inter_bw, True))
    return seconds + cal.alltoall_latency_s(crosses)


_factor = lru_cache(maxsize=1024)(bus_factor)


def _coll(
    op: str, size: float, n: int, busbw: float, latency: float, cal: Calibration, nodes: int
) -> float:
    """Seconds of one ring collective: its bytes at the bus bandwidth plus NCCL's ring latency
    and the calibration's fixed latency per call."""
    if n <= 1 or size <= 0:
        return 0.0
    held = _RING[0] if _RING else None  # one read: another thread may replace it
    if held is None or held[0] is not cal:
        held = (cal, {})
        _RING[:] = [held]
    key = (op, n, nodes)
    ring = held[1].get(key)
    if ring is None:
        ring = held[1][key] = cal.ring_latency_s(op, n, nodes)
    return _factor(op, n) * size / busbw + ring + latency


#: The last calibration :func:`_coll` met and its ring latencies by ``(op, ranks, nodes)``: a
#: search asks for the same few thousands of times (held by identity; a calibration is frozen).
_RING: list[tuple[Calibration, dict[tuple[str, int, int], float]]] = []


@dataclass(frozen=True)
class CommTimes:
    """Seconds of communication (before any overlap).

    ``tp_layer_fwd``/``tp_layer_bwd`` per layer and micro-batch; ``tp_embed`` and ``tp_head`` per
    micro-batch on the first and last stage; ``cp_layer_fwd``/``cp_layer_bwd`` per layer and
    micro-batch; ``pp_micro`` per micro-batch on one stage (all its chunks, both directions);
    ``dp_grads`` and ``dp_params`` per step; ``zero3_fwd``/``zero3_bwd`` per micro-batch;
    ``dp_buckets`` the collectives the gradient reduction is cut into (ZeRO-3: per layer).
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
    dp_buckets: int = 1


#: The last ``(input, calibration, {(tp, cp, micro-batch, sp, links): times})``
#: :func:`_tp_cp_times` met: a search asks for the same few shapes thousands of times.
_TP_CP: list[tuple[PlanInput, Calibration, dict[tuple, tuple[float, ...]]]] = []


def _tp_cp_times(
    inp: PlanInput, cal: Calibration, link: Links, t: int, c: int, b: int, sp: bool
) -> tuple[float, ...]:
    """``(tp_fwd, tp_bwd, tp_embed, tp_head, cp_fwd, cp_bwd, act)`` of :func:`comm_times`: what
    depends on TP, CP, the micro-batch and SP and their links only (remembered per input and
    calibration, by identity: both are frozen)."""
    key = (t, c, b, sp, link.tp, link.tp_nodes, link.cp, link.cp_crosses)
    held = _TP_CP[0] if _TP_CP else None  # one read: another thread may replace it
    if held is None or held[0] is not inp or held[1] is not cal:
        held = (inp, cal, {})
        _TP_CP[:] = [held]
    found = held[2].get(key)
    if found is None:
        found = held[2][key] = _tp_cp_worked(inp, cal, link, t, c, b, sp)
    return found


def _tp_cp_worked(
    inp: PlanInput, cal: Calibration, link: Links, t: int, c: int, b: int, sp: bool
) -> tuple[float, ...]:
    """:func:`_tp_cp_times` worked out."""
    spec, rec = inp.model, inp.recipe
    lat = cal.collective_latency_s
    e = rec.bytes("acts")
    tokens = b * inp.seq / c
    act = tokens * spec.d_model * e

    def tp_coll(op: str, size: float) -> float:
        return _coll(op, size, t, link.tp, lat, cal, link.tp_nodes)

    if sp:
        one = tp_coll("all-gather", act) + tp_coll("reduce-scatter", act)
    else:
        one = tp_coll("all-reduce", act)
    tp_fwd = 2 * one
    tp_bwd = 2 * one
    reduce_one = tp_coll("reduce-scatter" if sp else "all-reduce", act)
    gather_one = tp_coll("all-gather", act) if sp else 0.0
    stats = 3 * tp_coll("all-reduce", tokens * 4)  # vocab-parallel loss: max, sum, target
    tp_embed = reduce_one
    tp_head = gather_one + reduce_one + stats
    kv_div = min(t, spec.kv_heads)
    kv_block = 2 * tokens * spec.kv_dim / kv_div * e
    torch_ring = framework(inp.implementation.framework).torch_cp
    if torch_ring:  # PyTorch's context_parallel under torchtitan: K/V at the query heads
        kv_block = torch_cp.forward_bytes(spec, tokens, t, e)
    steps = c - 1
    if c > 1:
        hop = lat + cal.hop_latency_s(link.cp_crosses)
        cp_fwd = steps * (kv_block / link.cp + hop)
        cp_bwd = 2 * steps * (kv_block / link.cp + hop)
        if torch_ring:  # K/V gathered again, then P exchanges of the fp32 dK/dV running sums
            cp_bwd = torch_cp.BACKWARD_GATHERS * steps * (kv_block / link.cp + hop) + c * (
                torch_cp.backward_bytes(spec, tokens, t) / link.cp + hop
            )
    else:
        cp_fwd = cp_bwd = 0.0
    return tp_fwd, tp_bwd, tp_embed, tp_head, cp_fwd, cp_bwd, act


def comm_times(
    inp: PlanInput, layout: Layout, cal: Calibration, link: Links, stage_params: float,
    layers: float = 1.0,
) -> CommTimes:  # fmt: skip
    """Every collective of ``layout`` (``stage_params``: parameters of the busiest GPU, ``layers``
    its layers: the gradient reduction and ZeRO's gathers are issued once per layer)."""
    rec = inp.recipe
    t, c, p, v = layout.tp, layout.cp, layout.pp, layout.vpp
    lat = cal.collective_latency_s
    tp_fwd, tp_bwd, tp_embed, tp_head, cp_fwd, cp_bwd, act = _tp_cp_times(
        inp, cal, link, t, c, layout.micro_batch, layout.sp
    )
    pp_micro = 0.0
    if p > 1:
        pp_micro = 2 * v * (act / t / link.pp + lat + cal.hop_latency_s(link.pp_crosses))
    n_dp = layout.dp * c
    fw = framework(inp.implementation.framework)
    reduce_in = reduce_dtype(fw, layout.zero)
    per_grad = DTYPE_BYTES[reduce_in] if reduce_in else rec.bytes("grads")
    grad_bytes = stage_params * per_grad
    param_bytes = stage_params * rec.bytes("params")
    zero3_fwd = zero3_bwd = 0.0
    dp_params = 0.0
    calls = gradient_buckets(fw, zero=layout.zero, params=stage_params, layers=layers, vpp=v,
                             dp=n_dp, grad_bytes=per_grad)  # fmt: skip

    def dp_coll(op: str, size: float) -> float:
        if n_dp <= 1 or size <= 0:
            return 0.0
        one = _coll(op, size / calls, n_dp, link.dp, lat, cal, link.dp_nodes)
        return calls * one

    if layout.zero == 0:
        dp_grads = dp_coll("all-reduce", grad_bytes)
    elif layout.zero in (1, 2):
        dp_grads = dp_coll("reduce-scatter", grad_bytes)
        dp_params = dp_coll("all-gather", param_bytes)
    else:
        dp_grads = 0.0
        gather = dp_coll("all-gather", param_bytes)
        zero3_fwd = gather
        zero3_bwd = gather + dp_coll("reduce-scatter", grad_bytes)
    return CommTimes(tp_fwd, tp_bwd, tp_embed, tp_head, cp_fwd, cp_bwd, pp_micro, dp_grads,
                     dp_params, zero3_fwd, zero3_bwd, calls)  # fmt: skip
