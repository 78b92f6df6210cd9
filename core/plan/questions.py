"""Two questions the plan answers beside the numbers people quote.

* **The lecture's napkin question** (CS336 lecture 2): 70B parameters on 15T tokens with 1,024
  H100 "at MFU 0.5" take ``6·N·D / (peak · MFU · GPUs)`` = 143.9 days. The plan searches the
  layouts of llama2-70b (its 68.98B parameters are the closest preset) at sequence 4,096 with 4M-token
  steps (1,024 sequences, the global batch Llama 2 trained with; the lecture gives none) and says
  which layout, what MFU and how many days it predicts instead of assuming 0.5.
* **Llama 2 7B's GPU-hours** (Touvron et al. 2023, Table 2): 184,320 A100-80GB GPU-hours for 2T
  tokens imply ``6·N·D / (hours · 3600 · peak)`` = 39 % MFU with ``N`` = 6,738,415,616 (45 % when
  the attention's ``12·L·H·Q·T`` is counted, PaLM's convention). The plan searches llama2-7b on
  2,048 A100 with 1,024 sequences of 4,096 per step.

Both compare like with like: :func:`six_n_mfu` restates the plan's MFU in the ``6·N`` convention
the quoted figures use.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.memory.models import preset
from core.plan.inputs import Cluster, Constraints, PlanInput
from core.plan.result import PlanResult
from core.plan.search import search

__all__ = [
    "LECTURE",
    "LLAMA2_7B",
    "Answer",
    "lecture_question",
    "llama2_7b_question",
    "llama2_implied_mfu",
    "napkin_days",
    "six_n_mfu",
]

#: The lecture's inputs and its assumed MFU.
LECTURE: dict[str, Any] = {
    "params": 70e9, "tokens": 15e12, "gpus": 1024, "device": "h100-sxm", "mfu": 0.5,
}  # fmt: skip
#: Llama 2 7B's published compute (Touvron et al. 2023, Table 2) and its inputs.
LLAMA2_7B: dict[str, Any] = {
    "gpu_hours": 184_320, "tokens": 2e12, "gpus": 2048, "device": "a100-sxm",
}  # fmt: skip


def napkin_days(params: float, tokens: float, peak: float, mfu: float, gpus: int) -> float:
    """The lecture's ``6·N·D / (peak · MFU · GPUs)`` in days."""
    return 6 * params * tokens / (peak * mfu * gpus) / 86400


def six_n_mfu(res: PlanResult, params: float | None = None) -> float:
    """The plan's throughput as MFU in the ``6·N`` convention (``N``: every parameter, or
    ``params``), the convention of the lecture and of Llama 2's GPU-hours."""
    n = float(params if params is not None else res.inp.model.param_count)
    return 6 * n * res.tokens_per_s / (res.peak_flops * res.gpus)


@dataclass(frozen=True)
class Answer:
    """A searched plan beside the figure people quote."""

    best: PlanResult
    candidates: tuple[PlanResult, ...]
    quoted_mfu: float
    quoted_days: float | None
    six_n_mfu: float

    def to_dict(self) -> dict[str, object]:
        """JSON form."""
        from core.plan.days import run_days

        training = self.best.training
        days = run_days(self.best) if training else None  # with checkpoints and failures
        return {
            "layout": self.best.layout.to_dict(),
            "mfu": self.best.mfu,
            "hfu": self.best.hfu,
            "six_n_mfu": self.six_n_mfu,
            "days": training.days if training else None,
            "gpu_hours": training.gpu_hours if training else None,
            "quoted_mfu": self.quoted_mfu,
            "quoted_days": self.quoted_days,
            "limits": str(self.best.limits),
            "days_total": days.days_total if days else None,
            "days_breakdown": days.to_dict() if days else None,
        }


def lecture_question(top: int = 5, calibration: object = None) -> Answer:
    """The lecture's run, planned (see the module docstring)."""
    from core.roofline.hardware import load_catalog

    device = load_catalog().get(str(LECTURE["device"]))
    inp = PlanInput(preset("llama2-70b"), 4096, 1024, Cluster(device, int(LECTURE["gpus"])),
                    tokens=float(LECTURE["tokens"]))  # fmt: skip
    found = search(inp, Constraints(), top=top, calibration=calibration)  # type: ignore[arg-type]
    quoted = napkin_days(LECTURE["params"], LECTURE["tokens"], device.peak("bf16"), LECTURE["mfu"],
                         int(LECTURE["gpus"]))  # fmt: skip
    return Answer(found[0], tuple(found), float(LECTURE["mfu"]), quoted,
                  six_n_mfu(found[0], LECTURE["params"]))  # fmt: skip


def llama2_implied_mfu() -> float:
    """The MFU Llama 2 7B's GPU-hours imply, ``6·N·D / (hours · 3600 · peak)``."""
    n = preset("llama2-7b").param_count
    return float(6 * n * LLAMA2_7B["tokens"] / (LLAMA2_7B["gpu_hours"] * 3600 * 312e12))


def llama2_7b_question(top: int = 5, calibration: object = None) -> Answer:
    """Llama 2 7B's run, planned (see the module docstring)."""
    from core.roofline.hardware import load_catalog

    device = load_catalog().get(str(LLAMA2_7B["device"]))
    inp = PlanInput(preset("llama2-7b"), 4096, 1024, Cluster(device, int(LLAMA2_7B["gpus"])),
                    tokens=float(LLAMA2_7B["tokens"]))  # fmt: skip
    found = search(inp, Constraints(), top=top, calibration=calibration)  # type: ignore[arg-type]
    return Answer(found[0], tuple(found), llama2_implied_mfu(), None, six_n_mfu(found[0]))
