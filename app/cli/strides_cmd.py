"""``napkinlab strides``: a tensor's shape, strides and storage offset through a chain of views.

The tensor is ``torch.arange(n).reshape(--shape)``; each ``--op`` (``view 2,6``, ``transpose 0 1``,
``contiguous``, ``[:, 1:3]``, …; see :mod:`core.einops.strides_chain`) is applied in turn and
reported as a view of the same storage or a copy, with the bytes the copy wrote. An operation torch
would refuse is part of the answer (its error and why; exit 0) and leaves the tensor as it was for
the next one; text that is no operation, a bad shape or dtype is bad input (exit 2).
"""

from __future__ import annotations

import argparse

from app.cli.output import print_json
from core.echo import brief
from core.einops.strides_chain import (
    DEFAULT_SHAPE,
    DTYPE_SIZES,
    OP_NAMES,
    StridesChain,
    run_chain,
)
from core.einops.text import MAX_ELEMENTS, parse_shape
from core.errors import InputError

__all__ = ["handler", "register"]


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``strides --shape S [--dtype D] --op OP ... [--json]``."""
    parser = subparsers.add_parser(
        "strides",
        help="a tensor's shape, strides and offset through view/reshape/transpose/…: view or copy",
        description="Apply operations to torch.arange(n).reshape(SHAPE) and say, per step, the "
        "shape, strides, storage offset, contiguity, whether it is a view or a copy and the bytes "
        "copied, or why torch refuses it. Computed without torch. Exit 0 whether or not torch "
        "would refuse a step.",
    )
    parser.add_argument(
        "--shape",
        default=",".join(str(s) for s in DEFAULT_SHAPE),
        metavar="3,4",
        help="the start tensor's shape ('' is a 0-d tensor)",
    )
    parser.add_argument(
        "--dtype",
        default="int64",
        help=f"element type, one of {', '.join(DTYPE_SIZES)} (arange's default is int64)",
    )
    parser.add_argument(
        "--op",
        action="append",
        default=[],
        metavar="OP",
        help="an operation, repeat for a chain: " + "; ".join(OP_NAMES.values()),
    )
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.set_defaults(handler=handler)


def handler(args: argparse.Namespace) -> int:
    """Run the chain and print it; malformed arguments raise :class:`InputError` (exit 2)."""
    shape = parse_shape(args.shape, f"--shape {brief(args.shape)}")
    n = 1
    for s in shape:
        n *= s
    if n > MAX_ELEMENTS:
        raise InputError(f"--shape {brief(args.shape)}: {n} elements; allowed: at most 2^62")
    try:
        chain = run_chain(shape, args.dtype, args.op)
    except InputError as exc:
        if exc.field == "dtype":
            raise InputError(f"--dtype: {args.dtype!r} is unknown; allowed: "
                             f"{', '.join(DTYPE_SIZES)}") from None  # fmt: skip
        raise InputError(f"--op: {exc.message}") from None
    if args.json:
        print_json(chain.to_dict())
    else:
        print(chain_text(chain))
    return 0


def chain_text(chain: StridesChain) -> str:
    """One line per step: the call, then its layout and view/copy, or torch's error."""
    start = chain.to_dict()["start"]
    lines = [f"x = {start['code']}", f"    {chain.start.describe()}"]
    for step in chain.steps:
        lines.append(f"x = {step.op.code()}")
        if step.layout is None:
            lines.append(f"    error: {step.error}")
            if step.why is not None:
                lines.append(f"    why: {step.why}")
            lines.append("    (x is unchanged; the next step applies to it)")
        else:
            kind = "view" if step.view else f"copy ({step.bytes_copied:,} bytes)"
            lines.append(f"    {step.layout.describe()}; {kind}")
    lines.append(f"bytes copied in all: {chain.bytes_copied:,}")
    return "\n".join(lines)
