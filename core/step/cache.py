"""A cache on disk of Step traces: the same inputs, torch and tracing code give the same ops.

Tracing a step on fake tensors is deterministic: what it records depends only on the
configuration (:class:`~core.memory.estimate.MemoryConfig`), on torch (which ops it dispatches,
with which shapes) and on Napkin Lab's own code that builds, tracks and costs them. So a trace is
kept under a key made of exactly those three: the configuration's fields, the bytes of torch's
``version.py`` (version, git revision, CUDA build) and a hash of every source file of ``core/``.
Anything else about the machine does not enter a fake-tensor trace. A change to any of the three
is a different key, so a stale entry is never read; an entry that cannot be read or does not hold
what its key promises (a damaged file, another format) is ignored, and the step traced again.

A hit rebuilds the :class:`~core.step.trace.StepTrace` that was stored, op for op, with
``from_cache`` set so the tab can say where it came from; ``seconds`` is the original trace's.
One field is not a function of the key: ``OpRecord.seq_nr``, autograd's sequence number of the
node that ran a backward op, comes from a counter of the whole process, so a second trace in one
process numbers the same nodes higher. The entry keeps the numbers of the trace it stored (their
order, which is what tells the nodes of the step apart, is the same; nothing shown uses them).
Looking an entry up needs no torch import: that is the point (``napkinlab screenshot --tab step``
pays torch's import, its tracker's and the trace itself, about 3 s, only the first time). The Step
tab's worker reads the cache too, and the window's warm-up fills it with the tab's default inputs
(:func:`warm_default`).

Entries live in ``<cache folder>/step-traces/`` (:func:`core.paths.cache_dir`), one file per key
in one of :data:`SLOTS` slots chosen by the key (a collision replaces the older entry), so the
folder never holds more than :data:`SLOTS` files. Every file access goes through
:mod:`core.safe_io` (regular files only, size-capped reads, atomic writes).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from core.errors import InputError
from core.memory.estimate import MemoryConfig
from core.step.recorder import OpRecord
from core.step.trace import StepTrace, trace_config
from core.texts import Text

__all__ = [
    "FORMAT",
    "SLOTS",
    "cache_key",
    "cached_trace",
    "load_trace",
    "store_trace",
    "tracer_identity",
    "warm_default",
]

#: Version of the file layout; another number is a different key.
FORMAT = 1
#: Files the folder holds at most (a key's slot is its hash modulo this).
SLOTS = 16
#: Largest entry read back (a 512-layer model's op list is a few tens of MB).
_MAX_BYTES = 256 << 20
_OP_FIELDS = tuple(f.name for f in dataclasses.fields(OpRecord))
_CORE = Path(__file__).resolve().parents[1]
_VERSION = re.compile(rb"""__version__\s*=\s*['"]([^'"]+)['"]""")


def _folder() -> Path:
    from core.paths import cache_dir

    return cache_dir() / "step-traces"


def _code_hash() -> str:
    """sha256 over every ``.py`` file of ``core/`` (relative path and bytes, in sorted order)."""
    from core.safe_io import read_bytes

    digest = hashlib.sha256()
    for path in sorted(_CORE.rglob("*.py")):
        digest.update(path.relative_to(_CORE).as_posix().encode("utf-8") + b"\0")
        digest.update(read_bytes(path, limit=16 << 20))
    return digest.hexdigest()


def _torch_identity() -> dict[str, str] | None:
    """torch's version and a hash of its ``version.py``, found without importing torch."""
    import importlib.util

    from core.safe_io import read_bytes

    try:
        spec = importlib.util.find_spec("torch")
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    try:
        data = read_bytes(Path(spec.submodule_search_locations[0], "version.py"), limit=1 << 20)
    except InputError:
        return None
    found = _VERSION.search(data)
    return {
        "version": found.group(1).decode("utf-8", "replace") if found else "?",
        "version_py": hashlib.sha256(data).hexdigest(),
    }


def tracer_identity() -> dict[str, Any] | None:
    """What any fake-tensor trace depends on besides its inputs: torch (its ``version.py``),
    Python's version and the hash of ``core/``'s sources; ``None`` when torch is not found."""
    torch_id = _torch_identity()
    if torch_id is None:
        return None
    return {"torch": torch_id, "python": sys.version.split()[0], "code": _code_hash()}


def cache_key(cfg: MemoryConfig) -> dict[str, Any] | None:
    """What a trace of ``cfg`` depends on, as plain JSON data; ``None`` when torch is not found."""
    identity = tracer_identity()
    if identity is None:
        return None
    config = json.loads(json.dumps(dataclasses.asdict(cfg), sort_keys=True, default=str))
    return {
        "format": FORMAT,
        "config": config,
        "model_type": type(cfg.model).__name__,
        **identity,
    }


def _path(key: dict[str, Any]) -> Path:
    text = json.dumps(key, sort_keys=True)
    slot = int(hashlib.sha256(text.encode("utf-8")).hexdigest(), 16) % SLOTS
    return _folder() / f"slot-{slot:02d}.json"


# Text (a translatable sentence) survives the round trip with its context, template and arguments.
def _encode_text(value: Any) -> Any:
    if isinstance(value, Text):
        return {
            "text": str(value),
            "context": value.context,
            "template": value.template,
            "args": {k: _encode_text(v) for k, v in value.args.items()},
        }
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    return str(value)


def _decode_text(value: Any) -> Any:
    if isinstance(value, dict):
        args = {str(k): _decode_text(v) for k, v in dict(value["args"]).items()}
        text = Text(str(value["context"]), str(value["template"]), args)
        if str(text) != value["text"]:
            raise ValueError("a stored sentence does not format to its text")
        return text
    return value


def _encode(trace: StepTrace) -> dict[str, Any]:
    return {
        "source": trace.source,
        "op_fields": list(_OP_FIELDS),
        "ops": [[getattr(op, name) for name in _OP_FIELDS] for op in trace.ops],
        "table": trace.table,
        "compute_dtype": trace.compute_dtype,
        "tokens": trace.tokens,
        "counter_flops": trace.counter_flops,
        "seconds": trace.seconds,
        "peak_bytes": trace.peak_bytes,
        "peak_phase": trace.peak_phase,
        "expert_row_share": trace.expert_row_share,
        "notes": [_encode_text(n) for n in trace.notes],
        "warnings": [_encode_text(w) for w in trace.warnings],
    }


def _op(row: list[Any]) -> OpRecord:
    values = dict(zip(_OP_FIELDS, row, strict=True))
    for name in ("index", "flops", "bytes_read", "bytes_written", "seq_nr"):
        if type(values[name]) is not int:
            raise ValueError(f"op field {name} is not an integer")
    for name in ("phase", "module", "kind", "name", "dtype", "shapes", "node", "problem"):
        if not isinstance(values[name], str):
            raise ValueError(f"op field {name} is not text")
    if type(values["recompute"]) is not bool:
        raise ValueError("op field recompute is not a boolean")
    return OpRecord(**values)


def _decode(data: dict[str, Any]) -> StepTrace:
    if tuple(data["op_fields"]) != _OP_FIELDS:
        raise ValueError("the stored ops have other fields")
    peak = data["peak_bytes"]
    return StepTrace(
        source=str(data["source"]),
        ops=[_op(row) for row in data["ops"]],
        table={str(k): dict(v) for k, v in dict(data["table"]).items()},
        compute_dtype=str(data["compute_dtype"]),
        tokens=int(data["tokens"]),
        counter_flops=float(data["counter_flops"]),
        seconds=float(data["seconds"]),
        peak_bytes=None if peak is None else float(peak),
        peak_phase=str(data["peak_phase"]),
        notes=[_decode_text(n) for n in data["notes"]],
        warnings=[_decode_text(w) for w in data["warnings"]],
        from_cache=True,
        expert_row_share=float(data.get("expert_row_share", 1.0)),
    )


def load_trace(key: dict[str, Any]) -> StepTrace | None:
    """The trace stored under ``key``, or ``None`` (none stored, another key's, or unreadable)."""
    from core.safe_io import load_json

    path = _path(key)
    if path.is_symlink() or not path.is_file():
        return None  # a link placed in a slot is never read through (and is replaced on store)
    try:
        entry = load_json(path, limit=_MAX_BYTES)
        if not isinstance(entry, dict) or entry.get("key") != key:
            return None  # another key's entry in this slot, or one from older code
        return _decode(entry["trace"])
    except (InputError, KeyError, TypeError, ValueError, AttributeError):
        return None  # damaged or foreign: traced again, and this entry replaced


def store_trace(key: dict[str, Any], trace: StepTrace) -> Path | None:
    """Keep ``trace`` under ``key``; returns the file, or ``None`` when it could not be written
    (a read-only or full disk must not fail the trace that was just made)."""
    from core.safe_io import atomic_write

    text = json.dumps({"key": key, "trace": _encode(trace)}, separators=(",", ":"))
    try:
        # a slot named by the app alone: a symlink placed there is replaced, never written through
        return atomic_write(_path(key), text, make_folder=True, follow_symlinks=False)
    except InputError:
        return None


def cached_trace(
    cfg: MemoryConfig,
    *,
    progress: Callable[[float, str], None] | None = None,
    should_cancel: Callable[[], bool] | None = None,
) -> StepTrace:
    """:func:`~core.step.trace.trace_config` of ``cfg``, from the cache when it holds it.

    A trace made here is stored for next time. Raises what :func:`trace_config` raises (an
    input too large to trace is refused before the cache is consulted).
    """
    from core.step.trace import check_size

    check_size(cfg)
    key = cache_key(cfg)
    if key is not None:
        found = load_trace(key)
        if found is not None:
            return found
    trace = trace_config(cfg, progress=progress, should_cancel=should_cancel)
    if key is not None:
        store_trace(key, trace)
    return trace


def warm_default(
    should_cancel: Callable[[], bool] | None = None,
    progress: Callable[[float, str], None] | None = None,
) -> bool:
    """Trace the Step tab's default inputs into the cache unless it holds them already.

    The window's warm-up calls it after first paint, so the tab's first trace (and
    ``napkinlab screenshot --tab step`` after the app has run once) reads the result back
    instead of paying torch's tracker and the trace; so does :mod:`core.step.prefetch`'s child
    process. Returns whether it traced; a cancel leaves nothing behind. ``progress(fraction,
    text)`` hears how far the trace is.
    """
    from core.memory.trace import TraceCancelled
    from core.step.options import inputs_from_options

    cfg = inputs_from_options().config
    key = cache_key(cfg)
    if key is None or load_trace(key) is not None:
        return False
    try:
        cached_trace(cfg, progress=progress, should_cancel=should_cancel)
    except TraceCancelled:
        return False
    return True
