"""Back-of-envelope training math from the lecture: 6·N·D FLOPs, training time and model size.

The two lecture questions (seed 000, section 二):

* 70e9 params on 15e12 tokens with 1024 H100 (bf16 dense 989.5e12 FLOP/s) at MFU 0.5 takes
  6·70e9·15e12 / (989.5e12 · 0.5 · 1024) s ≈ 143.9 days;
* 8 H100 of 80e9 bytes with bf16 params and grads and fp32 Adam moments (2 + 2 + 4 + 4 = 12 bytes per
  parameter) hold 8·80e9 / 12 ≈ 53.3e9 parameters (activations not counted: an upper bound).

Every function validates its inputs and raises :class:`~core.errors.InputError` naming the field.
The validators (:data:`VALIDATORS`) are the ones the Napkin tab's fields and the ``napkin`` CLI use,
so both accept and refuse the same text. Every range is bounded on both sides, so every answer is a
finite number (at most ~1e42 GPUs for 1e16 parameters on 1e18 tokens in 0.0864 s at MFU 1e-6).
Results carry the formula with the numbers filled in, so a view only has to show them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from core.errors import InputError
from core.units import (
    format_bytes,
    format_count,
    format_duration,
    format_flop_rate,
    format_flops,
    format_percent,
)
from core.units import format_number as _n
from core.validate import fraction, positive_float, positive_int

__all__ = [
    "FLOPS_PER_PARAM_TOKEN",
    "RECIPES",
    "SECONDS_PER_DAY",
    "VALIDATORS",
    "BudgetAnswer",
    "BytesRecipe",
    "MaxParamsAnswer",
    "TrainTimeAnswer",
    "gpus_needed",
    "max_params",
    "mfu_needed",
    "recipe",
    "tokens_in_budget",
    "train_time",
    "training_flops",
]

#: Forward (2) plus backward (4) FLOPs per parameter per token.
FLOPS_PER_PARAM_TOKEN = 6
SECONDS_PER_DAY = 86400.0

_MAX_PARAMS = 1e16
_MAX_TOKENS = 1e18
_MAX_GPUS = 10_000_000
_MAX_DAYS = 1e6
_MIN_DAYS = 1e-6  # 0.0864 s


def _params(value: object) -> float:
    return positive_float(value, "params", low=1.0, high=_MAX_PARAMS)


def _tokens(value: object) -> float:
    return positive_float(value, "tokens", low=1.0, high=_MAX_TOKENS)


def _gpus(value: object) -> int:
    return positive_int(value, "GPUs", high=_MAX_GPUS)


def _mfu(value: object) -> float:
    return fraction(value, "MFU")


def _days(value: object) -> float:
    return positive_float(value, "days", low=_MIN_DAYS, high=_MAX_DAYS)


def _peak(value: object) -> float:
    return positive_float(value, "peak FLOP/s", low=1.0, high=1e21)


def _memory(value: object) -> float:
    return positive_float(value, "memory per GPU", low=1.0, high=1e16)


def _bytes_per_param(value: object) -> float:
    return positive_float(value, "bytes per param", low=0.01, high=1e6)


#: Input name -> validator, shared by the functions below, the Napkin tab and the CLI.
VALIDATORS = {
    "params": _params,
    "tokens": _tokens,
    "gpus": _gpus,
    "mfu": _mfu,
    "days": _days,
    "peak": _peak,
    "memory": _memory,
    "bytes_per_param": _bytes_per_param,
}


@dataclass(frozen=True)
class BytesRecipe:
    """Bytes per parameter written as a sum of named parts (``2 + 2 + 4 + 4 = 12``)."""

    id: str
    label: str
    parts: tuple[tuple[str, float], ...]

    @property
    def total(self) -> float:
        """Bytes per parameter."""
        return float(sum(b for _, b in self.parts))

    def formula(self) -> str:
        """The sum with its parts named: ``2 (params bf16) + 2 (grads bf16) + ... = 12``."""
        terms = " + ".join(f"{b:g} ({name})" for name, b in self.parts)
        return f"{terms} = {self.total:g} bytes/param"


#: Recipes for "largest model that fits" (activations excluded, as in the lecture).
RECIPES: dict[str, BytesRecipe] = {
    r.id: r
    for r in (
        BytesRecipe(
            "bf16-adamw",
            "bf16 params & grads, fp32 Adam moments (lecture)",
            (("params bf16", 2), ("grads bf16", 2), ("Adam m fp32", 4), ("Adam v fp32", 4)),
        ),
        BytesRecipe(
            "fp32-adamw",
            "fp32 everything (naive AdamW)",
            (("params fp32", 4), ("grads fp32", 4), ("Adam m fp32", 4), ("Adam v fp32", 4)),
        ),
        BytesRecipe(
            "amp-adamw",
            "mixed precision: bf16 params & grads + fp32 master, Adam m, v",
            (
                ("params bf16", 2),
                ("grads bf16", 2),
                ("master fp32", 4),
                ("Adam m fp32", 4),
                ("Adam v fp32", 4),
            ),
        ),
        BytesRecipe(
            "bf16-sgd", "bf16 params & grads, plain SGD", (("params bf16", 2), ("grads bf16", 2))
        ),
        BytesRecipe("bf16-inference", "bf16 weights only (inference)", (("params bf16", 2),)),
    )
}


def recipe(recipe_id: object) -> BytesRecipe:
    """Look up a bytes-per-parameter recipe; the error lists the known ids."""
    try:
        return RECIPES[recipe_id]  # type: ignore[index]
    except (KeyError, TypeError):
        raise InputError(
            f"recipe: unknown {recipe_id!r}; known: {', '.join(RECIPES)}", field="recipe"
        ) from None


def training_flops(params: object, tokens: object) -> float:
    """Training FLOPs ≈ 6 · N · D (2 forward + 4 backward per parameter per token)."""
    return FLOPS_PER_PARAM_TOKEN * _params(params) * _tokens(tokens)


@dataclass(frozen=True)
class TrainTimeAnswer:
    """How long training takes: the inputs, the FLOPs, the throughput and the time."""

    params: float
    tokens: float
    gpus: int
    peak_flops: float
    mfu: float
    flops: float
    cluster_flops_per_s: float
    seconds: float

    @property
    def days(self) -> float:
        """Training time in days."""
        return self.seconds / SECONDS_PER_DAY

    def formula(self) -> str:
        """The computation with the numbers filled in, one step per line."""
        return (
            f"FLOPs = 6 × N × D = 6 × {_n(self.params)} × {_n(self.tokens)} = {_n(self.flops)}\n"
            f"throughput = peak × MFU × GPUs = {_n(self.peak_flops)} × {_n(self.mfu)} × {self.gpus:,}"
            f" = {_n(self.cluster_flops_per_s)} FLOP/s\n"
            f"time = {_n(self.flops)} / {_n(self.cluster_flops_per_s)} = {_n(self.seconds)} s"
            f" = {_n(self.days)} days"
        )

    def summary(self) -> str:
        """One humanised line: ``6.3e24 FLOPs at 253.3 EFLOP/s → 143.9 days``."""
        return (
            f"{format_flops(self.flops)} at {format_flop_rate(self.cluster_flops_per_s)} "
            f"→ {format_duration(self.seconds)}"
        )

    def to_dict(self) -> dict[str, float]:
        """JSON form for the CLI and sessions."""
        return {
            "params": self.params,
            "tokens": self.tokens,
            "gpus": self.gpus,
            "peak_flops": self.peak_flops,
            "mfu": self.mfu,
            "flops": self.flops,
            "cluster_flops_per_s": self.cluster_flops_per_s,
            "seconds": self.seconds,
            "days": self.days,
        }


def train_time(
    params: object, tokens: object, gpus: object, peak_flops: object, mfu: object
) -> TrainTimeAnswer:
    """Training time = 6·N·D / (peak · MFU · GPUs).

    Parameters
    ----------
    params, tokens
        Model size N and training tokens D.
    gpus
        Number of accelerators (1 to 10 million).
    peak_flops
        Dense peak FLOP/s of one accelerator in the training dtype.
    mfu
        Model FLOPs utilisation in (0, 1].
    """
    n, d = _params(params), _tokens(tokens)
    flops = FLOPS_PER_PARAM_TOKEN * n * d
    n_gpus = _gpus(gpus)
    peak = _peak(peak_flops)
    util = _mfu(mfu)
    rate = peak * util * n_gpus
    return TrainTimeAnswer(
        params=n,
        tokens=d,
        gpus=n_gpus,
        peak_flops=peak,
        mfu=util,
        flops=flops,
        cluster_flops_per_s=rate,
        seconds=flops / rate,
    )


@dataclass(frozen=True)
class MaxParamsAnswer:
    """The largest model whose training state fits: GPUs · memory / bytes per parameter."""

    gpus: int
    memory_bytes: float
    bytes_per_param: float
    recipe_formula: str
    params: float

    def formula(self) -> str:
        """The computation with the numbers filled in."""
        return (
            f"bytes/param = {self.recipe_formula}\n"
            f"params = GPUs × memory / bytes per param = {self.gpus:,} × {_n(self.memory_bytes)}"
            f" / {_n(self.bytes_per_param)} = {_n(self.params)}"
        )

    def summary(self) -> str:
        """One humanised line."""
        total = format_bytes(self.gpus * self.memory_bytes)
        per = _n(self.bytes_per_param)
        return f"{total} / {per} B per param → {format_count(self.params, 'params')}"

    def to_dict(self) -> dict[str, float | str]:
        """JSON form for the CLI."""
        return {
            "gpus": self.gpus,
            "memory_bytes": self.memory_bytes,
            "bytes_per_param": self.bytes_per_param,
            "recipe": self.recipe_formula,
            "params": self.params,
        }


def max_params(
    gpus: object, memory_bytes: object, bytes_per_param: object | BytesRecipe
) -> MaxParamsAnswer:
    """Largest parameter count whose params, grads and optimizer state fit (activations excluded).

    ``bytes_per_param`` is a number or a :class:`BytesRecipe`.
    """
    n_gpus = _gpus(gpus)
    memory = _memory(memory_bytes)
    if isinstance(bytes_per_param, BytesRecipe):
        bpp, text = bytes_per_param.total, bytes_per_param.formula()
    else:
        bpp = _bytes_per_param(bytes_per_param)
        text = f"{_n(bpp)} bytes/param"
    return MaxParamsAnswer(n_gpus, memory, bpp, text, n_gpus * memory / bpp)


def _whole(count: int) -> str:
    """A whole count with thousands separators (``147,381``), in powers of ten beyond 1e15."""
    return f"{count:,}" if count < 10**15 else _n(float(count))


@dataclass(frozen=True)
class BudgetAnswer:
    """An inverse question's answer: the value, whether it is achievable, and the formula."""

    value: float
    formula: str
    feasible: bool = True
    note: str = ""


def gpus_needed(
    params: object, tokens: object, days: object, peak_flops: object, mfu: object
) -> BudgetAnswer:
    """How many GPUs finish 6·N·D within ``days``: ceil(FLOPs / (peak · MFU · seconds))."""
    flops = training_flops(params, tokens)
    seconds = _days(days) * SECONDS_PER_DAY
    peak, util = _peak(peak_flops), _mfu(mfu)
    exact = flops / (peak * util * seconds)
    count = max(1, math.ceil(exact - 1e-9))
    feasible = count <= _MAX_GPUS
    return BudgetAnswer(
        float(count),
        f"GPUs = FLOPs / (peak × MFU × seconds) = {_n(flops)} / ({_n(peak)} × {_n(util)} × "
        f"{_n(seconds)}) = {_n(exact)} → {_whole(count)}",
        feasible,
        "" if feasible else "more than 10 million GPUs: no cluster that size exists",
    )


def mfu_needed(
    params: object, tokens: object, gpus: object, days: object, peak_flops: object
) -> BudgetAnswer:
    """The MFU needed to finish within ``days`` on ``gpus``; above 1 is impossible."""
    flops = training_flops(params, tokens)
    n_gpus = _gpus(gpus)
    seconds = _days(days) * SECONDS_PER_DAY
    peak = _peak(peak_flops)
    need = flops / (peak * n_gpus * seconds)
    feasible = need <= 1.0
    return BudgetAnswer(
        need,
        f"MFU = FLOPs / (peak × GPUs × seconds) = {_n(flops)} / ({_n(peak)} × {n_gpus:,} × "
        f"{_n(seconds)}) = {_n(need)} = {format_percent(need)}",
        feasible,
        "" if feasible else "needs more than 100% of peak: add GPUs or time",
    )


def tokens_in_budget(
    params: object, gpus: object, days: object, peak_flops: object, mfu: object
) -> BudgetAnswer:
    """Tokens a budget buys: peak · MFU · GPUs · seconds / (6 · N)."""
    n = _params(params)
    n_gpus = _gpus(gpus)
    seconds = _days(days) * SECONDS_PER_DAY
    peak, util = _peak(peak_flops), _mfu(mfu)
    budget = peak * util * n_gpus * seconds
    tokens = budget / (FLOPS_PER_PARAM_TOKEN * n)
    return BudgetAnswer(
        tokens,
        f"tokens = peak × MFU × GPUs × seconds / (6 × N) = {_n(peak)} × {_n(util)} × {n_gpus:,} × "
        f"{_n(seconds)} / (6 × {_n(n)}) = {_n(tokens)}",
    )
