"""A device's achievable fractions as a person reads and edits them: rows, overrides, the file.

:func:`fraction_rows` lists every field of :data:`core.roofline.achievable.FIELDS` for one device
in a fixed order (GEMMs, their shape model, attention, memory, collectives per link, kernel
launch, overlap), each with its value, unit, meaning, source and origin: the person's override,
measured here by the benchmark runner, the built-in file, a sibling with the same chip, or
assumed from the family's median (:data:`core.roofline.achievable.ORIGINS`; the first wins).

:func:`save_overrides` and :func:`clear_overrides` change one device's entry of the person's
``<config>/napkinlab/calibration.json`` (:func:`~core.roofline.achievable.user_calibration_path`)
and nothing else:

* every value is checked by the parser of the calibration files
  (:func:`~core.roofline.achievable.check_field`), and the whole new file by
  :func:`~core.roofline.achievable.parse_calibration_text` (the reader of the overrides, on the
  very text), before anything is written: the file never holds what its reader refuses;
* the other devices' entries, and the fields of this device not changed, are kept as they were;
* a file that exists but does not read (not JSON, a duplicate key, a value out of range) is never
  overwritten: the error names it and says it was not changed;
* the file is replaced atomically (:func:`core.safe_io.atomic_write`).

Nothing is cached: the plan (:func:`core.plan.model.device_calibration`) and the Step tab's
calibrated prediction (:func:`core.step.predict.predict`) read the file each time they run, and
the plan's per-layout cache is keyed by the calibration's values (:attr:`Calibration.key`).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.errors import InputError
from core.roofline.achievable import (
    FIELDS,
    MAX_FILE_BYTES,
    SCHEMA_VERSION,
    calibration,
    check_field,
    parse_calibration_text,
    user_calibration_path,
)
from core.roofline.hardware import Device
from core.safe_io import atomic_write, brief, decode_utf8, read_bytes
from core.texts import Text, translate

__all__ = [
    "FractionRow",
    "allowed_text",
    "clear_overrides",
    "fraction_rows",
    "origin_name",
    "parse_field_text",
    "save_overrides",
    "value_text",
]

#: Fields a person types as two or three whole numbers (``128x256``).
_SHAPES = {
    "gemm_tile": 2,
    "gemm_reference": 3,
    "gemm_reference_fp8": 3,
    "gemm_reference_fp8_blockwise": 3,
}
#: Fields that are a table, edited in the file only.
_TABLES = frozenset({"attention_kernels"})


def _info() -> dict[str, tuple[Text, Text]]:
    """Field -> (unit, meaning), in the order the rows are listed."""
    peak = translate("Fractions", "of the dense peak")
    seconds = translate("Fractions", "seconds")
    link = translate("Fractions", "of the link")
    return {
        "gemm_efficiency": (peak, translate("Fractions", "Large-GEMM efficiency (16-bit) at the reference shape")),
        "gemm_efficiency_fp8": (peak, translate("Fractions", "Large-GEMM efficiency (fp8); else the 16-bit one")),
        "gemm_efficiency_fp4": (peak, translate("Fractions", "Large-GEMM efficiency (fp4, at the 16-bit reference shape); else the 16-bit one")),
        "gemm_efficiency_fp8_blockwise": (peak, translate("Fractions", "Large-GEMM efficiency (fp8 with software block scales, 1×128 and 128×128); none: the recipe is refused")),
        "gemm_reference": (translate("Fractions", "M×N×K"), translate("Fractions", "GEMM shape model: the shape the large-GEMM efficiency was measured at")),
        "gemm_reference_fp8": (translate("Fractions", "M×N×K"), translate("Fractions", "GEMM shape model: the shape the fp8 efficiency was measured at")),
        "gemm_reference_fp8_blockwise": (translate("Fractions", "M×N×K"), translate("Fractions", "GEMM shape model: the shape the fp8 blockwise efficiency was measured at")),
        "sm_count": (translate("Fractions", "SMs"), translate("Fractions", "GEMM shape model: SMs (or compute units) that output tiles fill in waves")),
        "gemm_tile": (translate("Fractions", "M×N"), translate("Fractions", "GEMM shape model: the output tile of one SM")),
        "gemm_k_overhead": (translate("Fractions", "K steps"), translate("Fractions", "GEMM shape model: fixed cost per tile, in K-loop iterations")),
        "gemm_k_overhead_fp8": (translate("Fractions", "K steps"), translate("Fractions", "GEMM shape model: fixed cost per fp8 tile, in K-loop iterations; else the 16-bit one")),
        "attention_forward_efficiency": (peak, translate("Fractions", "Attention kernel efficiency, forward")),
        "attention_backward_efficiency": (peak, translate("Fractions", "Attention kernel efficiency, backward")),
        "attention_causal_ratio": (translate("Fractions", "ratio"), translate("Fractions", "Attention: causal over non-causal efficiency")),
        "attention_kernels": (translate("Fractions", "table"), translate("Fractions", "Attention kernels measured per sequence length (edit in the file)")),
        "memory_bandwidth_fraction": (translate("Fractions", "of the bandwidth"), translate("Fractions", "Memory-bound ops: fraction of the memory bandwidth")),
        "intra_node_busbw_fraction": (link, translate("Fractions", "Collective bus bandwidth, intra-node link")),
        "inter_node_busbw_fraction": (link, translate("Fractions", "Collective bus bandwidth, network")),
        "intra_node_alltoall_busbw_fraction": (link, translate("Fractions", "All-to-all bus bandwidth, NVLink domain; else the ring's")),
        "inter_node_alltoall_busbw_fraction": (link, translate("Fractions", "All-to-all bus bandwidth, network (per GPU's NIC); else the ring's")),
        "collective_latency_s": (seconds, translate("Fractions", "Fixed time of one collective call")),
        "nccl_base_latency_s": (seconds, translate("Fractions", "Ring collective: base latency")),
        "ring_hop_latency_intra_s": (seconds, translate("Fractions", "Ring collective: latency per intra-node hop")),
        "ring_hop_latency_inter_s": (seconds, translate("Fractions", "Ring collective: latency per network hop")),
        "net_post_overhead_s": (seconds, translate("Fractions", "Ring collective: network post overhead")),
        "kernel_launch_overhead_s": (seconds, translate("Fractions", "Kernel launch overhead, per kernel")),
        "overlap_compute_slowdown": (translate("Fractions", "fraction"), translate("Fractions", "Compute slowdown while a collective overlaps it")),
    }  # fmt: skip


@dataclass(frozen=True)
class FractionRow:
    """One field of a device's calibration, as listed and edited.

    Attributes
    ----------
    field
        The file's name of the field (``gemm_efficiency``).
    value
        The value in use (``None`` when no layer gives one).
    text
        The value as a person types it back (``0.678``, ``128x256``; ``""`` when unset).
    unit, meaning
        What the number is.
    source
        Where the value comes from (a paper, a benchmark, "your override").
    origin
        Which layer gave it (:data:`~core.roofline.achievable.ORIGINS`), ``""`` when unset.
    editable
        Whether a person may type a value (every field but the attention table).
    allowed
        What the field accepts (:func:`allowed_text`).
    """

    field: str
    value: Any
    text: str
    unit: Text
    meaning: Text
    source: str
    origin: str
    editable: bool
    allowed: Text

    @property
    def overridden(self) -> bool:
        """Whether the person's own file gives this value."""
        return self.origin == "override"

    def to_dict(self) -> dict[str, Any]:
        """JSON form (tuples as lists, texts as English strings)."""
        value = list(self.value) if isinstance(self.value, tuple) else self.value
        if self.field in _TABLES and self.value is not None:
            value = self.text
        return {
            "field": self.field,
            "value": value,
            "text": self.text,
            "unit": str(self.unit),
            "meaning": str(self.meaning),
            "source": str(self.source),
            "origin": self.origin,
            "editable": self.editable,
            "allowed": str(self.allowed),
        }


def origin_name(origin: str) -> Text:
    """The origin as a person reads it (``your override``, ``measured here``, ``built-in``)."""
    names = {
        "override": translate("Fractions", "your override"),
        "measured": translate("Fractions", "measured here"),
        "builtin": translate("Fractions", "built-in"),
        "sibling": translate("Fractions", "built-in, same chip"),
        "assumed": translate("Fractions", "assumed"),
        "changed": translate("Fractions", "changed"),
        "": translate("Fractions", "not set"),
    }
    return names.get(origin, translate("Fractions", "not set"))


def allowed_text(name: str) -> Text:
    """What ``name`` accepts, in the words of the files' own messages."""
    low, high = FIELDS[name]
    if name in _TABLES:
        return translate("Fractions", "a table of kernels; edit it in the file")
    if name in _SHAPES:
        return translate(
            "Fractions", "{size} whole numbers from {low} to {high}, as {example}"
        ).format(
            size=_SHAPES[name],
            low=f"{low:g}",
            high=f"{high:g}",
            example="128x256" if name == "gemm_tile" else "8192x8192x8192",
        )
    if name == "sm_count":
        return translate("Fractions", "a whole number from {low} to {high}").format(
            low=f"{low:g}", high=f"{high:g}"
        )
    return translate("Fractions", "a number from {low} to {high}").format(
        low=f"{low:g}", high=f"{high:g}"
    )


def value_text(name: str, value: Any) -> str:
    """``value`` as a person types it (round-trips through :func:`parse_field_text`)."""
    if value is None:
        return ""
    if name in _TABLES:
        _peak, default, kernels = value
        return translate("Fractions", "{kernels} (default {default})").format(
            kernels=", ".join(k for k, _ in kernels), default=default
        )
    if isinstance(value, tuple):
        return "x".join(str(int(v)) for v in value)
    if isinstance(value, int):
        return str(value)
    return f"{float(value):.6g}"


def parse_field_text(name: str, text: str, where: str = "") -> Any:
    """The file's value of ``name`` from what a person typed, checked by the files' parser.

    ``where`` starts the message (a device id); numbers as ``0.7`` or ``2.4e-6``, shapes as
    ``128x256`` (``×``, ``,`` or spaces also separate).

    Raises
    ------
    InputError
        Naming the field, what was typed and what is allowed.
    """
    where = where or translate("Fractions", "your value")
    if name not in FIELDS:
        raise InputError(
            translate("Fractions", "{where}: unknown field {name}; allowed: {allowed}").format(
                where=where, name=brief(name), allowed=", ".join(_info())
            )
        )
    if name in _TABLES:
        raise InputError(
            translate(
                "Fractions", "{where}: {name} is a table of kernels; edit it in {file}"
            ).format(where=where, name=name, file=str(user_calibration_path()))
        )
    cleaned = str(text).strip()
    raw: Any = cleaned
    if name in _SHAPES:
        parts = [p for p in re.split(r"[x×*,\s]+", cleaned) if p]
        if parts and all(re.fullmatch(r"\d+", p) for p in parts):
            raw = [int(p) for p in parts]
    else:
        try:
            raw = float(cleaned)
        except ValueError:
            pass
        else:
            if name == "sm_count" and math.isfinite(raw) and raw == int(raw):
                raw = int(raw)
    return check_field(name, raw, where)


def _jsonable(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def fraction_rows(
    device: Device,
    *,
    measured: Device | None = None,
    overrides: Mapping[str, Mapping[str, tuple[Any, str]]] | None = None,
    builtin: Mapping[str, Mapping[str, tuple[Any, str]]] | None = None,
) -> tuple[tuple[FractionRow, ...], tuple[Text, ...]]:
    """``(rows, notes)`` of ``device``'s calibration (:func:`core.roofline.achievable.calibration`
    with the same arguments): one row per field, in a fixed order, unset fields included."""
    cal = calibration(device, measured=measured, overrides=overrides, builtin=builtin)
    rows = []
    for name, (unit, meaning) in _info().items():
        value = cal.values.get(name)
        rows.append(
            FractionRow(
                field=name,
                value=value,
                text=value_text(name, value),
                unit=unit,
                meaning=meaning,
                source=cal.sources.get(name, ""),
                origin=cal.origins.get(name, "") if value is not None else "",
                editable=name not in _TABLES,
                allowed=allowed_text(name),
            )
        )
    return tuple(rows), cal.notes


def _read_raw(path: Path) -> dict[str, Any]:
    """The person's file as it stands (a fresh document when there is none); a file that does
    not read is refused, never replaced."""
    if not path.exists():
        return {"schema_version": SCHEMA_VERSION, "devices": {}}
    keep = translate("Fractions", "fix or move it first, it was not changed")
    try:
        text = decode_utf8(read_bytes(path, limit=MAX_FILE_BYTES), path)
        parse_calibration_text(text, str(path))  # the reader of the overrides, as it reads them
        doc = json.loads(text)
    except InputError as exc:
        raise InputError(
            translate("Fractions", "{problem}; {keep}").format(problem=exc.message, keep=keep)
        ) from None
    return dict(doc)


def _write(path: Path, doc: dict[str, Any]) -> None:
    text = json.dumps(doc, indent=2, allow_nan=False) + "\n"
    # the very reader of the overrides (read_overrides) on the very text: what is written reads
    # back, so one value can never make the whole file ignored and every later save refused
    parse_calibration_text(text, str(path))
    atomic_write(path, text, make_folder=True)


def save_overrides(
    device_id: str,
    changes: Mapping[str, Any],
    path: Path | None = None,
    *,
    replace: bool = False,
) -> Path:
    """Set ``changes`` (field -> a typed text or a value) in ``device_id``'s overrides; returns
    the file.

    ``replace``: drop the device's other overrides first (``--reset`` with ``--set``). The other
    devices, and this device's fields not named, are kept as the file had them.

    Raises
    ------
    InputError
        A value the files' parser refuses (nothing is written), or an existing file that does not
        read (it is left as it is).
    """
    target = path if path is not None else user_calibration_path()
    checked = {}
    for name, value in changes.items():
        if isinstance(value, str):
            checked[name] = parse_field_text(name, value, device_id)
        else:
            if name in _TABLES:
                parse_field_text(name, "", device_id)  # the same refusal
            checked[name] = check_field(name, _jsonable(value), device_id)
    doc = _read_raw(target)
    devices = dict(doc.get("devices") or {})
    entry = {} if replace else dict(devices.get(device_id) or {})
    for name, value in checked.items():
        entry[name] = _jsonable(value)
    if entry:
        devices[device_id] = entry
    else:
        devices.pop(device_id, None)
    doc["devices"] = devices
    doc.setdefault("schema_version", SCHEMA_VERSION)
    _write(target, doc)
    return target


def clear_overrides(device_id: str, path: Path | None = None) -> bool:
    """Remove ``device_id``'s overrides (the other devices' stay); whether there were any.

    Raises
    ------
    InputError
        An existing file that does not read (it is left as it is), or one that cannot be written.
    """
    target = path if path is not None else user_calibration_path()
    if not target.exists():
        return False
    doc = _read_raw(target)
    devices = dict(doc.get("devices") or {})
    if device_id not in devices:
        return False
    del devices[device_id]
    doc["devices"] = devices
    _write(target, doc)
    return True
