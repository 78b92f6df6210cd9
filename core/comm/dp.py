"""Communication per training step under data parallelism (DDP, ZeRO-1/2, ZeRO-3/FSDP), on paper.

Every rank holds a full copy of the gradient (DDP) or a 1/n shard of it (ZeRO), and the step moves:

- ``ddp``: one all-reduce of the gradients (``params × grad_bytes``).
- ``zero1``/``zero2``: a reduce-scatter of the gradients, then an all-gather of the updated
  parameters (``params × param_bytes``): the same ring volume as the all-reduce (ZeRO paper, §7).
- ``zero3``/``fsdp``: an all-gather of the parameters in forward, another in backward, and a
  reduce-scatter of the gradients: 1.5 × the DDP volume.

Each collective is timed by :func:`core.comm.algorithms.estimate_collective` (ring factors, slowest
link, no latency). "Overlapped with compute" assumes the collectives run during backward (bucketed
all-reduce, prefetched all-gathers) and are hidden up to the compute time: only the excess shows.
Errors are :class:`core.texts.Text` (context ``Comm``); the assumptions stay English (CLI only).
"""

from __future__ import annotations

from dataclasses import dataclass

from core.comm.algorithms import NO_TRAFFIC, CollectiveEstimate, estimate_collective
from core.echo import brief
from core.errors import InputError
from core.texts import translate

__all__ = ["STRATEGIES", "StepComm", "dp_step_comm", "traced_step_comm"]

#: Data-parallel strategies and the collectives each step runs: (op, which bytes, how many times).
STRATEGIES: dict[str, tuple[tuple[str, str, int], ...]] = {
    "ddp": (("all-reduce", "grad", 1),),
    "zero1": (("reduce-scatter", "grad", 1), ("all-gather", "param", 1)),
    "zero2": (("reduce-scatter", "grad", 1), ("all-gather", "param", 1)),
    "zero3": (("all-gather", "param", 2), ("reduce-scatter", "grad", 1)),
    "fsdp": (("all-gather", "param", 2), ("reduce-scatter", "grad", 1)),
}


@dataclass(frozen=True)
class StepComm:
    """The collectives of one data-parallel step and their time, exposed or hidden."""

    strategy: str
    collectives: tuple[tuple[CollectiveEstimate, int], ...]
    time_s: float
    exposed_s: float
    overlapped: bool
    compute_s: float | None
    assumptions: tuple[str, ...]

    @property
    def bytes_per_rank(self) -> float:
        """Bytes each rank sends per step over all collectives."""
        return sum(e.bytes_per_rank * k for e, k in self.collectives)

    def to_dict(self) -> dict[str, object]:
        """The JSON form (``napkinlab comm --params ... --json``)."""
        return {
            "strategy": self.strategy,
            "collectives": [dict(e.to_dict(), count=k) for e, k in self.collectives],
            "bytes_per_rank": self.bytes_per_rank,
            "time_s": self.time_s,
            "exposed_s": self.exposed_s,
            "overlapped": self.overlapped,
            "compute_s": self.compute_s,
            "assumptions": list(self.assumptions),
        }


def dp_step_comm(
    params: float,
    device: object,
    gpus: int,
    *,
    nodes: int = 1,
    strategy: str = "ddp",
    grad_bytes: float = 2.0,
    param_bytes: float = 2.0,
    compute_s: float | None = None,
    overlapped: bool = False,
) -> StepComm:
    """Communication time of one data-parallel step of a ``params``-parameter model.

    Parameters
    ----------
    params
        Parameter count.
    grad_bytes, param_bytes
        Bytes per gradient element reduced and per parameter element gathered (bf16 = 2).
    compute_s
        Compute time of the step; with ``overlapped`` the communication hides behind it.

    Raises
    ------
    InputError
        For an unknown strategy, a non-positive size, or what
        :func:`~core.comm.algorithms.estimate_collective` refuses.
    """
    plan = STRATEGIES.get(strategy)
    if plan is None:
        raise InputError(
            translate("Comm", "strategy: unknown {strategy}; allowed: {allowed}").format(
                strategy=brief(strategy), allowed=", ".join(STRATEGIES)
            ),
            field="strategy",
        )
    if overlapped and compute_s is None:
        raise InputError(
            translate("Comm", "overlap: needs the step's compute time to hide behind"),
            field="overlap",
        )
    sizes = {"grad": params * grad_bytes, "param": params * param_bytes}
    done = tuple(
        (estimate_collective(op, sizes[kind], gpus, device, nodes), count)
        for op, kind, count in plan
    )
    total = sum(e.time_s * k for e, k in done)
    exposed = max(0.0, total - compute_s) if overlapped and compute_s is not None else total
    notes = [
        f"{strategy}: " + ", ".join(f"{k} x {e.op} of {e.size:.4g} B" for e, k in done),
        *done[0][0].assumptions[1:],
    ]
    if not done[0][0].traffic:
        notes = [f"{strategy}: {NO_TRAFFIC}"]
    elif overlapped:
        notes.append(
            "overlapped with compute: collectives run during backward and hide up to the compute "
            "time; only the excess adds to the step"
        )
    elif not overlapped:
        notes.append("not overlapped: communication adds to the step's compute time")
    return StepComm(strategy, done, total, exposed, overlapped, compute_s, tuple(notes))


def traced_step_comm(
    collectives: dict[str, dict[str, float]], device: object, gpus: int, *, nodes: int = 1
) -> list[tuple[CollectiveEstimate, int]]:
    """Time the collectives a trace counted (``{"all-gather": {"calls": 4, "bytes": ...}}``).

    ``bytes`` is the sum over calls of nccl-tests' message size (the whole gathered output, the
    whole reduce-scatter input). With no latency term the time of the calls equals the time of one
    collective of their summed size, so each kind is estimated once with its call count.
    """
    out = []
    for op, seen in sorted(collectives.items()):
        size, calls = float(seen.get("bytes", 0.0)), int(seen.get("calls", 0))
        if size > 0 and calls > 0:
            out.append((estimate_collective(op, size, gpus, device, nodes), calls))
    return out
