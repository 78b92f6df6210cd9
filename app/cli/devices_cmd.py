"""``napkinlab devices``: the hardware table."""

from __future__ import annotations

import argparse

from app.cli.output import print_json
from core.roofline.hardware import DTYPES, load_catalog
from core.units import format_bytes, format_sig

__all__ = ["register"]


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``devices`` subcommand."""
    parser = subparsers.add_parser("devices", help="list the accelerators and their dense peaks")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Print every device (built-in and the user's)."""
    import sys

    catalog = load_catalog()
    for problem in catalog.problems:
        print(f"napkinlab: warning: {problem}", file=sys.stderr)
    if args.json:
        print_json([d.to_dict() for d in catalog.devices])
        return 0
    width = max([10, *(len(d.id) for d in catalog.devices)])
    header = (
        f"{'id':<{width}} {'name':<40} "
        + " ".join(f"{d:>7}" for d in DTYPES)
        + f" {'mem BW':>9} {'memory':>8} {'driver':>8}"
    )
    print(header)
    print(" " * (width + 42) + "dense peak TFLOP/s (int8: TOPS)")
    for d in catalog.devices:
        peaks = " ".join(
            f"{format_sig(d.peak_flops[t] / 1e12, 4):>7}" if t in d.peak_flops else f"{'—':>7}"
            for t in DTYPES
        )
        driver = format_bytes(d.memory_total_bytes, 3) if d.memory_total_bytes else "—"
        print(
            f"{d.id:<{width}} {d.name[:40]:<40} {peaks} "
            f"{format_bytes(d.mem_bandwidth, 3) + '/s':>9} "
            f"{format_bytes(d.memory_bytes, 3):>8} {driver:>8}"
        )
    print(
        "\nmemory: the datasheet's; driver: the total the driver reports (nvidia-smi), what a "
        "plan fills where it is known."
    )
    print("\nSources: napkinlab devices --json (field 'source').")
    return 0
