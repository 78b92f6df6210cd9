"""Back-of-envelope training math from the lecture: 6·N·D FLOPs, training time and model size.

The two lecture questions (seed 000, section 二):

* 70e9 params on 15e12 tokens with 1024 H100 (bf16 dense 989.5e12 FLOP/s) at MFU 0.5 takes
  6·70e9·15e12 / (989.5e12 · 0.5 · 1024) s ≈ 143.9 days;
* 8 H100 of 80e9 bytes with bf16 params and grads and fp32 Adam moments (2 + 2 + 4 + 4 = 12 bytes per
  parameter) hold 8·80e9 / 12 ≈ 53.3e9 parameters (activations not counted: an upper bound).

A mixture of experts trains on ``6·N_active·D``: each token passes through the parameters it
activates (its top-k routed experts, the shared ones, attention, embeddings), not through every
expert (seed 002). :func:`train_time` takes the active count as ``params`` and the total as
``params_total``; the largest model that fits counts **total** parameters, since every expert's
weights, gradients and optimizer state are kept.

Every function validates its inputs and raises :class:`~core.errors.InputError` naming the field.
The validators (:data:`VALIDATORS`) are the ones the Napkin tab's fields and the ``napkin`` CLI use,
so both accept and refuse the same text. Every range is bounded on both sides, so every answer is a
finite number (at most ~1e42 GPUs for 1e16 parameters on 1e18 tokens in 0.0864 s at MFU 1e-6).
Results carry the formula with the numbers filled in, so a view only has to show them.

Sentences (formulas, summaries, notes, errors) are :class:`core.texts.Text` in the ``Napkin``
context: the CLI prints and serialises their English, the window shows them translated.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from core.echo import brief
from core.errors import InputError
from core.texts import Text, join_texts, translate
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
    "RECIPE_ALIASES",
    "SECONDS_PER_DAY",
    "TOTAL_NOTE",
    "VALIDATORS",
    "BudgetAnswer",
    "BytesRecipe",
    "MaxParamsAnswer",
    "TrainTimeAnswer",
    "gpus_needed",
    "max_params",
    "mfu_needed",
    "params_text",
    "recipe",
    "recipe_id",
    "split_params",
    "tokens_in_budget",
    "tokens_text",
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

# The fields' names, as validation messages start with them.
_PARAMS = translate("Napkin", "params")
_ACTIVE = translate("Napkin", "active params")
_TOKENS = translate("Napkin", "tokens")
_GPUS = translate("Napkin", "GPUs")
_DAYS = translate("Napkin", "days")
_PEAK = translate("Napkin", "peak FLOP/s")
_MEMORY = translate("Napkin", "memory per GPU")
_BYTES_PER_PARAM = translate("Napkin", "bytes per param")


def _params(value: object) -> float:
    return positive_float(value, _PARAMS, low=1.0, high=_MAX_PARAMS)


def _active(value: object) -> float | None:
    """The active parameter count of a mixture of experts; empty (or ``None``) = dense (= N)."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    return positive_float(value, _ACTIVE, low=1.0, high=_MAX_PARAMS)


def _tokens(value: object) -> float:
    return positive_float(value, _TOKENS, low=1.0, high=_MAX_TOKENS)


def _gpus(value: object) -> int:
    return positive_int(value, _GPUS, high=_MAX_GPUS)


def _mfu(value: object) -> float:
    return fraction(value, "MFU")


def _days(value: object) -> float:
    return positive_float(value, _DAYS, low=_MIN_DAYS, high=_MAX_DAYS, unit="plain")


def _peak(value: object) -> float:
    return positive_float(value, _PEAK, low=1.0, high=1e21, unit="flop/s")


def _memory(value: object) -> float:
    return positive_float(value, _MEMORY, low=1.0, high=1e16, unit="bytes")


def _bytes_per_param(value: object) -> float:
    return positive_float(value, _BYTES_PER_PARAM, low=0.01, high=1e6, unit="plain")


#: Input name -> validator, shared by the functions below, the Napkin tab and the CLI.
VALIDATORS = {
    "params": _params,
    "active": _active,
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
        terms = join_texts(
            [
                Text("", "{bytes} ({part})", {"bytes": f"{b:g}", "part": name})
                for name, b in self.parts
            ],
            " + ",
        )
        return translate("Napkin", "{terms} = {total} bytes/param").format(
            terms=terms, total=f"{self.total:g}"
        )


_PARAMS_BF16 = translate("Napkin", "params bf16")
_GRADS_BF16 = translate("Napkin", "grads bf16")
_PARAMS_FP32 = translate("Napkin", "params fp32")
_GRADS_FP32 = translate("Napkin", "grads fp32")
_MASTER = translate("Napkin", "master fp32")
_ADAM_M = translate("Napkin", "Adam m fp32")
_ADAM_V = translate("Napkin", "Adam v fp32")

_PARAMS_FP16 = translate("Napkin", "params fp16")
_GRADS_FP16 = translate("Napkin", "grads fp16")

#: Recipes for "largest model that fits" (activations excluded, as in the lecture). Their ids are
#: the Memory and Plan tabs' recipe names (:data:`core.memory.recipes.RECIPES`: the same dtypes of
#: weights, gradients, master copy and state), with those tabs' default optimizer, AdamW; two
#: napkin-only choices follow (SGD, inference). The ids of earlier releases are
#: :data:`RECIPE_ALIASES`.
RECIPES: dict[str, BytesRecipe] = {
    r.id: r
    for r in (
        BytesRecipe(
            "bf16",
            translate("Napkin", "bf16 params & grads, fp32 Adam moments (lecture)"),
            ((_PARAMS_BF16, 2), (_GRADS_BF16, 2), (_ADAM_M, 4), (_ADAM_V, 4)),
        ),
        BytesRecipe(
            "fp32",
            translate("Napkin", "fp32 everything (naive AdamW)"),
            ((_PARAMS_FP32, 4), (_GRADS_FP32, 4), (_ADAM_M, 4), (_ADAM_V, 4)),
        ),
        BytesRecipe(
            "amp",
            translate("Napkin", "mixed precision: bf16 params & grads + fp32 master, Adam m, v"),
            (
                (_PARAMS_BF16, 2),
                (_GRADS_BF16, 2),
                (_MASTER, 4),
                (_ADAM_M, 4),
                (_ADAM_V, 4),
            ),
        ),
        BytesRecipe(
            "fp16",
            translate(
                "Napkin", "mixed precision in fp16: fp16 params & grads + fp32 master, Adam m, v"
            ),
            (
                (_PARAMS_FP16, 2),
                (_GRADS_FP16, 2),
                (_MASTER, 4),
                (_ADAM_M, 4),
                (_ADAM_V, 4),
            ),
        ),
        BytesRecipe(
            "bf16-sgd",
            translate("Napkin", "bf16 params & grads, plain SGD"),
            ((_PARAMS_BF16, 2), (_GRADS_BF16, 2)),
        ),
        BytesRecipe(
            "bf16-inference",
            translate("Napkin", "bf16 weights only (inference)"),
            ((_PARAMS_BF16, 2),),
        ),
    )
}

#: The recipe ids of earlier releases, still read (a CLI flag or saved session keeps working).
RECIPE_ALIASES: dict[str, str] = {"bf16-adamw": "bf16", "fp32-adamw": "fp32", "amp-adamw": "amp"}


def recipe_id(value: object) -> object:
    """``value`` with an earlier release's recipe id (:data:`RECIPE_ALIASES`) read as today's."""
    return RECIPE_ALIASES.get(value, value) if isinstance(value, str) else value


def recipe(recipe_id_: object) -> BytesRecipe:
    """Look up a bytes-per-parameter recipe (an alias of :data:`RECIPE_ALIASES` too); the error
    lists the known ids."""
    try:
        return RECIPES[recipe_id(recipe_id_)]  # type: ignore[index]
    except (KeyError, TypeError):
        raise InputError(
            translate("Napkin", "recipe: unknown {value}; known: {known}").format(
                value=brief(recipe_id_),
                known=", ".join([*RECIPES, *(f"{a} (= {b})" for a, b in RECIPE_ALIASES.items())]),
            ),
            field="recipe",
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
    params_total: float | None = None

    @property
    def days(self) -> float:
        """Training time in days."""
        return self.seconds / SECONDS_PER_DAY

    @property
    def is_moe(self) -> bool:
        """Whether N is a mixture of experts' active count (below its total)."""
        return self.params_total is not None and self.params_total > self.params

    @property
    def params_active(self) -> float:
        """The N of 6·N·D: the parameters one token uses (all of them for a dense model)."""
        return self.params

    def formula(self) -> str:
        """The computation with the numbers filled in, one step per line."""
        flops, rate = _n(self.flops), _n(self.cluster_flops_per_s)
        if self.is_moe:  # the total stands beside it in the summary and the JSON
            lines = [
                translate("Napkin", "FLOPs = 6·N_active·D = 6 × {params} × {tokens} = {flops}").format(params=_n(self.params), tokens=_n(self.tokens),
                                            flops=flops),
            ]  # fmt: skip
        else:
            lines = [
                translate("Napkin", "FLOPs = 6 × N × D = 6 × {params} × {tokens} = {flops}").format(
                    params=_n(self.params), tokens=_n(self.tokens), flops=flops
                ),
            ]
        lines += [
            translate(
                "Napkin", "throughput = peak × MFU × GPUs = {peak} × {mfu} × {gpus} = {rate} FLOP/s"
            ).format(peak=_n(self.peak_flops), mfu=_n(self.mfu), gpus=f"{self.gpus:,}", rate=rate),
            translate("Napkin", "time = {flops} / {rate} = {seconds} s = {days} days").format(
                flops=flops, rate=rate, seconds=_n(self.seconds), days=_n(self.days)
            ),
        ]
        return join_texts(lines, "\n")

    def summary(self) -> str:
        """One humanised line: ``6.3e24 FLOPs at 253.3 EFLOP/s → 143.9 days``."""
        if self.is_moe:  # the FLOPs and the rate are in the formula below it
            return translate("Napkin", "{active} active of {total} → {time}").format(
                active=format_count(self.params),
                total=params_text(float(self.params_total or 0)),
                time=format_duration(self.seconds),
            )
        return translate("Napkin", "{flops} at {rate} → {time}").format(
            flops=format_flops(self.flops),
            rate=format_flop_rate(self.cluster_flops_per_s),
            time=format_duration(self.seconds),
        )

    @property
    def hfu(self) -> float:
        """HFU of this answer: 6·N·D are model FLOPs and nothing is recomputed, so = MFU."""
        return self.mfu

    @property
    def hfu_full_recompute(self) -> float:
        """HFU the same time implies with full activation recomputation (8·N·D executed)."""
        from core.roofline.utilization import FULL_RECOMPUTE_RATIO

        return self.mfu * FULL_RECOMPUTE_RATIO

    def to_dict(self) -> dict[str, float]:
        """JSON form for the CLI and sessions."""
        return {
            "params": self.params,
            "params_total": self.params if self.params_total is None else self.params_total,
            "params_active": self.params,
            "tokens": self.tokens,
            "gpus": self.gpus,
            "peak_flops": self.peak_flops,
            "mfu": self.mfu,
            "hfu": self.hfu,
            "hfu_full_recompute": self.hfu_full_recompute,
            "flops": self.flops,
            "cluster_flops_per_s": self.cluster_flops_per_s,
            "seconds": self.seconds,
            "days": self.days,
        }


def train_time(
    params: object,
    tokens: object,
    gpus: object,
    peak_flops: object,
    mfu: object,
    *,
    params_total: object = None,
) -> TrainTimeAnswer:
    """Training time = 6·N·D / (peak · MFU · GPUs).

    Parameters
    ----------
    params, tokens
        Model size N and training tokens D; for a mixture of experts N is the active count.
    params_total
        A mixture of experts' total parameters (``None`` for a dense model): shown beside N,
        at least N.
    gpus
        Number of accelerators (1 to 10 million).
    peak_flops
        Dense peak FLOP/s of one accelerator in the training dtype.
    mfu
        Model FLOPs utilisation in (0, 1].
    """
    n, d = _params(params), _tokens(tokens)
    total = None if params_total is None else _params(params_total)
    _check_active(n, total)
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
        params_total=total,
    )


def _check_active(active: float, total: float | None) -> None:
    if total is not None and active > total:
        raise InputError(
            translate("Napkin", "active params: {active} is more than the {total} parameters of "
                      "the model; allowed: at most N (empty for a dense model)").format(
                active=_n(active), total=_n(total)),
            field="active",
        )  # fmt: skip


def split_params(params: object, active: object) -> tuple[float, float | None]:
    """The N of 6·N·D and the total beside it, from the fields "Parameters N" (total) and
    "Active N" (empty for a dense model): ``(active, total)``, or ``(N, None)`` when dense."""
    total, used = _params(params), _active(active)
    if used is None or used == total:
        return total, None
    _check_active(used, total)
    return used, total


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
        lines = [
            translate("Napkin", "bytes/param = {recipe}").format(recipe=self.recipe_formula),
            translate(
                "Napkin",
                "total params = GPUs × memory / bytes per param = {gpus} × {memory} / {per} = "
                "{params}",
            ).format(
                gpus=f"{self.gpus:,}",
                memory=_n(self.memory_bytes),
                per=_n(self.bytes_per_param),
                params=_n(self.params),
            ),
        ]
        return join_texts(lines, "\n")

    def summary(self) -> str:
        """One humanised line."""
        return translate("Napkin", "{total} / {per} B per param → {count}").format(
            total=format_bytes(self.gpus * self.memory_bytes),
            per=_n(self.bytes_per_param),
            count=params_text(self.params),
        )

    def to_dict(self) -> dict[str, float | str]:
        """JSON form for the CLI: ``params`` and ``params_total`` are the same count (every
        parameter, all experts of a mixture of experts)."""
        return {
            "gpus": self.gpus,
            "memory_bytes": self.memory_bytes,
            "bytes_per_param": self.bytes_per_param,
            "recipe": self.recipe_formula,
            "params": self.params,
            "params_total": self.params,
        }


#: What the largest-model answer counts, said beside it.
TOTAL_NOTE = translate(
    "Napkin",
    "counts total parameters: a mixture of experts keeps every expert's weights, gradients and "
    "optimizer state, though each token uses only its active ones",
)


def max_params(
    gpus: object, memory_bytes: object, bytes_per_param: object | BytesRecipe
) -> MaxParamsAnswer:
    """Largest parameter count whose params, grads and optimizer state fit (activations excluded).

    The count is of **total** parameters (:data:`TOTAL_NOTE`).

    ``bytes_per_param`` is a number or a :class:`BytesRecipe`.
    """
    n_gpus = _gpus(gpus)
    memory = _memory(memory_bytes)
    if isinstance(bytes_per_param, BytesRecipe):
        bpp, text = bytes_per_param.total, bytes_per_param.formula()
    else:
        bpp = _bytes_per_param(bytes_per_param)
        text = translate("Napkin", "{value} bytes/param").format(value=_n(bpp))
    return MaxParamsAnswer(n_gpus, memory, bpp, text, n_gpus * memory / bpp)


def params_text(count: float) -> Text:
    """A parameter count with its noun, as :func:`core.units.format_count` writes it
    (``53.33 B params``, ``1 param``), translatable."""
    number = format_count(count)
    if number == "1":
        return translate("Napkin", "1 param")
    return translate("Napkin", "{count} params").format(count=number)


def tokens_text(count: float) -> Text:
    """A token count with its noun (``3.127 T tokens``, ``1 token``), translatable."""
    number = format_count(count)
    if number == "1":
        return translate("Napkin", "1 token")
    return translate("Napkin", "{count} tokens").format(count=number)


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
        translate(
            "Napkin",
            "GPUs = FLOPs / (peak × MFU × seconds) = {flops} / ({peak} × {mfu} × {seconds}) = "
            "{exact} → {count}",
        ).format(
            flops=_n(flops),
            peak=_n(peak),
            mfu=_n(util),
            seconds=_n(seconds),
            exact=_n(exact),
            count=_whole(count),
        ),
        feasible,
        ""
        if feasible
        else translate("Napkin", "more than 10 million GPUs: no cluster that size exists"),
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
        translate(
            "Napkin",
            "MFU = FLOPs / (peak × GPUs × seconds) = {flops} / ({peak} × {gpus} × {seconds}) = "
            "{need} = {percent}",
        ).format(
            flops=_n(flops),
            peak=_n(peak),
            gpus=f"{n_gpus:,}",
            seconds=_n(seconds),
            need=_n(need),
            percent=format_percent(need),
        ),
        feasible,
        "" if feasible else translate("Napkin", "needs more than 100% of peak: add GPUs or time"),
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
        translate(
            "Napkin",
            "tokens = peak × MFU × GPUs × seconds / (6 × N) = {peak} × {mfu} × {gpus} × {seconds} / "
            "(6 × {params}) = {tokens}",
        ).format(
            peak=_n(peak),
            mfu=_n(util),
            gpus=f"{n_gpus:,}",
            seconds=_n(seconds),
            params=_n(n),
            tokens=_n(tokens),
        ),
    )
