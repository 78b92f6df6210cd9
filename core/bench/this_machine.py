""" "This machine" as a :class:`~core.roofline.hardware.Device`, built from benchmark points.

Its ceilings are what was measured, not a datasheet: the peak for each dtype is the best matmul
FLOP/s of that dtype, the memory bandwidth is the best copy B/s. A run without a copy (cancelled
or partial) gives no bandwidth (``mem_bandwidth=None``), never a placeholder: the Roofline then says
the bandwidth was not measured. It works wherever a device does
(roofline, napkin, memory). The CPU name and thread count (or the GPU name, plus the id of the
matching hardware entry) are recorded in its ``extra`` and its ``source``.
"""

from __future__ import annotations

import datetime as _dt
import math
import os
import re
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any

from core.errors import InputError
from core.roofline.hardware import DTYPES, Device, DeviceCatalog
from core.texts import Text, translate

__all__ = [
    "THIS_MACHINE_ID",
    "match_hardware",
    "measured_machine",
    "not_measured",
    "resolve_device",
    "this_machine",
]

#: The id "this machine" gets in the catalog (a later run replaces it).
THIS_MACHINE_ID = "this-machine"


_MODEL = re.compile(r"^(?:[a-z]{1,3}\d{1,4}[a-z]?|\d{3,4})$")  # h100, t4, mi300x, 4090, 6000
_SIZE = re.compile(r"^(\d{2,3})gb$")
_NOT_MODELS = ("hbm", "gddr", "sxm", "nvl", "pcie", "gen")
_VARIANTS = ("sxm", "pcie", "nvl", "ada", "ti", "super")


def _tokens(text: str) -> list[str]:
    return [t for t in re.split(r"[^a-z0-9]+", text.lower()) if t]


def _signature(text: str) -> tuple[set[str], set[str], set[str]]:
    """(model numbers, memory sizes, variant words) named in a GPU or catalog name.

    ``sxm4`` counts as ``sxm``; ``hbm3``, ``geforce`` and text in parentheses say nothing about
    the model.
    """
    words = _tokens(re.sub(r"\([^)]*\)", " ", text))  # "(AWS g5)", "(HGX, 1000W)": no model
    models = {w for w in words if _MODEL.match(w) and not w.startswith(_NOT_MODELS)}
    sizes = {m[1] for w in words if (m := _SIZE.match(w))}
    variants = {v for w in words for v in _VARIANTS if w == v or (v == "sxm" and w.startswith(v))}
    return models, sizes, variants


def match_hardware(gpu_name: str, catalog: DeviceCatalog) -> str | None:
    """The id of the catalog entry that ``gpu_name`` (``torch.cuda.get_device_name``) is, or None.

    A name matches an entry when it has the same model numbers ("H100", "4090", "6000"), the same
    variant words (SXM, PCIe, NVL, Ada: a missing one on either side only matches a name that
    has none, so "H100 NVL" is not the H100 SXM) and, when both state one, the same memory size
    ("A100-SXM4-40GB" is not the 80 GB entry). torch names the H100 SXM "H100 80GB HBM3": a name
    with no variant word may match an entry whose only variant is SXM. Unknown → None.
    """
    models, sizes, variants = _signature(gpu_name)
    if not models:
        return None
    found: list[tuple[int, int, str]] = []
    for order, device in enumerate(catalog.devices):
        d_models, d_sizes, d_variants = _signature(f"{device.id} {device.name}")
        if d_models != models:
            continue
        if sizes and d_sizes and not sizes & d_sizes:
            continue
        if variants != d_variants and not (not variants and d_variants == {"sxm"}):
            continue
        found.append((bool(sizes & d_sizes), -order, device.id))
    return max(found)[2] if found else None


def _measured(value: object) -> bool:
    """A rate that was really measured: a finite positive number (not 0, NaN or missing)."""
    return (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and (math.isfinite(value) and value > 0)
    )


def _memory_bytes(device: str) -> float:
    if device.startswith("cuda"):
        import torch

        return float(torch.cuda.get_device_properties(device).total_memory)
    try:
        return float(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES"))
    except (ValueError, OSError, AttributeError):
        return 16e9


def this_machine(
    points: Iterable[Mapping[str, Any]],
    *,
    catalog: DeviceCatalog | None = None,
    memory_bytes: float | None = None,
) -> Device:
    """Build "This machine" from measured points (matmul per dtype, copy bandwidth).

    Parameters
    ----------
    points
        Benchmark points (:func:`core.bench.suites.run_case` dicts) from one device kind.
    catalog
        Used to find the hardware entry matching a GPU name (recorded as ``extra["matches"]``).
    memory_bytes
        Capacity to record; defaults to the GPU's memory or the host's RAM.

    Raises
    ------
    InputError
        If there is no matmul point to take a ceiling from.
    """
    pts = list(points)
    peaks: dict[str, float] = {}
    bandwidth: float | None = None
    for p in pts:
        flops = p.get("flop_rate") if p.get("op") == "matmul" and p.get("dtype") in DTYPES else None
        if _measured(flops):
            peaks[p["dtype"]] = max(peaks.get(p["dtype"], 0.0), float(flops))  # type: ignore[arg-type]
        rate = p.get("byte_rate") if p.get("op") == "copy" else None
        if _measured(rate):
            bandwidth = max(bandwidth or 0.0, float(rate))  # type: ignore[arg-type]
    if not peaks:
        raise InputError("this machine: no matmul was measured, so there is no compute ceiling")
    first = pts[0]
    kind = str(first.get("device", "cpu"))
    name = str(first.get("device_name", "unknown"))
    threads = first.get("threads")
    extra: dict[str, Any] = {"kind": kind, "device_name": name}
    matched = None
    if kind == "cuda":
        label = name
        matches = match_hardware(name, catalog) if catalog is not None else None
        extra["matches"] = matches
        extra["family"] = "rocm" if "amd" in name.lower() else "cuda"
        matched = catalog.get(matches) if catalog is not None and matches else None
    else:
        label = f"{name}, {threads} thread{'s' if threads != 1 else ''}"
        extra["threads"] = threads
    when = _dt.datetime.now(_dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
    best = ", ".join(f"{d} {peaks[d] / 1e9:.4g} GFLOP/s" for d in DTYPES if d in peaks)
    moved = (
        f"bandwidth from the best copy ({bandwidth / 1e9:.3g} GB/s)"
        if bandwidth is not None
        else "no bandwidth: no copy was measured (the run was cancelled or partial)"
    )
    source = (
        f"Measured by Napkin Lab's benchmark on {label} ({when}): best matmul per dtype ({best}); "
        f"{moved}. Ceilings are achieved, not datasheet, numbers."
    )
    if memory_bytes is None:
        recorded = first.get("memory_bytes")
        if isinstance(recorded, int | float) and math.isfinite(recorded) and recorded > 0:
            memory_bytes = float(recorded)
        elif matched is not None:
            memory_bytes = matched.memory_bytes
        else:
            try:
                memory_bytes = _memory_bytes(kind)
            except Exception:  # points from a CUDA machine loaded where there is no CUDA
                memory_bytes = 80e9
                source += " Memory capacity unknown here: 80 GB assumed."
    return Device(
        id=THIS_MACHINE_ID,
        # Translatable (a core Text): the window names it in the person's language.
        name=translate("Bench", "This machine ({label})").format(label=label),
        vendor="measured",
        peak_flops=MappingProxyType(peaks),
        mem_bandwidth=bandwidth,
        memory_bytes=float(memory_bytes),
        source=source,
        extra=MappingProxyType(extra),
    )


def measured_machine(
    path: str | os.PathLike[str] | None = None, where: str | None = None
) -> Device | None:
    """ "This machine" from a measurements file (default: the app's), or None when nothing
    usable is measured there.

    ``where`` keeps the points of one device kind (``cpu`` or ``cuda``); ``None`` takes the kind
    of the file's last point. A file named on purpose that cannot be read is an error; the app's
    own file missing is not.
    """
    from pathlib import Path

    from core.bench.measurements import default_measurements_path, read_measurements

    source = Path(path) if path else default_measurements_path()
    if not path and not source.exists():
        return None
    points = read_measurements(source).points
    if where is None and points:
        where = str(points[-1].get("device", "cpu"))
    chosen = [p for p in points if p.get("device", "cpu") == where]
    try:
        return this_machine(chosen) if chosen else None
    except InputError:
        return None


def not_measured(path: str | os.PathLike[str] | None = None) -> Text:
    """The sentence for "no ceilings of this machine are measured", saying how to measure them."""
    from core.bench.measurements import default_measurements_path

    source = str(path or default_measurements_path())
    return translate(
        "Bench",
        "no ceilings of this machine are measured (none in {path}); measure them with: napkinlab "
        "bench --suite quick --out {path} (or Benchmark > Run quick suite in the app)",
    ).format(path=source)


def resolve_device(device_id: object, measurements: str | os.PathLike[str] | None = None) -> Device:
    """The device a CLI option names: a catalog id, or ``this-machine`` from the measurements.

    Raises
    ------
    InputError
        For an unknown id, or ``this-machine`` with nothing measured (saying how to measure).
    """
    from core.roofline.hardware import load_catalog

    if device_id == THIS_MACHINE_ID:
        machine = measured_machine(measurements)
        if machine is None:
            raise InputError(
                translate("Bench", "device: this-machine: {why}").format(
                    why=not_measured(measurements)
                ),
                field="device",
            )
        return machine
    return load_catalog().get(device_id)
