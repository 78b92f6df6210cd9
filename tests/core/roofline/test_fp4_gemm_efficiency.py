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
    cal = calibration(DEVICES["rtx-5090"])
    assert cal.gemm_efficiency("fp4") == cal.gemm_efficiency("bf16")


def test_blackwell_ultra_fp4_is_bounded_by_the_b200s_measured_ratio() -> None:
    # Neither Blackwell Ultra device has an FP4 measurement: the GB300 runs its own measured
    # 16-bit rate (2·8192³ FLOP in 0.640230 ms, facebookexperimental/triton#740) times the B200's
    # measured NVFP4/BF16 ratio at 8192³ (5.37e15 over 2·8192³ / 7.74e-4 s); the B300, whose
    # 16-bit figure is the B200's, the B200's NVFP4 rate. Neither counts the datasheet's extra FP4.
    b200_ratio = 5.37e15 / (2 * 8192**3 / 7.74e-4)
    gb300_rate = 2 * 8192**3 / 0.640230e-3 * b200_ratio
    assert calibration(DEVICES["gb300"]).gemm_efficiency("fp4") == pytest.approx(
        gb300_rate / 1.5e16, abs=1e-3
    )
    assert calibration(DEVICES["b300"]).gemm_efficiency("fp4") == pytest.approx(
        5.37e15 / 1.35e16, abs=1e-4
    )
    for dev in ("gb300", "b300"):  # below the 16-bit fraction the file used to lend them
        cal = calibration(DEVICES[dev])
        assert cal.gemm_efficiency("fp4") < cal.gemm_efficiency("bf16")


def test_an_nvfp4_gemm_at_the_reference_shape_runs_at_the_measured_rate() -> None:
    # The shape model gives the measurement back at the shape it was measured at (8192³).
    cal = calibration(DEVICES["b200"])
    rate = cal.gemm_rate(9.0e15, 8192, 8192, dtype="fp4", k=8192)
    assert rate == pytest.approx(5.37e15, rel=1e-3)
