"""Startup time: ``napkinlab screenshot --tab napkin`` against a bare PySide6 window, side by side.

Runs both, alternating, ``--runs`` times (median of >= 5), each as a fresh process timed from
spawn until its PNG exists. Prints the medians, the main window's own paint time and the ratio
last. Target: ratio <= 1.5 and the window painted within 1 s on a 2-core machine.
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
import time; t0 = time.perf_counter()
import os; os.environ['QT_QPA_PLATFORM'] = 'offscreen'
from app.gui import make_application
app = make_application()
from app.main_window import MainWindow
from app.settings import Preferences
w = MainWindow(preferences=Preferences(ephemeral=True)); w.show_tab('napkin'); w.show()
app.processEvents(); w.grab()
print(time.perf_counter() - t0)
"""


def _timed(argv: list[str], out: Path) -> float:
    out.unlink(missing_ok=True)
    start = time.perf_counter()
    subprocess.run(
        argv,
        cwd=ROOT,
        check=True,
        capture_output=True,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    elapsed = time.perf_counter() - start
    if not out.exists():
        raise SystemExit(f"{argv[:3]} wrote no PNG")
    return elapsed


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
        app_times, bare_times, paint_times = [], [], []
        for _ in range(runs):
            app_times.append(_timed(app_cmd, app_png))
            bare_times.append(_timed(bare_cmd, bare_png))
            out = subprocess.run(
                [sys.executable, "-c", PAINT], cwd=ROOT, capture_output=True, text=True, check=True
            )
            paint_times.append(float(out.stdout.strip().splitlines()[-1]))
    app_median, bare_median = statistics.median(app_times), statistics.median(bare_times)
    print(f"runs: {runs}")
    print(
        f"napkinlab screenshot --tab napkin: median {app_median * 1e3:.0f} ms "
        f"(min {min(app_times) * 1e3:.0f}, max {max(app_times) * 1e3:.0f})"
    )
    print(
        f"bare PySide6 5-tab window:         median {bare_median * 1e3:.0f} ms "
        f"(min {min(bare_times) * 1e3:.0f}, max {max(bare_times) * 1e3:.0f})"
    )
    print(
        f"main window painted (in-process, from first import): median {statistics.median(paint_times) * 1e3:.0f} ms "
        f"(target < 1000 ms)"
    )
    print(f"ratio: {app_median / bare_median:.2f} (target <= 1.5)")


if __name__ == "__main__":
    main()
