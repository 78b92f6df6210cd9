"""``napkinlab bench --suite data``: the data path of a training loop, measured on this machine.

Kept apart from :mod:`app.cli.bench_cmd`, which only adds these options and dispatches here. A
token file of ``--tokens`` tokens is written in a temporary folder, random ``--seq``-token slices
are assembled into ``--batch`` batches (:mod:`core.bench.data_path`), and the file is removed.
Progress goes to stderr; one line (or JSON object) per configuration to stdout; ``--out`` appends
the points to a JSON-lines file the Plan reads (``<data dir>/data_path.jsonl`` by default there).
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from app.cli.output import strict_json
from core.units import format_bytes, format_duration
from core.validate import file_path, positive_int

if TYPE_CHECKING:
    from core.bench.data_path import DataConfig

__all__ = ["OPTIONS", "add_arguments", "run"]

#: The options only this suite reads.
OPTIONS = ("tokens", "workers", "seq", "batch", "token_dtype", "tmp_dir")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options only the data suite reads."""
    group = parser.add_argument_group("data suite (the training loop's data path)")
    group.add_argument("--tokens", default=None,
                       help="tokens in the temporary token file (default 64Mi = 2**26; make it "
                       "larger than free memory to read from disk, not the page cache)")  # fmt: skip
    group.add_argument(
        "--workers", default=None, help="DataLoader worker processes to measure besides 1 "
        "(default: the cores this process may use, at most 8)"
    )  # fmt: skip
    group.add_argument("--seq", default=None, help="tokens per sequence (default 1024)")
    group.add_argument("--batch", default=None, help="sequences per batch (default 16)")
    group.add_argument("--token-dtype", choices=("uint16", "uint32"), default=None,
                       help="token file dtype (uint16 for vocabularies up to 65,536 ids)")  # fmt: skip
    group.add_argument("--tmp-dir", default=None, metavar="DIR",
                       help="where the temporary token file is made (default: the system's)")  # fmt: skip


def config(args: argparse.Namespace) -> DataConfig:
    """The :class:`~core.bench.data_path.DataConfig` the options ask for (validated)."""
    from core.bench.data_path import DEFAULT_BATCH, DEFAULT_SEQ, DEFAULT_TOKENS, DataConfig
    from core.bench.suites import default_threads

    tokens = positive_int(args.tokens or DEFAULT_TOKENS, "--tokens", high=1 << 40)
    workers = positive_int(args.workers or min(8, default_threads()), "--workers", high=256)
    seq = positive_int(args.seq or DEFAULT_SEQ, "--seq", high=1 << 22)
    batch = positive_int(args.batch or DEFAULT_BATCH, "--batch", high=1 << 16)
    return DataConfig(tokens=tokens, token_dtype=args.token_dtype or "uint16", seq=seq,
                      batch=batch, workers=workers)  # fmt: skip


def _line(point: dict) -> str:
    workers = point["workers"]
    who = "in-process" if workers == 0 else f"{workers} worker{'s' if workers > 1 else ''}"
    per = (f"  ({point['tokens_per_s_per_worker']:,.0f} per worker)" if workers > 1
           else "")  # fmt: skip
    noisy = "  (noisy)" if point["noisy"] else ""
    return (
        f"{point['variant']:<9} {who:<12} {point['tokens_per_s']:>16,.0f} tokens/s  "
        f"{format_bytes(point['bytes_per_s'], 3) + '/s':>11}  "
        f"{format_duration(point['seconds_per_batch'], 3):>9}/batch  ±{point['spread']:.0%}"
        f"{per}{noisy}"
    )


def run(args: argparse.Namespace) -> int:
    """Measure; exit 0 when at least one configuration was measured, 1 otherwise."""
    from core.bench.data_path import run_data_suite
    from core.bench.measurements import MeasurementWriter

    cfg = config(args)
    folder = file_path(args.tmp_dir, "--tmp-dir") if args.tmp_dir else None
    writer = MeasurementWriter(file_path(args.out, "--out")) if args.out is not None else None
    print(
        f"napkinlab bench: data suite, {cfg.tokens:,} {cfg.token_dtype} tokens "
        f"({format_bytes(cfg.file_bytes)}), seq {cfg.seq} × batch {cfg.batch}",
        file=sys.stderr,
    )
    measured = 0
    try:
        for outcome in run_data_suite(cfg, folder=folder):
            tag = f"[{outcome.index + 1}/{outcome.total}]"
            if outcome.point is None:
                print(f"{tag} skipped: {outcome.skipped}", file=sys.stderr)
                continue
            measured += 1
            point = outcome.point
            who = "in-process" if point["workers"] == 0 else f"{point['workers']} worker(s)"
            print(f"{tag} {point['variant']}, {who}", file=sys.stderr)
            if writer is not None:
                writer.write(point)
            text = strict_json(point, indent=None) if args.json else _line(point)
            sys.stdout.write(text + "\n")
            sys.stdout.flush()
    finally:
        if writer is not None:
            writer.close()
    print(f"napkinlab bench: {measured} configurations measured", file=sys.stderr)
    return 0 if measured else 1
