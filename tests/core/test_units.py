"""Number formatting: no binary noise, singular units, percentages, non-finite values (issue 11)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.units import (
    format_bytes,
    format_count,
    format_duration,
    format_flop_rate,
    format_flops,
    format_number,
    format_percent,
    format_sig,
    plural,
)


@pytest.mark.parametrize(
    ("value", "text"),
    [(0.552, "0.552"), (0.1 + 0.2, "0.3"), (143.9, "143.9"), (6.3e24, "6.3e24"), (1e-6, "1e-6")],
)
def test_numbers_have_no_representation_noise(value: float, text: str) -> None:
    assert format_number(value) == text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (format_count(1, "GPUs"), "1 GPU"),
        (format_count(2, "GPUs"), "2 GPUs"),
        (format_count(1, "params"), "1 param"),
        (format_count(1e9, "params"), "1 B params"),
        (format_flops(1), "1 FLOP"),
        (format_flops(2), "2 FLOPs"),
        (plural(1, "days"), "day"),
        (plural(1.5, "days"), "days"),
    ],
)
def test_one_of_a_unit_is_singular(text: str, expected: str) -> None:
    assert text == expected


@pytest.mark.parametrize(
    ("ratio", "text"), [(0.5, "50%"), (2.399, "240%"), (0.00113, "0.113%"), (1.0, "100%")]
)
def test_ratios_as_percentages(ratio: float, text: str) -> None:
    assert format_percent(ratio) == text


@given(st.floats(allow_nan=True, allow_infinity=True))
def test_every_formatter_takes_every_float(value: float) -> None:
    for formatter in (
        format_number,
        format_sig,
        format_count,
        format_bytes,
        format_flops,
        format_flop_rate,
        format_duration,
        format_percent,
    ):
        text = formatter(value)
        assert text and "e+" not in text
        if math.isfinite(value):
            assert "inf" not in text and "nan" not in text


@pytest.mark.parametrize(
    ("value", "expected"),
    [(1.462e12, (1e12, "TB")), (80e9, (1e9, "GB")), (999.0, (1.0, "B")), (0.0, (1.0, "B")),
     (7.8e15, (1e15, "PB")), (1.6e9, (1e9, "GB"))],
)  # fmt: skip
def test_byte_unit_is_the_unit_format_bytes_writes(value: float, expected) -> None:
    from core.units import byte_unit, format_bytes

    assert byte_unit(value) == expected
    assert format_bytes(value).endswith(" " + expected[1])
