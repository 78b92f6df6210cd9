"""The step as plain data: the JSON the CLI prints, the CSV of the op table, the top ops, the
points sent to the Roofline tab, and the communication row of a data-parallel step."""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Sequence
from typing import Any

from core.roofline.utilization import HFU_DEFINITION, MFU_DEFINITION
from core.step.comm import KIND as COMM_KIND
from core.step.comm import StepComm
from core.step.kernels import device_op_name
from core.step.moe import moe_totals
from core.step.predict import COUNTING, Prediction, by_module, explain, rollup
from core.step.trace import TABLE_ROWS, StepTrace
from core.texts import translate

__all__ = [
    "CSV_COLUMNS",
    "comm_row",
    "kind_totals",
    "op_rows",
    "ops_csv",
    "roofline_points",
    "step_report",
    "summary_table",
    "top_ops",
]

CSV_COLUMNS: tuple[str, ...] = (
    "index", "phase", "module", "kind", "name", "dtype", "flops", "bytes_read", "bytes_written",
    "intensity", "predicted_s", "measured_s", "shapes", "recompute", "problem",
)  # fmt: skip


def op_rows(
    trace: StepTrace, pred: Prediction, measured: Sequence[float] | None = None
) -> list[dict[str, Any]]:
    """One dict per op with the JSON keys (``measured_s`` only when measured): ``name`` is the
    traced aten op, ``device_op`` the op that runs on the predicted device in its place (a CUDA
    device runs no ``…_for_cpu`` kernel)."""
    rows = []
    for i, op in enumerate(trace.ops):
        row: dict[str, Any] = {
            "index": op.index,
            "phase": op.phase,
            "module": op.module,
            "kind": op.kind,
            "name": op.name,
            "device_op": device_op_name(op.name, pred.kernels, op.dtype),
            "dtype": op.dtype,
            "flops": op.flops,
            "bytes_read": op.bytes_read,
            "bytes_written": op.bytes_written,
            "intensity": op.intensity,
            "predicted_s": pred.seconds[i],
            "shapes": op.shapes,
            "recompute": op.recompute,
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
    comm: StepComm | None = None,
) -> dict[str, Any]:
    """Everything the CLI's ``--json`` holds; with ``comm`` (``pred`` then includes it, see
    :func:`core.step.comm.with_comm`) a ``communication`` object and kind row."""
    fwd = rollup(trace.ops, pred.seconds, "phase", measured)
    out: dict[str, Any] = {
        "source": trace.source,
        **{row: dict(trace.table[row]) for row in TABLE_ROWS},
        "tokens": trace.tokens,
        "device": pred.device_id,
        "ceiling": pred.ceiling,
        "compute_dtype": pred.compute_dtype,
        "peak_dtype": pred.peak_dtype or pred.compute_dtype,
        "step_time_s": pred.step_time_s,
        "mfu": pred.mfu,
        "hfu": pred.hfu,
        "utilization": {"mfu": MFU_DEFINITION, "hfu": HFU_DEFINITION},
        "assumption": pred.assumption,
        "prediction": pred.model,
        "conventions": COUNTING,
        "explanation": explain(trace, pred),
        "model_flops": trace.model_flops,
        "hardware_flops": trace.hardware_flops,
        "recompute_flops": trace.recompute_flops,
        "total_flops": trace.total_flops,
        "flop_counter_flops": trace.counter_flops,
        "backward_forward_flops": (
            fwd["backward"]["flops"] / fwd["forward"]["flops"] if fwd["forward"]["flops"] else 0.0
        ),
        "totals": {
            "phase": fwd,
            "kind": kind_totals(trace, pred, measured, comm),
            "module": by_module(trace.ops, pred.seconds, depth),
        },
        "top_ops": top_ops(pred, top),
        "trace_seconds": trace.seconds,
        "peak_bytes": trace.peak_bytes,
        "peak_phase": trace.peak_phase,
        "notes": list(trace.notes),
        "warnings": list(trace.warnings),
        "ops": op_rows(trace, pred, measured),
    }
    moe = moe_totals(trace.ops, pred.seconds)
    if moe is not None:  # a mixture of experts' parts (core.step.moe), the matmuls split apart
        out["totals"]["moe"] = moe
    if measured is not None:
        out["measured_s"] = _nan_sum(measured)
    if comm is not None:
        out["communication"] = comm.to_dict(pred)
    return out


def comm_row(comm: StepComm) -> dict[str, float]:
    """The ``communication`` kind row: one collective, no FLOPs, the bytes each GPU sends."""
    return {"ops": 1.0, "flops": 0.0, "bytes_read": 0.0, "bytes_written": 0.0,
            "bytes_sent": comm.bytes_per_rank, "predicted_s": comm.time_s}  # fmt: skip


def kind_totals(
    trace: StepTrace,
    pred: Prediction,
    measured: Sequence[float] | None = None,
    comm: StepComm | None = None,
) -> dict[str, dict[str, float]]:
    """Totals per op kind, plus the ``communication`` row when ``comm`` takes time."""
    kinds = rollup(trace.ops, pred.seconds, "kind", measured)
    if comm is not None and comm.time_s > 0:
        kinds[COMM_KIND] = comm_row(comm)
    return kinds


def roofline_points(trace: StepTrace, pred: Prediction, top: int = 5) -> list[dict[str, Any]]:
    """Roofline-tab points: one per op kind that does arithmetic (the kind's summed FLOPs and bytes,
    so its intensity), then the ``top`` slowest single ops. Each carries ``share``, its part of the
    predicted step time (0 to 1), for the marker's size, and says it in its label."""
    points = []
    for kind, row in rollup(trace.ops, pred.seconds, "kind").items():
        nbytes = row["bytes_read"] + row["bytes_written"]
        if row["flops"] <= 0 or nbytes <= 0:
            continue
        share = pred.share(row["predicted_s"])
        label = translate("Step", "step {kind} ({share} of the time)").format(
            kind=kind, share=f"{share:.0%}"
        )
        points.append(_point(label, row["flops"], nbytes, share, pred))
    for i in top_ops(pred, top):
        op = trace.ops[i]
        if op.flops <= 0 or op.bytes <= 0:
            continue
        share = pred.share(pred.seconds[i])
        label = translate("Step", "step op #{index} {name} ({share} of the time)").format(index=op.index, name=device_op_name(op.name, pred.kernels, op.dtype), share=f"{share:.1%}")  # fmt: skip
        dtype = op.dtype if pred.ceiling == "per op dtype" else pred.ceiling
        points.append(_point(label, op.flops, op.bytes, share, pred, dtype))
    return points


def _point(
    label: str, flops: float, nbytes: float, share: float, pred: Prediction, dtype: str = ""
) -> dict[str, Any]:
    from core.roofline.hardware import DTYPES

    return {
        "label": label,
        "flops": flops,
        "bytes": nbytes,
        "dtype": dtype if dtype in DTYPES else pred.compute_dtype,
        "share": share,
        "source": "Step",
    }


def summary_table(trace: StepTrace, pred: Prediction, depth: int = 2, rows: int = 20) -> str:
    """A printable table of the step per module, as ``FlopCounterMode`` prints one: FLOPs, their
    share, bytes, predicted time and its share, the ``rows`` slowest modules at ``depth``, then
    the total, the step time, MFU and HFU (for notebooks: ``print(summary_table(tr, pred))``)."""
    from core.units import format_bytes, format_duration, format_flops

    mods = by_module(trace.ops, pred.seconds, depth)
    order = sorted(mods.items(), key=lambda kv: -kv[1]["predicted_s"])[: max(1, rows)]
    total = trace.total_flops or 1.0
    width = max([len("Module"), *(len(name) for name, _ in order)])
    head = f"{'Module':<{width}}  {'FLOPs':>14}  {'% FLOPs':>7}  {'bytes':>10}  "
    head += f"{'predicted':>10}  {'% time':>6}"
    lines = [head, "-" * len(head)]
    for name, row in order:
        lines.append(
            f"{name:<{width}}  {format_flops(row['flops']):>14}  {row['flops'] / total:>7.1%}  "
            f"{format_bytes(row['bytes_read'] + row['bytes_written']):>10}  "
            f"{format_duration(row['predicted_s']):>10}  {pred.share(row['predicted_s']):>6.1%}"
        )
    lines.append("-" * len(head))
    lines.append(
        f"{'total':<{width}}  {format_flops(trace.total_flops):>14}  {'100.0%':>7}  "
        f"{format_bytes(sum(op.bytes for op in trace.ops)):>10}  "
        f"{format_duration(pred.step_time_s):>10}  {'100.0%':>6}"
    )
    lines.append(
        f"on {pred.device_name}: MFU {pred.mfu:.1%}, HFU {pred.hfu:.1%} (a roofline upper bound)"
    )
    return "\n".join(lines)
