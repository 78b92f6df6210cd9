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
    "memory_segments",
    "napkin_inputs",
    "sentence",
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
    return [Segment(key, memory[key], format_bytes(memory[key], 3)) for key in MEMORY_KEYS]


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


def headline(res: Any) -> str:
    """The answer in a few words: MFU, and the days of the run when tokens are given."""
    training = res.training
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


def kept_line(stats: dict[str, Any], searched: str, fit: int) -> str:
    """What a search looked at and what it kept: "15,580 layouts searched, 9,562 fit; 260 kept:
    the 200 fastest that fit, and the 60 fastest with full recomputation", so the layout line's
    "of 260" reads against it."""
    line = translate("PlanTab", "{n} layouts searched, {fit} fit").format(
        n=searched, fit=f"{stats.get('fit', fit):,}"
    )
    kept, top = stats.get("kept"), stats.get("top")
    if kept is None or top is None:
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


def figures(res: Any) -> str:
    """The layout's other figures: step, tokens/s, HFU, TFLOP/s per GPU, GPU-hours."""
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


def napkin_inputs(res: Any) -> dict[str, Any]:
    """The Napkin tab's training-time card at the plan's speed: N, D, the GPUs and the MFU in
    the card's own ``6·N·D`` convention (:func:`core.plan.questions.six_n_mfu`), so the card's
    days are the plan's."""
    from core.plan.questions import six_n_mfu

    inp = res.inp
    out: dict[str, Any] = {
        "params": str(inp.model.param_count),
        "gpus": str(inp.cluster.gpus),
        "mfu": f"{six_n_mfu(res):.6f}",
    }
    if inp.tokens is not None:
        out["tokens"] = f"{inp.tokens:g}"
    return out
