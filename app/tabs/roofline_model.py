"""What the Roofline tab shows, as plain data: presets, points, roof specs and table rows.

Every number comes from :mod:`core.roofline.ops` and :mod:`core.roofline.bounds`; this module only turns the
results into text and the specs :mod:`widgets.roofline.plot` and :mod:`widgets.roofline.table`
draw. No widgets: its texts are in the window's language (:func:`widgets.i18n.translate`, and the
core's sentences through :func:`widgets.i18n.localized`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from core.errors import InputError
from core.roofline.bounds import MeasuredPoint, attainable, ceilings, evaluate, roof_polyline
from core.roofline.hardware import Device
from core.roofline.ops import OpCost, op_cost
from core.units import format_bytes, format_duration, format_flop_rate, format_flops, format_percent
from widgets.i18n import localized, translate
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
    "preset_titles",
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


def preset_titles() -> list[str]:
    """The titles of :data:`PRESETS` in the window's language (same order)."""
    lecture = translate("RooflineModel", "{op} (lecture)")
    naive = translate("RooflineModel", "attention naive {shape}")
    flash = translate("RooflineModel", "flash attention {shape}")
    titles = [lecture.format(op=name) for name, _ in LECTURE_PRESETS]
    for title, name, _ in PRESETS[len(LECTURE_PRESETS) :]:
        if name == "attention":
            title = naive.format(shape=title.removeprefix("attention naive "))
        elif name == "flash_attention":
            title = flash.format(shape=title.removeprefix("flash attention "))
        titles.append(title)
    return titles


_VENDORS = ("NVIDIA ", "AMD ", "Google ", "Apple ", "Intel ")


def short_name(device: Device) -> str:
    """The device name without the vendor: ``H100 SXM5 80GB``."""
    name = localized(device.name)  # "This machine" in the person's language
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
    """One point on the chart: an operator with sizes, a custom (FLOPs, bytes) or a measurement.

    ``share`` (0 to 1, custom points) is the point's share of a whole (a step's time): it scales
    the marker; ``source`` names the tab that sent a custom point.
    """

    key: str
    kind: str  # "op" | "custom" | "measured"
    name: str = ""
    sizes: dict[str, int] = field(default_factory=dict)
    out_dtype: str | None = None
    custom: OpCost | None = None
    measured: MeasuredPoint | None = None
    share: float | None = None
    source: str = ""

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
                notes.append(
                    translate("RooflineModel", "{problem}: no roof drawn").format(
                        problem=localized(exc.message)
                    )
                )
        elif not device.supports(dtype):
            notes.append(
                translate(
                    "RooflineModel", "{device} has no published {dtype} peak (it has: {have})"
                ).format(device=short_name(device), dtype=dtype, have=", ".join(device.dtypes))
            )
    vector_text = translate("RooflineModel", "fp32 vector")
    ridge_label = translate("RooflineModel", "{label}, ridge {ridge}")
    ridge_text = translate("RooflineModel", "ridge {ridge} FLOP/B")
    readout_text = translate(
        "RooflineModel",
        "{roof}: peak {peak}, bandwidth {bandwidth}/s, ridge {ridge} FLOP/byte",
    )
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
            shorter: list[str] = []  # drawn instead when the label finds no room (slides)
            if roof.kind == "vector":
                label = f"{compact_name(device) if not is_primary else ''} {vector_text}"
            elif roof.peak not in labelled and (is_primary or chosen or all_dtypes):
                # "All dtypes" labels every compared roof too, else they are unnamed lines.
                labelled.add(roof.peak)
                names = "·".join(same) if is_primary or all_dtypes else dtype
                prefix = "" if is_primary else f"{compact_name(device)} "
                peak = format_flop_rate(roof.peak, 4)
                label = f"{prefix}{names} {peak}"
                if not is_primary and chosen:
                    shorter.append(label)
                    label = ridge_label.format(label=label, ridge=f"{roof.ridge:.0f}")
                if "·" in names:
                    shorter.append(f"{prefix}{roof.dtype} {peak}")
                # Shortest, the name without its peak (the hover and the table give the
                # number): a bare "1.979 PFLOP/s" left the fp8 roof unnamed on a slide.
                shorter.append(f"{prefix}{roof.dtype}")
            specs.append(
                RoofSpec(
                    key=f"{device.id}/{roof.dtype}/{roof.kind}",
                    xs=tuple(xs),
                    ys=tuple(ys),
                    ridge=(roof.ridge, roof.peak),
                    colour=colour,
                    label=label.strip(),
                    ridge_text=(
                        ridge_text.format(ridge=f"{roof.ridge:.0f}")
                        if is_primary and chosen
                        else ""
                    ),
                    readout=readout_text.format(
                        roof=f"{short_name(device)} "
                        + (vector_text if roof.kind == "vector" else roof.dtype),
                        peak=format_flop_rate(roof.peak),
                        bandwidth=format_bytes(roof.bandwidth),
                        ridge=f"{roof.ridge:.4g}",
                    ),
                    style="dot" if roof.kind == "vector" else ("solid" if chosen else "dash"),
                    emphasis=chosen,
                    short_labels=_shorter(shorter, label),
                )
            )
    return specs, legend, notes


def _shorter(texts: Sequence[str], label: str) -> tuple[str, ...]:
    """The distinct shorter labels, without the label itself, in order."""
    kept = (t.strip() for t in texts)
    return tuple(dict.fromkeys(t for t in kept if t and t != label.strip()))


def point_row(
    entry: Entry, device: Device, dtype: str, measured_on: Device | None = None
) -> tuple[PointSpec | None, Row]:
    """The chart spec (``None`` when it cannot be drawn) and the table row of one point.

    ``measured_on`` is the machine the benchmark measured ("This machine"), when the catalog has
    it: a measured point above that machine's own ceiling is marked, as a noisy one is.
    """
    if entry.measured is not None:
        return _measured_row(entry.key, entry.measured, measured_on)
    try:
        cost = entry.cost(dtype)
        result = evaluate(cost, device)
    except InputError as exc:
        return None, (entry.key, [entry.name, "", "", "", "", localized(exc.message), "", ""], "")
    same = cost.out_dtype in ("", cost.dtype)
    dtypes = cost.dtype if same else f"{cost.dtype}→{cost.out_dtype}"
    shape = " ".join(f"{k}={v:,}" for k, v in cost.sizes.items())
    title = f"{cost.name} {shape}".strip()
    bound = translate("RooflineModel", "{verdict}, MFU ≤ {mfu}").format(
        verdict=localized(result.verdict), mfu=format_percent(result.mfu_bound)
    )
    readout = translate(
        "RooflineModel",
        "{point} {dtypes}: {flops}, {bytes}, intensity {intensity} FLOP/B, attainable {rate} on "
        "{device}, {bound}, {time}",
    ).format(
        point=title,
        dtypes=dtypes,
        flops=format_flops(cost.flops),
        bytes=format_bytes(cost.bytes),
        intensity=f"{result.intensity:.4g}",
        rate=format_flop_rate(result.attainable),
        device=short_name(device),
        bound=bound,
        time=format_duration(result.time_s),
    )
    short = cost.name if entry.kind == "custom" else point_label(cost)
    spec = PointSpec(
        entry.key, result.intensity, result.attainable, short, readout, share=entry.share
    )
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
    tip = f"{localized(cost.convention)}\n{localized(result.explanation)}"
    return spec, (entry.key, cells, tip)


def _ceiling(m: MeasuredPoint, machine: Device | None) -> float | None:
    """The measured machine's attainable rate at ``m``'s intensity and dtype, if it is known."""
    if machine is None or m.flops <= 0 or machine.mem_bandwidth is None:
        return None
    dtype = "fp32" if m.dtype == "tf32" and not machine.supports("tf32") else m.dtype
    if not machine.supports(dtype):
        return None
    return attainable(machine.peak(dtype), machine.mem_bandwidth, m.intensity)


def _measured_row(
    key: str, m: MeasuredPoint, machine: Device | None = None
) -> tuple[PointSpec | None, Row]:
    """A benchmark measurement: its star (none without FLOPs; hollow when doubtful) and its row."""
    low, high = m.achieved_range
    doubts = [localized(d) for d in m.doubts(_ceiling(m, machine))]
    if m.flops > 0:
        rate = format_flop_rate(m.achieved)
    else:
        rate = translate("RooflineModel", "{amount}/s moved").format(
            amount=format_bytes(m.bandwidth)
        )
    name = (m.name or f"{m.op} {m.shape}").strip()
    if m.dtype and m.dtype not in name.split():  # a suite's label names its dtype already
        name = f"{name} {m.dtype}"
    name = name.replace("  ", " ")
    device = m.device or translate("RooflineModel", "unknown device")
    spread = f"±{m.spread / 2:.0%}"
    readout = translate(
        "RooflineModel",
        "{point} (measured) on {device}: {flops}, {bytes}, intensity {intensity} FLOP/B, "
        "achieved {rate} (spread {spread}), median {time}",
    ).format(
        point=name,
        device=device,
        flops=format_flops(m.flops),
        bytes=format_bytes(m.bytes),
        intensity=f"{m.intensity:.4g}",
        rate=rate,
        spread=spread,
        time=format_duration(m.seconds),
    )
    if doubts:
        readout = f"{readout}. {'; '.join(doubts)}"
    spec = PointSpec(key, m.intensity, m.achieved, m.op, readout, True, low, high,
                     doubtful=bool(doubts))  # fmt: skip
    title = (
        translate("RooflineModel", "{point} (measured, {device})").format(
            point=name, device=m.device
        )
        if m.device
        else translate("RooflineModel", "{point} (measured)").format(point=name)
    )
    cells = [
        title,
        m.dtype,
        format_flops(m.flops),
        format_bytes(m.bytes),
        f"{m.intensity:.4g}",
        f"{rate} {spread}" + (" ⚠" if doubts else ""),
        (
            # Why it is doubtful is in the row's tooltip: the reasons, a sentence each, made the
            # column the widest of the table, and a narrow table then hid it first.
            translate("RooflineModel", "measured, doubtful")
            if doubts
            else translate("RooflineModel", "measured")
        )
        if m.flops > 0
        else translate("RooflineModel", "measured, no FLOPs"),  # the tooltip: off the chart
        format_duration(m.seconds),
    ]
    return (spec if m.flops > 0 else None), (key, cells, readout)


def point_label(cost: OpCost) -> str:
    """Short chart label: ``relu``, ``matmul 1,024``, ``bmm 32×2,048×128×2,048``."""
    sizes = list(cost.sizes.values())
    if cost.name in ("relu", "gelu", "dot", "add", "copy"):
        return cost.name
    if len(set(sizes)) == 1:
        return f"{cost.name} {sizes[0]:,}"
    return f"{cost.name} {'×'.join(f'{v:,}' for v in sizes)}"
