"""Every accepted input gives a finite answer; anything else is refused with its range (issue 11)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core import napkin
from core.errors import InputError

# The accepted ranges, written out by hand from the lecture's sense of scale (not read from code).
PARAMS = (1.0, 1e16)
TOKENS = (1.0, 1e18)
GPUS = (1, 10_000_000)
MFU = (1e-6, 1.0)
DAYS = (1e-6, 1e6)
PEAK = (1.0, 1e21)


def _edges(low: float, high: float) -> st.SearchStrategy[float]:
    return st.one_of(st.sampled_from([low, high]), st.floats(low, high))


@settings(max_examples=150, deadline=None)
@given(
    n=_edges(*PARAMS),
    d=_edges(*TOKENS),
    g=st.sampled_from(GPUS) | st.integers(*GPUS),
    m=_edges(*MFU),
    days=_edges(*DAYS),
    peak=_edges(*PEAK),
)
def test_every_accepted_input_gives_finite_answers_and_formulas(n, d, g, m, days, peak) -> None:
    answers = [
        napkin.train_time(n, d, g, peak, m).seconds,
        napkin.gpus_needed(n, d, days, peak, m).value,
        napkin.mfu_needed(n, d, g, days, peak).value,
        napkin.tokens_in_budget(n, g, days, peak, m).value,
    ]
    assert all(math.isfinite(a) and a > 0 for a in answers)
    texts = [
        napkin.train_time(n, d, g, peak, m).formula(),
        napkin.train_time(n, d, g, peak, m).summary(),
        napkin.gpus_needed(n, d, days, peak, m).formula,
        napkin.tokens_in_budget(n, g, days, peak, m).formula,
    ]
    assert not any("inf" in t or "nan" in t for t in texts)


@pytest.mark.parametrize(
    ("call", "field"),
    [
        (lambda: napkin.tokens_in_budget(5e-324, 1024, 1e6, 989.5e12, 0.5), "params"),
        (lambda: napkin.gpus_needed(70e9, 15e12, 5e-324, 989.5e12, 0.5), "days"),
        (lambda: napkin.gpus_needed(70e9, 15e12, 30, 989.5e12, 5e-324), "MFU"),
        (lambda: napkin.mfu_needed(70e9, 15e12, 8, 30, 5e-324), "peak FLOP/s"),
        (lambda: napkin.max_params(8, 80e9, 5e-324), "bytes per param"),
        (lambda: napkin.max_params(8, 5e-324, 12), "memory per GPU"),
        (lambda: napkin.train_time(70e9, 0.5, 8, 989.5e12, 0.5), "tokens"),
    ],
)
def test_tiny_values_are_refused_naming_the_field_and_range(call, field: str) -> None:
    with pytest.raises(InputError) as info:
        call()
    assert info.value.message.startswith(f"{field}: ") and "allowed: " in info.value.message


def test_the_largest_cluster_question_stays_finite() -> None:
    # 6 · 1e16 · 1e18 FLOPs in 1e-6 days (0.0864 s) at 1 FLOP/s and MFU 1e-6, by hand:
    exact = 6 * 1e16 * 1e18 / (1.0 * 1e-6 * 0.0864)
    answer = napkin.gpus_needed(1e16, 1e18, 1e-6, 1.0, 1e-6)
    assert answer.value == pytest.approx(exact) and not answer.feasible
    assert answer.formula.endswith("→ 6.944e41")
