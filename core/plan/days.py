"""A planned run's days with checkpoints and failures: the rows beside the training days.

The training days (:class:`core.plan.result.Training`, ``training.days`` in the JSON) assume a
run that never saves and never fails. Here the chosen layout's checkpoint
(:func:`core.checkpoint.checkpoint_size` of the model, recipe and optimizer under its TP, PP and
ZeRO, as DCP writes it) is written at Young/Daly's interval, and failures strike at a rate per
GPU-day (:mod:`core.checkpoint.failures` states the model and its sources). The JSON's
``days_breakdown`` has ``train``, ``checkpoints`` and ``failures`` rows, each with its seconds,
days and source, and ``days_total`` their sum.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.checkpoint import (
    FAILURE_RATE,
    FAILURE_SOURCE,
    RESTART_S,
    STORAGE_SOURCE,
    CheckpointSize,
    RunTime,
    checkpoint_size,
    default_storage_bw,
    run_time,
)

__all__ = ["RunDays", "run_days"]


@dataclass(frozen=True)
class RunDays:
    """A run's checkpoint, its wall time split into rows, and where the defaults came from."""

    checkpoint: CheckpointSize
    time: RunTime
    storage_bw: float
    storage_source: str
    rate_source: str

    @property
    def days_total(self) -> float:
        """Training, checkpoint writing and failures together, days."""
        return self.time.total_s / 86400

    def to_dict(self) -> dict[str, Any]:
        """``days_breakdown``: the three rows, the total and the checkpoint they assume."""
        rows: dict[str, Any] = self.time.rows(self.storage_source, self.rate_source)
        rows["checkpoints"]["bytes"] = self.checkpoint.bytes
        rows["checkpoints"]["bytes_per_rank"] = self.checkpoint.bytes_per_rank
        rows["checkpoints"]["storage_bw"] = self.storage_bw
        rows["total"] = {"seconds": self.time.total_s, "days": self.days_total}
        return rows


def run_days(
    res: Any,
    *,
    storage_bw: float | None = None,
    failure_rate: float | None = None,
    restart_s: float | None = None,
) -> RunDays | None:
    """The days of ``res`` (a :class:`~core.plan.result.PlanResult`) with checkpoints and
    failures; ``None`` without tokens to train. ``None`` arguments take the sourced defaults;
    ``failure_rate=0``: no failures (and so no checkpoints).

    Raises
    ------
    InputError
        When failures come too often for the run to ever finish.
    """
    training = res.training
    if training is None:
        return None
    layout, inp = res.layout, res.inp
    size = checkpoint_size(inp.model, inp.recipe, inp.optimizer, gpus=res.gpus, tp=layout.tp,
                           pp=layout.pp, zero=layout.zero)  # fmt: skip
    bw = storage_bw if storage_bw is not None else default_storage_bw(res.gpus)
    rate = failure_rate if failure_rate is not None else FAILURE_RATE
    time = run_time(training.seconds, size.save_s(bw), res.gpus, rate,
                    RESTART_S if restart_s is None else restart_s)  # fmt: skip
    return RunDays(
        size, time, bw,
        STORAGE_SOURCE if storage_bw is None else "given (--checkpoint-bw)",
        FAILURE_SOURCE if failure_rate is None else "given (--failure-rate)",
    )  # fmt: skip
