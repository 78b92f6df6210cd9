"""Performance of the Memory tab's core: estimate latency and a llama2-7b trace.

Run: ``python benchmarks/memory.py`` from the repository root. Prints the median estimate time
(estimate + derived answers, as the tab does on every keystroke; target < 5 ms) and the wall
time and peak resident memory of tracing llama2-7b at batch 1, sequence 4096 (targets < 60 s,
< 2 GB). The trace runs in a child process so its peak RSS is its own.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from core.memory import MemoryConfig, derive, estimate, preset  # noqa: E402

CHILD = """
import resource, sys, time
sys.path.insert(0, {root!r})
from core.memory import MemoryConfig, preset
from core.memory.trace import trace
t = time.perf_counter()
r = trace(MemoryConfig(preset("llama2-7b"), batch=1, seq=4096))
dt = time.perf_counter() - t
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(f"{{dt}} {{rss}} {{r.peak}} {{r.peak_phase}}")
"""


def bench_estimate(repeats: int = 300) -> float:
    """Median seconds of estimate + derive for llama2-7b."""
    cfg = MemoryConfig(preset("llama2-7b"), batch=4, seq=4096)
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        derive(estimate(cfg), 80e9, peak_flops=989.5e12, mfu=0.5)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def bench_trace() -> tuple[float, float, float, str]:
    """Seconds, peak RSS bytes, traced peak bytes and its phase of the llama2-7b trace."""
    out = subprocess.run([sys.executable, "-c", CHILD.format(root=str(ROOT))],
                         capture_output=True, text=True, check=True)  # fmt: skip
    seconds, rss, peak, phase = out.stdout.split()
    return float(seconds), float(rss), float(peak), phase


def main() -> int:
    """Print both figures and whether they meet the targets."""
    median = bench_estimate()
    print(f"estimate + derived answers, median of 300: {median * 1e3:.3f} ms (target < 5 ms) "
          f"{'OK' if median < 5e-3 else 'SLOW'}")  # fmt: skip
    seconds, rss, peak, phase = bench_trace()
    print(f"trace llama2-7b, batch 1, seq 4096: {seconds:.1f} s (target < 60 s), peak RSS "
          f"{rss / 1e9:.2f} GB (target < 2 GB) {'OK' if seconds < 60 and rss < 2e9 else 'OVER'}; "
          f"traced peak {peak / 1e9:.2f} GB during {phase}")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
