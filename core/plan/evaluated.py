"""What the step model works on and hands back: one input's shared context and one layout's numbers.

Kept apart from :mod:`core.plan.model` (which makes them) so that the modules that read them, such
as :mod:`core.plan.words`, import no module that imports them back.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.plan import memory as mem
from core.plan.comm import Links
from core.plan.inputs import Layout, PlanInput
from core.plan.ops import LayerOps
from core.plan.timing import MicroTimes
from core.roofline.achievable import Calibration

__all__ = ["Context", "Evaluation"]


@dataclass(frozen=True)
class Context:
    """What every layout of one input shares: the traced ops and the device's calibration."""

    inp: PlanInput
    ops: LayerOps
    cal: Calibration
    dense_ops: LayerOps | None = None  # a mixture of experts' dense layers (core.plan.moe)


@dataclass(frozen=True)
class Evaluation:
    """The numbers of one layout, before they are worded (what a search ranks)."""

    layout: Layout
    step_time_s: float
    breakdown: dict[str, float]
    hidden: dict[str, float]
    memory: mem.StageMemory
    micro_batches: int
    link: Links
    micro: MicroTimes
    stage: str
    dp_buckets: int = 1
