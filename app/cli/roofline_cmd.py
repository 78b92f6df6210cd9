"""``napkinlab roofline``: where operators land on a device's roofline for a dtype."""

from __future__ import annotations

import argparse

from app.cli.output import print_json
from core.roofline.bounds import evaluate
from core.roofline.hardware import load_catalog, validate_dtype
from core.roofline.ops import OP_NAMES, OP_SIZES, op_cost, parse_op_spec
from core.units import (
    format_bytes,
    format_duration,
    format_flop_rate,
    format_flops,
    format_percent,
)

__all__ = ["register"]

_EXAMPLES = ", ".join(f"{name}:{','.join(OP_SIZES[name])}" for name in OP_NAMES)


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``roofline --device ID --dtype DT --op SPEC [--op SPEC ...] [--json]``."""
    parser = subparsers.add_parser(
        "roofline",
        help="operator intensity, attainable FLOP/s and bound on a device",
        description="Place operators on a device's roofline. Ops take named sizes: " + _EXAMPLES,
    )
    parser.add_argument("--device", default="h100-sxm", help="device id (napkinlab devices)")
    parser.add_argument("--dtype", default="bf16", help="input dtype and compute ceiling")
    parser.add_argument(
        "--out-dtype", default=None, help="output dtype for mixed precision (fp8 in, bf16 out)"
    )
    parser.add_argument(
        "--op",
        action="append",
        required=True,
        metavar="SPEC",
        help="operator with sizes, e.g. matmul:m=1024,k=1024,n=1024 (repeatable)",
    )
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.set_defaults(handler=handler)


def handler(args: argparse.Namespace) -> int:
    """Evaluate every ``--op`` (all validated before anything is printed)."""
    device = load_catalog().get(args.device)
    dtype = validate_dtype(args.dtype)
    device.peak(dtype)  # fail early, naming the dtypes the device has
    rows = []
    for spec in args.op:
        name, sizes = parse_op_spec(spec)
        cost = op_cost(name, dtype, out_dtype=args.out_dtype, **sizes)
        rows.append((spec, cost, evaluate(cost, device)))
    if args.json:
        print_json(
            {
                "device": device.id,
                "dtype": dtype,
                "ops": [
                    {
                        "op": cost.name,
                        "spec": spec,
                        "sizes": dict(cost.sizes),
                        "out_dtype": cost.out_dtype,
                        **result.to_dict(),
                        "convention": cost.convention,
                    }
                    for spec, cost, result in rows
                ],
            }
        )
        return 0
    first = rows[0][2]
    print(
        f"{device.name}, {dtype}: peak {format_flop_rate(first.peak)}, "
        f"bandwidth {format_bytes(first.bandwidth)}/s, ridge {first.ridge:.4g} FLOP/byte"
    )
    for spec, cost, result in rows:
        print(
            f"{spec}: {format_flops(cost.flops)}, {format_bytes(cost.bytes)}, "
            f"intensity {result.intensity:.4g} FLOP/B -> {result.bound}-bound, "
            f"{format_flop_rate(result.attainable)}, {format_duration(result.time_s)}, "
            f"MFU ≤ {format_percent(result.mfu_bound)}"
        )
        print(f"    counted as: {cost.convention}")
    return 0
