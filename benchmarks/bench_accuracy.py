"""Accuracy: the runner's fp32 matmul GFLOP/s against ``torch.utils.benchmark``, side by side.

For n = 512, 1024, 2048 (same inputs, same thread count, same ``torch.mm(a, b, out=c)``), times
the call with :func:`core.bench.suites.run_case` and with
``torch.utils.benchmark.Timer(...).blocked_autorange()``, alternating the two ``--rounds`` times so
that a neighbour's load hits both alike, and prints both medians and their ratio (the median of the
per-round ratios, so that load drifting between rounds cancels). Target: every ratio within 0.9-1.1
(exit 1 otherwise).

    PYTHONPATH=. python benchmarks/bench_accuracy.py [--threads 1] [--rounds 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import torch
import torch.utils.benchmark as tb

from core.bench.suites import Case, run_case


def reference_seconds(n: int, threads: int, min_run_time: float) -> float:
    """Median seconds per ``torch.mm`` from ``blocked_autorange`` (random fp32 inputs)."""
    a, b = torch.randn(n, n), torch.randn(n, n)
    c = torch.empty(n, n)
    timer = tb.Timer(
        "torch.mm(a, b, out=c)",
        globals={"torch": torch, "a": a, "b": b, "c": c},
        num_threads=threads,
    )
    return float(timer.blocked_autorange(min_run_time=min_run_time).median)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--sizes", default="512,1024,2048")
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    ok = True
    print(f"fp32 matmul, {args.threads} thread(s), median of {args.rounds} alternating rounds")
    print("ratio = median over rounds of (runner GFLOP/s / Timer GFLOP/s)")
    print(f"{'n':>6} {'runner GFLOP/s':>15} {'torch Timer GFLOP/s':>20} {'ratio':>7}")
    for n in (int(s) for s in args.sizes.split(",")):
        budget = 0.3 if n < 2048 else 0.8
        ours: list[float] = []
        theirs: list[float] = []
        for _ in range(args.rounds):
            case = Case("matmul", "fp32", {"m": n, "k": n, "n": n}, budget_s=budget)
            ours.append(run_case(case, "cpu", threads=args.threads)["seconds"])
            theirs.append(reference_seconds(n, args.threads, budget))
        flops = 2 * n**3
        g_ours = flops / statistics.median(ours) / 1e9
        g_theirs = flops / statistics.median(theirs) / 1e9
        ratio = statistics.median(t / o for o, t in zip(ours, theirs, strict=True))
        ok &= 0.9 <= ratio <= 1.1
        print(f"{n:>6} {g_ours:>15.1f} {g_theirs:>20.1f} {ratio:>7.3f}")
    print("PASS: all ratios within 0.9-1.1" if ok else "FAIL: a ratio is outside 0.9-1.1")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
