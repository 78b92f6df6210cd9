"""Exact models of the floating-point formats accelerators use, from float64 down to float4.

Each :class:`FloatFormat` knows its bit fields, bias and special encodings, and decodes a code to its
exact value (every value of every format here is exactly a Python ``float``). Encoding lives in
:mod:`core.numbers.codec`; neighbours, errors and comparisons in :mod:`core.numbers.analysis`.

Special-encoding styles
-----------------------
``ieee``  exponent all ones: mantissa 0 is ±inf, anything else NaN (float64 … bfloat16, float8_e5m2).
``fn``    no inf; only S.1111.111 is NaN (float8_e4m3fn).
``fnuz``  no inf, no negative zero; only 0x80 (the "negative zero" code) is NaN.
``e8m0``  unsigned powers of two 2^-127 … 2^127, 0xFF is NaN, no zero (the MX block scale).
``none``  every code is a finite number (float6_*, float4_e2m1fn).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from core.echo import brief
from core.errors import InputError
from core.texts import translate
from core.validate import dtype_spelling
from core.versions import installed_version

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "CLASSES",
    "DTYPE_TO_FORMAT",
    "FORMATS",
    "FORMAT_IDS",
    "POLICIES",
    "FloatFormat",
    "classify_array",
    "decode",
    "decode_array",
    "format_for_dtype",
    "get_format",
]

#: Value classes, in the order :func:`classify_array` numbers them.
CLASSES: tuple[str, ...] = ("zero", "subnormal", "normal", "inf", "nan")

#: Overflow conventions: what torch does (default; the label names the installed torch, found
#: without importing it), or the OCP / ml_dtypes non-saturating cast.
POLICIES: dict[str, str] = {
    "torch": translate("Dtypes", "torch {version} (e4m3fn saturates)").format(
        version=installed_version("torch") or ""
    ),
    "ocp": translate("Dtypes", "OCP / ml_dtypes (non-saturating)"),
}


@dataclass(frozen=True)
class FloatFormat:
    """One binary floating-point format.

    Attributes
    ----------
    id
        The id used everywhere (core, UI, CLI): ``float8_e4m3fn``.
    exponent_bits, mantissa_bits, bias
        Field widths and exponent bias.
    signed
        Whether there is a sign bit (E8M0 has none).
    specials
        Special-encoding style, see the module docstring.
    overflow_torch, overflow_ocp
        What an overflowing cast gives under each policy (see :meth:`overflow`).
    storage_bits
        Bits a stored value occupies (tfloat32 is computed with 19 bits but stored in 32).
    torch_name, ml_name
        The matching ``torch`` / ``ml_dtypes`` dtype name, or ``None``.
    """

    id: str
    title: str
    exponent_bits: int
    mantissa_bits: int
    bias: int
    specials: str
    overflow_torch: str
    overflow_ocp: str
    signed: bool = True
    storage_bits: int = 0
    torch_name: str | None = None
    ml_name: str | None = None
    note: str = ""

    def overflow(self, policy: str = "torch") -> str:
        """What an overflowing cast gives: ``"inf"``, ``"nan"`` or ``"saturate"`` (clamp to ±max).

        ``policy`` is ``"torch"`` (what torch 2.13 does; formats torch lacks follow ml_dtypes) or
        ``"ocp"`` (the OCP / ml_dtypes non-saturating cast).
        """
        if policy not in POLICIES:
            raise InputError(f"policy: unknown {brief(policy)}; allowed: {', '.join(POLICIES)}")
        return self.overflow_torch if policy == "torch" else self.overflow_ocp

    # layout -----------------------------------------------------------------------------------
    @property
    def bits(self) -> int:
        """Total bits of one value (sign + exponent + mantissa)."""
        return int(self.signed) + self.exponent_bits + self.mantissa_bits

    @property
    def stored_bits(self) -> int:
        """Bits one stored value occupies in memory."""
        return self.storage_bits or self.bits

    @property
    def code_count(self) -> int:
        """Number of distinct codes (2**bits)."""
        return 1 << self.bits

    @property
    def sign_mask(self) -> int:
        """The sign bit as a mask (0 for unsigned formats)."""
        return (1 << (self.bits - 1)) if self.signed else 0

    @property
    def has_inf(self) -> bool:
        """Whether ±inf have codes."""
        return self.specials == "ieee"

    @property
    def has_nan(self) -> bool:
        """Whether NaN has a code."""
        return self.specials != "none"

    @property
    def has_negative_zero(self) -> bool:
        """Whether -0 has its own code."""
        return self.signed and self.specials != "fnuz"

    @property
    def has_zero(self) -> bool:
        """Whether 0 is representable (E8M0 has no zero)."""
        return self.specials != "e8m0"

    @property
    def has_subnormals(self) -> bool:
        """Whether exponent field 0 encodes subnormals (all formats but E8M0)."""
        return self.specials != "e8m0"

    @property
    def emin(self) -> int:
        """Unbiased exponent of the smallest normal value (E8M0: of the smallest value)."""
        return -self.bias if self.specials == "e8m0" else 1 - self.bias

    # codes ------------------------------------------------------------------------------------
    def split(self, code: int) -> tuple[int, int, int]:
        """``(sign, exponent field, mantissa field)`` of ``code``."""
        m, e = self.mantissa_bits, self.exponent_bits
        sign = (code >> (m + e)) & 1 if self.signed else 0
        return sign, (code >> m) & ((1 << e) - 1), code & ((1 << m) - 1)

    def join(self, sign: int, exponent: int, mantissa: int) -> int:
        """The code with these fields."""
        m, e = self.mantissa_bits, self.exponent_bits
        return ((sign & int(self.signed)) << (m + e)) | (exponent << m) | mantissa

    def classify(self, code: int) -> str:
        """``zero``, ``subnormal``, ``normal``, ``inf`` or ``nan``."""
        _sign, exp, man = self.split(code)
        top = (1 << self.exponent_bits) - 1
        if self.specials == "ieee" and exp == top:
            return "inf" if man == 0 else "nan"
        if self.specials == "fn" and exp == top and man == (1 << self.mantissa_bits) - 1:
            return "nan"
        if self.specials == "fnuz" and code == self.sign_mask:
            return "nan"
        if self.specials == "e8m0":
            return "nan" if exp == top else "normal"
        if exp == 0:
            return "zero" if man == 0 else "subnormal"
        return "normal"

    def nan_code(self) -> int | None:
        """The canonical NaN code (a quiet NaN for IEEE formats), or ``None`` without NaN."""
        top = (1 << self.exponent_bits) - 1
        if self.specials == "ieee":
            return self.join(0, top, 1 << (self.mantissa_bits - 1))
        if self.specials == "fn":
            return self.join(0, top, (1 << self.mantissa_bits) - 1)
        if self.specials == "fnuz":
            return self.sign_mask
        return top if self.specials == "e8m0" else None

    def inf_code(self, sign: int = 0) -> int | None:
        """The code of ±inf, or ``None`` without inf."""
        return self.join(sign, (1 << self.exponent_bits) - 1, 0) if self.has_inf else None

    def max_code(self) -> int:
        """The code of the largest finite value."""
        top = (1 << self.exponent_bits) - 1
        full = (1 << self.mantissa_bits) - 1
        if self.specials == "ieee":
            return self.join(0, top - 1, full)
        if self.specials in ("fn", "e8m0"):
            return self.join(0, top, full - 1) if self.mantissa_bits else self.join(0, top - 1, 0)
        return self.join(0, top, full)

    # derived numbers --------------------------------------------------------------------------
    @property
    def max(self) -> float:
        """Largest finite value."""
        return decode(self, self.max_code())

    @property
    def min_normal(self) -> float:
        """Smallest positive normal value (E8M0: its smallest value, 2^-127)."""
        return math.ldexp(1.0, self.emin)

    @property
    def min_subnormal(self) -> float:
        """Smallest positive value (subnormal where the format has subnormals)."""
        if not self.has_subnormals:
            return self.min_normal
        return math.ldexp(1.0, self.emin - self.mantissa_bits)

    @property
    def eps(self) -> float:
        """Gap between 1 and the next larger value: 2^-mantissa_bits (E8M0: 1)."""
        return math.ldexp(1.0, -self.mantissa_bits)

    @property
    def finite_count(self) -> int:
        """How many codes decode to a finite value (both zeros counted)."""
        top = (1 << self.exponent_bits) - 1
        per_sign = 1 << (self.exponent_bits + self.mantissa_bits)
        signs = 2 if self.signed else 1
        if self.specials == "ieee":
            return signs * (per_sign - (1 << self.mantissa_bits))
        if self.specials == "fn":
            return signs * (per_sign - 1)
        if self.specials == "fnuz":
            return self.code_count - 1
        if self.specials == "e8m0":
            return top
        return self.code_count

    def max_exact(self) -> Fraction:
        """:attr:`max` as a Fraction (for exact comparisons)."""
        return Fraction(self.max)


def decode(fmt: FloatFormat, code: int) -> float:
    """The exact value of ``code`` in ``fmt`` (a Python float: every value here is exactly one)."""
    if not 0 <= code < fmt.code_count:
        raise InputError(
            translate(
                "Dtypes", "code: {code} is out of range for {format}; allowed: 0x0 to {top}"
            ).format(code=f"{code:#x}", format=fmt.id, top=f"{fmt.code_count - 1:#x}")
        )
    cls = fmt.classify(code)
    sign, exp, man = fmt.split(code)
    if cls == "nan":
        return math.nan
    if cls == "inf":
        return -math.inf if sign else math.inf
    if fmt.specials == "e8m0":
        magnitude = math.ldexp(1.0, exp - fmt.bias)
    elif exp == 0:
        magnitude = math.ldexp(float(man), fmt.emin - fmt.mantissa_bits)
    else:
        magnitude = math.ldexp(
            float((1 << fmt.mantissa_bits) | man), exp - fmt.bias - fmt.mantissa_bits
        )
    return -magnitude if sign else magnitude


def decode_array(fmt: FloatFormat, codes: np.ndarray) -> np.ndarray:
    """Vectorised :func:`decode`: float64 values of an integer array of codes (exact)."""
    import numpy as np

    c = np.asarray(codes).astype(np.uint64)
    m, e = fmt.mantissa_bits, fmt.exponent_bits
    man = (c & np.uint64((1 << m) - 1)).astype(np.float64)
    exp = ((c >> np.uint64(m)) & np.uint64((1 << e) - 1)).astype(np.int64)
    if fmt.specials == "e8m0":
        mag = np.ldexp(1.0, exp - fmt.bias)
    else:
        sub = np.ldexp(man, fmt.emin - m)
        norm = np.ldexp(man + float(1 << m), exp - fmt.bias - m)
        mag = np.where(exp == 0, sub, norm)
    if fmt.signed:
        sign = ((c >> np.uint64(fmt.bits - 1)) & np.uint64(1)).astype(bool)
        mag = np.where(sign, -mag, mag)
    top = (1 << e) - 1
    if fmt.specials == "ieee":
        special = exp == top
        mag = np.where(special & (man == 0), np.copysign(np.inf, mag), mag)
        mag = np.where(special & (man != 0), np.nan, mag)
    elif fmt.specials == "fn":
        mag = np.where((exp == top) & (man == float((1 << m) - 1)), np.nan, mag)
    elif fmt.specials == "fnuz":
        mag = np.where(c == np.uint64(fmt.sign_mask), np.nan, mag)
    elif fmt.specials == "e8m0":
        mag = np.where(exp == top, np.nan, mag)
    return mag


def classify_array(fmt: FloatFormat, codes: np.ndarray) -> np.ndarray:
    """Vectorised :meth:`FloatFormat.classify`: indices into :data:`CLASSES` (uint8)."""
    import numpy as np

    c = np.asarray(codes).astype(np.uint64)
    m, e = fmt.mantissa_bits, fmt.exponent_bits
    man = c & np.uint64((1 << m) - 1)
    exp = (c >> np.uint64(m)) & np.uint64((1 << e) - 1)
    top = np.uint64((1 << e) - 1)
    out = np.full(c.shape, 2, dtype=np.uint8)
    if fmt.specials == "e8m0":
        out[exp == top] = 4
        return out
    out[(exp == 0) & (man != 0)] = 1
    out[(exp == 0) & (man == 0)] = 0
    if fmt.specials == "ieee":
        out[(exp == top) & (man == 0)] = 3
        out[(exp == top) & (man != 0)] = 4
    elif fmt.specials == "fn":
        out[(exp == top) & (man == np.uint64((1 << m) - 1))] = 4
    elif fmt.specials == "fnuz":
        out[c == np.uint64(fmt.sign_mask)] = 4
    return out


def _fmt(
    id_: str, title: str, e: int, m: int, bias: int, specials: str, torch_ov: str, **kw: object
):
    ocp = kw.pop("ocp", torch_ov)
    return FloatFormat(id_, title, e, m, bias, specials, torch_ov, ocp, **kw)  # type: ignore[arg-type]


_E5M2FNUZ_NOTE = translate(
    "Dtypes",
    "torch.finfo(torch.float8_e5m2fnuz).eps is 0.125 before torch 2.15; the true eps is 2^-2 = 0.25 "
    "(1.25 is the next value after 1).",
)
_E8M0_NOTE = translate(
    "Dtypes",
    "Unsigned powers of two; no zero. torch ignores the sign and maps 0 to 2^-127; ml_dtypes gives "
    "NaN for zero and negatives.",
)
_TF32_NOTE = translate(
    "Dtypes", "Tensor cores round fp32 inputs to 10 mantissa bits; stored as fp32."
)

# id, title, exponent bits, mantissa bits, bias, specials, torch overflow (OCP overflow if it differs)
FORMATS: dict[str, FloatFormat] = {
    f.id: f
    for f in (
        _fmt("float64", translate("Dtypes", "FP64 (IEEE double)"),
             11, 52, 1023, "ieee", "inf", torch_name="float64"),
        _fmt("float32", translate("Dtypes", "FP32 (IEEE single)"),
             8, 23, 127, "ieee", "inf", torch_name="float32"),
        _fmt("tfloat32", translate("Dtypes", "TF32 (NVIDIA tensor-core input)"),
             8, 10, 127, "ieee", "inf",
             storage_bits=32, note=_TF32_NOTE),
        _fmt("float16", translate("Dtypes", "FP16 (IEEE half)"),
             5, 10, 15, "ieee", "inf", torch_name="float16"),
        _fmt("bfloat16", translate("Dtypes", "BF16 (brain float)"),
             8, 7, 127, "ieee", "inf",
             torch_name="bfloat16", ml_name="bfloat16"),
        _fmt("float8_e4m3fn", translate("Dtypes", "FP8 E4M3 (OCP, no inf)"),
             4, 3, 7, "fn", "saturate", ocp="nan",
             torch_name="float8_e4m3fn", ml_name="float8_e4m3fn"),
        _fmt("float8_e4m3fnuz", "FP8 E4M3 FNUZ (AMD/Graphcore)", 4, 3, 8, "fnuz", "nan",
             torch_name="float8_e4m3fnuz", ml_name="float8_e4m3fnuz"),
        _fmt("float8_e5m2", translate("Dtypes", "FP8 E5M2 (OCP, IEEE-like)"),
             5, 2, 15, "ieee", "inf",
             torch_name="float8_e5m2", ml_name="float8_e5m2"),
        _fmt("float8_e5m2fnuz", "FP8 E5M2 FNUZ (AMD/Graphcore)", 5, 2, 16, "fnuz", "nan",
             torch_name="float8_e5m2fnuz", ml_name="float8_e5m2fnuz", note=_E5M2FNUZ_NOTE),
        _fmt("float8_e8m0fnu", translate("Dtypes", "E8M0 (MX block scale)"),
             8, 0, 127, "e8m0", "nan", signed=False,
             torch_name="float8_e8m0fnu", ml_name="float8_e8m0fnu", note=_E8M0_NOTE),
        _fmt("float6_e2m3fn", "FP6 E2M3 (OCP MX)", 2, 3, 1, "none", "saturate",
             ml_name="float6_e2m3fn"),
        _fmt("float6_e3m2fn", "FP6 E3M2 (OCP MX)", 3, 2, 3, "none", "saturate",
             ml_name="float6_e3m2fn"),
        _fmt("float4_e2m1fn", "FP4 E2M1 (OCP MX, NVFP4)", 2, 1, 1, "none", "saturate",
             ml_name="float4_e2m1fn"),
    )
}  # fmt: skip

FORMAT_IDS: tuple[str, ...] = tuple(FORMATS)

#: The shared dtype selector's ids (core.roofline.hardware.DTYPES) mapped to a format shown for them.
DTYPE_TO_FORMAT: dict[str, str] = {
    "fp64": "float64",
    "fp32": "float32",
    "tf32": "tfloat32",
    "bf16": "bfloat16",
    "fp16": "float16",
    "fp8": "float8_e4m3fn",
    "fp4": "float4_e2m1fn",
}


def get_format(format_id: object) -> FloatFormat:
    """The format called ``format_id``; an unknown id raises InputError listing the known ones."""
    key = str(format_id).strip()
    if key in FORMATS:
        return FORMATS[key]
    if key in DTYPE_TO_FORMAT:
        return FORMATS[DTYPE_TO_FORMAT[key]]
    spelled = dtype_spelling(key)  # float32, half, torch.bfloat16: the shared spellings
    if spelled in DTYPE_TO_FORMAT and not key.lower().startswith(("float8", "float4", "fp8_")):
        return FORMATS[DTYPE_TO_FORMAT[spelled]]
    raise InputError(
        f"format: unknown {brief(key)}; known: {', '.join(FORMAT_IDS)}", field="format"
    )


def format_for_dtype(dtype: str) -> str | None:
    """The format id shown for a shared-selector dtype (``bf16`` -> ``bfloat16``), or ``None``."""
    return DTYPE_TO_FORMAT.get(dtype)
