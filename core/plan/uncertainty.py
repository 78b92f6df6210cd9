"""How sure a plan is: an interval beside its step time, tokens/s, MFU and days, from the errors
the plan made on the published runs most like it.

Every published run (``resources/published_runs.json``) has an error ``e = predicted / published
− 1`` (:mod:`core.plan.validation`); ``resources/plan_residuals.json`` keeps them, with each run's
hardware generation, codebase and precision, written by ``napkinlab plan --published
--write-residuals`` (planning the 68 runs takes a minute; a plan only reads the file, and a test
fails when the file no longer matches the model).

For a plan the runs are pooled by what the plan shares with them, narrowest first (:data:`POOLS`):
the same kind of model, generation, codebase and precision; the same kind, generation and
codebase; ... ; the same kind; all runs. The kind is ``dense`` or ``moe``: a mixture of experts is
judged by the errors on the published MoE runs (``resources/published_moe_runs.json``, tokens/s
per GPU), written by ``napkinlab plan --published --group moe --write-residuals``, never by the
dense runs' narrower errors.
The first pool with at least :data:`MIN_RUNS` runs is used. Its 80 % prediction interval of the
error is taken from order statistics (with ``n`` errors sorted, the ``k``-th smallest and largest,
``k = ⌊0.1·(n + 1)⌋``, hold a new error of the same kind with probability ``(n + 1 − 2k)/(n + 1)``
≥ 80 %; Wilks 1941), widened to include 0 (the plan itself). When the pool does not match the
plan's generation, codebase or precision, the plan is outside what was validated: the interval's
half-widths are widened in quadrature by ``z₈₀ × τ``, ``τ`` the spread of the groups' median
errors between groups (a run of a new kind can be off by as much as the kinds differ), and the
plan says so. The published figure is then likely between ``predicted / (1 + e_high)`` and
``predicted / (1 + e_low)`` (step time and days: ``× (1 + e)``).

:func:`leave_one_out` checks the rule: each run's interval from the other runs, and how many cover
its published figure (the design target: ≥ 80 %).
"""

from __future__ import annotations

import json
import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core.texts import Text, join_texts, translate

if TYPE_CHECKING:
    from core.plan.result import PlanResult
    from core.plan.validation import RunCheck

__all__ = [
    "GENERATIONS",
    "MIN_RUNS",
    "MODEL_KINDS",
    "POOLS",
    "RESIDUALS_FILE",
    "Band",
    "Residual",
    "Uncertainty",
    "band",
    "codebase_of_run",
    "generation",
    "humble",
    "leave_one_out",
    "load_residuals",
    "model_kind",
    "moe_residual_rows",
    "moe_residuals_from",
    "plan_codebase",
    "plan_precision",
    "plan_values",
    "precision_class",
    "residuals_document",
    "residuals_from",
    "residuals_path",
    "uncertainty",
    "within_uncertainty",
    "write_moe_residuals",
    "write_residuals",
]

#: The resource file of the published runs' errors.
RESIDUALS_FILE = "plan_residuals.json"
#: The most bytes the residual file is read with when its rows are rewritten (it holds ~200 runs).
_RESIDUALS_LIMIT = 16 * 1024 * 1024
#: The fewest runs a pool needs (an 80 % order-statistic interval needs n ≥ 9 to leave one run out
#: on each side; below that the pool's whole range is the interval).
MIN_RUNS = 8
#: z of a two-sided 80 % normal interval (the between-group widening).
Z80 = 1.2816
#: The pools tried, narrowest first: the keys a run must share with the plan.
#: ``regime`` (host-bound or not, :func:`core.plan.host.host_regime`) is kept in every pool but
#: the last two: the CPU's issue time is the plan's least certain cost, and a host-bound plan is
#: judged by the host-bound runs before any run of its generation that the GPU paces.
POOLS: tuple[tuple[str, ...], ...] = (
    ("model", "regime", "generation", "codebase", "precision"),
    ("model", "regime", "generation", "codebase"),
    ("model", "regime", "generation", "precision"),
    ("model", "regime", "generation"),
    ("model", "regime", "codebase", "precision"),
    ("model", "regime", "codebase"),
    ("model", "regime"),
    ("model",),
    (),
)
#: The kinds of model the published runs are pooled by (:func:`model_kind`).
MODEL_KINDS: tuple[str, ...] = ("dense", "moe")

#: Device id -> GPU architecture, from the vendors' datasheets and whitepapers (NVIDIA's A100,
#: H100, H200, H800, B200/GB200, B300/GB300, L40S, L4, A10G, T4, V100 and GeForce pages; AMD's
#: Instinct MI300X, MI325X and MI355X pages; Google's Cloud TPU versions; Apple's M3/M4 pages).
GENERATIONS: dict[str, str] = {
    "v100": "Volta",
    "t4": "Turing",
    "a100-sxm": "Ampere",
    "a100-sxm-40gb": "Ampere",
    "a10g": "Ampere",
    "rtx-3090": "Ampere",
    "l40s": "Ada Lovelace",
    "l4": "Ada Lovelace",
    "rtx-4090": "Ada Lovelace",
    "h100-sxm": "Hopper",
    "h100-pcie": "Hopper",
    "h100-nvl": "Hopper",
    "h200": "Hopper",
    "b200": "Blackwell",
    "gb200": "Blackwell",
    "b300": "Blackwell",
    "gb300": "Blackwell",
    "h800": "Hopper",
    "rtx-5090": "Blackwell",
    "mi300x": "CDNA 3",
    "mi325x": "CDNA 3",
    "mi355x": "CDNA 4",
    "tpu-v5e": "TPU v5",
    "tpu-v5p": "TPU v5",
    "tpu-v6e": "TPU v6",
    "m3-max": "Apple M3",
    "m4-max": "Apple M4",
}
#: A device the table does not know (a user's), by the chip named in its id or name.
_NAMED = (
    ("gb300", "Blackwell"), ("b300", "Blackwell"), ("gb200", "Blackwell"), ("b200", "Blackwell"),
    ("b100", "Blackwell"), ("h200", "Hopper"),
    ("h100", "Hopper"), ("h800", "Hopper"), ("gh200", "Hopper"), ("a100", "Ampere"),
    ("a800", "Ampere"), ("v100", "Volta"), ("mi300", "CDNA 3"), ("mi325", "CDNA 3"),
)  # fmt: skip

#: A published source (a fragment of its URL) -> the codebase its runs trained with, as the
#: source says (its paper or README names the code).
_SOURCE_CODEBASE = (
    ("arxiv.org/abs/2104.04473", "megatron"),  # Megatron-LM (Narayanan et al. 2021)
    ("arxiv.org/abs/2205.05198", "megatron"),  # Megatron-LM (Korthikanti et al. 2022)
    ("NVIDIA/Megatron-LM", "megatron"),  # Megatron-Core's README table
    ("NVIDIA/dgxc-benchmarking", "nemo"),  # NeMo recipes on Megatron-Core
    ("mosaicml/llm-foundry", "llm-foundry"),  # Composer + FSDP
    ("bigscience-workshop", "deepspeed"),  # Megatron-DeepSpeed's pipeline engine
    ("arxiv.org/abs/2407.21783", "meta"),  # Meta's own Llama 3 training stack
)
#: How a codebase is named in sentences.
CODEBASE_NAMES: dict[str, str] = {
    "megatron": "Megatron-LM",
    "nemo": "NeMo",
    "torchtitan": "TorchTitan",
    "fsdp": "PyTorch FSDP",
    "deepspeed": "DeepSpeed",
    "llm-foundry": "llm-foundry",
    "meta": "Meta's Llama 3 stack",
}


def generation(device_id: str, name: str = "") -> str:
    """The GPU architecture of a device (``Hopper``), ``unknown`` for one no table names."""
    found = GENERATIONS.get(device_id)
    if found is not None:
        return found
    text = f"{device_id} {name}".lower()
    return next((gen for key, gen in _NAMED if key in text), "unknown")


def precision_class(precision: str) -> str:
    """What precision the GEMMs run in, as the pools group it: ``16-bit`` (bf16, fp16), ``fp8``
    (every FP8 recipe, MXFP8 included), ``fp4`` (NVFP4, MXFP4), ``fp32``."""
    p = precision.strip().lower()
    if "fp4" in p:
        return "fp4"
    if "fp8" in p:
        return "fp8"
    if p in ("fp32", "tf32"):
        return "fp32"
    return "16-bit"


def codebase_of_run(run: dict[str, Any]) -> str:
    """The codebase a published run trained with: its own ``framework`` field when it has one,
    else the one its source names."""
    given = run.get("framework") or run.get("source", {}).get("framework")
    if isinstance(given, str) and given:
        return given.strip().lower()
    url = str(run.get("source", {}).get("url", ""))
    return next((code for key, code in _SOURCE_CODEBASE if key in url), "unknown")


def plan_codebase(inp: Any) -> str:
    """The codebase a plan assumes: the input's framework where it has one, else Megatron (the
    plan's default way of running)."""
    for holder in (inp, getattr(inp, "implementation", None)):
        given = getattr(holder, "framework", None)
        if isinstance(given, str) and given:
            return given.strip().lower()
    return "megatron"


def plan_precision(inp: Any) -> str:
    """The precision class of a plan's GEMMs (:func:`precision_class`)."""
    given = getattr(inp, "precision", None) or getattr(inp.implementation, "precision", None)
    if isinstance(given, str) and given:
        return precision_class(given)
    return precision_class(str(inp.gemm_dtype))


@dataclass(frozen=True)
class Residual:
    """One published run's error, and what it shares with a plan."""

    run_id: str
    generation: str
    codebase: str
    precision: str
    error: float  # predicted / published - 1
    model: str = "dense"  # the kind of model (MODEL_KINDS)
    regime: str = "gpu"  # "host" when host-bound (core.plan.host.host_regime); never for dense

    def key(self, name: str) -> str:
        """The run's value of a pool key (``model``, ``regime``, ``generation``, ``codebase``,
        ``precision``)."""
        return str(getattr(self, name))


def model_kind(spec: Any) -> str:
    """The kind of model a plan is of (:data:`MODEL_KINDS`): ``moe`` for a mixture of experts."""
    return "moe" if getattr(spec, "is_moe", False) else "dense"


_DESCRIPTION = (
    "The plan's error on each published run (predicted / published - 1), with the run's kind of "
    "model, hardware generation, codebase and precision: the pools of the plan's interval "
    "(core/plan/uncertainty.py). The dense rows are written by `napkinlab plan --published "
    "--write-residuals`, the mixture-of-experts rows (tokens/s per GPU times the GPUs; runs the "
    "plan refuses or without a figure left out) by `napkinlab plan --published --group moe "
    "--write-residuals`; each keeps the other's rows. Regenerate them after any change to the "
    "model, the calibration or the runs."
)


def residuals_document(checks: Sequence[RunCheck], runs: Sequence[dict[str, Any]]) -> dict:
    """The residual file's dense rows for ``checks`` of ``runs`` (the published runs, same ids)."""
    by_id = {r["id"]: r for r in runs}
    rows = []
    for c in checks:
        run = by_id[c.run_id]
        rows.append({
            "id": c.run_id,
            "model": "dense",
            "device": c.device,
            "generation": generation(c.device),
            "codebase": codebase_of_run(run),
            "precision": precision_class(str(run.get("precision", "bf16"))),
            "published_tokens_per_s": c.published,
            "predicted_tokens_per_s": c.predicted,
            "error": c.error,
        })  # fmt: skip
    return {"schema_version": 1, "description": _DESCRIPTION, "runs": rows}


def moe_residual_rows(checks: Sequence[Any], runs: Sequence[dict[str, Any]]) -> list[dict]:
    """The residual file's mixture-of-experts rows for ``checks``
    (:class:`core.plan.published_moe.MoeCheck` of ``runs``): each run the plan planned and whose
    figure is published, tokens/s over all its GPUs."""
    by_id = {r["id"]: r for r in runs}
    rows = []
    for c in checks:
        pred = c.prediction.tokens_per_s
        if pred is None or not c.published:
            continue
        run = by_id[c.run_id]
        rows.append({
            "id": c.run_id,
            "model": "moe",
            "device": c.device,
            "generation": generation(c.device),
            "codebase": codebase_of_run(run),
            "precision": precision_class(str(run.get("precision", "bf16"))),
            "regime": c.prediction.regime,
            "published_tokens_per_s": c.published * c.gpus,
            "predicted_tokens_per_s": pred,
            "error": pred / (c.published * c.gpus) - 1,
        })  # fmt: skip
    return rows


def residuals_from(checks: Sequence[RunCheck], runs: Sequence[dict[str, Any]]) -> list[Residual]:
    """The residuals of fresh ``checks`` (as the file would hold them)."""
    return [_residual(row) for row in residuals_document(checks, runs)["runs"]]


def moe_residuals_from(checks: Sequence[Any], runs: Sequence[dict[str, Any]]) -> list[Residual]:
    """The residuals of fresh mixture-of-experts ``checks`` (as the file would hold them)."""
    return [_residual(row) for row in moe_residual_rows(checks, runs)]


def residuals_path() -> Path:
    """Where the residual file lives in the source tree (the ``resources`` package's folder)."""
    import resources

    return Path(resources.__file__).resolve().parent / RESIDUALS_FILE


def _write_rows(rows: list[dict], kind: str) -> Path:
    """Replace the file's rows of ``kind`` with ``rows``, keeping the other kind's (dense first)."""
    from core.safe_io import load_json

    path = residuals_path()
    # a file that cannot be read says why (InputError); only a missing one starts empty
    kept = load_json(path, limit=_RESIDUALS_LIMIT).get("runs", []) if path.exists() else []
    others = [r for r in kept if r.get("model", "dense") != kind]
    merged = rows + others if kind == "dense" else others + rows
    doc = {"schema_version": 1, "description": _DESCRIPTION, "runs": merged}
    text = json.dumps(doc, indent=1, ensure_ascii=False) + "\n"
    from core.safe_io import atomic_write

    atomic_write(path, text)
    load_residuals.cache_clear()
    return path


def write_residuals(checks: Sequence[RunCheck], runs: Sequence[dict[str, Any]]) -> Path:
    """Write the residual file's dense rows for ``checks`` (every published dense run), keep its
    mixture-of-experts rows, and forget the cached file."""
    return _write_rows(residuals_document(checks, runs)["runs"], "dense")


def write_moe_residuals(checks: Sequence[Any], runs: Sequence[dict[str, Any]]) -> Path:
    """Write the residual file's mixture-of-experts rows for ``checks`` (every published MoE run),
    keep its dense rows, and forget the cached file."""
    return _write_rows(moe_residual_rows(checks, runs), "moe")


def _residual(row: dict[str, Any]) -> Residual:
    return Residual(
        row["id"], row["generation"], row["codebase"], row["precision"], float(row["error"]),
        str(row.get("model", "dense")), str(row.get("regime", "gpu")),
    )  # fmt: skip


@lru_cache(maxsize=1)
def load_residuals() -> tuple[Residual, ...]:
    """The published runs' errors from ``resources/plan_residuals.json``."""
    from core.safe_io import read_resource_text

    doc = json.loads(read_resource_text(RESIDUALS_FILE))
    return tuple(_residual(r) for r in doc["runs"])


@dataclass(frozen=True)
class Band:
    """The interval of the error ``predicted / published − 1`` for a plan, and where it came from.

    ``keys`` are the pool's shared keys (:data:`POOLS`), ``runs`` its size; ``widened`` when the
    pool does not match the plan on every key; ``missing`` the key values with too few runs."""

    low: float
    high: float
    keys: tuple[str, ...]
    values: dict[str, str]
    runs: int
    widened: bool
    missing: tuple[tuple[str, int], ...]  # (what, how many runs it has)


def _order_interval(errors: Sequence[float]) -> tuple[float, float, float]:
    """``(low, median, high)``: the 80 % order-statistic prediction interval of ``errors``."""
    xs = sorted(errors)
    n = len(xs)
    k = math.floor(0.1 * (n + 1))
    if k < 1:
        return xs[0], statistics.median(xs), xs[-1]
    return xs[k - 1], statistics.median(xs), xs[n - k]


def _between_groups(pool: Sequence[Residual], model: str | None = None) -> float:
    """The spread (sample standard deviation) of the median errors of the pool's groups of the
    same regime, generation, codebase and precision with at least 3 runs (of the kind ``model``
    only, when given); 0 with fewer than 2 groups."""
    groups: dict[tuple[str, str, str, str], list[float]] = {}
    for r in pool:
        if model is not None and r.model != model:
            continue
        key = (r.regime, r.generation, r.codebase, r.precision)
        groups.setdefault(key, []).append(r.error)
    medians = [statistics.median(v) for v in groups.values() if len(v) >= 3]
    return statistics.stdev(medians) if len(medians) >= 2 else 0.0


def _label(values: dict[str, str], key: str) -> str:
    value = values[key]
    if key == "model":
        return "MoE" if value == "moe" else "dense"
    if key == "regime":
        return (
            translate("Plan", "host-bound") if value == "host" else translate("Plan", "GPU-bound")
        )
    return CODEBASE_NAMES.get(value, value) if key == "codebase" else value


def _what(values: dict[str, str], keys: Sequence[str]) -> str:
    """The pool's shared values in words; a dense pool does not say "dense", nor one paced by its
    GPU "GPU-bound" (the defaults); a host-bound one says so (translatably)."""
    shown = [
        k for k in keys
        if not (k == "model" and values.get("model") == "dense")
        and not (k == "regime" and values.get("regime", "gpu") == "gpu")
    ]  # fmt: skip
    return join_texts([_label(values, k) for k in shown], " · ")


def band(
    values: dict[str, str], residuals: Sequence[Residual] | None = None, *, min_runs: int = MIN_RUNS
) -> Band:
    """The error interval for a plan of ``values`` (``model``, ``generation``, ``codebase``,
    ``precision``; ``model`` is ``dense`` when not given) from ``residuals`` (default: the
    resource file's)."""
    values = {"model": "dense", "regime": "gpu", **values}
    pool_all = tuple(load_residuals() if residuals is None else residuals)
    if not pool_all:
        raise ValueError("no residuals to take an interval from")
    missing: list[tuple[str, int]] = []
    for keys in POOLS:
        pool = [r for r in pool_all if all(r.key(k) == values[k] for k in keys)]
        if len(pool) >= min_runs or not keys:
            break
        what = _what(values, keys)
        if not any(w == what for w, _ in missing):
            missing.append((what, len(pool)))
    low, mid, high = _order_interval([r.error for r in pool])
    widened = len(keys) < len(POOLS[0])
    if widened:
        same_kind = [r for r in pool_all if r.model == values["model"]]
        spread = Z80 * _between_groups(same_kind if same_kind else pool_all)
        low = mid - math.hypot(mid - low, spread)
        high = mid + math.hypot(high - mid, spread)
    low, high = min(low, 0.0), max(high, 0.0)
    low = max(low, -0.9)  # the published figure at most 10 × the plan's
    return Band(low, high, keys, dict(values), len(pool), widened, tuple(missing))


@dataclass(frozen=True)
class Uncertainty:
    """A plan's figures as likely intervals, and the pool of published runs behind them."""

    band: Band
    step_time_s: tuple[float, float]
    tokens_per_s: tuple[float, float]
    mfu: tuple[float, float]
    days: tuple[float, float] | None
    #: The step time's factors ``(low, high)`` the ranges use: ``1 +`` the band's errors, the low
    #: one no lower than 100 % MFU allows, nor every executed FLOP at the device's fastest
    #: measured rate (``None``: the band's own).
    factors: tuple[float, float] | None = None

    @property
    def relative_width(self) -> float:
        """The tokens/s interval's width over the plan's tokens/s (the "what to change" yardstick),
        the interval shown: stopped where the band would pass 100 % MFU or the device's fastest
        measured rate."""
        lo, hi = self.factors or (1 + self.band.low, 1 + self.band.high)
        return 1 / lo - 1 / hi

    def pool_text(self) -> Text:
        """Which runs the interval comes from, in a few words."""
        b = self.band
        what = _what(b.values, b.keys)
        if not what:
            return translate("Plan", "all {n} published runs").format(n=str(b.runs))
        return translate("Plan", "{n} published runs of {what}").format(n=str(b.runs), what=what)

    def note(self) -> Text:
        """The sentence the plan says about its interval (validated, or outside and widened)."""
        b = self.band
        if not b.widened:
            return translate(
                "Plan", "likely ranges: 80 % intervals from the plan's errors on {pool}"
            ).format(pool=self.pool_text())
        # joined as a Text, so that each gap still translates in the window (a plain str join
        # would freeze them in English inside a translated sentence)
        gaps = join_texts(
            [
                translate("Plan", "no {what} runs").format(what=what)
                if n == 0
                else translate("Plan", "only {n} {what} runs").format(n=str(n), what=what)
                # the exact match and the broadest pool that failed: the levels between add little
                for what, n in dict.fromkeys(b.missing[:1] + b.missing[-1:])
            ],
            "; ",
        )
        return translate(
            "Plan", "outside what was validated: {gaps}; interval from {pool}, widened"
        ).format(gaps=gaps, pool=self.pool_text())

    def to_dict(self) -> dict[str, Any]:
        """The ``interval`` and ``validated`` keys of ``plan --json``."""
        b = self.band
        interval: dict[str, Any] = {
            "step_time_s": {"low": self.step_time_s[0], "high": self.step_time_s[1]},
            "tokens_per_s": {"low": self.tokens_per_s[0], "high": self.tokens_per_s[1]},
            "mfu": {"low": self.mfu[0], "high": self.mfu[1]},
            "error_low": b.low,
            "error_high": b.high,
            "coverage": 0.8,
        }
        if self.days is not None:
            interval["days"] = {"low": self.days[0], "high": self.days[1]}
        return {
            "interval": interval,
            "validated": {
                "pool": dict(zip(b.keys, (b.values[k] for k in b.keys), strict=True)),
                "runs": b.runs,
                "plan": dict(b.values),
                "outside": b.widened,
                "missing": [{"what": w, "runs": n} for w, n in b.missing],
                "note": str(self.note()),
            },
        }


def plan_values(res: PlanResult) -> dict[str, str]:
    """What a plan shares or not with the published runs: the kind of model, generation,
    codebase, precision."""
    device = res.inp.cluster.device
    from core.plan.host import host_regime

    return {
        "model": model_kind(res.inp.model),
        "regime": host_regime(res.detail.get("host_share")),
        "generation": generation(device.id, device.name),
        "codebase": plan_codebase(res.inp),
        "precision": plan_precision(res.inp),
    }


def uncertainty(res: PlanResult, residuals: Sequence[Residual] | None = None) -> Uncertainty:
    """The likely intervals of ``res``'s step time, tokens/s, MFU and days."""
    b = band(plan_values(res), residuals)
    lo, hi = 1 + b.low, 1 + b.high
    # no GPU runs above its peak: the step is never shorter than at 100 % MFU; nor does it run
    # every FLOP it executes (HFU's, the recomputed ones too) faster than its fastest measured op
    # (Calibration.best_efficiency: its large GEMMs, its attention kernels), whatever the
    # published runs' errors would allow
    best = res.detail.get("best_efficiency", 1.0)
    lo = min(1.0, hi, max(lo, res.mfu, res.hfu, res.hfu / best if best > 0 else 0.0))
    training = res.training
    return Uncertainty(
        band=b,
        step_time_s=(res.step_time_s * lo, res.step_time_s * hi),
        tokens_per_s=(res.tokens_per_s / hi, res.tokens_per_s / lo),
        mfu=(res.mfu / hi, res.mfu / lo),
        days=None if training is None else (training.days * lo, training.days * hi),
        factors=(lo, hi),
    )


def within_uncertainty(base: PlanResult, changed: PlanResult, unc: Uncertainty) -> bool:
    """Whether a change's tokens/s gain (or loss) is no larger than the interval's width."""
    if base.tokens_per_s <= 0:
        return False
    gain = changed.tokens_per_s / base.tokens_per_s - 1
    return abs(gain) <= unc.relative_width


def humble(sentence: Text, base: PlanResult, changed: PlanResult, unc: Uncertainty) -> Text:
    """A "what to change" sentence, with "within the uncertainty" when its gain is."""
    if not within_uncertainty(base, changed, unc):
        return sentence
    return translate(
        "Plan", "{change}; within the uncertainty (the likely range is {width} wide)"
    ).format(change=sentence, width=f"{unc.relative_width:.0%}")


def leave_one_out(
    residuals: Sequence[Residual] | None = None,
    *,
    min_runs: int = MIN_RUNS,
    model: str | None = None,
) -> tuple[float, list[tuple[Residual, Band]]]:
    """The share of runs (of the kind ``model`` only, when given; the others still pool) whose
    interval, made from the other runs, covers their published figure (the error inside the
    band), and each run's band."""
    rows = tuple(load_residuals() if residuals is None else residuals)
    out: list[tuple[Residual, Band]] = []
    for i, r in enumerate(rows):
        if model is not None and r.model != model:
            continue
        others = rows[:i] + rows[i + 1 :]
        values = {"model": r.model, "regime": r.regime, "generation": r.generation,
                  "codebase": r.codebase, "precision": r.precision}  # fmt: skip
        out.append((r, band(values, others, min_runs=min_runs)))
    covered = sum(b.low <= r.error <= b.high for r, b in out)
    return covered / len(out), out
