"""The curves against the batch as a table: the CSV the Inference tab exports.

One row per batch, ascending, with the keys and units of ``napkinlab inference --json``
(seconds, tokens/s, bytes per GPU under ``memory_<part>``), so a spreadsheet reads the same
figures as the JSON export's ``curves`` and ``memory_per_gpu``.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from typing import Any

from core.inference.serve import InferenceResult

__all__ = ["CSV_COLUMNS", "MEMORY_KEYS", "curves_csv"]

#: The memory parts per GPU, in the order of ``memory_per_gpu`` (``peak``: all at once).
MEMORY_KEYS: tuple[str, ...] = ("weights", "kv_cache", "activations", "allowance", "peak")

#: The CSV's columns.
CSV_COLUMNS: tuple[str, ...] = (
    "batch", "fits", "ttft_s", "tpot_s", "output_tokens_per_s", "tokens_per_s_per_gpu",
    *(f"memory_{k}" for k in MEMORY_KEYS), "capacity_bytes",
    "prefill_intensity", "decode_intensity", "decode_bound",
)  # fmt: skip


def curves_csv(results: Sequence[InferenceResult]) -> str:
    """``results`` (one per batch) as CSV text, sorted by batch."""
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for r in sorted(results, key=lambda r: r.batch):
        memory = r.memory.to_dict()
        row: dict[str, Any] = {
            "batch": r.batch, "fits": r.fits, "ttft_s": r.ttft_s, "tpot_s": r.tpot_s,
            "output_tokens_per_s": r.output_tokens_per_s,
            "tokens_per_s_per_gpu": r.tokens_per_s_per_gpu,
            "capacity_bytes": memory["capacity"],
            "prefill_intensity": r.prefill.intensity, "decode_intensity": r.decode.intensity,
            "decode_bound": r.decode.bound,
        }  # fmt: skip
        row.update({f"memory_{k}": memory[k] for k in MEMORY_KEYS})
        writer.writerow(row)
    return buf.getvalue()
