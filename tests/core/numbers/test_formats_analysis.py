"""Neighbours, ulp, errors and the cross-format comparison."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from core.numbers.analysis import analyze, analyze_code, compare, format_info, neighbours
from core.numbers.formats import FORMATS, decode, decode_array

SMALL = [f for f in FORMATS.values() if f.bits <= 16]


@pytest.mark.parametrize("fmt", SMALL, ids=lambda f: f.id)
def test_neighbours_are_the_adjacent_values_of_the_sorted_table(fmt):
    values = decode_array(fmt, np.arange(fmt.code_count))
    ordered = np.unique(values[~np.isnan(values)])  # -0 and +0 collapse to one value
    for code in range(0, fmt.code_count, 1 if fmt.bits <= 8 else 61):
        v = values[code]
        down, up = neighbours(fmt, code)
        if math.isnan(v):
            assert (down, up) == (None, None)
            continue
        i = int(np.searchsorted(ordered, v))
        want_down = ordered[i - 1] if i > 0 else None
        want_up = ordered[i + 1] if i + 1 < len(ordered) else None
        assert (None if down is None else decode(fmt, down)) == want_down, hex(code)
        assert (None if up is None else decode(fmt, up)) == want_up, hex(code)


def test_float16_neighbours_match_numpy_nextafter():
    fmt = FORMATS["float16"]
    for code in range(0, 1 << 16, 97):
        x = np.uint16(code).view(np.float16)
        if not np.isfinite(x):
            continue
        down, up = neighbours(fmt, code)
        assert decode(fmt, up) == float(np.nextafter(x, np.float16(np.inf)))
        assert decode(fmt, down) == float(np.nextafter(x, np.float16(-np.inf)))


def test_ulp_is_the_gap_above_and_matches_numpy_spacing():
    fmt = FORMATS["float16"]
    for x in (1.0, 3.0, 1000.0, 6.1e-5, 1e-7):
        code = int(np.float16(x).view(np.uint16))
        assert analyze_code(fmt, code).ulp == float(np.spacing(np.float16(x)))
    # the largest value has no larger neighbour: its ulp is the gap below
    assert analyze_code(FORMATS["float8_e4m3fn"], 0x7E).ulp == 448 - 416


def test_errors_are_exact():
    third = analyze(FORMATS["float16"], Fraction(1, 3))
    stored = Fraction(third.value)
    assert third.abs_error == float(stored - Fraction(1, 3))
    assert third.rel_error == float((stored - Fraction(1, 3)) * 3)  # signed like abs_error
    assert analyze(FORMATS["float64"], Fraction(1, 10)).abs_error == float(
        Fraction(0.1) - Fraction(1, 10)
    )


def test_compare_shows_fp16_underflow_and_bf16_keeping_1e_minus_8():
    rows = {r.format_id: r for r in compare(Fraction(1, 10**8))}
    assert rows["float16"].value == 0.0 and rows["float16"].underflow
    assert rows["float16"].rel_error == -1.0  # stored 0: all of it lost, downwards
    assert rows["bfloat16"].value != 0.0 and not rows["bfloat16"].underflow
    assert rows["float8_e4m3fn"].value == 0.0
    assert len(rows) == len(FORMATS)


def test_compare_marks_overflow():
    rows = {r.format_id: r for r in compare(Fraction(70000))}
    assert rows["float16"].value == math.inf and rows["float16"].overflow
    assert rows["float8_e4m3fn"].value == 448.0 and rows["float8_e4m3fn"].overflow
    assert math.isnan(rows["float8_e4m3fnuz"].value)
    assert rows["bfloat16"].value == 70144.0 and not rows["bfloat16"].overflow


def test_info_has_the_cli_keys():
    info = format_info(FORMATS["float8_e4m3fn"])
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
        assert key in info
    assert info["overflow"] == "saturate"
    assert format_info(FORMATS["float8_e4m3fn"], "ocp")["overflow"] == "nan"


def test_formula_and_fields_fill_in_the_numbers():
    from core.numbers.analysis import fields_text, formula

    f16 = FORMATS["float16"]
    # 0x3e00 = 0 01111 1000000000: exponent 15, mantissa 512 -> 2^(15-15) · (1 + 512/1024) = 1.5
    assert formula(f16, 0x3E00) == "(−1)^0 · 2^(15 − 15) · (1 + 512/1024) = 1.5"
    assert fields_text(f16, 0x3E00) == ("sign 0 · exponent 01111 = 15 · mantissa 1000000000 = 512")
    assert "subnormal" in formula(f16, 0x0001) and "0 + 1/1024" in formula(f16, 0x0001)
    assert "NaN" in formula(FORMATS["float8_e4m3fnuz"], 0x80)
    assert formula(FORMATS["float8_e8m0fnu"], 127) == "2^(127 − 127) = 2^0 = 1.0"
    assert "/2^52" in formula(FORMATS["float64"], 0x400921FB54442D18)


def test_core_imports_no_qt_pyqtgraph_or_torch():
    import subprocess
    import sys

    code = (
        "import sys\n"
        "import core.numbers.formats, core.numbers.codec, core.numbers.analysis, core.numbers.value_text\n"
        "import core.numbers.blockscale, core.numbers.block_vectors\n"
        "print(sorted(m for m in ('PySide6', 'pyqtgraph', 'torch') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_errors_beyond_float_range_are_infinite_not_exceptions():
    tiny, huge = Fraction(-1, 10**1000), Fraction(10**1000)
    e8m0 = analyze(FORMATS["float8_e8m0fnu"], tiny)  # torch: |x| -> 2^-127
    assert e8m0.value == 2.0**-127 and e8m0.rel_error == math.inf
    assert analyze(FORMATS["float64"], huge).abs_error == math.inf
    assert analyze(FORMATS["float64"], -huge).abs_error == -math.inf
    for row in compare(tiny) + compare(huge):
        assert row.format_id in FORMATS


def test_format_summary_corrects_torch_eps():
    from core.numbers.analysis import format_summary

    text = format_summary(FORMATS["float8_e5m2fnuz"])
    assert "eps 0.25" in text and "wrong" in text and "overflow → NaN" in text
    assert "saturates" in format_summary(FORMATS["float8_e4m3fn"])
    assert "overflow → NaN" in format_summary(FORMATS["float8_e4m3fn"], "ocp")
