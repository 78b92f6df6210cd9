"""The hardware database: accelerators' dense peak FLOP/s per dtype, bandwidth and memory.

Built-in devices come from ``resources/hardware.json`` (versioned, one source per entry). Users add
their own devices as JSON files in their config folder (``devices.json``, same schema); a bad user
file is reported in :attr:`DeviceCatalog.problems`, never fatal.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any

from core.errors import InputError
from core.validate import TINY

__all__ = [
    "DTYPES",
    "DTYPE_BYTES",
    "SCHEMA_VERSION",
    "Device",
    "DeviceCatalog",
    "builtin_devices",
    "device_from_dict",
    "load_catalog",
    "user_devices_path",
    "validate_dtype",
]

SCHEMA_VERSION = 1

#: The compute dtypes a device can list a peak for, widest first.
DTYPES: tuple[str, ...] = ("fp64", "fp32", "tf32", "bf16", "fp16", "fp8", "fp4", "int8")

#: Storage bytes per element of each compute dtype (tf32 is stored as fp32).
DTYPE_BYTES: Mapping[str, float] = MappingProxyType(
    {"fp64": 8, "fp32": 4, "tf32": 4, "bf16": 2, "fp16": 2, "fp8": 1, "fp4": 0.5, "int8": 1}
)

_MAX_FLOPS = 1e21  # a zettaFLOP/s per chip is beyond anything sold; refuse typos above it
_MAX_BANDWIDTH = 1e16
_MAX_MEMORY = 1e16


@dataclass(frozen=True)
class Device:
    """One accelerator (or "this machine"): the numbers a roofline and a napkin estimate need.

    Attributes
    ----------
    id
        Short, stable identifier used by sessions and the CLI (``h100-sxm``).
    name
        Display name (``NVIDIA H100 SXM5 80GB``).
    peak_flops
        Dense peak FLOP/s per dtype (``"bf16" -> 989.5e12``); dtypes the device lacks are absent.
    mem_bandwidth
        Main-memory bandwidth in bytes/s.
    memory_bytes
        Memory capacity in bytes (SI: 80 GB = 80e9).
    source
        Where the numbers come from, with caveats.
    """

    id: str
    name: str
    vendor: str
    peak_flops: Mapping[str, float]
    mem_bandwidth: float
    memory_bytes: float
    source: str
    l2_bytes: float | None = None
    tdp_w: float | None = None
    user_defined: bool = False
    extra: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def peak(self, dtype: str) -> float:
        """Dense peak FLOP/s for ``dtype``; raises :class:`InputError` if the device lacks it."""
        validate_dtype(dtype)
        try:
            return self.peak_flops[dtype]
        except KeyError:
            have = ", ".join(d for d in DTYPES if d in self.peak_flops)
            raise InputError(
                f"{self.name} has no published {dtype} peak; it has: {have}", field="dtype"
            ) from None

    def supports(self, dtype: str) -> bool:
        """Whether the device lists a peak for ``dtype``."""
        return dtype in self.peak_flops

    @property
    def dtypes(self) -> tuple[str, ...]:
        """The dtypes this device has a peak for, in :data:`DTYPES` order."""
        return tuple(d for d in DTYPES if d in self.peak_flops)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form used by the database, user files and ``napkinlab devices --json``."""
        out: dict[str, Any] = {
            "id": self.id,
            "name": self.name,
            "vendor": self.vendor,
            "peak_flops": dict(self.peak_flops),
            "mem_bandwidth": self.mem_bandwidth,
            "memory_bytes": self.memory_bytes,
            "source": self.source,
        }
        if self.l2_bytes is not None:
            out["l2_bytes"] = self.l2_bytes
        if self.tdp_w is not None:
            out["tdp_w"] = self.tdp_w
        out["user_defined"] = self.user_defined
        return out


def validate_dtype(dtype: object) -> str:
    """Check a compute dtype id (``bf16``); the error lists the allowed ids."""
    if not isinstance(dtype, str) or dtype not in DTYPES:
        raise InputError(f"dtype: unknown {dtype!r}; allowed: {', '.join(DTYPES)}", field="dtype")
    return dtype


def _number(entry: Mapping[str, Any], key: str, where: str, high: float) -> float:
    value = entry.get(key)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise InputError(f"{where}: '{key}' must be a number, got {value!r}")
    if not math.isfinite(value) or value < TINY or value > high:  # 5e-324: inf ridge, times
        raise InputError(
            f"{where}: '{key}' = {value!r} is out of range; allowed: {TINY:g} to {high:g}"
        )
    return float(value)


def device_from_dict(entry: Mapping[str, Any], *, user_defined: bool = False) -> Device:
    """Build a :class:`Device` from its JSON form, validating every field.

    Raises
    ------
    InputError
        Naming the device and the field that is missing or wrong.
    """
    if not isinstance(entry, Mapping):
        raise InputError(f"device entry must be an object, got {type(entry).__name__}")
    dev_id = entry.get("id")
    if not isinstance(dev_id, str) or not dev_id or len(dev_id) > 64 or dev_id.strip() != dev_id:
        raise InputError(f"device entry: 'id' must be a short non-empty string, got {dev_id!r}")
    where = f"device {dev_id!r}"
    name = entry.get("name", dev_id)
    if not isinstance(name, str) or not name.strip():
        raise InputError(f"{where}: 'name' must be a non-empty string")
    peaks_in = entry.get("peak_flops")
    if not isinstance(peaks_in, Mapping) or not peaks_in:
        raise InputError(f"{where}: 'peak_flops' must map dtypes ({', '.join(DTYPES)}) to FLOP/s")
    peaks: dict[str, float] = {}
    for dtype, _ in peaks_in.items():
        if dtype not in DTYPES:
            raise InputError(
                f"{where}: unknown dtype {dtype!r} in peak_flops; allowed: {', '.join(DTYPES)}"
            )
        peaks[dtype] = _number(peaks_in, dtype, f"{where} peak_flops", _MAX_FLOPS)
    source = entry.get("source", "")
    if not isinstance(source, str) or (not user_defined and not source.strip()):
        raise InputError(f"{where}: 'source' must say where the numbers come from")
    optional: dict[str, float | None] = {}
    for key in ("l2_bytes", "tdp_w"):
        optional[key] = (
            _number(entry, key, where, _MAX_MEMORY) if entry.get(key) is not None else None
        )
    vendor = entry.get("vendor", "")
    return Device(
        id=dev_id,
        name=name.strip(),
        vendor=vendor if isinstance(vendor, str) else "",
        peak_flops=MappingProxyType(peaks),
        mem_bandwidth=_number(entry, "mem_bandwidth", where, _MAX_BANDWIDTH),
        memory_bytes=_number(entry, "memory_bytes", where, _MAX_MEMORY),
        source=source or "user-defined",
        l2_bytes=optional["l2_bytes"],
        tdp_w=optional["tdp_w"],
        user_defined=user_defined,
    )


def _devices_from_document(doc: Any, where: str, *, user_defined: bool) -> list[Device]:
    if not isinstance(doc, Mapping):
        raise InputError(f"{where}: expected a JSON object with 'schema_version' and 'devices'")
    version = doc.get("schema_version")
    if version != SCHEMA_VERSION:
        raise InputError(
            f"{where}: schema_version {version!r} is not supported; this version reads {SCHEMA_VERSION}"
        )
    entries = doc.get("devices")
    if not isinstance(entries, list):
        raise InputError(f"{where}: 'devices' must be a list")
    return [device_from_dict(e, user_defined=user_defined) for e in entries]


@lru_cache(maxsize=1)
def builtin_devices() -> tuple[Device, ...]:
    """The devices shipped in ``resources/hardware.json``, in file order."""
    text = resources.files("resources").joinpath("hardware.json").read_text(encoding="utf-8")
    return tuple(_devices_from_document(json.loads(text), "hardware.json", user_defined=False))


def user_devices_path() -> Path:
    """Where a user's own devices live (``<config>/napkinlab/devices.json``)."""
    from core.paths import config_dir

    return config_dir() / "devices.json"


@dataclass(frozen=True)
class DeviceCatalog:
    """Built-in plus user devices, looked up by id; ``problems`` lists unreadable user entries."""

    devices: tuple[Device, ...]
    problems: tuple[str, ...] = ()

    def ids(self) -> tuple[str, ...]:
        """Every device id, built-ins first."""
        return tuple(d.id for d in self.devices)

    def get(self, device_id: object) -> Device:
        """The device with ``device_id``; the error lists the known ids."""
        for device in self.devices:
            if device.id == device_id:
                return device
        raise InputError(
            f"device: unknown {device_id!r}; known: {', '.join(self.ids())}", field="device"
        )

    def with_device(self, device: Device) -> DeviceCatalog:
        """A catalog with ``device`` added (or replacing the one with the same id)."""
        kept = tuple(d for d in self.devices if d.id != device.id)
        return DeviceCatalog((*kept, device), self.problems)


def _read_user_devices(paths: Iterable[Path]) -> tuple[list[Device], list[str]]:
    found: list[Device] = []
    problems: list[str] = []
    for path in paths:
        if not path.exists():
            continue
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            problems.append(f"{path}: cannot be read as JSON ({exc}); its devices are ignored")
            continue
        if (
            not isinstance(doc, Mapping)
            or doc.get("schema_version") != SCHEMA_VERSION
            or not isinstance(doc.get("devices"), list)
        ):
            problems.append(
                f"{path}: expected {{'schema_version': {SCHEMA_VERSION}, 'devices': [...]}}; ignored"
            )
            continue
        for entry in doc["devices"]:
            try:
                found.append(device_from_dict(entry, user_defined=True))
            except InputError as exc:
                problems.append(f"{path}: {exc.message}; entry ignored")
    return found, problems


def load_catalog(user_paths: Iterable[Path] | None = None) -> DeviceCatalog:
    """The built-in devices plus the user's, with any problems in the user files reported.

    Parameters
    ----------
    user_paths
        User device files to read; defaults to :func:`user_devices_path`. A user device whose id
        matches a built-in one replaces it (the user knows their hardware best).
    """
    paths = list(user_paths) if user_paths is not None else [user_devices_path()]
    users, problems = _read_user_devices(paths)
    catalog = DeviceCatalog(builtin_devices(), tuple(problems))
    for device in users:
        catalog = catalog.with_device(device)
    return catalog
