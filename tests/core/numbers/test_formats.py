"""The format model against torch and ml_dtypes: every code of every format of 16 bits or fewer."""

from __future__ import annotations

import math
import struct

import ml_dtypes
import numpy as np
import pytest
import torch

from core.errors import InputError
from core.numbers.formats import CLASSES, FORMATS, classify_array, decode, decode_array, get_format

SMALL = [f for f in FORMATS.values() if f.bits <= 16]
TORCH = [f for f in SMALL if f.torch_name]
ML = [f for f in SMALL if f.ml_name or f.id == "float16"]


def _codes(fmt):
    return np.arange(fmt.code_count, dtype=np.uint32)


def _same(ours: np.ndarray, ref: np.ndarray) -> None:
    """Equal values, NaN in the same places, and the sign of zero kept."""
    with np.errstate(invalid="ignore"):  # signalling NaNs warn when widened
        ref = ref.astype(np.float64)
    assert np.array_equal(np.isnan(ours), np.isnan(ref))
    ok = ~np.isnan(ref)
    assert np.array_equal(ours[ok], ref[ok])
    assert np.array_equal(np.signbit(ours[ok]), np.signbit(ref[ok]))


def _torch_decode(fmt, codes: np.ndarray) -> np.ndarray:
    raw = torch.from_numpy(codes.astype(np.uint8 if fmt.bits == 8 else np.int16).copy())
    if fmt.bits == 16:
        raw = torch.from_numpy(codes.astype(np.uint16).view(np.int16).copy())
    return raw.view(getattr(torch, fmt.torch_name)).to(torch.float64).numpy()


def _ml_decode(fmt, codes: np.ndarray) -> np.ndarray:
    dtype = np.float16 if fmt.id == "float16" else getattr(ml_dtypes, fmt.ml_name)
    raw = codes.astype(np.uint16 if fmt.bits == 16 else np.uint8)
    with np.errstate(invalid="ignore"):
        return raw.view(dtype).astype(np.float64)


@pytest.mark.parametrize("fmt", TORCH, ids=lambda f: f.id)
def test_every_code_decodes_like_torch(fmt):
    codes = _codes(fmt)
    _same(decode_array(fmt, codes), _torch_decode(fmt, codes))


@pytest.mark.parametrize("fmt", ML, ids=lambda f: f.id)
def test_every_code_decodes_like_ml_dtypes(fmt):
    codes = _codes(fmt)  # fp6/fp4: one value per byte, high bits zero
    _same(decode_array(fmt, codes), _ml_decode(fmt, codes))


@pytest.mark.parametrize("fmt", SMALL, ids=lambda f: f.id)
def test_scalar_decode_matches_vector_decode(fmt):
    codes = _codes(fmt)[:: 1 if fmt.bits <= 8 else 7]
    vec = decode_array(fmt, codes)
    scalar = np.array([decode(fmt, int(c)) for c in codes])
    _same(scalar, vec)


def test_tfloat32_codes_are_float32_with_13_low_bits_dropped():
    fmt = FORMATS["tfloat32"]
    codes = np.arange(fmt.code_count, dtype=np.uint32)
    ref = (codes << np.uint32(13)).view(np.float32)
    _same(decode_array(fmt, codes), ref)


@pytest.mark.parametrize("fid", ["float32", "float64"])
def test_wide_formats_decode_like_struct(fid):
    fmt = FORMATS[fid]
    rng = np.random.default_rng(1)
    codes = [int(c) for c in rng.integers(0, 2**63, 2000, dtype=np.uint64)]
    codes = [c % fmt.code_count for c in codes] + [0, fmt.sign_mask, fmt.max_code(), 1]
    pack, unpack = ("<Q", "<d") if fid == "float64" else ("<I", "<f")
    for c in codes:
        ref = struct.unpack(unpack, struct.pack(pack, c))[0]
        ours = decode(fmt, c)
        assert (math.isnan(ours) and math.isnan(ref)) or struct.pack("<d", ours) == struct.pack(
            "<d", ref
        )


@pytest.mark.parametrize("fmt", SMALL, ids=lambda f: f.id)
def test_finite_count_and_classes_agree_with_the_decoded_table(fmt):
    values = decode_array(fmt, _codes(fmt))
    assert fmt.finite_count == int(np.isfinite(values).sum())
    assert fmt.max == np.nanmax(values[np.isfinite(values)])
    positive = values[np.isfinite(values) & (values > 0)]
    assert fmt.min_subnormal == positive.min()
    assert fmt.has_inf == bool(np.isinf(values).any())
    assert fmt.has_nan == bool(np.isnan(values).any())
    assert fmt.has_zero == bool((values == 0).any())
    assert fmt.has_negative_zero == bool(((values == 0) & np.signbit(values)).any())
    classes = [fmt.classify(int(c)) for c in _codes(fmt)]
    assert [CLASSES[i] for i in classify_array(fmt, _codes(fmt))] == classes
    assert set(classes) <= set(CLASSES)
    assert all(math.isnan(v) == (k == "nan") for v, k in zip(values, classes, strict=True))
    # eps: the gap between 1 and the next value above it, read off the table
    above_one = values[np.isfinite(values) & (values > 1)]
    assert fmt.eps == above_one.min() - 1


@pytest.mark.parametrize("fmt", TORCH, ids=lambda f: f.id)
def test_finfo_numbers_match_torch(fmt):
    info = torch.finfo(getattr(torch, fmt.torch_name))
    assert fmt.max == info.max
    assert fmt.min_normal == info.smallest_normal
    assert fmt.bits == info.bits
    if fmt.id == "float8_e5m2fnuz":
        # torch before 2.15 reports 0.125 (2.15 fixed it), as the note says; 1 + 0.125 is not
        # representable: the next value after 1 is 1.25.
        fixed = tuple(int(p) for p in torch.__version__.split(".")[:2]) >= (2, 15)
        assert info.eps == (0.25 if fixed else 0.125)
        assert fmt.eps == 0.25 == float(ml_dtypes.finfo(ml_dtypes.float8_e5m2fnuz).eps)
        assert decode(fmt, 0x40) == 1.0 and decode(fmt, 0x41) == 1.25  # 0.10000.00, 0.10000.01
        assert "0.125 before torch 2.15" in fmt.note
    else:
        assert fmt.eps == info.eps


def test_float32_and_float64_numbers_match_numpy():
    for fid, dtype in (("float32", np.float32), ("float64", np.float64)):
        fmt, info = FORMATS[fid], np.finfo(dtype)
        assert (fmt.max, fmt.min_normal, fmt.eps) == (info.max, info.smallest_normal, info.eps)
        assert fmt.min_subnormal == info.smallest_subnormal


def test_unknown_format_lists_known_ids():
    with pytest.raises(InputError) as err:
        get_format("fp7")
    assert "float8_e4m3fn" in err.value.message and "float4_e2m1fn" in err.value.message
    assert get_format("bf16").id == "bfloat16"


def test_out_of_range_code_is_an_input_error():
    with pytest.raises(InputError, match=r"allowed: 0x0 to 0xf$"):
        decode(FORMATS["float4_e2m1fn"], 0x100)
