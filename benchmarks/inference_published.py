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


def _git(*args: str) -> str:
    out = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True)
    return out.stdout


def committed_predictions() -> dict[str, tuple[str, dict[str, Any], dict[str, Any]]]:
    """id → (source code, file header, row) of every prediction as committed at HEAD; the
    header's ``set`` is the pre-registration set its file belongs to (``second-*.json``: second,
    ``third-*.json``: third, the others first)."""
    found: dict[str, tuple[str, dict[str, Any], dict[str, Any]]] = {}
    for name in _git("ls-tree", "--name-only", f"HEAD:{PRE}").split():
        doc = json.loads(_git("show", f"HEAD:{PRE}/{name}"))
        doc["set"] = next((s for s in ("second", "third") if name.startswith(s + "-")), "first")
        for row in doc["rows"]:
            if row.get("prediction"):
                found[row["id"]] = (doc["source"], doc, row)
    return found


def summary(errors: list[float]) -> str:
    """MAPE and signed mean of relative errors, as percentages."""
    from core.inference.published import summary as stats

    s = stats(errors)
    if not s["n"]:
        return "—"
    return f"n={s['n']:3d}  MAPE {100 * s['mape']:6.1f} %  signed {100 * s['signed']:+6.1f} %"


def main(argv: list[str] | None = None) -> int:
    """Print predicted against published per row (``--rows``) and the errors per source."""
    from app.cli.inference_cmd import run_inputs
    from core.inference.published import KINDS, compare, load_measurements

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", action="store_true", help="print every row")
    ap.add_argument("--json", action="store_true",
                    help="per source and pre-registration set (first: 20f6512; second: ff9ef06; "
                    "third: 76b7002) "
                    "and metric kind: n, MAPE and signed mean, pre-registered and current")  # fmt: skip
    opts = ap.parse_args(argv)
    pre = committed_predictions()
    for fig in load_measurements():
        if fig["id"] not in pre and fig.get("value") is not None:
            print(f"{fig['id']}: no pre-registered prediction")
    values = {i: row["prediction"]["value"] for i, (_, _, row) in pre.items()}
    result = compare(run_inputs, values, [m for m in load_measurements() if m["id"] in pre])
    if opts.json:
        from core.inference.published import kind
        from core.inference.published import summary as stats

        groups: dict[tuple[str, str, str], list[Any]] = {}
        for r in result.rows:
            which = pre[r.id][1]["set"]
            for key in ((r.source, which, kind(r.metric)), ("all", which, kind(r.metric)),
                        ("all", "both", kind(r.metric))):  # fmt: skip
                groups.setdefault(key, []).append(r)
        out = []
        for (source, which, k), rows in groups.items():
            now = stats(r.error for r in rows)
            before = stats(r.preregistered_error or 0.0 for r in rows)
            out.append({"source": source, "set": which, "kind": k, "n": now["n"],
                        "mape": now["mape"], "signed": now["signed"],
                        "mape_pre": before["mape"], "signed_pre": before["signed"]})  # fmt: skip
        order = {"throughput": 0, "latency": 1, "first": 0, "second": 1, "third": 2, "both": 3}
        out.sort(key=lambda e: (order[e["kind"]], order[e["set"]], e["source"] == "all"))
        print(json.dumps(out))
        return 0
    if opts.rows:
        print(f"{'id':<66} {'published':>10} {'pre-reg':>10} {'err':>7} {'current':>10} {'err':>7}")
        for r in result.rows:
            extra = ""
            if r.metric == "output_tokens_per_s_ambiguous":
                total = pre[r.id][2]["prediction"]["output_tokens_per_s_total"]
                extra = f"  (total {total:.4g}: {100 * (total - r.published) / r.published:+.0f} %)"
            print(f"{r.id:<66} {r.published:>10.4g} {r.preregistered:>10.4g} "
                  f"{100 * (r.preregistered_error or 0):>+6.0f}% {r.predicted:>10.4g} "
                  f"{100 * r.error:>+6.0f}%{extra}")  # fmt: skip
    print()
    groups = result.groups()
    for label, key in (("pre-registered", "pre"), ("current", "now")):
        print(f"{label}:")
        for metric_kind in KINDS:
            for source, kinds in groups.items():
                if metric_kind in kinds:
                    rows = kinds[metric_kind]
                    errors = [
                        (r.preregistered_error or 0.0) if key == "pre" else r.error for r in rows
                    ]
                    print(f"  {source:<14} {metric_kind:<10} {summary(errors)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
