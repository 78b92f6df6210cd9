"""Encoding values into a :class:`~core.numbers.formats.FloatFormat`: exact round-to-nearest-even.

:func:`encode` rounds one exact number (``Fraction``, ``int`` or ``float``) with integer arithmetic,
so ``1/3`` or ``1e-8`` typed by a person are rounded once, correctly. (torch and ml_dtypes convert a
float64 to fp16/bf16/fp8 through float32, which can round twice: 1 + 2^-11 + 2^-40 becomes 1.0 in
torch's float16 although the nearest float16 is 1 + 2^-10.) :func:`round_array` is the vectorised
version for float64 arrays (block quantization, benchmarks); it is exact too, since scaling by a
power of two and ``np.rint`` (ties to even) are exact in float64.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from core.numbers.formats import FloatFormat, decode
from core.texts import translate

if TYPE_CHECKING:
    import numpy as np

__all__ = ["Encoded", "Number", "encode", "round_array"]

Number = float | int | Fraction


@dataclass(frozen=True)
class Encoded:
    """The result of storing one value in a format.

    Attributes
    ----------
    code
        The stored code, or ``None`` when the format cannot hold the input at all (NaN in fp4).
    value
        The stored value (NaN when ``code`` is ``None``).
    overflow
        A finite input was beyond the largest finite value (the overflow policy applied).
    underflow
        A non-zero input was stored as zero (or as E8M0's smallest value).
    note
        A sentence for the person when something special happened ('' otherwise).
    """

    code: int | None
    value: float
    overflow: bool = False
    underflow: bool = False
    note: str = ""


def _floor_log2(q: Fraction) -> int:
    """floor(log2(q)) for q > 0, exactly."""
    n, d = q.numerator, q.denominator
    e = n.bit_length() - d.bit_length()
    if (n << max(-e, 0)) < (d << max(e, 0)):
        e -= 1
    return e


def _overflowed(fmt: FloatFormat, sign: int, policy: str, finite: bool) -> Encoded:
    rule = fmt.overflow(policy)
    if rule == "saturate":
        code = fmt.max_code() | (fmt.sign_mask if sign else 0)
        note: str = (
            translate("Dtypes", "a finite value beyond ±max saturates to ±{max}").format(
                max=f"{fmt.max:g}"
            )
            if finite
            else translate("Dtypes", "±inf saturates to ±{max}").format(max=f"{fmt.max:g}")
        )
        return Encoded(code, decode(fmt, code), finite, False, note)
    if rule == "inf":
        inf = fmt.inf_code(sign)
        assert inf is not None
        note = translate("Dtypes", "stored as inf") if finite else ""
        return Encoded(inf, decode(fmt, inf), finite, False, note)
    nan = fmt.nan_code()
    assert nan is not None
    note = (
        translate("Dtypes", "a finite value beyond ±max becomes NaN (no inf in {format})").format(
            format=fmt.id
        )
        if finite
        else translate("Dtypes", "±inf becomes NaN (no inf in {format})").format(format=fmt.id)
    )
    return Encoded(nan, math.nan, finite, False, note)


def _encode_e8m0(fmt: FloatFormat, x: Fraction | float, policy: str) -> Encoded:
    nan = fmt.nan_code()
    assert nan is not None
    if isinstance(x, float) and not math.isfinite(x):
        return Encoded(
            nan,
            math.nan,
            not math.isnan(x),
            False,
            translate("Dtypes", "inf and NaN become NaN in E8M0"),
        )
    q = Fraction(x)
    if policy == "ocp" and q <= 0:
        return Encoded(
            nan,
            math.nan,
            False,
            False,
            translate("Dtypes", "E8M0 has no zero or negative values: NaN"),
        )
    if q < 0:
        q = -q
    if q == 0:
        return Encoded(
            0,
            decode(fmt, 0),
            False,
            True,
            translate("Dtypes", "E8M0 has no zero; torch stores 2^-127"),
        )
    k = _floor_log2(q)
    if q >= Fraction(3, 2) * Fraction(2) ** k:  # nearest power of two, ties up (torch, ml_dtypes)
        k += 1
    if k > 127:
        return Encoded(nan, math.nan, True, False, translate("Dtypes", "rounds beyond 2^127: NaN"))
    if k < -127:
        return Encoded(
            0, decode(fmt, 0), False, True, translate("Dtypes", "below 2^-127: stored as 2^-127")
        )
    code = k + fmt.bias
    return Encoded(code, decode(fmt, code))


def encode(fmt: FloatFormat, x: Number, policy: str = "torch") -> Encoded:
    """Store ``x`` in ``fmt``: round to nearest, ties to even, then apply the overflow policy.

    ``policy`` is ``"torch"`` (torch 2.13's cast) or ``"ocp"`` (OCP / ml_dtypes, non-saturating);
    see :meth:`FloatFormat.overflow`.
    """
    fmt.overflow(policy)  # validates the policy
    if fmt.specials == "e8m0":
        return _encode_e8m0(fmt, x, policy)
    if isinstance(x, float) and math.isnan(x):
        code = fmt.nan_code()
        if code is None:
            return Encoded(
                None,
                math.nan,
                note=translate("Dtypes", "{format} has no NaN encoding").format(format=fmt.id),
            )
        return Encoded(code, math.nan)
    sign = int(math.copysign(1.0, x) < 0) if isinstance(x, float) else int(x < 0)
    if isinstance(x, float) and math.isinf(x):
        return _overflowed(fmt, sign, policy, finite=False)
    q = abs(Fraction(x))
    zero = fmt.join(sign if fmt.has_negative_zero else 0, 0, 0)
    if q == 0:
        return Encoded(zero, decode(fmt, zero))
    m = fmt.mantissa_bits
    e = max(_floor_log2(q), fmt.emin)
    shift = m - e
    num, den = (
        (q.numerator << shift, q.denominator)
        if shift >= 0
        else (q.numerator, q.denominator << -shift)
    )
    s, r = divmod(num, den)
    if 2 * r > den or (2 * r == den and s & 1):
        s += 1
    if s == 0:
        return Encoded(zero, decode(fmt, zero), underflow=True)
    if s == 1 << (m + 1):
        s, e = s >> 1, e + 1
    if Fraction(s) * Fraction(2) ** (e - m) > fmt.max_exact():
        return _overflowed(fmt, sign, policy, finite=True)
    code = fmt.join(sign, e + fmt.bias, s - (1 << m)) if s >> m else fmt.join(sign, 0, s)
    return Encoded(code, decode(fmt, code))


def round_array(fmt: FloatFormat, x: np.ndarray, policy: str = "torch") -> np.ndarray:
    """Vectorised :func:`encode` returning stored values (float64) of a float64 array.

    NaN stays NaN (also in formats without NaN, where :func:`encode` reports it unrepresentable).
    """
    import numpy as np

    x = np.asarray(x, dtype=np.float64)
    rule = fmt.overflow(policy)
    if fmt.id == "float64":
        return x.copy()
    a = np.abs(x)
    if fmt.specials == "e8m0":
        frac, ex = np.frexp(a)
        k = np.where(a == 0, -127, ex - 1 + (frac >= 0.75))  # 0 has no code: 2^-127, as encode
        out = np.ldexp(1.0, np.clip(k, -127, 127).astype(np.int64))
        bad = ~np.isfinite(x) | (k > 127)
        if policy == "ocp":
            bad |= x <= 0
        return np.where(bad, np.nan, out)
    with np.errstate(over="ignore", invalid="ignore"):
        _, ex = np.frexp(a)
        e = np.maximum(ex.astype(np.int64) - 1, fmt.emin)
        quantum = np.ldexp(1.0, e - fmt.mantissa_bits)
        r = np.rint(a / quantum) * quantum
        top = fmt.max
        over = r > top
        if rule == "saturate":
            r = np.where(over, top, r)
        elif rule == "inf":
            r = np.where(over, np.inf, r)
        else:
            r = np.where(over, np.nan, r)
        r = np.where(np.isnan(a), np.nan, r)
        out = np.copysign(r, x)
    if not fmt.has_negative_zero:
        out = np.where(out == 0, 0.0, out)
    return out
