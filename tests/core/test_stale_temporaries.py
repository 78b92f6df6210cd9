"""Temporary files a killed save left behind are removed on the next save or start: only ours
(``.NAME.PID.xxxxxxxx.tmp``), only stale ones (issue 19 item 14).

Reference: a save really killed mid-write (SIGKILL of a child process after it made its
temporary file), and the processes' real ids.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from core.safe_io import STALE_SECONDS, atomic_write, clean_stale_temporaries

ROOT = Path(__file__).resolve().parents[2]

_KILLED_SAVE = r"""
import os, sys, tempfile
sys.path.insert(0, sys.argv[2])
import core.safe_io as s
real_mkstemp = tempfile.mkstemp
def mkstemp(*a, **k):
    fd, name = real_mkstemp(*a, **k)
    os.write(fd, b"half")
    print(name, flush=True)
    os.kill(os.getpid(), 9)  # killed in the middle of the save
tempfile.mkstemp = mkstemp
s.atomic_write(sys.argv[1], "new contents")
"""


def _killed_saves(target: Path, count: int) -> list[str]:
    names = []
    for _ in range(count):
        done = subprocess.run([sys.executable, "-c", _KILLED_SAVE, str(target), str(ROOT)],
                              capture_output=True, text=True, timeout=60)  # fmt: skip
        assert done.returncode == -signal.SIGKILL
        names.append(Path(done.stdout.strip()).name)
    return names


def test_the_next_save_removes_what_killed_saves_left(tmp_path: Path) -> None:
    target = tmp_path / "devices.json"
    target.write_text("old")
    left = _killed_saves(target, 20)
    # each save first removes what the killed one before it left: 1 left after 20 kills, not 20
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([left[-1], "devices.json"])
    assert target.read_text() == "old"  # the kill lost nothing
    atomic_write(target, "new")
    assert [p.name for p in tmp_path.iterdir()] == ["devices.json"]
    assert target.read_text() == "new"


def test_only_ours_and_only_stale(tmp_path: Path) -> None:
    live = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        keep = [
            f".devices.json.{live.pid}.abcdefgh.tmp",  # a save still running elsewhere
            f".devices.json.{os.getpid()}.abcdefgh.tmp",  # ours, maybe another thread's
            ".devices.json.abcdefgh.tmp",  # no process id, and fresh
            "devices.json.abcdefgh.tmp",  # not hidden: not our pattern
            ".devices.json.abc.tmp",  # not mkstemp's 8 characters
            ".notes.txt.swp",
        ]
        gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                              capture_output=True, text=True, check=True).stdout.strip()  # fmt: skip
        stale = [f".devices.json.{gone}.zzzzzzzz.tmp", ".devices.json.00000000.tmp"]
        for name in keep + stale:
            (tmp_path / name).write_text("x")
        old = time.time() - STALE_SECONDS - 10
        os.utime(tmp_path / ".devices.json.00000000.tmp", (old, old))
        (tmp_path / ".session.json.12345678.tmp").mkdir()  # a folder is never removed
        assert sorted(clean_stale_temporaries(tmp_path)) == sorted(stale)
        assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
            [*keep, ".session.json.12345678.tmp"]
        )
    finally:
        live.kill()
        live.wait()


def test_a_save_cleans_only_its_own_files_temporaries(tmp_path: Path) -> None:
    other = ".last-session.json.00000000.tmp"
    (tmp_path / other).write_text("x")
    old = time.time() - STALE_SECONDS - 10
    os.utime(tmp_path / other, (old, old))
    atomic_write(tmp_path / "devices.json", "{}")
    assert (tmp_path / other).exists()
    assert clean_stale_temporaries(tmp_path, "last-session.json") == [other]


def test_the_app_start_cleans_the_user_folders(tmp_path: Path, monkeypatch) -> None:
    from app.gui import clean_user_folders
    from core.paths import config_dir, data_dir

    config_dir().mkdir(parents=True, exist_ok=True)
    data_dir().mkdir(parents=True, exist_ok=True)
    left = _killed_saves(config_dir() / "last-session.json", 1)
    assert clean_user_folders() == left
    assert list(config_dir().iterdir()) == []
