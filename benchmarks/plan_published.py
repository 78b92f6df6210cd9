"""The plan against published training runs: predicted and published throughput, and the MAPE.

Run: ``python benchmarks/plan_published.py [--markdown] [--only PREFIX]`` from the repository root.

For each run of ``resources/published_runs.json`` it prints the published figure converted to
tokens/s with the run's own FLOP convention (:func:`core.plan.published.published_tokens_per_s`),
the plan's prediction (the run's layout; a dimension the source does not state takes its framework's
documented default, and only those without one are searched, the fastest that fits, with the
slowest that fits printed beside it), the error, the layout planned and what limits it. Then the MAPE over all
runs and per source, hardware generation, framework and precision (target: MAPE ≤ 10 %; tests/core/plan/test_published_runs.py holds each run
within ±20 % or names the mechanism it lacks). No constant is fitted to these runs: every
efficiency comes from ``resources/calibration.json`` (microbenchmarks).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.cli.output import unfit_mark  # noqa: E402
from core.plan.published import load_runs, published  # noqa: E402
from core.plan.search import search  # noqa: E402
from core.plan.validation import BREAKDOWNS, ErrorSummary, breakdowns, check_runs  # noqa: E402


def main(argv: list[str]) -> int:
    markdown = "--markdown" in argv
    only = argv[argv.index("--only") + 1] if "--only" in argv else ""
    started = time.perf_counter()
    runs = [r for r in load_runs() if not only or r["id"].startswith(only)]
    if not runs:
        print("no run matches")
        return 1
    wanted = {r["id"] for r in runs}
    checks = check_runs(run_ids=wanted)
    ranges: list[tuple[str, float, float, int]] = []
    for run, c in zip(runs, checks, strict=True):
        if markdown:
            print(f"| `{c.run_id}` | {c.published:,.0f} | {c.predicted:,.0f} | {c.error:+.1%} | "
                  f"{c.mfu:.1%} | {c.layout} | {c.limits} |")  # fmt: skip
        else:
            print(f"{c.run_id:<44} published {c.published:>12,.0f}  predicted "
                  f"{c.predicted:>12,.0f}  {c.error:+7.1%}  MFU {c.mfu:6.1%}  "
                  f"{c.layout}  [{c.limits}]{unfit_mark(c.fits, c.memory_verdict)}")  # fmt: skip
        p = published(run)
        if not p.complete:
            # The dimensions the source leaves open and its framework has no default for are
            # searched, the fastest that fits: the slowest that fits shows what that choice is worth.
            fitting = search(p.inp, p.constraints, top=10**6)
            if len(fitting) > 1:
                low = fitting[-1].tokens_per_s / p.tokens_per_s - 1
                ranges.append((p.id, low, c.error, len(fitting)))
    total = ErrorSummary.of(checks)
    print(f"\nMAPE over {total.runs} runs: {total.mape:.1%} (target ≤ 10 %); median "
          f"{total.median:.1%}; within ±20 %: {total.within_20}; max {abs(total.worst):.1%}; "
          f"signed mean {total.signed:+.1%}")  # fmt: skip
    groups = breakdowns(checks)
    for key, heading, _group in BREAKDOWNS:
        if key != "by_source":
            print(f" {heading}:")
        for name, s in groups[key].items():
            print(
                f"  {name[:70]:<70} {s.runs:>3} runs  MAPE {s.mape:6.1%}  signed {s.signed:+6.1%}"
            )
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
