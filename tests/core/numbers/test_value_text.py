"""The safe value parser: what it accepts, exact values, and a clear message for anything else."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.errors import InputError
from core.numbers.analysis import compare
from core.numbers.formats import FORMATS
from core.numbers.value_text import parse_code, parse_value, parse_value_text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("0.1", Fraction(1, 10)),
        ("1e-8", Fraction(1, 10**8)),
        ("-6.5E+3", Fraction(-6500)),
        ("1/3", Fraction(1, 3)),
        ("2**-9", Fraction(1, 512)),
        ("2^-9", Fraction(1, 512)),
        ("(1 + 2**-10) * 3", Fraction(3) + Fraction(3, 1024)),
        ("-2**2", Fraction(-4)),  # power binds tighter than unary minus, as in Python
        ("1_000", Fraction(1000)),
        (".5", Fraction(1, 2)),
        ("\u22121/4", Fraction(-1, 4)),
    ],
)
def test_values_are_exact(text, expected):
    assert parse_value(text) == expected
    assert isinstance(parse_value(text), Fraction)


def test_constants_and_specials():
    pi = parse_value("pi")
    assert abs(float(pi) - math.pi) < 1e-15 and parse_value_text("pi").approximate
    assert abs(float(parse_value("e")) - math.e) < 1e-15
    assert parse_value("-inf") == -math.inf and parse_value("Infinity") == math.inf
    assert math.isnan(parse_value("nan"))
    zero = parse_value("-0.0")
    assert zero == 0 and math.copysign(1, zero) < 0


def test_codes():
    assert parse_value_text("0x7e").code == 0x7E
    assert parse_value_text("0b0111_1110").code == 0x7E
    assert parse_code("0x7e", 8) == 126 and parse_code("126", 8) == 126
    with pytest.raises(InputError, match=r"0x100 is out of range for float8_e4m3fn.*0xff"):
        parse_code("0x100", 8, "float8_e4m3fn")
    with pytest.raises(InputError, match="is a code"):
        parse_value("0x7e")


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "empty"),
        ("1/0", "division by zero"),
        ("import os", "unknown name"),
        ("__import__('os')", "unexpected"),
        ("2**0.5", "whole number"),
        ("10**10**10", "too large"),
        ("1e999999", "beyond"),
        ("1 2", "operator"),
        ("(1+2", "ends too early"),
        ("inf+1", "on its own"),
        ("0b102", "binary"),
        ("((((" * 20 + "1" + "))))" * 20, "nests too deeply"),
    ],
)
def test_bad_text_gets_a_clear_message(text, fragment):
    with pytest.raises(InputError) as err:
        parse_value_text(text)
    assert fragment in err.value.message


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_any_text_gives_a_value_or_a_message(text):
    try:
        parsed = parse_value_text(text)
    except InputError as exc:
        assert exc.message
        return
    if parsed.value is not None:  # whatever parses can be stored in every format
        for row in compare(parsed.value):
            assert row.format_id in FORMATS


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="0123456789.eE+-*/^()pi x_", max_size=30))
def test_arithmetic_like_text_gives_a_value_or_a_message(text):
    try:
        parse_value_text(text)
    except InputError as exc:
        assert exc.message


@settings(max_examples=200, deadline=None)
@given(st.floats(allow_nan=False, allow_infinity=False))
def test_repr_of_any_float_parses_back_to_that_float(x):
    # repr is the shortest decimal that rounds back to x, so the exact decimal rounds back to x
    assert float(parse_value(repr(x))) == x


@settings(max_examples=150, deadline=None)
@given(
    st.integers(-(10**6), 10**6),
    st.integers(-1000, 1000),
    st.sampled_from(["torch", "ocp"]),
)
def test_any_magnitude_is_stored_in_every_format_without_error(mantissa, exponent, policy):
    value = parse_value(f"{mantissa}e{exponent}")
    for row in compare(value, policy):
        assert row.abs_error is None or not math.isnan(row.abs_error)
