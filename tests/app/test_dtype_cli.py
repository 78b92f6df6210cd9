"""``napkinlab dtype``: the documented keys, strict JSON, and torch / ml_dtypes as references."""

from __future__ import annotations

import json
import math

import ml_dtypes
import numpy as np
import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

from app.cli import main


def _json(capsys, *argv: str):
    assert main(["dtype", "--json", *argv]) == 0
    text = capsys.readouterr().out

    def refuse(token: str):
        raise AssertionError(f"non-strict JSON constant {token}")

    return json.loads(text, parse_constant=refuse)


def test_value_has_the_documented_keys(capsys):
    out = _json(capsys, "float16", "1e-8")
    for key in ("code", "value", "abs_error", "rel_error", "prev", "next", "class"):
        assert key in out
    assert out["code"] == 0 and out["value"] == 0.0 and out["class"] == "zero"
    assert out["next"] == float(np.nextafter(np.float16(0), np.float16(1)))


def test_value_agrees_with_torch_cast(capsys):
    out = _json(capsys, "bfloat16", "1/3")
    want = torch.tensor(1 / 3, dtype=torch.float32).to(torch.bfloat16)
    assert out["value"] == want.item()
    assert out["code"] == int(want.view(torch.int16).item()) & 0xFFFF


def test_negative_zero_and_specials_stay_strict(capsys):
    out = _json(capsys, "float16", "--", "-0")
    assert out["value"] == 0.0 and math.copysign(1, out["value"]) < 0 and out["code"] == 0x8000
    out = _json(capsys, "float8_e4m3fn", "--", "-inf")
    assert out["value"] == -448.0  # torch saturates
    out = _json(capsys, "--policy", "ocp", "float8_e4m3fn", "--", "-inf")
    assert out["value"] == "nan"
    out = _json(capsys, "float16", "1e6")
    assert out["value"] == "inf" and out["overflow"] is True


def test_bits_decodes(capsys):
    out = _json(capsys, "float8_e4m3fn", "--bits", "0x7e")
    assert out["value"] == 448.0 == float(np.uint8(0x7E).view(ml_dtypes.float8_e4m3fn))
    assert out["bits"] == "01111110" and out["exponent"] == 15 and out["mantissa"] == 6


def test_info_keys_and_torch_eps_note(capsys):
    out = _json(capsys, "float8_e5m2fnuz", "--info")
    for key in [
        "bits",
        "exponent_bits",
        "mantissa_bits",
        "bias",
        "max",
        "min_normal",
        "min_subnormal",
        "eps",
        "has_inf",
        "has_nan",
        "overflow",
    ]:
        assert key in out
    info = torch.finfo(torch.float8_e5m2fnuz)
    assert out["max"] == info.max and out["min_normal"] == info.smallest_normal
    # The true eps (1.25 follows 1), as ml_dtypes gives it; torch before 2.15 said 0.125, and
    # the note says so.
    assert out["eps"] == 0.25 == float(ml_dtypes.finfo(ml_dtypes.float8_e5m2fnuz).eps)
    fixed = tuple(int(p) for p in torch.__version__.split(".")[:2]) >= (2, 15)
    assert (info.eps == out["eps"]) == fixed and "0.125 before torch 2.15" in out["note"]


@pytest.mark.parametrize("fid", ["float8_e4m3fn", "float8_e5m2", "bfloat16"])
def test_table_lists_every_code_like_torch(capsys, fid):
    out = _json(capsys, fid, "--table")
    assert out["format"] == fid
    bits = 16 if fid == "bfloat16" else 8
    assert [c for c, _ in out["values"]] == list(range(1 << bits))
    raw = np.arange(1 << bits, dtype=np.uint16 if bits == 16 else np.uint8)
    if bits == 16:
        raw = raw.view(np.int16)
    ref = torch.from_numpy(raw).view(getattr(torch, fid)).to(torch.float64).tolist()
    for (_, ours), want in zip(out["values"], ref, strict=True):
        if math.isnan(want):
            assert ours == "nan"
        elif math.isinf(want):
            assert ours == ("inf" if want > 0 else "-inf")
        else:
            assert ours == want and math.copysign(1, ours) == math.copysign(1, want)


def test_quantize_reports_stats_and_baseline(capsys, tmp_path):
    out = _json(capsys, "--quantize", "nvfp4", "--generate", "normal:4096")
    for key in ("max_abs_error", "rms_error", "rel_error", "blocks", "baseline_fp8_tensor"):
        assert key in out
    assert out["blocks"] == 4096 // 16
    path = tmp_path / "v.npy"
    np.save(path, np.linspace(-1, 1, 64))
    out = _json(capsys, "--quantize", "mxfp4", "--input", str(path))
    assert out["n"] == 64 and out["blocks"] == 2


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["fp7", "1"], "known: float64"),
        (["float16", "1/0"], "division by zero"),
        (["float64", "--table"], "16 bits or fewer"),
        (["float8_e4m3fn", "--bits", "0x100"], "out of range"),
        (["--quantize", "nvfp4"], "--generate"),
        (["--quantize", "nvfp9", "--generate", "normal:8"], "known: mxfp8_e4m3"),
        (["float16"], "give a VALUE"),
        (["all", "0x7e"], "one FORMAT"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, argv, fragment):
    assert main(["dtype", *argv]) == 2
    err = capsys.readouterr().err
    assert fragment in err and err.count("\n") == 1


@settings(max_examples=80, deadline=None)
@given(text=st.text(max_size=30), fid=st.sampled_from(["float16", "float4_e2m1fn", "all", "fp7"]))
def test_any_value_text_exits_0_or_2(text, fid):
    import contextlib
    import io

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["dtype", "--json", fid, "--", text])
    assert code in (0, 2)
    if code == 2:
        assert err.getvalue().startswith(("napkinlab: error:", "error:"))
    else:
        json.loads(out.getvalue(), parse_constant=lambda t: pytest.fail(f"non-strict {t}"))
