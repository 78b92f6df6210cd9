"""Validators: every input gives a number in range or an InputError naming the field."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.errors import InputError
from core.validate import fraction, parse_number, positive_float, positive_int


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("1024", 1024),
        ("1,024", 1024),
        ("6.3e24", 6.3e24),
        ("70B", 70e9),
        ("15 T", 15e12),
        ("1_000", 1000),
        (" 2.5k ", 2500),
        (".5", 0.5),
        (7, 7),
        (0.25, 0.25),
    ],
)
def test_accepted_forms(text: object, value: float) -> None:
    assert parse_number(text, "x") == pytest.approx(value)


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "  ",
        "abc",
        "1e400",
        "nan",
        "inf",
        "-inf",
        "1..2",
        "0x10",
        "2**8",
        "__import__('os')",
        True,
        None,
        [1],
        float("nan"),
        float("inf"),
    ],
)
def test_rejected_forms_say_what_and_where(bad: object) -> None:
    with pytest.raises(InputError) as info:
        parse_number(bad, "tokens")
    assert info.value.field == "tokens"
    assert info.value.message.startswith("tokens:")


def test_ranges() -> None:
    with pytest.raises(InputError, match="too small; allowed: an integer from 1 to 10,000,000"):
        positive_int(0, "GPUs")
    with pytest.raises(InputError, match="not a whole number"):
        positive_int("2.5", "GPUs")
    with pytest.raises(InputError, match="too large"):
        positive_float(1e31, "params")
    assert fraction("50%", "MFU") == 0.5
    with pytest.raises(InputError, match=r"allowed: 1e-6 to 1 \(or 1e-4% to 100%\)"):
        fraction(0, "MFU")


@pytest.mark.parametrize(
    ("text", "value"),
    [("70b", 70e9), ("15t", 15e12), ("2k", 2e3), ("125m", 125e6), ("80g", 80e9), ("1p", 1e15)],
)
def test_suffixes_in_either_case(text: str, value: float) -> None:
    assert parse_number(text, "x") == parse_number(text.upper(), "x") == pytest.approx(value)


@pytest.mark.parametrize("tiny", [5e-324, "5e-324", 1e-31, "2.2e-308"])
def test_subnormal_and_tiny_quantities_are_refused_with_the_range(tiny: object) -> None:
    # 1 / 5e-324 overflows to inf: every real quantity has a lower bound, said in the message.
    with pytest.raises(InputError, match=r"too small; allowed: a number from 1e-30 to 1e30"):
        positive_float(tiny, "bandwidth")
    with pytest.raises(InputError, match="allowed: 1e-6 to 1"):
        fraction(tiny, "MFU")
    assert positive_float(0, "FLOPs", low=0.0) == 0.0  # a caller may allow zero explicitly


def test_messages_print_numbers_without_noise() -> None:
    with pytest.raises(InputError) as info:
        positive_float("-1e9", "params", low=1.0, high=1e16)
    assert info.value.message == "params: -1e9 is too small; allowed: a number from 1 to 1e16"


@given(
    st.one_of(
        st.text(max_size=30),
        st.floats(allow_nan=True, allow_infinity=True),
        st.integers(min_value=-(10**40), max_value=10**40),
        st.none(),
        st.booleans(),
    )
)
def test_fuzz_never_raises_anything_else(value: object) -> None:
    for validator in (
        lambda v: positive_float(v, "f"),
        lambda v: positive_int(v, "i"),
        lambda v: fraction(v, "m"),
    ):
        try:
            result = validator(value)
        except InputError as exc:
            assert exc.message
        else:
            assert math.isfinite(result) and result >= 1e-30
            assert math.isfinite(1.0 / result)


@pytest.mark.parametrize("text", ["2,,3", "1,0", "1,00", ",1", "1,", "1__0", "_1", "1,0000"])
def test_misplaced_separators_are_refused(text: str) -> None:
    with pytest.raises(InputError, match="is not a number; allowed: "):
        parse_number(text, "x")


@pytest.mark.parametrize(
    ("text", "value"),
    [("1,024", 1024), ("1,024,000.5", 1024000.5), ("12,345B", 12345e9), ("1_000_000", 1e6)],
)
def test_grouped_digits_are_accepted(text: str, value: float) -> None:
    assert parse_number(text, "x") == value


def test_lists_refuse_empty_items_naming_the_position() -> None:
    from core.validate import split_list

    assert split_list(" 2, 3 ,4 ", "shape", example="2,3,4") == ["2", "3", "4"]
    assert split_list("", "shape", example="2,3,4") == []
    assert split_list("7,", "shape", example="2", trailing_comma=True) == ["7"]
    for bad in ("2,,3", ",2", "2,", "2, ,3"):
        with pytest.raises(InputError, match=r"shape: item \d of .* is empty; allowed: items"):
            split_list(bad, "shape", example="2,3,4")


def test_device_entries_share_the_lower_bound() -> None:
    # A user device with a subnormal peak would give an infinite ridge and infinite times.
    from core.roofline.hardware import device_from_dict, load_catalog

    entry = load_catalog().get("h100-sxm").to_dict()
    entry["peak_flops"] = {"bf16": 5e-324}
    with pytest.raises(InputError, match="is out of range; allowed: 1 <= x <="):
        device_from_dict({**entry, "id": "tiny"}, user_defined=True)
