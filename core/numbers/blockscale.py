"""Block-scaled formats: MXFP8/6/4 (OCP MX) and NVFP4, against a per-tensor-scaled fp8 baseline.

A block format stores small elements plus one shared scale per block of consecutive values:

* **MX** (OCP Microscaling v1.0): 32 elements share an E8M0 scale ``2^(floor(log2(amax)) - emax)``,
  where ``emax`` is the exponent of the element format's largest normal; elements that land beyond
  the element maximum are clamped.
* **NVFP4**: 16 E2M1 elements share an E4M3 scale ``amax_block / 6`` (itself divided by one fp32
  tensor scale ``amax_tensor / (6·448)``, as in torchao and Transformer Engine).
* **fp8 per tensor**: one fp32 scale ``amax / 448`` for the whole vector, E4M3 elements.

:func:`quantize` returns the scales, the dequantized values and error statistics per block and
overall, so the classic failure is visible: one outlier sets its block's scale and flushes the
block's small values to zero.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from core.echo import brief
from core.errors import InputError
from core.numbers.codec import round_array
from core.numbers.formats import FORMATS
from core.texts import translate

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "BLOCK_FORMATS",
    "BlockFormat",
    "BlockResult",
    "error_histograms",
    "get_block_format",
    "quantize",
]

MAX_VALUES = 1_000_000


@dataclass(frozen=True)
class BlockFormat:
    """A block-scaled format: element format, block size, scale format, optional tensor scale."""

    id: str
    title: str
    element: str
    block: int  # 0: one scale for the whole tensor
    scale: str  # format id of the stored scale ("float32" for a plain fp32 scale)
    tensor_scale: bool = False

    def bits_per_value(self, n: int = 0) -> float:
        """Storage bits per value, scales included (for a tensor of ``n`` values)."""
        elem = FORMATS[self.element].bits
        scale_bits = FORMATS[self.scale].bits
        if self.block == 0:
            return elem + (scale_bits / n if n else 0.0)
        extra = 32 / n if (self.tensor_scale and n) else 0.0
        return elem + scale_bits / self.block + extra


BLOCK_FORMATS: dict[str, BlockFormat] = {
    b.id: b
    for b in (
        BlockFormat("mxfp8_e4m3", translate("Dtypes", "MXFP8 E4M3 (32 × E4M3, E8M0 scale)"),
                    "float8_e4m3fn", 32, "float8_e8m0fnu"),
        BlockFormat("mxfp8_e5m2", translate("Dtypes", "MXFP8 E5M2 (32 × E5M2, E8M0 scale)"),
                    "float8_e5m2", 32, "float8_e8m0fnu"),
        BlockFormat("mxfp6_e2m3", translate("Dtypes", "MXFP6 E2M3 (32 × E2M3, E8M0 scale)"),
                    "float6_e2m3fn", 32, "float8_e8m0fnu"),
        BlockFormat("mxfp6_e3m2", translate("Dtypes", "MXFP6 E3M2 (32 × E3M2, E8M0 scale)"),
                    "float6_e3m2fn", 32, "float8_e8m0fnu"),
        BlockFormat("mxfp4", translate("Dtypes", "MXFP4 (32 × E2M1, E8M0 scale)"),
                    "float4_e2m1fn", 32, "float8_e8m0fnu"),
        BlockFormat("nvfp4", translate("Dtypes", "NVFP4 (16 × E2M1, E4M3 scale, fp32 tensor scale)"),
                    "float4_e2m1fn", 16, "float8_e4m3fn", True),
        BlockFormat("fp8_tensor", translate("Dtypes", "FP8 E4M3, one fp32 scale per tensor"),
                    "float8_e4m3fn", 0, "float32"),
    )
}  # fmt: skip


def get_block_format(format_id: object) -> BlockFormat:
    """The block format called ``format_id``; unknown ids raise InputError listing the known ones."""
    key = str(format_id).strip().lower()
    if key not in BLOCK_FORMATS:
        raise InputError(
            f"block format: unknown {brief(key)}; known: {', '.join(BLOCK_FORMATS)}",
            field="block_format",
        )
    return BLOCK_FORMATS[key]


@dataclass(frozen=True)
class BlockResult:
    """A vector quantized with a block format.

    Attributes
    ----------
    values, dequantized
        The input and what the format gives back (float64, same length).
    scales
        The decoded scale of every block (for ``fp8_tensor``: one value), tensor scale not applied.
    tensor_scale
        NVFP4's fp32 tensor scale (1.0 for the other formats).
    block_max_abs_error, block_rms_error, block_rel_error
        Per block: largest |error|, RMS error, and RMS error / RMS of the block's values.
    block_flushed
        Per block: the fraction of its non-zero values stored as zero (an outlier's victims).
    """

    format: BlockFormat
    values: np.ndarray
    dequantized: np.ndarray
    scales: np.ndarray
    tensor_scale: float
    block_max_abs_error: np.ndarray
    block_rms_error: np.ndarray
    block_rel_error: np.ndarray
    block_flushed: np.ndarray

    @property
    def errors(self) -> np.ndarray:
        """``dequantized - values``."""
        return self.dequantized - self.values

    def summary(self) -> dict[str, Any]:
        """Overall statistics as plain data (the CLI's ``--quantize`` output)."""
        import numpy as np

        err = self.errors
        norm = float(np.sqrt(np.mean(self.values**2))) if self.values.size else 0.0
        rms = float(np.sqrt(np.mean(err**2))) if err.size else 0.0
        rel = rms / norm if norm else 0.0
        nonzero = self.values != 0
        flushed = float(np.mean(self.dequantized[nonzero] == 0)) if nonzero.any() else 0.0
        worst = int(np.argmax(self.block_rel_error)) if self.block_rel_error.size else 0
        ruined = int(np.argmax(self.block_flushed)) if self.block_flushed.size else 0
        worst_ok = bool(self.scales.size)
        return {
            "format": self.format.id,
            "n": int(self.values.size),
            "block_size": self.format.block or int(self.values.size),
            "blocks": int(self.scales.size),
            "bits_per_value": self.format.bits_per_value(int(self.values.size)),
            "max_abs_error": float(np.max(np.abs(err))) if err.size else 0.0,
            "rms_error": rms,
            "rel_error": rel,
            "sqnr_db": -20 * math.log10(rel) if rel > 0 else math.inf,
            "flushed_to_zero": flushed,
            "tensor_scale": self.tensor_scale,
            "worst_block": worst,
            "worst_block_rel_error": float(self.block_rel_error[worst]) if worst_ok else 0.0,
            "most_flushed_block": ruined,
            "most_flushed_fraction": float(self.block_flushed[ruined]) if worst_ok else 0.0,
        }


def _as_vector(values: object) -> np.ndarray:
    import numpy as np

    x = np.asarray(values, dtype=np.float64).ravel()
    if x.size == 0 or x.size > MAX_VALUES:
        raise InputError(_too_many(x.size), field="vector")
    if not np.isfinite(x).all():
        raise InputError(
            translate("Dtypes", "vector: contains NaN or inf; allowed: finite numbers"),
            field="vector",
        )
    return x


def _mx_scales(amax: np.ndarray, element_max: float) -> np.ndarray:
    import numpy as np

    emax = math.floor(math.log2(element_max))
    _, ex = np.frexp(amax)  # amax = f·2^ex with f in [0.5, 1): floor(log2) = ex - 1
    shared = np.clip(ex.astype(np.int64) - 1 - emax, -127, 127)
    return np.where(amax > 0, np.ldexp(1.0, shared), 1.0)


def _too_many(count: int) -> str:
    return translate("Dtypes", "vector: {count} values; allowed: 1 to {max}").format(
        count=f"{count:,}", max=f"{MAX_VALUES:,}"
    )


def quantize(values: object, format_id: str) -> BlockResult:
    """Quantize a vector (up to 1e6 finite values) with a block format and measure the error."""
    import numpy as np

    fmt = get_block_format(format_id)
    x = _as_vector(values)
    elem = FORMATS[fmt.element]
    block = fmt.block or x.size
    pad = (-x.size) % block
    blocks = np.concatenate([x, np.zeros(pad)]).reshape(-1, block)
    amax = np.max(np.abs(blocks), axis=1)
    tensor_scale = 1.0
    if fmt.scale == "float8_e8m0fnu":
        scales = _mx_scales(amax, elem.max)
    elif fmt.block == 0:
        scales = np.where(amax > 0, (amax / elem.max).astype(np.float32), 1.0).astype(np.float64)
    else:
        total = float(amax.max())
        tensor_scale = float(np.float32(total / (elem.max * FORMATS[fmt.scale].max))) or 1.0
        scales = round_array(FORMATS[fmt.scale], amax / elem.max / tensor_scale, "torch")
    effective = scales * tensor_scale
    safe = np.where(effective > 0, effective, 1.0)[:, None]
    with np.errstate(over="ignore"):
        elements = round_array(elem, blocks / safe, "torch")
    elements = np.clip(elements, -elem.max, elem.max)  # MX and NVFP4 clamp to the element max
    elements = np.where(effective[:, None] > 0, elements, 0.0)
    deq = elements * safe
    err = deq - blocks
    sq = np.mean(err**2, axis=1)
    norm = np.sqrt(np.mean(blocks**2, axis=1))
    rms = np.sqrt(sq)
    rel = np.divide(rms, norm, out=np.zeros_like(rms), where=norm > 0)
    nonzero = (blocks != 0).sum(axis=1)
    lost = ((blocks != 0) & (deq == 0)).sum(axis=1)
    flushed = np.divide(lost, nonzero, out=np.zeros(len(lost)), where=nonzero > 0)
    return BlockResult(
        fmt,
        x,
        deq.ravel()[: x.size],
        scales,
        tensor_scale,
        np.max(np.abs(err), axis=1),
        rms,
        rel,
        flushed,
    )


def error_histograms(
    results: list[BlockResult], bins: int = 81
) -> tuple[np.ndarray, list[np.ndarray]]:
    """Histograms of each result's errors over shared, symmetric bin edges."""
    import numpy as np

    errors = [r.errors for r in results]
    reach = max((float(np.max(np.abs(e))) for e in errors if e.size), default=0.0) or 1e-12
    edges = np.linspace(-reach, reach, bins + 1)
    return edges, [np.histogram(e, edges)[0] for e in errors]
