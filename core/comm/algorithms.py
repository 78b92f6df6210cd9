"""Collective communication on paper: bytes on the wire, time, algbw and busbw per collective.

Conventions (those of nccl-tests, ``doc/PERFORMANCE.md``, so a measured row and an estimate compare):

- ``size`` is the message size S in bytes as nccl-tests counts it: the buffer of an all-reduce or a
  broadcast; the **whole** gathered output of an all-gather (n × the per-rank piece); the **whole**
  input of a reduce-scatter (n × the per-rank output).
- ``algbw = S / t``; ``busbw = algbw × factor(n)`` with the ring factors below. busbw is what each
  rank's link carries, so it is comparable across n and to the link's own bandwidth.
- Ring factors: all-reduce 2(n−1)/n (a reduce-scatter then an all-gather), all-gather and
  reduce-scatter (n−1)/n, broadcast 1 (a pipelined chain). All-to-all (not a ring): S is what
  each rank sends in all, busbw = algbw × (n−1)/n; its time is :mod:`core.comm.alltoall`'s (NVLink
  and network bytes at once, each at its own link). **One rank moves nothing**: no
  traffic, time 0, and no bandwidth at all (``algbw`` and ``busbw`` are ``None``, JSON ``null``,
  with ``traffic: false``; ``S / 0`` is not an infinite bandwidth). No link is needed then.
- Time on paper: ``t = S × factor(n) / B`` where B is the unidirectional bandwidth per GPU of the
  slowest link the ring crosses: the intra-node link (NVLink, Infinity Fabric, ICI, PCIe) within a
  node, ``min(intra, inter)`` once it spans nodes (every rank has its own NIC; rings cross nodes).
  No latency term (α = 0): small messages are latency-bound and run far below this figure. Tree and
  hierarchical algorithms (NCCL picks them at scale) are not modelled.

Errors are :class:`core.texts.Text` (context ``Comm``), translated where the window shows them; the
assumptions stay English (only the CLI prints them).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from core.comm.alltoall import alltoall_estimate
from core.comm.links import NO_TRAFFIC, link_bandwidth
from core.echo import brief
from core.errors import InputError
from core.texts import translate

__all__ = [
    "COLLECTIVES",
    "NO_TRAFFIC",
    "CollectiveEstimate",
    "bus_factor",
    "estimate_collective",
    "link_bandwidth",
    "measured_bandwidths",
    "normalize_op",
]

#: Collective names as the CLI spells them; ``all_reduce`` (torch/nccl-tests style) is accepted too.
COLLECTIVES: tuple[str, ...] = (
    "all-reduce",
    "all-gather",
    "reduce-scatter",
    "broadcast",
    "all-to-all",
)

_MAX_RANKS = 10**7


def normalize_op(op: object) -> str:
    """``all_reduce``/``allreduce``/``all-reduce`` → ``all-reduce``; the error lists the allowed names."""
    text = op.strip().lower().replace("_", "-") if isinstance(op, str) else ""
    aliases = {c.replace("-", ""): c for c in COLLECTIVES}
    name = aliases.get(text.replace("-", ""), "")
    if not name:
        raise InputError(
            translate("Comm", "op: unknown collective {op}; allowed: {allowed}").format(
                op=brief(op), allowed=", ".join(COLLECTIVES)
            ),
            field="op",
        )
    return name


def _ranks(n: object) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= _MAX_RANKS:
        raise InputError(
            translate("Comm", "gpus: {value} is not a rank count; allowed: 1 to {most}").format(
                value=brief(n), most=f"{_MAX_RANKS:,}"
            ),
            field="gpus",
        )
    return n


def bus_factor(op: str, n: int) -> float:
    """nccl-tests' busbw/algbw ratio: bytes each rank sends per byte of message (a ring's, or an
    all-to-all's (n−1)/n: each rank keeps its own share)."""
    name = normalize_op(op)
    ranks = _ranks(n)
    if name == "all-reduce":
        return 2 * (ranks - 1) / ranks
    if name == "broadcast":
        return 1.0
    return (ranks - 1) / ranks


def measured_bandwidths(op: str, size: float, seconds: float, n: int) -> tuple[float, float]:
    """``(algbw, busbw)`` in bytes/s for a measured ``seconds`` (nccl-tests' definitions)."""
    if not seconds > 0:
        return math.inf, math.inf
    algbw = size / seconds
    return algbw, algbw * bus_factor(op, n)


@dataclass(frozen=True)
class CollectiveEstimate:
    """One collective on paper; every figure in bytes, seconds and bytes/s."""

    op: str
    size: float
    ranks: int
    nodes: int
    factor: float
    bytes_per_rank: float
    bandwidth: float | None
    time_s: float
    algbw: float | None
    busbw: float | None
    assumptions: tuple[str, ...]

    @property
    def traffic(self) -> bool:
        """Whether anything crosses a link (not for one rank)."""
        return self.ranks > 1

    def to_dict(self) -> dict[str, object]:
        """The JSON form (``napkinlab comm --json``); one rank: ``traffic`` false, no bandwidths."""
        out: dict[str, object] = {
            "op": self.op,
            "bytes": self.size,
            "gpus": self.ranks,
            "nodes": self.nodes,
            "traffic": self.traffic,
            "bus_factor": self.factor,
            "bytes_per_rank": self.bytes_per_rank,
            "link_bandwidth": self.bandwidth,
            "time_s": self.time_s,
            "algbw": self.algbw,
            "busbw": self.busbw,
            "assumptions": list(self.assumptions),
        }
        if not self.traffic:
            out["note"] = str(NO_TRAFFIC)
        return out


def estimate_collective(
    op: str, size: float, gpus: int, device: object, nodes: int = 1
) -> CollectiveEstimate:
    """Time, algbw and busbw of ``op`` on ``size`` bytes over ``gpus`` ranks spread on ``nodes``.

    Raises
    ------
    InputError
        For an unknown op, a rank count below 1, nodes that do not divide the GPUs, or a device
        without the bandwidth this needs.
    """
    name = normalize_op(op)
    ranks = _ranks(gpus)
    if isinstance(nodes, bool) or not isinstance(nodes, int) or not 1 <= nodes <= ranks:
        raise InputError(
            translate(
                "Comm", "nodes: {nodes} must be a whole number from 1 to gpus ({gpus})"
            ).format(nodes=brief(nodes), gpus=str(ranks)),
            field="nodes",
        )
    if ranks % nodes:
        raise InputError(
            translate(
                "Comm",
                "nodes: {gpus} GPUs do not split evenly over {nodes} nodes; allowed: a divisor of "
                "{gpus}",
            ).format(gpus=str(ranks), nodes=str(nodes)),
            field="nodes",
        )
    if not (isinstance(size, int | float) and math.isfinite(size) and size > 0):
        raise InputError(
            translate("Comm", "bytes: {size} must be a positive number of bytes").format(
                size=brief(size)
            ),
            field="bytes",
        )
    factor = bus_factor(name, ranks)
    if name == "all-to-all" and ranks > 1:
        return _alltoall(size, ranks, device, nodes, factor)
    if ranks == 1:
        return CollectiveEstimate(
            op=name, size=float(size), ranks=1, nodes=1, factor=factor, bytes_per_rank=0.0,
            bandwidth=None, time_s=0.0, algbw=None, busbw=None,
            assumptions=(str(NO_TRAFFIC),),
        )  # fmt: skip
    bandwidth, why = link_bandwidth(device, nodes)
    per_rank = size * factor
    time_s = per_rank / bandwidth
    algbw = size / time_s
    busbw = algbw * factor
    assumptions = (
        f"ring algorithm: each rank sends {factor:.4g} x the message ({_factor_text(name)})",
        f"bounded by {why}",
        "bandwidth term only (no per-hop latency): small messages run far below this",
        f"{ranks // nodes} GPUs per node x {nodes} node(s); every GPU has its own link",
    )
    return CollectiveEstimate(
        op=name,
        size=float(size),
        ranks=ranks,
        nodes=nodes,
        factor=factor,
        bytes_per_rank=per_rank,
        bandwidth=bandwidth,
        time_s=time_s,
        algbw=algbw,
        busbw=busbw,
        assumptions=assumptions,
    )


def _alltoall(
    size: float, ranks: int, device: object, nodes: int, factor: float
) -> CollectiveEstimate:
    """An all-to-all on paper (:func:`core.comm.alltoall.alltoall_estimate`) as a collective:
    ``bandwidth`` is the bus bandwidth it reaches (the slower of its NVLink and network parts)."""
    est = alltoall_estimate(size, ranks, device, nodes)
    assert est.algbw is not None and est.busbw is not None
    return CollectiveEstimate(
        op="all-to-all",
        size=float(size),
        ranks=ranks,
        nodes=nodes,
        factor=factor,
        bytes_per_rank=size * factor,
        bandwidth=est.busbw,
        time_s=est.time_s,
        algbw=est.algbw,
        busbw=est.busbw,
        assumptions=(
            *est.assumptions,
            f"bounded by the {'network' if est.bound == 'network' else 'NVLink'} part",
            f"{ranks // nodes} GPUs per node x {nodes} node(s); every GPU has its own NIC",
        ),
    )


def _factor_text(op: str) -> str:
    return {
        "all-reduce": "2(n-1)/n: reduce-scatter then all-gather",
        "all-gather": "(n-1)/n",
        "reduce-scatter": "(n-1)/n",
        "broadcast": "1: pipelined chain",
        "all-to-all": "(n-1)/n: each rank keeps its own share",
    }[op]
