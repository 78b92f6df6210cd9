"""The published serving measurements the inference model is checked against, and its errors.

``resources/published_inference.json`` gives, per measurement, its source (a page at a commit),
the metric in the source's own meaning, the published value, and the ``napkinlab inference``
inputs of the row (those of its pre-registered prediction, under the same id). This module
predicts each row from its inputs through a caller's ``run`` (``inputs → InferenceResult.to_dict()``;
building the model and the calibration is the caller's, as the CLI does it), takes the predicted
figure in the source's meaning, and gives the relative error ``(predicted − published) /
published`` per row and the MAPE and signed mean per source and metric kind (throughput, latency).

The pre-registered predictions (``benchmarks/data/preregistered_inference/<source>.json``) exist
in a source checkout only: :func:`read_preregistered` reads them from a folder the caller names.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from core.safe_io import load_json, read_resource_text

__all__ = [
    "KINDS",
    "LATENCY_METRICS",
    "Comparison",
    "Row",
    "compare",
    "kind",
    "load_measurements",
    "predict_row",
    "predicted_value",
    "read_preregistered",
    "summary",
]

#: The metric kinds the errors are grouped by, in print order.
KINDS = ("throughput", "latency")

#: Largest pre-registration file read (bytes): the three committed ones are under 200 kB.
_PRE_LIMIT = 16 * 1024 * 1024

Run = Callable[[Mapping[str, Any]], Mapping[str, Any]]


@lru_cache(maxsize=1)
def load_measurements() -> tuple[dict[str, Any], ...]:
    """The measurements of ``resources/published_inference.json``, in file order."""
    return tuple(json.loads(read_resource_text("published_inference.json"))["measurements"])


#: The latency metrics (seconds): the first token's time, the time per output token after it
#: (a client's mean inter-token latency) and a static batch's time from its prompts to its last
#: token (``TTFT + (output − 1) × TPOT``).
LATENCY_METRICS = frozenset({"ttft_s", "tpot_s", "e2e_latency_s"})


def kind(metric: str) -> str:
    """``latency`` for a time (:data:`LATENCY_METRICS`), ``throughput`` for every tokens/s
    metric."""
    return "latency" if metric in LATENCY_METRICS else "throughput"


#: GPUs of one node for the per-node metrics (the SGLang blog's H100 nodes: 8 GPUs).
NODE_GPUS = 8


def predicted_value(
    metric: str, out: Mapping[str, Any], gpus: int, request_rate: float | None = None
) -> float:
    """The prediction ``out`` (``InferenceResult.to_dict()``) in the meaning of ``metric``.

    ``output_tokens_per_s_ambiguous`` (TensorRT-LLM 0.6.1's A100 table, which does not say
    whether its figure is per GPU) is taken per GPU, as it was pre-registered. The per-node
    metrics of a disaggregated phase measured alone: ``input_tokens_per_s_per_node`` is the
    replicas' prompt tokens over the TTFT, ``output_tokens_per_s_per_node`` their sequences over
    one decode step (TPOT), each times :data:`NODE_GPUS` over ``gpus``. ``tpot_s`` is the decode
    step (a streaming client's mean inter-token latency), ``e2e_latency_s`` a static batch's
    ``TTFT + (output − 1) × TPOT``. With a ``request_rate``
    (requests/s of a Server scenario), the output rate is at most that rate × the output length:
    a server that keeps up completes what arrives.
    """
    if metric in ("ttft_s", "tpot_s"):
        return float(out[metric])
    if metric == "e2e_latency_s":
        return float(out["ttft_s"]) + (float(out["output"]) - 1.0) * float(out["tpot_s"])
    replicas = float(out.get("replicas", 1))
    if metric == "input_tokens_per_s_per_node":
        rate = replicas * float(out["batch"]) * float(out["prompt"]) / float(out["ttft_s"])
        return rate * NODE_GPUS / gpus
    if metric == "output_tokens_per_s_per_node":
        rate = replicas * float(out["batch"]) / float(out["tpot_s"])
        return rate * NODE_GPUS / gpus
    total = float(out["output_tokens_per_s"])
    if request_rate is not None:
        total = min(total, float(request_rate) * float(out["output"]))
    if metric == "output_tokens_per_s_total":
        return total
    if metric in ("output_tokens_per_s_per_gpu", "output_tokens_per_s_ambiguous"):
        return total / gpus
    raise ValueError(
        f"metric {metric!r}; allowed: ttft_s, tpot_s, e2e_latency_s, output_tokens_per_s_total, "
        "output_tokens_per_s_per_gpu, output_tokens_per_s_ambiguous, "
        "input_tokens_per_s_per_node, output_tokens_per_s_per_node"
    )


def predict_row(measurement: Mapping[str, Any], run: Run) -> tuple[float, Mapping[str, Any]]:
    """The predicted figure of ``measurement`` and the prediction it comes from.

    ``--batch max`` rows with a ``batch_ceiling`` (trtllm-bench's largest CUDA-graph batch) are
    run again at the ceiling when the largest batch that fits is above it. ``request_rate``
    (a Server scenario's requests/s) caps the output rate (:func:`predicted_value`);
    ``decode_only`` marks a decode phase measured alone (its metric reads the TPOT only).
    """
    inputs = dict(measurement["inputs"])
    ceiling = inputs.pop("batch_ceiling", None)
    rate = inputs.pop("request_rate", None)
    inputs.pop("decode_only", None)
    out = run(inputs)
    if inputs.get("batch") == "max" and ceiling is not None and out["batch"] > ceiling:
        out = run({**inputs, "batch": int(ceiling)})
    gpus = int(inputs.get("gpus", 1))
    return predicted_value(str(measurement["metric"]), out, gpus, rate), out


@dataclass(frozen=True)
class Row:
    """One measurement: predicted now, published, the relative error, and the pre-registered
    prediction with its error where the pre-registration files were read."""

    id: str
    source: str
    metric: str
    predicted: float
    published: float
    preregistered: float | None = None

    @property
    def error(self) -> float:
        """(predicted − published) / published."""
        return (self.predicted - self.published) / self.published

    @property
    def preregistered_error(self) -> float | None:
        """(pre-registered − published) / published, or ``None`` without a pre-registration."""
        if self.preregistered is None:
            return None
        return (self.preregistered - self.published) / self.published

    def to_dict(self) -> dict[str, Any]:
        """The row for ``--json``."""
        out: dict[str, Any] = {
            "id": self.id,
            "source": self.source,
            "metric": self.metric,
            "predicted": self.predicted,
            "published": self.published,
            "error": self.error,
        }
        if self.preregistered is not None:
            out["preregistered"] = self.preregistered
            out["preregistered_error"] = self.preregistered_error
        return out


def summary(errors: Iterable[float]) -> dict[str, Any]:
    """``n``, the MAPE (mean of |error|) and the signed mean of relative errors (fractions)."""
    found = list(errors)
    if not found:
        return {"n": 0, "mape": None, "signed": None}
    return {
        "n": len(found),
        "mape": sum(abs(e) for e in found) / len(found),
        "signed": sum(found) / len(found),
    }


@dataclass(frozen=True)
class Comparison:
    """Every row, and the errors per source and metric kind."""

    rows: tuple[Row, ...]
    preregistered_read: bool

    def groups(self) -> dict[str, dict[str, list[Row]]]:
        """source → kind → rows, sources in first-seen order; the last source is ``all``."""
        found: dict[str, dict[str, list[Row]]] = {}
        for row in self.rows:
            for source in (row.source, "all"):
                found.setdefault(source, {}).setdefault(kind(row.metric), []).append(row)
        found["all"] = found.pop("all", {})
        return found

    def by_source(self) -> dict[str, dict[str, dict[str, Any]]]:
        """source (and ``all``) → kind → :func:`summary` of the current errors, with the
        pre-registered ones' as ``preregistered`` where they were read."""
        out: dict[str, dict[str, dict[str, Any]]] = {}
        for source, kinds in self.groups().items():
            for k in KINDS:
                if k not in kinds:
                    continue
                entry = summary(r.error for r in kinds[k])
                if self.preregistered_read:
                    pre = [r.preregistered_error for r in kinds[k]]
                    entry["preregistered"] = summary(e for e in pre if e is not None)
                out.setdefault(source, {})[k] = entry
        return out

    def to_dict(self) -> dict[str, Any]:
        """``rows`` and ``by_source`` for ``--json``."""
        return {
            "rows": [r.to_dict() for r in self.rows],
            "by_source": self.by_source(),
            "preregistered_read": self.preregistered_read,
        }


def read_preregistered(folder: str | Path, pattern: str = "*.json") -> dict[str, float]:
    """id → pre-registered predicted figure, from every file of ``folder`` matching ``pattern``
    (rows pre-registered without a prediction are left out)."""
    found: dict[str, float] = {}
    for path in sorted(Path(folder).glob(pattern)):
        doc = load_json(path, limit=_PRE_LIMIT)
        for row in doc["rows"]:
            if row.get("prediction"):
                found[str(row["id"])] = float(row["prediction"]["value"])
    return found


def compare(
    run: Run,
    preregistered: Mapping[str, float] | None = None,
    measurements: Iterable[Mapping[str, Any]] | None = None,
) -> Comparison:
    """Predict every measurement (default: :func:`load_measurements`) through ``run`` and
    compare it with its published figure and, where given, its pre-registered prediction."""
    rows = []
    for m in load_measurements() if measurements is None else measurements:
        if m.get("value") is None or not m.get("inputs"):
            continue  # pre-registered, figure not added yet; or not predictable
        predicted, _ = predict_row(m, run)
        pre = None if preregistered is None else preregistered.get(str(m["id"]))
        rows.append(
            Row(
                id=str(m["id"]),
                source=str(m["source"]),
                metric=str(m["metric"]),
                predicted=predicted,
                published=float(m["value"]),
                preregistered=pre,
            )
        )
    return Comparison(tuple(rows), preregistered is not None)
