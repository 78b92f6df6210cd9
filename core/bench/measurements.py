"""Benchmark points on disk: an append-only JSON-lines file that a crash cannot corrupt.

Every point is one line of strict JSON, written and flushed (and fsync'ed) as soon as it is
measured, so a killed process loses nothing already written; at worst its last line is cut short.
The reader keeps every complete, well-formed line and reports the others by line number, so a file
from a crashed run, or one made by ``napkinlab bench`` on another machine, still loads. It reads
through :mod:`core.safe_io` (regular files only, at most :data:`MAX_FILE_BYTES`), parses each line
strictly (no NaN or Infinity, nesting bounded) and checks every number a point is drawn from against
its range (:data:`RANGES`), so a point that would overflow the roofline (``seconds: 1e-320``) is
reported and skipped, never drawn. The writer appends only to a regular file (never a FIFO or a
device) that is not read-only.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from core.errors import InputError
from core.safe_io import JSONProblem, brief, check_json, open_append, read_bytes
from core.texts import translate

__all__ = [
    "MAX_FILE_BYTES",
    "RANGES",
    "REQUIRED_KEYS",
    "MeasurementWriter",
    "ReadResult",
    "default_measurements_path",
    "point_to_json",
    "read_measurements",
]

#: Keys every point has (``napkinlab bench --json`` promises them too).
REQUIRED_KEYS: tuple[str, ...] = (
    "op",
    "dtype",
    "shape",
    "flops",
    "bytes",
    "seconds",
    "spread",
    "device",
)

#: The allowed range of each number a point is drawn from (``None``: the key may be absent or not a
#: number). The bounds keep every derived rate and intensity finite (FLOPs / seconds <= 1e42).
RANGES: Mapping[str, tuple[float, float]] = {
    "flops": (0.0, 1e30),
    "bytes": (1.0, 1e30),  # a measured kernel moves at least one byte
    "seconds": (1e-12, 1e6),
    "spread": (0.0, 1e3),
    "q1": (1e-12, 1e6),
    "q3": (1e-12, 1e6),
}
_OPTIONAL = frozenset({"spread", "q1", "q3"})

#: The largest measurements file read (about a million points).
MAX_FILE_BYTES = 500_000_000


def default_measurements_path() -> Path:
    """``<data dir>/measurements.jsonl``, where the app appends every run."""
    from core.paths import data_dir

    return data_dir() / "measurements.jsonl"


def _strict(obj: Any) -> Any:
    if isinstance(obj, float) and not math.isfinite(obj):
        return "nan" if math.isnan(obj) else ("inf" if obj > 0 else "-inf")
    if isinstance(obj, Mapping):
        return {str(k): _strict(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [_strict(v) for v in obj]
    return obj


def point_to_json(point: Mapping[str, Any]) -> str:
    """One point as a single line of strict JSON (NaN and infinities become strings)."""
    return json.dumps(_strict(point), allow_nan=False, separators=(",", ":"))


class MeasurementWriter:
    """Appends points to a JSON-lines file, one flushed line per point.

    Parameters
    ----------
    path
        The file; created with its folder if missing. If an earlier run was killed mid-line, a
        newline is written first so the new points start on a line of their own.
    sync
        Also ``fsync`` after every point (survives a power cut, not only a killed process).
    """

    def __init__(self, path: str | Path, *, sync: bool = True) -> None:
        self.path = Path(path)
        self.sync = sync
        self.count = 0
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise InputError(_cannot_write(self.path, exc.strerror)) from None
        try:
            self._file: IO[bytes] | None = open_append(self.path)
        except InputError as exc:
            raise InputError(
                translate("Bench", "cannot write measurements: {problem}").format(
                    problem=exc.message
                )
            ) from None
        try:
            size = os.fstat(self._file.fileno()).st_size
            if size > 0 and os.pread(self._file.fileno(), 1, size - 1) != b"\n":
                self._file.write(b"\n")
                self._flush()
        except OSError as exc:
            self.close()
            raise InputError(_cannot_write(self.path, exc.strerror)) from None

    def _flush(self) -> None:
        assert self._file is not None
        self._file.flush()
        if self.sync:
            os.fsync(self._file.fileno())

    def write(self, point: Mapping[str, Any]) -> None:
        """Append ``point`` as one line and flush it to the operating system (and disk)."""
        if self._file is None:
            raise InputError(
                translate("Bench", "measurements file {path} is already closed").format(
                    path=str(self.path)
                )
            )
        try:
            self._file.write((point_to_json(point) + "\n").encode("utf-8"))
            self._flush()
        except OSError as exc:  # a full disk (/dev/full), a vanished network share
            self.close()
            raise InputError(_cannot_write(self.path, exc.strerror)) from None
        self.count += 1

    def close(self) -> None:
        """Close the file (points are already on disk)."""
        if self._file is not None:
            file, self._file = self._file, None
            with contextlib.suppress(OSError):  # its last flush failed: write() said so
                file.close()

    def __enter__(self) -> MeasurementWriter:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


@dataclass(frozen=True)
class ReadResult:
    """Points read from a file and what could not be read (``"line 7: ..."``)."""

    points: tuple[dict[str, Any], ...]
    problems: tuple[str, ...]


def _cannot_write(path: Path, why: str | None) -> str:
    return translate("Bench", "cannot write measurements to {path}: {problem}").format(
        path=str(path), problem=str(why)
    )


def _check_point(obj: Any) -> str | None:
    if not isinstance(obj, dict):
        return translate("Bench", "expected a JSON object, got {type}").format(
            type=type(obj).__name__
        )
    missing = [k for k in REQUIRED_KEYS if k not in obj]
    if missing:
        return translate("Bench", "missing {keys} (a point needs {needed})").format(
            keys=", ".join(missing), needed=", ".join(REQUIRED_KEYS)
        )
    for key, (low, high) in RANGES.items():
        value = obj.get(key)
        if isinstance(value, int | float) and not isinstance(value, bool):
            if low <= value <= high:
                continue
        elif key in _OPTIONAL:
            continue  # absent, or a strict-JSON "nan" the runner wrote: not drawn from
        return translate(
            "Bench", "'{key}' must be a number from {low} to {high}, got {value}"
        ).format(key=key, low=f"{low:g}", high=f"{high:g}", value=brief(value))
    return None


def _skipped(number: int, why: str) -> str:
    return translate("Bench", "line {line}: {problem}; skipped").format(line=number, problem=why)


def read_measurements(path: str | Path) -> ReadResult:
    """Read every well-formed point of a JSON-lines file; report the lines that are not.

    Linear in the file's size: one pass over its lines, each parsed once.

    Raises
    ------
    InputError
        If the file cannot be opened at all: missing, not a regular file, larger than
        :data:`MAX_FILE_BYTES` (a damaged line is a problem, not an error).
    """
    path = Path(path)
    try:
        data = read_bytes(path, limit=MAX_FILE_BYTES)
    except InputError as exc:
        raise InputError(
            translate("Bench", "cannot read measurements: {problem}").format(problem=exc.message)
        ) from None
    points: list[dict[str, Any]] = []
    problems: list[str] = []
    lines = data.split(b"\n")
    for number, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        cut = number == len(lines)  # no newline after it: the writer may have been killed mid-line
        try:
            obj = check_json(raw.decode("utf-8"))
        except UnicodeDecodeError as exc:
            problems.append(
                translate(
                    "Bench", "line {line}: not UTF-8 text (byte at column {column}); skipped"
                ).format(line=number, column=exc.start + 1)
            )
            continue
        except JSONProblem as exc:
            why: str = exc.reason
            if exc.syntax:
                why = (
                    translate("Bench", "incomplete last line (the run was cut off)")
                    if cut
                    else translate("Bench", "not JSON ({problem})").format(problem=exc.syntax)
                )
            problems.append(_skipped(number, why))
            continue
        reason = _check_point(obj)
        if reason is not None:
            problems.append(_skipped(number, reason))
            continue
        points.append(obj)
    return ReadResult(tuple(points), tuple(problems))
