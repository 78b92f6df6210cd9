"""One planned layout: step time and where it goes, throughput, MFU and HFU, memory, what limits it.

:class:`PlanResult` is what :func:`core.plan.plan` returns and :meth:`PlanResult.to_dict` is the
JSON of ``napkinlab plan --json`` (the issue's keys, plus ``limits``, ``training`` and a few
figures the Plan tab shows). Every number is made in :mod:`core.plan.model`; this module only
holds and words them.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from core.plan.inputs import Layout, PlanInput
from core.plan.memory import StageMemory
from core.texts import Text, translate
from core.units import format_duration

__all__ = ["BREAKDOWN", "PlanResult", "Training"]

#: The step-time breakdown's keys, in stacking order (``ep_comm``: the all-to-all of expert
#: parallelism, 0 for a dense model).
BREAKDOWN: tuple[str, ...] = (
    "compute",
    "recompute",
    "tp_comm",
    "cp_comm",
    "pp_comm",
    "ep_comm",
    "bubble",
    "dp_comm",
    "optimizer",
)


@dataclass(frozen=True)
class Training:
    """The whole run at this step time: ``tokens`` trained in ``seconds`` on ``gpus`` GPUs."""

    tokens: float
    steps: float
    seconds: float
    gpus: int

    @property
    def days(self) -> float:
        """Wall-clock days."""
        return self.seconds / 86400

    @property
    def gpu_hours(self) -> float:
        """GPU-hours (every GPU for the whole run)."""
        return self.seconds * self.gpus / 3600

    def to_dict(self) -> dict[str, float]:
        """JSON form."""
        return {
            "tokens": self.tokens,
            "steps": self.steps,
            "seconds": self.seconds,
            "days": self.days,
            "gpu_hours": self.gpu_hours,
        }


@dataclass(frozen=True)
class PlanResult:
    """A layout's predicted step.

    Attributes
    ----------
    breakdown
        Seconds per :data:`BREAKDOWN` key, adding up to ``step_time_s`` (exposed communication
        only; what overlaps is in ``hidden``).
    model_flops, hardware_flops
        FLOPs of one step over all GPUs: model FLOPs (MFU's, :mod:`core.roofline.utilization`) and
        what the GPUs execute (HFU's: plus recomputation and the flash backward's recompute).
    memory, capacity, fits, reason
        The busiest GPU's memory, the device's capacity, whether it fits, and why not.
    limits
        A few words on what limits the layout (the Plan tab's column).
    """

    inp: PlanInput
    layout: Layout
    step_time_s: float
    breakdown: dict[str, float]
    hidden: dict[str, float]
    model_flops: float
    hardware_flops: float
    peak_flops: float
    memory: StageMemory
    capacity: float
    micro_batches: int
    limits: Text
    assumptions: tuple[Text, ...]
    reason: Text | None = None
    links: dict[str, str] = field(default_factory=dict)
    detail: dict[str, float] = field(default_factory=dict)

    @property
    def fits(self) -> bool:
        """Whether the busiest GPU's peak (with the allowance) fits its memory."""
        return self.reason is None

    @property
    def memory_verdict(self) -> str:
        """``fits``, ``tight`` (the tensors and the CUDA runtime fit, the allocator reserve does
        not: a warning) or ``does not fit`` (:meth:`core.plan.memory.StageMemory.verdict`)."""
        return self.memory.verdict(self.capacity)

    @property
    def gpus(self) -> int:
        """GPUs of the run."""
        return self.inp.cluster.gpus

    @property
    def tokens_per_s(self) -> float:
        """Tokens trained per second by the whole cluster."""
        return self.inp.tokens_per_step / self.step_time_s if self.step_time_s > 0 else 0.0

    @property
    def tokens_per_s_per_gpu(self) -> float:
        """Tokens trained per second per GPU (the cluster's over its GPUs)."""
        return self.tokens_per_s / self.gpus if self.gpus else 0.0

    @property
    def mfu(self) -> float:
        """Model FLOPs utilization (PaLM appendix B)."""
        from core.roofline.utilization import utilization

        return utilization(self.model_flops, self.step_time_s, self.peak_flops, self.gpus)

    @property
    def hfu(self) -> float:
        """Hardware FLOPs utilization (with recomputation)."""
        from core.roofline.utilization import utilization

        return utilization(self.hardware_flops, self.step_time_s, self.peak_flops, self.gpus)

    @property
    def tflops_per_gpu(self) -> float:
        """Model TFLOP/s per GPU (MFU × peak, in TFLOP/s)."""
        return self.mfu * self.peak_flops / 1e12

    @property
    def training(self) -> Training | None:
        """The run's time for the input's ``tokens`` (``None`` when not given)."""
        tokens = self.inp.tokens
        if tokens is None or self.tokens_per_s <= 0:
            return None
        steps = tokens / self.inp.tokens_per_step
        return Training(tokens, steps, tokens / self.tokens_per_s, self.gpus)

    def share(self, key: str) -> float:
        """One breakdown entry as a share of the step (0 for a key it does not have)."""
        return self.breakdown.get(key, 0.0) / self.step_time_s if self.step_time_s > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        """The issue's JSON keys, plus ``limits``, ``training`` and details."""
        out: dict[str, Any] = {
            "layout": self.layout.to_dict(),
            # every parameter (what memory holds) and those one token uses (MFU's N)
            "params_total": self.inp.model.params_total,
            "params_active": self.inp.model.params_active,
            "step_time_s": self.step_time_s,
            "tokens_per_s": self.tokens_per_s,
            "tokens_per_s_per_gpu": self.tokens_per_s_per_gpu,
            "tflops_per_gpu": self.tflops_per_gpu,
            "mfu": self.mfu,
            "hfu": self.hfu,
            "memory_per_gpu": self.memory.to_dict(),
            "fits": self.fits,
            "memory_verdict": self.memory_verdict,
            "time_breakdown_s": dict(self.breakdown),
            "assumptions": [str(a) for a in self.assumptions],
            "limits": str(self.limits),
            "capacity_bytes": self.capacity,
            "micro_batches": self.micro_batches,
            "tokens_per_step": self.inp.tokens_per_step,
            "hidden_comm_s": dict(self.hidden),
            "links": dict(self.links),
            "memory_stage": self.memory.stage,
            "memory_moment": self.memory.moment,
            "device": self.inp.cluster.device.id,
            "gpus": self.gpus,
            "cluster": self.inp.cluster.to_dict(),
            # how the training code is assumed to run (the CLI's switches, the Plan tab's Code page)
            "implementation": dataclasses.asdict(self.inp.implementation),
        }
        if self.reason is not None:
            out["reason"] = str(self.reason)
        if "host_forward_s" in self.detail:  # an MoE layer's host issue (core.plan.host)
            out["host"] = {key[len("host_"):]: value for key, value in self.detail.items()
                           if key.startswith("host_")}  # fmt: skip
        training = self.training
        if training is not None:
            out["training"] = training.to_dict()
        return out

    def summary(self) -> Text:
        """One line: layout, step time, tokens/s, MFU."""
        return translate(
            "Plan", "{layout}: step {step}, {tokens} tokens/s, MFU {mfu}, HFU {hfu}"
        ).format(
            layout=self.layout.label(),
            step=format_duration(self.step_time_s),
            tokens=f"{self.tokens_per_s:,.0f}",
            mfu=f"{self.mfu:.1%}",
            hfu=f"{self.hfu:.1%}",
        )
