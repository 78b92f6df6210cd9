"""Benchmark points on disk: an append-only JSON-lines file that a crash cannot corrupt.

Every point is one line of strict JSON, written and flushed (and fsync'ed) as soon as it is
measured, so a killed process loses nothing already written; at worst its last line is cut short.
The reader keeps every complete, well-formed line and reports the others by line number, so a file
from a crashed run, or one made by ``napkinlab bench`` on another machine, still loads.
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

__all__ = [
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
            with open(self.path, "ab+") as raw:  # the last byte, even inside a cut UTF-8 character
                cut = raw.seek(0, os.SEEK_END) > 0 and raw.seek(-1, os.SEEK_END) >= 0
                cut = cut and raw.read(1) != b"\n"
            self._file: IO[str] | None = open(self.path, "a", encoding="utf-8")  # noqa: SIM115
        except OSError as exc:
            raise InputError(f"cannot write measurements to {self.path}: {exc.strerror}") from None
        if cut:
            self._write("\n")

    def _flush(self) -> None:
        assert self._file is not None
        self._file.flush()
        if self.sync:
            os.fsync(self._file.fileno())

    def write(self, point: Mapping[str, Any]) -> None:
        """Append ``point`` as one line and flush it to the operating system (and disk)."""
        if self._file is None:
            raise InputError(f"measurements file {self.path} is already closed")
        self._write(point_to_json(point) + "\n")
        self.count += 1

    def _write(self, text: str) -> None:
        assert self._file is not None
        try:
            self._file.write(text)
            self._flush()
        except OSError as exc:  # a full disk (/dev/full), a vanished network share
            self.close()
            raise InputError(f"cannot write measurements to {self.path}: {exc.strerror}") from None

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


def _check_point(obj: Any) -> str | None:
    if not isinstance(obj, dict):
        return f"expected a JSON object, got {type(obj).__name__}"
    missing = [k for k in REQUIRED_KEYS if k not in obj]
    if missing:
        return f"missing {', '.join(missing)} (a point needs {', '.join(REQUIRED_KEYS)})"
    for key in ("flops", "bytes", "seconds"):
        value = obj[key]
        if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
            return f"'{key}' must be a number >= 0, got {value!r}"
    if obj["seconds"] <= 0:
        return f"'seconds' must be > 0, got {obj['seconds']!r}"
    return None


def read_measurements(path: str | Path) -> ReadResult:
    """Read every well-formed point of a JSON-lines file; report the lines that are not.

    Raises
    ------
    InputError
        If the file cannot be opened at all (a damaged line is a problem, not an error).
    """
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read measurements {path}: {exc.strerror}") from None
    points: list[dict[str, Any]] = []
    problems: list[str] = []
    lines = data.split(b"\n")
    for number, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        cut = number == len(lines)  # no newline after it: the writer may have been killed mid-line
        try:
            obj = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            why = "incomplete last line (the run was cut off)" if cut else f"not JSON ({exc})"
            problems.append(f"line {number}: {why}; skipped")
            continue
        reason = _check_point(obj)
        if reason is not None:
            problems.append(f"line {number}: {reason}; skipped")
            continue
        points.append(obj)
    return ReadResult(tuple(points), tuple(problems))
