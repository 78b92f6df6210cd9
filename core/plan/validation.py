"""The plan against the published training runs, run by run: how far to trust a plan on a device.

Each run of ``resources/published_runs.json`` is planned as :func:`~core.plan.published.predict_run`
plans it (its stated layout and code, the device's calibration as it stands, user overrides
included) and compared with its published throughput in tokens/s, converted with the source's own
FLOP convention (:func:`~core.plan.published.published_tokens_per_s`). The error is
``predicted / published - 1``: positive where the plan is optimistic. Nothing here is fitted; the
runs only measure the plan.

API
---
>>> checks = check_runs(device="h100-sxm")            # doctest: +SKIP
>>> ErrorSummary.of(checks).mape                      # doctest: +SKIP
"""

from __future__ import annotations

import csv
import io
import statistics
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any

from core.errors import InputError
from core.texts import translate

__all__ = [
    "BREAKDOWNS",
    "CHECK_COLUMNS",
    "ErrorSummary",
    "RunCheck",
    "breakdowns",
    "by_framework",
    "by_generation",
    "by_precision",
    "by_source",
    "check_runs",
    "checks_csv",
    "devices_with_runs",
    "generation",
]

#: The CSV's columns (``plan --published --csv`` and the Plan tab's export): the JSON's keys.
CHECK_COLUMNS: tuple[str, ...] = (
    "id", "device", "gpus", "published_tokens_per_s", "predicted_tokens_per_s", "error", "mfu",
    "layout", "limits", "fits", "source", "url", "published_as", "generation", "framework",
    "precision",
)  # fmt: skip

#: The hardware generation of a device, from its catalog id and name (first match wins): the
#: vendors' architecture names (NVIDIA's, AMD's CDNA, Google's TPU, Apple's M chips).
_GENERATIONS: tuple[tuple[str, str], ...] = (
    (r"gb[23]00|\bb[23]00\b|rtx[- ]?50\d\d|rtx pro 6000|blackwell", "Blackwell"),
    (r"h100|h200|h800|\bh20\b|gh200|hopper", "Hopper"),
    (r"l40|\bl4\b|rtx[- ]?40\d\d|\bada\b", "Ada"),
    (r"a100|a800|\ba10g?\b|\ba30\b|\ba40\b|rtx[- ]?30\d\d|ampere", "Ampere"),
    (r"\bt4\b|rtx[- ]?20\d\d|turing", "Turing"),
    (r"v100|volta", "Volta"),
    (r"mi3[05]5x|mi350", "CDNA 4"),
    (r"mi300|mi325", "CDNA 3"),
    (r"mi2[05]0", "CDNA 2"),
    (r"tpu[- ]?v?(\d+)", "TPU"),
    (r"\bm\d( (pro|max|ultra))?\b|apple", "Apple"),
)


@dataclass(frozen=True)
class RunCheck:
    """One published run beside the plan's prediction of it."""

    run_id: str
    source: str
    url: str
    device: str
    gpus: int
    published: float  # tokens/s, in the source's own FLOP convention where it gave FLOP/s
    predicted: float  # tokens/s
    mfu: float  # of the planned layout (PaLM's convention, :mod:`core.roofline.utilization`)
    layout: str
    limits: str
    fits: bool
    how: str  # how the published figure became tokens/s
    generation: str = ""  # the device's hardware generation (:func:`generation`)
    framework: str = ""  # the source's training code (:data:`core.plan.published.SOURCE_FRAMEWORK`)
    precision: str = ""  # the run's training precision as published: bf16, fp16, fp8
    memory_verdict: str = ""  # fits, tight or does not fit (core.plan.memory.StageMemory.verdict)

    @property
    def error(self) -> float:
        """``predicted / published - 1`` (+0.10: the plan is 10 % optimistic)."""
        return self.predicted / self.published - 1

    def to_dict(self) -> dict[str, Any]:
        """The check as JSON-ready values (``napkinlab plan --published --json``)."""
        return {
            "id": self.run_id,
            "source": self.source,
            "url": self.url,
            "device": self.device,
            "gpus": self.gpus,
            "published_tokens_per_s": self.published,
            "predicted_tokens_per_s": self.predicted,
            "error": self.error,
            "mfu": self.mfu,
            "layout": self.layout,
            "limits": self.limits,
            "fits": self.fits,
            "published_as": self.how,
            "generation": self.generation,
            "framework": self.framework,
            "precision": self.precision,
            "memory_verdict": self.memory_verdict,
        }


@dataclass(frozen=True)
class ErrorSummary:
    """The errors of several checks in a few figures."""

    runs: int
    mape: float  # mean of |error|
    median: float  # median of |error|
    signed: float  # mean error: > 0, optimistic on the whole
    within_20: int  # runs within ±20 %
    worst: float  # the error furthest from 0, with its sign

    @classmethod
    def of(cls, checks: Sequence[RunCheck]) -> ErrorSummary:
        """The summary of ``checks`` (at least one)."""
        if not checks:
            raise ValueError("no checks to summarise")
        errors = [c.error for c in checks]
        magnitudes = [abs(e) for e in errors]
        return cls(
            runs=len(errors),
            mape=statistics.mean(magnitudes),
            median=statistics.median(magnitudes),
            signed=statistics.mean(errors),
            within_20=sum(m <= 0.20 for m in magnitudes),
            worst=max(errors, key=abs),
        )

    def to_dict(self) -> dict[str, Any]:
        """The summary as JSON-ready values."""
        return {
            "runs": self.runs,
            "mape": self.mape,
            "median_abs_error": self.median,
            "signed_mean_error": self.signed,
            "within_20_percent": self.within_20,
            "worst_error": self.worst,
        }


def devices_with_runs() -> list[str]:
    """The device ids the published runs ran on, each once, in file order."""
    from core.plan.published import load_runs

    return list(dict.fromkeys(run["hardware"]["device"] for run in load_runs()))


def generation(device: str, name: str = "") -> str:
    """The hardware generation of a device (``"Hopper"`` for ``h100-sxm``), from its catalog id
    and name; ``"other"`` when neither names a known architecture."""
    import re

    text = f"{device} {name}".lower()
    for pattern, label in _GENERATIONS:
        found = re.search(pattern, text)
        if found:
            if label == "TPU" and found.group(1):
                return f"TPU v{found.group(1)}"
            return label
    return "other"


def check_runs(
    device: str | None = None,
    *,
    run_ids: Collection[str] | None = None,
    catalog: Any = None,
    progress: Callable[[float, str], None] | None = None,
    should_cancel: Callable[[], bool] | None = None,
) -> list[RunCheck]:
    """Plan every published run (those on ``device`` only, when given; those of ``run_ids`` only,
    when given) and compare.

    Raises :class:`~core.errors.InputError` for a device no published run used (the message
    names those that have runs), and :class:`~core.plan.search.PlanCancelled` when
    ``should_cancel`` asks to stop (checked before each run).
    """
    from core.plan.published import load_runs, predict_run, published, run_framework
    from core.plan.search import PlanCancelled

    runs = [r for r in load_runs() if run_ids is None or r["id"] in run_ids]
    if device is not None:
        runs = [r for r in runs if r["hardware"]["device"] == device]
        if not runs:
            raise InputError(
                translate(
                    "Plan", "no published run used {device}; runs exist for: {devices}"
                ).format(device=device, devices=", ".join(devices_with_runs()))
            )
    checks: list[RunCheck] = []
    for i, run in enumerate(runs):
        if should_cancel is not None and should_cancel():
            raise PlanCancelled
        if progress is not None:
            progress(i / len(runs), translate("Plan", "planning {run}").format(run=run["id"]))
        p = published(run, catalog)
        res = predict_run(p)
        dev = p.inp.cluster.device
        checks.append(
            RunCheck(
                run_id=p.id,
                source=p.source,
                url=str(run["source"].get("url", "")),
                device=run["hardware"]["device"],
                gpus=int(run["hardware"]["gpus"]),
                published=p.tokens_per_s,
                predicted=res.tokens_per_s,
                mfu=res.mfu,
                layout=res.layout.label(),
                limits=res.limits,
                fits=res.fits,
                how=p.how,
                generation=generation(run["hardware"]["device"], getattr(dev, "name", "")),
                framework=run_framework(run),
                precision=str(run["precision"]),
                memory_verdict=res.memory_verdict,
            )
        )
    if progress is not None:
        progress(1.0, translate("Plan", "{n} published runs planned").format(n=len(checks)))
    return checks


def _grouped(checks: Sequence[RunCheck], key: Callable[[RunCheck], str]) -> dict[str, ErrorSummary]:
    groups: dict[str, list[RunCheck]] = {}
    for check in checks:
        groups.setdefault(key(check) or "unknown", []).append(check)
    return {name: ErrorSummary.of(group) for name, group in groups.items()}


def by_source(checks: Sequence[RunCheck]) -> dict[str, ErrorSummary]:
    """:class:`ErrorSummary` per source, in the order the sources first appear."""
    return _grouped(checks, lambda c: c.source)


def by_generation(checks: Sequence[RunCheck]) -> dict[str, ErrorSummary]:
    """:class:`ErrorSummary` per hardware generation (Ampere, Hopper, Blackwell...), in the order
    the generations first appear."""
    return _grouped(checks, lambda c: c.generation)


def by_framework(checks: Sequence[RunCheck]) -> dict[str, ErrorSummary]:
    """:class:`ErrorSummary` per training codebase (megatron, nemo, llm-foundry, deepspeed...),
    in the order the codebases first appear."""
    return _grouped(checks, lambda c: c.framework)


def by_precision(checks: Sequence[RunCheck]) -> dict[str, ErrorSummary]:
    """:class:`ErrorSummary` per training precision (bf16, fp16, fp8), in the order the
    precisions first appear."""
    return _grouped(checks, lambda c: c.precision)


#: The breakdowns of ``plan --published``: JSON key, heading, grouping.
BREAKDOWNS: tuple[tuple[str, str, Callable[[Sequence[RunCheck]], dict[str, ErrorSummary]]], ...] = (
    ("by_source", "per source", by_source),
    ("by_generation", "per hardware generation", by_generation),
    ("by_framework", "per framework", by_framework),
    ("by_precision", "per precision", by_precision),
)


def breakdowns(checks: Sequence[RunCheck]) -> dict[str, dict[str, ErrorSummary]]:
    """Every breakdown of :data:`BREAKDOWNS`, by its JSON key."""
    return {key: group(checks) for key, _heading, group in BREAKDOWNS}


def checks_csv(checks: Sequence[RunCheck]) -> str:
    """The checks as CSV text, one row per run in the order given (English: the core's keys)."""
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=CHECK_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for check in checks:
        row = check.to_dict()
        writer.writerow({key: row[key] for key in CHECK_COLUMNS})
    return buf.getvalue()
