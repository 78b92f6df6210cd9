"""Roofline math against the lecture's H100 numbers and hand derivations."""

from __future__ import annotations

import math

import pytest

from core.errors import InputError
from core.roofline.bounds import (
    attainable,
    ceilings,
    evaluate,
    evaluate_raw,
    measured_from_dict,
    mfu_bound,
    predicted_time,
    ridge,
    roof_polyline,
    vector_ceiling,
)
from core.roofline.hardware import load_catalog
from core.roofline.ops import op_cost

H100_BF16 = 989.5e12  # lecture: H100 dense bf16 FLOP/s
H100_BW = 3.35e12  # lecture: bytes/s


@pytest.fixture(scope="module")
def h100():
    return load_catalog([]).get("h100-sxm")


def test_h100_ridge_is_the_lectures_295(h100):
    assert ridge(H100_BF16, H100_BW) == pytest.approx(295.37, abs=0.01)
    assert ceilings(h100, ["bf16"])[0].ridge == pytest.approx(H100_BF16 / H100_BW)


def test_relu_is_memory_bound_and_takes_about_a_microsecond(h100):
    n = 1024 * 1024
    result = evaluate(op_cost("relu", "bf16", n=n), h100)
    # Lecture: communication 4n / 3.35e12 ≈ 1.25e-6 s dominates computation n / 989.5e12 ≈ 1e-9 s.
    assert result.time_s == pytest.approx(4 * n / H100_BW)
    assert result.bound == "memory"
    assert result.attainable == pytest.approx(H100_BW * 0.25)
    assert result.mfu_bound == pytest.approx(0.25 / (H100_BF16 / H100_BW))


def test_matmul_1024_is_compute_bound_on_h100(h100):
    result = evaluate(op_cost("matmul", "bf16", m=1024, k=1024, n=1024), h100)
    assert result.intensity > result.ridge  # 341 > 295
    assert result.bound == "compute"
    assert result.attainable == H100_BF16
    assert result.mfu_bound == 1.0
    assert result.time_s == pytest.approx(2 * 1024**3 / H100_BF16)


def test_formulas_by_hand():
    assert attainable(100.0, 10.0, 2.0) == 20.0
    assert attainable(100.0, 10.0, 50.0) == 100.0
    assert predicted_time(1000.0, 10.0, 100.0, 10.0) == 10.0
    assert predicted_time(10.0, 1000.0, 100.0, 10.0) == 100.0
    assert mfu_bound(5.0, 10.0) == 0.5
    assert mfu_bound(50.0, 10.0) == 1.0
    at_ridge = evaluate_raw(100.0, 1.0, 100.0, 1.0)
    assert at_ridge.bound == "compute" and at_ridge.mfu_bound == 1.0
    keys = set(at_ridge.to_dict())
    assert {
        "flops",
        "bytes",
        "intensity",
        "ridge",
        "attainable",
        "bound",
        "time_s",
        "mfu_bound",
    } <= keys


def test_ceilings_follow_the_devices_dtypes(h100):
    roofs = ceilings(h100)
    assert [c.dtype for c in roofs] == list(h100.dtypes)
    assert all(c.bandwidth == h100.mem_bandwidth for c in roofs)
    tpu = load_catalog([]).get("tpu-v5e")
    assert [c.dtype for c in ceilings(tpu, vector=True)] == ["bf16", "int8"]  # no fp32: no vector
    assert vector_ceiling(tpu) is None
    vec = vector_ceiling(h100)
    assert vec is not None and vec.kind == "vector" and vec.peak == h100.peak("fp32")
    assert ceilings(h100, ["bf16"], vector=True)[-1].kind == "vector"
    with pytest.raises(InputError, match="allowed"):
        ceilings(h100, ["bf17"])


def test_device_without_dtype_says_what_it_has():
    a100 = load_catalog([]).get("a100-sxm")
    with pytest.raises(InputError, match="no published fp8 peak; it has: fp64"):
        evaluate(op_cost("matmul", "fp8", m=8, k=8, n=8), a100)


@pytest.mark.parametrize("bad", [0.0, -1.0, math.nan, math.inf])
def test_evaluate_raw_refuses_bad_numbers(bad):
    with pytest.raises(InputError):
        evaluate_raw(1.0, bad, 1.0, 1.0)
    with pytest.raises(InputError):
        evaluate_raw(1.0, 1.0, bad, 1.0)


def test_measured_point_from_benchmark_dict():
    point = measured_from_dict(
        {
            "op": "matmul",
            "dtype": "bf16",
            "shape": [1024, 1024, 1024],
            "flops": 2e9,
            "bytes": 6e6,
            "seconds": 4e-6,
            "spread": 0.1,
            "device": "h100-sxm",
        }
    )
    assert point.achieved == pytest.approx(2e9 / 4e-6)
    assert point.intensity == pytest.approx(2e9 / 6e6)
    low, high = point.achieved_range
    assert low == pytest.approx(2e9 / (4e-6 * 1.05)) and high == pytest.approx(2e9 / (4e-6 * 0.95))
    assert "1024×1024×1024" in point.label
    # The runner's quartile times, label and device name win when present; copies have 0 FLOPs.
    richer = measured_from_dict(
        {
            "op": "matmul",
            "label": "matmul 1k",
            "flops": 2e9,
            "bytes": 6e6,
            "seconds": 4e-6,
            "q1": 3.9e-6,
            "q3": 4.4e-6,
            "spread": 0.125,
            "device": "cuda",
            "device_name": "NVIDIA H100",
        }
    )
    assert richer.achieved_range == (2e9 / 4.4e-6, 2e9 / 3.9e-6)
    assert richer.device == "NVIDIA H100" and richer.label.startswith("matmul 1k")
    copy = measured_from_dict({"op": "copy", "flops": 0, "bytes": 8e6, "seconds": 4e-6})
    assert copy.achieved == 0 and copy.bandwidth == pytest.approx(2e12)
    for bad, message in [
        ({"op": "x", "flops": 1, "bytes": 1}, "missing seconds"),
        ({"op": "x", "flops": 1, "bytes": 0, "seconds": 1}, "'bytes' = 0"),
        ({"op": "x", "flops": "a", "bytes": 1, "seconds": 1}, "'flops' must be"),
        ({"op": "x", "flops": 1, "bytes": 1, "seconds": math.nan}, "finite"),
    ]:
        with pytest.raises(InputError, match=message):
            measured_from_dict(bad)


def test_roof_polyline_has_the_knee_only_inside_the_range():
    xs, ys = roof_polyline(100.0, 10.0, 0.1, 1000.0)
    assert xs == [0.1, 10.0, 1000.0] and ys == [1.0, 100.0, 100.0]
    xs, ys = roof_polyline(100.0, 10.0, 20.0, 1000.0)
    assert xs == [20.0, 1000.0] and ys == [100.0, 100.0]


def test_verdicts_and_explanations_are_translatable_sentences():
    from core.texts import Text

    h100 = load_catalog([]).get("h100-sxm")
    relu = evaluate(op_cost("relu", "bf16", n=1024 * 1024), h100)
    matmul = evaluate(op_cost("matmul", "bf16", m=8192, k=8192, n=8192), h100)
    assert relu.verdict == "memory-bound" and matmul.verdict == "compute-bound"
    assert isinstance(relu.verdict, Text) and relu.verdict.context == "Roofline"
    why = relu.explanation
    assert isinstance(why, Text) and "{ridge}" in why.template
    assert why == (
        "intensity 0.25 FLOP/byte is below the ridge 295.4 FLOP/byte: memory-bound, "
        "bandwidth caps it at MFU 0.0846%"
    )
    assert "compute-bound" in matmul.explanation and "100%" in matmul.explanation
    with pytest.raises(InputError) as caught:
        h100.peak("fp4")
    assert isinstance(caught.value.message, Text) and caught.value.message.args["dtype"] == "fp4"
