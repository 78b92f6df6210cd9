"""The real start path: ``run_gui`` opens the window, warms up in the background and closes cleanly."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import os
from PySide6.QtCore import QTimer
import app.gui as gui

make = gui.make_application

def make_and_schedule_quit(argv=None, offscreen=False):
    app = make(argv, offscreen)

    def quit_when_warm():
        windows = [w for w in app.topLevelWidgets() if hasattr(w, "warmups")]
        if windows and windows[0].warmups is not None and not windows[0].warmups.is_running():
            print("warm; tabs built:", [k for k, s in windows[0].slots.items() if s.built], flush=True)
            windows[0].close()
            app.quit()
        else:
            QTimer.singleShot(200, quit_when_warm)

    QTimer.singleShot(500, quit_when_warm)
    return app

gui.make_application = make_and_schedule_quit
raise SystemExit(gui.run_gui([]))
"""


@pytest.mark.slow
def test_app_starts_warms_up_and_quits(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "XDG_CONFIG_HOME": str(tmp_path / "xdg"),
        "NAPKINLAB_CONFIG_DIR": str(tmp_path / "config"),
        "NAPKINLAB_DATA_DIR": str(tmp_path / "data"),
    }
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert "warm; tabs built: ['dtypes']" in out.stdout
    noise = [line for line in out.stderr.splitlines() if line.strip()]
    assert not noise, noise[:5]  # no Qt warnings, no tracebacks
    # Preferences were saved on close, in the isolated config folder (<config>/napkinlab.conf).
    assert (tmp_path / "config" / "napkinlab.conf").is_file()
