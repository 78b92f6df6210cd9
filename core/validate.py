"""Validators for numbers that come from people: text fields, CLI arguments and session files.

Each validator accepts a number or a string (``"70e9"``, ``"1,024"``, ``"15T"``, ``"70b"``), and
either returns a finite Python number inside the allowed range or raises
:class:`~core.errors.InputError` with a message naming the field, the bad value and what is allowed.

Every range is closed and bounded on both sides: a real quantity is at least :data:`TINY` unless a
caller allows zero, so no accepted value can make a later division overflow to infinity
(``5e-324`` parameters would buy infinitely many tokens).

Messages are :class:`core.texts.Text` (context ``Validate``): English for the CLI, translated where
the window shows them (``widgets.i18n.localized``). The field name is the caller's; pass a ``Text``
to have it translated too.
"""

from __future__ import annotations

import math
import re
from numbers import Real

from core.echo import brief
from core.errors import InputError
from core.texts import Text, translate
from core.units import format_number

__all__ = [
    "BINARY",
    "DTYPE_SPELLINGS",
    "MIN_FRACTION",
    "SUFFIXES",
    "TINY",
    "UNITS",
    "dtype_spelling",
    "file_path",
    "fraction",
    "parse_number",
    "positive_float",
    "positive_int",
    "split_list",
]

#: Multipliers accepted after a number, in either case (``15T`` or ``15t`` tokens, ``70B`` or
#: ``70b`` parameters, ``80G`` bytes, ``125m`` = 125 million as in model names); exa only as ``E``,
#: since a lower-case ``e`` starts an exponent.
SUFFIXES: dict[str, float] = {
    "k": 1e3,
    "m": 1e6,
    "g": 1e9,
    "b": 1e9,
    "t": 1e12,
    "p": 1e15,
    "E": 1e18,
}

#: The smallest real quantity accepted unless a caller allows zero: far below anything physical,
#: far above the subnormals whose reciprocals overflow.
TINY = 1e-30
#: The smallest utilisation-like ratio accepted (0.0001 %).
MIN_FRACTION = 1e-6

_NUMBER = re.compile(
    r"^(?P<num>[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?)\s*"
    r"(?:(?P<binary>[kKmMgGtTpPE]i)|(?P<suffix>[kKmMgGbBtTpPE]?))"
    r"\s*(?P<unit>B|bytes?|FLOPs?|flops?|FLOP)?(?P<rate>/s)?$"
)
#: Binary prefixes (``80GiB`` = 80 × 2³⁰): a power of 1,024.
BINARY: dict[str, int] = {"k": 1, "m": 2, "g": 3, "t": 4, "p": 5, "e": 6}

#: Spellings of the compute dtypes (``core.roofline.hardware.DTYPES``) that people and libraries
#: use, mapped to the id: numpy's and torch's names, the exact format ids of the Dtypes tab, and
#: the short forms. Case is ignored and a leading ``torch.`` or ``np.`` dropped.
DTYPE_SPELLINGS: dict[str, str] = {
    "fp64": "fp64", "float64": "fp64", "f64": "fp64", "double": "fp64",
    "fp32": "fp32", "float32": "fp32", "f32": "fp32", "float": "fp32", "single": "fp32",
    "tf32": "tf32", "tfloat32": "tf32",
    "bf16": "bf16", "bfloat16": "bf16",
    "fp16": "fp16", "float16": "fp16", "f16": "fp16", "half": "fp16",
    "fp8": "fp8", "float8": "fp8", "float8_e4m3fn": "fp8", "float8_e4m3": "fp8", "e4m3": "fp8",
    "float8_e5m2": "fp8", "e5m2": "fp8", "fp8_e4m3": "fp8", "fp8_e5m2": "fp8",
    "fp4": "fp4", "float4": "fp4", "float4_e2m1fn": "fp4", "float4_e2m1": "fp4", "e2m1": "fp4",
    "nvfp4": "fp4", "mxfp4": "fp4",
    "int8": "int8", "i8": "int8", "s8": "int8",
}  # fmt: skip


def dtype_spelling(value: object) -> str | None:
    """The compute dtype id a person's spelling names (``float32`` → ``fp32``), or ``None``."""
    if not isinstance(value, str):
        return None
    key = value.strip().lower()
    for prefix in ("torch.", "np.", "numpy."):
        key = key.removeprefix(prefix)
    return DTYPE_SPELLINGS.get(key)


#: Digit groups: ``1,024`` and ``1_000_000`` (commas every three digits, underscores between digits).
_GROUPED = re.compile(
    r"^[+-]?\d{1,3}(?:,\d{3})+(?=$|[.eE\s]|[^\d,])|^[+-]?\d+(?:_\d+)+(?=$|[^\d_])"
)


def _without_separators(text: str) -> str:
    """``1,024`` -> ``1024``; a misplaced separator (``2,,3``, ``1,0``, ``1__0``) is left in, so the
    number is refused."""
    if "," not in text and "_" not in text:
        return text
    match = _GROUPED.match(text)
    if match is None:
        return text
    head = match.group(0).replace(",", "").replace("_", "")
    return head + text[match.end() :]


def _suffix(letter: str) -> float:
    return SUFFIXES.get(letter, SUFFIXES.get(letter.lower(), 1.0))


def _describe(value: object) -> str:
    if isinstance(value, str):
        return brief(value)
    text = str(value)
    return text if len(text) <= 40 else brief(value)


#: What a field's number counts, which picks the examples its errors give (a field's message
#: shows numbers of its own unit: a deadline is not given examples in bytes). ``count`` (the
#: default): parameters, tokens, GPUs; ``plain``: a bare quantity in the unit its label names
#: (days, bytes per parameter); ``bytes``; ``bytes/s``; ``flop/s``.
UNITS = ("count", "plain", "bytes", "bytes/s", "flop/s")


def _allowed(unit: str) -> Text:
    """The ``allowed: …`` part of a not-a-number message for a field of ``unit``."""
    if unit == "plain":
        return translate(
            "Validate", "allowed: a number, with an optional exponent, e.g. 30, 2.5 or 1e2"
        )
    if unit == "bytes":
        return translate(
            "Validate",
            "allowed: bytes, with an optional suffix and unit (80GB = 80e9 bytes, binary 80GiB), "
            "e.g. 80GB or 80e9",
        )
    if unit == "bytes/s":
        return translate(
            "Validate",
            "allowed: bytes per second, with an optional suffix and unit (450 GB/s = 450G = "
            "450e9), e.g. 450 GB/s or 450e9",
        )
    if unit == "flop/s":
        return translate(
            "Validate",
            "allowed: FLOP/s, with an optional suffix and unit (989.5 TFLOP/s = 989.5T = "
            "989.5e12), e.g. 989.5 TFLOP/s or 989.5e12",
        )
    return translate(
        "Validate",
        "allowed: digits with an optional exponent (6.3e24) or suffix (k, M, B or G, T, P, E; "
        "binary Ki, Mi, Gi, Ti; then a unit B, FLOPs or /s: 80GB, 80GiB, 3.35TB/s), e.g. 70e9 "
        "or 70B",
    )


def parse_number(value: object, field: str, unit: str = "count") -> float:
    """Turn a number or a person's text into a finite float.

    Accepts ints, floats and strings such as ``"1024"``, ``"1,024"``, ``"6.3e24"``, ``"70B"``,
    ``"70b"``, ``"15 T"``, ``"1_000"``, and with units ``"80GB"`` (80e9), ``"80GiB"`` (80 × 2³⁰),
    ``"3.35 TB/s"``, ``"989.5 TFLOP/s"`` (every field, one parser: a bare ``B`` after a number is
    a billion, as in ``70B`` parameters). Rejects booleans, NaN, infinities and values beyond
    float range. ``unit`` (one of :data:`UNITS`) picks the examples an error gives.

    Raises
    ------
    InputError
        Naming ``field`` and the bad value.
    """
    if isinstance(value, bool) or value is None:
        raise InputError(
            translate("Validate", "{field}: {value} is not a number").format(
                field=field, value=_describe(value)
            ),
            field=field,
        )
    if isinstance(value, Real):
        try:
            number = float(value)
        except OverflowError:
            raise InputError(
                translate("Validate", "{field}: {value} is too large").format(
                    field=field, value=_describe(value)
                ),
                field=field,
            ) from None
    elif isinstance(value, str):
        text = value.strip()
        if not text:
            if unit != "count":
                raise InputError(
                    translate("Validate", "{field}: empty; {allowed}").format(
                        field=field, allowed=_allowed(unit)
                    ),
                    field=field,
                )
            raise InputError(
                translate("Validate", "{field}: empty; allowed: a number such as 1024, 7e9 or 70B")
                .format(field=field),
                field=field,
            )  # fmt: skip
        match = _NUMBER.match(_without_separators(text))
        if match is None:
            raise InputError(_not_a_number(field, value, "," in text, unit), field=field)
        if match["binary"]:
            scale = float(1024 ** BINARY[match["binary"][0].lower()])
        else:
            scale = _suffix(match["suffix"] or "")
        number = float(match["num"]) * scale
    else:
        raise InputError(
            translate("Validate", "{field}: expected a number, got {kind}").format(
                field=field, kind=type(value).__name__
            ),
            field=field,
        )
    if math.isnan(number):
        raise InputError(
            translate("Validate", "{field}: NaN is not allowed; enter a number").format(
                field=field
            ),
            field=field,
        )
    if math.isinf(number):
        raise InputError(
            translate("Validate", "{field}: {value} is too large (overflows)").format(
                field=field, value=_describe(value)
            ),
            field=field,
        )
    return number


def _not_a_number(field: str, value: object, commas: bool, unit: str = "count") -> Text:
    if unit != "count":
        return translate("Validate", "{field}: {value} is not a number; {allowed}").format(
            field=field, value=_describe(value), allowed=_allowed(unit)
        )
    if commas:
        return translate(
            "Validate",
            "{field}: {value} is not a number; allowed: digits with an optional exponent (6.3e24) "
            "or suffix (k, M, B or G, T, P, E; binary Ki, Mi, Gi, Ti; then a unit B, FLOPs or "
            "/s: 80GB, 80GiB, 3.35TB/s), commas only between groups of 3 digits (1,024), e.g. "
            "70e9 or 70B",
        ).format(field=field, value=_describe(value))
    return translate(
        "Validate",
        "{field}: {value} is not a number; allowed: digits with an optional exponent (6.3e24) "
        "or suffix (k, M, B or G, T, P, E; binary Ki, Mi, Gi, Ti; then a unit B, FLOPs or /s: "
        "80GB, 80GiB, 3.35TB/s), e.g. 70e9 or 70B",
    ).format(field=field, value=_describe(value))


def _range_text(low: float, high: float, integer: bool, low_inclusive: bool) -> Text:
    if integer:
        return translate("Validate", "allowed: an integer from {low} to {high}").format(
            low=f"{int(low):,}", high=f"{int(high):,}"
        )
    bounds = {"low": format_number(low), "high": format_number(high)}
    if low_inclusive:
        return translate("Validate", "allowed: a number from {low} to {high}").format(**bounds)
    return translate("Validate", "allowed: a number above {low} to {high}").format(**bounds)


def _out_of_range(field: str, number: float, too_low: bool, allowed: Text) -> Text:
    if too_low:
        return translate("Validate", "{field}: {value} is too small; {allowed}").format(
            field=field, value=format_number(number), allowed=allowed
        )
    return translate("Validate", "{field}: {value} is too large; {allowed}").format(
        field=field, value=format_number(number), allowed=allowed
    )


def positive_float(
    value: object,
    field: str,
    *,
    high: float = 1e30,
    low: float = TINY,
    allow_low: bool = True,
    unit: str = "count",
) -> float:
    """Validate a real quantity that must lie in ``[low, high]`` (``(low, high]`` without
    ``allow_low``).

    The default range ``[1e-30, 1e30]`` suits counts of FLOPs, tokens, parameters and bytes while
    refusing absurd input (``1e400`` overflows earlier; ``1e31`` and ``5e-324`` are refused here).
    ``unit`` (one of :data:`UNITS`) picks the examples an error gives.
    """
    number = parse_number(value, field, unit)
    too_low = number < low if allow_low else number <= low
    if too_low or number > high:
        allowed = _range_text(low, high, False, allow_low)
        raise InputError(_out_of_range(field, number, too_low, allowed), field=field)
    return number


def positive_int(value: object, field: str, *, high: int = 10**7, low: int = 1) -> int:
    """Validate a whole count in ``[low, high]`` (GPUs, layers, batch size, ...).

    Accepts ``8``, ``8.0``, ``"8"`` and ``"1e3"``; refuses ``8.5``.
    """
    number = parse_number(value, field)
    if number != math.floor(number):
        raise InputError(
            translate("Validate", "{field}: {value} is not a whole number; {allowed}").format(
                field=field, value=format_number(number), allowed=_range_text(low, high, True, True)
            ),
            field=field,
        )
    if number < low or number > high:
        allowed = _range_text(low, high, True, True)
        raise InputError(_out_of_range(field, number, number < low, allowed), field=field)
    return int(number)


def fraction(value: object, field: str, *, low: float = MIN_FRACTION) -> float:
    """Validate a utilisation-like ratio in ``[low, 1]`` (``[1e-6, 1]``); accepts ``"50%"``."""
    if isinstance(value, str) and value.strip().endswith("%"):
        number = parse_number(value.strip()[:-1], field) / 100.0
    else:
        number = parse_number(value, field)
    if not low <= number <= 1.0:
        raise InputError(
            translate(
                "Validate",
                "{field}: {value} is out of range; allowed: {low} to 1 (or {percent}% to 100%)",
            ).format(
                field=field,
                value=format_number(number),
                low=format_number(low),
                percent=format_number(low * 100),
            ),
            field=field,
        )
    return number


def file_path(value: object, field: str) -> str:
    """Validate a file name typed by a person: non-empty text without NUL characters.

    The operating system refuses a NUL byte with a ``ValueError`` that is not about the file.
    """
    if not isinstance(value, str) or not value.strip():
        raise InputError(
            translate("Validate", "{field}: empty; allowed: a file name such as out.png").format(
                field=field
            ),
            field=field,
        )
    if "\x00" in value:
        raise InputError(
            translate("Validate", "{field}: {value} contains a NUL character; allowed: a file name")
            .format(field=field, value=_describe(value)),
            field=field,
        )  # fmt: skip
    return value


def split_list(text: str, field: str, *, example: str, trailing_comma: bool = False) -> list[str]:
    """Split a comma-separated list into stripped items; an empty item is an error.

    ``"2,3,4"`` -> ``["2", "3", "4"]``; ``""`` -> ``[]``; ``"2,,3"``, ``",2"`` and ``"2,"`` are
    refused, naming the position, except one trailing comma when ``trailing_comma`` (Python's
    ``(7,)``). Every list a person types (shapes, op sizes, model and recipe options) goes through
    here, so all of them refuse the same typos.
    """
    body = text.strip()
    if not body:
        return []
    items = [item.strip() for item in body.split(",")]
    if trailing_comma and len(items) > 1 and not items[-1]:
        items.pop()
    for position, item in enumerate(items, start=1):
        if not item:
            raise InputError(
                translate(
                    "Validate",
                    "{field}: item {position} of {value} is empty; allowed: items separated by "
                    "single commas, e.g. {example}",
                ).format(field=field, position=position, value=_describe(text), example=example),
                field=field,
            )
    return items
