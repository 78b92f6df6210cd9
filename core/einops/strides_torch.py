"""What torch itself says about a step: the chain run on a small real CPU tensor.

The page computes every layout without torch (:mod:`core.einops.strides_chain`); where torch refuses
a step, this runs the same chain with torch, when torch is already loaded (the Einops tab loads it) and its import has finished,
and returns torch's own message, so the page can show it beside the core's. Nothing is imported
here: without torch in ``sys.modules`` the answer is ``None``.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from core.einops.strides_chain import Op

__all__ = ["MAX_TORCH_ELEMENTS", "torch_message", "torch_version"]

#: Largest start tensor run for real (a few kilobytes).
MAX_TORCH_ELEMENTS = 4096


def _loaded_torch() -> Any:
    """torch when it is fully imported, else ``None``.

    A module sits in ``sys.modules`` from the start of its import; while another thread (a tab's
    worker) is still importing torch, its ``__spec__._initializing`` is true and half its names are
    missing, so it is not used until that import has finished.
    """
    torch = sys.modules.get("torch")
    if torch is None or getattr(getattr(torch, "__spec__", None), "_initializing", False):
        return None
    return torch if hasattr(torch, "arange") else None


def torch_version() -> str | None:
    """torch's version when it is loaded, else ``None``."""
    torch = _loaded_torch()
    return None if torch is None else str(getattr(torch, "__version__", "?"))


def _apply(x: Any, op: Op) -> Any:
    if op.name == "[":
        return x[tuple(i if isinstance(i, int) else slice(*i) for i in op.args)]
    if op.name in ("view", "reshape", "expand", "permute"):
        return getattr(x, op.name)(op.args[0])
    return getattr(x, op.name)(*(a for a in op.args if a is not None))


def torch_message(
    shape: Sequence[int], dtype: str, ops: Sequence[Op | None], index: int
) -> str | None:
    """torch's error (its first line) for step ``index`` of ``ops`` applied to ``arange``.

    ``None`` when torch is not loaded, the tensor is larger than :data:`MAX_TORCH_ELEMENTS`, or
    torch does not raise. Steps that raise before ``index`` leave the tensor as it was, as in the
    core's chain; ``None`` entries (rows that are no operation) are skipped.
    """
    torch = _loaded_torch()
    n = 1
    for s in shape:
        n *= s
    if torch is None or n > MAX_TORCH_ELEMENTS or not 0 <= index < len(ops):
        return None
    x = torch.arange(n).to(getattr(torch, dtype)).reshape(tuple(shape))
    for i, op in enumerate(ops[: index + 1]):
        if op is None:
            continue
        try:
            y = _apply(x, op)
        except Exception as exc:  # torch's refusal is the answer
            if i == index:
                return str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            continue
        x = y
    return None
