"""The communication term of a napkin training-time answer (plain data parallelism or ZeRO/FSDP).

The napkin's compute time ``6·N·D / (gpus × peak × MFU)`` is split into optimizer steps of
``batch_tokens`` tokens each; every step pays the collectives of :func:`core.comm.dp.dp_step_comm`.
Not overlapped, they add to every step; overlapped with compute (bucketed all-reduce during
backward, prefetched all-gathers), only what exceeds the step's compute time adds. The compute time
comes in as a number, so this module needs nothing from :mod:`core.napkin`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from core.comm.dp import StepComm, dp_step_comm
from core.errors import InputError

__all__ = ["TrainCommAnswer", "train_time_with_comm"]


@dataclass(frozen=True)
class TrainCommAnswer:
    """Compute time plus the communication each step adds."""

    compute_s: float
    steps: float
    step: StepComm
    total_s: float

    @property
    def comm_added_s(self) -> float:
        """Seconds the communication adds over the whole run."""
        return self.total_s - self.compute_s

    @property
    def assumption(self) -> str:
        """The sentence a UI prints under the answer."""
        per = self.compute_s / self.steps
        how = (
            "overlapped with compute: each step hides up to its compute time "
            f"({per:.3g} s) of its {self.step.time_s:.3g} s of communication"
            if self.step.overlapped
            else f"not overlapped: each of {self.steps:.4g} steps adds {self.step.time_s:.3g} s"
        )
        return f"{self.step.strategy} over {self.step.collectives[0][0].ranks} GPUs; {how}"

    def to_dict(self) -> dict[str, object]:
        """The JSON form."""
        return {
            "compute_s": self.compute_s,
            "steps": self.steps,
            "comm_per_step_s": self.step.time_s,
            "exposed_per_step_s": self.step.exposed_s,
            "comm_added_s": self.comm_added_s,
            "total_s": self.total_s,
            "total_days": self.total_s / 86400,
            "overlapped": self.step.overlapped,
            "assumption": self.assumption,
            "step": self.step.to_dict(),
        }


def train_time_with_comm(
    compute_s: float,
    params: float,
    tokens: float,
    batch_tokens: float,
    device: object,
    gpus: int,
    *,
    nodes: int = 1,
    strategy: str = "ddp",
    grad_bytes: float = 2.0,
    overlapped: bool = False,
) -> TrainCommAnswer:
    """The training time ``compute_s`` plus the data-parallel communication of every step.

    Raises
    ------
    InputError
        If the batch is larger than the run or a size is not positive, or for what
        :func:`~core.comm.dp.dp_step_comm` refuses.
    """
    for name, value in (("compute", compute_s), ("tokens", tokens), ("batch tokens", batch_tokens)):
        if not (isinstance(value, int | float) and math.isfinite(value) and value > 0):
            raise InputError(f"{name}: {value!r} must be a positive number", field=name)
    if batch_tokens > tokens:
        raise InputError(
            f"batch tokens: {batch_tokens:g} is more than the {tokens:g} tokens of the run",
            field="batch tokens",
        )
    steps = tokens / batch_tokens
    step = dp_step_comm(
        params,
        device,
        gpus,
        nodes=nodes,
        strategy=strategy,
        grad_bytes=grad_bytes,
        param_bytes=grad_bytes,
        compute_s=compute_s / steps,
        overlapped=overlapped,
    )
    return TrainCommAnswer(compute_s, steps, step, compute_s + steps * step.exposed_s)
