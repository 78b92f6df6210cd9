"""Encoding against torch's cast and ml_dtypes: ties, subnormals, overflow, NaN, ±0 and random values."""

from __future__ import annotations

import math
from fractions import Fraction

import ml_dtypes
import numpy as np
import pytest
import torch

from core.numbers.codec import encode, round_array
from core.numbers.formats import FORMATS, decode, decode_array

SMALL = [f for f in FORMATS.values() if f.bits <= 16]
TORCH = [f for f in SMALL if f.torch_name]
ML = [f for f in SMALL if f.ml_name]


def _edge_values(fmt, rng) -> np.ndarray:
    """float32 inputs: every finite value, every midpoint (a tie), midpoints ± 1 float32 ulp,
    overflow, specials, ±0, and log-uniform random values over the format's range."""
    values = decode_array(fmt, np.arange(fmt.code_count))
    finite = np.unique(values[np.isfinite(values)])
    mids = (finite[:-1] + finite[1:]) / 2
    mids32 = mids.astype(np.float32)
    assert np.array_equal(mids32.astype(np.float64), mids)  # the ties are exact in float32
    top = float(finite.max())
    extra = [
        0.0,
        -0.0,
        np.inf,
        -np.inf,
        np.nan,
        top * 1.0625,
        top * 1.5,
        -top * 3,
        1e30,
        -1e30,
        fmt.min_subnormal / 2,
        -fmt.min_subnormal / 2,
        fmt.min_subnormal * 0.75,
        fmt.min_subnormal / 4,
    ]
    lo, hi = math.log2(max(fmt.min_subnormal, 2.0**-149)) - 2, math.log2(min(top, 3e38)) + 1
    rand = np.exp2(rng.uniform(lo, min(hi, 127.9), 4000)) * rng.choice([-1.0, 1.0], 4000)
    with np.errstate(over="ignore"):  # beyond-float32 extras become inf, still a good input
        extras32 = np.array(extra, dtype=np.float32)
    out = np.concatenate(
        [
            finite.astype(np.float32),
            mids32,
            np.nextafter(mids32, np.float32(np.inf)),
            np.nextafter(mids32, np.float32(-np.inf)),
            extras32,
            rand.astype(np.float32),
        ]
    )
    return out[np.isnan(out) | (np.abs(out) < np.float32(3.4e38)) | np.isinf(out)]


def _same(ours: np.ndarray, ref: np.ndarray, x: np.ndarray) -> None:
    nan_ok = np.array_equal(np.isnan(ours), np.isnan(ref))
    ok = ~np.isnan(ref)
    bad = ~(ours[ok] == ref[ok]) | (np.signbit(ours[ok]) != np.signbit(ref[ok]))
    first = x[ok][bad][:5] if bad.any() else x[np.isnan(ours) != np.isnan(ref)][:5]
    assert nan_ok and not bad.any(), f"first differing inputs: {first.tolist()}"


def _torch_cast(fmt, x32: np.ndarray) -> np.ndarray:
    return torch.from_numpy(x32).to(getattr(torch, fmt.torch_name)).to(torch.float64).numpy()


@pytest.mark.parametrize("fmt", [f for f in TORCH if f.specials != "e8m0"], ids=lambda f: f.id)
def test_vector_encode_matches_torch_cast(fmt):
    x = _edge_values(fmt, np.random.default_rng(0))
    _same(round_array(fmt, x.astype(np.float64), "torch"), _torch_cast(fmt, x), x)


@pytest.mark.parametrize("fmt", [f for f in ML if f.specials != "e8m0"], ids=lambda f: f.id)
def test_vector_encode_matches_ml_dtypes_with_ocp_policy(fmt):
    x = _edge_values(fmt, np.random.default_rng(1))
    if not fmt.has_nan:  # ml_dtypes stores NaN as -0 in fp6/fp4; we report it as unrepresentable
        x = x[~np.isnan(x)]
    with np.errstate(invalid="ignore", over="ignore"):
        ref = x.astype(getattr(ml_dtypes, fmt.ml_name)).astype(np.float64)
    _same(round_array(fmt, x.astype(np.float64), "ocp"), ref, x)


@pytest.mark.parametrize("fmt", SMALL, ids=lambda f: f.id)
@pytest.mark.parametrize("policy", ["torch", "ocp"])
def test_scalar_encode_matches_vector_encode(fmt, policy):
    rng = np.random.default_rng(2)
    x = _edge_values(fmt, rng)
    pick = np.concatenate([x[:: max(1, len(x) // 1500)], x[-40:]]).astype(np.float64)
    if fmt.specials == "e8m0":
        pick = pick[np.isnan(pick) | (np.abs(pick) >= 2.0**-126)]
    if not fmt.has_nan:
        pick = pick[~np.isnan(pick)]
    scalar = np.array([encode(fmt, float(v), policy).value for v in pick])
    _same(scalar, round_array(fmt, pick, policy), pick)


@pytest.mark.parametrize("fmt", TORCH, ids=lambda f: f.id)
def test_scalar_codes_match_torch_codes(fmt):
    x = _edge_values(fmt, np.random.default_rng(3))
    if fmt.specials == "e8m0":  # see test_e8m0_torch_quirk_below_min_normal_float32
        x = x[np.isnan(x) | (np.abs(x) >= np.float32(2.0**-126))]
    x = np.concatenate([x[:: max(1, len(x) // 1500)], x[-40:]])
    raw = torch.from_numpy(x).to(getattr(torch, fmt.torch_name))
    ref = raw.view(torch.int16 if fmt.bits == 16 else torch.uint8).numpy().astype(np.int64)
    ref &= fmt.code_count - 1
    for v, want in zip(x.tolist(), ref.tolist(), strict=True):
        got = encode(fmt, float(v), "torch")
        if math.isnan(got.value):
            assert math.isnan(decode(fmt, want)), v
        else:
            assert got.code == want, (v, got, want)


@pytest.mark.parametrize("fmt", SMALL, ids=lambda f: f.id)
def test_every_finite_code_round_trips(fmt):
    codes = range(0, fmt.code_count, 1 if fmt.bits <= 8 else 13)
    for c in codes:
        value = decode(fmt, c)
        if math.isfinite(value):
            assert encode(fmt, value).code == c


def test_ties_go_to_even_by_hand():
    e4m3 = FORMATS["float8_e4m3fn"]
    # 1.0625 = 1 + 1/16 is halfway between 1.000 and 1.001 (ulp 1/8): even mantissa 000 wins.
    assert encode(e4m3, Fraction(17, 16)).value == 1.0
    # 1.1875 = 1 + 3/16 is halfway between 1.001 and 1.010: even 010 = 1.25 wins.
    assert encode(e4m3, Fraction(19, 16)).value == 1.25
    # 464 = 448 + 16 is halfway between 448 (1.110·2^8) and 480 (not finite: 1.111·2^8 is NaN):
    # ties to even keep 448, so even the non-saturating cast does not overflow; 465 does.
    assert encode(e4m3, 464.0, "ocp").value == 448.0
    assert math.isnan(encode(e4m3, 465.0, "ocp").value)
    assert encode(e4m3, 465.0, "torch").value == 448.0


def test_exact_input_avoids_double_rounding_through_float32():
    # 1 + 2^-11 + 2^-40 lies just above the fp16 midpoint between 1 and 1 + 2^-10.
    x = 1 + 2.0**-11 + 2.0**-40
    assert encode(FORMATS["float16"], x).value == 1 + 2.0**-10
    assert float(np.float64(x).astype(np.float16)) == 1 + 2.0**-10  # numpy rounds once too
    # torch goes through float32 first (2^-40 is lost), then the tie goes to even: 1.0.
    assert torch.tensor([x], dtype=torch.float64).to(torch.float16).item() == 1.0


def test_one_third_and_1e_minus_8():
    third = encode(FORMATS["bfloat16"], Fraction(1, 3))
    assert third.value == float(torch.tensor(1 / 3).to(torch.bfloat16))
    tiny = Fraction(1, 10**8)
    assert encode(FORMATS["float16"], tiny).value == 0.0
    assert encode(FORMATS["float16"], tiny).underflow
    assert encode(FORMATS["bfloat16"], tiny).value == float(torch.tensor(1e-8).to(torch.bfloat16))


def test_overflow_policies_name_what_torch_does():
    assert encode(FORMATS["float8_e4m3fn"], math.inf).value == 448.0
    assert math.isnan(encode(FORMATS["float8_e4m3fn"], math.inf, "ocp").value)
    assert encode(FORMATS["float8_e5m2"], 1e6).value == math.inf
    for fid in ("float8_e4m3fnuz", "float8_e5m2fnuz"):
        enc = encode(FORMATS[fid], -1e6)
        assert math.isnan(enc.value) and enc.code == 0x80 and enc.overflow
    assert encode(FORMATS["float4_e2m1fn"], -100.0).value == -6.0
    nan4 = encode(FORMATS["float4_e2m1fn"], math.nan)
    assert nan4.code is None and "no NaN" in nan4.note


def test_negative_zero_kept_where_the_format_has_it():
    assert encode(FORMATS["float16"], -0.0).code == 0x8000
    assert encode(FORMATS["float8_e4m3fnuz"], -0.0).code == 0
    assert encode(FORMATS["float8_e4m3fnuz"], -1e-9).code == 0
    assert encode(FORMATS["float8_e5m2"], -1e-9).code == 0x80


def test_e8m0_conventions_match_torch_and_ml_dtypes():
    fmt = FORMATS["float8_e8m0fnu"]
    x = np.array([0.0, -0.0, -3.0, 0.75, 3.0, 1e6, 2.0**-130, 1.5 * 2.0**127], dtype=np.float32)
    th = torch.from_numpy(x).to(torch.float8_e8m0fnu).to(torch.float64).numpy()
    _same(np.array([encode(fmt, float(v)).value for v in x]), th, x)
    with np.errstate(invalid="ignore", over="ignore"):
        ml = x.astype(ml_dtypes.float8_e8m0fnu).astype(np.float64)
    _same(np.array([encode(fmt, float(v), "ocp").value for v in x]), ml, x)


def test_e8m0_torch_quirk_below_min_normal_float32():
    # torch rounds float32 subnormals into E8M0 with a rule that is not nearest: 1.25·2^-127 is
    # closer to 2^-127 than to 2^-126, but torch gives 2^-126. The model gives the nearest.
    x = 1.25 * 2.0**-127
    got = torch.tensor([x], dtype=torch.float32).to(torch.float8_e8m0fnu).float().item()
    assert got == 2.0**-126
    assert encode(FORMATS["float8_e8m0fnu"], x).value == 2.0**-127
