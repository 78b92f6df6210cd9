"""Communication as its own kind of the step: the data-parallel gradient all-reduce.

With plain data parallelism over ``gpus`` GPUs (DDP), every GPU runs the traced step on its own
batch and, before the optimizer step, the gradients are summed over the GPUs with one all-reduce
of the gradient bytes (the trace's ``grads`` row: elements × the gradient dtype's size). Its time
is :func:`core.comm.dp.dp_step_comm`'s (ring all-reduce: each GPU sends ``2(n−1)/n`` × the message
over the slowest link the ring crosses; the intra-node link within a node, the network per GPU
across nodes; no latency term).

The assumption, stated wherever the result is shown: the all-reduce is **not overlapped** with
compute: it adds to the step's ops, which run one after another (the same "no overlap" as every
other op). Real DDP starts reducing gradient buckets during backward and hides part of it, so this
is the upper end. The step's FLOPs do not change, so MFU = model FLOPs / ((ops + all-reduce) ×
peak), and HFU likewise with the hardware FLOPs.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from core.comm.algorithms import NO_TRAFFIC
from core.echo import brief
from core.errors import InputError
from core.step.predict import Prediction
from core.step.trace import StepTrace
from core.texts import translate

__all__ = ["GPUS_PER_NODE", "KIND", "MAX_GPUS", "StepComm", "step_comm", "with_comm"]

#: The kind name of the communication row (next to ``matmul``, ``pointwise``…).
KIND = "communication"
#: GPUs per node assumed when the GPUs span nodes (an HGX/DGX node).
GPUS_PER_NODE = 8
#: The largest data-parallel world size accepted.
MAX_GPUS = 1_000_000


@dataclass(frozen=True)
class StepComm:
    """The gradient all-reduce of one data-parallel step.

    Attributes
    ----------
    gpus, nodes
        Data-parallel GPUs and the nodes they span (``GPUS_PER_NODE`` per node).
    message_bytes
        The all-reduce's message: every gradient element once, in the gradient dtype.
    bytes_per_rank
        Bytes each GPU sends: ``message × 2(n−1)/n``.
    bandwidth
        The per-GPU unidirectional bandwidth of the slowest link the ring crosses (``None`` for
        one GPU, or nothing to reduce: no traffic crosses a link).
    time_s
        ``bytes_per_rank / bandwidth`` (0 for one GPU).
    """

    gpus: int
    nodes: int
    message_bytes: float
    bytes_per_rank: float
    bandwidth: float | None
    time_s: float
    link: str

    @property
    def traffic(self) -> bool:
        """Whether the step sends anything (not over one GPU)."""
        return self.bandwidth is not None

    @property
    def assumption(self) -> str:
        """The sentence a UI prints next to the communication row."""
        return translate(
            "Step",
            "Data parallel over {gpus} GPUs ({nodes} node(s), {per_node} GPUs per node): one ring "
            "all-reduce of the gradients per step, each GPU sends 2(n-1)/n × {size} over {link}; "
            "not overlapped with compute (DDP hides part of it behind backward, so this is the "
            "upper end)",
        ).format(
            gpus=f"{self.gpus:,}",
            nodes=f"{self.nodes:,}",
            per_node=str(min(self.gpus, GPUS_PER_NODE)),
            size=_bytes(self.message_bytes),
            link=self.link,
        )

    def to_dict(self, pred: Prediction | None = None) -> dict[str, Any]:
        """The JSON form (``step --gpus N --json``); ``share`` of ``pred``'s step when given."""
        out: dict[str, Any] = {
            "op": "all-reduce",
            "gpus": self.gpus,
            "nodes": self.nodes,
            "bytes": self.message_bytes,
            "bytes_per_rank": self.bytes_per_rank,
            "traffic": self.traffic,
            "link_bandwidth": self.bandwidth,
            "time_s": self.time_s,
            "overlapped": False,
            "assumption": str(self.assumption if self.traffic else NO_TRAFFIC),
        }
        if pred is not None:
            out["share"] = pred.share(self.time_s)
        return out


def _bytes(value: float) -> str:
    from core.units import format_bytes

    return format_bytes(value)


def nodes_for(gpus: int) -> int:
    """Nodes that ``gpus`` data-parallel GPUs span (``GPUS_PER_NODE`` per node).

    Raises
    ------
    InputError
        For a count below 1 or above :data:`MAX_GPUS`, or one that does not fill whole nodes.
    """
    if isinstance(gpus, bool) or not isinstance(gpus, int) or not 1 <= gpus <= MAX_GPUS:
        raise InputError(
            translate(
                "Step",
                "GPUs: {value} is not a GPU count; allowed: a whole number from 1 to {high}",
            ).format(value=brief(gpus), high=f"{MAX_GPUS:,}"),
            field="gpus",
        )
    if gpus <= GPUS_PER_NODE:
        return 1
    if gpus % GPUS_PER_NODE:
        raise InputError(
            translate(
                "Step",
                "GPUs: {value} do not fill whole nodes of {per_node}; allowed: up to {per_node} "
                "or a multiple of {per_node}",
            ).format(value=f"{gpus:,}", per_node=GPUS_PER_NODE),
            field="gpus",
        )
    return gpus // GPUS_PER_NODE


def step_comm(trace: StepTrace, device: object, gpus: int) -> StepComm:
    """The gradient all-reduce of ``trace``'s step over ``gpus`` data-parallel GPUs of ``device``.

    Raises
    ------
    InputError
        For a bad GPU count, or a device without the interconnect bandwidth it needs
        (:func:`core.comm.algorithms.link_bandwidth`).
    """
    from core.comm.algorithms import estimate_collective

    nodes = nodes_for(gpus)
    grads = trace.table["grads"]
    size = float(grads["bytes"])
    if gpus == 1 or not size > 0:
        return StepComm(gpus, nodes, size, 0.0, None, 0.0, "")
    est = estimate_collective("all-reduce", size, gpus, device, nodes)
    assert est.bandwidth is not None  # more than one rank: a link is crossed
    link = _link_name(device, nodes, est.bandwidth)
    return StepComm(gpus, nodes, size, est.bytes_per_rank, est.bandwidth, est.time_s, link)


def _link_name(device: object, nodes: int, bandwidth: float) -> str:
    # The database's link descriptions are long English notes: the sentence names the scope only.
    if nodes > 1 and bandwidth == getattr(device, "inter_node_bandwidth", None):
        name = translate("Step", "the network between nodes")
    else:
        name = translate("Step", "the intra-node link")
    return translate("Step", "{link} at {rate} GB/s per GPU each way").format(
        link=name, rate=f"{bandwidth / 1e9:g}"
    )


def with_comm(pred: Prediction, comm: StepComm) -> Prediction:
    """``pred`` with the all-reduce added to the step time (shares and MFU follow)."""
    if comm.time_s <= 0:
        return pred
    total = pred.step_time_s + comm.time_s
    scale = pred.step_time_s / total if total > 0 else 0.0
    return replace(pred, step_time_s=total, mfu=pred.mfu * scale, hfu=pred.hfu * scale)
