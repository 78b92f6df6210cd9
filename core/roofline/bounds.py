"""Roofline math: ceilings per device and dtype, where an operator lands, and measured points.

The model (lecture 2, section 7; Williams, Waterman & Patterson 2009): with compute and memory
traffic perfectly overlapped, an operator of ``F`` FLOPs moving ``B`` bytes takes
``max(F / peak, B / bandwidth)``; so the attainable rate is ``min(peak, bandwidth · I)`` with
intensity ``I = F / B``, the ridge point is ``peak / bandwidth`` (H100 bf16: 989.5e12 / 3.35e12 ≈
295 FLOP/byte) and the best MFU is ``min(1, I / ridge)``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from core.echo import brief
from core.errors import InputError
from core.roofline.hardware import DTYPES, Device, validate_dtype
from core.roofline.ops import OpCost
from core.texts import Text, translate
from core.units import format_percent

__all__ = [
    "NOISY_SPREAD",
    "VECTOR_DTYPE",
    "Ceiling",
    "MeasuredPoint",
    "RooflineResult",
    "attainable",
    "ceilings",
    "evaluate",
    "evaluate_raw",
    "measured_from_dict",
    "mfu_bound",
    "predicted_time",
    "ridge",
    "roof_polyline",
    "vector_ceiling",
]

#: The dtype whose peak stands for the vector (CUDA-core, non-tensor) units; memory-bound
#: elementwise kernels run there, not on the tensor cores.
VECTOR_DTYPE = "fp32"


#: A timing spread (interquartile range / median) above this marks a measurement as noisy; the
#: benchmark runner (:mod:`core.bench.timing`) and the chart use this one threshold.
NOISY_SPREAD = 0.10
#: A measured rate this much above the machine's own ceiling is a timing artefact, not speed
#: (the ceiling is the machine's best measured matmul, so the best point sits on it).
_ABOVE_CEILING = 1.02


def ridge(peak: float, bandwidth: float) -> float:
    """Ridge point in FLOP/byte: the intensity above which an operator is compute-bound."""
    return peak / bandwidth


def attainable(peak: float, bandwidth: float, intensity: float) -> float:
    """Attainable FLOP/s at ``intensity``: ``min(peak, bandwidth · intensity)``."""
    return min(peak, bandwidth * intensity)


def predicted_time(flops: float, nbytes: float, peak: float, bandwidth: float) -> float:
    """Seconds with compute and memory traffic perfectly overlapped: ``max(F/peak, B/bw)``."""
    return max(flops / peak, nbytes / bandwidth)


def mfu_bound(intensity: float, ridge_point: float) -> float:
    """The best model-FLOPs utilisation the roofline allows: ``min(1, I / ridge)``."""
    return min(1.0, intensity / ridge_point)


@dataclass(frozen=True)
class Ceiling:
    """One horizontal roof: a device's peak for one dtype, with its bandwidth slope.

    ``kind`` is ``"tensor"`` for a dtype's dense peak and ``"vector"`` for the fp32 CUDA-core
    ceiling that elementwise kernels are limited by.
    """

    device_id: str
    device_name: str
    dtype: str
    peak: float
    bandwidth: float
    kind: str = "tensor"

    @property
    def ridge(self) -> float:
        """Ridge point of this roof in FLOP/byte."""
        return ridge(self.peak, self.bandwidth)

    @property
    def label(self) -> str:
        """``H100 SXM bf16`` or ``H100 SXM fp32 vector``."""
        suffix = " vector" if self.kind == "vector" else ""
        return f"{self.device_name} {self.dtype}{suffix}"


def ceilings(
    device: Device, dtypes: Iterable[str] | None = None, *, vector: bool = False
) -> list[Ceiling]:
    """The compute roofs of ``device``: one per dtype it supports (all, or those in ``dtypes``).

    With ``vector=True`` the fp32 vector ceiling is appended when the device lists fp32.
    Dtypes the device lacks are skipped, not errors (a chart shows what exists); a device whose
    bandwidth was not measured has no roof at all (:meth:`Device.bandwidth` says why).
    """
    wanted = DTYPES if dtypes is None else tuple(validate_dtype(d) for d in dtypes)
    bandwidth = device.mem_bandwidth
    if bandwidth is None:
        return []
    out = [
        Ceiling(device.id, device.name, d, device.peak_flops[d], bandwidth)
        for d in DTYPES
        if d in wanted and device.supports(d)
    ]
    if vector:
        vec = vector_ceiling(device)
        if vec is not None:
            out.append(vec)
    return out


def vector_ceiling(device: Device) -> Ceiling | None:
    """The fp32 vector (CUDA-core) roof, or ``None`` when the device lists no fp32 peak (or has
    no measured bandwidth)."""
    if not device.supports(VECTOR_DTYPE) or device.mem_bandwidth is None:
        return None
    return Ceiling(
        device.id,
        device.name,
        VECTOR_DTYPE,
        device.peak_flops[VECTOR_DTYPE],
        device.mem_bandwidth,
        "vector",
    )


@dataclass(frozen=True)
class RooflineResult:
    """Where one operator lands on one device's roof for one dtype."""

    flops: float
    bytes: float
    peak: float
    bandwidth: float

    @property
    def intensity(self) -> float:
        """FLOP per byte."""
        return self.flops / self.bytes

    @property
    def ridge(self) -> float:
        """The roof's ridge point in FLOP/byte."""
        return ridge(self.peak, self.bandwidth)

    @property
    def attainable(self) -> float:
        """Attainable FLOP/s."""
        return attainable(self.peak, self.bandwidth, self.intensity)

    @property
    def bound(self) -> str:
        """``"memory"`` below the ridge, ``"compute"`` at or above it."""
        return "compute" if self.intensity >= self.ridge else "memory"

    @property
    def verdict(self) -> Text:
        """The bound for people: ``compute-bound`` or ``memory-bound`` (translatable)."""
        if self.bound == "compute":
            return translate("Roofline", "compute-bound")
        return translate("Roofline", "memory-bound")

    @property
    def explanation(self) -> Text:
        """Why the operator is bound as it is, in one sentence with its numbers."""
        values = {
            "intensity": f"{self.intensity:.4g}",
            "ridge": f"{self.ridge:.4g}",
            "mfu": format_percent(self.mfu_bound),
        }
        if self.bound == "compute":
            return translate(
                "Roofline",
                "intensity {intensity} FLOP/byte is at or above the ridge {ridge} FLOP/byte: "
                "compute-bound, the peak is reachable (MFU up to {mfu})",
            ).format(**values)
        return translate(
            "Roofline",
            "intensity {intensity} FLOP/byte is below the ridge {ridge} FLOP/byte: memory-bound, "
            "bandwidth caps it at MFU {mfu}",
        ).format(**values)

    @property
    def time_s(self) -> float:
        """Predicted seconds, compute and traffic overlapped."""
        return predicted_time(self.flops, self.bytes, self.peak, self.bandwidth)

    @property
    def mfu_bound(self) -> float:
        """Best achievable MFU, ``min(1, intensity / ridge)``."""
        return mfu_bound(self.intensity, self.ridge)

    def to_dict(self) -> dict[str, float | str]:
        """The CLI's JSON keys."""
        return {
            "flops": self.flops,
            "bytes": self.bytes,
            "intensity": self.intensity,
            "peak": self.peak,
            "bandwidth": self.bandwidth,
            "ridge": self.ridge,
            "attainable": self.attainable,
            "bound": self.bound,
            "time_s": self.time_s,
            "mfu_bound": self.mfu_bound,
        }


def evaluate_raw(flops: float, nbytes: float, peak: float, bandwidth: float) -> RooflineResult:
    """A :class:`RooflineResult` from plain numbers; bytes, peak and bandwidth must be positive."""
    for value, what in ((nbytes, "bytes"), (peak, "peak FLOP/s"), (bandwidth, "bandwidth")):
        if not (isinstance(value, int | float) and math.isfinite(value) and value > 0):
            raise InputError(
                translate(
                    "Roofline", "roofline: {what} must be a positive finite number, got {value}"
                ).format(what=what, value=brief(value))
            )
    if not (isinstance(flops, int | float) and math.isfinite(flops) and flops >= 0):
        raise InputError(
            translate(
                "Roofline", "roofline: FLOPs must be a finite number >= 0, got {value}"
            ).format(value=brief(flops))
        )
    return RooflineResult(float(flops), float(nbytes), float(peak), float(bandwidth))


def evaluate(cost: OpCost, device: Device, dtype: str | None = None) -> RooflineResult:
    """Place ``cost`` under ``device``'s roof for ``dtype`` (default: the cost's own dtype).

    Raises
    ------
    InputError
        When the device has no peak for the dtype (the message lists the ones it has), or no
        measured bandwidth.
    """
    peak = device.peak(dtype or cost.dtype)
    return evaluate_raw(cost.flops, cost.bytes, peak, device.bandwidth())


@dataclass(frozen=True)
class MeasuredPoint:
    """A timed run from the benchmark runner, placed on the chart.

    ``spread`` is the relative spread of the timing (interquartile range / median). The achieved
    rate's error bar spans ``F / q3`` to ``F / q1`` when the quartile times are known, else
    ``F / (t·(1 + spread/2))`` to ``F / (t·(1 − spread/2))``. Pure data movement (``flops == 0``)
    has no place on log axes; :attr:`bandwidth` says how fast it moved bytes.
    """

    op: str
    dtype: str
    shape: str
    flops: float
    bytes: float
    seconds: float
    spread: float
    device: str
    name: str = ""
    q1: float | None = None
    q3: float | None = None

    @property
    def intensity(self) -> float:
        """FLOP per byte."""
        return self.flops / self.bytes

    @property
    def achieved(self) -> float:
        """Achieved FLOP/s (median)."""
        return self.flops / self.seconds

    @property
    def bandwidth(self) -> float:
        """Achieved bytes/s (median)."""
        return self.bytes / self.seconds

    @property
    def achieved_range(self) -> tuple[float, float]:
        """Low and high achieved FLOP/s from the quartile times or the timing spread."""
        if self.q1 and self.q3 and self.q1 <= self.seconds <= self.q3:
            return self.flops / self.q3, self.flops / self.q1
        half = min(self.spread / 2.0, 0.95)
        return self.flops / (self.seconds * (1.0 + half)), self.flops / (
            self.seconds * (1.0 - half)
        )

    @property
    def noisy(self) -> bool:
        """Whether the timing spread is above :data:`NOISY_SPREAD`."""
        return self.spread > NOISY_SPREAD

    def doubts(self, ceiling: float | None = None) -> list[Text]:
        """Why this point should not be read as a good measurement (empty: nothing against it).

        ``ceiling`` is the measured machine's own attainable rate at this point's intensity
        (FLOP/s), when it is known: a rate above it cannot be real.
        """
        out: list[Text] = []
        if self.noisy:
            out.append(
                translate(
                    "Roofline", "noisy: the timing spread ±{spread} is above ±{limit}"
                ).format(
                    spread=format_percent(self.spread / 2), limit=format_percent(NOISY_SPREAD / 2)
                )
            )
        if ceiling is not None and self.flops > 0 and self.achieved > ceiling * _ABOVE_CEILING:
            out.append(
                translate(
                    "Roofline",
                    "{factor}× above the machine's own ceiling here: a timing artefact, not speed",
                ).format(factor=f"{self.achieved / ceiling:.3g}")
            )
        return out

    @property
    def label(self) -> str:
        """``matmul 1024×1024×1024 bf16 (measured)`` (the runner's own label when it sent one)."""
        text = self.name or f"{self.op} {self.shape}"
        return f"{text} {self.dtype} (measured)".replace("  ", " ")


def _shape_text(shape: Any) -> str:
    if isinstance(shape, Mapping):
        return " ".join(f"{k}={v}" for k, v in shape.items())
    if isinstance(shape, list | tuple):
        return "×".join(str(s) for s in shape)
    return str(shape)


def _positive(point: Mapping[str, Any], key: str, allow_zero: bool = False) -> float:
    value = point.get(key)
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise InputError(
            translate(
                "Roofline", "measured point: {key} must be a finite number, got {value}"
            ).format(key=brief(key), value=brief(value))
        )
    if value < 0 or (value == 0 and not allow_zero):
        raise InputError(
            translate("Roofline", "measured point: {key} = {value} must be positive").format(
                key=brief(key), value=brief(value)
            )
        )
    return float(value)


def measured_from_dict(point: Mapping[str, Any]) -> MeasuredPoint:
    """Validate a benchmark runner's dict (``op, dtype, shape, flops, bytes, seconds, spread,
    device``) into a :class:`MeasuredPoint`; raises :class:`InputError` naming the bad key."""
    if not isinstance(point, Mapping):
        raise InputError(
            translate("Roofline", "measured point: expected a dict, got {type}").format(
                type=type(point).__name__
            )
        )
    missing = [k for k in ("op", "flops", "bytes", "seconds") if k not in point]
    if missing:
        raise InputError(
            translate("Roofline", "measured point: missing {keys}").format(keys=", ".join(missing))
        )
    quartiles = [
        _positive(point, key) if isinstance(point.get(key), int | float) else None
        for key in ("q1", "q3")
    ]
    return MeasuredPoint(
        op=str(point["op"]),
        dtype=str(point.get("dtype", "")),
        shape=_shape_text(point.get("shape", "")),
        flops=_positive(point, "flops", allow_zero=True),
        bytes=_positive(point, "bytes"),
        seconds=_positive(point, "seconds"),
        spread=_positive(point, "spread", allow_zero=True) if "spread" in point else 0.0,
        device=str(point.get("device_name") or point.get("device", "")),
        name=str(point.get("label", "") or ""),
        q1=quartiles[0],
        q3=quartiles[1],
    )


def roof_polyline(
    peak: float, bandwidth: float, x_lo: float, x_hi: float
) -> tuple[list[float], list[float]]:
    """The roof ``min(peak, bandwidth · I)`` between intensities ``x_lo`` and ``x_hi``, as the
    fewest vertices (the knee included when it lies inside), for drawing on log-log axes."""
    knee = ridge(peak, bandwidth)
    xs = [x_lo] + ([knee] if x_lo < knee < x_hi else []) + [x_hi]
    return xs, [attainable(peak, bandwidth, x) for x in xs]
