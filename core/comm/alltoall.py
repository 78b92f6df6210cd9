"""All-to-all on paper and at achievable rates: what an expert-parallel dispatch or combine costs.

Conventions (nccl-tests' ``alltoall_perf``, ``src/alltoall.cu`` and ``doc/PERFORMANCE.md``):

- ``size`` S is what **each rank sends in all**, S/n to every rank, itself included (nccl-tests'
  ``count × nranks × typesize``).
- ``algbw = S / t`` and ``busbw = algbw × (n − 1)/n``: each rank's own S/n stays home, so the
  link carries ``S (n − 1)/n`` and busbw is comparable to the link's own bandwidth.

The time: with ``g = n / nodes`` ranks on each node (or NVLink domain), a rank sends
``S (g − 1)/n`` over NVLink to its ``g − 1`` neighbours and ``S (n − g)/n`` over the network to
the ranks of other nodes, through its own NIC (each GPU's share of the node's network bandwidth:
the database's bandwidth per GPU). The two run at once (NCCL issues every send of an all-to-all
in one group; DeepEP overlaps its NVLink and RDMA traffic), so ``t = max(NVLink bytes / NVLink
rate, network bytes / network rate) + latency``. Inside one node that is ``S (n − 1)/n / B``, so
busbw is the link's rate, as nccl-tests says it should be.

Two rates: **on paper** the datasheet links with no latency (as every collective of
:mod:`core.comm.algorithms`); **achievable** the link times the calibration's all-to-all busbw
fraction (nccl-tests and DeepEP measurements, :meth:`core.roofline.achievable.Calibration.
alltoall_busbw`; the ring's fraction where the device has none) plus one call's latency (NCCL's
base latency and one hop: an all-to-all's sends go out in one step, not a ring's n − 1).
Not modelled: DeepEP's de-duplication of a token sent to several experts on one node, PXN's
forwarding of network traffic over NVLink, congestion from other traffic.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from core.comm.links import NO_TRAFFIC, link_bandwidth
from core.echo import brief
from core.errors import InputError
from core.texts import translate
from core.units import format_bytes

__all__ = ["AllToAllEstimate", "alltoall_estimate", "alltoall_split"]


def alltoall_split(size: float, ranks: int, per_node: int) -> tuple[float, float]:
    """``(NVLink bytes, network bytes)`` one rank sends in an all-to-all of ``size`` bytes per rank
    over ``ranks`` ranks, ``per_node`` of them sharing its node (or NVLink domain)."""
    if ranks <= 1:
        return 0.0, 0.0
    here = max(1, min(per_node, ranks))
    return size * (here - 1) / ranks, size * (ranks - here) / ranks


@dataclass(frozen=True)
class AllToAllEstimate:
    """One all-to-all: bytes per link, time, algbw and busbw (bytes, seconds, bytes/s)."""

    size: float
    ranks: int
    nodes: int
    intra_bytes: float
    inter_bytes: float
    intra_rate: float | None
    inter_rate: float | None
    latency_s: float
    time_s: float
    algbw: float | None
    busbw: float | None
    bound: str
    achievable: bool
    assumptions: tuple[str, ...]

    @property
    def traffic(self) -> bool:
        """Whether anything leaves a rank (not for one rank)."""
        return self.ranks > 1

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (``napkinlab comm --op all-to-all --json``, key ``achievable``)."""
        return {
            "bytes": self.size,
            "gpus": self.ranks,
            "nodes": self.nodes,
            "nvlink_bytes_per_rank": self.intra_bytes,
            "network_bytes_per_rank": self.inter_bytes,
            "nvlink_rate": self.intra_rate,
            "network_rate": self.inter_rate,
            "latency_s": self.latency_s,
            "time_s": self.time_s,
            "algbw": self.algbw,
            "busbw": self.busbw,
            "bound": self.bound,
            "assumptions": list(self.assumptions),
        }


def _check(size: object, ranks: object, nodes: object) -> tuple[float, int, int]:
    if isinstance(ranks, bool) or not isinstance(ranks, int) or not 1 <= ranks <= 10**7:
        raise InputError(
            translate("Comm", "gpus: {value} is not a rank count; allowed: 1 to {most}").format(
                value=brief(ranks), most=f"{10**7:,}"
            ),
            field="gpus",
        )
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
    if not (isinstance(size, int | float) and not isinstance(size, bool)) or not (
        math.isfinite(size) and size > 0
    ):
        raise InputError(
            translate("Comm", "bytes: {size} must be a positive number of bytes").format(
                size=brief(size)
            ),
            field="bytes",
        )
    return float(size), ranks, nodes


def alltoall_estimate(
    size: float, ranks: int, device: object, nodes: int = 1, cal: Any = None
) -> AllToAllEstimate:
    """An all-to-all of ``size`` bytes per rank over ``ranks`` ranks on ``nodes`` nodes.

    ``cal`` (a :class:`core.roofline.achievable.Calibration`) gives the achievable rates and the
    latency; without it the datasheet links, no latency (on paper).

    Raises
    ------
    InputError
        For a bad size, rank or node count, or a device without the link this needs.
    """
    size, ranks, nodes = _check(size, ranks, nodes)
    if ranks == 1:
        return AllToAllEstimate(size, 1, 1, 0.0, 0.0, None, None, 0.0, 0.0, None, None, "",
                                cal is not None, (str(NO_TRAFFIC),))  # fmt: skip
    per_node = ranks // nodes
    intra_bytes, inter_bytes = alltoall_split(size, ranks, per_node)
    intra_link, _ = link_bandwidth(device, 1)
    inter_link = None
    if nodes > 1:
        link_bandwidth(device, nodes)  # the error when the device has no network figure
        inter_link = float(getattr(device, "inter_node_bandwidth", 0.0))
    notes = [
        f"each rank sends {format_bytes(size / ranks, 4)} to each of {ranks} ranks (itself "
        f"included): {format_bytes(intra_bytes, 4)} over NVLink to {per_node - 1} neighbours"
        + (f", {format_bytes(inter_bytes, 4)} over its NIC to {ranks - per_node} ranks on other "
           "nodes" if nodes > 1 else ""),
        "busbw = algbw x (n-1)/n (nccl-tests' alltoall convention)",
    ]  # fmt: skip
    if cal is None:
        intra_rate, inter_rate, latency = intra_link, inter_link, 0.0
        notes.append("on paper: the datasheet links, no latency")
    else:
        intra_rate = cal.alltoall_busbw(intra_link, False)
        inter_rate = cal.alltoall_busbw(inter_link, True) if inter_link else None
        latency = cal.alltoall_latency_s(nodes > 1)
        for crosses, rate in ((False, intra_rate), (True, inter_rate)):
            if rate is None:
                continue
            where = "network" if crosses else "NVLink"
            kind = cal.alltoall_fraction_source(crosses)
            field = f"{'inter' if crosses else 'intra'}_node_" + (
                "alltoall_busbw_fraction" if kind == "alltoall" else "busbw_fraction"
            )
            notes.append(
                f"{where}: {rate / 1e9:.4g} GB/s achievable ({field} "
                f"{cal.values[field]:g}{'' if kind == 'alltoall' else ': no all-to-all figure'})"
            )
        notes.append(
            f"latency {latency * 1e6:.3g} us per call: NCCL's base latency and one "
            f"{'network' if nodes > 1 else 'NVLink'} hop (every send goes out at once)"
        )
    t_intra = intra_bytes / intra_rate if intra_bytes else 0.0
    t_inter = inter_bytes / inter_rate if inter_bytes and inter_rate else 0.0
    bound = "network" if t_inter > t_intra else "nvlink"
    time_s = max(t_intra, t_inter) + latency
    algbw = size / time_s
    return AllToAllEstimate(
        size=size,
        ranks=ranks,
        nodes=nodes,
        intra_bytes=intra_bytes,
        inter_bytes=inter_bytes,
        intra_rate=intra_rate,
        inter_rate=inter_rate,
        latency_s=latency,
        time_s=time_s,
        algbw=algbw,
        busbw=algbw * (ranks - 1) / ranks,
        bound=bound,
        achievable=cal is not None,
        assumptions=tuple(notes),
    )
