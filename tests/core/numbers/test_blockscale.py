"""Block formats against an independent reference built from ml_dtypes / torch casts."""

from __future__ import annotations

import math

import ml_dtypes
import numpy as np
import pytest
import torch

from core.errors import InputError
from core.numbers.block_vectors import generate, load_npy, parse_generate_spec, parse_vector
from core.numbers.blockscale import BLOCK_FORMATS, quantize

ML = {
    "mxfp8_e4m3": (ml_dtypes.float8_e4m3fn, 448.0, 8),
    "mxfp8_e5m2": (ml_dtypes.float8_e5m2, 57344.0, 15),
    "mxfp6_e2m3": (ml_dtypes.float6_e2m3fn, 7.5, 2),
    "mxfp6_e3m2": (ml_dtypes.float6_e3m2fn, 28.0, 4),
    "mxfp4": (ml_dtypes.float4_e2m1fn, 6.0, 2),
}


def _reference_mx(x: np.ndarray, dtype, elem_max: float, emax: int):
    """OCP MX v1.0 §6.3 written out: X = 2^(floor(log2 amax) - emax), P = clamp(cast(V / X))."""
    blocks = x.reshape(-1, 32)
    out, scales = np.empty_like(blocks), []
    for i, b in enumerate(blocks):
        amax = np.abs(b).max()
        scale = 2.0 ** (math.floor(math.log2(amax)) - emax) if amax > 0 else 1.0
        scales.append(scale)
        scaled = np.clip(b / scale, -elem_max, elem_max)  # clamp first: same result as after
        out[i] = scaled.astype(dtype).astype(np.float64) * scale
    return out.ravel(), np.array(scales)


@pytest.mark.parametrize("fid", list(ML))
def test_mx_formats_match_the_spec_with_ml_dtypes_casts(fid):
    x = generate("outliers", 32 * 64, seed=3)
    got = quantize(x, fid)
    want, scales = _reference_mx(x, *ML[fid])
    assert np.array_equal(got.dequantized, want)
    assert np.array_equal(got.scales, scales)


def test_nvfp4_matches_torch_e4m3_scales_and_ml_dtypes_elements():
    x = generate("normal", 16 * 50, seed=4)
    got = quantize(x, "nvfp4")
    tensor_scale = float(np.float32(np.abs(x).max() / (6 * 448)))
    blocks = x.reshape(-1, 16)
    raw = torch.tensor(np.abs(blocks).max(axis=1) / 6 / tensor_scale, dtype=torch.float32)
    scales = raw.to(torch.float8_e4m3fn).to(torch.float64).numpy()
    eff = (scales * tensor_scale)[:, None]
    elems = np.clip(blocks / eff, -6, 6).astype(ml_dtypes.float4_e2m1fn).astype(np.float64)
    assert got.tensor_scale == tensor_scale
    assert np.array_equal(got.scales, scales)
    assert np.array_equal(got.dequantized, (elems * eff).ravel())


def test_per_tensor_fp8_baseline():
    x = generate("uniform", 1000, seed=5)
    got = quantize(x, "fp8_tensor")
    scale = float(np.float32(np.abs(x).max() / 448))
    want = (x / scale).astype(ml_dtypes.float8_e4m3fn).astype(np.float64) * scale
    assert np.array_equal(got.dequantized, want)
    assert got.scales.size == 1


def test_one_outlier_ruins_its_block_only():
    rng = np.random.default_rng(6)
    x = rng.standard_normal(32 * 8) * 0.01
    x[32 * 5 + 3] = 10.0  # an outlier 1000× the typical size in block 5
    res = quantize(x, "mxfp4")
    # block 5's scale is 2^(floor(log2 10) - 2) = 2: values ~0.01 are < 0.25·2 = half the smallest
    # fp4 step, so the whole block except the outlier flushes to zero
    assert res.scales[5] == 2.0
    block5 = res.dequantized[32 * 5 : 32 * 6]
    assert np.count_nonzero(block5) == 1
    others = np.delete(res.block_rel_error, 5)
    outlier_block_small_values = np.delete(np.arange(32 * 5, 32 * 6), 3)
    assert np.all(res.dequantized[outlier_block_small_values] == 0)
    assert others.max() < 0.3
    assert res.block_flushed[5] == 31 / 32
    assert res.summary()["most_flushed_block"] == 5


def test_summary_statistics_by_hand():
    x = np.array([1.0, 0.3, -2.0, 5.0] + [0.0] * 28)
    res = quantize(x, "mxfp4")
    # amax 5 -> scale 2^(2-2) = 1; elements round to {1, 0.5, -2, 4 (5 is a tie 4|6: even 4)}
    assert res.scales.tolist() == [1.0]
    assert res.dequantized[:4].tolist() == [1.0, 0.5, -2.0, 4.0]
    s = res.summary()
    err = np.array([0.0, 0.2, 0.0, -1.0] + [0.0] * 28)
    assert s["max_abs_error"] == pytest.approx(1.0)
    assert s["rms_error"] == pytest.approx(np.sqrt(np.mean(err**2)))
    assert s["rel_error"] == pytest.approx(np.linalg.norm(err) / np.linalg.norm(x))
    assert s["bits_per_value"] == 4 + 8 / 32


def test_bits_per_value():
    assert BLOCK_FORMATS["nvfp4"].bits_per_value() == 4.5
    assert BLOCK_FORMATS["mxfp8_e4m3"].bits_per_value() == 8.25


def test_bad_vectors_and_specs():
    with pytest.raises(InputError, match="known: mxfp8_e4m3"):
        quantize([1.0], "fp3")
    with pytest.raises(InputError, match="finite"):
        quantize([1.0, math.nan], "mxfp4")
    with pytest.raises(InputError, match="KIND:SIZE"):
        parse_generate_spec("normal")
    with pytest.raises(InputError, match="too large"):
        parse_generate_spec("normal:2e6")
    with pytest.raises(InputError, match="known: normal"):
        parse_generate_spec("gauss:10")
    assert parse_generate_spec("lognormal:4k") == ("lognormal", 4000)
    assert parse_vector("1, 2;3\n4").tolist() == [1, 2, 3, 4]
    with pytest.raises(InputError, match="value 2"):
        parse_vector("1 x")


def test_load_npy(tmp_path):
    path = tmp_path / "v.npy"
    np.save(path, np.arange(6, dtype=np.float32).reshape(2, 3))
    assert load_npy(path).tolist() == [0, 1, 2, 3, 4, 5]
    np.save(tmp_path / "o.npy", np.array([object()]), allow_pickle=True)
    with pytest.raises(InputError):
        load_npy(tmp_path / "o.npy")
    with pytest.raises(InputError, match="no such file"):
        load_npy(tmp_path / "missing.npy")
