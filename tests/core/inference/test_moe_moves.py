"""The bytes a MoE layer's kernels move beside its grouped GEMMs, by hand: the permute to the
``top_k`` experts (quantized to the GEMM's input format), the gated activation between the two
GEMMs, and the weighted un-permute (TensorRT-LLM's CUTLASS MoE: ``expandInputRowsKernel``,
``doActivationKernel``, ``finalizeMoeRoutingKernel``)."""

from __future__ import annotations

import pytest

from core.inference.serve import InferenceInput
from core.plan.options import parse_dims
from core.roofline.achievable import calibration
from core.roofline.hardware import load_catalog

CATALOG = load_catalog()
# 2 layers, d 64, 4 heads of 16 (4 KV heads), 4 experts of width 32, 2 per token, vocab 100
MOE = "layers=2,hidden=64,heads=4,kv_heads=4,ffn=32,vocab=100,experts=4,top_k=2,moe_ffn=32"
# each matrix's input and output once per token, 16-bit: q, k, v, o (64 in, 64 out), the
# router (64 in, 4 out), and each of the token's 2 experts' gate, up (64 in, 32 out) and down
GEMM_IO = (4 * (64 + 64) + (64 + 4) + 2 * 3 * (64 + 32)) * 2 * 2  # elements × layers × bytes


def activations(dims: str, device: str, weights: str, batch: int) -> float:
    dev = CATALOG.get(device)
    deployment = InferenceInput(parse_dims(dims), dev, calibration(dev), weights=weights).deployment
    return deployment.decode(batch, 100.0).parts["activations"]


def moves(quantized: float) -> float:
    """One token's bytes through one MoE layer's permute, activation and un-permute."""
    permute = 64 * 2 + 2 * 64 * quantized  # read d (bf16), write top_k copies
    activation = 2 * 2 * 32 * 2 + 2 * 32 * quantized  # read gate and up outputs, write the product
    unpermute = 2 * 64 * 2 + 64 * 2  # read the 2 expert outputs (bf16), write their sum
    return permute + activation + unpermute


def test_bf16_experts_move_16_bit_copies():
    assert activations(MOE, "h100-sxm", "bf16", 8) == pytest.approx(8 * (GEMM_IO + 2 * moves(2)))


def test_nvfp4_experts_take_4_bit_inputs_with_their_block_scales():
    # NVFP4: 4 bits per value and one 1-byte E4M3 scale per 16 values
    assert activations(MOE, "b200", "nvfp4", 8) == pytest.approx(
        8 * (GEMM_IO + 2 * moves(0.5 + 1 / 16))
    )


def test_a_dense_model_moves_nothing_beside_its_gemms():
    dense = "layers=2,hidden=64,heads=4,kv_heads=4,ffn=32,vocab=100"
    mlp_io = 2 * (64 + 32) + (32 + 64)  # gate, up, down
    assert activations(dense, "h100-sxm", "bf16", 8) == pytest.approx(
        8 * (4 * (64 + 64) + mlp_io) * 2 * 2
    )
