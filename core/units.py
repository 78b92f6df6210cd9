"""Humanised units for the numbers Napkin Lab shows: counts, bytes, FLOPs, FLOP/s and durations.

Counts use the field's habits (70 B params, 15 T tokens), bytes use SI units with the binary value
available (``80 GB``; ``GiB`` on request), FLOPs use SI prefixes up to zetta (``6.30 YFLOPs`` is
printed as ``6.30e24 FLOPs`` since few people read yotta). Ratios that the UI calls MFU or utilisation
are percentages (``50%``). Numbers are rounded to significant digits, never printed with their binary
representation noise (``0.552``, not ``0.55200000000000005``), and a unit after exactly one is
singular (``1 day``, ``1 GPU``). Infinities and NaN print as ``inf``, ``-inf`` and ``nan``.

Units and prefixes are the same in every language; the words of a duration (``days``, ``forever``)
are :class:`core.texts.Text`, so a window that shows them with ``widgets.i18n.localized`` (or
inside a translated sentence) gives ``143.9 天``, while the CLI prints ``143.9 days``.
"""

from __future__ import annotations

import math

from core.texts import translate

__all__ = [
    "byte_unit",
    "format_bytes",
    "format_count",
    "format_duration",
    "format_flop_rate",
    "format_flops",
    "format_number",
    "format_percent",
    "format_sig",
    "plural",
]

_SI = ((1e18, "E"), (1e15, "P"), (1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k"))
_COUNT = ((1e15, "P"), (1e12, "T"), (1e9, "B"), (1e6, "M"), (1e3, "k"))


def _non_finite(value: float) -> str:
    return "nan" if math.isnan(value) else "inf" if value > 0 else "-inf"


def plural(count: float, noun: str) -> str:
    """``noun`` for ``count`` of it: ``1 day``, ``2 days``, ``1 GPU``, ``1.5 days``.

    ``noun`` is the plural form (``days``, ``params``, ``FLOPs``); exactly one drops its ``s``.
    """
    if count == 1 and noun.endswith("s") and len(noun) > 1:
        return noun[:-1]
    return noun


def format_sig(value: float, digits: int = 4) -> str:
    """``value`` with ``digits`` significant digits, trailing zeros dropped (``143.9``)."""
    if not math.isfinite(value):
        return _non_finite(value)
    if value == 0:
        return "0"
    text = f"{value:.{digits}g}"
    if "e" in text:
        mant, exp = text.split("e")
        return f"{mant}e{int(exp)}"
    return text


def _scaled(value: float, table: tuple[tuple[float, str], ...], digits: int) -> tuple[str, str]:
    magnitude = abs(value)
    for scale, prefix in table:
        if magnitude >= scale:
            return format_sig(value / scale, digits), prefix
    return format_sig(value, digits), ""


def format_count(value: float, unit: str = "", digits: int = 4) -> str:
    """A count with the field's suffixes: ``70 B params``, ``15 T tokens``, ``1.024 k GPUs``."""
    if not math.isfinite(value) or abs(value) >= 1e18:
        return f"{format_number(value, digits)} {unit}".strip()
    number, prefix = _scaled(value, _COUNT, digits)
    noun = plural(1 if number == "1" and not prefix else 2, unit)
    return f"{number} {prefix}{' ' if prefix and noun else ''}{noun}".strip()


def format_bytes(value: float, digits: int = 4, binary: bool = False) -> str:
    """Bytes in SI units (``80 GB``, ``1.2 PB``) or binary ones (``74.51 GiB``)."""
    if binary:
        for power, prefix in ((5, "Pi"), (4, "Ti"), (3, "Gi"), (2, "Mi"), (1, "Ki")):
            if abs(value) >= 1024**power:
                return f"{format_sig(value / 1024**power, digits)} {prefix}B"
        return f"{format_sig(value, digits)} B"
    if not math.isfinite(value) or abs(value) >= 1e21:
        return f"{format_number(value, digits)} B"
    number, prefix = _scaled(value, _SI, digits)
    return f"{number} {prefix}B"


def byte_unit(value: float) -> tuple[float, str]:
    """The SI unit :func:`format_bytes` gives ``value``: ``(bytes per unit, name)``, e.g.
    ``(1e12, "TB")`` for 1.462e12; an axis whose values go up to ``value`` reads in it."""
    magnitude = abs(value) if math.isfinite(value) else 0.0
    for scale, prefix in _SI:
        if magnitude >= scale:
            return scale, f"{prefix}B"
    return 1.0, "B"


def format_flops(value: float, digits: int = 4) -> str:
    """An amount of work: ``6.3e24 FLOPs`` above exa, else ``1.2 PFLOPs`` (``1 FLOP``)."""
    if not math.isfinite(value) or abs(value) >= 1e21:
        return f"{format_number(value, digits)} FLOPs"
    number, prefix = _scaled(value, _SI, digits)
    return f"{number} {prefix}{plural(1 if number == '1' and not prefix else 2, 'FLOPs')}"


def format_flop_rate(value: float, digits: int = 4) -> str:
    """A rate: ``989.5 TFLOP/s``."""
    if not math.isfinite(value) or abs(value) >= 1e21:
        return f"{format_number(value, digits)} FLOP/s"
    number, prefix = _scaled(value, _SI, digits)
    return f"{number} {prefix}FLOP/s"


def format_duration(seconds: float, digits: int = 4) -> str:
    """A duration in the largest sensible unit: ``143.9 days``, ``2.1 years``, ``35 ms``."""
    if not math.isfinite(seconds):
        return translate("Units", "forever")
    magnitude = abs(seconds)
    if magnitude >= 2 * 365.25 * 86400:
        return translate("Units", "{n} years").format(n=format_sig(seconds / 31_557_600, digits))
    if magnitude >= 2 * 86400:
        return translate("Units", "{n} days").format(n=format_sig(seconds / 86400, digits))
    if magnitude >= 2 * 3600:
        return translate("Units", "{n} hours").format(n=format_sig(seconds / 3600, digits))
    if magnitude >= 120:
        return f"{format_sig(seconds / 60, digits)} min"
    if magnitude >= 1 or magnitude == 0:
        return f"{format_sig(seconds, digits)} s"
    if magnitude >= 1e-3:
        return f"{format_sig(seconds * 1e3, digits)} ms"
    if magnitude >= 1e-6:
        return f"{format_sig(seconds * 1e6, digits)} µs"
    return f"{format_sig(seconds * 1e9, digits)} ns"


def format_percent(ratio: float, digits: int = 3) -> str:
    """A ratio as a percentage with ``digits`` significant digits: ``50%``, ``240%``, ``0.113%``."""
    if not math.isfinite(ratio):
        return f"{_non_finite(ratio)}%"
    if math.isinf(ratio * 100):  # a percentage beyond float range: shift the exponent by hand
        mantissa, exponent = format_number(ratio, digits).split("e")
        return f"{mantissa}e{int(exponent) + 2}%"
    return f"{format_number(ratio * 100, digits)}%"


def format_number(value: float, digits: int = 4) -> str:
    """A plain number in scientific notation when large or small (``6.3e24``), else as is."""
    if not math.isfinite(value):
        return _non_finite(value)
    if value != 0 and (abs(value) >= 1e6 or abs(value) < 1e-3):
        mant, exp = f"{value:.{digits - 1}e}".split("e")
        mant = mant.rstrip("0").rstrip(".")
        return f"{mant}e{int(exp)}"
    return format_sig(value, digits)
