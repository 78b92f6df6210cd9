"""``napkinlab einops``: what an einops call does and costs, without allocating its tensors.

Exit 0 whether or not the pattern is valid (validity is the answer); exit 2 only for malformed
arguments (an unknown op or dtype, a shape that is not numbers, the wrong number of shapes).
"""

from __future__ import annotations

import argparse

from app.cli.output import print_json
from core.echo import brief
from core.einops.analysis import analyse
from core.einops.model import OPS, REDUCTIONS
from core.einops.report import report_text
from core.einops.text import parse_axes, parse_shape
from core.errors import InputError
from core.roofline.hardware import DTYPE_BYTES, validate_dtype

__all__ = ["handler", "register"]


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``einops OP PATTERN --shape ... [--axis ...] [--reduction] [--packed-shape] [--dtype]``."""
    parser = subparsers.add_parser(
        "einops",
        help="analyse an einops call: output shape, plan, PyTorch code, FLOPs, bytes, view/copy",
        description="Analyse einops.OP(x, PATTERN) for tensors of the given shapes (nothing is "
        "allocated). Exit 0 whether or not the call is valid.",
    )
    parser.add_argument("op", choices=OPS, help="the einops function")
    parser.add_argument("pattern", help="the pattern, e.g. 'b s (h d) -> b h s d'")
    parser.add_argument(
        "--shape",
        action="append",
        default=None,
        metavar="2,3,4",
        help="an input's shape; repeat for several inputs; '' is a 0-d tensor",
    )
    parser.add_argument(
        "--axis", action="append", default=[], metavar="NAME=N", help="an axis length, e.g. h=2"
    )
    parser.add_argument(
        "--reduction", choices=REDUCTIONS, default=None, help="for reduce (default: sum)"
    )
    parser.add_argument(
        "--packed-shape",
        action="append",
        default=[],
        metavar="7,9",
        help="for unpack: the shape one output's * stands for; repeat per output ('' = none)",
    )
    parser.add_argument("--dtype", default="fp32", help=f"one of {', '.join(DTYPE_BYTES)}")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.set_defaults(handler=handler)


def handler(args: argparse.Namespace) -> int:
    """Analyse the call and print it; malformed arguments raise :class:`InputError` (exit 2)."""
    if args.reduction is not None and args.op != "reduce":
        raise InputError(f"--reduction: not used by einops {args.op}; only reduce reads it")
    if args.packed_shape and args.op != "unpack":
        raise InputError(f"--packed-shape: not used by einops {args.op}; only unpack reads it")
    if not args.shape:
        raise InputError("--shape: missing; give one --shape per input tensor, e.g. --shape 2,3,4")
    shapes = [parse_shape(s, f"--shape {brief(s)}") for s in args.shape]
    axes = parse_axes(args.axis, "--axis")
    packed = [
        parse_shape(p, f"--packed-shape {brief(p)}", allow_minus_one=True)
        for p in args.packed_shape
    ]
    if args.op == "unpack" and not packed:
        raise InputError(
            "--packed-shape: unpack needs one per output, e.g. --packed-shape 2 --packed-shape 1"
        )
    reduction = args.reduction or ("sum" if args.op == "reduce" else None)
    result = analyse(
        args.op,
        args.pattern,
        shapes,
        axes,
        reduction=reduction,
        packed_shapes=packed,
        dtype=validate_dtype(args.dtype),  # float32, bfloat16: the shared spellings
    )
    if result.error_kind == "arguments":
        raise InputError(result.error or "malformed arguments")
    if args.json:
        print_json(result.to_dict())
    else:
        print(report_text(result))
    return 0
