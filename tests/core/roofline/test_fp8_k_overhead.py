"""The fp8 GEMMs' own per-tile fixed cost (issue 38): derived from this project's fp8 matmul
rates at two K on the H200 (docs/gpu.md, second run: 1,131 TFLOP/s at 4096³, 1,238 at 8192³), used
only for fp8 GEMMs of a device with an fp8 efficiency of its own, and the shape model gives the
measured ratio back. Every number is derived here by hand from the measurement."""

from __future__ import annotations

import math

import pytest

from core.roofline.achievable import (
    Calibration,
    calibration,
    gemm_shape_efficiency,
    with_values,
)
from core.roofline.hardware import load_catalog

#: docs/gpu.md, 2026-11-30 second run: torch._scaled_mm, clocks warmed (TFLOP/s).
FP8_4096, FP8_8192 = 1131.0, 1238.0
#: OpenXLA's sm_90 bf16 table, the 16-bit K-loop cost (resources/calibration.json, h100-sxm).
BF16_K0 = 225.0


def _cal(device_id: str) -> Calibration:
    return calibration(load_catalog([]).get(device_id))


def _hand_k0() -> float:
    """k0 from rho = (4096/(4096 + k0)) / (8192/(8192 + k0)), solved for k0."""
    rho = FP8_4096 / FP8_8192
    return 8192 * (1 - rho) / (2 * rho - 1)


def test_the_two_measured_shapes_fill_their_waves_alike() -> None:
    # 128 x 256 tiles on 132 SMs: 4096^2 -> 32 x 16 = 512 tiles in ceil(512/132) = 4 waves;
    # 8192^2 -> 64 x 32 = 2048 tiles in 16 waves; both 512/528 = 2048/2112 of the SMs' tiles.
    small = gemm_shape_efficiency(4096, 4096, 132, (128, 256))
    large = gemm_shape_efficiency(8192, 8192, 132, (128, 256))
    assert small == pytest.approx(512 / (4 * 132)) and large == pytest.approx(2048 / (16 * 132))
    assert small == pytest.approx(large)


@pytest.mark.parametrize("device_id", ["h200", "h100-sxm"])
def test_fp8_k0_is_the_one_the_measured_pair_gives(device_id: str) -> None:
    cal = _cal(device_id)
    assert cal.k_overhead_of("fp8") == pytest.approx(_hand_k0(), abs=0.5)
    assert 850 < _hand_k0() < 860


@pytest.mark.parametrize("device_id", ["h200", "h100-sxm"])
def test_the_model_gives_the_measured_fp8_ratio_back(device_id: str) -> None:
    cal = _cal(device_id)
    peak = 1979e12
    small = cal.gemm_rate(peak, 4096, 4096, dtype="fp8", k=4096)
    large = cal.gemm_rate(peak, 8192, 8192, dtype="fp8", k=8192)
    assert large == pytest.approx(peak * 0.6256, rel=1e-3)  # the 8192^3 measurement itself
    assert small / large == pytest.approx(FP8_4096 / FP8_8192, rel=1e-3)


def test_bf16_keeps_its_own_k0() -> None:
    cal = _cal("h200")
    assert cal.k_overhead_of("bf16") == cal.k_overhead == BF16_K0
    ratio = cal.gemm_rate(1.0, 4096, 4096, k=4096) / cal.gemm_rate(1.0, 8192, 8192, k=8192)
    hand = (4096 / (4096 + BF16_K0)) / (8192 / (8192 + BF16_K0))
    assert ratio == pytest.approx(hand, rel=1e-9)


def test_a_short_fp8_k_loop_loses_more_than_a_bf16_one() -> None:
    # Llama 3 70B's row-parallel projection at TP 4: K = 8192 / 4 = 2048, output 8192 x 8192.
    cal = _cal("h100-sxm")
    fp8 = cal.gemm_rate(1.0, 8192, 8192, dtype="fp8", k=2048) / cal.gemm_rate(
        1.0, 8192, 8192, dtype="fp8", k=8192
    )
    k0 = _hand_k0()
    assert fp8 == pytest.approx((2048 / (2048 + k0)) / (8192 / (8192 + k0)), rel=1e-9)
    bf16 = cal.gemm_rate(1.0, 8192, 8192, k=2048) / cal.gemm_rate(1.0, 8192, 8192, k=8192)
    assert fp8 < bf16 < 1


@pytest.mark.parametrize("device_id", ["b200", "gb200", "a100-sxm"])
def test_devices_without_an_fp8_pair_keep_one_k0(device_id: str) -> None:
    cal = _cal(device_id)
    assert "gemm_k_overhead_fp8" not in cal.values
    assert cal.k_overhead_of("fp8") == cal.k_overhead


def test_an_fp8_k0_needs_an_fp8_efficiency_of_its_own() -> None:
    cal = _cal("a100-sxm")  # no fp8 efficiency: its fp8 GEMMs are the 16-bit ones
    changed = with_values(cal, gemm_k_overhead_fp8=900.0)
    assert "gemm_efficiency_fp8" not in changed.values
    assert changed.k_overhead_of("fp8") == cal.k_overhead
    h200 = with_values(_cal("h200"), gemm_k_overhead_fp8=0.0)
    assert h200.k_overhead_of("fp8") == 0.0
    assert h200.reference_shape("fp8") == pytest.approx(
        gemm_shape_efficiency(8192, 8192, 132, (128, 256))
    )
    assert not math.isnan(h200.gemm_rate(1.0, 4096, 4096, dtype="fp8", k=4096))
