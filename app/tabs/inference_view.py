"""What the Inference tab shows, as plain data: the model and calibration it serves, the batches
it sweeps, the roofline's roofs and points, the headline figures, the memory bar's parts and the
"what to change" lines.

Every number comes from :mod:`core.inference`; this module turns results into texts and the
specs the views draw (:mod:`widgets.roofline.plot`, :mod:`widgets.inference`). No widgets.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from core.errors import InputError
from core.inference.changes import Change
from core.inference.serve import MAX_BATCH, InferenceResult
from core.roofline.bounds import ridge, roof_polyline
from core.roofline.hardware import Device
from core.units import format_bytes, format_duration, format_flop_rate, format_number
from widgets.i18n import localized, translate
from widgets.inference.curves import CurveData
from widgets.roofline.plot import PointSpec, RoofSpec

__all__ = [
    "OTHER_DEVICES",
    "batch_grid",
    "calibrate",
    "change_lines",
    "curve_data",
    "figures",
    "headline",
    "memory_parts",
    "points",
    "rate",
    "roofs",
    "spec_of",
    "trail",
    "view_range",
]

#: The devices "what to change" offers besides the selected one (the serving benchmarks' GPUs).
OTHER_DEVICES: tuple[str, ...] = ("h100-sxm", "h200", "b200", "mi300x")
#: Batches swept one by one before the grid turns geometric.
_DENSE = 64
#: Steps per doubling beyond :data:`_DENSE`.
_PER_DOUBLING = 16


def calibrate(device: Device) -> tuple[Any, list[str]]:
    """The device's calibration as the Plan and ``napkinlab inference`` take it (measured here,
    the person's overrides, built-in), and a problem reading the overrides, if any."""
    from core.plan.model import measured_device
    from core.roofline.achievable import calibration, read_overrides

    overrides, problem = read_overrides()
    cal = calibration(device, measured=measured_device(device.id), overrides=overrides)
    return cal, [problem] if problem else []


def spec_of(text: str, config: str) -> tuple[Any, list[str]]:
    """The model the box names (a preset, ``transformer:…``, dimensions, a cached hub id or a
    ``config.json``) and notes on reading it; :class:`InputError` when it names no transformer."""
    from core.memory.models import TransformerSpec, parse_model
    from core.step.hf import load_config, resolve_model_source
    from widgets.plan.inputs import model_source

    source = model_source(text, config)
    if source["config"]:
        spec, notes = load_config(str(source["config"]))
        return spec, list(notes)
    if source["dims"]:
        from core.plan.options import parse_dims

        return parse_dims(str(source["dims"])), []
    name = str(source["model"] or "").strip()
    hub = resolve_model_source(name)
    if hub:
        spec, notes = load_config(hub[0], hub[1])
        return spec, list(notes)
    spec = parse_model(name)
    if not isinstance(spec, TransformerSpec):
        raise InputError(
            translate("InferenceView", "model: serving needs a transformer; allowed: a preset, "
                      "transformer:…, layers=…,hidden=…,heads=… or a config file"),
            field="model",
        )  # fmt: skip
    return spec, []


def batch_grid(most: int, chosen: int = 1) -> list[int]:
    """The batches the curves and the slider cover: every one up to 64, then 16 per doubling,
    up to twice the largest that fits (at least 64; 256 when none fits), with the largest that
    fits, the one after it and ``chosen``."""
    top = min(MAX_BATCH, max(2 * most, _DENSE if most else 256, chosen))
    out = set(range(1, min(top, _DENSE) + 1))
    b = float(_DENSE)
    while b < top:
        b *= 2 ** (1 / _PER_DOUBLING)
        out.add(min(top, round(b)))
    out.update(x for x in (most, most + 1, chosen) if 1 <= x <= MAX_BATCH)
    return sorted(out)


def rate(value: float) -> str:
    """Tokens/s as people read them: whole with thousands separators from 100 up (``53,240``,
    not ``5.324e4``), four significant digits below."""
    return f"{value:,.0f}" if math.isfinite(value) and value >= 100 else format_number(value)


def _achieved(point: Any) -> float:
    return point.flops / point.seconds if point.seconds > 0 else 0.0


def roofs(result: InferenceResult) -> tuple[list[RoofSpec], list[tuple[str, int]]]:
    """The calibrated roof the points sit under (solid, emphasised) and the device's datasheet
    roof of the GEMMs' dtype (dashed), each with its ridge marked and named as such: the
    achievable ridge (H100 bf16: ~219 FLOP/byte) is not the lecture's datasheet one (989.5
    TFLOP/s ÷ 3.35 TB/s ≈ 295, as the Roofline tab shows it), and the legend."""
    device, point = result.input.device, result.decode
    dtype = point.dtype
    name = localized(device.name)
    readout = translate(
        "InferenceView", "{roof}: peak {peak}, bandwidth {bandwidth}/s, ridge {ridge} FLOP/byte"
    )
    out: list[RoofSpec] = []
    # The achievable roof first: its ridge's label is placed first (the other may find no room).
    # Each ridge's name over its value: both fit beside their lines, a few pixels apart (on a
    # narrow slide without the unit).
    pairs = (
        ("achievable", point.peak, point.bandwidth, "solid",
         translate("InferenceView", "{dtype} achievable").format(dtype=dtype),
         translate("InferenceView", "achievable ridge\n{ridge} FLOP/B"),
         translate("InferenceView", "achievable\nridge {ridge}")),
        ("datasheet", device.peak(dtype), device.bandwidth(), "dash",
         translate("InferenceView", "{dtype} datasheet").format(dtype=dtype),
         translate("InferenceView", "datasheet ridge\n{ridge} FLOP/B"),
         translate("InferenceView", "datasheet\nridge {ridge}")),
    )  # fmt: skip
    for key, peak, bandwidth, style, label, ridge_text, ridge_short in pairs:
        xs, ys = roof_polyline(peak, bandwidth, 1e-4, 1e7)
        knee = ridge(peak, bandwidth)
        achievable = key == "achievable"
        out.append(
            RoofSpec(
                key=key, xs=tuple(xs), ys=tuple(ys), ridge=(knee, peak), colour=0,
                label=f"{label} {format_flop_rate(peak, 4)}",
                ridge_text=ridge_text.format(ridge=f"{knee:.0f}"),
                ridge_short=(ridge_short.format(ridge=f"{knee:.0f}"),),
                readout=readout.format(roof=label, peak=format_flop_rate(peak),
                                       bandwidth=format_bytes(bandwidth), ridge=f"{knee:.4g}"),
                style=style, emphasis=achievable,
                short_labels=(f"{label} {format_flop_rate(peak, 3)}", label),
            )
        )  # fmt: skip
    return out, [(name, 0)]


def points(result: InferenceResult) -> list[PointSpec]:
    """The prefill and the decode step at their intensity and the FLOP/s they achieve."""
    inp = result.input
    readout = translate(
        "InferenceView",
        "{phase}: {flops_rate} achieved at {intensity} FLOP/byte, {bound}-bound; {time}",
    )
    out = []
    for key, point, label in (
        ("prefill", result.prefill, translate("InferenceView", "prefill {batch}×{prompt}").format(
            batch=f"{result.batch:,}", prompt=f"{inp.prompt:,}")),
        ("decode", result.decode, translate("InferenceView", "decode, batch {batch}").format(
            batch=f"{result.batch:,}")),
    ):  # fmt: skip
        bound = (translate("InferenceView", "compute") if point.bound == "compute"
                 else translate("InferenceView", "memory"))  # fmt: skip
        out.append(
            PointSpec(
                key=key, x=point.intensity, y=_achieved(point), label=label,
                readout=readout.format(phase=label, flops_rate=format_flop_rate(_achieved(point)),
                                       intensity=format_number(point.intensity), bound=bound,
                                       time=format_duration(point.seconds)),
            )
        )  # fmt: skip
    return out


def trail(results: Sequence[InferenceResult]) -> tuple[list[float], list[float]]:
    """The decode step's path on the roofline as the batch grows (intensity, FLOP/s)."""
    xs = [r.decode.intensity for r in results]
    ys = [_achieved(r.decode) for r in results]
    return xs, ys


def view_range(
    results: Sequence[InferenceResult], roof_specs: Sequence[RoofSpec]
) -> tuple[tuple[float, float], tuple[float, float]]:
    """The roofline's range in log10 units: every batch's decode and prefill and the roofs'
    knees, with a margin, at least 4 decades of intensity and 3.5 of FLOP/s (a narrower log
    axis labels its minor ticks: "9·10¹⁵ 8·10¹⁵ …")."""
    xs = [math.log10(r.decode.intensity) for r in results if r.decode.intensity > 0]
    xs += [math.log10(r.prefill.intensity) for r in results if r.prefill.intensity > 0]
    ys = [math.log10(_achieved(r.decode)) for r in results if _achieved(r.decode) > 0]
    ys += [math.log10(_achieved(r.prefill)) for r in results if _achieved(r.prefill) > 0]
    xs += [math.log10(r.ridge[0]) for r in roof_specs]
    ys += [math.log10(r.ridge[1]) for r in roof_specs]
    x0, x1 = min(xs) - 0.4, max(xs) + 1.0
    y0, y1 = min(ys) - 0.4, max(ys) + 0.35
    if x1 - x0 < 4.0:
        x1 = x0 + 4.0
    if y1 - y0 < 3.5:
        y0 = y1 - 3.5
    return (x0, x1), (y0, y1)


def curve_data(results: Sequence[InferenceResult], most: int) -> CurveData:
    """The curves against the batch."""
    return CurveData(
        tuple(r.batch for r in results), tuple(r.ttft_s for r in results),
        tuple(r.tpot_s for r in results), tuple(r.tokens_per_s_per_gpu for r in results), most,
    )  # fmt: skip


def headline(result: InferenceResult) -> list[tuple[str, str, str]]:
    """(key, name, value) of each headline figure."""
    fits = (translate("InferenceView", "yes") if result.fits
            else translate("InferenceView", "no"))  # fmt: skip
    return [
        ("ttft", translate("InferenceView", "TTFT"), format_duration(result.ttft_s)),
        ("tpot", translate("InferenceView", "TPOT"), format_duration(result.tpot_s)),
        ("output", translate("InferenceView", "output tokens/s"),
         rate(result.output_tokens_per_s)),
        ("per_gpu", translate("InferenceView", "tokens/s per GPU"),
         rate(result.tokens_per_s_per_gpu)),
        ("max_batch", translate("InferenceView", "largest batch"), f"{result.max_batch:,}"),
        ("fits", translate("InferenceView", "fits"), fits),
    ]  # fmt: skip


def memory_parts(result: InferenceResult) -> tuple[str, dict[str, float], dict[str, str], float]:
    """The memory bar's title, parts in bytes (free last), their texts and the capacity."""
    mem = result.memory
    parts = {"weights": mem.weights, "kv_cache": mem.kv_cache, "activations": mem.activations,
             "allowance": mem.allowance, "free": max(0.0, mem.capacity - mem.peak)}  # fmt: skip
    texts = {key: format_bytes(value, 3) for key, value in parts.items()}
    title = translate("InferenceView", "Memory per GPU, batch {batch} (of {capacity})").format(
        batch=f"{result.batch:,}", capacity=format_bytes(mem.capacity, 3)
    )
    return title, parts, texts, mem.capacity


def change_lines(changes: Sequence[Change], short: bool = False) -> list[str]:
    """One line per change: what it is, tokens/s per GPU before → after, the largest batch
    (``short``: the change and its gain only, for a slide)."""
    line = translate(
        "InferenceView", "{change}: {before} → {after} tokens/s per GPU (×{gain}), largest batch "
        "{most_before} → {most_after}",
    )  # fmt: skip
    if short:
        line = translate("InferenceView", "{change}: ×{gain} tokens/s per GPU")
    out = []
    for c in changes:
        gain = c.gain
        out.append(
            line.format(
                change=localized(c.text), before=rate(c.before.tokens_per_s_per_gpu),
                after=rate(c.after.tokens_per_s_per_gpu),
                gain=f"{gain:.2f}" if math.isfinite(gain) else "—",
                most_before=f"{c.before.max_batch:,}", most_after=f"{c.after.max_batch:,}",
            )
        )  # fmt: skip
    return out


def figures(
    result: InferenceResult, results: Sequence[InferenceResult], changes: Sequence[Change]
) -> dict[str, Any]:
    """The JSON export: ``napkinlab inference --json``'s figures for the batch shown, the curves
    against the batch, and what to change."""
    out = result.to_dict()
    out["curves"] = [
        {"batch": r.batch, "ttft_s": r.ttft_s, "tpot_s": r.tpot_s,
         "output_tokens_per_s": r.output_tokens_per_s,
         "tokens_per_s_per_gpu": r.tokens_per_s_per_gpu, "fits": r.fits,
         "decode_intensity": r.decode.intensity}
        for r in results
    ]  # fmt: skip
    out["what_to_change"] = [c.to_dict() for c in changes]
    return out
