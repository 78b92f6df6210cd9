"""Run a rearrange/reduce/repeat plan on a tensor and write it as plain PyTorch code.

:func:`apply_steps` executes :class:`~core.einops.transform.Step` records with torch (on ``meta``
tensors for the analysis, on CPU tensors in tests); :func:`render_code` writes the same steps as
Python source, one operation a line with the axis names in a comment. The code is produced from
numbers and validated axis names only; nothing a user typed is ever evaluated.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.einops.transform import Step

__all__ = ["apply_steps", "base_of", "render_code", "render_step"]

_SIMPLE_REDUCE = {"sum": "sum", "mean": "mean", "max": "amax", "min": "amin"}


def base_of(tensor: Any) -> Any:
    """The tensor whose memory ``tensor`` views (itself when it owns its memory)."""
    base = getattr(tensor, "_base", None)
    return tensor if base is None else base


def _apply_one(x: Any, step: Step) -> Any:
    if step.kind == "reshape":
        return x.reshape(step.arg)
    if step.kind == "permute":
        return x.permute(step.arg)
    if step.kind == "reduce":
        reduction, dims = step.arg
        if reduction in _SIMPLE_REDUCE:
            return getattr(x, _SIMPLE_REDUCE[reduction])(dim=dims)
        for dim in sorted(dims, reverse=True):
            x = getattr(x, reduction)(dim=dim)
        return x
    if step.kind == "unsqueeze":
        for pos in step.arg:
            x = x.unsqueeze(pos)
        return x
    if step.kind == "expand":
        return x.expand(step.arg)
    raise ValueError(f"unknown step {step.kind}")


def apply_steps(x: Any, steps: Sequence[Step]) -> list[tuple[Any, bool]]:
    """Apply ``steps`` to ``x``; return each intermediate tensor and whether that step was a view
    (shared its input's memory) rather than a copy."""
    out: list[tuple[Any, bool]] = []
    for step in steps:
        y = _apply_one(x, step)
        out.append((y, base_of(y) is base_of(x)))
        x = y
    return out


def _tuple(values: Sequence[int]) -> str:
    return ", ".join(str(v) for v in values)


def render_step(step: Step, src: str) -> str:
    """One step as a Python expression on variable ``src``."""
    if step.kind == "reshape":
        return f"{src}.reshape({_tuple(step.arg) or '()'})"
    if step.kind == "permute":
        return f"{src}.permute({_tuple(step.arg)})"
    if step.kind == "reduce":
        reduction, dims = step.arg
        if reduction in _SIMPLE_REDUCE:
            dim_text = str(dims[0]) if len(dims) == 1 else f"({_tuple(dims)})"
            return f"{src}.{_SIMPLE_REDUCE[reduction]}(dim={dim_text})"
        return src + "".join(f".{reduction}(dim={d})" for d in sorted(dims, reverse=True))
    if step.kind == "unsqueeze":
        return src + "".join(f".unsqueeze({p})" for p in step.arg)
    if step.kind == "expand":
        return f"{src}.expand({_tuple(step.arg)})"
    raise ValueError(f"unknown step {step.kind}")


def render_code(
    steps: Sequence[Step], input_names: Sequence[str], src: str = "x", dst: str = "y"
) -> str:
    """The steps as PyTorch lines turning ``src`` (named ``input_names``) into ``dst``."""
    lines = [f"# {src}: {' '.join(input_names) or '(0-d tensor)'}"]
    if not steps:
        lines.append(f"{dst} = {src}  # nothing to do: einops returns the input itself")
        return "\n".join(lines)
    current = src
    for step in steps:
        names = " ".join(step.names) or "(0-d)"
        lines.append(f"{dst} = {render_step(step, current)}  # {names}")
        current = dst
    return "\n".join(lines)
