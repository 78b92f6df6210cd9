"""Session files: every tab's inputs plus the selected device and dtype, as versioned JSON.

Writes go through :func:`core.safe_io.atomic_write` (a temporary file in the same folder, fsync'ed,
then ``os.replace``; through symlinks, never over a read-only file) so a crash or a full disk never
leaves a half-written session behind. Reading goes through :func:`core.safe_io.load_json` (regular
files only, size-capped, strict numbers, bounded nesting) and refuses corrupt, truncated, foreign or
newer-version files with an :class:`~core.errors.InputError` that names the file, the line and the
problem.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from core.errors import InputError
from core.safe_io import atomic_write, brief, load_json
from core.texts import translate

__all__ = ["SESSION_SCHEMA_VERSION", "Session", "read_session", "write_session"]

SESSION_SCHEMA_VERSION = 1
_APP_TAG = "napkinlab-session"
_MAX_BYTES = 50_000_000


@dataclass
class Session:
    """What a session file holds.

    Attributes
    ----------
    device, dtype
        The shared selectors' values.
    tabs
        Per-tab state keyed by tab id (``"napkin"``); each tab validates its own part on restore.
    """

    device: str = "h100-sxm"
    dtype: str = "bf16"
    tabs: dict[str, dict[str, Any]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The JSON document written to disk."""
        return {
            "app": _APP_TAG,
            "schema_version": SESSION_SCHEMA_VERSION,
            "device": self.device,
            "dtype": self.dtype,
            "tabs": self.tabs,
        }


def _check_finite(obj: Any, path: str = "") -> None:
    if isinstance(obj, float) and not math.isfinite(obj):
        where = path or translate("Sessions", "top level")
        raise InputError(
            translate(
                "Sessions", "value at {where} is {value}, which a session cannot hold"
            ).format(where=where, value=str(obj))
        )
    if isinstance(obj, Mapping):
        for key, value in obj.items():
            _check_finite(value, f"{path}.{key}" if path else str(key))
    elif isinstance(obj, list):
        for i, value in enumerate(obj):
            _check_finite(value, f"{path}[{i}]")


def write_session(path: str | os.PathLike[str], session: Session) -> Path:
    """Write ``session`` to ``path`` atomically; returns the path written.

    Raises
    ------
    InputError
        If the state holds values JSON cannot represent, or the folder cannot be written.
    """
    target = Path(path)
    document = session.to_json()
    _check_finite(document)
    try:
        text = json.dumps(document, indent=2, sort_keys=True, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as exc:
        raise InputError(
            translate("Sessions", "{file}: the session cannot be written as JSON ({why})").format(
                file=str(target), why=str(exc)
            )
        ) from None
    atomic_write(target, text, make_folder=True)
    return target


def read_session(path: str | os.PathLike[str]) -> Session:
    """Read a session file, refusing anything that is not a complete session of a known version.

    Raises
    ------
    InputError
        Naming the file and what is wrong with it (missing, unreadable, not JSON, truncated, not a
        Napkin Lab session, written by a newer version, wrong field types).
    """
    source = Path(path)
    doc = load_json(source, limit=_MAX_BYTES)
    if not isinstance(doc, dict) or doc.get("app") != _APP_TAG:
        raise InputError(
            translate("Sessions", "{file}: not a Napkin Lab session (no 'app': '{tag}')").format(
                file=str(source), tag=_APP_TAG
            )
        )
    version = doc.get("schema_version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise InputError(
            translate(
                "Sessions", "{file}: 'schema_version' must be an integer, got {value}"
            ).format(file=str(source), value=brief(version))
        )
    if version > SESSION_SCHEMA_VERSION:
        raise InputError(
            translate(
                "Sessions",
                "{file}: written by a newer Napkin Lab (session version {version}; this one reads "
                "up to {known}); update Napkin Lab to open it",
            ).format(file=str(source), version=version, known=SESSION_SCHEMA_VERSION)
        )
    if version < 1:
        raise InputError(
            translate("Sessions", "{file}: session version {version} is not valid").format(
                file=str(source), version=version
            )
        )
    device, dtype, tabs = doc.get("device"), doc.get("dtype"), doc.get("tabs", {})
    if not isinstance(device, str) or not isinstance(dtype, str):
        raise InputError(
            translate("Sessions", "{file}: 'device' and 'dtype' must be strings").format(
                file=str(source)
            )
        )
    if not isinstance(tabs, dict) or not all(isinstance(v, dict) for v in tabs.values()):
        raise InputError(
            translate("Sessions", "{file}: 'tabs' must map tab names to objects").format(
                file=str(source)
            )
        )
    return Session(device=device, dtype=dtype, tabs=tabs)
