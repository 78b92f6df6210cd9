"""``napkinlab plan --published --group moe``: the published mixture-of-experts runs as their own
group, run by run (the prediction, or why the plan refuses it) and, once their figures are in the
resource, the MAPE per source, hardware generation, precision and group."""

from __future__ import annotations

import argparse
import csv
import io
from collections.abc import Callable
from contextlib import nullcontext
from typing import Any

from app.cli.output import print_json, unfit_mark

__all__ = ["moe_checks_csv", "published_moe"]

#: ``--csv``'s columns: keys of :meth:`core.plan.published_moe.MoeCheck.to_dict`.
CSV_COLUMNS: tuple[str, ...] = (
    "id", "group", "source", "section", "device", "gpus", "precision", "framework",
    "predicted_tokens_per_s_per_gpu", "published_tokens_per_s_per_gpu", "error",
    "predicted_model_tflops_per_gpu", "published_model_tflops_per_gpu", "tflops_error", "mfu",
    "layout", "fits", "refused", "published_as",
)  # fmt: skip


def moe_checks_csv(checks: list[Any]) -> str:
    """The checks as CSV text, one row per run."""
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for check in checks:
        row = check.to_dict()
        writer.writerow({key: row[key] for key in CSV_COLUMNS})
    return buf.getvalue()


def _num(value: float | None, fmt: str) -> str:
    return "" if value is None else format(value, fmt)


def _summaries(checks: list[Any], metric: str) -> dict[str, Any]:
    from core.plan.published_moe import moe_breakdowns, moe_summary

    errors = [e for c in checks if (e := (c.error if metric == "tokens" else c.tflops_error))
              is not None]  # fmt: skip
    total = moe_summary(errors)
    return {
        "summary": None if total is None else total.to_dict(),
        **{key: {name: s.to_dict() for name, s in group.items()}
           for key, group in moe_breakdowns(checks, metric).items()},
    }  # fmt: skip


def published_moe(args: argparse.Namespace, quiet: Callable[[], Any] = nullcontext) -> int:
    """Plan the MoE runs (on ``--device`` / ``--published DEVICE`` when given) and print them
    (``quiet``: the context the plan runs in, ``plan``'s silencing of third-party loggers)."""
    from app.cli.progress import TerminalProgress
    from core.errors import InputError
    from core.plan.published_moe import (
        CONVENTION,
        MOE_BREAKDOWNS,
        check_moe_runs,
        moe_breakdowns,
        moe_devices,
        moe_summary,
    )

    device = str(args.published).strip().lower()
    if args.device is not None:
        chosen = str(args.device).strip().lower()
        if device not in ("all", chosen):
            raise InputError(
                f"--published: {args.published!r} and --device {args.device!r} name two "
                "devices; allowed: one of them",
                field="published",
            )
        device = chosen
    have = moe_devices()
    if device != "all" and device not in have:
        raise InputError(
            f"--published: no published MoE run used {device!r}; runs exist for: all, "
            + ", ".join(have),
            field="published",
        )
    if args.write_residuals and device != "all":
        raise InputError(
            f"--write-residuals: the file holds every published MoE run, not only {device!r}'s; "
            "allowed: napkinlab plan --published --group moe --write-residuals",
            field="write_residuals",
        )
    with quiet(), TerminalProgress("plan --published --group moe") as progress:
        progress(0.0, "")
        checks = check_moe_runs(device=None if device == "all" else device, progress=progress)
    coverage = _interval_coverage(checks) if device == "all" else None
    if args.write_residuals:
        from core.plan.published_moe import load_moe_runs
        from core.plan.uncertainty import write_moe_residuals

        write_moe_residuals(checks, load_moe_runs())
    if args.csv:
        from app.cli.output import write_csv

        write_csv(args.csv, moe_checks_csv(checks))
    if args.json:
        print_json({
            "group": "moe",
            "device": None if device == "all" else device,
            "error": "predicted / published - 1 (> 0: the plan is optimistic)",
            "tflops_convention": CONVENTION,
            "tokens_per_s_per_gpu": _summaries(checks, "tokens"),
            "model_tflops_per_gpu": _summaries(checks, "tflops"),
            "runs": [c.to_dict() for c in checks],
            "interval_coverage": coverage,
        })  # fmt: skip
        return 0
    planned = sum(c.prediction.refused is None for c in checks)
    figures = sum(c.published is not None for c in checks)
    primary = sum(c.group == "primary" for c in checks)
    print(f"published MoE training runs: {len(checks)} ({primary} primary, "
          f"{len(checks) - primary} repeat); {planned} planned, {len(checks) - planned} refused; "
          f"{figures} with a published figure (error = predicted / published - 1; + is "
          "optimistic)")  # fmt: skip
    print(CONVENTION)
    width = max((len(c.run_id) for c in checks), default=3)
    print(f"{'run':<{width}}  {'group':<7} {'device':<9} {'GPUs':>5}  {'precision':<11} "
          f"{'tok/s/GPU':>10} {'published':>10} {'error':>7}  {'TFLOP/s':>7} {'published':>9} "
          f"{'error':>7}  layout planned, or why not")  # fmt: skip
    for c in checks:
        p = c.prediction
        tail = p.refused if p.refused else p.layout + unfit_mark(p.fits, p.memory_verdict)
        print(f"{c.run_id:<{width}}  {c.group:<7} {c.device:<9} {c.gpus:>5,}  {c.precision:<11} "
              f"{_num(p.tokens_per_s_per_gpu, ',.0f'):>10} {_num(c.published, ',.0f'):>10} "
              f"{_num(c.error, '+.1%'):>7}  {_num(c.predicted_tflops, ',.0f'):>7} "
              f"{_num(c.published_tflops, ',.0f'):>9} {_num(c.tflops_error, '+.1%'):>7}  {tail}")  # fmt: skip
    for metric, name in (("tokens", "tokens/s per GPU"), ("tflops", "model TFLOP/s per GPU")):
        errors = [e for c in checks
                  if (e := (c.error if metric == "tokens" else c.tflops_error)) is not None]  # fmt: skip
        total = moe_summary(errors)
        if total is None:
            print(f"{name}: no run has both a prediction and a published figure yet")
            continue
        print(f"{name}: MAPE {total.mape:.1%} over {total.runs} runs (median {total.median:.1%}, "
              f"{total.within_20} within ±20 %, worst {total.worst:+.1%}, signed mean "
              f"{total.signed:+.1%})")  # fmt: skip
        groups = moe_breakdowns(checks, metric)
        for key, heading, _attr in MOE_BREAKDOWNS:
            print(f" {heading}:")
            for label, s in groups[key].items():
                runs = "run" if s.runs == 1 else "runs"
                print(f"  {s.runs:>3} {runs:<4}  MAPE {s.mape:6.1%}  signed {s.signed:+6.1%}  "
                      f"{label}")  # fmt: skip
    if coverage is not None:
        print(f"likely intervals cover the published figure in {coverage:.1%} of the MoE runs "
              "(each run's interval from the other runs' errors, leave-one-out; target ≥ 80 %)")  # fmt: skip
    if args.write_residuals:
        print("errors of the MoE runs written to resources/plan_residuals.json")
    if args.csv:
        print(f"runs written to {args.csv}")
    return 0


def _interval_coverage(checks: list[Any]) -> float | None:
    """Leave-one-out coverage of the likely intervals over these MoE checks' errors, the dense
    runs' errors of the residual file pooling beside them (``None`` with no MoE error)."""
    from core.plan.published_moe import load_moe_runs
    from core.plan.uncertainty import leave_one_out, load_residuals, moe_residuals_from

    fresh = moe_residuals_from(checks, load_moe_runs())
    if not fresh:
        return None
    dense = [r for r in load_residuals() if r.model != "moe"]
    return leave_one_out(dense + fresh, model="moe")[0]
