"""A measured step beside its prediction: against what ceilings it is compared, and the ratios.

A step measured on a CUDA GPU is compared with the chosen device's datasheet (the GPU it ran on,
when the device box names it). A step measured on the CPU is compared with **This machine's
measured ceilings** (:func:`core.bench.this_machine.measured_machine`): a GPU's datasheet says
nothing about a CPU run. When no ceilings are measured, the comparison says so and how to measure
them (:func:`core.bench.this_machine.not_measured`). The CLI (``step --measure``) and the Step tab
both use :func:`measured_comparison`.
"""

from __future__ import annotations

import math
from typing import Any

from core.roofline.hardware import Device
from core.step.predict import Prediction, predict, rollup
from core.step.trace import StepTrace

__all__ = ["against", "measured_comparison"]


def against(trace: StepTrace, pred: Prediction, seconds: Any) -> dict[str, Any]:
    """Predicted against measured seconds, for the step and per op kind (ratio = predicted /
    measured; ``nan`` where nothing was measured)."""
    kinds = rollup(trace.ops, pred.seconds, "kind", seconds)
    total = sum(s for s in seconds if not math.isnan(s))
    return {
        "device": pred.device_id,
        "device_name": pred.device_name,
        "predicted_s": pred.step_time_s,
        "measured_ops_s": total,
        "ratio": pred.step_time_s / total if total > 0 else float("nan"),
        "kind": {
            k: {
                "predicted_s": v["predicted_s"],
                "measured_s": v["measured_s"],
                "ratio": v["predicted_s"] / v["measured_s"]
                if v["measured_s"] > 0
                else float("nan"),
            }
            for k, v in kinds.items()
            if v["ops"]
        },
    }


def measured_comparison(
    trace: StepTrace,
    pred: Prediction,
    seconds: Any,
    where: str,
    machine: Device | None,
    missing: str,
) -> tuple[dict[str, Any], str]:
    """``({"datasheet" | "this_machine": comparison}, note)`` for a step measured on ``where``.

    ``pred`` is the prediction on the chosen device, ``machine`` This machine's measured device
    (or None), ``missing`` the sentence to give when a CPU run has nothing to be compared with.
    """
    out: dict[str, Any] = {}
    if where == "cuda":
        out["datasheet"] = against(trace, pred, seconds)
    if machine is not None:
        # This machine's ceilings are measured, so they are already what it achieves: the roofline on
        # them, not a second efficiency on top.
        mine = pred if pred.device_id == machine.id else predict(trace, machine, model="roofline")
        out["this_machine"] = against(trace, mine, seconds)
    return out, "" if out else missing
