"""Compute-optimal training: how many tokens a model of N parameters should see, and the size a
FLOP budget buys.

The rule is Hoffmann et al. 2022, "Training Compute-Optimal Large Language Models" ("Chinchilla",
arXiv 2203.15556): scale parameters and tokens equally (Table 2, Approach 1: N_opt ∝ C^0.50,
D_opt ∝ C^0.50), which at the paper's scale is about 20 tokens per parameter (Table 3, Approach 1:
1 B parameters → 20.2 B tokens, 10 B → 205.1 B; the Chinchilla model itself, 70 B parameters on
1.4 T tokens, Section 4.1). With training FLOPs C = 6·N·D (the paper's approximation, as the
lecture's) and D = r·N:

* for N parameters: D = r · N, C = 6 · N · D;
* for a budget C: N = √(C / (6 · r)), D = r · N.

``r`` is 20 unless the person types another (a later run may choose to over-train on purpose;
the rule answers "compute-optimal" only). Sentences are :class:`core.texts.Text` (``Napkin``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from core.napkin.training import FLOPS_PER_PARAM_TOKEN, VALIDATORS, params_text, tokens_text
from core.texts import Text, join_texts, translate
from core.units import format_flops
from core.units import format_number as _n
from core.validate import positive_float

__all__ = [
    "CHINCHILLA_SOURCE",
    "TOKENS_PER_PARAM",
    "ComputeOptimal",
    "compute_optimal",
    "tokens_per_param",
]

#: Tokens per parameter of compute-optimal training (Hoffmann et al. 2022, Table 3, Approach 1).
TOKENS_PER_PARAM = 20.0

#: Where the rule comes from, as the CLI and the card name it.
CHINCHILLA_SOURCE = translate(
    "Napkin",
    "Hoffmann et al. 2022, Training Compute-Optimal Large Language Models (Chinchilla), "
    "arXiv 2203.15556: Table 3 (Approach 1, about 20 tokens per parameter), Table 2 "
    "(N_opt and D_opt both ∝ C^0.50); Chinchilla itself: 70B parameters, 1.4T tokens (Section 4.1)",
)

_MAX_FLOPS = 1e32
_RATIO = translate("Napkin", "tokens per parameter")


def tokens_per_param(value: object) -> float:
    """Validate a tokens-per-parameter ratio (0.01 to 1e6)."""
    return positive_float(value, _RATIO, low=0.01, high=1e6, unit="plain")


def _flops(value: object) -> float:
    return positive_float(value, translate("Napkin", "FLOPs"), low=1.0, high=_MAX_FLOPS)


@dataclass(frozen=True)
class ComputeOptimal:
    """A compute-optimal pair: ``params`` trained on ``tokens``, costing ``flops`` (6·N·D)."""

    params: float
    tokens: float
    flops: float
    ratio: float
    given: str  # "params" or "flops": which one the person gave

    @property
    def rule(self) -> str:
        """The rule in words (English; the card shows :meth:`rule_text`)."""
        return f"D = {self.ratio:g} × N (compute-optimal, Chinchilla), C = 6 × N × D"

    def rule_text(self) -> Text:
        """The rule, translatable."""
        return translate(
            "Napkin", "D = {ratio} × N (compute-optimal, Chinchilla), C = 6 × N × D"
        ).format(ratio=f"{self.ratio:g}")

    def formula(self) -> Text:
        """The computation with the numbers filled in, one step per line."""
        n, d, c, r = _n(self.params), _n(self.tokens), _n(self.flops), f"{self.ratio:g}"
        if self.given == "params":
            lines = [
                translate("Napkin", "D = {ratio} × N = {ratio} × {params} = {tokens}").format(
                    ratio=r, params=n, tokens=d
                ),
                translate("Napkin", "C = 6 × N × D = 6 × {params} × {tokens} = {flops}").format(
                    params=n, tokens=d, flops=c
                ),
            ]
        else:
            lines = [
                translate(
                    "Napkin", "N = √(C / (6 × {ratio})) = √({flops} / {denominator}) = {params}"
                ).format(ratio=r, flops=c, denominator=_n(6 * self.ratio), params=n),
                translate("Napkin", "D = {ratio} × N = {ratio} × {params} = {tokens}").format(
                    ratio=r, params=n, tokens=d
                ),
            ]
        return join_texts(lines, "\n")

    def summary(self) -> Text:
        """``70 B params on 1.4 T tokens (5.88e23 FLOPs)``."""
        return translate("Napkin", "{params} on {tokens} ({flops})").format(
            params=params_text(self.params),
            tokens=tokens_text(self.tokens),
            flops=format_flops(self.flops),
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON form: ``params``, ``tokens``, ``flops``, the rule and its source."""
        return {
            "params": self.params,
            "tokens": self.tokens,
            "flops": self.flops,
            "tokens_per_param": self.ratio,
            "given": self.given,
            "rule": self.rule,
            "source": str(CHINCHILLA_SOURCE),
            "formula": str(self.formula()),
        }


def compute_optimal(
    params: object = None, flops: object = None, ratio: object = TOKENS_PER_PARAM
) -> ComputeOptimal:
    """The compute-optimal tokens for ``params``, or the size and tokens for a ``flops`` budget.

    Give exactly one of ``params`` and ``flops`` (text such as ``70B`` or ``5.76e23`` is parsed).

    Raises
    ------
    InputError
        For both or neither given, or a value out of range.
    """
    from core.errors import InputError

    if (params is None) == (flops is None):
        raise InputError(
            translate("Napkin", "give the parameters or the FLOP budget, not both or neither")
        )
    r = tokens_per_param(ratio)
    if params is not None:
        n = VALIDATORS["params"](params)
        d = r * n
        return ComputeOptimal(n, d, FLOPS_PER_PARAM_TOKEN * n * d, r, "params")
    c = _flops(flops)
    n = math.sqrt(c / (FLOPS_PER_PARAM_TOKEN * r))
    return ComputeOptimal(n, r * n, c, r, "flops")
