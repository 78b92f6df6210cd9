"""Responsiveness: the GUI event loop keeps ticking while the quick suite runs in its QThread.

Opens the main window (offscreen unless ``--show``), starts Benchmark > Run quick suite through the
real controller (points go to the roofline and the measurements file), and records the gap between
ticks of a 10 ms QTimer until the run ends. Prints the median, 99th percentile and longest gap.
Target: p99 gap < 50 ms (exit 1 otherwise).

    PYTHONPATH=. python benchmarks/ui_during_bench.py [--suite quick] [--threads N] [--show]
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suite", default="quick", choices=("quick", "full"))
    parser.add_argument("--threads", type=int, default=None, help="default: every core")
    parser.add_argument("--show", action="store_true", help="use the real display")
    args = parser.parse_args()
    if not args.show:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    os.environ.setdefault("NAPKINLAB_DATA_DIR", tempfile.mkdtemp(prefix="napkinlab-ui-bench-"))

    from PySide6.QtCore import QTimer

    from app.gui import make_application
    from app.main_window import MainWindow
    from app.settings import Preferences

    app = make_application()
    window = MainWindow(preferences=Preferences(ephemeral=True))
    window.show()
    window.show_tab("roofline")
    app.processEvents()

    ticks: list[float] = []
    timer = QTimer()
    timer.setInterval(10)
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    points: list[dict] = []
    window.state.measuredPoint.connect(points.append)
    window.bench.runFinished.connect(lambda _c: app.quit())
    start = time.perf_counter()
    timer.start()
    window.bench.start(args.suite, "cpu", threads=args.threads)
    app.exec()
    timer.stop()
    wall = time.perf_counter() - start
    worst = max(itertools.pairwise(ticks), key=lambda ab: ab[1] - ab[0])
    gaps = sorted((b - a) * 1e3 for a, b in itertools.pairwise(ticks))
    p99 = gaps[min(len(gaps) - 1, round(0.99 * (len(gaps) - 1)))]
    print(
        f"{args.suite} suite: {len(points)} points in {wall:.1f} s; {len(ticks)} ticks of a 10 ms timer"
    )
    print(
        f"gap between ticks: median {statistics.median(gaps):.1f} ms, p99 {p99:.1f} ms, "
        f"max {gaps[-1]:.1f} ms (at {worst[0] - start:.1f} s)"
    )
    ok = p99 < 50
    print("PASS: p99 gap < 50 ms" if ok else "FAIL: p99 gap >= 50 ms")
    window.close()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
