"""The communication term of a napkin training-time answer (plain data parallelism or ZeRO/FSDP).

The napkin's compute time ``6·N·D / (gpus × peak × MFU)`` is split into optimizer steps of
``batch_tokens`` tokens each; every step pays the collectives of :func:`core.comm.dp.dp_step_comm`.
Not overlapped, they add to every step; overlapped with compute (bucketed all-reduce during
backward, prefetched all-gathers), only what exceeds the step's compute time adds. The compute time
comes in as a number, so this module needs nothing from :mod:`core.napkin`. The assumption and
the errors are :class:`core.texts.Text` (context ``Comm``): English in the CLI, translated in the
window.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from core.comm.algorithms import NO_TRAFFIC
from core.comm.dp import StepComm, dp_step_comm
from core.echo import brief
from core.errors import InputError
from core.texts import translate

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
        if not self.step.collectives[0][0].traffic:
            return translate("Comm", "{strategy} over 1 GPU: {none}").format(
                strategy=self.step.strategy, none=NO_TRAFFIC
            )
        per = self.compute_s / self.steps
        comm = f"{self.step.time_s:.3g}"
        how = (
            translate(
                "Comm",
                "overlapped with compute: each step hides up to its compute time ({compute} s) "
                "of its {comm} s of communication",
            ).format(compute=f"{per:.3g}", comm=comm)
            if self.step.overlapped
            else translate("Comm", "not overlapped: each of {steps} steps adds {comm} s").format(
                steps=f"{self.steps:.4g}", comm=comm
            )
        )
        return translate("Comm", "{strategy} over {gpus} GPUs; {how}").format(
            strategy=self.step.strategy, gpus=str(self.step.collectives[0][0].ranks), how=how
        )

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
    for name, value in (
        (translate("Comm", "compute"), compute_s),
        (translate("Comm", "tokens"), tokens),
        (translate("Comm", "batch tokens"), batch_tokens),
    ):
        if not (isinstance(value, int | float) and math.isfinite(value) and value > 0):
            raise InputError(
                translate("Comm", "{name}: {value} must be a positive number").format(
                    name=name, value=brief(value)
                ),
                field=name,
            )
    if batch_tokens > tokens:
        raise InputError(
            translate(
                "Comm", "batch tokens: {batch} is more than the {tokens} tokens of the run"
            ).format(batch=f"{batch_tokens:g}", tokens=f"{tokens:g}"),
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
