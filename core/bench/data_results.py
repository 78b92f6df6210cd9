"""Data-path measurements on disk: the JSON-lines file ``napkinlab bench --suite data`` writes.

The Plan reads it to compare the tokens per second a run consumes per node with what this
machine's data path delivered. Lines are read through :mod:`core.safe_io` like the measurements
file; a line that is not a data-path point (no positive ``tokens_per_s``) is skipped. What the
data path "delivers" is the fastest configuration of the file's latest run that ends with the
batch where training uses it: on a CUDA machine a copy to the GPU (``pageable`` or ``pinned``), on a
CPU-only machine any configuration (the batch is then already where the loop uses it).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.errors import InputError
from core.safe_io import JSONProblem, check_json, read_bytes
from core.texts import translate

__all__ = ["DataRate", "default_data_path_file", "delivered_rate", "read_data_points"]

_MAX_BYTES = 50_000_000


def default_data_path_file() -> Path:
    """``<data dir>/data_path.jsonl``: where a data-path run is kept for the Plan."""
    from core.paths import data_dir

    return data_dir() / "data_path.jsonl"


def _valid(obj: Any) -> bool:
    if not isinstance(obj, dict) or obj.get("suite") != "data":
        return False
    rate = obj.get("tokens_per_s")
    if not isinstance(rate, int | float) or isinstance(rate, bool):
        return False
    return math.isfinite(rate) and 0 < rate < 1e15


def read_data_points(path: str | Path) -> list[dict[str, Any]]:
    """Every well-formed data-path point of the file at ``path`` (others are skipped).

    Raises
    ------
    InputError
        If the file cannot be read (missing, not a regular file, too large).
    """
    data = read_bytes(Path(path), limit=_MAX_BYTES)
    points = []
    for raw in data.split(b"\n"):
        if not raw.strip():
            continue
        try:
            obj = check_json(raw.decode("utf-8"))
        except (UnicodeDecodeError, JSONProblem):
            continue
        if _valid(obj):
            points.append(obj)
    return points


@dataclass(frozen=True)
class DataRate:
    """Tokens per second the data path delivered, and the point it comes from."""

    tokens_per_s: float
    point: dict[str, Any]
    path: str

    def describe(self) -> str:
        """``pinned, 0 workers, seq 1024 × batch 16, uint16``: how it was measured."""
        p = self.point
        return str(
            translate(
                "Bench", "{variant}, {workers} workers, seq {seq} × batch {batch}, {dtype}"
            ).format(
                variant=p.get("variant", "?"),
                workers=p.get("workers", "?"),
                seq=p.get("seq", "?"),
                batch=p.get("batch", "?"),
                dtype=p.get("token_dtype", "?"),
            )
        )


def delivered_rate(path: str | Path | None = None) -> DataRate | None:
    """The data path's rate from the file at ``path`` (default :func:`default_data_path_file`).

    None when the default file is missing or holds no point; a file named on purpose that cannot
    be read is an :class:`InputError`.
    """
    source = Path(path) if path else default_data_path_file()
    if not path and not source.exists():
        return None
    try:
        points = read_data_points(source)
    except InputError:
        if path:
            raise
        return None
    if not points:
        return None
    run = points[-1].get("run")
    latest = [p for p in points if p.get("run") == run]
    cuda = any(p.get("device") == "cuda" for p in latest)
    usable = [p for p in latest if not cuda or p.get("variant") in ("pageable", "pinned")]
    best = max(usable or latest, key=lambda p: float(p["tokens_per_s"]))
    return DataRate(float(best["tokens_per_s"]), best, str(source))
