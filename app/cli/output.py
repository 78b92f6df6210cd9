"""Printing results: strict JSON (NaN and infinities as strings) or aligned text."""

from __future__ import annotations

import json
import math
import sys
from typing import Any

__all__ = ["print_json", "print_warnings", "strict_json", "to_strict", "unfit_mark"]


def to_strict(obj: Any) -> Any:
    """Replace NaN and infinities with the strings ``"nan"``, ``"inf"``, ``"-inf"`` (recursively)."""
    if isinstance(obj, float):
        if math.isnan(obj):
            return "nan"
        if math.isinf(obj):
            return "inf" if obj > 0 else "-inf"
        return obj
    if isinstance(obj, dict):
        return {str(k): to_strict(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [to_strict(v) for v in obj]
    return obj


def unfit_mark(fits: bool | None, verdict: str = "") -> str:
    """What a published run's row adds after its layout: nothing when it fits, ``(tight)`` when
    only the allocator reserve does not fit (a warning), else ``(does not fit)``."""
    if fits or fits is None:
        return ""
    return "  (tight)" if verdict == "tight" else "  (does not fit)"


def strict_json(obj: Any, indent: int | None = 2) -> str:
    """``obj`` as strict JSON text."""
    return json.dumps(to_strict(obj), indent=indent, allow_nan=False)


def print_json(obj: Any, indent: int | None = 2) -> None:
    """Print ``obj`` as strict JSON on stdout."""
    sys.stdout.write(strict_json(obj, indent) + "\n")


def print_warnings(warnings: Any) -> None:
    """One ``napkinlab: warning: ...`` line on stderr per warning (the answer stands)."""
    from core.echo import cut_line

    for warning in warnings:
        sys.stderr.write(f"napkinlab: warning: {cut_line(str(warning))}\n")


def write_csv(path: str, text: str) -> None:
    """Write a ``--csv`` file atomically (a failed write leaves the old file and no temp file);
    an :class:`InputError` on the ``csv`` field says why it could not be written."""
    from core.errors import InputError
    from core.safe_io import atomic_write

    try:
        atomic_write(path, text)
    except InputError as exc:
        raise InputError(f"csv: {exc.message}", field="csv") from None
