"""The plan's layer traces kept on disk: a shape traced once is read back by the next plan.

A plan traces one two-layer model per shape (width, sequence, recipe, kernels) on fake tensors
and classifies its ops (:func:`core.plan.ops.layer_ops`); the trace is deterministic, so its
classified ops depend only on the shape and on what every fake-tensor trace depends on (torch,
Python and the sources of ``core/``: :func:`core.step.cache.tracer_identity`). They are kept under
exactly that key, one file per key in one of :data:`SLOTS` slots (a collision replaces the older
entry), so ``plan --published``, which traces about sixty shapes, takes seconds the second time
instead of a minute. An entry whose key differs, or that cannot be read back whole, is ignored
and the shape traced again. Every file access goes through :mod:`core.safe_io` (regular files
only, size-capped reads, atomic writes).

The folder is ``<cache folder>/plan-traces`` (:func:`core.paths.cache_dir`), or the folder
``NAPKINLAB_PLAN_TRACE_DIR`` names (the test suite shares one between its modules, whose cache
folders are otherwise apart).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
from functools import lru_cache
from pathlib import Path
from typing import Any

from core.errors import InputError

__all__ = ["FORMAT", "SLOTS", "folder", "load_ops", "store_ops", "trace_key"]

#: Version of the entries' layout; another number is a different key.
FORMAT = 1
#: Files the folder holds at most (a key's slot is its hash modulo this).
SLOTS = 256
#: Largest entry read back (a layer's classified ops are a few hundred rows).
_MAX_BYTES = 16 << 20


def folder() -> Path:
    """Where the layer traces are kept."""
    override = os.environ.get("NAPKINLAB_PLAN_TRACE_DIR")
    if override:
        return Path(override)
    from core.paths import cache_dir

    return cache_dir() / "plan-traces"


@lru_cache(maxsize=1)
def _identity() -> str | None:
    """The tracer's identity as sorted JSON (read once per process: ``core/``'s sources do not
    change under a running plan)."""
    from core.step.cache import tracer_identity

    found = tracer_identity()
    return None if found is None else json.dumps(found, sort_keys=True)


def trace_key(spec: Any, seq: int, rec: Any, flash: bool, dropout: bool) -> dict[str, Any] | None:
    """What the classified ops of one shape depend on, as plain JSON data (``None``: torch not
    found, nothing kept)."""
    identity = _identity()
    if identity is None:
        return None

    def plain(obj: Any) -> Any:
        return json.loads(json.dumps(dataclasses.asdict(obj), sort_keys=True, default=str))

    return {
        "format": FORMAT,
        "spec": plain(spec),
        "seq": int(seq),
        "recipe": plain(rec),
        "flash": bool(flash),
        "dropout": bool(dropout),
        "tracer": json.loads(identity),
    }


def _path(key: dict[str, Any]) -> Path:
    text = json.dumps(key, sort_keys=True)
    slot = int(hashlib.sha256(text.encode("utf-8")).hexdigest(), 16) % SLOTS
    return folder() / f"slot-{slot:03d}.json"


def load_ops(key: dict[str, Any], op_type: type) -> tuple[tuple[Any, ...], float] | None:
    """``(ops, trace seconds)`` kept under ``key``, each op an ``op_type``
    (:class:`core.plan.ops.PlanOp`, passed in: that module imports this one), or ``None`` (none
    kept, another key's, or unreadable)."""
    from core.safe_io import load_json

    path = _path(key)
    if path.is_symlink() or not path.is_file():
        return None
    try:
        entry = load_json(path, limit=_MAX_BYTES)
        if not isinstance(entry, dict) or entry.get("key") != key:
            return None
        names = [f.name for f in dataclasses.fields(op_type)]
        ops = []
        for row in entry["ops"]:
            values = dict(zip(names, row, strict=True))
            dims = values["dims"]
            values["dims"] = None if dims is None else tuple(dims)
            ops.append(op_type(**values))
        return tuple(ops), float(entry["seconds"])
    except (InputError, KeyError, TypeError, ValueError, AttributeError):
        return None  # damaged or foreign: traced again, and this entry replaced


def store_ops(key: dict[str, Any], ops: tuple[Any, ...], seconds: float) -> Path | None:
    """Keep a shape's classified ``ops``; returns the file, or ``None`` when it could not be
    written (a read-only or full disk must not fail the plan)."""
    from core.safe_io import atomic_write

    rows = [list(dataclasses.astuple(op)) for op in ops]
    text = json.dumps({"key": key, "ops": rows, "seconds": float(seconds)},
                      separators=(",", ":"))  # fmt: skip
    try:
        return atomic_write(_path(key), text, make_folder=True, follow_symlinks=False)
    except (InputError, OSError):
        return None
