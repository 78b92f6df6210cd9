"""``napkinlab calibration``: a device's achievable fractions with their sources; set or reset them."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from app.cli.options import checked
from app.cli.output import print_json
from core.errors import InputError

__all__ = ["handler", "register"]


def _assignment(text: str) -> tuple[str, str]:
    """``FIELD=VALUE`` split (the value is checked against the field's range in the handler,
    which knows the device)."""
    from core.roofline.achievable import FIELDS

    name, sep, value = str(text).partition("=")
    name = name.strip()
    if not sep or not name or not value.strip():
        raise InputError(f"--set: {text!r}; allowed: FIELD=VALUE, FIELD one of {', '.join(FIELDS)}")
    from core.roofline.fractions import parse_field_text

    parse_field_text(name, value, "--set")  # refuse a bad value while parsing, by name
    return name, value.strip()


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``calibration``."""
    p = subparsers.add_parser(
        "calibration",
        help="a device's achievable fractions and their sources; set or reset your overrides",
        description="List the achievable fractions the plan and the Step tab's calibrated "
        "prediction use for one device (large-GEMM efficiency, the GEMM shape model, attention "
        "kernel efficiency, the memory-bound bandwidth fraction, collective bus bandwidth per "
        "link, kernel launch overhead, ...), each with its source and where it comes from: your "
        "override, measured here by the benchmark, the built-in file (the first that has a field "
        "wins). --set writes your overrides to <config>/napkinlab/calibration.json, keeping the "
        "other devices'; --reset removes this device's.",
    )
    p.add_argument("--device", required=True, help="device id (napkinlab devices)")
    p.add_argument(
        "--set",
        dest="assign",
        action="append",
        default=None,
        metavar="FIELD=VALUE",
        type=checked(_assignment),
        help="override one field (repeatable): gemm_efficiency=0.7, gemm_tile=128x256, "
        "kernel_launch_overhead_s=3e-6",
    )
    p.add_argument(
        "--reset",
        action="store_true",
        help="remove this device's overrides first (with --set: only the new values stay)",
    )
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(handler=handler)


def handler(args: argparse.Namespace) -> int:
    """Answer ``calibration``."""
    from core.plan.model import measured_device
    from core.roofline.achievable import read_overrides, user_calibration_path
    from core.roofline.fractions import clear_overrides, fraction_rows, save_overrides
    from core.roofline.hardware import load_catalog

    catalog = load_catalog()
    device = catalog.get(str(args.device).strip())
    path = user_calibration_path()
    changes = dict(args.assign or [])
    if changes:
        save_overrides(device.id, changes, replace=args.reset)
    elif args.reset:
        clear_overrides(device.id)
    overrides, problem = read_overrides()
    rows, notes = fraction_rows(device, measured=measured_device(device.id), overrides=overrides)
    if problem:
        print(f"napkinlab: warning: {problem}", file=sys.stderr)
    if args.json:
        print_json(
            {
                "device": device.id,
                "name": device.name,
                "file": str(path),
                "problem": problem or None,
                "changed": sorted(changes),
                "reset": bool(args.reset),
                "precedence": ["override", "measured", "builtin", "sibling", "assumed"],
                "fields": [r.to_dict() for r in rows],
                "notes": [str(n) for n in notes],
            }
        )
        return 0
    _print_rows(device, rows, notes, str(path), changes, args.reset)
    return 0


def _print_rows(
    device: Any, rows: Any, notes: Any, path: str, changes: dict[str, str], reset: bool
) -> None:
    from core.roofline.fractions import origin_name

    if changes:
        print(f"Saved {', '.join(sorted(changes))} for {device.id} in {path}")
    elif reset:
        print(f"Removed the overrides of {device.id} from {path}")
    print(f"Achievable fractions of {device.name} ({device.id}); the first source that has a "
          "field wins: your override, measured here, built-in")  # fmt: skip
    print(f"  {'field':<30} {'value':<16} {'from':<20} {'unit':<18} source")
    for row in rows:
        mark = "*" if row.overridden else " "
        value = row.text or "—"
        if len(value) > 16:
            value = value[:15] + "…"
        source = " ".join(str(row.source).split())
        if len(source) > 100:  # the whole source is in --json
            source = source[:99] + "…"
        print(f"{mark} {row.field:<30} {value:<16} {origin_name(row.origin)!s:<20} "
              f"{row.unit!s:<18} {source}")  # fmt: skip
    for note in notes:
        print(f"note: {note}")
    print(f"* your override. Yours live in {path}: napkinlab calibration --device {device.id} "
          "--set FIELD=VALUE; --reset removes them.")  # fmt: skip
