"""What the Roofline tab shows, as plain data: presets, points, roof specs and table rows.

Every number comes from :mod:`core.roofline.ops` and :mod:`core.roofline.bounds`; this module only turns the
results into text and the specs :mod:`widgets.roofline.plot` and :mod:`widgets.roofline.table`
draw. No Qt.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from core.errors import InputError
from core.roofline.bounds import MeasuredPoint, ceilings, evaluate, roof_polyline
from core.roofline.hardware import Device
from core.roofline.ops import OpCost, op_cost
from core.units import format_bytes, format_duration, format_flop_rate, format_flops, format_percent
from widgets.roofline.plot import PointSpec, RoofSpec

__all__ = [
    "DEFAULT_COMPARE",
    "LECTURE_PRESETS",
    "PRESETS",
    "Entry",
    "Row",
    "build_roofs",
    "compact_name",
    "point_label",
    "point_row",
    "short_name",
]

#: A table row: (point key, cell texts, tooltip).
Row = tuple[str, list[str], str]

#: The lecture's table (section 7): ReLU, GELU, dot, matvec, matmul.
LECTURE_PRESETS: tuple[tuple[str, dict[str, int]], ...] = (
    ("relu", {"n": 1024 * 1024}),
    ("gelu", {"n": 1024 * 1024}),
    ("dot", {"n": 1024 * 1024}),
    ("matvec", {"m": 1024, "n": 1024}),
    ("matmul", {"m": 1024, "k": 1024, "n": 1024}),
)
#: More presets offered in the "Add preset" menu: (title, op, sizes).
PRESETS: tuple[tuple[str, str, dict[str, int]], ...] = (
    *((f"{n} (lecture)", n, s) for n, s in LECTURE_PRESETS),
    ("matmul 8192³", "matmul", {"m": 8192, "k": 8192, "n": 8192}),
    ("bmm 32×(2048×128×2048)", "bmm", {"b": 32, "m": 2048, "k": 128, "n": 2048}),
    ("softmax 4096×4096", "softmax", {"m": 4096, "n": 4096}),
    ("layernorm 8192×4096", "layernorm", {"m": 8192, "n": 4096}),
    ("rmsnorm 8192×4096", "rmsnorm", {"m": 8192, "n": 4096}),
    ("attention naive b1 h32 s4096 d128", "attention", {"b": 1, "h": 32, "s": 4096, "d": 128}),
    (
        "flash attention b1 h32 s4096 d128",
        "flash_attention",
        {"b": 1, "h": 32, "s": 4096, "d": 128},
    ),
)
DEFAULT_COMPARE: tuple[str, ...] = ("a100-sxm", "b200")
_VENDORS = ("NVIDIA ", "AMD ", "Google ", "Apple ", "Intel ")


def short_name(device: Device) -> str:
    """The device name without the vendor: ``H100 SXM5 80GB``."""
    name = device.name
    for prefix in _VENDORS:
        name = name.removeprefix(prefix)
    return name


def compact_name(device: Device) -> str:
    """A chart-label name: ``H100 SXM5`` for "NVIDIA H100 SXM5 80GB", ``B200`` for "B200 (HGX…)"."""
    words = short_name(device).split("(")[0].split()
    kept = [w for w in words if not w.upper().endswith("GB")][:2]
    return " ".join(kept) or device.id


@dataclass
class Entry:
    """One point on the chart: an operator with sizes, a custom (FLOPs, bytes) or a measurement."""

    key: str
    kind: str  # "op" | "custom" | "measured"
    name: str = ""
    sizes: dict[str, int] = field(default_factory=dict)
    out_dtype: str | None = None
    custom: OpCost | None = None
    measured: MeasuredPoint | None = None

    def cost(self, dtype: str) -> OpCost:
        """FLOPs and bytes of this point at ``dtype`` (custom points keep their own)."""
        if self.custom is not None:
            return self.custom
        return op_cost(self.name, dtype, out_dtype=self.out_dtype, **self.sizes)


def build_roofs(
    primary: Device,
    dtype: str,
    compared: Sequence[Device],
    *,
    all_dtypes: bool = False,
    vector: bool = False,
) -> tuple[list[RoofSpec], list[tuple[str, int]], list[str]]:
    """Roof specs, legend entries and notes: every dtype of ``primary`` (the selected dtype
    emphasised, its ridge labelled), ``dtype`` (or every dtype) of each compared device, vector roofs.

    Nothing is refused: a device that lacks ``dtype`` or has no measured bandwidth shows what it
    has (or nothing), and a note names it (``TPU v5e has no published fp32 peak``).
    """
    devices = [primary, *(d for d in compared if d.id != primary.id)]
    notes: list[str] = []
    for device in devices:
        if device.mem_bandwidth is None:
            try:
                device.bandwidth()
            except InputError as exc:
                notes.append(f"{exc.message}: no roof drawn")
        elif not device.supports(dtype):
            have = ", ".join(device.dtypes)
            notes.append(f"{short_name(device)} has no published {dtype} peak (it has: {have})")
    specs: list[RoofSpec] = []
    legend: list[tuple[str, int]] = []
    for colour, device in enumerate(devices):
        legend.append((short_name(device), colour))
        is_primary = device.id == primary.id
        wanted = None if is_primary or all_dtypes else [dtype]
        roofs = ceilings(device, wanted, vector=vector)
        labelled: set[float] = set()
        for roof in roofs:
            xs, ys = roof_polyline(roof.peak, roof.bandwidth, 1e-4, 1e7)
            same = [r.dtype for r in roofs if r.peak == roof.peak and r.kind == roof.kind]
            chosen = roof.dtype == dtype and roof.kind == "tensor"
            label = ""
            if roof.kind == "vector":
                label = f"{compact_name(device) if not is_primary else ''} fp32 vector"
            elif roof.peak not in labelled and (is_primary or chosen or all_dtypes):
                # "All dtypes" labels every compared roof too, else they are unnamed lines.
                labelled.add(roof.peak)
                names = "·".join(same) if is_primary or all_dtypes else dtype
                prefix = "" if is_primary else f"{compact_name(device)} "
                label = f"{prefix}{names} {format_flop_rate(roof.peak, 4)}"
                if not is_primary and chosen:
                    label += f", ridge {roof.ridge:.0f}"
            specs.append(
                RoofSpec(
                    key=f"{device.id}/{roof.dtype}/{roof.kind}",
                    xs=tuple(xs),
                    ys=tuple(ys),
                    ridge=(roof.ridge, roof.peak),
                    colour=colour,
                    label=label.strip(),
                    ridge_text=f"ridge {roof.ridge:.0f} FLOP/B" if is_primary and chosen else "",
                    readout=(
                        f"{short_name(device)} {roof.dtype}{' vector' if roof.kind == 'vector' else ''}: "
                        f"peak {format_flop_rate(roof.peak)}, bandwidth "
                        f"{format_bytes(roof.bandwidth)}/s, ridge {roof.ridge:.4g} FLOP/byte"
                    ),
                    style="dot" if roof.kind == "vector" else ("solid" if chosen else "dash"),
                    emphasis=chosen,
                )
            )
    return specs, legend, notes


def point_row(entry: Entry, device: Device, dtype: str) -> tuple[PointSpec | None, Row]:
    """The chart spec (``None`` when it cannot be drawn) and the table row of one point."""
    if entry.measured is not None:
        m = entry.measured
        low, high = m.achieved_range
        moved = f"{format_bytes(m.bandwidth)}/s moved"
        rate = format_flop_rate(m.achieved) if m.flops > 0 else moved
        readout = (
            f"{m.label} on {m.device or 'unknown device'}: {format_flops(m.flops)}, "
            f"{format_bytes(m.bytes)}, intensity {m.intensity:.4g} FLOP/B, achieved {rate} "
            f"(spread ±{m.spread / 2:.0%}), median {format_duration(m.seconds)}"
        )
        spec = PointSpec(entry.key, m.intensity, m.achieved, m.op, readout, True, low, high)
        cells = [
            f"{m.label.removesuffix(' (measured)')} (measured{', ' + m.device if m.device else ''})",
            m.dtype,
            format_flops(m.flops),
            format_bytes(m.bytes),
            f"{m.intensity:.4g}",
            f"{rate} ±{m.spread / 2:.0%}",
            "measured" if m.flops > 0 else "measured (no FLOPs: not on the chart)",
            format_duration(m.seconds),
        ]
        return (spec if m.flops > 0 else None), (entry.key, cells, readout)
    try:
        cost = entry.cost(dtype)
        result = evaluate(cost, device)
    except InputError as exc:
        return None, (entry.key, [entry.name, "", "", "", "", exc.message, "", ""], "")
    same = cost.out_dtype in ("", cost.dtype)
    dtypes = cost.dtype if same else f"{cost.dtype}→{cost.out_dtype}"
    shape = " ".join(f"{k}={v:,}" for k, v in cost.sizes.items())
    title = f"{cost.name} {shape}".strip()
    bound = f"{result.bound}, MFU ≤ {format_percent(result.mfu_bound)}"
    readout = (
        f"{title} {dtypes}: {format_flops(cost.flops)}, {format_bytes(cost.bytes)}, "
        f"intensity {result.intensity:.4g} FLOP/B, attainable "
        f"{format_flop_rate(result.attainable)} on {short_name(device)}, {bound}, "
        f"{format_duration(result.time_s)}"
    )
    short = cost.name if entry.kind == "custom" else point_label(cost)
    spec = PointSpec(entry.key, result.intensity, result.attainable, short, readout)
    cells = [
        title,
        dtypes,
        format_flops(cost.flops),
        format_bytes(cost.bytes),
        f"{result.intensity:.4g}",
        format_flop_rate(result.attainable),
        bound,
        format_duration(result.time_s),
    ]
    return spec, (entry.key, cells, cost.convention)


def point_label(cost: OpCost) -> str:
    """Short chart label: ``relu``, ``matmul 1,024``, ``bmm 32×2,048×128×2,048``."""
    sizes = list(cost.sizes.values())
    if cost.name in ("relu", "gelu", "dot", "add", "copy"):
        return cost.name
    if len(set(sizes)) == 1:
        return f"{cost.name} {sizes[0]:,}"
    return f"{cost.name} {'×'.join(f'{v:,}' for v in sizes)}"
