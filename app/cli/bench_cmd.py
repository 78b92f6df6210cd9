"""``napkinlab bench``: measure this machine headless (progress on stderr, points on stdout/FILE)."""

from __future__ import annotations

import argparse
import sys

from app.cli import collectives, data_bench
from app.cli.options import refuse_unused
from app.cli.output import strict_json
from core.errors import InputError
from core.units import format_bytes, format_duration, format_flop_rate, format_percent
from core.validate import file_path, positive_int

__all__ = ["register"]


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``bench`` subcommand."""
    parser = subparsers.add_parser(
        "bench",
        help="time matmuls, elementwise ops, norms and copies on this machine",
        description="Time operators on this machine (median of repetitions after warm-up; "
        "spread = IQR / median). Progress goes to stderr.",
    )
    parser.add_argument("--suite", choices=("quick", "full", "collectives", "data"), default="quick",
                        help="quick (about a minute), full, collectives (under torchrun), or "
                        "data (a training loop's token batches from a memory-mapped file)")  # fmt: skip
    parser.add_argument(
        "--device", choices=("cpu", "cuda"), default="cpu", help="where to run (default cpu)"
    )
    parser.add_argument("--threads", help="CPU threads for torch (default: every core)")
    parser.add_argument("--out", metavar="FILE.jsonl", help="append one JSON line per point")
    parser.add_argument(
        "--reference",
        metavar="DEVICE_ID",
        help="device whose peak gives the MFU (= HFU for one op: nothing is recomputed; default: "
        "the entry matching the GPU; none on CPU)",
    )
    parser.add_argument("--json", action="store_true", help="one JSON object per point on stdout")
    collectives.add_arguments(parser)
    data_bench.add_arguments(parser)
    parser.set_defaults(handler=run)


def _line(point: dict) -> str:
    rate = format_flop_rate(point["flop_rate"], 3) if point["flops"] else "—"
    # one op recomputes nothing: its HFU is its MFU (core.roofline.utilization)
    mfu = (f"  MFU = HFU {format_percent(point['mfu'])}" if point.get("mfu") is not None
           else "")  # fmt: skip
    noisy = "  (noisy)" if point["noisy"] else ""
    return (
        f"{point['label']:<38} {format_duration(point['seconds'], 3):>10}  {rate:>13}  "
        f"{format_bytes(point['byte_rate'], 3) + '/s':>10}  ±{point['spread']:.0%}{mfu}{noisy}"
    )


def _eta(seconds: float) -> str:
    if seconds < 1:
        return "< 1 s"
    return f"~{seconds:.0f} s" if seconds < 120 else f"~{seconds / 60:.1f} min"


def run(args: argparse.Namespace) -> int:
    """Run the suite; exit 0 when at least one point was measured, 1 otherwise."""
    common = ("suite", "out", "json")
    if args.suite == "collectives":  # torchrun-launched, separate module (issue 14)
        refuse_unused(args, collectives.OPTIONS, "bench --suite collectives", common)
        return collectives.run(args)
    if args.suite == "data":
        refuse_unused(args, data_bench.OPTIONS, "bench --suite data", common)
        return data_bench.run(args)
    refuse_unused(args, ("device", "threads", "reference"), f"bench --suite {args.suite}", common)
    from core.bench.measurements import MeasurementWriter
    from core.bench.suites import build_suite, device_name, eta_seconds, run_suite
    from core.bench.this_machine import match_hardware
    from core.roofline.hardware import load_catalog

    threads = (
        positive_int(args.threads, "--threads", high=4096) if args.threads is not None else None
    )
    import torch

    if args.device == "cuda" and not torch.cuda.is_available():
        raise InputError("--device cuda: torch sees no CUDA device here; allowed: cpu")
    catalog = load_catalog()
    reference = catalog.get(args.reference) if args.reference else None
    name = device_name(args.device)
    if reference is None and args.device == "cuda":
        match = match_hardware(name, catalog)
        reference = catalog.get(match) if match else None
    cases = build_suite(args.suite, args.device)
    writer = MeasurementWriter(file_path(args.out, "--out")) if args.out is not None else None
    ref = f", MFU vs {reference.name}" if reference else ""
    print(
        f"napkinlab bench: {args.suite} suite, {len(cases)} cases on {name}{ref}", file=sys.stderr
    )
    measured = 0
    try:
        for outcome in run_suite(cases, args.device, reference=reference, threads=threads):
            done = outcome.index + 1
            eta = eta_seconds(cases, done, outcome.elapsed_s)
            tag = f"[{done}/{outcome.total}, {_eta(eta)} left]"
            if outcome.point is None:
                print(f"{tag} skipped: {outcome.error}", file=sys.stderr)
                continue
            measured += 1
            if writer is not None:
                writer.write(outcome.point)
            print(f"{tag} {outcome.case.label}", file=sys.stderr)
            if args.json:
                sys.stdout.write(strict_json(outcome.point, indent=None) + "\n")
            else:
                sys.stdout.write(_line(outcome.point) + "\n")
            sys.stdout.flush()
    finally:
        if writer is not None:
            writer.close()
    print(f"napkinlab bench: {measured} of {len(cases)} cases measured", file=sys.stderr)
    return 0 if measured else 1
