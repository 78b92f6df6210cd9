"""The names people read for the step's phases, op kinds and placeholder modules (the core's ids
stay English in the JSON, the CSV and the filter; the window shows these)."""

from __future__ import annotations

from core.step.recorder import OPTIMIZER, ROOT
from widgets.i18n import translate

__all__ = ["kind_name", "kind_names", "module_name", "module_names", "phase_name", "phase_names"]


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


def module_name(module: str) -> str:
    """A module's name as the window shows it: the model's own names (``layers.0.attn``) as they
    are, the core's two placeholders (:data:`~core.step.recorder.ROOT`, ops outside every
    submodule, and :data:`~core.step.recorder.OPTIMIZER`) in the person's language."""
    return module_names().get(module, module)


def module_names() -> dict[str, str]:
    """The core's placeholder module names in the person's language."""
    return {
        ROOT: translate("StepNames", "(model)"),
        OPTIMIZER: translate("StepNames", "(optimizer)"),
    }
