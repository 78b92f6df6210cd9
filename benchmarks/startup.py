"""Startup time: ``napkinlab screenshot --tab napkin`` against a bare PySide6 window, side by side.

Runs both, alternating, ``--runs`` times (median of >= 5), each as a fresh process timed from
spawn until its PNG exists. Prints the medians, the main window's own paint time and the ratio
last, each as wall time and as the child's own CPU time (user + system: what a loaded, shared
machine does not inflate). Target: ratio <= 1.6 and the window painted within 0.4 s on a 2-core
machine.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

BARE = """
import sys
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow, QTabWidget
app = QApplication(sys.argv)
window = QMainWindow()
tabs = QTabWidget()
for name in ("Dtypes", "Einops", "Roofline", "Memory", "Napkin"):
    tabs.addTab(QLabel(name), name)
window.setCentralWidget(tabs)
window.resize(1280, 820)
window.show()
app.processEvents()
window.grab().save(sys.argv[1])
"""

PAINT = """
import time; t0, c0 = time.perf_counter(), time.process_time()
import os; os.environ['QT_QPA_PLATFORM'] = 'offscreen'
from app.gui import make_application
app = make_application()
from app.main_window import MainWindow
from app.settings import Preferences
w = MainWindow(preferences=Preferences(ephemeral=True)); w.show_tab('napkin'); w.show()
app.processEvents(); w.grab()
print(time.perf_counter() - t0, time.process_time() - c0)
"""


def _timed(argv: list[str], out: Path) -> tuple[float, float]:
    """Wall and CPU seconds (user + system, of the child alone) from spawn until it exits."""
    out.unlink(missing_ok=True)
    start = time.perf_counter()
    child = subprocess.Popen(
        argv,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    _, status, usage = os.wait4(child.pid, 0)
    elapsed = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0 or not out.exists():
        raise SystemExit(f"{argv[:3]} failed (exit {child.returncode}) or wrote no PNG")
    return elapsed, usage.ru_utime + usage.ru_stime


def _precompile() -> None:
    """Write .pyc files once, as a pip install does (this environment sets PYTHONDONTWRITEBYTECODE,
    which would otherwise charge the app a source compile on every start)."""
    import compileall

    for package in ("app", "core", "widgets", "resources"):
        compileall.compile_dir(ROOT / package, quiet=1)


def main() -> None:
    """Measure and print; the ratio is the last line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    runs = max(5, parser.parse_args().runs)
    _precompile()
    with tempfile.TemporaryDirectory() as tmp:
        app_png, bare_png = Path(tmp) / "app.png", Path(tmp) / "bare.png"
        app_cmd = [
            sys.executable,
            "-m",
            "app",
            "screenshot",
            "--tab",
            "napkin",
            "--out",
            str(app_png),
        ]
        bare_cmd = [sys.executable, "-c", BARE, str(bare_png)]
        _timed(app_cmd, app_png), _timed(bare_cmd, bare_png)  # warm the OS file cache
        app_runs, bare_runs, paint_runs = [], [], []
        for _ in range(runs):  # interleaved, so both sides see the same load
            app_runs.append(_timed(app_cmd, app_png))
            bare_runs.append(_timed(bare_cmd, bare_png))
            out = subprocess.run(
                [sys.executable, "-c", PAINT], cwd=ROOT, capture_output=True, text=True, check=True
            )
            wall, cpu = out.stdout.strip().splitlines()[-1].split()
            paint_runs.append((float(wall), float(cpu)))
    load = os.getloadavg()[0]
    print(f"runs: {runs}; load average {load:.2f} on {os.cpu_count()} cores")
    print(f"{'':36} {'wall median (min-max)':>24} {'CPU median':>11}")
    medians = {}
    for label, rows in (
        ("napkinlab screenshot --tab napkin", app_runs),
        ("bare PySide6 5-tab window", bare_runs),
        ("main window painted (in-process)", paint_runs),
    ):
        walls, cpus = [r[0] for r in rows], [r[1] for r in rows]
        medians[label] = (statistics.median(walls), statistics.median(cpus))
        print(
            f"{label:36} {medians[label][0] * 1e3:>7.0f} ms ({min(walls) * 1e3:.0f}-"
            f"{max(walls) * 1e3:.0f}) {medians[label][1] * 1e3:>8.0f} ms"
        )
    app_w, app_c = medians["napkinlab screenshot --tab napkin"]
    bare_w, bare_c = medians["bare PySide6 5-tab window"]
    print(
        f"paint target: < 400 ms (wall; CPU {medians['main window painted (in-process)'][1] * 1e3:.0f} ms)"
    )
    print(f"ratio (CPU): {app_c / bare_c:.2f}")
    print(f"ratio: {app_w / bare_w:.2f} (target <= 1.6)")


if __name__ == "__main__":
    main()
