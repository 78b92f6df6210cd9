"""What failures and checkpoints add to a run's days: the model, stated once.

* **Failure rate** ``r``, interruptions per GPU-day. Default: Llama 3's pre-training log (Llama
  Team, "The Llama 3 Herd of Models", arXiv:2407.21783, §3.3.4, Table 5): in a 54-day snapshot,
  466 job interruptions, 47 planned and 419 unexpected, on up to 16,384 H100 GPUs. The unexpected
  ones count: ``r = 419 / (54 · 16,384) = 4.74e-4`` per GPU-day (a lower bound, as fewer GPUs ran
  at times). At 16,384 GPUs it gives one failure every 3.1 hours (the paper: about one every 3).
* **Mean time between failures** of a job of ``G`` GPUs, any one of which stops it (synchronous
  training restarts as a whole, failures independent): ``M = 1 / (r · G)``.
* **Checkpoint interval** (compute time between two checkpoints), Young's first-order optimum
  (Young 1974, CACM 17(9); Daly 2006, FGCS 22(3) refines it): ``τ = √(2 · δ · M)`` with ``δ`` the
  seconds one checkpoint takes to write (the run waits for it).
* **Time lost.** Training ``T`` seconds of compute writes ``T / τ`` checkpoints: ``C = δ · T / τ``.
  Each failure loses on average half an interval of work, recomputed, and a restart ``R``
  (reschedule, reload, warm up). Failures strike over the whole wall time ``W``, at rate
  ``1 / M``: ``W = T + C + (W / M) · (τ/2 + R)``, so ``W = (T + C) / (1 − (τ/2 + R) / M)``; the
  failures row is ``W − T − C``. When ``τ/2 + R ≥ M`` the run never ends (every interval fails).
* **Restart** ``R`` default: 10 minutes, the restart time of Daly's worked examples (Daly 2006).
  Writing is synchronous here; an asynchronous checkpoint hides most of ``δ``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from core.errors import InputError
from core.texts import translate
from core.validate import positive_float

__all__ = [
    "FAILURE_RATE",
    "FAILURE_SOURCE",
    "LLAMA3_INTERRUPTIONS",
    "RESTART_S",
    "RESTART_SOURCE",
    "RunTime",
    "failure_rate_from",
    "mtbf_s",
    "run_time",
    "young_daly_interval",
]

#: Llama 3's 54-day interruption snapshot (arXiv:2407.21783, §3.3.4, Table 5).
LLAMA3_INTERRUPTIONS: dict[str, float] = {
    "interruptions": 466, "planned": 47, "unexpected": 419, "days": 54, "gpus": 16384,
}  # fmt: skip
#: Unexpected interruptions per GPU-day.
FAILURE_RATE = LLAMA3_INTERRUPTIONS["unexpected"] / (
    LLAMA3_INTERRUPTIONS["days"] * LLAMA3_INTERRUPTIONS["gpus"]
)
FAILURE_SOURCE = (
    "Llama 3's 54-day snapshot: 419 unexpected interruptions on 16,384 H100 (Llama Team 2024, "
    "arXiv:2407.21783, Table 5)"
)
#: Seconds from a failure to training again (reschedule, reload, warm-up).
RESTART_S = 600.0
RESTART_SOURCE = "10 min, the restart time of Daly's examples (Daly 2006, FGCS 22(3))"
INTERVAL_SOURCE = "Young/Daly √(2 · save · MTBF) (Young 1974; Daly 2006)"


def mtbf_s(gpus: int, rate: float) -> float:
    """Mean seconds between failures of a job of ``gpus`` GPUs at ``rate`` per GPU-day
    (``inf`` at rate 0)."""
    return math.inf if rate <= 0 else 86400.0 / (rate * gpus)


def young_daly_interval(save_s: float, mtbf: float) -> float:
    """Young's optimal compute time between checkpoints, ``√(2 · save · MTBF)`` seconds."""
    return math.sqrt(2.0 * save_s * mtbf)


@dataclass(frozen=True)
class RunTime:
    """A run's wall time split into training, checkpoint writing and failures (seconds)."""

    train_s: float
    save_s: float
    mtbf_s: float
    interval_s: float
    restart_s: float
    rate: float
    checkpoints: float
    failures: float
    checkpoint_s: float
    failure_s: float

    @property
    def total_s(self) -> float:
        """Expected wall time."""
        return self.train_s + self.checkpoint_s + self.failure_s

    def rows(self, storage: str, rate: str) -> dict[str, dict[str, Any]]:
        """The ``days_breakdown`` rows: ``train``, ``checkpoints``, ``failures``, each with its
        seconds, days and source; ``storage`` and ``rate`` name where the bandwidth and the rate
        came from."""
        day = 86400.0
        restart = RESTART_SOURCE if self.restart_s == RESTART_S else "given"
        return {
            "train": {"seconds": self.train_s, "days": self.train_s / day,
                      "source": "the plan's step time × steps"},
            "checkpoints": {
                "seconds": self.checkpoint_s, "days": self.checkpoint_s / day,
                "count": self.checkpoints, "save_s": self.save_s,
                "interval_s": self.interval_s,
                "source": f"{INTERVAL_SOURCE}; storage: {storage}",
            },
            "failures": {
                "seconds": self.failure_s, "days": self.failure_s / day,
                "count": self.failures, "mtbf_s": self.mtbf_s, "restart_s": self.restart_s,
                "rate_per_gpu_day": self.rate,
                "source": f"{rate}; restart: {restart}; half an interval recomputed "
                          "per failure",
            },
        }  # fmt: skip


def run_time(
    train_s: float, save_s: float, gpus: int, rate: float = FAILURE_RATE,
    restart_s: float = RESTART_S,
) -> RunTime:  # fmt: skip
    """The wall time of ``train_s`` seconds of training on ``gpus`` GPUs with checkpoints of
    ``save_s`` seconds at Young/Daly's interval and failures at ``rate`` per GPU-day (the module
    docstring's model). ``rate`` 0: no failures, so no checkpoints either.

    Raises
    ------
    InputError
        When failures come faster than an interval and a restart (the run would never end).
    """
    m = mtbf_s(gpus, rate)
    if math.isinf(m) or train_s <= 0:
        return RunTime(train_s, save_s, m, math.inf, restart_s, rate, 0.0, 0.0, 0.0, 0.0)
    tau = young_daly_interval(save_s, m)
    checkpoints = train_s / tau if tau > 0 else 0.0
    ckpt = checkpoints * save_s
    loss = (tau / 2 + restart_s) / m
    if loss >= 1:
        raise InputError(
            translate(
                "Checkpoint",
                "failures: one every {mtbf} s on {gpus} GPUs, sooner than half a checkpoint "
                "interval and a restart ({need} s): the run would never finish; allowed: a lower "
                "failure rate, fewer GPUs or faster storage",
            ).format(mtbf=f"{m:,.0f}", gpus=f"{gpus:,}", need=f"{tau / 2 + restart_s:,.0f}"),
            field="failure_rate",
        )
    wall = (train_s + ckpt) / (1 - loss)
    return RunTime(train_s, save_s, m, tau, restart_s, rate, checkpoints, wall / m,
                   ckpt, wall - train_s - ckpt)  # fmt: skip


def failure_rate_from(value: Any) -> float | None:
    """A failure rate typed by a person, interruptions per GPU-day (``4.7e-4``); ``None`` or
    empty: the default; 0 allowed (no failures)."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    return positive_float(value, "failure-rate", low=0.0, high=1.0, unit="count")
