"""The names people read for the step's phases and op kinds (the core's ids stay English in the
JSON, the CSV and the filter; the window shows these)."""

from __future__ import annotations

from widgets.i18n import translate

__all__ = ["kind_name", "phase_name"]


def kind_name(kind: str) -> str:
    """An op kind (``core.step.costs.KINDS``, or ``communication``) in the person's language."""
    names = {
        "matmul": translate("StepNames", "matmul"),
        "attention": translate("StepNames", "attention"),
        "pointwise": translate("StepNames", "pointwise"),
        "norm": translate("StepNames", "norm"),
        "softmax/loss": translate("StepNames", "softmax/loss"),
        "reduction": translate("StepNames", "reduction"),
        "embedding": translate("StepNames", "embedding"),
        "copy/layout": translate("StepNames", "copy/layout"),
        "optimizer": translate("StepNames", "optimizer"),
        "host sync": translate("StepNames", "host sync"),
        "communication": translate("StepNames", "communication"),
    }
    return names.get(kind, kind)


def phase_name(phase: str) -> str:
    """A phase (forward, backward, optimizer) in the person's language."""
    names = {
        "forward": translate("StepNames", "forward"),
        "backward": translate("StepNames", "backward"),
        "optimizer": translate("StepNames", "optimizer"),
    }
    return names.get(phase, phase)
