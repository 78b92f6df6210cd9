"""The names people read for the step's phases and op kinds (the core's ids stay English in the
JSON, the CSV and the filter; the window shows these)."""

from __future__ import annotations

from widgets.i18n import translate

__all__ = ["kind_name", "kind_names", "phase_name", "phase_names"]


def kind_name(kind: str) -> str:
    """An op kind (``core.step.costs.KINDS``, or ``communication``) in the person's language."""
    return kind_names().get(kind, kind)


def kind_names() -> dict[str, str]:
    """Every op kind's name in the person's language (look them up once for many rows)."""
    return {
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


def phase_name(phase: str) -> str:
    """A phase (forward, backward, optimizer) in the person's language."""
    return phase_names().get(phase, phase)


def phase_names() -> dict[str, str]:
    """Every phase's name in the person's language."""
    return {
        "forward": translate("StepNames", "forward"),
        "backward": translate("StepNames", "backward"),
        "optimizer": translate("StepNames", "optimizer"),
    }
