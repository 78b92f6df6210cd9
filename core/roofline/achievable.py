"""What a device achieves, not what its datasheet promises: calibrated efficiencies per device.

The roofline (:mod:`core.roofline.bounds`) puts every op at 100 % of the dense peak and of the
memory bandwidth: an upper bound. Real kernels reach less, by amounts that microbenchmarks measure.
This module holds those measured fractions, one set per device, each value with its source, and
turns them into the time of one op.

Where the numbers come from, in order (the first that has a field wins; :data:`ORIGINS` names
each layer, :attr:`Calibration.origins` says which one gave each field):

1. **The user's overrides**: ``<config>/napkinlab/calibration.json`` (same schema as the built-in
   file), read through :mod:`core.safe_io`, every value range-checked, duplicate keys refused.
   A person who typed a value meant it, so it wins even over a measurement
   (:mod:`core.roofline.fractions` lists, writes and clears them).
2. **Measured here**: a "This machine" device built from the app's benchmark points
   (:func:`core.bench.this_machine.this_machine`) whose GPU matches the device: the best measured
   matmul per dtype over the datasheet peak, the best copy over the datasheet bandwidth.
3. **The built-in file** ``resources/calibration.json``: microbenchmark results only (maximum
   achievable matmul, FlashAttention's kernel figures, STREAM-like copies, nccl-tests bus bandwidth).
   Nothing there is fitted to the training runs the plan is checked against.
4. **A sibling**: a device absent from the file takes the values of the calibrated device with the
   same chip (:data:`SIBLINGS`: the H200 is an H100 die with more memory), and says so.
5. **The family's median**: otherwise the median of the calibrated devices of its vendor family,
   stated as an assumption.

The time of one op (:meth:`Calibration.op_seconds`):

* **GEMMs**: ``FLOPs / (peak × gemm_efficiency × min(1, shape(M, N, K) / shape(reference)))``,
  where ``shape`` is the wave and tile quantization of the output tiles over the SMs:
  ``⌈M/tm⌉·⌈N/tn⌉`` tiles of ``tm × tn`` run in ``⌈tiles / SMs⌉`` waves, so ``shape = (M·N) /
  (waves · SMs · tm · tn)`` (NVIDIA, *Matrix Multiplication Background User's Guide*: tile and wave
  quantization), times the K loop's useful share. The large-GEMM efficiency is one method for
  every device: the rate of a fixed, realistic shape (8192³ unless the file says otherwise; fp8 at
  its own shape, ``gemm_reference_fp8``), never the best of a shape search. The shape model only
  explains what a GEMM loses against that shape: it is capped at the measured figure, so no
  shape runs faster than was measured. The time is at least the bytes over the achievable
  bandwidth.
* **Attention** (flash kernels): the forward and backward at the FlashAttention papers' kernel
  efficiencies. A causal kernel skips the masked blocks, so it does half the ``s²`` work that the
  trace counts (the trace, like MFU, counts the full ``s × s`` scores, :mod:`core.roofline.utilization`).
* **Memory-bound ops**: bytes / (bandwidth × achievable fraction).
* **Every kernel** adds the launch overhead (the GPU idles between two dependent kernels).

Bus bandwidth of collectives is the link's bandwidth times the nccl-tests busbw fraction of that
link (:meth:`Calibration.busbw`).
"""

from __future__ import annotations

import json
import math
import statistics
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from core.errors import InputError
from core.roofline.hardware import Device, builtin_devices
from core.roofline.log_interp import log2_interpolate
from core.safe_io import (
    JSONProblem,
    brief,
    check_json,
    decode_utf8,
    parse_json,
    read_bytes,
    read_resource_text,
)
from core.texts import Text, translate

__all__ = [
    "ATTENTION_KERNELS",
    "BLOCKWISE",
    "FIELDS",
    "INFORMATIONAL",
    "ORIGINS",
    "SIBLINGS",
    "Calibration",
    "builtin_caveats",
    "calibration",
    "check_field",
    "gemm_dims",
    "gemm_shape_efficiency",
    "load_builtin",
    "parse_calibration",
    "parse_calibration_text",
    "read_overrides",
    "user_calibration_path",
    "with_values",
]

SCHEMA_VERSION = 1
#: The largest calibration file a person could have written.
MAX_FILE_BYTES = 2_000_000

#: Field -> (low, high) of the values it accepts.
FIELDS: Mapping[str, tuple[float, float]] = MappingProxyType(
    {
        "gemm_efficiency": (0.01, 1.0),
        "gemm_efficiency_fp8": (0.01, 1.0),
        "gemm_efficiency_fp4": (0.01, 1.0),
        "gemm_efficiency_fp8_blockwise": (0.01, 1.0),
        "attention_forward_efficiency": (0.01, 1.0),
        "attention_backward_efficiency": (0.01, 1.0),
        "attention_causal_ratio": (0.01, 1.0),
        "memory_bandwidth_fraction": (0.01, 1.0),
        "intra_node_busbw_fraction": (0.01, 1.0),
        "inter_node_busbw_fraction": (0.01, 1.0),
        "intra_node_alltoall_busbw_fraction": (0.01, 1.0),
        "inter_node_alltoall_busbw_fraction": (0.01, 1.0),
        "kernel_launch_overhead_s": (0.0, 1e-3),
        "collective_latency_s": (0.0, 1e-2),
        "nccl_base_latency_s": (0.0, 1e-3),
        "ring_hop_latency_intra_s": (0.0, 1e-3),
        "ring_hop_latency_inter_s": (0.0, 1e-2),
        "net_post_overhead_s": (0.0, 1e-3),
        "overlap_compute_slowdown": (0.0, 1.0),
        "gemm_k_overhead": (0.0, 100_000.0),
        "gemm_k_overhead_fp8": (0.0, 100_000.0),
        "sm_count": (1, 100_000),
        "gemm_tile": (1, 4096),
        "gemm_reference": (1, 1_000_000),
        "gemm_reference_fp8": (1, 1_000_000),
        "gemm_reference_fp8_blockwise": (1, 1_000_000),
        "attention_kernels": (1.0, 1e18),
    }
)
#: Attention kernels a table may measure (``attention_kernels``): FlashAttention 1-3, Tri Dao's
#: Triton FlashAttention, cuDNN's fused flash attention (Transformer Engine's FusedAttention).
ATTENTION_KERNELS: tuple[str, ...] = ("flash3", "cudnn", "flash2", "triton", "flash1")
#: Series a kernel's entry may give, each ``{"seq": [...], "tflops": [...]}`` in the FlashAttention
#: benchmarks' convention (causal counts half the s² FLOPs; backward 2.5× the forward's).
ATTENTION_SERIES: tuple[str, ...] = (
    "fwd", "fwd_causal", "bwd", "bwd_causal", "fwd_bwd", "fwd_bwd_causal",
)  # fmt: skip
#: Fields every calibration has (a value from the file, a sibling or the family's median).
_REQUIRED = (
    "gemm_efficiency",
    "attention_forward_efficiency",
    "attention_backward_efficiency",
    "memory_bandwidth_fraction",
    "intra_node_busbw_fraction",
    "inter_node_busbw_fraction",
    "kernel_launch_overhead_s",
)
#: Fields a device without them takes from its family's median, said as an assumption (the
#: required ones, and the mechanisms' constants that do not depend on the card's memory or links).
_FAMILY_ASSUMED = (*_REQUIRED, "gemm_k_overhead", "overlap_compute_slowdown")
#: Reference GEMM of a large-GEMM efficiency that does not name its shape (the usual benchmark).
DEFAULT_REFERENCE = (8192, 8192, 8192)

#: Where a calibrated value comes from, strongest first (:attr:`Calibration.origins`).
ORIGINS: tuple[str, ...] = ("override", "measured", "builtin", "sibling", "assumed", "changed")

#: Devices that share a chip with a calibrated one, whose kernels therefore run alike: the H200 is
#: the H100 SXM's GH100 with 141 GB of HBM3e; the H100 NVL and PCIe cards are GH100 at lower clocks
#: (their own peaks already say so); the 40 GB A100 is the 80 GB one's GA100; the GB200's GPU is
#: the B200's, the GB300's the B300's; the MI325X is the MI300X's CDNA 3 with more memory; the
#: H800 is the H100 SXM's GH100 with fewer NVLink lanes and FP64 cut (its own entry holds its
#: all-to-all figures).
SIBLINGS: Mapping[str, str] = MappingProxyType(
    {
        "h200": "h100-sxm",
        "h800": "h100-sxm",
        "gb300": "b300",
        "h100-nvl": "h100-sxm",
        "h100-pcie": "h100-sxm",
        "a100-sxm-40gb": "a100-sxm",
        "gb200": "b200",
        "mi325x": "mi300x",
    }
)


#: The efficiency dtype of FP8 GEMMs with software block scales (DeepSeek-V3's 1×128 activation
#: tiles and 128×128 weight blocks, promoted to FP32 on CUDA cores on tensor cores that do not
#: read block scales), and its calibration field.
BLOCKWISE = "fp8-blockwise"
_BLOCKWISE_FIELD = "gemm_efficiency_fp8_blockwise"


#: Devices with the same die at the same peak: this project's own fixed-shape GEMM measurement on
#: one (docs/gpu.md: the H200's bf16 and fp8 matmuls at 8192³) stands for the other, where that
#: one's published figure is the best of a shape search. The shape model scales a GEMM's time
#: from the efficiency at a fixed reference shape; a maximum over searched shapes is an upper
#: envelope that arbitrary shapes do not reach. Memory and links differ between the two cards, so
#: only the GEMM figures and the kernel launch carry over.
SAME_DIE: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {"h100-sxm": ("h200",), "h800": ("h200",)}
)
_DIE_FIELDS = (
    "gemm_efficiency",
    "gemm_reference",
    "gemm_efficiency_fp8",
    "gemm_reference_fp8",
    "gemm_k_overhead_fp8",
    "kernel_launch_overhead_s",
)
_MEASURED_BY_PROJECT = "measured by this project"


def user_calibration_path() -> Path:
    """Where a person's own calibration overrides live (``<config>/napkinlab/calibration.json``)."""
    from core.paths import config_dir

    return config_dir() / "calibration.json"


def _refuse_duplicates(text: str, where: str) -> None:
    """Raise when any JSON object in ``text`` names a key twice (the last would win silently)."""

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        seen: set[str] = set()
        for key, _ in items:
            if key in seen:
                raise InputError(
                    translate(
                        "Calibration", "{file}: the key {key} appears twice; keep one"
                    ).format(file=where, key=repr(key))
                )
            seen.add(key)
        return dict(items)

    json.loads(text, object_pairs_hook=pairs)


#: Fields the built-in file records for people but the model does not use (a forward-plus-backward
#: attention figure, NVLink SHARP's all-reduce bus bandwidth): accepted and ignored.
INFORMATIONAL = frozenset(
    {"attention_fwd_bwd_efficiency", "intra_node_allreduce_nvls_busbw", "alltoall_low_latency_us"}
)


def _value(raw: Any, name: str, where: str) -> tuple[Any, str] | None:
    """``(value, source)`` of one field given as ``{"value": x, "source": "...", "measured":
    {...}}`` or as ``x``; ``None`` when the value is ``null`` (no source found). A ``measured``
    sub-entry (this project's own measurement on the device) wins over the published value."""
    source = ""
    if isinstance(raw, Mapping):
        measured = raw.get("measured")
        if isinstance(measured, Mapping) and measured.get("value") is not None:
            found = _value(measured, name, where)
            if found is not None:
                return found[0], translate(
                    "Calibration", "measured by this project: {source}"
                ).format(source=found[1] or "-")
        source = raw.get("source", "")
        if not isinstance(source, str):
            raise InputError(
                translate("Calibration", "{where}: {name}.source must be text").format(
                    where=where, name=name
                )
            )
        raw = raw.get("value")
        if raw is None:
            return None
    if name == "attention_kernels":
        return _attention_table(raw, where), source
    low, high = FIELDS[name]
    if name in (
        "gemm_tile",
        "gemm_reference",
        "gemm_reference_fp8",
        "gemm_reference_fp8_blockwise",
    ):
        size = 2 if name == "gemm_tile" else 3
        ok = (
            isinstance(raw, list)
            and len(raw) == size
            and all(
                isinstance(v, int) and not isinstance(v, bool) and low <= v <= high for v in raw
            )
        )
        if not ok:
            raise InputError(
                translate(
                    "Calibration",
                    "{where}: {name} = {value}; allowed: a list of {size} whole numbers from {low} "
                    "to {high}",
                ).format(where=where, name=name, value=brief(raw), size=size, low=low, high=high)
            )
        return tuple(raw), source
    if isinstance(raw, bool) or not isinstance(raw, int | float) or not low <= raw <= high:
        raise InputError(
            translate(
                "Calibration", "{where}: {name} = {value}; allowed: a number from {low} to {high}"
            ).format(where=where, name=name, value=brief(raw), low=f"{low:g}", high=f"{high:g}")
        )
    if name == "sm_count":
        if raw != int(raw):
            raise InputError(
                translate("Calibration", "{where}: sm_count = {value}; allowed: a whole number")
                .format(where=where, value=brief(raw))
            )  # fmt: skip
        return int(raw), source
    return float(raw), source


def _attention_table(raw: Any, where: str) -> tuple[Any, ...]:
    """``(peak, default, ((kernel, ((series, ((seq, flop/s), ...)), ...)), ...))`` of an
    ``attention_kernels`` value, every number checked (a hashable form, for caches)."""

    def bad(what: str) -> InputError:
        return InputError(
            translate("Calibration", "{where}: attention_kernels: {what}").format(
                where=where, what=what
            )
        )

    if not isinstance(raw, Mapping):
        raise bad("expected {'peak_flops': x, 'default': kernel, 'kernels': {...}}")
    peak, default, kernels = raw.get("peak_flops"), raw.get("default"), raw.get("kernels")
    if isinstance(peak, bool) or not isinstance(peak, int | float) or not 1e9 <= peak <= 1e18:
        raise bad(f"peak_flops = {brief(peak)}; allowed: a number from 1e9 to 1e18")
    if not isinstance(kernels, Mapping) or default not in kernels:
        raise bad(f"default = {brief(default)}; allowed: one of the kernels it lists")
    out = []
    for kernel, series in kernels.items():
        if kernel not in ATTENTION_KERNELS or not isinstance(series, Mapping) or not series:
            raise bad(f"kernel {brief(kernel)}; allowed: {', '.join(ATTENTION_KERNELS)}")
        rows = []
        for key, points in series.items():
            if key not in ATTENTION_SERIES or not isinstance(points, Mapping):
                raise bad(f"{kernel}.{brief(key)}; allowed: {', '.join(ATTENTION_SERIES)}")
            seqs, rates = points.get("seq"), points.get("tflops")
            ok = (
                isinstance(seqs, list)
                and isinstance(rates, list)
                and len(seqs) == len(rates) >= 1
                and all(isinstance(q, int) and not isinstance(q, bool) and q > 0 for q in seqs)
                and seqs == sorted(set(seqs))
                and all(
                    isinstance(r, int | float) and not isinstance(r, bool) and 0 < r <= peak / 1e12
                    for r in rates
                )
            )
            if not ok or not isinstance(seqs, list) or not isinstance(rates, list):
                raise bad(f"{kernel}.{key}: seq (increasing whole numbers) and tflops (above 0, "
                          "at most the peak) of the same length")  # fmt: skip
            rows.append(
                (key, tuple((float(q), float(r) * 1e12) for q, r in zip(seqs, rates, strict=True)))
            )
        if not any(k in dict(rows) for k in ("fwd", "fwd_bwd")):
            raise bad(f"{kernel}: needs fwd or fwd_bwd")
        out.append((kernel, tuple(rows)))
    return (float(peak), str(default), tuple(out))


#: A large-GEMM efficiency -> the field naming the shape it was measured at.
_REFERENCE_OF = MappingProxyType(
    {
        "gemm_efficiency": "gemm_reference",
        "gemm_efficiency_fp8": "gemm_reference_fp8",
        "gemm_efficiency_fp8_blockwise": "gemm_reference_fp8_blockwise",
    }
)


def _measured_shape(name: str, raw: Any, where: str) -> tuple[Any, str] | None:
    """The ``[M, N, K]`` a large-GEMM efficiency was measured at (its ``shape``, or the winning
    ``measured`` sub-entry's), as its reference field (:data:`_REFERENCE_OF`): the shape model
    gives the measured efficiency back at that shape, for each dtype at its own."""
    if name not in _REFERENCE_OF or not isinstance(raw, Mapping):
        return None
    measured = raw.get("measured")
    if isinstance(measured, Mapping) and measured.get("value") is not None:
        shape, source = (
            measured.get("shape"),
            translate("Calibration", "measured by this project: the shape of the measured matmul"),
        )
    elif raw.get("value") is not None:
        shape, source = (
            raw.get("shape"),
            translate("Calibration", "the shape the large-GEMM efficiency was measured at"),
        )
    else:
        return None
    if shape is None:
        return None
    found = _value({"value": shape, "source": str(source)}, _REFERENCE_OF[name], where)
    return (found[0], str(source)) if found else None


def _causal_ratio(name: str, raw: Any) -> tuple[float, str] | None:
    """A flash kernel's causal/non-causal efficiency ratio, where an attention figure gives both
    (the forward's, else the forward-plus-backward's): the diagonal blocks of a causal mask are
    computed whole, so causal kernels reach a little less of the peak on the half they compute."""
    if name not in ("attention_forward_efficiency", "attention_fwd_bwd_efficiency"):
        return None
    if not isinstance(raw, Mapping):
        return None
    value, causal = raw.get("value"), raw.get("causal_value")
    numbers = all(isinstance(v, int | float) and not isinstance(v, bool) for v in (value, causal))
    if not numbers or not 0 < causal <= value <= 1:  # type: ignore[operator]
        return None
    source = translate("Calibration", "causal_value / value of {name} ({source})").format(
        name=name, source=str(raw.get("source", ""))[:120]
    )
    return float(causal) / float(value), source  # type: ignore[arg-type]


def parse_calibration(doc: Any, where: str) -> dict[str, dict[str, tuple[Any, str]]]:
    """``{device_id: {field: (value, source)}}`` of a calibration document, every value checked.

    Raises
    ------
    InputError
        Naming the device and field that is wrong (unknown fields are refused by name).
    """
    if not isinstance(doc, Mapping) or not isinstance(doc.get("devices"), Mapping):
        raise InputError(
            translate(
                "Calibration",
                "{file}: expected {{'schema_version': 1, 'devices': {{id: {{...}}}}}}",
            ).format(file=where)
        )
    if doc.get("schema_version", SCHEMA_VERSION) != SCHEMA_VERSION:
        raise InputError(
            translate("Calibration", "{file}: schema_version {version}; this version reads 1")
            .format(file=where, version=brief(doc.get("schema_version")))
        )  # fmt: skip
    out: dict[str, dict[str, tuple[Any, str]]] = {}
    for dev_id, entry in doc["devices"].items():
        if not isinstance(entry, Mapping):
            raise InputError(
                translate("Calibration", "{file}: device {id} must be an object").format(
                    file=where, id=repr(dev_id)
                )
            )
        fields: dict[str, tuple[Any, str]] = {}
        for name, raw in entry.items():
            causal = _causal_ratio(name, raw)
            if causal is not None and "attention_causal_ratio" not in fields:
                fields["attention_causal_ratio"] = causal
            shape = _measured_shape(name, raw, f"{where}: device {dev_id!r}")
            if shape is not None and _REFERENCE_OF[name] not in entry:
                fields[_REFERENCE_OF[name]] = shape
            if name in ("name", "notes", "source", "family") or name in INFORMATIONAL:
                continue
            if name not in FIELDS:
                raise InputError(
                    translate(
                        "Calibration",
                        "{file}: device {id}: unknown field {name}; allowed: {allowed}",
                    ).format(
                        file=where, id=repr(dev_id), name=repr(name), allowed=", ".join(FIELDS)
                    )
                )
            found = _value(raw, name, f"{where}: device {dev_id!r}")
            if found is not None:
                fields[name] = found
        out[str(dev_id)] = fields
    return out


def check_field(name: str, raw: Any, where: str) -> Any:
    """The value of one field as the file would hold it (``raw``: a number, or a list for
    ``gemm_tile`` and ``gemm_reference``), checked by the parser of the files.

    Raises
    ------
    InputError
        ``{where}: {name} = {value}; allowed: ...``, or the field is unknown.
    """
    if name not in FIELDS:
        raise InputError(
            translate("Calibration", "{where}: unknown field {name}; allowed: {allowed}").format(
                where=where, name=repr(name), allowed=", ".join(FIELDS)
            )
        )
    found = _value(raw, name, where)
    if found is None:
        raise InputError(
            translate("Calibration", "{where}: {name} has no value").format(where=where, name=name)
        )
    try:  # what the files' JSON reader refuses (5e-324: under its smallest magnitude) is refused
        check_json(json.dumps(list(found[0]) if isinstance(found[0], tuple) else found[0]))
    except JSONProblem as exc:
        raise InputError(
            translate("Calibration", "{where}: {name}: {problem}").format(
                where=where, name=name, problem=exc.reason
            )
        ) from None
    except (TypeError, ValueError):  # a table's tuples: checked by the table's own reader
        pass
    return found[0]


def parse_calibration_text(text: str, where: str) -> dict[str, dict[str, tuple[Any, str]]]:
    """A calibration file's text read as the person's file is read (strict JSON with its number
    range, no duplicate key, every field checked): the one reader that the writer
    (:mod:`core.roofline.fractions`) also runs on what it is about to write.

    Raises
    ------
    InputError
        Naming ``where`` and the first problem.
    """
    doc = parse_json(text, where)
    _refuse_duplicates(text, where)
    return parse_calibration(doc, where)


@lru_cache(maxsize=1)
def load_builtin() -> Mapping[str, Mapping[str, tuple[Any, str]]]:
    """The shipped ``resources/calibration.json`` (an empty mapping when it is not installed)."""
    try:
        text = read_resource_text("calibration.json")
    except FileNotFoundError:
        return MappingProxyType({})
    _refuse_duplicates(text, "calibration.json")
    parsed = parse_calibration(json.loads(text), "calibration.json")
    return MappingProxyType({k: MappingProxyType(v) for k, v in parsed.items()})


@lru_cache(maxsize=1)
def builtin_caveats() -> Mapping[str, Mapping[str, str]]:
    """Device -> field -> how the built-in figure departs from the one method (its ``caveat``:
    a short loop's clocks, a best-of-search figure, the conservative end where no measurement of
    the device exists), said in the plan's assumptions wherever the figure is used."""
    try:
        doc = json.loads(read_resource_text("calibration.json"))
    except FileNotFoundError:
        return MappingProxyType({})
    out: dict[str, Mapping[str, str]] = {}
    for dev_id, entry in (doc.get("devices") or {}).items():
        if not isinstance(entry, Mapping):
            continue
        found = {
            name: raw["caveat"]
            for name, raw in entry.items()
            if isinstance(raw, Mapping) and isinstance(raw.get("caveat"), str)
        }
        if found:
            out[str(dev_id)] = MappingProxyType(found)
    return MappingProxyType(out)


@lru_cache(maxsize=1)
def builtin_stand_ins() -> frozenset[tuple[str, str]]:
    """``(device, field)`` of the built-in figures that stand in for a missing measurement (their
    ``method`` is ``conservative``): used for their device, never lent to another one."""
    try:
        doc = json.loads(read_resource_text("calibration.json"))
    except FileNotFoundError:
        return frozenset()
    return frozenset(
        (str(dev_id), str(name))
        for dev_id, entry in (doc.get("devices") or {}).items()
        if isinstance(entry, Mapping)
        for name, raw in entry.items()
        if isinstance(raw, Mapping) and raw.get("method") == "conservative"
    )


def read_overrides(path: Path | None = None) -> tuple[dict[str, dict[str, tuple[Any, str]]], str]:
    """A person's overrides and a problem line ("" when none): a bad file is reported, not fatal."""
    target = path if path is not None else user_calibration_path()
    if not target.exists():
        return {}, ""
    try:
        text = decode_utf8(read_bytes(target, limit=MAX_FILE_BYTES), target)
        found = parse_calibration_text(text, str(target))
    except InputError as exc:
        return {}, translate("Calibration", "{problem}; the overrides are ignored").format(
            problem=exc.message
        )
    for fields in found.values():
        for name, (value, source) in list(fields.items()):
            fields[name] = (value, source or translate("Calibration", "your override"))
    return found, ""


def gemm_shape_efficiency(
    m: float, n: float, sm_count: int | None, tile: tuple[int, int] | None, batch: float = 1,
    k: float | None = None, k_overhead: float = 0.0,
) -> float:  # fmt: skip
    """The share of a GEMM's time that does useful work: wave × tile quantization × the K loop.

    ``⌈M/tm⌉·⌈N/tn⌉·batch`` output tiles run in ``⌈tiles/SMs⌉`` waves; the useful share is
    ``M·N·batch / (waves · SMs · tm · tn)`` (1 when the SM count or the tile is unknown). Each
    tile also pays a fixed cost — the pipeline's prologue (filling its shared-memory stages) and
    its epilogue (writing the tile) — worth ``k_overhead`` iterations of the K loop, so a tile's
    useful share is ``K / (K + k_overhead)``.
    """
    loop = k / (k + k_overhead) if k and k > 0 and k_overhead > 0 else 1.0
    if not sm_count or not tile or m <= 0 or n <= 0:
        return loop
    tm, tn = tile
    tiles = math.ceil(m / tm) * math.ceil(n / tn) * max(1.0, batch)
    waves = math.ceil(tiles / sm_count)
    return loop * min(1.0, (m * n * max(1.0, batch)) / (waves * sm_count * tm * tn))


@dataclass(frozen=True)
class Calibration:
    """The achievable fractions of one device, each with where it came from.

    Attributes
    ----------
    values
        Field -> value (see :data:`FIELDS`); every field of ``_REQUIRED`` is present.
    sources
        Field -> where the value comes from (a paper, a benchmark, "measured here", an override).
    notes
        Sentences on what was assumed (a sibling's values, a family median, a measured device).
    origins
        Field -> which layer gave it (:data:`ORIGINS`: ``override``, ``measured``, ``builtin``,
        ``sibling``, ``assumed``; ``changed`` after :func:`with_values`).
    """

    device_id: str
    values: Mapping[str, Any]
    sources: Mapping[str, str]
    notes: tuple[Text, ...] = field(default_factory=tuple)
    origins: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))

    def __getitem__(self, name: str) -> Any:
        return self.values[name]

    @property
    def key(self) -> tuple[Any, ...]:
        """A hashable identity of the values (for caches)."""
        return (self.device_id, tuple(sorted(self.values.items())))

    @property
    def sm_count(self) -> int | None:
        """Streaming multiprocessors (or compute units); ``None`` when the file does not say."""
        value = self.values.get("sm_count")
        return int(value) if value else None

    @property
    def tile(self) -> tuple[int, int] | None:
        """The GEMM output tile ``(tm, tn)`` the shape model assumes."""
        value = self.values.get("gemm_tile")
        return (int(value[0]), int(value[1])) if value else None

    def gemm_efficiency(self, dtype: str = "bf16") -> float:
        """The large-GEMM efficiency for ``dtype`` (fp8 and fp4 fall back to the 16-bit one; an
        fp4 figure is measured at the 16-bit figure's reference shape, whose shape model and
        per-tile cost it shares). ``fp8-blockwise``: FP8 GEMMs whose 1×128 and 128×128 block
        scales are applied in software (:data:`BLOCKWISE`), only where measured (else the error
        says so: :func:`core.plan.precision.check_precision` refuses such a plan first)."""
        if dtype == BLOCKWISE:
            if _BLOCKWISE_FIELD not in self.values:
                raise KeyError(_BLOCKWISE_FIELD)
            return float(self.values[_BLOCKWISE_FIELD])
        if dtype in ("fp8", "fp4") and f"gemm_efficiency_{dtype}" in self.values:
            return float(self.values[f"gemm_efficiency_{dtype}"])
        return float(self.values["gemm_efficiency"])

    def best_efficiency(self, dtypes: Iterable[str]) -> float:
        """The highest fraction of its peak any op of a step reaches here, the most a whole step
        can sustain: the large-GEMM efficiency of each of ``dtypes`` (a GEMM's shape efficiency
        never exceeds it), the flash-attention efficiencies and every rate of the attention
        kernels' table over that table's peak; at most 1."""
        best = max(self.gemm_efficiency(d) for d in dtypes)
        for key in ("attention_forward_efficiency", "attention_backward_efficiency"):
            if key in self.values:
                best = max(best, float(self.values[key]))
        table = self.values.get("attention_kernels")
        if table:
            peak, _, kernels = table
            rates = [r for _, series in kernels for _, points in series for _, r in points]
            best = max([best, *(r / peak for r in rates)])
        return min(1.0, best)

    @property
    def k_overhead(self) -> float:
        """K-loop iterations' worth of fixed cost per output tile (0 when the file gives none)."""
        return float(self.values.get("gemm_k_overhead", 0.0))

    def k_overhead_of(self, dtype: str = "bf16") -> float:
        """The per-tile fixed cost of ``dtype``'s GEMMs in K-loop iterations: fp8's own
        (``gemm_k_overhead_fp8``) where the device has it and an fp8 efficiency of its own, else
        the 16-bit one (:attr:`k_overhead`)."""
        if dtype == BLOCKWISE:  # the same FP8 tensor-core tiles, their per-tile cost
            dtype = "fp8"
        if dtype == "fp8" and "gemm_efficiency_fp8" in self.values:
            own = self.values.get("gemm_k_overhead_fp8")
            if own is not None:
                return float(own)
        return self.k_overhead

    def gemm_reference(self, dtype: str = "bf16") -> tuple[int, int, int]:
        """The ``(M, N, K)`` the large-GEMM efficiency of ``dtype`` was measured at: fp8's own
        shape where its figure is fp8's own, else the 16-bit figure's (8192³ when unnamed);
        ``fp8-blockwise`` at its own measured shape."""
        if dtype == BLOCKWISE and self.values.get("gemm_reference_fp8_blockwise"):
            return tuple(int(v) for v in self.values["gemm_reference_fp8_blockwise"])  # type: ignore[return-value]
        if dtype == "fp8" and "gemm_efficiency_fp8" in self.values:
            own = self.values.get("gemm_reference_fp8")
            if own:
                return tuple(int(v) for v in own)  # type: ignore[return-value]
        return tuple(int(v) for v in self.values.get("gemm_reference", DEFAULT_REFERENCE))  # type: ignore[return-value]

    def reference_shape(self, dtype: str = "bf16") -> float:
        """The shape model's share at :meth:`gemm_reference` (what the measurement itself lost)."""
        m, n, k = self.gemm_reference(dtype)
        return gemm_shape_efficiency(
            m, n, self.sm_count, self.tile, 1, k, self.k_overhead_of(dtype)
        )

    @property
    def _reference_shape(self) -> float:
        return self.reference_shape("bf16")

    def gemm_rate(
        self, peak: float, m: float, n: float, batch: float = 1, dtype: str = "bf16",
        k: float | None = None,
    ) -> float:  # fmt: skip
        """FLOP/s of one GEMM with an ``M × N`` output (``batch`` of them, inner dimension ``k``)
        on a ``peak`` device: the large-GEMM efficiency, measured at its reference shape, scaled
        by this shape's efficiency over the reference's and capped at the measured figure (the
        model gives the measurement back at the shape it was measured at, less at a worse shape,
        and never more than was measured: a shape the model rates better than the reference
        runs at the measured rate)."""
        shape = gemm_shape_efficiency(
            m, n, self.sm_count, self.tile, batch, k, self.k_overhead_of(dtype)
        )
        scale = min(1.0, shape / self.reference_shape(dtype))
        return peak * min(1.0, self.gemm_efficiency(dtype)) * scale

    def bandwidth(self, device: Device) -> float:
        """Achievable main-memory bytes/s."""
        return device.bandwidth() * float(self.values["memory_bandwidth_fraction"])

    def busbw(self, link_bandwidth: float, inter_node: bool) -> float:
        """Achievable collective bus bandwidth over a link of ``link_bandwidth`` bytes/s."""
        key = "inter_node_busbw_fraction" if inter_node else "intra_node_busbw_fraction"
        return link_bandwidth * float(self.values[key])

    def alltoall_busbw(self, link_bandwidth: float, inter_node: bool) -> float:
        """Achievable all-to-all bus bandwidth over a link of ``link_bandwidth`` bytes/s (the
        NVLink per direction, or one GPU's NIC): the all-to-all's own fraction where the file has
        one, else the ring's (:meth:`busbw`; :meth:`alltoall_fraction_source` says which)."""
        key = "inter_node" if inter_node else "intra_node"
        own = self.values.get(f"{key}_alltoall_busbw_fraction")
        if own is None:
            return self.busbw(link_bandwidth, inter_node)
        return link_bandwidth * float(own)

    def alltoall_fraction_source(self, inter_node: bool) -> str:
        """``"alltoall"`` when the all-to-all has its own fraction, ``"ring"`` when it borrows the
        ring collectives' (no all-to-all measurement for the device)."""
        key = "inter_node" if inter_node else "intra_node"
        return "alltoall" if f"{key}_alltoall_busbw_fraction" in self.values else "ring"

    def alltoall_latency_s(self, inter_node: bool) -> float:
        """Seconds one all-to-all call pays before its bytes: NCCL's base latency and one hop
        (its peers' sends run at once, so one step: an NVLink hop, or a network hop once the
        group crosses nodes), plus the calibration's fixed latency per call; 0 without them."""
        base = float(self.values.get("nccl_base_latency_s", 0.0))
        key = "ring_hop_latency_inter_s" if inter_node else "ring_hop_latency_intra_s"
        return base + float(self.values.get(key, 0.0)) + self.collective_latency_s

    @property
    def launch_s(self) -> float:
        """Seconds each kernel adds (launch and the gap between dependent kernels)."""
        return float(self.values["kernel_launch_overhead_s"])

    @property
    def collective_latency_s(self) -> float:
        """Fixed seconds of one collective call (0 when the file gives none)."""
        return float(self.values.get("collective_latency_s", 0.0))

    def ring_latency_s(self, op: str, n: int, nodes: int) -> float:
        """Seconds a ring collective over ``n`` ranks on ``nodes`` nodes pays before any byte's
        bandwidth time: NCCL's own latency model of a ring with its Simple protocol
        (``src/graph/tuning.cc``, ``ncclTopoTuneModel``), 0 where the file gives no constants.

        ``base + (steps − net steps) · hop_intra + net steps · hop_inter``, with ``steps`` the
        ring's ``n − 1`` (all-gather, reduce-scatter) or ``2(n − 1)`` (all-reduce) hops and
        ``net steps`` the ``nodes − 1`` (``2(nodes − 1)``) of them that cross the network; on a
        ring that crosses nodes an intra-node hop costs at least three network post overheads
        (NCCL's ``getNetOverhead``: the proxy thread posts each step to the NIC).
        """
        if n <= 1:
            return 0.0
        base = float(self.values.get("nccl_base_latency_s", 0.0))
        intra = float(self.values.get("ring_hop_latency_intra_s", 0.0))
        inter = float(self.values.get("ring_hop_latency_inter_s", 0.0))
        twice = op == "all-reduce"
        steps = (2 if twice else 1) * (n - 1)
        net = 0 if nodes <= 1 else (2 if twice else 1) * (min(nodes, n) - 1)
        if nodes > 1:
            intra = max(intra, 3 * float(self.values.get("net_post_overhead_s", 0.0)))
        return base + (steps - net) * intra + net * inter

    @property
    def overlap_slowdown(self) -> float:
        """How much slower compute runs while an overlapped collective runs beside it (0 when the
        file gives none): a hidden second of communication costs this many seconds."""
        return float(self.values.get("overlap_compute_slowdown", 0.0))

    def hop_latency_s(self, inter_node: bool) -> float:
        """Seconds of one point-to-point hop (a pipeline send, a context-parallel ring step)."""
        key = "ring_hop_latency_inter_s" if inter_node else "ring_hop_latency_intra_s"
        return float(self.values.get(key, 0.0))

    def attention_kernel(self, kernel: str | None) -> str | None:
        """The kernel whose figures time ``kernel``: itself where the table measures it, else
        the table's default; ``None`` when the device has no table."""
        table = self.values.get("attention_kernels")
        if not table:
            return None
        return kernel if kernel and any(k == kernel for k, _ in table[2]) else str(table[1])

    def attention_efficiency(
        self, backward: bool, causal: bool, seq: float | None = None, kernel: str | None = None
    ) -> float:
        """Fraction of ``peak`` a flash-attention kernel reaches on the work it does (a causal
        kernel does half the ``s²`` work).

        With an ``attention_kernels`` table (FlashAttention benchmark figures per sequence
        length) and a ``seq``: the kernel's measured rate at that length (interpolated in
        log₂ s), over the table device's peak. The backward takes its own figure, else the
        fwd+bwd figure; a causal backward takes its own measured figure (``bwd_causal``), else
        the forward's causal/non-causal ratio at that length; a kernel measured only forward and
        backward together runs both at that rate; a kernel measured only forward runs its
        backward at the forward's rate times the default kernel's backward/forward ratio there. Without a table (or ``seq``): the scalar forward
        and backward efficiencies and the causal ratio.
        """
        name = self.attention_kernel(kernel)
        if seq is None or name is None:
            key = "attention_backward_efficiency" if backward else "attention_forward_efficiency"
            efficiency = float(self.values[key])
            if causal:
                efficiency *= float(self.values.get("attention_causal_ratio", 1.0))
            return efficiency
        peak, default, kernels = self.values["attention_kernels"]
        series = dict(dict(kernels)[name])

        def at(key: str, among: dict = series) -> float | None:
            points = among.get(key)
            return log2_interpolate(points, seq) if points else None

        fwd, fwd_c = at("fwd"), at("fwd_causal")
        both, both_c = at("fwd_bwd"), at("fwd_bwd_causal")
        if not backward:
            rate = (fwd_c if causal else fwd) if fwd else (both_c if causal and both_c else both)
            if causal and fwd and not fwd_c:
                rate = fwd * float(self.values.get("attention_causal_ratio", 1.0))
        else:
            bwd_c = at("bwd_causal") if causal else None
            if bwd_c is not None:
                return float(bwd_c) / peak
            bwd = at("bwd")
            if bwd is None and fwd is None:
                bwd = both
                if causal:
                    return float((both_c or both) or 0.0) / peak
            if bwd is None:
                ref = dict(dict(kernels)[default])
                ref_f, ref_b = at("fwd", ref), at("bwd", ref)
                bwd = (fwd or 0.0) * ((ref_b / ref_f) if ref_f and ref_b else 1.0)
            ratio = (
                (fwd_c / fwd)
                if causal and fwd and fwd_c
                else (float(self.values.get("attention_causal_ratio", 1.0)) if causal else 1.0)
            )
            rate = bwd * ratio
        return float(rate) / peak  # type: ignore[arg-type]

    def attention_seconds(
        self, flops: float, peak: float, backward: bool, causal: bool,
        seq: float | None = None, kernel: str | None = None,
    ) -> float:  # fmt: skip
        """A flash-attention kernel's time for ``flops`` counted over the full ``s × s`` scores
        (see :meth:`attention_efficiency`)."""
        work = flops / 2 if causal else flops
        return work / (peak * self.attention_efficiency(backward, causal, seq, kernel))

    def op_seconds(
        self,
        device: Device,
        kind: str,
        flops: float,
        nbytes: float,
        peak: float,
        *,
        dims: tuple[float, float, float, float] | None = None,
        backward: bool = False,
        causal: bool = True,
        dtype: str = "bf16",
        seq: float | None = None,
        kernel: str | None = None,
    ) -> float:
        """Achievable seconds of one kernel (see the module docstring).

        Parameters
        ----------
        kind
            ``matmul``, ``attention`` or any memory-bound kind of :data:`core.step.costs.KINDS`.
        dims
            ``(batch, M, K, N)`` of a GEMM (:func:`gemm_dims`); without them the large-GEMM
            efficiency applies as it is.
        seq, kernel
            An attention kernel's sequence length and name (:data:`ATTENTION_KERNELS`; ``None``:
            the device's default), for :meth:`attention_efficiency`.
        """
        if flops <= 0 and nbytes <= 0:
            return 0.0
        memory = nbytes / self.bandwidth(device) if nbytes > 0 else 0.0
        if kind == "matmul":
            if dims is not None:
                rate = self.gemm_rate(peak, dims[1], dims[3], dims[0], dtype, dims[2])
            else:  # no shape: the measured figure itself, which no shape exceeds
                rate = peak * self.gemm_efficiency(dtype)
            compute = flops / rate if flops > 0 else 0.0
        elif kind == "attention":
            compute = self.attention_seconds(flops, peak, backward, causal, seq, kernel)
        else:
            compute = flops / peak if flops > 0 else 0.0
        return max(compute, memory) + self.launch_s

    def to_dict(self) -> dict[str, Any]:
        """JSON form: every value with its source, and the notes."""
        return {
            "device": self.device_id,
            "values": {k: _jsonable(k, v) for k, v in self.values.items()},
            "sources": dict(self.sources),
            "origins": dict(self.origins),
            "notes": [str(n) for n in self.notes],
        }


def _jsonable(name: str, value: Any) -> Any:
    if name == "attention_kernels":
        peak, default, kernels = value
        return {"peak_flops": peak, "default": default,
                "kernels": {k: {key: {"seq": [int(q) for q, _ in pts],
                                      "tflops": [r / 1e12 for _, r in pts]}
                                for key, pts in series} for k, series in kernels}}  # fmt: skip
    return list(value) if isinstance(value, tuple) else value


def gemm_dims(name: str, shapes: str) -> tuple[float, float, float, float] | None:
    """``(batch, M, K, N)`` of a matmul op from its recorded operand shapes (``"[4096,8192] [8192,1024]"``).

    ``mm``/``matmul`` ``[M,K] [K,N]``; ``addmm`` and ``baddbmm`` skip their first (added) operand;
    ``bmm`` ``[B,M,K] [B,K,N]``. ``None`` for anything else or shapes that do not chain.
    """
    try:
        dims = [[int(v) for v in part.strip("[]").split(",") if v] for part in shapes.split()]
    except ValueError:
        return None
    if name in ("addmm", "baddbmm", "addbmm"):
        dims = dims[1:]
    if len(dims) < 2:
        return None
    a, b = dims[0], dims[1]
    if len(a) == 2 and len(b) == 2 and a[1] == b[0]:
        return 1.0, float(a[0]), float(a[1]), float(b[1])
    if len(a) == 3 and len(b) == 3 and a[2] == b[1]:
        return float(a[0]), float(a[1]), float(a[2]), float(b[2])
    return None


def _family(device_id: str) -> str:
    try:
        found = next(d for d in builtin_devices() if d.id == device_id)
    except StopIteration:
        return ""
    return found.family


def _median_of_family(
    table: Mapping[str, Mapping[str, tuple[Any, str]]],
    family: str,
    name: str,
    stand_ins: frozenset[tuple[str, str]] = frozenset(),
) -> tuple[Any, list[str]] | None:
    """The median of ``name`` over the calibrated devices of ``family`` (any device's when the
    family has none), leaving out ``stand_ins``: a conservative stand-in for a missing
    measurement is no measurement to lend another device."""
    has = {d for d, f in table.items() if name in f and (d, name) not in stand_ins}
    donors = sorted(d for d in has if not family or _family(d) == family)
    if not donors and family:
        donors = sorted(has)
    if not donors:
        return None
    values = [table[d][name][0] for d in donors]
    if isinstance(values[0], tuple):
        return values[len(values) // 2], donors
    return float(statistics.median(values)), donors


def _measured_fields(device: Device, measured: Device | None) -> dict[str, tuple[Any, str]]:
    """Fields a measured device gives for ``device``: its matmul and copy against the datasheet."""
    if measured is None:
        return {}
    same = measured.id == device.id or (measured.extra or {}).get("matches") == device.id
    if not same:
        return {}
    out: dict[str, tuple[Any, str]] = {}
    where = translate("Calibration", "measured here ({name})").format(name=measured.name)
    if measured.id == device.id:  # "This machine" itself: its ceilings are already achieved ones
        for name in ("gemm_efficiency", "gemm_efficiency_fp8", "gemm_efficiency_fp4",
                     "attention_forward_efficiency",
                     "attention_backward_efficiency", "memory_bandwidth_fraction",
                     "intra_node_busbw_fraction", "inter_node_busbw_fraction"):  # fmt: skip
            out[name] = (1.0, where)
        # The step's per-op overhead was measured at about 11 µs for an op that moves nothing,
        # under 2 % of the steps benchmarks/step.py runs (core.step.predict): not added.
        out["kernel_launch_overhead_s"] = (0.0, where)
        return out
    for dtype in ("bf16", "fp16"):
        if measured.supports(dtype) and device.supports(dtype):
            out["gemm_efficiency"] = (min(1.0, measured.peak(dtype) / device.peak(dtype)), where)
            break
    for dtype in ("fp8", "fp4"):
        if measured.supports(dtype) and device.supports(dtype):
            ratio = min(1.0, measured.peak(dtype) / device.peak(dtype))
            out[f"gemm_efficiency_{dtype}"] = (ratio, where)
    if measured.mem_bandwidth and device.mem_bandwidth:
        out["memory_bandwidth_fraction"] = (
            min(1.0, measured.mem_bandwidth / device.mem_bandwidth),
            where,
        )
    return out


def calibration(
    device: Device,
    *,
    measured: Device | None = None,
    overrides: Mapping[str, Mapping[str, tuple[Any, str]]] | None = None,
    builtin: Mapping[str, Mapping[str, tuple[Any, str]]] | None = None,
    caveats: Mapping[str, Mapping[str, str]] | None = None,
) -> Calibration:
    """The calibration of ``device``: measured, overridden, built-in, sibling, family median.

    Parameters
    ----------
    measured
        A "This machine" device (benchmark points); used when it is ``device`` or its GPU matches.
    overrides
        A person's values (:func:`read_overrides`); ``None`` reads none.
    builtin
        The built-in table (tests pass their own); defaults to :func:`load_builtin`.
    caveats
        Device -> field -> caveat of the built-in figures (:func:`builtin_caveats`, the default
        with the built-in table; none with a table of a test's own unless given).
    """
    base_id = (device.extra or {}).get("variant_of")
    if isinstance(base_id, str) and base_id != device.id:
        # A deployed variant (core.roofline.hardware.device_variant) is its base's chip: the
        # base's fractions apply to the variant's own memory and links.
        base = calibration(
            replace(device, id=base_id, extra={}),
            measured=measured,
            overrides=overrides,
            builtin=builtin,
            caveats=caveats,
        )
        return replace(
            base,
            device_id=device.id,
            notes=(
                *base.notes,
                translate(
                    "Calibration",
                    "{device}: a variant of {base}: its fractions, applied to the variant's "
                    "memory and links",
                ).format(device=device.id, base=base_id),
            ),
        )
    table = load_builtin() if builtin is None else builtin
    user = overrides or {}
    values: dict[str, Any] = {}
    sources: dict[str, str] = {}
    notes: list[Text] = []
    origins: dict[str, str] = {}
    layers: list[tuple[Mapping[str, tuple[Any, str]], str, Text | None]] = [
        (user.get(device.id, {}), "override", None),
        (_measured_fields(device, measured), "measured", None),
        (table.get(device.id, {}), "builtin", None),
    ]
    sibling = SIBLINGS.get(device.id)
    if sibling:
        layers.append(
            (
                # The sibling's values as this device would see them: its built-in ones, with
                # the person's overrides of the sibling over them (not instead of them).
                {**table.get(sibling, {}), **user.get(sibling, {})},
                "sibling",
                translate(
                    "Calibration",
                    "{device} is not calibrated: it takes the values of {sibling}, the same chip",
                ).format(device=device.id, sibling=sibling),
            )
        )
    used_sibling = False
    for name in FIELDS:
        for fields, origin, note in layers:
            if name in fields:
                values[name], sources[name] = fields[name]
                origins[name] = origin
                used_sibling = used_sibling or note is not None
                break
    if used_sibling and sibling:
        borrowed = [n for n, o in origins.items() if o == "sibling"]
        if len(borrowed) == sum(1 for o in origins.values() if o != "override"):
            notes.append(layers[-1][2])  # type: ignore[arg-type]
        else:  # some figures its own (a measurement of this device), the rest the sibling's
            notes.append(
                translate(
                    "Calibration",
                    "{device} takes {fields} from {sibling}, the same chip; the rest is its own",
                ).format(device=device.id, fields=", ".join(borrowed), sibling=sibling)
            )
    yours = [n for n, o in origins.items() if o == "override"]
    if yours:
        notes.append(
            translate("Calibration", "{device}: {fields} from your overrides ({file})").format(
                device=device.id, fields=", ".join(yours), file=str(user_calibration_path())
            )
        )
    for twin in SAME_DIE.get(device.id, ()):
        moved = []
        for name in _DIE_FIELDS:
            found = table.get(twin, {}).get(name)
            own = str(sources.get(name, ""))
            if found is None or not str(found[1]).startswith(_MEASURED_BY_PROJECT):
                continue
            if origins.get(name) in ("override", "measured") or own.startswith(
                _MEASURED_BY_PROJECT
            ):
                continue
            values[name], sources[name] = found
            origins[name] = "builtin"
            moved.append(name)
        if moved:
            notes.append(
                translate(
                    "Calibration",
                    "{device}: {fields} from this project's measurement on {twin}, the same die at "
                    "the same peak, at a fixed shape (a best-of-search figure is an upper envelope)",
                ).format(device=device.id, fields=", ".join(moved), twin=twin)
            )
    said = caveats if caveats is not None else (builtin_caveats() if builtin is None else {})
    stand_ins = builtin_stand_ins() if builtin is None else frozenset()
    for name in FIELDS:
        owner = {"builtin": device.id, "sibling": sibling}.get(origins.get(name, ""))
        caveat = (said.get(owner) or {}).get(name) if owner else None
        if caveat:
            notes.append(
                translate("Calibration", "{device}: {name} = {value}: {caveat}").format(
                    device=device.id, name=name, value=_show(values[name]), caveat=caveat
                )
            )
    for name in _FAMILY_ASSUMED:
        if name in values:
            continue
        median = _median_of_family(table, device.family, name, stand_ins)
        if median is None:
            continue
        values[name], donors = median
        origins[name] = "assumed"
        sources[name] = translate("Calibration", "assumed: the median of {donors}").format(
            donors=", ".join(donors)
        )
        notes.append(
            translate(
                "Calibration",
                "{device}: {name} is not calibrated; assumed {value}, the median of {donors}",
            ).format(
                device=device.id, name=name, value=_show(values[name]), donors=", ".join(donors)
            )
        )
    if measured is not None and sources and "measured" in origins.values():
        notes.append(
            translate(
                "Calibration",
                "{device}: matmul and memory fractions measured here by the benchmark ({name})",
            ).format(device=device.id, name=measured.name)
        )
    moved_here = {
        n
        for n in _DIE_FIELDS
        if n in values
        and str(sources[n]).startswith(_MEASURED_BY_PROJECT)
        and any(n in table.get(t, {}) for t in SAME_DIE.get(device.id, ()))
    }
    by_project = sorted(
        n
        for n, s in sources.items()
        if str(s).startswith(_MEASURED_BY_PROJECT) and n not in moved_here
    )
    if by_project:
        notes.append(
            translate(
                "Calibration",
                "{device}: {fields} as this project measured them on the device (docs/gpu.md)",
            ).format(device=device.id, fields=", ".join(by_project))
        )
    if "sm_count" not in values or "gemm_tile" not in values:
        notes.append(
            translate(
                "Calibration",
                "{device}: no SM count or GEMM tile calibrated: the wave and tile quantization of "
                "GEMMs is not modelled",
            ).format(device=device.id)
        )
    missing = [n for n in _REQUIRED if n not in values]
    if missing:
        raise InputError(
            translate(
                "Calibration",
                "device: {device} has no calibration for {fields} and no calibrated device to "
                "assume them from; add them to {file}",
            ).format(
                device=device.id, fields=", ".join(missing), file=str(user_calibration_path())
            ),
            field="device",
        )
    return Calibration(
        device.id,
        MappingProxyType(values),
        MappingProxyType(sources),
        tuple(notes),
        MappingProxyType(origins),
    )


def _show(value: Any) -> str:
    if isinstance(value, tuple):
        return "×".join(str(v) for v in value)
    return f"{value:.4g}"


def with_values(cal: Calibration, **changes: Any) -> Calibration:
    """``cal`` with some values replaced (sources say "changed")."""
    values = dict(cal.values)
    sources = dict(cal.sources)
    origins = dict(cal.origins)
    for name, value in changes.items():
        if name not in FIELDS:
            raise InputError(f"calibration: unknown field {name!r}; allowed: {', '.join(FIELDS)}")
        values[name] = value
        sources[name] = "changed"
        origins[name] = "changed"
    return replace(
        cal,
        values=MappingProxyType(values),
        sources=MappingProxyType(sources),
        origins=MappingProxyType(origins),
    )
