"""NVFP4 GEMMs (fp4) on Blackwell take their own measured large-GEMM efficiency, not the 16-bit
one: pytorch/ao pull 2427 timed ``bench_matmul.py --recipe nvfp4`` on a B200 at 8192³ in
2.05e-4 s, 5.37e15 FLOP/s (the same PR's bf16 row at the same shape: 1.42e15, 0.631)."""

from __future__ import annotations

import pytest

from core.roofline.achievable import calibration
from core.roofline.hardware import builtin_devices

DEVICES = {d.id: d for d in builtin_devices()}


def test_the_b200_nvfp4_figure_is_the_measured_rate_over_the_dense_fp4_peak() -> None:
    # 2 · 8192³ FLOP / 2.05e-4 s = 5.36e15 (the PR prints 5.37e15) over the 9 PFLOP/s dense FP4.
    assert calibration(DEVICES["b200"]).gemm_efficiency("fp4") == pytest.approx(
        5.37e15 / 9.0e15, abs=1e-4
    )


def test_the_gb200_takes_the_b200_rate_over_its_own_higher_peak() -> None:
    assert calibration(DEVICES["gb200"]).gemm_efficiency("fp4") == pytest.approx(
        5.37e15 / 1.0e16, abs=1e-4
    )


def test_a_device_without_an_fp4_figure_keeps_the_16_bit_one() -> None:
    cal = calibration(DEVICES["b300"])
    assert cal.gemm_efficiency("fp4") == cal.gemm_efficiency("bf16")


def test_an_nvfp4_gemm_at_the_reference_shape_runs_at_the_measured_rate() -> None:
    # The shape model gives the measurement back at the shape it was measured at (8192³).
    cal = calibration(DEVICES["b200"])
    rate = cal.gemm_rate(9.0e15, 8192, 8192, dtype="fp4", k=8192)
    assert rate == pytest.approx(5.37e15, rel=1e-3)
