"""FP8 with software block scales (``--precision fp8-blockwise``, DeepSeek-V3's recipe): its bytes,
the devices that run it, its measured GEMM rate and the shape model against the same table."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.errors import InputError
from core.plan.options import implementation_from, planned_input
from core.plan.precision import PRECISIONS, efficiency_dtype, software_blocks
from core.roofline.achievable import BLOCKWISE, calibration
from core.roofline.hardware import load_catalog

#: DeepGEMM's README at its first commit (deepseek-ai/DeepGEMM a6d97a1, H800, NVCC 12.8): its
#: TFLOP/s and its speedup over DeepSeek's internal CUTLASS 3.6 kernels, per shape. The internal
#: kernels' rate is TFLOP/s / speedup. (M, N, K, groups): (DeepGEMM TFLOP/s, speedup).
DEEPGEMM_H800 = {
    (4096, 7168, 16384, 1): (1358.0, 1.2),
    (4096, 2112, 7168, 1): (1058.0, 1.1),
    (4096, 24576, 1536, 1): (990.0, 1.0),
    (4096, 32768, 512, 1): (590.0, 1.0),
    (4096, 4096, 7168, 1): (1304.0, 1.1),
    (4096, 7168, 2048, 1): (1025.0, 1.1),
    (8192, 4096, 7168, 4): (1297.0, 1.2),
    (8192, 7168, 2048, 4): (1099.0, 1.2),
    (4096, 4096, 7168, 8): (1288.0, 1.2),
    (4096, 7168, 2048, 8): (1093.0, 1.1),
}


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def test_bytes_by_hand(catalog):
    """No amax pass (each tile's scale is found inside the cast), a rowwise and a columnwise copy
    of 1 byte plus one fp32 scale per 128 elements each."""
    rec = PRECISIONS["fp8-blockwise"]
    h800 = catalog.get("h800")
    assert rec.kept_bytes == pytest.approx(1 + 4 / 128)
    assert rec.quantize_bytes(h800) == pytest.approx(2 + 2 * (1 + 4 / 128))
    assert not rec.gathered_amax and not rec.history


def test_where_it_runs_and_at_which_rate(catalog):
    """Hopper runs it at the measured blockwise rate (the H100 SXM's entry, measured on the H800,
    the same die); block-scaled tensor cores read the scales themselves (fp8's rate); a device
    with neither is refused, the error naming those that run it."""
    rec = PRECISIONS["fp8-blockwise"]
    for device in ("h100-sxm", "h800", "h200"):
        dev = catalog.get(device)
        cal = calibration(dev)
        assert software_blocks(rec, dev)
        assert efficiency_dtype("fp8", cal, rec, dev) == BLOCKWISE
        assert cal.gemm_efficiency(BLOCKWISE) == pytest.approx(1358 / 1.2 / 1979, abs=2e-4)
    b200 = catalog.get("b200")
    assert not software_blocks(rec, b200)
    assert efficiency_dtype("fp8", calibration(b200), rec, b200) == "fp8"
    impl = implementation_from(precision="fp8-blockwise")
    with pytest.raises(InputError, match="h800") as err:
        planned_input(model="llama3-8b", device="mi300x", implementation=impl)
    assert "software block scales" in str(err.value)
    assert planned_input(model="llama3-8b", device="h800", implementation=impl)[0]


def test_the_rate_at_its_own_shape_and_the_shape_model_against_the_same_table(catalog):
    """At its reference shape the model gives the measurement back (the internal kernels'
    1358 / 1.2 TFLOP/s). At every other shape of the table with 4,096 or more rows it is slower
    than the internal kernels, never faster (the conservative side), by 13 % on average (by hand,
    2026-12-07: N = 2,112, 24,576 and 32,768 at K ≤ 7,168 -24, -23, -24 %, where the real
    kernels pick narrower tiles than the model's 128 × 256; N = 4,096 and 7,168 -10, -10 %; the
    grouped expert GEMMs -2, -7, -1, -14 %, DeepSeek-V3's at EP 64 (4 × 8,192 rows) the first
    two)."""
    dev = catalog.get("h800")
    cal = calibration(dev)
    peak = dev.peak("fp8")
    errors = []
    for (m, n, k, groups), (deepgemm, speedup) in DEEPGEMM_H800.items():
        rate = cal.gemm_rate(peak, m, n, groups, BLOCKWISE, k)
        internal = deepgemm * 1e12 / speedup
        assert rate <= deepgemm * 1e12
        errors.append(rate / internal - 1)
    assert errors[0] == pytest.approx(0.0, abs=1e-3)
    assert all(-0.26 < e < 0.001 for e in errors)
    assert sum(abs(e) for e in errors[1:]) / len(errors[1:]) < 0.14
    assert max(abs(e) for e in errors[-4:-2]) < 0.08  # DeepSeek-V3's expert GEMMs at EP 64


def test_the_reports_run_is_planned_blockwise_and_its_gemms_are_slower(catalog):
    """The DeepSeek-V3 report's run, registered as fp8-current (the nearest recipe then), is
    planned with its recipe entry's fp8-blockwise: the layers' GEMMs take longer (0.572 of the
    peak at the reference shape against the per-tensor 0.63), the casts less (no amax pass)."""
    from core.plan.inputs import Layout, check_layout
    from core.plan.model import context, evaluate
    from core.plan.published_moe import load_moe_runs, moe_run_input

    run = next(r for r in load_moe_runs() if r["id"].startswith("deepseek-v3-report"))
    assert run["precision"] == "fp8-current"  # as registered
    inp, _c, applied = moe_run_input(run)
    assert inp.implementation.precision == "fp8-blockwise"
    assert "recipe.precision -> implementation.precision" in applied
    lay = Layout(tp=1, pp=16, vpp=1, cp=1, sp=False, zero=1, micro_batch=1, recompute="none",
                 ep=64, etp=1)  # fmt: skip
    current = replace(inp, implementation=replace(inp.implementation, precision="fp8-current"))
    blockwise = evaluate(context(inp), check_layout(inp, lay)).micro
    tensor = evaluate(context(current), check_layout(current, lay)).micro
    cal = calibration(catalog.get("h800"))
    # each rate is its measurement scaled by a GEMM's shape over its own reference shape's
    # (8192³ for per-tensor fp8, 4096 × 7168 × 16384 here: a longer K loop, rated higher), so a
    # GEMM that neither reference caps takes the ratio of the two rates at their references
    ratio = (cal.gemm_efficiency("fp8") / cal.reference_shape("fp8")) / (
        cal.gemm_efficiency(BLOCKWISE) / cal.reference_shape(BLOCKWISE)
    )
    assert 1.0 < ratio < 1.25
    assert blockwise.layer_gemm > tensor.layer_gemm
    assert blockwise.layer_gemm / tensor.layer_gemm == pytest.approx(ratio, rel=0.02)
    assert blockwise.kernels < tensor.kernels  # no amax pass before each cast


def test_a_persons_own_measured_rate_lets_another_device_run_it(catalog) -> None:
    """A device with fp8 but no blockwise measurement (the L40S) is refused until the person sets
    its rate (``napkinlab calibration --set``, the overrides file): then it plans at that rate."""
    from app.cli import main

    impl = implementation_from(precision="fp8-blockwise")
    with pytest.raises(InputError, match="software block scales"):
        planned_input(model="llama3-8b", device="l40s", implementation=impl)
    assert main(["calibration", "--device", "l40s", "--set",
                 "gemm_efficiency_fp8_blockwise=0.5"]) == 0  # fmt: skip
    inp = planned_input(model="llama3-8b", device="l40s", implementation=impl)[0]
    from core.plan.model import device_calibration

    assert device_calibration(inp).gemm_efficiency(BLOCKWISE) == 0.5
