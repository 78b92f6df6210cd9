"""FP8 GEMMs on the MI300X take their own measured large-GEMM efficiency, not the 16-bit one:
ROCm/hipBLASLt issue 1721 ran ``hipblaslt-bench -r f8_r -m 8192 -n 8192 -k 8192`` on an MI300X at
907 TFLOP/s, against the datasheet's 2,614.9 TFLOP/s of dense FP8. The 16-bit figure (the
ml-engineering MAMF table's 668.4 TFLOP/s of bf16, a best-of-search maximum) would have run fp8 at
twice its rate, 1,337 TFLOP/s."""

from __future__ import annotations

import pytest

from core.roofline.achievable import calibration
from core.roofline.hardware import builtin_devices

DEVICES = {d.id: d for d in builtin_devices()}


def test_the_mi300x_fp8_figure_is_the_measured_rate_over_the_dense_fp8_peak() -> None:
    assert calibration(DEVICES["mi300x"]).gemm_efficiency("fp8") == pytest.approx(
        907e12 / 2614.9e12, abs=1e-4
    )


def test_the_fp8_figure_is_below_what_the_16_bit_fraction_gave_fp8() -> None:
    # 668.4 / 1307.4 of the bf16 peak, taken at the fp8 peak: 0.511 × 2614.9 = 1,337 TFLOP/s.
    cal = calibration(DEVICES["mi300x"])
    assert cal.gemm_efficiency("bf16") == pytest.approx(668.4 / 1307.4, abs=1e-4)
    assert cal.gemm_efficiency("fp8") * 2614.9e12 < cal.gemm_efficiency("bf16") * 2614.9e12


def test_an_fp8_gemm_at_the_measured_shape_runs_at_the_measured_rate() -> None:
    # The fp8 figure names its own shape (8192³): the shape model gives 907 TFLOP/s back there.
    cal = calibration(DEVICES["mi300x"])
    assert cal.gemm_reference("fp8") == (8192, 8192, 8192)
    rate = cal.gemm_rate(2614.9e12, 8192, 8192, dtype="fp8", k=8192)
    assert rate == pytest.approx(907e12, rel=1e-3)


def test_the_bf16_figure_and_its_shape_are_unchanged() -> None:
    cal = calibration(DEVICES["mi300x"])
    assert cal.gemm_reference("bf16") == (10240, 15360, 8192)


def test_the_mi325x_takes_the_mi300x_fp8_rate_at_its_equal_peak() -> None:
    # The MI325X is the MI300X's CDNA 3 die (SIBLINGS) with the same 2,614.9 TFLOP/s dense FP8.
    cal = calibration(DEVICES["mi325x"])
    assert DEVICES["mi325x"].peak("fp8") == pytest.approx(2614.9e12)
    assert cal.gemm_efficiency("fp8") == pytest.approx(907e12 / 2614.9e12, abs=1e-4)
