"""Benchmark: File > Open measurements with 1,000 / 2,000 / 10,000 points, loaded and drawn.

Each size gets a fresh window (Roofline tab shown, offscreen); the clock runs from the call that
loads the file until the chart and the table have painted. Run with
``python benchmarks/load_measurements.py [--sizes 1000 2000 10000]``; prints wall and CPU seconds
side by side (CPU time is what the app costs; other people's jobs on a shared machine only inflate
the wall time). Exit 1 if any size takes more than the 2 s budget of CPU time.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

BUDGET_S = 2.0


def _write_points(path: Path, count: int) -> None:
    lines = []
    for i in range(count):
        n = 64 + i
        lines.append(
            json.dumps(
                {
                    "op": "matmul",
                    "dtype": "fp32",
                    "shape": [n, n, n],
                    "flops": 2.0 * n**3,
                    "bytes": 12.0 * n * n,
                    "seconds": 1e-6 * n,
                    "spread": 0.02,
                    "device": "cpu",
                }
            )
        )
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _measure(app, path: Path) -> tuple[float, float, int]:
    from app.main_window import MainWindow
    from app.settings import Preferences

    window = MainWindow(preferences=Preferences(ephemeral=True))
    window.resize(1280, 820)
    window.show()
    page = window.show_tab("roofline")
    app.processEvents()
    start = (time.perf_counter(), time.process_time())
    loaded = window.bench.load(path)
    page.plot.widget.viewport().repaint()
    page.table.viewport().repaint()
    app.processEvents()
    wall, cpu = time.perf_counter() - start[0], time.process_time() - start[1]
    assert len(page.table.row_keys()) >= loaded
    window.autosave = False
    window.close()
    import shiboken6

    shiboken6.delete(window)
    return wall, cpu, loaded


def main(argv: list[str] | None = None) -> int:
    """Time each size and print the table; exit 1 if one exceeds the budget."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 2000, 10000])
    args = parser.parse_args(argv)
    from app.gui import make_application

    app = make_application(offscreen=True)
    results = []
    with tempfile.TemporaryDirectory() as folder:
        os.environ["NAPKINLAB_CONFIG_DIR"] = str(Path(folder) / "config")
        os.environ["NAPKINLAB_DATA_DIR"] = str(Path(folder) / "data")
        for size in args.sizes:
            path = Path(folder) / f"m{size}.jsonl"
            _write_points(path, size)
            results.append((size, *_measure(app, path)))
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    print("points   loaded   wall s   CPU s")
    for size, wall, cpu, loaded in results:
        print(f"{size:6d}   {loaded:6d}   {wall:6.2f}   {cpu:5.2f}")
    worst = max(cpu for _, _, cpu, _ in results)
    print(f"slowest: {worst:.2f} s CPU, {'within' if worst < BUDGET_S else 'OVER'} the 2 s budget")
    return 0 if worst < BUDGET_S else 1


if __name__ == "__main__":
    sys.exit(main())
