"""Closing the real app at any moment exits 0: before the event loop runs, as the warm-up thread
starts importing torch, while it imports, and after first paint (issue 11; it aborted within ~2 s).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

#: Starts ``run_gui`` and closes the window at MOMENT, with Qt timers and signals only.
SCRIPT = """
import sys
from PySide6.QtCore import QTimer
import app.gui as gui
import app.main_window as mw

moment = sys.argv[1]
start_warmups = mw.MainWindow.start_warmups

def close_soon(window, ms):
    QTimer.singleShot(ms, window.close)

def patched_start(self):
    start_warmups(self)
    if moment == "warm-up starts":
        self.close()  # the worker has just been told to import torch
    elif moment == "warm-up running":
        close_soon(self, 50)

mw.MainWindow.start_warmups = patched_start
show = mw.MainWindow.show

def patched_show(self):
    show(self)
    if moment == "before the loop":
        self.close()
    elif moment == "first paint":
        close_soon(self, 0)
    elif moment == "just before warm-up":
        close_soon(self, 390)

mw.MainWindow.show = patched_show
raise SystemExit(gui.run_gui([]))
"""

MOMENTS = ["before the loop", "first paint", "just before warm-up", "warm-up starts",
           "warm-up running"]  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize("moment", MOMENTS)
def test_closing_early_exits_0(tmp_path: Path, moment: str) -> None:
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "XDG_CONFIG_HOME": str(tmp_path / "xdg"),
        "NAPKINLAB_CONFIG_DIR": str(tmp_path / "config"),
        "NAPKINLAB_DATA_DIR": str(tmp_path / "data"),
    }
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT, moment],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
    )
    noise = [line for line in out.stderr.splitlines() if line.strip()]
    assert out.returncode == 0 and not noise, (out.returncode, noise[:5])
    # Preferences and the last session were saved on close, whatever the moment.
    assert list((tmp_path / "xdg").rglob("*.conf")) or list((tmp_path / "config").iterdir())
