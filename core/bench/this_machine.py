""" "This machine" as a :class:`~core.roofline.hardware.Device`, built from benchmark points.

Its ceilings are what was measured, not a datasheet: the peak for each dtype is the best matmul
FLOP/s of that dtype, the memory bandwidth is the best copy B/s. It works wherever a device does
(roofline, napkin, memory). The CPU name and thread count (or the GPU name, plus the id of the
matching hardware entry) are recorded in its ``extra`` and its ``source``.
"""

from __future__ import annotations

import datetime as _dt
import os
import re
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any

from core.errors import InputError
from core.roofline.hardware import DTYPES, Device, DeviceCatalog

__all__ = ["THIS_MACHINE_ID", "match_hardware", "this_machine"]

#: The id "this machine" gets in the catalog (a later run replaces it).
THIS_MACHINE_ID = "this-machine"


def _tokens(text: str) -> list[str]:
    return [t for t in re.split(r"[^a-z0-9]+", text.lower()) if t]


def match_hardware(gpu_name: str, catalog: DeviceCatalog) -> str | None:
    """The id of the catalog entry that ``gpu_name`` (``torch.cuda.get_device_name``) is, or None.

    Every part of an entry's id must start a word of the name (``h100-pcie`` matches "NVIDIA H100
    PCIe"; ``a100-sxm`` matches "NVIDIA A100-SXM4-80GB"); the first part alone also counts, so
    "NVIDIA H100 80GB HBM3" picks the first H100 entry. The entry with most parts matched wins.
    """
    words = _tokens(gpu_name)
    best: tuple[int, int, str] | None = None
    for order, device in enumerate(catalog.devices):
        parts = _tokens(device.id)
        if not parts or not any(w == parts[0] for w in words):
            continue
        matched = sum(any(w.startswith(p) for w in words) for p in parts)
        key = (matched, -order, device.id)
        if best is None or key > best:
            best = key
    return best[2] if best else None


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
    bandwidth = 0.0
    for p in pts:
        if p.get("op") == "matmul" and p.get("dtype") in DTYPES:
            peaks[p["dtype"]] = max(peaks.get(p["dtype"], 0.0), float(p["flop_rate"]))
        if p.get("op") == "copy":
            bandwidth = max(bandwidth, float(p["byte_rate"]))
    if not peaks:
        raise InputError("this machine: no matmul was measured, so there is no compute ceiling")
    if bandwidth <= 0:  # no copy measured: the best memory-bound point is a lower bound
        bandwidth = max((float(p["byte_rate"]) for p in pts if p.get("op") != "matmul"), default=0)
    first = pts[0]
    kind = str(first.get("device", "cpu"))
    name = str(first.get("device_name", "unknown"))
    threads = first.get("threads")
    extra: dict[str, Any] = {"kind": kind, "device_name": name}
    if kind == "cuda":
        label = name
        matches = match_hardware(name, catalog) if catalog is not None else None
        extra["matches"] = matches
    else:
        label = f"{name}, {threads} thread{'s' if threads != 1 else ''}"
        extra["threads"] = threads
    when = _dt.datetime.now(_dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
    best = ", ".join(f"{d} {peaks[d] / 1e9:.4g} GFLOP/s" for d in DTYPES if d in peaks)
    source = (
        f"Measured by Napkin Lab's benchmark on {label} ({when}): best matmul per dtype ({best}); "
        f"bandwidth from the best copy ({bandwidth / 1e9:.3g} GB/s). Ceilings are achieved, not "
        "datasheet, numbers."
    )
    if memory_bytes is None:
        try:
            memory_bytes = _memory_bytes(kind)
        except Exception:  # points from a CUDA machine loaded where there is no CUDA
            memory_bytes = 80e9
    return Device(
        id=THIS_MACHINE_ID,
        name=f"This machine ({label})",
        vendor="measured",
        peak_flops=MappingProxyType(peaks),
        mem_bandwidth=max(bandwidth, 1.0),
        memory_bytes=float(memory_bytes),
        source=source,
        extra=MappingProxyType(extra),
    )
