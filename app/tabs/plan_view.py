"""What the Plan tab shows of a planned layout, in words and in the views' plain data.

Every figure is an attribute of a :class:`core.plan.PlanResult` (or of its ``to_dict()``); this
module only words it (headline, sentence, legend texts), hands it to the views (chart points, bar
segments), writes it (CSV) and names it for the other tabs (the Step tab's inputs for the traced
layer, the Napkin tab's training-time card).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.plan.result import BREAKDOWN
from core.plan.words import percent
from core.units import format_bytes, format_count, format_duration
from widgets.i18n import localized, translate
from widgets.plan import Point, Segment, Series
from widgets.plan.names import MEMORY_KEYS, moment_name, stage_name

__all__ = [
    "chart_series",
    "cluster_name",
    "headline",
    "kept_line",
    "layout_line",
    "likely",
    "memory_segments",
    "napkin_inputs",
    "peak_dtype",
    "sentence",
    "span",
    "step_difference",
    "step_inputs",
    "time_segments",
    "training_text",
]


def cluster_name(inp: Any) -> str:
    """``1,024 × NVIDIA H100 SXM5 80GB`` (the chart's legend, plan A's name)."""
    return translate("PlanTab", "{gpus} × {device}").format(
        gpus=f"{inp.cluster.gpus:,}", device=inp.cluster.device.name
    )


def chart_series(results: Sequence[Any], name: str) -> Series:
    """The chart's points of ``results`` (memory per GPU, tokens/s per GPU, fits, hover text)."""
    points = tuple(
        Point(
            r.memory.peak,
            r.tokens_per_s_per_gpu,
            r.fits,
            f"{localized(r.layout.label())}\n{localized(r.summary())}",
        )
        for r in results
    )
    capacity = results[0].capacity if results else 0.0
    text = translate("PlanTab", "capacity {capacity}").format(capacity=format_bytes(capacity, 3))
    return Series(name, points, capacity, text)


def time_segments(res: Any) -> list[Segment]:
    """The step time's parts (:data:`core.plan.BREAKDOWN` order) with their time and share."""
    return [
        Segment(key, res.breakdown.get(key, 0.0),
                f"{localized(format_duration(res.breakdown.get(key, 0.0), 3))} ({percent(res.share(key))})")
        for key in BREAKDOWN
    ]  # fmt: skip


def memory_segments(res: Any) -> list[Segment]:
    """The busiest GPU's memory by category (the peak is their sum)."""
    memory = res.memory.to_dict()
    return [Segment(key, memory.get(key, 0.0), format_bytes(memory.get(key, 0.0), 3))
            for key in MEMORY_KEYS]  # fmt: skip


def time_title(res: Any) -> str:
    """The time bar's title."""
    return translate("PlanTab", "Step time {step}, micro-batches per step: {m}").format(
        step=localized(format_duration(res.step_time_s)), m=f"{res.micro_batches:,}"
    )


def memory_title(res: Any) -> str:
    """The memory bar's title: peak against capacity (3 significant digits, as the table's memory
    cells: a capacity such as 85.52 GB would crowd the legend's row), where and when."""
    return translate("PlanTab", "Memory per GPU {peak} of {capacity} ({stage}, {moment})").format(
        peak=format_bytes(res.memory.peak, 3), capacity=format_bytes(res.capacity, 3),
        stage=stage_name(res.memory.stage), moment=moment_name(res.memory.moment),
    )  # fmt: skip


def likely(res: Any) -> Any | None:
    """The plan's likely ranges (:func:`core.plan.uncertainty.uncertainty`), ``None`` when the
    published runs' errors cannot be read (the headline then shows the figures alone)."""
    from core.plan.uncertainty import uncertainty

    try:
        return uncertainty(res)
    except (OSError, ValueError, KeyError):
        return None


def span(low: str, high: str) -> str:
    """``130 days`` and ``165 days`` -> ``130–165 days`` (both ends as they are when their units
    differ: ``20 h – 2.1 days``)."""
    a, _, unit_a = low.partition(" ")
    b, _, unit_b = high.partition(" ")
    if unit_a and unit_a == unit_b:
        return f"{a}–{b} {unit_a}"
    return f"{low} – {high}"


def _bare(range_text: str, point: str) -> str:
    """``135–189 days`` beside ``140.3 days`` -> ``135–189`` (the unit said once)."""
    unit = point.partition(" ")[2]
    if unit and range_text.endswith(" " + unit) and "–" in range_text.partition(" ")[0]:
        return range_text[: -len(unit) - 1]
    return range_text


def _duration_span(low: float, high: float) -> str:
    return span(localized(format_duration(low, 3)), localized(format_duration(high, 3)))


def _percent_span(low: float, high: float) -> str:
    return f"{low * 100:.1f}–{high * 100:.1f}%"


def headline(res: Any, unc: Any | None = None) -> str:
    """The answer in a few words: MFU, and the days of the run when tokens are given, each with
    its likely range when ``unc`` (:func:`likely`) is given."""
    training = res.training
    if unc is not None and training is not None and unc.days is not None:
        # The MFU's range is on the figures line: the headline stays one line on a slide.
        days = localized(format_duration(training.seconds))
        return translate("PlanTab", "MFU {mfu}  ·  {days}, likely {range}").format(
            mfu=f"{res.mfu:.1%}", days=days,
            range=_bare(_duration_span(unc.days[0] * 86400, unc.days[1] * 86400), days),
        )  # fmt: skip
    if unc is not None:
        return translate("PlanTab", "MFU {mfu}  ·  {tokens} tokens/s, likely {range}").format(
            mfu=f"{res.mfu:.1%}", tokens=format_count(res.tokens_per_s),
            range=span(format_count(unc.tokens_per_s[0]), format_count(unc.tokens_per_s[1])),
        )  # fmt: skip
    if training is None:
        return translate("PlanTab", "MFU {mfu}  ·  {tokens} tokens/s").format(
            mfu=f"{res.mfu:.1%}", tokens=format_count(res.tokens_per_s)
        )
    return translate("PlanTab", "MFU {mfu}  ·  {days}").format(
        mfu=f"{res.mfu:.1%}", days=localized(format_duration(training.seconds))
    )


def training_text(res: Any | None) -> str:
    """The days and GPU-hours of the whole run at the chosen layout's speed."""
    if res is None:
        return translate("PlanTab", "Plan to see the days and GPU-hours")
    training = res.training
    if training is None:
        return translate("PlanTab", "Give the tokens to see the days and GPU-hours")
    return translate("PlanTab", "{days}, {hours} GPU-hours").format(
        days=localized(format_duration(training.seconds)),
        hours=format_count(training.gpu_hours),
    )


def kept_line(stats: dict[str, Any], searched: str, fit: int, brief: bool = False) -> str:
    """What a search looked at and what it kept: "15,580 layouts searched, 9,562 fit; 260 kept:
    the 200 fastest that fit, and the 60 fastest with full recomputation", so the layout line's
    "of 260" reads against it; ``brief``: only what was searched and what fit (a slide, where
    the layout line already says how many were kept)."""
    line = translate("PlanTab", "{n} layouts searched, {fit} fit").format(
        n=searched, fit=f"{stats.get('fit', fit):,}"
    )
    kept, top = stats.get("kept"), stats.get("top")
    if brief or kept is None or top is None:
        return line
    fastest = translate("PlanTab", "{kept} kept: the {top} fastest that fit").format(
        kept=f"{kept:,}", top=f"{min(top, stats.get('fit', fit)):,}"
    )
    modes = {
        "none": translate("PlanTab", ", and the {n} fastest without recomputation"),
        "full": translate("PlanTab", ", and the {n} fastest with full recomputation"),
        "selective": translate("PlanTab", ", and the {n} fastest with selective recomputation"),
    }
    for mode, n in stats.get("added", {}).items():
        fastest += modes.get(mode, modes["full"]).format(n=f"{n:,}")
    return translate("PlanTab", "{searched}; {kept}").format(searched=line, kept=fastest)


def layout_line(res: Any, rank: int, count: int) -> str:
    """Which layout is shown: its rank among the candidates kept that fit (see
    :func:`kept_line`), or that it does not fit."""
    if res.fits:
        return translate("PlanTab", "Layout {rank} of {count} kept: {layout}").format(
            rank=f"{rank:,}", count=f"{count:,}", layout=localized(res.layout.label())
        )
    return translate("PlanTab", "Does not fit: {layout}").format(
        layout=localized(res.layout.label())
    )


def figures(res: Any, unc: Any | None = None) -> str:
    """The layout's other figures: step, tokens/s (each with its likely range when ``unc`` is
    given), HFU, TFLOP/s per GPU, GPU-hours."""
    if unc is not None:
        text = translate(
            "PlanTab", "Step {step} (likely {step_range})  ·  {tokens} tokens/s (likely "
            "{tokens_range})  ·  MFU likely {mfu_range}  ·  HFU {hfu}  ·  {tflops} TFLOP/s per GPU",
        ).format(
            mfu_range=_percent_span(*unc.mfu),
            step=localized(format_duration(res.step_time_s)),
            step_range=_duration_span(*unc.step_time_s),
            tokens=format_count(res.tokens_per_s),
            tokens_range=span(format_count(unc.tokens_per_s[0]), format_count(unc.tokens_per_s[1])),
            hfu=f"{res.hfu:.1%}", tflops=f"{res.tflops_per_gpu:.0f}",
        )  # fmt: skip
    else:
        text = translate(
            "PlanTab", "Step {step}  ·  {tokens} tokens/s  ·  HFU {hfu}  ·  {tflops} TFLOP/s per GPU"
        ).format(
            step=localized(format_duration(res.step_time_s)), tokens=format_count(res.tokens_per_s),
            hfu=f"{res.hfu:.1%}", tflops=f"{res.tflops_per_gpu:.0f}",
        )  # fmt: skip
    training = res.training
    if training is not None:
        text += translate("PlanTab", "  ·  {hours} GPU-hours for {tokens} tokens").format(
            hours=format_count(training.gpu_hours), tokens=format_count(training.tokens)
        )
    return text


def sentence(res: Any, change: str | None) -> str:
    """What limits the layout and the change that helps it most (re-planned by the core)."""
    if not res.fits:
        why = localized(res.reason) if res.reason is not None else localized(res.limits)
        if change:
            return translate("PlanTab", "It does not fit ({why}); the change that helps most: "
                             "{change}.").format(why=why, change=change)  # fmt: skip
        return translate("PlanTab", "It does not fit ({why}).").format(why=why)
    limits = localized(res.limits)
    if change:
        return translate("PlanTab", "Limited by {limits}; the change that helps most: "
                         "{change}.").format(limits=limits, change=change)  # fmt: skip
    return translate("PlanTab", "Limited by {limits}; no single change makes it faster and "
                     "still fits.").format(limits=limits)  # fmt: skip


def _recompute_to_checkpoint(mode: str) -> str:
    """The Step tab's checkpointing closest to a recomputation mode (selective: none, the Step
    trace keeps the attention core either way with flash attention)."""
    return {"full": "every"}.get(mode, "none")


def step_inputs(res: Any) -> dict[str, Any]:
    """The Step tab's inputs for the layer the plan traced: one layer of the model's full width,
    a micro-batch of sequences (the Step tab's session keys)."""
    spec, inp = res.inp.model, res.inp
    model = (
        f"transformer:d={spec.d_model},layers=1,heads={spec.heads},kv_heads={spec.kv_heads},"
        f"ffn={spec.ffn},vocab={spec.vocab},gated={str(spec.gated).lower()},"
        f"tied={str(spec.tied).lower()},norm={spec.norm},seq={inp.seq}"
    )
    return {
        "model": model,
        "config": "",
        "batch": str(res.layout.micro_batch),
        "seq": str(inp.seq),
        "recipe": inp.recipe.id,
        "optimizer": inp.optimizer.id,
        "checkpoint": _recompute_to_checkpoint(res.layout.recompute),
        "gpus": 1,
    }


def peak_dtype(res: Any) -> str:
    """The dtype whose dense peak the plan's MFU is against (fp8 GEMMs: the fp8 peak), so the
    Napkin tab's days at the sent MFU are the plan's."""
    device = res.inp.cluster.device
    for dtype in (res.inp.gemm_dtype, res.inp.compute_dtype):
        if device.supports(dtype) and device.peak(dtype) == res.peak_flops:
            return dtype
    return res.inp.compute_dtype


def napkin_inputs(res: Any, unc: Any | None = None) -> dict[str, Any]:
    """The Napkin tab's training-time card at the plan's speed: N, D, the GPUs and the MFU in
    the card's own ``6·N·D`` convention (:func:`core.plan.questions.six_n_mfu`), so the card's
    days are the plan's; and under ``plan`` the figures the Napkin cards name beside it (the
    headline's MFU with attention, the layout, its exposed communication, the likely days:
    :class:`core.napkin.from_plan.PlanFigures`)."""
    from core.napkin.from_plan import PlanFigures
    from core.plan.questions import six_n_mfu

    inp = res.inp
    mfu_6n = f"{six_n_mfu(res):.6f}"
    out: dict[str, Any] = {
        "params": str(inp.model.param_count),
        "gpus": str(inp.cluster.gpus),
        "mfu": mfu_6n,
    }
    if inp.tokens is not None:
        out["tokens"] = f"{inp.tokens:g}"
        comm = sum(res.breakdown.get(k, 0.0) for k in ("tp_comm", "cp_comm", "pp_comm", "dp_comm"))
        days = unc.days if unc is not None else None
        out["plan"] = PlanFigures(
            layout=localized(res.layout.label()), device=inp.cluster.device.id,
            dtype=peak_dtype(res), params=float(inp.model.param_count), tokens=float(inp.tokens),
            gpus=inp.cluster.gpus, mfu=res.mfu, mfu_6n=float(mfu_6n),
            tokens_per_s=res.tokens_per_s, step_time_s=res.step_time_s, comm_s=comm,
            days_low=days[0] if days else None, days_high=days[1] if days else None,
        ).to_dict()  # fmt: skip
    return out


def step_difference(res: Any) -> str:
    """Why the Step tab's figures differ from the plan's: one unsharded layer on one GPU."""
    return translate(
        "PlanTab",
        "Sent to Step: one {width}-wide layer and one micro-batch on one GPU, unsharded (no TP, "
        "PP, CP or DP, no communication, no bubble, no embedding or LM head). Its MFU is that "
        "layer's own, in the Step tab's convention, so it differs from the plan's {mfu}.",
    ).format(width=f"{res.inp.model.d_model:,}", mfu=f"{res.mfu:.1%}")
