"""The planned layouts as a table: the CSV the Plan tab exports and ``napkinlab plan --csv`` writes.

One row per candidate, in rank order, with the core's own keys and units (seconds, bytes, ratios),
so a spreadsheet or a script reads the same figures as ``plan --json``'s ``candidates``.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from typing import Any

from core.plan.result import BREAKDOWN, PlanResult

__all__ = ["CSV_COLUMNS", "MEMORY_KEYS", "candidates_csv"]

#: The memory categories per GPU, in the order of ``memory_per_gpu`` (``peak`` follows them;
#: ``expert_state``, a mixture of experts' routed experts, 0 for a dense model).
MEMORY_KEYS: tuple[str, ...] = (
    "weights", "grads", "optimizer", "expert_state", "activations", "temporaries", "allowance",
)  # fmt: skip

#: The CSV's columns.
CSV_COLUMNS: tuple[str, ...] = (
    "rank", "fits", "tp", "pp", "vpp", "cp", "dp", "sp", "zero", "micro_batch", "recompute",
    "ep", "etp",
    "step_time_s", "tokens_per_s", "tokens_per_s_per_gpu", "tflops_per_gpu", "mfu", "hfu",
    *(f"memory_{k}" for k in (*MEMORY_KEYS, "peak")), "capacity_bytes",
    *(f"time_{k}_s" for k in BREAKDOWN), "limits", "reason",
)  # fmt: skip


def candidates_csv(results: Sequence[PlanResult]) -> str:
    """The candidates as CSV text (English: the core's keys, units and limit sentences)."""
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for rank, res in enumerate(results, start=1):
        d = res.to_dict()
        row: dict[str, Any] = {"rank": rank, "fits": d["fits"], **d["layout"]}
        for key in ("step_time_s", "tokens_per_s", "tokens_per_s_per_gpu", "tflops_per_gpu",
                    "mfu", "hfu", "capacity_bytes", "limits"):  # fmt: skip
            row[key] = d[key]
        row.update({f"memory_{k}": d["memory_per_gpu"].get(k, 0.0) for k in (*MEMORY_KEYS, "peak")})
        row.update({f"time_{k}_s": v for k, v in d["time_breakdown_s"].items()})
        row["reason"] = d.get("reason", "")
        writer.writerow({k: row.get(k, "") for k in CSV_COLUMNS})
    return buf.getvalue()
