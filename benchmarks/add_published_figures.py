"""Adds the published figures of the MoE runs to ``resources/published_moe_runs.json``, after the
predictions are committed (the pre-registration's last step).

Run: ``python benchmarks/add_published_figures.py FIGURES.json [--check] [--resource FILE]
[--data DIR]`` from the repository root. ``FIGURES.json`` (kept outside the repository until this
step) maps each run id to its published figures; ``--check`` only says, per run, which figures it
recognised (names, not values) and writes nothing.

Each figure entry becomes the run's ``reported``: ``tokens_per_s_per_gpu``,
``model_tflops_per_gpu`` (TFLOP/s), ``gpu_hours`` and ``step_time_s`` where the entry has them
(``None`` otherwise), with the entry itself kept verbatim under ``as_published``. The entry may
hold its numbers under any key that names them (``tokens_per_s_per_gpu``, ``Tokens / sec / GPU``,
``model_tflops_per_gpu``, ``gpu_hours``, nested or as ``{"metric": ..., "value": ...}``); a value
of TFLOP/s above 10⁶ is read as FLOP/s; a peak, an MFU and a FLOPs-per-token count are not
figures. Figures outside a plausible range (tokens/s per GPU 1 to
10⁶, TFLOP/s per GPU 1 to 10⁴, GPU-hours 1 to 10⁹) are refused rather than guessed.

It refuses, naming the runs: a run without a committed prediction (its id in no
``benchmarks/data/preregistered/moe-*.json`` that git tracks unchanged), an id the resource does
not have, a run that already has figures, and an entry with no figure it can read.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
RESOURCE = ROOT / "resources" / "published_moe_runs.json"
DATA = ROOT / "benchmarks" / "data" / "preregistered"

#: Normalised figure -> (test on the lower-cased key path, plausible range after units).
FIGURES: dict[str, tuple[Callable[[str], bool], tuple[float, float]]] = {
    "gpu_hours": (lambda k: "gpu" in k and "hour" in k and "trillion" not in k, (1.0, 1e9)),
    "model_tflops_per_gpu": (
        lambda k: "flop" in k and not any(w in k for w in ("mfu", "peak", "per_token")),
        (1.0, 1e4),
    ),
    "tokens_per_s_per_gpu": (
        lambda k: "token" in k and "gpu" in k and "hour" not in k and "flop" not in k,
        (1.0, 1e6),
    ),
    "step_time_s": (lambda k: "step" in k and "time" in k, (1e-3, 1e5)),
}


def committed(path: Path) -> bool:
    """Whether git tracks ``path`` and it is unchanged since the last commit."""
    cwd, name = str(path.parent), path.name
    tracked = subprocess.run(["git", "-C", cwd, "ls-files", "--error-unmatch", name],
                             capture_output=True, check=False)  # fmt: skip
    if tracked.returncode:
        return False
    diff = subprocess.run(["git", "-C", cwd, "diff", "--quiet", "HEAD", "--", name],
                          capture_output=True, check=False)  # fmt: skip
    return diff.returncode == 0


def registered_ids(data: Path = DATA, is_committed: Callable[[Path], bool] = committed) -> set[str]:
    """The run ids with a committed MoE pre-registration (predicted or refused)."""
    ids: set[str] = set()
    for path in sorted(data.glob("moe-*.json")):
        if not is_committed(path):
            continue
        pred = json.loads(path.read_text("utf-8")).get("predictions") or {}
        ids |= {p["id"] for p in pred.get("runs", [])}
        ids |= {p["id"] for p in pred.get("not_planned", [])}
    return ids


def figure_entries(doc: Any, known: set[str]) -> dict[str, dict[str, Any]]:
    """id -> figure entry, from a mapping of ids or a list of entries with ``id``, at the top
    level or one level down (the candidate with the most known ids wins)."""
    candidates: list[Any] = [doc]
    if isinstance(doc, dict):
        candidates += [v for v in doc.values() if isinstance(v, (dict, list))]
    best: dict[str, dict[str, Any]] = {}
    for cand in candidates:
        if isinstance(cand, list):
            found = {str(e["id"]): e for e in cand if isinstance(e, dict) and "id" in e}
        elif isinstance(cand, dict):
            found = {str(k): v for k, v in cand.items() if isinstance(v, dict)}
        else:
            continue
        if len(set(found) & known) > len(set(best) & known):
            best = found
    return best


#: Keys that hold a figure whose name is in the entry's ``unit`` ({"value": ..., "unit": ...}).
NEUTRAL_KEYS = frozenset({"value", "figure", "published", "number"})


def _numbers(entry: Any, path: str = "") -> Iterator[tuple[str, float]]:
    """(key path, number) of every number in ``entry``; a ``{"metric": m, "value": v}`` pair is
    read as ``m: v``, a neutral key (``value``) takes the entry's ``unit`` as its name."""
    if isinstance(entry, dict):
        unit = str(entry.get("unit", ""))
        metric = entry.get("metric")
        for key, value in entry.items():
            if isinstance(value, bool) or key == "metric":
                continue
            sub = f"{path}.{key}" if path else str(key)
            if isinstance(value, (int, float)):
                if key in NEUTRAL_KEYS:
                    sub = f"{path}.{metric or unit}" if path else str(metric or unit)
                yield sub.lower(), float(value)
            else:
                yield from _numbers(value, sub)


def normalise(entry: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """The run's ``reported`` block from its figure entry, and the problems (empty: usable)."""
    found: dict[str, list[tuple[str, float]]] = {name: [] for name in FIGURES}
    for key, value in _numbers(entry):
        for name, (test, _range) in FIGURES.items():
            if test(re.sub(r"[^a-z0-9.]+", "_", key)):
                found[name].append((key, value))
                break
    out: dict[str, Any] = {}
    problems: list[str] = []
    for name, hits in found.items():
        if not hits:
            out[name] = None
            continue
        key, value = min(hits, key=lambda h: len(h[0]))  # the plainest key names the figure
        if name == "model_tflops_per_gpu" and value > 1e6:
            value /= 1e12  # FLOP/s
        low, high = FIGURES[name][1]
        if not low <= value <= high:
            problems.append(f"{name} from {key!r} is outside {low:g}..{high:g} after units")
        out[name] = value
    if not any(out[name] for name in ("gpu_hours", "model_tflops_per_gpu", "tokens_per_s_per_gpu")):
        problems.append("no tokens/s per GPU, TFLOP/s per GPU or GPU-hours among its keys")
    out["as_published"] = entry
    return out, problems


def merge(
    figures_path: Path,
    resource: Path = RESOURCE,
    data: Path = DATA,
    *,
    check: bool = False,
    is_committed: Callable[[Path], bool] = committed,
) -> list[str]:
    """Add the figures of ``figures_path`` to ``resource`` (nothing when ``check``); returns the
    report's lines. Raises ``SystemExit`` naming every refused run (and writes nothing then)."""
    doc = json.loads(resource.read_text("utf-8"))
    runs = {r["id"]: r for r in doc["runs"]}
    entries = figure_entries(json.loads(figures_path.read_text("utf-8")), set(runs))
    if not entries:
        raise SystemExit(f"{figures_path.name}: no figure entry names a run of {resource.name}")
    registered = registered_ids(data, is_committed)
    errors: list[str] = []
    lines: list[str] = []
    merged: dict[str, dict[str, Any]] = {}
    for run_id, entry in entries.items():
        if run_id not in runs:
            errors.append(f"{run_id}: not a run of {resource.name}")
            continue
        if run_id not in registered:
            errors.append(f"{run_id}: no committed prediction in {data.name}/moe-*.json; "
                          "run benchmarks/preregister_moe.py and commit first")  # fmt: skip
            continue
        if "reported" in runs[run_id]:
            errors.append(f"{run_id}: has its figures already")
            continue
        reported, problems = normalise(entry)
        if problems:
            errors.append(f"{run_id}: " + "; ".join(problems))
            continue
        merged[run_id] = reported
        names = [k for k, v in reported.items() if k != "as_published" and v is not None]
        lines.append(f"{run_id}: {', '.join(names)}")
    missing = sorted(set(runs) - set(entries))
    if missing:
        lines.append(f"{len(missing)} runs without a figure entry: {', '.join(missing)}")
    if errors:
        raise SystemExit("refused, nothing written:\n  " + "\n  ".join(errors))
    if not check:
        for run_id, reported in merged.items():
            runs[run_id]["reported"] = reported
        resource.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", "utf-8")
        lines.append(f"{len(merged)} runs' figures written to {resource.name}")
    else:
        lines.append(f"{len(merged)} runs' figures readable; nothing written (--check)")
    return lines


def main(argv: list[str]) -> int:
    names = [a for i, a in enumerate(argv) if not a.startswith("--")
             and (i == 0 or argv[i - 1] not in ("--resource", "--data"))]  # fmt: skip
    if len(names) != 1:
        print(__doc__)
        return 2
    resource = Path(argv[argv.index("--resource") + 1]) if "--resource" in argv else RESOURCE
    data = Path(argv[argv.index("--data") + 1]) if "--data" in argv else DATA
    for line in merge(Path(names[0]), resource, data, check="--check" in argv):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
