"""What storing a value in a format does to it: stored value, errors, ulp, neighbours, comparisons.

Everything here is exact: the input is a ``Fraction`` (or a float special), the stored value is
exactly a float, and errors are computed as Fractions before being shown as floats.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from core.numbers.codec import Number, encode
from core.numbers.formats import FORMATS, FloatFormat, decode
from core.texts import join_texts, translate

__all__ = [
    "Analysis",
    "analyze",
    "analyze_code",
    "compare",
    "fields_text",
    "format_info",
    "format_summary",
    "formula",
    "neighbours",
]


@dataclass(frozen=True)
class Analysis:
    """One value stored in one format.

    Attributes
    ----------
    format_id, code, value, cls
        The format, the stored code (``None`` if unrepresentable), its value and class.
    abs_error, rel_error
        ``stored - input`` and ``abs_error / |input|`` (``None`` when undefined: NaN, zero input).
    ulp
        Spacing of representable values at the stored value (gap to the next larger magnitude).
    prev, next
        The neighbouring representable values below and above (``None`` at the ends).
    overflow, underflow, note
        As in :class:`~core.numbers.codec.Encoded`.
    """

    format_id: str
    code: int | None
    value: float
    cls: str
    abs_error: float | None
    rel_error: float | None
    ulp: float | None
    prev: float | None
    next: float | None
    prev_code: int | None
    next_code: int | None
    overflow: bool = False
    underflow: bool = False
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON (the CLI's ``--json``)."""
        return {
            "format": self.format_id,
            "code": self.code,
            "hex": None if self.code is None else f"{self.code:#x}",
            "value": self.value,
            "class": self.cls,
            "abs_error": self.abs_error,
            "rel_error": self.rel_error,
            "ulp": self.ulp,
            "prev": self.prev,
            "next": self.next,
            "overflow": self.overflow,
            "underflow": self.underflow,
            "note": self.note,
        }


def _mag_up(fmt: FloatFormat, mag: int) -> int | None:
    nxt = mag + 1
    if nxt >= (fmt.sign_mask or fmt.code_count) or fmt.classify(nxt) == "nan":
        return None
    return nxt


def _mag_down(fmt: FloatFormat, mag: int) -> int | None:
    return mag - 1 if mag > 0 else None


def neighbours(fmt: FloatFormat, code: int) -> tuple[int | None, int | None]:
    """Codes of the next smaller and next larger representable values (``None`` at the ends, NaN)."""
    if fmt.classify(code) == "nan":
        return None, None
    sign = code & fmt.sign_mask
    mag = code & ~fmt.sign_mask if fmt.signed else code
    negative = bool(sign) and mag != 0

    def signed(m: int | None, neg: bool) -> int | None:
        if m is None:
            return None
        if neg and (m != 0 or fmt.has_negative_zero):
            return m | fmt.sign_mask
        return m

    if negative:
        up = signed(_mag_down(fmt, mag), True)
        down = signed(_mag_up(fmt, mag), True)
    else:
        up = signed(_mag_up(fmt, mag), False)
        down = signed(_mag_down(fmt, mag), False) if mag else None
        if mag == 0 and fmt.signed:
            down = signed(_mag_up(fmt, 0), True)
    return down, up


def _ulp(fmt: FloatFormat, code: int) -> float | None:
    cls = fmt.classify(code)
    if cls == "nan":
        return None
    if cls == "inf":
        return math.inf
    mag = code & ~fmt.sign_mask if fmt.signed else code
    here = decode(fmt, mag)
    up = _mag_up(fmt, mag)
    if up is not None and fmt.classify(up) != "inf":
        return decode(fmt, up) - here
    down = _mag_down(fmt, mag)
    return None if down is None else here - decode(fmt, down)


def _errors(stored: float, x: Number) -> tuple[float | None, float | None]:
    if isinstance(x, float) and not math.isfinite(x):
        if math.isnan(x) or math.isnan(stored):
            return None, None
        return (0.0, 0.0) if stored == x else (math.inf, math.inf)
    if math.isnan(stored):
        return None, None
    if math.isinf(stored):
        return stored, stored  # stored - x is ±inf for any finite x; so is the relative error
    q = Fraction(x)
    err = Fraction(stored) - q
    return _float(err), None if q == 0 else _float(err / abs(q))  # signed, as abs_error


def _float(q: Fraction) -> float:
    """``float(q)``, or ±inf beyond float range (1e-1000 stored as 2^-127 is 1e961 times off)."""
    try:
        return float(q)
    except OverflowError:
        return math.inf if q > 0 else -math.inf


def analyze_code(fmt: FloatFormat, code: int, x: Number | None = None, **flags: Any) -> Analysis:
    """The analysis of an already chosen ``code`` (optionally as the stored form of ``x``)."""
    value = decode(fmt, code)
    down, up = neighbours(fmt, code)
    abs_err, rel_err = _errors(value, x) if x is not None else (None, None)
    return Analysis(
        fmt.id,
        code,
        value,
        fmt.classify(code),
        abs_err,
        rel_err,
        _ulp(fmt, code),
        None if down is None else decode(fmt, down),
        None if up is None else decode(fmt, up),
        down,
        up,
        **flags,
    )


def analyze(fmt: FloatFormat, x: Number, policy: str = "torch") -> Analysis:
    """Store ``x`` in ``fmt`` and describe the result."""
    enc = encode(fmt, x, policy)
    if enc.code is None:
        return Analysis(
            fmt.id, None, math.nan, "unrepresentable", None, None, None, None, None, None, None,
            note=enc.note,
        )  # fmt: skip
    return analyze_code(
        fmt, enc.code, x, overflow=enc.overflow, underflow=enc.underflow, note=enc.note
    )


def compare(x: Number, policy: str = "torch", ids: tuple[str, ...] | None = None) -> list[Analysis]:
    """``x`` stored in every format (or in ``ids``), in :data:`~core.numbers.formats.FORMATS` order."""
    return [analyze(FORMATS[i], x, policy) for i in (ids or tuple(FORMATS))]


def format_info(fmt: FloatFormat, policy: str = "torch") -> dict[str, Any]:
    """The format's numbers as plain data (the CLI's ``--info``)."""
    return {
        "format": fmt.id,
        "title": fmt.title,
        "bits": fmt.bits,
        "storage_bits": fmt.stored_bits,
        "sign_bits": int(fmt.signed),
        "exponent_bits": fmt.exponent_bits,
        "mantissa_bits": fmt.mantissa_bits,
        "bias": fmt.bias,
        "max": fmt.max,
        "min_normal": fmt.min_normal,
        "min_subnormal": fmt.min_subnormal,
        "eps": fmt.eps,
        "finite_values": fmt.finite_count,
        "has_inf": fmt.has_inf,
        "has_nan": fmt.has_nan,
        "has_negative_zero": fmt.has_negative_zero,
        "has_zero": fmt.has_zero,
        "overflow": fmt.overflow(policy),
        "overflow_policy": policy,
        "torch_dtype": fmt.torch_name,
        "ml_dtypes": fmt.ml_name,
        "note": fmt.note,
    }


def fields_text(fmt: FloatFormat, code: int) -> str:
    """The fields of ``code`` in words: ``sign 0 · exponent 01111 = 15 · mantissa 10…0 = 512``."""
    sign, exp, man = fmt.split(code)
    parts: list[str] = [
        translate("Dtypes", "sign {sign}").format(sign=sign)
        if fmt.signed
        else translate("Dtypes", "no sign bit")
    ]
    raw = format(code, f"0{fmt.bits}b")[int(fmt.signed) :]
    parts.append(
        translate("Dtypes", "exponent {bits} = {value}").format(
            bits=raw[: fmt.exponent_bits], value=exp
        )
    )
    if fmt.mantissa_bits > 12:  # long fields: the bit strip shows the pattern
        parts.append(
            translate("Dtypes", "mantissa ({count} bits) = {value}").format(
                count=fmt.mantissa_bits, value=man
            )
        )
    elif fmt.mantissa_bits:
        parts.append(
            translate("Dtypes", "mantissa {bits} = {value}").format(
                bits=raw[fmt.exponent_bits :], value=man
            )
        )
    return join_texts(parts, " · ")


def formula(fmt: FloatFormat, code: int) -> str:
    """How ``code`` becomes its value, numbers filled in: ``(−1)^0 · 2^(15−15) · 1.5 = 1.5``."""
    cls = fmt.classify(code)
    sign, exp, man = fmt.split(code)
    m = fmt.mantissa_bits
    if cls == "nan":
        return translate("Dtypes", "{format}: this code is NaN ({rule})").format(
            format=fmt.id, rule=_nan_rule(fmt)
        )
    if cls == "inf":
        return translate("Dtypes", "exponent all ones, mantissa 0 → {sign}inf").format(
            sign="−" if sign else "+"
        )
    value = decode(fmt, code)
    if fmt.specials == "e8m0":
        return f"2^({exp} − {fmt.bias}) = 2^{exp - fmt.bias} = {value!r}"
    head = f"(−1)^{sign} · " if fmt.signed else ""
    den = f"2^{m}" if m > 12 else str(1 << m)
    if exp == 0:
        frac = f"0 + {man}/{den}"
        return translate("Dtypes", "{formula}   (subnormal: no implicit 1)").format(
            formula=f"{head}2^(1 − {fmt.bias}) · ({frac}) = {value!r}"
        )
    return f"{head}2^({exp} − {fmt.bias}) · (1 + {man}/{den}) = {value!r}"


def _nan_rule(fmt: FloatFormat) -> str:
    if fmt.specials == "ieee":
        return translate("Dtypes", "exponent all ones, mantissa ≠ 0")
    if fmt.specials == "fn":
        return translate("Dtypes", "only S.1111.111 is NaN; there is no inf")
    if fmt.specials == "fnuz":
        return translate("Dtypes", "only 0x80, the would-be −0, is NaN")
    if fmt.specials == "e8m0":
        return translate("Dtypes", "0xFF is NaN")
    return ""


_OVERFLOW_WORDS = {
    "inf": translate("Dtypes", "overflow → ±inf"),
    "nan": translate("Dtypes", "overflow → NaN"),
    "saturate": translate("Dtypes", "overflow saturates"),
}


def format_summary(fmt: FloatFormat, policy: str = "torch") -> str:
    """One line with the format's numbers, for the tab (eps corrected where torch is wrong)."""
    layout = f"{int(fmt.signed)}·{fmt.exponent_bits}·{fmt.mantissa_bits}"
    if fmt.id == "float8_e5m2fnuz":
        eps = translate("Dtypes", "eps {eps} (torch.finfo before 2.15 says 0.125: wrong)").format(
            eps=f"{fmt.eps:g}"
        )
    else:
        eps = translate("Dtypes", "eps {eps}").format(eps=f"{fmt.eps:g}")
    specials: list[str] = []
    specials.append("±inf" if fmt.has_inf else translate("Dtypes", "no inf"))
    specials.append("NaN" if fmt.has_nan else translate("Dtypes", "no NaN"))
    if fmt.signed and not fmt.has_negative_zero:
        specials.append(translate("Dtypes", "no −0"))
    if not fmt.has_zero:
        specials.append(translate("Dtypes", "no zero"))
    return translate(
        "Dtypes",
        "{bits} bits (sign·exponent·mantissa = {layout}), bias {bias} · max {max} · "
        "min normal {min_normal} · min subnormal {min_subnormal} · {eps} · "
        "{finite} finite values · {specials} · {overflow}",
    ).format(
        bits=fmt.bits,
        layout=layout,
        bias=fmt.bias,
        max=f"{fmt.max:g}",
        min_normal=f"{fmt.min_normal:g}",
        min_subnormal=f"{fmt.min_subnormal:g}",
        eps=eps,
        finite=f"{fmt.finite_count:,}",
        specials=join_texts(specials, ", "),
        overflow=_OVERFLOW_WORDS[fmt.overflow(policy)],
    )
