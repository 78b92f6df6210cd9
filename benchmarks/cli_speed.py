"""CLI speed: ``screenshot`` of every tab and cold ``einops`` calls, side by side (issue 11, item 13).

Each command runs ``--runs`` times as a fresh process (median of each). Two figures per row:

* wall: seconds from spawn to exit, what a person waits;
* cpu: user + system seconds of the process, what it would take on an idle machine (on a shared
  machine the wall time also counts waiting for a core).

Targets: a screenshot of any tab under 3 s, an einops call under 2 s (cold: a fresh process, so
torch is imported every time).

    python benchmarks/cli_speed.py --runs 3
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

TABS = ("dtypes", "einops", "roofline", "memory", "napkin")
EINOPS = {
    "einops rearrange": ["rearrange", "b s (h d) -> b h s d", "--shape", "2,3,8", "--axis", "h=2"],
    "einops einsum": ["einsum", "b i d, b j d -> b i j", "--shape", "2,3,4", "--shape", "2,5,4"],
    "einops invalid": ["rearrange", "a b -> b c", "--shape", "2,3"],
}
TARGETS = {"screenshot": 3.0, "einops": 2.0}


def _run(argv: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of one fresh ``python -m app ARGV``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "app", *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        timeout=300,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed ({done.returncode}): {done.stderr[-500:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    """Time every row and print a table: median wall and CPU seconds against the target."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per command (median)")
    args = parser.parse_args()
    rows: list[tuple[str, list[str], float]] = []
    with tempfile.TemporaryDirectory() as folder:
        for tab in TABS:
            out = str(Path(folder) / f"{tab}.png")
            rows.append(
                (f"screenshot --tab {tab}", ["screenshot", "--tab", tab, "--out", out], 3.0)
            )
        for name, argv in EINOPS.items():
            rows.append((name, ["einops", *argv], 2.0))
        _run(["devices"])  # page the interpreter and packages into the file cache once
        print(f"{'command':<28} {'wall s':>8} {'cpu s':>8} {'target':>8}  (median of {args.runs})")
        for name, argv, target in rows:
            times = [_run(argv) for _ in range(args.runs)]
            wall = statistics.median(t[0] for t in times)
            cpu = statistics.median(t[1] for t in times)
            mark = "ok" if wall < target else ("ok on cpu" if cpu < target else "SLOW")
            print(f"{name:<28} {wall:>8.2f} {cpu:>8.2f} {'< ' + str(target):>8}  {mark}")
    print(f"\n{os.cpu_count()} cores; load average {os.getloadavg()[0]:.1f} (wall includes waits)")


if __name__ == "__main__":
    main()
