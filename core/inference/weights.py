"""Weight bytes by storage format, block scales included, and which tensors each format leaves
in 16 bits.

Each format stores the layers' linear weights (attention projections, dense MLPs, shared and
routed experts) as small elements plus scales; everything else stays **bf16**: the token (and
position) embedding, the LM head, the MoE router, norms and biases, as serving engines load
quantized checkpoints by default (vLLM, TensorRT-LLM: ``lm_head`` and embeddings unquantized).
A matrix of ``rows × cols`` (out × in features) takes ``rows·cols·bits/8`` bytes plus:

========  ==========================================  =========================================
format    elements and scales                         GEMMs run in (where the device has it)
========  ==========================================  =========================================
bf16      BF16, no scale                              bf16
fp8       FP8 E4M3, one fp32 scale per matrix         fp8 (activations quantized per tensor)
          (the Dtypes domain's ``fp8_tensor``)
int8      8-bit integers, one 16-bit scale per        int8 (W8A8, SmoothQuant-style)
          output row (per-channel)
int4      4-bit integers in groups of 128 along the   bf16: weight-only (W4A16), dequantized in
          input, each with a 16-bit scale and a       the kernel (GPTQ and AWQ checkpoints)
          4-bit zero point
nvfp4     the Dtypes domain's ``nvfp4``: 16 × E2M1    fp4
          per E4M3 scale, one fp32 scale per matrix
mxfp4     the Dtypes domain's ``mxfp4``: 32 × E2M1    fp4
          per E8M0 scale
========  ==========================================  =========================================

A device without a peak for a format's GEMM dtype runs it weight-only: the weights are read in
their format and multiplied in bf16 (fp16 where the device has no bf16).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from core.echo import brief
from core.errors import InputError
from core.inference.shapes import Matrix, Shape
from core.numbers.blockscale import BLOCK_FORMATS
from core.numbers.formats import FORMATS
from core.texts import translate

__all__ = [
    "FORMAT_IDS",
    "PER_ROW",
    "QUANTIZED_GROUPS",
    "WeightBytes",
    "WeightFormat",
    "gemm_dtype",
    "matrix_bytes",
    "napkin_inputs",
    "weight_bytes",
    "weight_format",
]

#: ``block`` of a format with one scale per output row.
PER_ROW = -1
#: Matrix groups (:class:`core.inference.shapes.Matrix`) a format quantizes; the rest stay bf16.
QUANTIZED_GROUPS: tuple[str, ...] = ("attention", "mlp", "expert")
#: Bytes of a value that stays in 16 bits.
BF16_BYTES = FORMATS["bfloat16"].stored_bits / 8


@dataclass(frozen=True)
class WeightFormat:
    """How a quantized matrix is stored (see the module docstring's table).

    ``block``: values per scale along a row (0: no block scales; :data:`PER_ROW`: one per row);
    ``scale_bits``: bits of one such scale, its zero point included; ``tensor_scale_bits``: bits
    of the one scale per matrix.
    """

    id: str
    element_bits: int
    block: int
    scale_bits: int
    tensor_scale_bits: int
    gemm: str

    def bits_per_value(self, cols: int) -> float:
        """Storage bits per value of a row of ``cols`` values, its scales included (the
        matrix's tensor scale left out)."""
        if self.block == PER_ROW:
            return self.element_bits + self.scale_bits / cols
        if self.block > 0:
            return self.element_bits + math.ceil(cols / self.block) * self.scale_bits / cols
        return float(self.element_bits)


def _from_block(fmt_id: str, block_id: str, gemm: str) -> WeightFormat:
    found = BLOCK_FORMATS[block_id]
    element = FORMATS[found.element].stored_bits
    scale = FORMATS[found.scale].stored_bits
    if found.block == 0:  # one scale for the whole tensor
        return WeightFormat(fmt_id, element, 0, 0, scale, gemm)
    tensor = FORMATS["float32"].stored_bits if found.tensor_scale else 0
    return WeightFormat(fmt_id, element, found.block, scale, tensor, gemm)


#: Format id -> its storage.
FORMATS_BY_ID: dict[str, WeightFormat] = {
    f.id: f
    for f in (
        WeightFormat("bf16", FORMATS["bfloat16"].stored_bits, 0, 0, 0, "bf16"),
        _from_block("fp8", "fp8_tensor", "fp8"),
        WeightFormat("int8", 8, PER_ROW, 16, 0, "int8"),
        WeightFormat("int4", 4, 128, 16 + 4, 0, "bf16"),
        _from_block("nvfp4", "nvfp4", "fp4"),
        _from_block("mxfp4", "mxfp4", "fp4"),
    )
}
FORMAT_IDS: tuple[str, ...] = tuple(FORMATS_BY_ID)


def weight_format(value: object) -> WeightFormat:
    """The format called ``value``; the error lists them."""
    key = value.strip().lower() if isinstance(value, str) else ""
    if key not in FORMATS_BY_ID:
        raise InputError(
            translate("Inference", "weights: {value}; allowed: {allowed}").format(
                value=brief(value), allowed=", ".join(FORMAT_IDS)
            ),
            field="weights",
        )
    return FORMATS_BY_ID[key]


def matrix_bytes(fmt: WeightFormat, rows: int, cols: int) -> float:
    """Bytes of one ``rows × cols`` matrix stored in ``fmt``, its scales included."""
    if fmt.block == PER_ROW:
        scales = rows
    elif fmt.block > 0:
        scales = rows * math.ceil(cols / fmt.block)
    else:
        scales = 0
    bits = rows * cols * fmt.element_bits + scales * fmt.scale_bits + fmt.tensor_scale_bits
    return bits / 8


def _bytes(m: Matrix, fmt: WeightFormat) -> float:
    if m.group in QUANTIZED_GROUPS:
        return matrix_bytes(fmt, m.rows, m.cols) * m.count
    return m.params * BF16_BYTES


@dataclass(frozen=True)
class WeightBytes:
    """A model's weight bytes in one format, by group.

    ``by_group``: ``attention``, ``mlp``, ``expert`` (every routed expert of every layer),
    ``router``, ``embedding``, ``head``, ``vectors`` (norms and biases); ``expert_each``: one
    routed expert of one layer.
    """

    format: str
    by_group: dict[str, float]
    expert_each: float

    @property
    def total(self) -> float:
        """Every weight byte."""
        return sum(self.by_group.values())

    @property
    def quantized(self) -> float:
        """Bytes of the matrices the format stores in its own elements."""
        return sum(v for k, v in self.by_group.items() if k in QUANTIZED_GROUPS)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {"format": self.format, "total": self.total, **self.by_group}


def weight_bytes(shape: Shape, fmt: WeightFormat) -> WeightBytes:
    """The weight bytes of ``shape`` stored in ``fmt``."""
    groups: dict[str, float] = {}
    for m in shape.matrices:
        groups[m.group] = groups.get(m.group, 0.0) + _bytes(m, fmt)
    groups["vectors"] = shape.vectors * BF16_BYTES
    each = sum(matrix_bytes(fmt, m.rows, m.cols) for m in shape.matrices if m.group == "expert")
    return WeightBytes(fmt.id, groups, each)


def gemm_dtype(fmt: WeightFormat, device: Any) -> tuple[str, bool]:
    """``(dtype the GEMMs run in on device, weight-only)``: the format's GEMM dtype where the
    device has a peak for it, else bf16 (or fp16) with the weights dequantized in the kernel."""
    if device.supports(fmt.gemm):
        return fmt.gemm, False
    for wide in ("bf16", "fp16", "fp32"):
        if device.supports(wide):
            return wide, fmt.gemm not in ("bf16", "fp16", "fp32")
    raise InputError(
        translate("Inference", "device: {device} has no bf16, fp16 or fp32 peak to run {fmt} weights on; allowed: a device with one").format(
            device=device.name, fmt=fmt.id
        ),
        field="device",
    )  # fmt: skip


def napkin_inputs(spec: Any, weights: str = "bf16") -> dict[str, Any]:
    """What the Napkin KV-cache card takes from a model: layers, KV heads, head dimension, the
    latent width of multi-head latent attention (0 without it) and the weight bytes in
    ``weights`` (:func:`core.napkin.kv_cache.kv_cache`'s keyword arguments)."""
    from core.inference.shapes import shape_of

    shape = shape_of(spec)
    return {
        "layers": shape.layers, "kv_heads": shape.kv_heads, "head_dim": shape.head_dim,
        "latent": shape.kv_lora_rank + shape.qk_rope_head_dim if shape.is_mla else 0,
        "weight_bytes": weight_bytes(shape, weight_format(weights)).total,
    }  # fmt: skip
