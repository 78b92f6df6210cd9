"""The plan against published training runs: predicted and published throughput, and the MAPE.

Run: ``python benchmarks/plan_published.py [--markdown] [--only PREFIX]`` from the repository root.

For each run of ``resources/published_runs.json`` it prints the published figure converted to
tokens/s with the run's own FLOP convention (:func:`core.plan.published.published_tokens_per_s`),
the plan's prediction (the run's layout; a dimension the source does not state takes its framework's
documented default, and only those without one are searched, the fastest that fits, with the
slowest that fits printed beside it), the error, the layout planned and what limits it. Then the MAPE over all
runs and per source (target: MAPE ≤ 10 %; tests/core/plan/test_published_runs.py holds each run
within ±20 % or names the mechanism it lacks). No constant is fitted to these runs: every
efficiency comes from ``resources/calibration.json`` (microbenchmarks).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from core.plan.published import load_runs, predict_run, published  # noqa: E402
from core.plan.search import search  # noqa: E402


def main(argv: list[str]) -> int:
    markdown = "--markdown" in argv
    only = argv[argv.index("--only") + 1] if "--only" in argv else ""
    started = time.perf_counter()
    rows = []
    ranges: list[tuple[str, float, float, int]] = []
    for run in load_runs():
        if only and not run["id"].startswith(only):
            continue
        p = published(run)
        res = predict_run(p)
        err = res.tokens_per_s / p.tokens_per_s - 1
        rows.append((p, res, err))
        if not p.complete:
            # The dimensions the source leaves open and its framework has no default for are
            # searched, the fastest that fits: the slowest that fits shows what that choice is worth.
            fitting = search(p.inp, p.constraints, top=10**6)
            if len(fitting) > 1:
                low = fitting[-1].tokens_per_s / p.tokens_per_s - 1
                ranges.append((p.id, low, err, len(fitting)))
        if markdown:
            print(f"| `{p.id}` | {p.tokens_per_s:,.0f} | {res.tokens_per_s:,.0f} | {err:+.1%} | "
                  f"{res.mfu:.1%} | {res.layout.label()} | {res.limits} |")  # fmt: skip
        else:
            print(f"{p.id:<44} published {p.tokens_per_s:>12,.0f}  predicted "
                  f"{res.tokens_per_s:>12,.0f}  {err:+7.1%}  MFU {res.mfu:6.1%}  "
                  f"{res.layout.label()}  [{res.limits}]{'' if res.fits else '  (does not fit)'}")  # fmt: skip
    if not rows:
        print("no run matches")
        return 1
    errors = [abs(e) for _, _, e in rows]
    print(f"\nMAPE over {len(rows)} runs: {statistics.mean(errors):.1%} (target ≤ 10 %); median "
          f"{statistics.median(errors):.1%}; within ±20 %: {sum(e <= 0.2 for e in errors)}; "
          f"max {max(errors):.1%}; signed mean {statistics.mean(e for _, _, e in rows):+.1%}")  # fmt: skip
    by_source: dict[str, list[float]] = {}
    for p, _, e in rows:
        by_source.setdefault(p.source, []).append(e)
    for source, errs in by_source.items():
        print(f"  {source[:70]:<70} {len(errs):>3} runs  MAPE {statistics.mean(abs(x) for x in errs):6.1%}"
              f"  signed {statistics.mean(errs):+6.1%}")  # fmt: skip
    if ranges:
        print(
            "\nruns with searched dimensions (no stated value, no framework default): the error "
            "over the layouts that fit, slowest .. fastest (the prediction)"
        )
        for run_id, low, high, n in ranges:
            print(f"  {run_id:<44} {low:+7.1%} .. {high:+7.1%}  ({n} layouts fit)")
    print(f"({time.perf_counter() - started:.1f} s, traces included)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
