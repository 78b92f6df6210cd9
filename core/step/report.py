"""The step as plain data: the JSON the CLI prints, the CSV of the op table, the top ops."""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Sequence
from typing import Any

from core.step.predict import ASSUMPTION, Prediction, by_module, explain, rollup
from core.step.trace import TABLE_ROWS, StepTrace

__all__ = ["CSV_COLUMNS", "op_rows", "ops_csv", "roofline_points", "step_report", "top_ops"]

CSV_COLUMNS: tuple[str, ...] = (
    "index", "phase", "module", "kind", "name", "dtype", "flops", "bytes_read", "bytes_written",
    "intensity", "predicted_s", "measured_s", "shapes", "problem",
)  # fmt: skip


def op_rows(
    trace: StepTrace, pred: Prediction, measured: Sequence[float] | None = None
) -> list[dict[str, Any]]:
    """One dict per op with the JSON keys (``measured_s`` only when measured)."""
    rows = []
    for i, op in enumerate(trace.ops):
        row: dict[str, Any] = {
            "index": op.index,
            "phase": op.phase,
            "module": op.module,
            "kind": op.kind,
            "name": op.name,
            "dtype": op.dtype,
            "flops": op.flops,
            "bytes_read": op.bytes_read,
            "bytes_written": op.bytes_written,
            "intensity": op.intensity,
            "predicted_s": pred.seconds[i],
            "shapes": op.shapes,
        }
        if measured is not None:
            row["measured_s"] = measured[i]
        if op.problem:
            row["problem"] = op.problem
        rows.append(row)
    return rows


def top_ops(pred: Prediction, n: int) -> list[int]:
    """Indices of the ``n`` ops with the longest predicted time, longest first."""
    order = sorted(range(len(pred.seconds)), key=lambda i: -pred.seconds[i])
    return order[: max(0, n)]


def ops_csv(trace: StepTrace, pred: Prediction, measured: Sequence[float] | None = None) -> str:
    """The op table as CSV text (:data:`CSV_COLUMNS`)."""
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=CSV_COLUMNS, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    for row in op_rows(trace, pred, measured):
        writer.writerow(row)
    return buf.getvalue()


def _nan_sum(values: Sequence[float]) -> float:
    return float(sum(v for v in values if not math.isnan(v)))


def step_report(
    trace: StepTrace,
    pred: Prediction,
    *,
    measured: Sequence[float] | None = None,
    top: int = 10,
    depth: int = 2,
) -> dict[str, Any]:
    """Everything the CLI's ``--json`` holds."""
    fwd = rollup(trace.ops, pred.seconds, "phase", measured)
    out: dict[str, Any] = {
        "source": trace.source,
        **{row: dict(trace.table[row]) for row in TABLE_ROWS},
        "tokens": trace.tokens,
        "device": pred.device_id,
        "ceiling": pred.ceiling,
        "compute_dtype": pred.compute_dtype,
        "step_time_s": pred.step_time_s,
        "mfu": pred.mfu,
        "assumption": ASSUMPTION,
        "explanation": explain(trace, pred),
        "model_flops": trace.model_flops,
        "total_flops": trace.total_flops,
        "flop_counter_flops": trace.counter_flops,
        "backward_forward_flops": (
            fwd["backward"]["flops"] / fwd["forward"]["flops"] if fwd["forward"]["flops"] else 0.0
        ),
        "totals": {
            "phase": fwd,
            "kind": rollup(trace.ops, pred.seconds, "kind", measured),
            "module": by_module(trace.ops, pred.seconds, depth),
        },
        "top_ops": top_ops(pred, top),
        "trace_seconds": trace.seconds,
        "peak_bytes": trace.peak_bytes,
        "peak_phase": trace.peak_phase,
        "notes": list(trace.notes),
        "ops": op_rows(trace, pred, measured),
    }
    if measured is not None:
        out["measured_s"] = _nan_sum(measured)
    return out


def roofline_points(trace: StepTrace, pred: Prediction) -> list[dict[str, Any]]:
    """One Roofline-tab point per op kind that does arithmetic: the kind's summed FLOPs and bytes
    (so its intensity), labelled with its share of the predicted step time."""
    points = []
    for kind, row in rollup(trace.ops, pred.seconds, "kind").items():
        nbytes = row["bytes_read"] + row["bytes_written"]
        if row["flops"] <= 0 or nbytes <= 0:
            continue
        points.append({
            "label": f"step {kind} ({pred.share(row['predicted_s']):.0%} of the time)",
            "flops": row["flops"],
            "bytes": nbytes,
            "dtype": pred.compute_dtype,
            "source": "Step",
        })  # fmt: skip
    return points
