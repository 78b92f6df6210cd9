"""The Plan tab's days rows in words: the chosen layout's training days, then what checkpoints
and failures add (:func:`core.plan.days.run_days` at its sourced defaults), and the total."""

from __future__ import annotations

from typing import Any

from core.errors import InputError
from core.units import format_bytes, format_duration
from widgets.i18n import localized, translate

__all__ = ["compact_training", "days_rows"]


def _days(seconds: float) -> str:
    return _whole(translate("PlanDays", "{days} days").format(days=f"{seconds / 86400:,.2f}"))


def _whole(text: str) -> str:
    """A figure and its unit on one line (``691 GB`` never split at the space)."""
    return text.replace(" ", "\u00a0")


def days_rows(
    res: Any | None, storage_bw: float | None = None, failure_rate: float | None = None
) -> tuple[str, list[tuple[str, str]]]:
    """The title and the rows (text, tooltip naming the source); no rows without tokens.
    ``storage_bw`` (bytes/s) and ``failure_rate`` (per GPU-day; 0: none) as ``napkinlab plan
    --checkpoint-bw/--failure-rate`` take them; ``None``: the sourced defaults."""
    title = translate("PlanDays", "Days with checkpoints and failures")
    if res is None or res.training is None:
        return title, []
    from core.plan.days import run_days

    try:
        days = run_days(res, storage_bw=storage_bw, failure_rate=failure_rate)
    except InputError as exc:
        return title, [(localized(str(exc)), "")]
    if days is None:
        return title, []
    t, c = days.time, days.checkpoint
    total = (
        translate("PlanDays", "= {days} in all").format(days=_days(t.total_s)),
        translate("PlanDays", "napkinlab plan --tokens T --json: days_breakdown, days_total"),
    )
    training = (
        translate("PlanDays", "Training: {days}").format(days=_days(t.train_s)),
        translate("PlanDays", "The plan's step time × the steps for the tokens"),
    )
    if not t.rate:
        none = translate("PlanDays", "+ No failures, so no checkpoints (failure rate 0)")
        return title, [
            training,
            (none, translate("PlanDays", "Failure rate 0: given (Run page).")),
            total,
        ]
    storage = (
        translate(
            "PlanDays",
            "Storage {bw}/s: Llama 3's 2 TB/s for 16,384 GPUs (arXiv:2407.21783), this job's "
            "share.",
        )
        if storage_bw is None
        else translate("PlanDays", "Storage {bw}/s: given (Run page).")
    ).format(bw=format_bytes(days.storage_bw, 3))
    rate_tip = (
        translate(
            "PlanDays",
            "Rate: Llama 3's 419 unexpected interruptions in 54 days on 16,384 H100 "
            "(arXiv:2407.21783, Table 5), {rate} per GPU-day.",
        )
        if failure_rate is None
        else translate("PlanDays", "Rate: {rate} per GPU-day, given (Run page).")
    ).format(rate=f"{t.rate:.2e}")
    rows = [
        training,
        (
            translate(
                "PlanDays",
                "+ Checkpoints: {days} ({count} saves of {size}, {save} each, every {interval}: "
                "Young/Daly)",
            ).format(
                days=_days(t.checkpoint_s),
                count=f"{t.checkpoints:,.0f}",
                size=_whole(format_bytes(c.bytes, 3)),
                save=_whole(localized(format_duration(t.save_s, 2))),
                interval=_whole(localized(format_duration(t.interval_s, 2))),
            ),
            translate(
                "PlanDays",
                "Interval: Young/Daly √(2 · save time · MTBF) (Young 1974; Daly 2006). Checkpoint: "
                "the model, recipe and optimizer state as DCP writes it, {rank} per rank.",
            ).format(rank=format_bytes(c.bytes_per_rank, 3))
            + " "
            + storage,
        ),
        (
            (
                translate(
                    "PlanDays",
                    "+ Failures: {days} ({count} restarts, one every {mtbf} at Llama 3's rate)",
                )
                if failure_rate is None
                else translate(
                    "PlanDays",
                    "+ Failures: {days} ({count} restarts, one every {mtbf} at the given rate)",
                )
            ).format(
                days=_days(t.failure_s),
                count=f"{t.failures:,.0f}",
                mtbf=_whole(localized(format_duration(t.mtbf_s, 2))),
            ),
            rate_tip
            + " "
            + translate(
                "PlanDays",
                "Each failure loses half an interval of work and a {restart} restart (Daly "
                "2006's example).",
            ).format(restart=localized(format_duration(t.restart_s, 2))),
        ),
        total,
    ]
    return title, rows


def compact_training(
    res: Any,
    rows: list[tuple[str, str]],
    storage_bw: float | None = None,
    failure_rate: float | None = None,
) -> tuple[str, str] | None:
    """A slide's line under the tokens: ``140.1 + 0.55 + 1.04 = 141.7 days, 3.444 M GPU-hours``
    (training, checkpoints, failures), the rows and their sources as its tooltip; ``None``
    without rows. ``storage_bw`` and ``failure_rate`` as :func:`days_rows` takes them."""
    if res is None or res.training is None or len(rows) < 3:
        return None
    from core.plan.days import run_days
    from core.units import format_count

    try:
        days = run_days(res, storage_bw=storage_bw, failure_rate=failure_rate)
    except InputError:
        return None
    if days is None:
        return None
    t = days.time
    text = translate(
        "PlanDays", "{train} + {ckpt} checkpoints + {fail} failures = {total} days, {hours} GPU-hours"
    ).format(
        train=f"{t.train_s / 86400:,.1f}", ckpt=f"{t.checkpoint_s / 86400:,.2f}",
        fail=f"{t.failure_s / 86400:,.2f}", total=f"{t.total_s / 86400:,.1f}",
        hours=_whole(format_count(res.training.gpu_hours)),
    )  # fmt: skip
    tip = "\n\n".join(f"{row}\n{why}" if why else row for row, why in rows)
    return text, tip
