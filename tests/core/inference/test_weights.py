"""Weight bytes per format against ml_dtypes' element sizes and the formats' published blocks."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

from core.errors import InputError
from core.inference.shapes import shape_of
from core.inference.weights import (
    FORMAT_IDS,
    gemm_dtype,
    matrix_bytes,
    weight_bytes,
    weight_format,
)
from core.memory.models import PRESETS
from core.roofline.hardware import load_catalog
from tests.core.inference.standins import deepseek_v3


def bits(dtype) -> int:
    return ml_dtypes.finfo(dtype).bits


# Block sizes as the specifications publish them: OCP Microscaling v1.0 (32 elements per E8M0
# scale); NVIDIA's NVFP4 (16 elements per E4M3 scale, one fp32 scale per tensor); GPTQ/AWQ
# checkpoints (groups of 128, a 16-bit scale and a 4-bit zero point each).
ROWS, COLS = 4096, 11008
HAND = {
    "bf16": ROWS * COLS * bits(ml_dtypes.bfloat16) / 8,
    "fp8": ROWS * COLS * bits(ml_dtypes.float8_e4m3fn) / 8 + 4,
    "int8": ROWS * COLS * np.dtype(np.int8).itemsize + ROWS * 2,
    "int4": ROWS * COLS * ml_dtypes.iinfo(ml_dtypes.int4).bits / 8
    + ROWS * (COLS // 128) * (16 + 4) / 8,
    "nvfp4": ROWS * COLS * bits(ml_dtypes.float4_e2m1fn) / 8
    + ROWS * (COLS // 16) * bits(ml_dtypes.float8_e4m3fn) / 8
    + 4,
    "mxfp4": ROWS * COLS * bits(ml_dtypes.float4_e2m1fn) / 8
    + ROWS * (COLS // 32) * bits(ml_dtypes.float8_e8m0fnu) / 8,
}


@pytest.mark.parametrize("fmt", FORMAT_IDS)
def test_one_matrix(fmt):
    assert matrix_bytes(weight_format(fmt), ROWS, COLS) == pytest.approx(HAND[fmt], rel=1e-15)


def test_a_partial_block_takes_a_whole_scale():
    # 100 columns: 7 NVFP4 blocks (the last of 4 values) and 4 MXFP4 blocks
    assert matrix_bytes(weight_format("nvfp4"), 1, 100) == 50 + 7 + 4
    assert matrix_bytes(weight_format("mxfp4"), 1, 100) == 50 + 4


def test_llama2_7b_bf16_is_two_bytes_per_parameter():
    spec = PRESETS["llama2-7b"]
    assert weight_bytes(shape_of(spec), weight_format("bf16")).total == 2 * spec.param_count


def test_embeddings_head_and_norms_stay_bf16():
    spec = PRESETS["llama3-8b"]
    shape = shape_of(spec)
    found = weight_bytes(shape, weight_format("int4"))
    vocab, d = 128256, 4096
    assert found.by_group["embedding"] == vocab * d * 2
    assert found.by_group["head"] == vocab * d * 2
    assert found.by_group["vectors"] == (2 * 32 + 1) * d * 2
    # the layers' matrices: q, o (d × d), k, v (d × 1024), gate, up, down (d × 14336), per layer
    per_layer = [(d, d), (1024, d), (1024, d), (d, d), (14336, d), (14336, d), (d, 14336)]
    layers = sum(r * c / 2 + r * (c // 128) * 20 / 8 for r, c in per_layer) * 32
    assert found.quantized == pytest.approx(layers, rel=1e-12)
    assert found.total == pytest.approx(layers + 2 * vocab * d * 2 + 65 * d * 2, rel=1e-12)


def test_moe_router_stays_bf16_and_experts_are_counted_each():
    shape = shape_of(deepseek_v3())
    found = weight_bytes(shape, weight_format("fp8"))
    assert found.by_group["router"] == 58 * 256 * 7168 * 2
    # one routed expert: gate and up (2048 × 7168) and down (7168 × 2048), fp8 + a scale each
    assert found.expert_each == 3 * (2048 * 7168 + 4)
    assert found.by_group["expert"] == pytest.approx(58 * 256 * found.expert_each)


def test_formats_without_a_peak_run_weight_only():
    catalog = load_catalog()
    assert gemm_dtype(weight_format("fp8"), catalog.get("h100-sxm")) == ("fp8", False)
    assert gemm_dtype(weight_format("fp8"), catalog.get("a100-sxm")) == ("bf16", True)
    assert gemm_dtype(weight_format("nvfp4"), catalog.get("b200")) == ("fp4", False)
    assert gemm_dtype(weight_format("int4"), catalog.get("h100-sxm")) == ("bf16", False)
    assert gemm_dtype(weight_format("bf16"), catalog.get("v100")) == ("fp16", False)


@pytest.mark.parametrize("bad", ["int3", "fp16", "", None])
def test_unknown_format(bad):
    with pytest.raises(InputError, match="allowed: bf16, fp8, int8, int4, nvfp4, mxfp4"):
        weight_format(bad)
