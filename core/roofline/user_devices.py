"""Saving a person's own devices to their config folder, without ever losing what is there.

The file is ``<config>/napkinlab/devices.json`` with the same schema as the built-in database. A
device is added or replaced by id and the file is rewritten with :func:`core.safe_io.atomic_write`
(temporary file, fsync, rename; through a symlink to its target; never over a read-only file; no
temporary file left on failure). A file that exists but cannot be read (not JSON, a NaN, too deep,
not a regular file) is never overwritten: the error says so, names it and the line.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from core.echo import brief
from core.errors import InputError
from core.roofline.hardware import (
    MAX_USER_FILE_BYTES,
    SCHEMA_VERSION,
    Device,
    builtin_devices,
    user_devices_path,
)
from core.safe_io import atomic_write, load_json

__all__ = ["remove_user_device", "save_user_device"]


def _read_entries(path: Path) -> list[dict[str, Any]]:
    if not path.exists():  # nothing yet (a symlink to a file to be made is written through)
        return []
    try:
        doc = load_json(path, limit=MAX_USER_FILE_BYTES)
    except InputError as exc:
        raise InputError(f"{exc.message}; fix or move it first, it was not changed") from None
    if (
        not isinstance(doc, dict)
        or doc.get("schema_version") != SCHEMA_VERSION
        or not isinstance(doc.get("devices"), list)
    ):
        raise InputError(
            f"{path}: not a version-{SCHEMA_VERSION} device file; fix or move it first, it was not "
            "changed"
        )
    return list(doc["devices"])


def _write_entries(path: Path, entries: list[dict[str, Any]]) -> None:
    text = json.dumps(
        {"schema_version": SCHEMA_VERSION, "devices": entries}, indent=2, allow_nan=False
    )
    atomic_write(path, text, make_folder=True)


def save_user_device(device: Device, path: Path | None = None) -> Path:
    """Add ``device`` to the user's file (replacing one with the same id); returns the file.

    Raises
    ------
    InputError
        If the id is a built-in device's, or the existing file is unreadable (left untouched).
    """
    target = path if path is not None else user_devices_path()
    if device.id in {d.id for d in builtin_devices()}:
        raise InputError(f"id: {brief(device.id)} is a built-in device; choose another id")
    entries = [
        e for e in _read_entries(target) if not (isinstance(e, dict) and e.get("id") == device.id)
    ]
    entry = device.to_dict()
    entry.pop("user_defined", None)
    entries.append(entry)
    _write_entries(target, entries)
    return target


def remove_user_device(device_id: str, path: Path | None = None) -> bool:
    """Remove a user device by id; returns whether it was there."""
    target = path if path is not None else user_devices_path()
    entries = _read_entries(target)
    kept = [e for e in entries if not (isinstance(e, dict) and e.get("id") == device_id)]
    if len(kept) == len(entries):
        return False
    _write_entries(target, kept)
    return True
