"""``napkinlab bench --suite collectives``: nccl-tests-style collectives under torchrun.

Kept apart from :mod:`app.cli.bench_cmd`, which only adds these options and dispatches here. Every
rank runs the collectives; rank 0 alone prints and writes the JSON-lines rows.
"""

from __future__ import annotations

import argparse
import sys

from app.cli.output import strict_json
from core.echo import brief
from core.errors import InputError
from core.units import format_bytes, format_duration
from core.validate import positive_int

__all__ = ["OPTIONS", "add_arguments", "run"]

#: The options only this suite reads.
OPTIONS = ("backend", "min_bytes", "max_bytes", "ops", "iters", "warmup", "timeout")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options only the collectives suite reads."""
    group = parser.add_argument_group("collectives suite (launch with torchrun)")
    group.add_argument(
        "--backend",
        choices=("auto", "nccl", "gloo"),
        default="auto",
        help="auto: nccl where CUDA is, else gloo",
    )
    group.add_argument("--min-bytes", default="1024", help="smallest message (default 1 KiB)")
    group.add_argument("--max-bytes", help="largest message (default 1 GiB on nccl, 4 MiB on gloo)")
    group.add_argument("--ops", help="comma list of all_reduce,all_gather,reduce_scatter,"
                       "broadcast,all_to_all")  # fmt: skip
    group.add_argument("--iters", default=None, help="timed calls per size (20 nccl, 5 gloo)")
    group.add_argument("--warmup", default=None, help="untimed calls first (5 nccl, 1 gloo)")
    group.add_argument(
        "--timeout", default="120", help="seconds any collective may wait for a peer"
    )


def run(args: argparse.Namespace) -> int:
    """Join the group, measure, let rank 0 report; exit 0 when every result was correct."""
    from core.comm.collectives import OPS, finish, message_sizes, read_env, run_collectives, start

    env = read_env()
    ops = [o.strip() for o in args.ops.split(",")] if args.ops else list(OPS)
    bad = [o for o in ops if o not in OPS]
    if bad:
        raise InputError(f"--ops: unknown {brief(bad[0])}; allowed: {', '.join(OPS)}", field="ops")
    min_bytes = positive_int(args.min_bytes, "--min-bytes", high=1 << 34)
    timeout = positive_int(args.timeout, "--timeout", high=86400)
    backend = start(env, None if args.backend == "auto" else args.backend, timeout)
    gloo = backend == "gloo"
    try:
        max_default = (4 << 20) if gloo else (1 << 30)
        max_bytes = positive_int(args.max_bytes or max_default, "--max-bytes", high=1 << 34)
        iters = positive_int(args.iters or (5 if gloo else 20), "--iters", high=10**6)
        warmup = positive_int(args.warmup or (1 if gloo else 5), "--warmup", low=0, high=10**6)
        sizes = message_sizes(min_bytes, max_bytes)
        return _report(env.rank, run_collectives(sizes, ops, warmup=warmup, iters=iters), args)
    finally:
        finish()


def _report(rank: int, rows, args: argparse.Namespace) -> int:  # type: ignore[no-untyped-def]
    from core.bench.measurements import MeasurementWriter

    writer = MeasurementWriter(args.out) if args.out and rank == 0 else None
    wrong = 0
    try:
        for row in rows:
            wrong += not row["correct"]
            if rank != 0:
                continue
            if writer is not None:
                writer.write(row)
            if args.json:
                sys.stdout.write(strict_json(row, indent=None) + "\n")
            else:
                via = f"  via {row['via']}" if "via" in row else ""
                flag = "" if row["correct"] else "  WRONG RESULT"
                sys.stdout.write(
                    f"{row['op']:<15} {format_bytes(row['bytes'], 4, binary=True):>10} "
                    f"{format_duration(row['time_s'], 3):>10}  algbw "
                    f"{format_bytes(row['algbw'], 3)}/s  busbw {format_bytes(row['busbw'], 3)}/s"
                    f"{via}{flag}\n"
                )
            sys.stdout.flush()
    finally:
        if writer is not None:
            writer.close()
    if wrong and rank == 0:
        print(f"napkinlab bench: {wrong} collective result(s) were wrong", file=sys.stderr)
    return 1 if wrong else 0
