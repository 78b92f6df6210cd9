"""A safe parser for values typed into the Dtypes tab and the ``dtype`` command (never ``eval``).

Accepted: decimals and scientific notation (``0.1``, ``-6.5e-3``), fractions and arithmetic
(``1/3``, ``2**-9``, ``2^-9``, ``(1+2**-10)*3``), the constants ``pi`` and ``e`` (to 60 digits),
``inf``, ``-inf``, ``nan`` on their own, and codes in hex or binary (``0x7e``, ``0b0111_1110``).
Finite values are returned as exact ``Fraction``s, so ``1e-8`` means exactly 10^-8; ``-0`` is the
float ``-0.0``. Every problem is an :class:`~core.errors.InputError` naming the bad token.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from fractions import Fraction

from core.echo import brief
from core.errors import InputError
from core.texts import translate

__all__ = ["MAX_EXPONENT", "Parsed", "parse_code", "parse_value", "parse_value_text"]

#: Largest power of ten accepted (beyond it every format overflows or underflows anyway).
MAX_EXPONENT = 1000
_MAX_BITS = 4 * MAX_EXPONENT  # numerator / denominator size limit (10^1000 ≈ 2^3322)
_MAX_LEN = 200
_MAX_DEPTH = 40
_CONSTANTS = {
    "pi": Fraction("3.14159265358979323846264338327950288419716939937510582097494"),
    "e": Fraction("2.71828182845904523536028747135266249775724709369995957496697"),
}
_ALLOWED = translate("Dtypes", "digits, + - * / ** ^ ( ), pi, e, inf, nan, or a code such as 0x7e")
_TOKEN = re.compile(
    r"\s*(?:(?P<num>(?:\d[\d_]*(?:\.[\d_]*)?|\.\d[\d_]*)(?:[eE][+-]?\d+)?)"
    r"|(?P<name>[A-Za-z_]+)|(?P<op>\*\*|[-+*/^()]))"
)
_SPECIAL = re.compile(r"^([+-]?)(inf|infinity|nan)$", re.IGNORECASE)
_CODE = re.compile(r"^\+?0(?P<base>[xXbB])(?P<digits>[0-9a-fA-F_]+)$")
_NEG_ZERO = re.compile(r"^-\s*(?:0+\.?0*|\.0+)(?:[eE][+-]?\d+)?$")


@dataclass(frozen=True)
class Parsed:
    """What a person typed: a value (``code`` is None) or a code (``value`` is None)."""

    text: str
    value: Fraction | float | None = None
    code: int | None = None
    approximate: bool = False

    @property
    def is_code(self) -> bool:
        """Whether the text was a code (hex or binary)."""
        return self.code is not None


def _clip(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


def _unexpected(bad: str, text: str) -> str:
    return translate("Dtypes", "value: unexpected {bad} in {text}; allowed: {allowed}").format(
        bad=brief(bad), text=brief(_clip(text)), allowed=_ALLOWED
    )


def _too_deep(text: str) -> str:
    return translate("Dtypes", "value: {text} nests too deeply").format(text=brief(_clip(text)))


def _check_size(q: Fraction, text: str) -> Fraction:
    if max(q.numerator.bit_length(), q.denominator.bit_length()) > _MAX_BITS:
        raise InputError(
            translate(
                "Dtypes",
                "value: {text} is too large or too small; allowed: magnitudes between "
                "1e-{max} and 1e{max}",
            ).format(text=brief(_clip(text)), max=MAX_EXPONENT),
            field="value",
        )
    return q


class _Parser:
    """Recursive descent: expr := term (+|- term)*; term := unary (*|/ unary)*;
    unary := (+|-) unary | power; power := atom (**|^ unary)?; atom := number | name | ( expr )."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens: list[tuple[str, str]] = []
        pos = 0
        while pos < len(text):
            if text[pos:].strip() == "":
                break
            match = _TOKEN.match(text, pos)
            if match is None or match.end() == pos:
                bad = text[pos:].strip()[:1]
                raise InputError(_unexpected(bad, text), field="value")
            kind = match.lastgroup or "op"
            self.tokens.append((kind, match.group(kind)))
            pos = match.end()
        self.i = 0
        self.depth = 0

    def peek(self) -> tuple[str, str] | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def take(self) -> tuple[str, str]:
        token = self.peek()
        if token is None:
            raise InputError(
                translate("Dtypes", "value: {text} ends too early").format(
                    text=brief(_clip(self.text))
                ),
                field="value",
            )
        self.i += 1
        return token

    def parse(self) -> Fraction:
        if not self.tokens:
            raise InputError(
                translate("Dtypes", "value: empty; type a number such as 0.1, 1/3, 2**-9 or 0x7e")
            )
        value = self.expr()
        extra = self.peek()
        if extra is not None:
            raise InputError(
                translate(
                    "Dtypes",
                    "value: unexpected {bad} in {text}; put an operator between numbers",
                ).format(bad=brief(extra[1]), text=brief(_clip(self.text))),
                field="value",
            )
        return value

    def expr(self) -> Fraction:
        value = self.term()
        while (tok := self.peek()) is not None and tok[1] in "+-" and tok[0] == "op":
            self.take()
            other = self.term()
            value = _check_size(value + other if tok[1] == "+" else value - other, self.text)
        return value

    def term(self) -> Fraction:
        value = self.unary()
        while (tok := self.peek()) is not None and tok[1] in ("*", "/"):
            self.take()
            other = self.unary()
            if tok[1] == "/" and other == 0:
                raise InputError(
                    translate(
                        "Dtypes", "value: division by zero in {text}; type inf for infinity"
                    ).format(text=brief(_clip(self.text))),
                    field="value",
                )
            value = _check_size(value * other if tok[1] == "*" else value / other, self.text)
        return value

    def unary(self) -> Fraction:
        tok = self.peek()
        if tok is not None and tok[0] == "op" and tok[1] in "+-":
            self.take()
            self.depth += 1
            if self.depth > _MAX_DEPTH:
                raise InputError(_too_deep(self.text), field="value")
            inner = self.unary()
            self.depth -= 1
            return -inner if tok[1] == "-" else inner
        return self.power()

    def power(self) -> Fraction:
        base = self.atom()
        tok = self.peek()
        if tok is None or tok[1] not in ("**", "^"):
            return base
        self.take()
        exponent = self.unary()
        if exponent.denominator != 1:
            raise InputError(
                translate(
                    "Dtypes", "value: exponent {exponent} in {text} must be a whole number"
                ).format(exponent=f"{float(exponent):g}", text=brief(_clip(self.text))),
                field="value",
            )
        n = int(exponent)
        if base == 0 and n < 0:
            raise InputError(
                translate("Dtypes", "value: 0 to a negative power in {text}").format(
                    text=brief(_clip(self.text))
                ),
                field="value",
            )
        size = max(base.numerator.bit_length(), base.denominator.bit_length())
        if abs(n) > _MAX_BITS or (size > 1 and (size - 1) * abs(n) > _MAX_BITS):
            _check_size(Fraction(2) ** (_MAX_BITS + 1), self.text)
        return _check_size(base**n, self.text)

    def atom(self) -> Fraction:
        kind, text = self.take()
        if kind == "num":
            return _number(text, self.text)
        if kind == "name":
            key = text.lower()
            if key in _CONSTANTS:
                return _CONSTANTS[key]
            if key in ("inf", "infinity", "nan"):
                raise InputError(
                    translate(
                        "Dtypes",
                        "value: {name} can only be typed on its own (e.g. -inf), not in arithmetic",
                    ).format(name=text),
                    field="value",
                )
            raise InputError(
                translate("Dtypes", "value: unknown name {name}; allowed: {allowed}").format(
                    name=brief(_clip(text)), allowed=_ALLOWED
                ),
                field="value",
            )
        if text == "(":
            self.depth += 1
            if self.depth > _MAX_DEPTH:
                raise InputError(_too_deep(self.text), field="value")
            value = self.expr()
            self.depth -= 1
            if self.take()[1] != ")":
                raise InputError(
                    translate("Dtypes", "value: missing ')' in {text}").format(
                        text=brief(_clip(self.text))
                    ),
                    field="value",
                )
            return value
        raise InputError(_unexpected(text, self.text), field="value")


def _number(token: str, whole: str) -> Fraction:
    mantissa, _, exponent = token.replace("_", "").lower().partition("e")
    if exponent and abs(int(exponent)) > MAX_EXPONENT:
        raise InputError(
            translate(
                "Dtypes",
                "value: exponent in {text} is beyond ±{max}; every format "
                "overflows or underflows long before",
            ).format(text=brief(_clip(token)), max=MAX_EXPONENT),
            field="value",
        )
    if mantissa in ("", "."):
        raise InputError(
            translate("Dtypes", "value: {text} is not a number").format(text=brief(_clip(token))),
            field="value",
        )
    return _check_size(Fraction(mantissa) * Fraction(10) ** int(exponent or 0), whole)


def parse_value_text(text: object) -> Parsed:
    """Parse a typed value or code; raises InputError saying what was wrong and what is allowed."""
    if not isinstance(text, str):
        raise InputError(f"value: expected text, got {type(text).__name__}", field="value")
    clean = text.replace("\u2212", "-").replace("\u00d7", "*").replace("\u03c0", "pi").strip()
    if len(clean) > _MAX_LEN:
        raise InputError(
            translate("Dtypes", "value: longer than {count} characters").format(count=_MAX_LEN),
            field="value",
        )
    special = _SPECIAL.match(clean)
    if special:
        if special[2].lower() == "nan":
            return Parsed(text, math.nan)
        return Parsed(text, -math.inf if special[1] == "-" else math.inf)
    code = _CODE.match(clean)
    if code:
        digits = code["digits"].replace("_", "")
        base = 16 if code["base"] in "xX" else 2
        try:
            return Parsed(text, code=int(digits, base))
        except ValueError:
            raise InputError(
                translate(
                    "Dtypes", "value: {text} is not a binary code; use 0 and 1 after 0b"
                ).format(text=brief(_clip(clean))),
                field="value",
            ) from None
    if _NEG_ZERO.match(clean):
        return Parsed(text, -0.0)
    names = {tok for tok in re.findall(r"[A-Za-z]+", clean)}
    return Parsed(text, _Parser(clean).parse(), approximate=bool(names & {"pi", "e"}))


def parse_value(text: object) -> Fraction | float:
    """Parse a value (not a code): ``Fraction`` when finite, else ``inf``/``-inf``/``nan``/``-0.0``."""
    parsed = parse_value_text(text)
    if parsed.value is None:
        raise InputError(
            f"value: {brief(_clip(str(text)))} is a code; type a number here (or use --bits)",
            field="value",
        )
    return parsed.value


def parse_code(text: object, bits: int, format_id: str = "") -> int:
    """Parse a code of a ``bits``-bit format: hex (``0x7e``), binary (``0b01111110``) or decimal."""
    if isinstance(text, int) and not isinstance(text, bool):
        code = text
    else:
        raw = str(text).strip().replace("_", "")
        try:
            if raw[:2].lower() in ("0x", "0b"):
                code = int(raw[2:], 16 if raw[1] in "xX" else 2)
            else:
                code = int(raw, 10)
        except ValueError:
            raise InputError(
                f"code: {brief(_clip(str(text)))} is not a code; use hex (0x7e), binary (0b0111) "
                "or a whole number",
                field="code",
            ) from None
    if not 0 <= code < (1 << bits):
        top = f"{(1 << bits) - 1:#x}"
        message = (
            translate(
                "Dtypes", "code: {code} is out of range for {format}; allowed: 0x0 to {top}"
            ).format(code=f"{code:#x}", format=format_id, top=top)
            if format_id
            else translate("Dtypes", "code: {code} is out of range; allowed: 0x0 to {top}").format(
                code=f"{code:#x}", top=top
            )
        )
        raise InputError(message, field="code")
    return code
