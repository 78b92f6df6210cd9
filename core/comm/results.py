"""Reading collective-benchmark rows back (``bench --suite collectives --out FILE.jsonl``).

One row per op and message size, as :func:`core.comm.collectives.run_collectives` yields them.
Malformed lines are reported by number and skipped, as :mod:`core.bench.measurements` does for
operator points; rows of several runs (world sizes, backends) are kept apart as series. Problems,
errors and series labels are :class:`core.texts.Text` (context ``Comm``), translated in the window.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.echo import brief
from core.errors import InputError
from core.texts import Text, translate

__all__ = ["CollectiveSeries", "read_collectives"]

_OPS = ("all_reduce", "all_gather", "reduce_scatter", "broadcast", "all_to_all")
#: The largest collectives file read (a run writes a few kilobytes).
MAX_FILE_BYTES = 100_000_000


@dataclass(frozen=True)
class CollectiveSeries:
    """busbw (and algbw) against message size for one op, world size and backend."""

    op: str
    world_size: int
    backend: str
    sizes: tuple[float, ...]
    busbw: tuple[float, ...]
    algbw: tuple[float, ...]
    all_correct: bool

    @property
    def label(self) -> str:
        """``all_reduce, 2 ranks, gloo``."""
        return translate("Comm", "{op}, {ranks} ranks, {backend}").format(
            op=self.op, ranks=str(self.world_size), backend=self.backend
        )


def _problem(obj: Any) -> Text | None:
    if not isinstance(obj, dict):
        return translate("Comm", "expected a JSON object")
    if obj.get("op") not in _OPS:
        return translate("Comm", "'op' must be one of {allowed}, got {op}").format(
            allowed=", ".join(_OPS), op=brief(obj.get("op"))
        )
    for key in ("bytes", "time_s", "algbw", "busbw", "world_size"):
        value = obj.get(key)
        if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0:
            return translate("Comm", "'{key}' must be a number > 0, got {value}").format(
                key=key, value=brief(value)
            )
    return None


def read_collectives(path: str | Path) -> tuple[tuple[CollectiveSeries, ...], tuple[str, ...]]:
    """The series in a collectives file and the problems met (``"line 3: ..."``).

    Raises
    ------
    InputError
        If the file cannot be read at all, or holds no collective row.
    """
    from core.safe_io import JSONProblem, check_json, read_bytes

    path = Path(path)
    try:  # regular files only, size-capped, never a FIFO (core.safe_io)
        data = read_bytes(path, limit=MAX_FILE_BYTES)
    except InputError as exc:
        raise InputError(
            translate("Comm", "cannot read {path}: {reason}").format(
                path=str(path), reason=exc.message
            )
        ) from None
    lines = data.decode("utf-8", errors="replace").splitlines()
    groups: dict[tuple[str, int, str], list[dict[str, Any]]] = {}
    problems: list[str] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            obj = check_json(line)  # strict: no NaN, bounded numbers and nesting
        except JSONProblem as exc:
            problems.append(
                translate("Comm", "line {number}: not JSON ({why}); skipped").format(
                    number=str(number), why=exc.reason
                )
            )
            continue
        reason = _problem(obj)
        if reason:
            problems.append(
                translate("Comm", "line {number}: {reason}; skipped").format(
                    number=str(number), reason=reason
                )
            )
            continue
        key = (obj["op"], int(obj["world_size"]), str(obj.get("backend", "?")))
        groups.setdefault(key, []).append(obj)
    if not groups:
        raise InputError(
            translate(
                "Comm",
                "{path}: no collective rows (op, bytes, time_s, algbw, busbw, world_size) found",
            ).format(path=str(path))
        )
    series = []
    for (op, world, backend), rows in groups.items():
        rows.sort(key=lambda r: r["bytes"])
        series.append(
            CollectiveSeries(
                op,
                world,
                backend,
                tuple(float(r["bytes"]) for r in rows),
                tuple(float(r["busbw"]) for r in rows),
                tuple(float(r["algbw"]) for r in rows),
                all(r.get("correct", True) is True for r in rows),
            )
        )
    return tuple(series), tuple(problems)
