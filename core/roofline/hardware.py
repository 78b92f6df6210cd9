"""The hardware database: accelerators' dense peak FLOP/s per dtype, bandwidth and memory.

Built-in devices come from ``resources/hardware.json`` (versioned, one source per entry). Users add
their own devices as JSON files in their config folder (``devices.json``, same schema); a bad user
file is reported in :attr:`DeviceCatalog.problems`, never fatal. User files are read with
:func:`core.safe_io.load_json` (regular files only, size-capped, strict finite numbers, bounded
nesting, the line of a bad value named), and every number is checked against its range.
"""

from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from core.errors import InputError
from core.safe_io import brief, check_json, decode_utf8, parse_json, read_bytes, read_resource_text
from core.texts import Text, translate
from core.validate import dtype_spelling

__all__ = [
    "DTYPES",
    "DTYPE_BITS",
    "DTYPE_BYTES",
    "FAMILIES",
    "SCHEMA_VERSION",
    "VARIANT_KEYS",
    "Device",
    "DeviceCatalog",
    "builtin_devices",
    "capacity_note",
    "capacity_text",
    "device_from_dict",
    "device_variant",
    "load_catalog",
    "storage_bytes",
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

#: Storage bits per element of each compute dtype.
DTYPE_BITS: Mapping[str, int] = MappingProxyType({d: int(b * 8) for d, b in DTYPE_BYTES.items()})


def storage_bytes(dtype: str, count: float) -> float:
    """Bytes that ``count`` packed elements of ``dtype`` occupy: ``ceil(count × bits / 8)``.

    Sub-byte dtypes (fp4) pack several elements per byte, but storage comes in whole bytes: 3 fp4
    values take 2 bytes, not 1.5. Counts beyond 2^53 are already whole in float64 and pass through.
    """
    bits = DTYPE_BITS[validate_dtype(dtype)]
    if bits % 8 == 0:
        return float(count) * (bits // 8)
    return float(math.ceil(count * bits / 8)) if count < 2**53 else float(count) * bits / 8


#: Device families and the runtime allowance each has (what sits in memory besides tensors).
FAMILIES: Mapping[str, str] = MappingProxyType(
    {
        "cuda": "CUDA context and workspaces",
        "rocm": "HIP runtime and rocBLAS/MIOpen workspaces",
        "tpu": "XLA runtime and program buffers",
        "apple": "Metal runtime and the memory macOS keeps",
        "cpu": "framework runtime and libraries",
    }
)
_VENDOR_FAMILY = {"nvidia": "cuda", "amd": "rocm", "google": "tpu", "apple": "apple"}

_MAX_FLOPS = 1e21  # a zettaFLOP/s per chip is beyond anything sold; refuse typos above it
_MAX_BANDWIDTH = 1e16
_MAX_MEMORY = 1e16
#: Below one FLOP/s, byte/s or byte a value is a typo (and ratios of such values overflow).
_MIN_VALUE = 1.0
#: A user's device file larger than this is not one a person wrote.
MAX_USER_FILE_BYTES = 10_000_000
_NEWLINE = "\n"


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
        Main-memory bandwidth in bytes/s, or ``None`` when it is not known (a "this machine"
        run that measured no copy): use :meth:`bandwidth`, which says so.
    memory_bytes
        Memory capacity in bytes as the datasheet states it (SI: 80 GB = 80e9).
    memory_total_bytes
        The memory the driver reports (``nvidia-smi``'s total: 81,559 MiB on an H100 80GB, which
        holds 80 GiB), when a source gives it; ``None`` otherwise. See :attr:`capacity_bytes`.
    memory_total_source
        Where ``memory_total_bytes`` comes from.
    source
        Where the numbers come from, with caveats.
    intra_node_bandwidth
        Interconnect bandwidth per GPU to its peers inside one node (NVLink, Infinity Fabric, ICI,
        or PCIe where there is none), **unidirectional**, in bytes/s; ``None`` if unknown.
    inter_node_bandwidth
        Typical network bandwidth per GPU across nodes (400 Gb/s NDR InfiniBand = 50e9),
        unidirectional, in bytes/s; ``None`` if the device is not sold in multi-node systems.
    intra_node_link, inter_node_link
        What the link is (``NVLink 4``), for display.
    intra_node_source, inter_node_source
        Where each figure comes from.
    nvlink_domain
        GPUs that share one NVLink switch fabric where that is more than a node (72 for an NVL72
        rack of 4-GPU trays); ``None``: the NVLink domain is the node. ``nvlink_domain_source``
        says where it comes from.
    """

    id: str
    name: str
    vendor: str
    peak_flops: Mapping[str, float]
    mem_bandwidth: float | None
    memory_bytes: float
    source: str
    l2_bytes: float | None = None
    tdp_w: float | None = None
    user_defined: bool = False
    extra: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)
    intra_node_bandwidth: float | None = None
    intra_node_link: str = ""
    intra_node_source: str = ""
    inter_node_bandwidth: float | None = None
    inter_node_link: str = ""
    inter_node_source: str = ""
    memory_total_bytes: float | None = None
    memory_total_source: str = ""
    nvlink_domain: int | None = None
    nvlink_domain_source: str = ""

    @property
    def capacity_bytes(self) -> float:
        """The bytes a training step can fill: the driver's total where known, else the datasheet's.

        Datasheets round in their own units: an "80GB" H100 holds 80 GiB, of which the driver
        reports 81,559 MiB (85.5e9 bytes), 7 % more than 80e9. The CUDA context and workspaces
        come out of it (the memory estimates' allowance).
        """
        return self.memory_total_bytes or self.memory_bytes

    def peak(self, dtype: str) -> float:
        """Dense peak FLOP/s for ``dtype``; raises :class:`InputError` if the device lacks it."""
        dtype = validate_dtype(dtype)
        try:
            return self.peak_flops[dtype]
        except KeyError:
            have = ", ".join(d for d in DTYPES if d in self.peak_flops)
            raise InputError(
                translate(
                    "Roofline", "{device} has no published {dtype} peak; it has: {have}"
                ).format(device=self.name, dtype=dtype, have=have),
                field="dtype",
            ) from None

    def bandwidth(self) -> float:
        """Main-memory bytes/s; raises :class:`InputError` when it was not measured."""
        if self.mem_bandwidth is None:
            raise InputError(
                translate(
                    "Roofline",
                    "{device} has no memory bandwidth: no copy was measured (run the benchmark "
                    "to the end, or pick a device with a datasheet bandwidth)",
                ).format(device=self.name),
                field="device",
            )
        return self.mem_bandwidth

    @property
    def family(self) -> str:
        """The software stack the device runs: a key of :data:`FAMILIES` (``cuda``, ``tpu``...).

        Taken from ``extra["family"]`` when set (a measured device records its kind), else from
        the vendor; unknown vendors count as ``cuda`` only when named NVIDIA, else ``cpu``.
        """
        given = self.extra.get("family") if self.extra else None
        if isinstance(given, str) and given in FAMILIES:
            return given
        return _VENDOR_FAMILY.get(self.vendor.strip().lower(), "cpu")

    @property
    def runtime_allowance_name(self) -> str:
        """What the memory beyond tensors is on this device (no "CUDA context" on a TPU)."""
        return FAMILIES[self.family]

    def name_allowance(self, text: str) -> str:
        """``text`` (an allowance written for CUDA) with the runtime this device really has."""
        return text.replace(FAMILIES["cuda"], self.runtime_allowance_name)

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
        if self.memory_total_bytes is not None:
            out["memory_total_bytes"] = self.memory_total_bytes
            out["memory_total_source"] = self.memory_total_source
        for scope in ("intra_node", "inter_node"):
            bandwidth = getattr(self, f"{scope}_bandwidth")
            if bandwidth is not None:
                out[f"{scope}_bandwidth"] = bandwidth
                out[f"{scope}_link"] = getattr(self, f"{scope}_link")
                out[f"{scope}_source"] = getattr(self, f"{scope}_source")
        if self.nvlink_domain is not None:
            out["nvlink_domain"] = self.nvlink_domain
            out["nvlink_domain_source"] = self.nvlink_domain_source
        variant_of = (self.extra or {}).get("variant_of")
        if isinstance(variant_of, str):
            out["variant_of"] = variant_of
        out["user_defined"] = self.user_defined
        return out


def capacity_text(device: Device) -> Text:
    """A device's memory as every tab shows it, the datasheet's and the driver's figure named
    once: ``80 GB datasheet, 85.52 GB reported by the driver``. Fits (Memory, Plan, Step) are
    judged against the driver's figure where it is known (:attr:`Device.capacity_bytes`); the
    Napkin tab's lecture arithmetic uses the datasheet's (8 × 80 GB / 12 = 53.33 B) and says so.
    """
    from core.units import format_bytes

    if device.memory_total_bytes:
        return translate("Roofline", "{datasheet} datasheet, {driver} reported by the driver").format(
            datasheet=format_bytes(device.memory_bytes), driver=format_bytes(device.memory_total_bytes)
        )  # fmt: skip
    return translate("Roofline", "{datasheet} datasheet").format(
        datasheet=format_bytes(device.memory_bytes)
    )


def capacity_note(device: Device) -> Text:
    """What a fit is judged against on ``device``: the driver's memory total, or the datasheet's."""
    from core.units import format_bytes

    if device.memory_total_bytes:
        return translate("Roofline", "{device}: {capacity} per GPU, the memory its driver reports; the datasheet's {datasheet} is rounded in other units").format(device=device.id, capacity=format_bytes(device.capacity_bytes), datasheet=format_bytes(device.memory_bytes))  # fmt: skip
    return translate("Roofline", "{device}: {capacity} per GPU, the datasheet's figure (no driver-reported total is known for it)").format(device=device.id, capacity=format_bytes(device.capacity_bytes))  # fmt: skip


def validate_dtype(dtype: object) -> str:
    """The compute dtype id (``bf16``) of any of its spellings (``bfloat16``, ``torch.bfloat16``,
    :data:`core.validate.DTYPE_SPELLINGS`), the same in every subcommand and tab; the error lists
    the ids."""
    found = dtype_spelling(dtype)
    if found is None:
        raise InputError(
            f"dtype: unknown {brief(dtype)}; allowed: {', '.join(DTYPES)} (or float32, "
            "bfloat16, float16, half, float8_e4m3fn, …)",
            field="dtype",
        )
    return found


def _number(entry: Mapping[str, Any], key: str, where: str, high: float) -> float:
    value = entry.get(key)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise InputError(f"{where}: '{key}' must be a number, got {brief(value)}")
    try:
        number = float(value)
    except OverflowError:
        number = math.inf
    if not math.isfinite(number) or number < _MIN_VALUE or number > high:
        raise InputError(
            f"{where}: '{key}' = {brief(value)} is out of range; "
            f"allowed: {_MIN_VALUE:g} <= x <= {high:g}"
        )
    return number


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
        raise InputError(
            f"device entry: 'id' must be a short non-empty string, got {brief(dev_id)}"
        )
    where = f"device {brief(dev_id)}"
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
                f"{where}: unknown dtype {brief(dtype)} in peak_flops; allowed: {', '.join(DTYPES)}"
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
    links = _links(entry, where, user_defined=user_defined)
    links.update(_memory_total(entry, where, user_defined=user_defined))
    links.update(_domain(entry, where, user_defined=user_defined))
    vendor = entry.get("vendor", "")
    variant_of = entry.get("variant_of")
    if variant_of is not None and (
        not isinstance(variant_of, str) or not variant_of.strip() or len(variant_of) > 64
    ):
        raise InputError(
            f"{where}: 'variant_of' must be the id of the device whose chip this one is, "
            f"got {brief(variant_of)}"
        )
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
        extra={"variant_of": variant_of.strip()} if variant_of else {},
        **links,
    )


def _memory_total(entry: Mapping[str, Any], where: str, *, user_defined: bool) -> dict[str, Any]:
    """The optional driver-reported memory total and (built-ins) its source."""
    if entry.get("memory_total_bytes") is None:
        return {}
    total = _number(entry, "memory_total_bytes", where, _MAX_MEMORY)
    source = entry.get("memory_total_source", "")
    if not isinstance(source, str):
        raise InputError(f"{where}: 'memory_total_source' must be a string, got {brief(source)}")
    if not user_defined and not source.strip():
        raise InputError(f"{where}: 'memory_total_source' must say where memory_total_bytes "
                         "comes from")  # fmt: skip
    return {"memory_total_bytes": total,
            "memory_total_source": source.strip() or "user-defined"}  # fmt: skip


#: The largest NVLink domain a device entry may state (NVIDIA's NVLink Switch reaches 576 GPUs).
MAX_NVLINK_DOMAIN = 100_000


def _domain(entry: Mapping[str, Any], where: str, *, user_defined: bool) -> dict[str, Any]:
    """The optional NVLink domain (GPUs on one NVLink fabric, more than a node) and its source."""
    value = entry.get("nvlink_domain")
    if value is None:
        return {}
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_NVLINK_DOMAIN:
        raise InputError(
            f"{where}: 'nvlink_domain' = {brief(value)}; allowed: a whole number of GPUs from 1 "
            f"to {MAX_NVLINK_DOMAIN:,}"
        )
    source = entry.get("nvlink_domain_source", "")
    if not isinstance(source, str) or (not user_defined and not source.strip()):
        raise InputError(f"{where}: 'nvlink_domain_source' must say where nvlink_domain comes from")
    return {"nvlink_domain": value, "nvlink_domain_source": source.strip() or "user-defined"}


def _links(entry: Mapping[str, Any], where: str, *, user_defined: bool) -> dict[str, Any]:
    """The optional interconnect fields: a bandwidth, what the link is, and (built-ins) a source."""
    out: dict[str, Any] = {}
    for scope in ("intra_node", "inter_node"):
        key = f"{scope}_bandwidth"
        if entry.get(key) is None:
            continue
        out[key] = _number(entry, key, where, _MAX_BANDWIDTH)
        for part in ("link", "source"):
            text = entry.get(f"{scope}_{part}", "")
            if not isinstance(text, str):
                raise InputError(f"{where}: '{scope}_{part}' must be a string, got {brief(text)}")
            out[f"{scope}_{part}"] = text.strip()
        if not user_defined and not out[f"{scope}_source"]:
            raise InputError(f"{where}: '{scope}_source' must say where {key} comes from")
        if user_defined and not out[f"{scope}_source"]:
            out[f"{scope}_source"] = "user-defined"
    return out


def _devices_from_document(doc: Any, where: str, *, user_defined: bool) -> list[Device]:
    if not isinstance(doc, Mapping):
        raise InputError(f"{where}: expected a JSON object with 'schema_version' and 'devices'")
    version = doc.get("schema_version")
    if version != SCHEMA_VERSION:
        raise InputError(
            f"{where}: schema_version {brief(version)} is not supported; this version reads "
            f"{SCHEMA_VERSION}"
        )
    entries = doc.get("devices")
    if not isinstance(entries, list):
        raise InputError(f"{where}: 'devices' must be a list")
    return [device_from_dict(e, user_defined=user_defined) for e in entries]


@lru_cache(maxsize=1)
def builtin_devices() -> tuple[Device, ...]:
    """The devices shipped in ``resources/hardware.json``, in file order."""
    text = read_resource_text("hardware.json")
    doc = check_json(text)  # strict like a user file: no NaN, no key twice
    return tuple(_devices_from_document(doc, "hardware.json", user_defined=False))


def user_devices_path() -> Path:
    """Where a user's own devices live (``<config>/napkinlab/devices.json``)."""
    from core.paths import config_dir

    return config_dir() / "devices.json"


#: What a deployed device may change against its datasheet entry (``--device
#: h100-sxm:memory=96GB,nvlink=400GB/s``): key -> (the :class:`Device` field, its unit).
#: ``peak`` is the chip's dense BF16 peak at the clocks it holds as deployed (a lower power
#: limit); every dtype's peak scales with it, since the tensor cores' rate is per clock.
VARIANT_KEYS: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        "memory": ("memory_bytes", "bytes"),
        "bandwidth": ("mem_bandwidth", "bytes/s"),
        "nvlink": ("intra_node_bandwidth", "bytes/s"),
        "network": ("inter_node_bandwidth", "bytes/s"),
        "peak": ("peak_flops", "flop/s"),
    }
)
#: Keys a person may expect that the model cannot honour yet, with the reason said back.
_VARIANT_UNMODELLED = {
    "power": "a power limit is not modelled: no measured relation between a limit and the "
    "clocks a long run holds was found; give the variant's dense BF16 peak at the clocks it "
    "holds (peak=...TFLOP/s) or its measured large-GEMM efficiency with napkinlab calibration "
    "--set instead",
}


def device_variant(base: Device, spec: str) -> Device:
    """``base`` as deployed: memory size, memory bandwidth, NVLink or network bandwidth per GPU
    changed by ``spec`` (``memory=96GB,bandwidth=3.9TB/s,nvlink=400GB/s,network=25GB/s``;
    bandwidths one way per GPU), and ``peak=835TFLOP/s``: the dense BF16 peak at the clocks the
    chip holds as deployed, every dtype's peak scaled alike. The chip's calibration (its
    fractions of those peaks) stays the base's (``extra["variant_of"]``). A changed memory size
    has no driver total: the plan judges fit against the stated size.

    Raises
    ------
    InputError
        Naming the key or value that is wrong and what is allowed.
    """
    from core.validate import parse_number

    allowed = ", ".join(f"{k}=..." for k in VARIANT_KEYS)
    changes: dict[str, float] = {}
    for part in (p.strip() for p in spec.split(",")):
        key, sep, text = part.partition("=")
        key = key.strip().lower()
        if not sep or not key or not text.strip():
            raise InputError(
                f"device: {base.id}:{spec}: {brief(part)} is not KEY=VALUE; allowed: {allowed}",
                field="device",
            )
        if key in _VARIANT_UNMODELLED:
            raise InputError(
                f"device: {base.id}:{spec}: {key}: {_VARIANT_UNMODELLED[key]}; allowed: {allowed}",
                field="device",
            )
        if key not in VARIANT_KEYS:
            raise InputError(
                f"device: {base.id}:{spec}: unknown key {brief(key)}; allowed: {allowed}",
                field="device",
            )
        if key in changes:
            raise InputError(
                f"device: {base.id}:{spec}: {key} is given twice; give it once", field="device"
            )
        unit = VARIANT_KEYS[key][1]
        value = parse_number(text.strip(), f"device {key}", unit)
        if not 0 < value <= 1e18:
            raise InputError(
                f"device: {base.id}:{spec}: {key} = {brief(text)}; allowed: above 0", field="device"
            )
        changes[key] = value
    fields: dict[str, Any] = {VARIANT_KEYS[k][0]: v for k, v in changes.items() if k != "peak"}
    if "peak" in changes:
        if not base.supports("bf16"):
            raise InputError(
                f"device: {base.id}:{spec}: peak is the dense BF16 peak, and {base.id} has none; "
                f"allowed: the other keys ({', '.join(k for k in VARIANT_KEYS if k != 'peak')})",
                field="device",
            )
        if changes["peak"] > base.peak("bf16") * (1 + 1e-9):
            raise InputError(
                f"device: {base.id}:{spec}: peak {changes['peak'] / 1e12:g} TFLOP/s is above "
                f"{base.id}'s datasheet {base.peak('bf16') / 1e12:g} TFLOP/s; allowed: at most "
                "that (a deployed chip holds its datasheet clocks or lower ones)",
                field="device",
            )
        ratio = changes["peak"] / base.peak("bf16")
        fields["peak_flops"] = {dtype: value * ratio for dtype, value in base.peak_flops.items()}
    if "memory" in changes:
        fields["memory_total_bytes"] = None
    said = ",".join(f"{k}={text}" for k, text in _variant_texts(changes))
    return replace(
        base,
        id=f"{base.id}:{said}",
        name=f"{base.name} ({said})",
        source=f"{base.source}; deployed variant: {said} (given by the person)",
        extra={**dict(base.extra or {}), "variant_of": base.id, "variant": dict(changes)},
        **fields,
    )


def _variant_texts(changes: Mapping[str, float]) -> list[tuple[str, str]]:
    """Each change as the canonical ``key=value`` text of a variant id, in the keys' order."""
    out = []
    for key in VARIANT_KEYS:
        if key in changes:
            value = changes[key]
            if key == "peak":
                out.append((key, f"{value / 1e12:g}TFLOP/s"))
                continue
            unit = "GB" if VARIANT_KEYS[key][1] == "bytes" else "GB/s"
            out.append((key, f"{value / 1e9:g}{unit}"))
    return out


@dataclass(frozen=True)
class DeviceCatalog:
    """Built-in plus user devices, looked up by id; ``problems`` lists unreadable user entries."""

    devices: tuple[Device, ...]
    problems: tuple[str, ...] = ()
    _index: Mapping[str, Device] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False
    )

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", {d.id: d for d in self.devices})

    def ids(self) -> tuple[str, ...]:
        """Every device id, built-ins first."""
        return tuple(d.id for d in self.devices)

    def get(self, device_id: object) -> Device:
        """The device with ``device_id``, or a variant of one (``h100-sxm:memory=96GB``, see
        :func:`device_variant`); the error lists the known ids."""
        found = self._index.get(device_id) if isinstance(device_id, str) else None
        if found is not None:
            return found
        if isinstance(device_id, str) and ":" in device_id:
            base_id, _, spec = device_id.partition(":")
            base = self._index.get(base_id.strip())
            if base is not None:
                return device_variant(base, spec)
        ids = self.ids()
        known = ", ".join(ids[:40]) + (f" and {len(ids) - 40} more" if len(ids) > 40 else "")
        raise InputError(f"device: unknown {brief(device_id)}; known: {known}", field="device")

    def with_device(self, device: Device) -> DeviceCatalog:
        """A catalog with ``device`` added (or replacing the one with the same id)."""
        return self.with_devices([device])

    def with_devices(self, devices: Iterable[Device]) -> DeviceCatalog:
        """A catalog with ``devices`` added in order, each replacing one with the same id (which
        moves to the end); linear in the number of devices, however many are added."""
        merged = dict(self._index)
        for device in devices:
            merged.pop(device.id, None)
            merged[device.id] = device
        return DeviceCatalog(tuple(merged.values()), self.problems)


def _entry_line(text: str, entry: Any) -> str:
    """``"line 12"``: where the entry with this id starts in ``text`` ("" if it cannot be told)."""
    dev_id = entry.get("id") if isinstance(entry, Mapping) else None
    if not isinstance(dev_id, str):
        return ""
    found = re.search(r'"id"\s*:\s*' + re.escape(json.dumps(dev_id)), text)
    if found is None:
        return ""
    return f"line {text.count(_NEWLINE, 0, found.start()) + 1}"


def _read_user_devices(paths: Iterable[Path]) -> tuple[list[Device], list[str]]:
    found: list[Device] = []
    problems: list[str] = []
    for path in paths:
        if not os.path.lexists(path):
            continue
        try:
            text = decode_utf8(read_bytes(path, limit=MAX_USER_FILE_BYTES), path)
            doc = parse_json(text, path)
        except InputError as exc:
            problems.append(f"{exc.message}; its devices are ignored")
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
        for number, entry in enumerate(doc["devices"], start=1):
            try:
                found.append(device_from_dict(entry, user_defined=True))
            except InputError as exc:
                where = _entry_line(text, entry)
                problems.append(f"{path}, {where or f'device {number}'}: {exc.message}; ignored")
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
    return DeviceCatalog(builtin_devices(), tuple(problems)).with_devices(users)
