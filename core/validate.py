"""Validators for numbers that come from people: text fields, CLI arguments and session files.

Each validator accepts a number or a string (``"70e9"``, ``"1,024"``, ``"15T"``), and either returns a
finite Python number inside the allowed range or raises :class:`~core.errors.InputError` with a
message naming the field, the bad value and what is allowed.
"""

from __future__ import annotations

import math
import re
from numbers import Real

from core.errors import InputError

__all__ = ["SUFFIXES", "fraction", "parse_number", "positive_float", "positive_int"]

#: Multipliers accepted after a number: ``15T`` tokens, ``70B`` parameters, ``80G`` bytes.
SUFFIXES: dict[str, float] = {
    "k": 1e3,
    "K": 1e3,
    "M": 1e6,
    "G": 1e9,
    "B": 1e9,
    "T": 1e12,
    "P": 1e15,
    "E": 1e18,
}

_NUMBER = re.compile(
    r"^(?P<num>[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?)\s*(?P<suffix>[kKMGBTPE]?)$"
)


def _describe(value: object) -> str:
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 40 else text[:37] + "..."


def parse_number(value: object, field: str) -> float:
    """Turn a number or a person's text into a finite float.

    Accepts ints, floats and strings such as ``"1024"``, ``"1,024"``, ``"6.3e24"``, ``"70B"``,
    ``"15 T"``, ``"1_000"``. Rejects booleans, NaN, infinities and values beyond float range.

    Raises
    ------
    InputError
        Naming ``field`` and the bad value.
    """
    if isinstance(value, bool) or value is None:
        raise InputError(f"{field}: {_describe(value)} is not a number", field=field)
    if isinstance(value, Real):
        try:
            number = float(value)
        except OverflowError:
            raise InputError(f"{field}: {_describe(value)} is too large", field=field) from None
    elif isinstance(value, str):
        text = value.strip().replace(",", "").replace("_", "")
        if not text:
            raise InputError(f"{field}: empty; enter a number such as 1024 or 7e9", field=field)
        match = _NUMBER.match(text)
        if match is None:
            raise InputError(
                f"{field}: {_describe(value)} is not a number; use digits with an optional exponent "
                "(6.3e24) or suffix (k, M, B/G, T, P, E)",
                field=field,
            )
        number = float(match["num"]) * SUFFIXES.get(match["suffix"], 1.0)
    else:
        raise InputError(f"{field}: expected a number, got {type(value).__name__}", field=field)
    if math.isnan(number):
        raise InputError(f"{field}: NaN is not allowed; enter a number", field=field)
    if math.isinf(number):
        raise InputError(f"{field}: {_describe(value)} is too large (overflows)", field=field)
    return number


def _range_text(low: float, high: float, integer: bool, low_inclusive: bool) -> str:
    kind = "an integer" if integer else "a number"
    low_word = "from" if low_inclusive else "above"
    if integer:
        return f"allowed: {kind} {low_word} {int(low):,} to {int(high):,}"
    return f"allowed: {kind} {low_word} {low:g} to {high:g}"


def positive_float(
    value: object,
    field: str,
    *,
    high: float = 1e30,
    low: float = 0.0,
    allow_low: bool = False,
) -> float:
    """Validate a real quantity that must lie in ``(low, high]`` (or ``[low, high]``).

    The default range ``(0, 1e30]`` suits counts of FLOPs, tokens, parameters and bytes while
    refusing absurd input (``1e400`` overflows earlier; ``1e31`` is refused here).
    """
    number = parse_number(value, field)
    too_low = number < low if allow_low else number <= low
    if too_low or number > high:
        problem = "too small" if too_low else "too large"
        raise InputError(
            f"{field}: {number:g} is {problem}; {_range_text(low, high, False, allow_low)}",
            field=field,
        )
    return number


def positive_int(value: object, field: str, *, high: int = 10**7, low: int = 1) -> int:
    """Validate a whole count in ``[low, high]`` (GPUs, layers, batch size, ...).

    Accepts ``8``, ``8.0``, ``"8"`` and ``"1e3"``; refuses ``8.5``.
    """
    number = parse_number(value, field)
    if number != math.floor(number):
        raise InputError(
            f"{field}: {number:g} is not a whole number; {_range_text(low, high, True, True)}",
            field=field,
        )
    if number < low or number > high:
        problem = "too small" if number < low else "too large"
        raise InputError(
            f"{field}: {number:g} is {problem}; {_range_text(low, high, True, True)}",
            field=field,
        )
    return int(number)


def fraction(value: object, field: str) -> float:
    """Validate a utilisation-like ratio in ``(0, 1]``; accepts ``"50%"`` as 0.5."""
    if isinstance(value, str) and value.strip().endswith("%"):
        number = parse_number(value.strip()[:-1], field) / 100.0
    else:
        number = parse_number(value, field)
    if not 0.0 < number <= 1.0:
        raise InputError(
            f"{field}: {number:g} is out of range; allowed: a fraction above 0 up to 1 "
            "(or a percentage such as 50%)",
            field=field,
        )
    return number
