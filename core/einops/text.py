"""Text handling for einops calls: parse shapes and axis lengths, tokenise patterns, draw carets.

Everything here works on strings only (never evaluates them) and raises
:class:`~core.errors.InputError` for text that is not a shape or an axis length.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from core.echo import brief
from core.errors import InputError
from core.texts import translate
from core.validate import split_list

__all__ = [
    "MAX_DIM",
    "MAX_ELEMENTS",
    "MAX_PATTERN",
    "Token",
    "caret_block",
    "check_axes",
    "check_shape",
    "format_axes",
    "format_shape",
    "parse_axes",
    "parse_shape",
    "parse_shape_list",
    "tokenize",
]

#: Largest length of one axis (a 2^40 axis is already beyond any real tensor).
MAX_DIM = 2**40
#: Largest element count of any tensor the analyser reasons about (below int64 overflow).
MAX_ELEMENTS = 2**62
#: Longest pattern accepted.
MAX_PATTERN = 1000

_INT = re.compile(r"^[+-]?\d+$")
_AXIS = re.compile(r"^\s*([^\s=]+)\s*=\s*(\S+)\s*$")


_SHAPE_HINT = translate(
    "Einops", "integers separated by commas, e.g. 2,3,4 (an empty shape is a 0-d tensor)"
)


def _out_of_range(field: str, value: object) -> InputError:
    return InputError(
        translate(
            "Einops", "{field}: {value} is out of range; allowed: axis lengths from 0 to 2^40"
        ).format(field=field, value=value),
        field=field,
    )


def _int(text: str, field: str, allow_minus_one: bool = False, hint: str = _SHAPE_HINT) -> int:
    text = text.strip().replace("_", "")
    if not _INT.match(text) or len(text) > 20:
        raise InputError(
            translate("Einops", "{field}: {text} is not a whole number; allowed: {hint}").format(
                field=field, text=brief(text), hint=hint
            ),
            field=field,
        )
    value = int(text)
    if value == -1 and allow_minus_one:
        return value
    if not 0 <= value <= MAX_DIM:
        raise _out_of_range(field, value)
    return value


def parse_shape(
    text: str, field: str = "shape", *, allow_minus_one: bool = False
) -> tuple[int, ...]:
    """Turn ``"2,3,4"`` (or ``"2x3x4"``, ``"(2, 3, 4)"``, ``"2 3 4"``) into a shape tuple.

    An empty string (or ``()``) is the shape of a 0-d tensor. ``allow_minus_one`` admits one
    ``-1`` (an unknown length, as in ``unpack``'s packed shapes).
    """
    if not isinstance(text, str):
        raise InputError(
            translate("Einops", "{field}: expected text such as 2,3,4").format(field=field),
            field=field,
        )
    body = text.strip()
    if body.startswith(("(", "[")) and body.endswith((")", "]")):
        body = body[1:-1]
    body = re.sub(r"(?<=\d)\s*[x×]\s*(?=\d)", ",", body)
    items = split_list(body, field, example="2,3,4", trailing_comma=True)
    parts = [p for item in items for p in item.split()]
    if len(parts) > 64:
        raise InputError(
            translate("Einops", "{field}: {n} axes; allowed: at most 64").format(
                field=field, n=len(parts)
            ),
            field=field,
        )
    shape = tuple(_int(p, field, allow_minus_one) for p in parts)
    if allow_minus_one and shape.count(-1) > 1:
        raise InputError(
            translate("Einops", "{field}: more than one -1; allowed: at most one unknown").format(
                field=field
            ),
            field=field,
        )
    return check_shape(shape, field, allow_minus_one=allow_minus_one)


def parse_shape_list(
    text: str, field: str = "shapes", *, allow_minus_one: bool = False
) -> list[tuple[int, ...]]:
    """Shapes separated by ``;``: ``"2,3,4; 2,5,4"``; an empty part is a 0-d tensor's ``()``."""
    if not isinstance(text, str):
        raise InputError(
            translate("Einops", "{field}: expected text such as 2,3,4; 4,5").format(field=field),
            field=field,
        )
    parts = text.split(";")
    if len(parts) > 26:
        raise InputError(
            translate("Einops", "{field}: {n} shapes; allowed: at most 26").format(
                field=field, n=len(parts)
            ),
            field=field,
        )
    many = len(parts) > 1
    return [
        parse_shape(p, f"{field} {i + 1}" if many else field, allow_minus_one=allow_minus_one)
        for i, p in enumerate(parts)
    ]


def check_shape(
    shape: Iterable[int], field: str = "shape", *, allow_minus_one: bool = False
) -> tuple[int, ...]:
    """Validate a shape given as numbers: whole lengths in [0, 2^40], at most 2^62 elements."""
    out = []
    for dim in shape:
        if isinstance(dim, bool) or not isinstance(dim, int):
            raise InputError(
                translate("Einops", "{field}: {value} is not a whole number").format(
                    field=field, value=brief(dim)
                ),
                field=field,
            )
        if not (0 <= dim <= MAX_DIM or (allow_minus_one and dim == -1)):
            raise _out_of_range(field, dim)
        out.append(int(dim))
    total = 1
    for dim in out:
        total *= max(dim, 1)
    if total > MAX_ELEMENTS:
        raise InputError(
            translate(
                "Einops",
                "{field}: {shape} has {total} elements; allowed: at most 2^62 (about 4.6e18)",
            ).format(field=field, shape=format_shape(out), total=f"{total:.3g}"),
            field=field,
        )
    return tuple(out)


def parse_axes(items: Iterable[str] | str, field: str = "axes") -> dict[str, int]:
    """Turn ``["h=2", "w=3"]`` or ``"h=2, w=3"`` into ``{"h": 2, "w": 3}`` (names not checked)."""
    if isinstance(items, str):
        items = [p for p in re.split(r"[,;\s]+(?=[^=\s,;]+\s*=)", items.strip()) if p.strip()]
    out: dict[str, int] = {}
    for item in items:
        match = _AXIS.match(item.strip().rstrip(","))
        if match is None:
            raise InputError(
                translate(
                    "Einops",
                    "{field}: {item} is not NAME=LENGTH; allowed: e.g. h=2 (several: h=2, w=3)",
                ).format(field=field, item=brief(item)),
                field=field,
            )
        name = match.group(1)
        hint = translate("Einops", "a whole length such as h=2")
        value = _int(match.group(2), f"{field} {name}", hint=hint)
        if name in out:
            raise InputError(
                translate("Einops", "{field}: {name} is given twice").format(
                    field=field, name=name
                ),
                field=field,
            )
        out[name] = value
    return check_axes(out, field)


def check_axes(axes: Mapping[str, int], field: str = "axes") -> dict[str, int]:
    """Validate axis lengths given as numbers: names are words, lengths in [0, 2^40] (einops
    accepts a zero length: ``repeat(x, "i -> i c", c=0)`` is an empty tensor)."""
    out: dict[str, int] = {}
    for name, value in axes.items():
        if not isinstance(name, str) or not re.fullmatch(r"\w{1,64}", name):
            raise InputError(
                translate(
                    "Einops", "{field}: {name} is not an axis name; allowed: letters, digits, _"
                ).format(field=field, name=brief(str(name)[:40])),
                field=field,
            )
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_DIM:
            raise InputError(
                translate(
                    "Einops",
                    "{field}: {name}={value} is out of range; allowed: a whole length from 0 to 2^40",
                ).format(field=field, name=name, value=brief(value)),
                field=field,
            )
        out[name] = int(value)
    return out


def format_shape(shape: Iterable[int]) -> str:
    """``(2, 3, 4)``; a 0-d shape is ``()``."""
    dims = list(shape)
    return "(" + ", ".join(str(d) for d in dims) + ("," if len(dims) == 1 else "") + ")"


def format_axes(axes: Mapping[str, int]) -> str:
    """``h=2, w=3`` (or ``none``)."""
    return ", ".join(f"{k}={v}" for k, v in axes.items()) or translate("Einops", "none")


@dataclass(frozen=True)
class Token:
    """One token of a pattern: an axis name or number, ``...``, ``(``, ``)``, ``->``, ``,``, ``*``,
    or a single unexpected character; ``start``/``end`` index the pattern string."""

    text: str
    start: int
    end: int

    @property
    def is_name(self) -> bool:
        """Whether the token is an axis name or number."""
        return self.text[:1].isalnum() or self.text[:1] == "_"


def tokenize(pattern: str) -> list[Token]:
    """Split a pattern into tokens with positions, following einops' character rules."""
    tokens: list[Token] = []
    i, n = 0, len(pattern)
    while i < n:
        ch = pattern[i]
        if ch.isspace():
            i += 1
        elif ch.isalnum() or ch == "_":
            j = i
            while j < n and (pattern[j].isalnum() or pattern[j] == "_"):
                j += 1
            tokens.append(Token(pattern[i:j], i, j))
            i = j
        elif pattern.startswith("...", i):
            tokens.append(Token("...", i, i + 3))
            i += 3
        elif pattern.startswith("->", i):
            tokens.append(Token("->", i, i + 2))
            i += 2
        else:
            tokens.append(Token(ch, i, i + 1))
            i += 1
    return tokens


def caret_block(pattern: str, spans: Iterable[tuple[int, int]]) -> str:
    """The pattern on one line and carets under each span on the next (both indented)."""
    marks = [" "] * (len(pattern) + 1)
    for start, end in spans:
        for k in range(max(start, 0), max(min(end, len(pattern) + 1), start + 1)):
            if k < len(marks):
                marks[k] = "^"
    return f"  {pattern}\n  {''.join(marks).rstrip()}"
