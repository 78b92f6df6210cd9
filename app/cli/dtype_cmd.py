"""``napkinlab dtype``: store a value in a format, decode a code, a format's numbers, its whole table,
or quantize a vector with a block format.

Examples::

    napkinlab dtype float16 1e-8 --json
    napkinlab dtype all 1e-8                 # the value in every format
    napkinlab dtype float8_e4m3fn --bits 0x7e
    napkinlab dtype float8_e5m2fnuz --info
    napkinlab dtype float4_e2m1fn --table --json
    napkinlab dtype --quantize nvfp4 --generate outliers:4096 --json
    napkinlab dtype float16 -- -inf          # values starting with '-' after '--'
"""

from __future__ import annotations

import argparse
import math

import numpy as np

from app.cli.options import refuse_unused
from app.cli.output import print_json, strict_json
from core.errors import InputError
from core.numbers.analysis import Analysis, analyze, analyze_code, compare, format_info
from core.numbers.block_vectors import generate, load_npy, parse_generate_spec
from core.numbers.blockscale import BLOCK_FORMATS, quantize
from core.numbers.formats import FORMAT_IDS, POLICIES, FloatFormat, decode_array, get_format
from core.numbers.value_text import parse_code, parse_value_text
from core.units import format_number
from core.validate import file_path, positive_int

__all__ = ["register", "run"]


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``dtype`` subcommand."""
    parser = subparsers.add_parser(
        "dtype",
        help="number formats fp64…fp4: store, decode, info, table, block quantization",
        description="Exact number formats. FORMAT is one of: " + ", ".join(FORMAT_IDS) + " (or "
        "'all' with a VALUE). Values: 0.1, 1e-8, 1/3, pi, 2**-9, -inf, nan, or a code 0x7e.",
    )
    parser.add_argument("format", nargs="?", metavar="FORMAT", help="format id, or 'all'")
    parser.add_argument("value", nargs="?", metavar="VALUE", help="value to store (or a 0x code)")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--bits", metavar="CODE", help="decode a code: 0x7e, 0b01111110 or 126")
    mode.add_argument("--info", action="store_true", help="the format's numbers")
    mode.add_argument("--table", action="store_true", help="every code and value (<= 16 bits)")
    mode.add_argument("--quantize", metavar="BLOCK", help=f"one of: {', '.join(BLOCK_FORMATS)}")
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--input", metavar="FILE.npy", help="vector to quantize")
    source.add_argument("--generate", metavar="KIND:N", help="e.g. normal:4096, outliers:1e5")
    parser.add_argument("--seed", default="0", help="seed for --generate (0 to 2^32 - 1)")
    parser.add_argument(
        "--policy",
        choices=list(POLICIES),
        default="torch",
        help="overflow convention: torch (as the installed torch stores) or ocp (OCP/ml_dtypes, "
        "non-saturating)",
    )
    parser.add_argument("--json", action="store_true", help="strict JSON output")
    parser.set_defaults(handler=run)


def _num(x: float | None) -> str:
    """Exact and shortest: the float's round-trip repr (``0.552``, never ``0.55200000000000005``)."""
    if x is None:
        return "-"
    return repr(float(x)).removesuffix(".0") if math.isfinite(x) else format_number(x)


def _print_analysis(rows: list[Analysis]) -> None:
    for r in rows:
        code = "-" if r.code is None else f"{r.code:#x}"
        flags = " ".join(
            f for f, on in (("OVERFLOW", r.overflow), ("UNDERFLOW", r.underflow)) if on
        )
        print(f"{r.format_id:<16} {code:>20}  {_num(r.value):>24}  {r.cls:<10} {flags}")
        if len(rows) == 1:
            print(
                f"  abs error {_num(r.abs_error)}  rel error {_num(r.rel_error)}  ulp {_num(r.ulp)}"
            )
            print(f"  prev {_num(r.prev)}  next {_num(r.next)}")
        if r.note:
            print(f"  note: {r.note}")


def _fields(fmt: FloatFormat, code: int) -> dict[str, object]:
    sign, exp, man = fmt.split(code)
    bits = format(code, f"0{fmt.bits}b")
    return {"sign": sign, "exponent": exp, "mantissa": man, "bits": bits}


def _value_mode(args: argparse.Namespace) -> int:
    parsed = parse_value_text(args.value)
    if args.format == "all":
        if parsed.is_code:
            raise InputError("value: a code needs one FORMAT, not 'all'")
        assert parsed.value is not None
        rows = compare(parsed.value, args.policy)
        if args.json:
            print_json(
                {"input": args.value, "policy": args.policy, "formats": [r.to_dict() for r in rows]}
            )
        else:
            _print_analysis(rows)
        return 0
    fmt = get_format(args.format)
    if parsed.is_code:
        return _bits_mode(fmt, str(args.value), args)
    assert parsed.value is not None
    row = analyze(fmt, parsed.value, args.policy)
    if args.json:
        out = {"input": args.value, "policy": args.policy, **row.to_dict()}
        if row.code is not None:
            out.update(_fields(fmt, row.code))
        print_json(out)
    else:
        _print_analysis([row])
    return 0


def _bits_mode(fmt: FloatFormat, text: str, args: argparse.Namespace) -> int:
    code = parse_code(text, fmt.bits, fmt.id)
    row = analyze_code(fmt, code)
    out = {**row.to_dict(), **_fields(fmt, code)}
    for key in ("abs_error", "rel_error", "overflow", "underflow"):
        out.pop(key)
    if args.json:
        print_json(out)
    else:
        f = _fields(fmt, code)
        print(
            f"{fmt.id} {code:#x} = {f['bits']}  sign {f['sign']} exponent {f['exponent']} mantissa {f['mantissa']}"
        )
        print(f"value {_num(row.value)} ({row.cls})  prev {_num(row.prev)}  next {_num(row.next)}")
    return 0


def _info_mode(fmt: FloatFormat, args: argparse.Namespace) -> int:
    info = format_info(fmt, args.policy)
    if args.json:
        print_json(info)
    else:
        for key, value in info.items():
            if value not in ("", None):
                print(f"{key:<18} {_num(value) if isinstance(value, float) else value}")
    return 0


def _table_mode(fmt: FloatFormat, args: argparse.Namespace) -> int:
    if fmt.bits > 16:
        raise InputError(
            f"--table: {fmt.id} has 2^{fmt.bits} codes; allowed: formats of 16 bits or fewer"
        )
    values = decode_array(fmt, np.arange(fmt.code_count)).tolist()
    if args.json:
        print(
            strict_json({"format": fmt.id, "values": [[c, v] for c, v in enumerate(values)]}, None)
        )
    else:
        for code, value in enumerate(values):
            print(
                f"{code:#0{2 + (fmt.bits + 3) // 4}x}  {format(code, f'0{fmt.bits}b')}  {_num(value)}"
            )
    return 0


def _quantize_mode(args: argparse.Namespace) -> int:
    if args.input is not None:
        x = load_npy(file_path(args.input, "--input"))
    elif args.generate is not None:
        kind, n = parse_generate_spec(args.generate)
        x = generate(kind, n, positive_int(args.seed, "--seed", low=0, high=2**32 - 1))
    else:
        raise InputError(
            "--quantize needs --input FILE.npy or --generate KIND:N (e.g. normal:4096)"
        )
    result = quantize(x, args.quantize)
    baseline = quantize(x, "fp8_tensor")
    summary = result.summary()
    summary["baseline_fp8_tensor"] = baseline.summary()
    if args.json:
        print_json(summary)
    else:
        for key, value in summary.items():
            if key != "baseline_fp8_tensor":
                print(f"{key:<22} {value}")
        b = summary["baseline_fp8_tensor"]
        print(f"{'fp8 per tensor':<22} rel_error {b['rel_error']:.4g}  sqnr {b['sqnr_db']:.2f} dB")
    return 0


#: What each mode reads (anything else given is refused by name).
_MODES = {
    "quantize": ("dtype --quantize", ("quantize", "input", "generate", "seed")),
    "bits": ("dtype FORMAT --bits", ("format", "bits")),
    "info": ("dtype FORMAT --info", ("format", "info", "policy")),
    "table": ("dtype FORMAT --table", ("format", "table")),
    "value": ("dtype FORMAT VALUE", ("format", "value", "policy")),
}


def _mode(args: argparse.Namespace) -> str:
    if args.quantize is not None:
        return "quantize"
    if args.bits is not None:
        return "bits"
    return "info" if args.info else "table" if args.table else "value"


def run(args: argparse.Namespace) -> int:
    """Dispatch on the chosen mode (an option the mode does not read is refused by name)."""
    name, used = _MODES[_mode(args)]
    if args.quantize is not None and args.generate is None:
        used = tuple(u for u in used if u != "seed")
    refuse_unused(args, used, name, ("json",))
    if args.quantize is not None:
        return _quantize_mode(args)
    if args.format is None:
        raise InputError(f"dtype: give a FORMAT; known: {', '.join(FORMAT_IDS)}")
    if args.format == "all" and args.value is None:
        raise InputError("dtype all: give a VALUE to compare across formats")
    if args.bits is not None:
        return _bits_mode(get_format(args.format), args.bits, args)
    if args.info:
        return _info_mode(get_format(args.format), args)
    if args.table:
        return _table_mode(get_format(args.format), args)
    if args.value is None:
        get_format(args.format)
        raise InputError("dtype: give a VALUE, or one of --bits, --info, --table")
    return _value_mode(args)
