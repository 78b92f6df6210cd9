"""The napkin formulas against the lecture's two questions, derived by hand here."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core import napkin
from core.errors import InputError
from core.roofline.hardware import load_catalog
from core.units import format_duration

H100 = load_catalog().get("h100-sxm")


def test_lecture_question_one_143_days() -> None:
    # Lecture: total = 6 * 70e9 * 15e12; per day = 1979e12/2 * 0.5 * 1024 * 86400.
    expected_days = (6 * 70e9 * 15e12) / (1979e12 / 2 * 0.5 * 1024 * 60 * 60 * 24)
    answer = napkin.train_time(70e9, 15e12, 1024, H100.peak("bf16"), 0.5)
    assert answer.flops == pytest.approx(6.3e24)
    assert answer.days == pytest.approx(expected_days)
    assert round(answer.days, 1) == 143.9


def test_lecture_question_two_53b_params() -> None:
    # Lecture: (80e9 * 8) / (2 + 2 + (4 + 4)).
    answer = napkin.max_params(8, H100.memory_bytes, napkin.recipe("bf16-adamw"))
    assert answer.bytes_per_param == 2 + 2 + 4 + 4
    assert answer.params == pytest.approx(80e9 * 8 / 12)
    assert (
        "2 (params bf16) + 2 (grads bf16) + 4 (Adam m fp32) + 4 (Adam v fp32) = 12"
        in answer.formula()
    )


def test_naive_fp32_adamw_is_16_bytes() -> None:
    assert napkin.recipe("fp32-adamw").total == 4 + 4 + 4 + 4


def test_formula_shows_the_substituted_numbers() -> None:
    text = napkin.train_time(70e9, 15e12, 1024, 989.5e12, 0.5).formula()
    assert "6 × 7e10 × 1.5e13 = 6.3e24" in text
    assert "143.9 days" in text


def test_inverse_questions_round_trip() -> None:
    peak = H100.peak("bf16")
    days = napkin.train_time(70e9, 15e12, 1024, peak, 0.5).days
    # 1024 GPUs finish in `days`, so that deadline needs at most 1024 GPUs and exactly MFU 0.5.
    assert napkin.gpus_needed(70e9, 15e12, days, peak, 0.5).value == 1024
    assert napkin.mfu_needed(70e9, 15e12, 1024, days, peak).value == pytest.approx(0.5)
    assert napkin.tokens_in_budget(70e9, 1024, days, peak, 0.5).value == pytest.approx(15e12)


def test_impossible_mfu_is_flagged() -> None:
    answer = napkin.mfu_needed(70e9, 15e12, 8, 1, H100.peak("bf16"))
    assert answer.value > 1 and not answer.feasible and "100%" in answer.note


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"params": 0}, "params"),
        ({"tokens": -1}, "tokens"),
        ({"gpus": 0}, "GPUs"),
        ({"gpus": 10**30}, "GPUs"),
        ({"gpus": 2.5}, "GPUs"),
        ({"mfu": 0}, "MFU"),
        ({"mfu": 1.5}, "MFU"),
        ({"mfu": float("nan")}, "MFU"),
        ({"peak_flops": float("inf")}, "peak"),
        ({"params": "1e400"}, "params"),
        ({"tokens": ""}, "tokens"),
        ({"params": None}, "params"),
    ],
)
def test_bad_inputs_name_the_field(kwargs: dict, field: str) -> None:
    args = {
        "params": 70e9,
        "tokens": 15e12,
        "gpus": 1024,
        "peak_flops": 989.5e12,
        "mfu": 0.5,
    } | kwargs
    with pytest.raises(InputError) as info:
        napkin.train_time(**args)
    assert info.value.message.startswith(field)


def test_unknown_recipe_lists_known() -> None:
    with pytest.raises(InputError, match="bf16-adamw"):
        napkin.recipe("nope")


@given(
    params=st.floats(1e3, 1e15),
    tokens=st.floats(1e3, 1e17),
    gpus=st.integers(1, 10**6),
    mfu=st.floats(0.01, 1.0),
)
def test_time_scales_inversely_with_gpus(
    params: float, tokens: float, gpus: int, mfu: float
) -> None:
    one = napkin.train_time(params, tokens, 1, 1e15, mfu)
    many = napkin.train_time(params, tokens, gpus, 1e15, mfu)
    assert math.isclose(one.seconds / gpus, many.seconds, rel_tol=1e-9)


def test_sentences_are_translatable_and_their_english_is_unchanged() -> None:
    from core.texts import Text

    answer = napkin.train_time(70e9, 15e12, 1024, 989.5e12, 0.5)
    formula = answer.formula()
    assert isinstance(formula, Text)
    assert formula.splitlines()[2] == "time = 6.3e24 / 5.066e17 = 1.244e7 s = 143.9 days"
    line = formula.args["p2"]
    assert (line.context, line.template) == (
        "Napkin",
        "time = {flops} / {rate} = {seconds} s = {days} days",
    )
    assert answer.summary() == "6.3e24 FLOPs at 506.6 PFLOP/s → 143.9 days"
    days = format_duration(answer.seconds)
    assert (days.context, days.template) == ("Units", "{n} days")
    fit = napkin.max_params(8, 80e9, napkin.recipe("bf16-adamw"))
    assert fit.summary() == "640 GB / 12 B per param → 53.33 B params"
    assert napkin.params_text(1) == "1 param" and napkin.tokens_text(3.127e12) == "3.127 T tokens"
    with pytest.raises(InputError) as err:
        napkin.recipe("nope")
    assert isinstance(err.value.message, Text) and err.value.message.context == "Napkin"


def test_train_time_states_its_hfu_with_and_without_recomputation() -> None:
    # 6·N·D are model FLOPs: nothing is recomputed, HFU = MFU. Full recomputation runs every
    # forward (2·N·D) once more in the same time: 8·N·D executed, HFU = MFU × 8/6 (hand count).
    from core.napkin import train_time

    answer = train_time(70e9, 15e12, 1024, 989.5e12, 0.5)
    assert answer.hfu == answer.mfu == 0.5
    assert answer.hfu_full_recompute == pytest.approx(0.5 * 8 / 6)
    assert answer.to_dict()["hfu_full_recompute"] == pytest.approx(2 / 3)
