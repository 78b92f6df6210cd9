"""Compares the inference model with published serving measurements: pre-registered and current.

Run: ``python benchmarks/inference_published.py [--rows]`` from the repository root.

The pre-registered predictions are read as committed (``git show``) from
``benchmarks/data/preregistered_inference/<source>.json``; the current ones re-run each row's
stored ``napkinlab inference`` arguments on the model as it is now. The published figures come
from ``resources/published_inference.json``, added after the predictions were committed. Per
source and metric (throughput, first-token latency) it prints the MAPE and the signed mean error
(prediction − published) / published, and over all rows of each metric kind. The A100 table of
the v0.6.1 page does not say whether its figure is per GPU: it is compared with the per-GPU
prediction (as pre-registered), and the total is printed beside it.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

PRE = "benchmarks/data/preregistered_inference"
PUBLISHED = ROOT / "resources" / "published_inference.json"


def _git(*args: str) -> str:
    out = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True)
    return out.stdout


def committed_predictions() -> dict[str, tuple[str, dict[str, Any], dict[str, Any]]]:
    """id → (source code, file header, row) of every prediction as committed at HEAD."""
    found: dict[str, tuple[str, dict[str, Any], dict[str, Any]]] = {}
    for name in _git("ls-tree", "--name-only", f"HEAD:{PRE}").split():
        doc = json.loads(_git("show", f"HEAD:{PRE}/{name}"))
        for row in doc["rows"]:
            found[row["id"]] = (doc["source"], doc, row)
    return found


def current_prediction(row: dict[str, Any], source: str) -> dict[str, Any]:
    """The prediction of a pre-registered row by the model as it is now."""
    from preregister_inference import SOURCES, predict

    meaning = next(s for s in SOURCES.values() if s["code"] == source)
    args = row["command"].split()[2:]
    return predict(row, args, meaning)


def kind(metric: str) -> str:
    """``latency`` for a first-token time, ``throughput`` otherwise."""
    return "latency" if metric == "ttft_s" else "throughput"


def summary(errors: list[float]) -> str:
    """MAPE and signed mean of relative errors, as percentages."""
    if not errors:
        return "—"
    mape = 100 * sum(abs(e) for e in errors) / len(errors)
    signed = 100 * sum(errors) / len(errors)
    return f"n={len(errors):3d}  MAPE {mape:6.1f} %  signed {signed:+6.1f} %"


def main(argv: list[str] | None = None) -> int:
    """Print predicted against published per row (``--rows``) and the errors per source."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", action="store_true", help="print every row")
    opts = ap.parse_args(argv)
    published = json.loads(PUBLISHED.read_text())["measurements"]
    pre = committed_predictions()
    groups: dict[tuple[str, str], dict[str, list[float]]] = {}
    if opts.rows:
        print(f"{'id':<66} {'published':>10} {'pre-reg':>10} {'err':>7} {'current':>10} {'err':>7}")
    for fig in published:
        if fig["id"] not in pre:
            print(f"{fig['id']}: no pre-registered prediction")
            continue
        source, _, row = pre[fig["id"]]
        then = row["prediction"]["value"]
        now = current_prediction(row, source)["value"]
        value = fig["value"]
        e_then, e_now = (then - value) / value, (now - value) / value
        g = groups.setdefault((source, kind(fig["metric"])), {"pre": [], "now": []})
        g["pre"].append(e_then)
        g["now"].append(e_now)
        if opts.rows:
            extra = ""
            if fig["metric"] == "output_tokens_per_s_ambiguous":
                total = row["prediction"]["output_tokens_per_s_total"]
                extra = f"  (total {total:.4g}: {100 * (total - value) / value:+.0f} %)"
            print(f"{fig['id']:<66} {value:>10.4g} {then:>10.4g} {100 * e_then:>+6.0f}% "
                  f"{now:>10.4g} {100 * e_now:>+6.0f}%{extra}")  # fmt: skip
    print()
    for label, key in (("pre-registered", "pre"), ("current", "now")):
        print(f"{label}:")
        for metric_kind in ("throughput", "latency"):
            every: list[float] = []
            for (source, k), g in sorted(groups.items()):
                if k == metric_kind:
                    print(f"  {source:<14} {k:<10} {summary(g[key])}")
                    every += g[key]
            if every:
                print(f"  {'all':<14} {metric_kind:<10} {summary(every)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
