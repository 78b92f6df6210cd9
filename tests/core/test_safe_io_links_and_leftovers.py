"""Files the app alone names are never written through a symlink (the trace cache's slots), and a
killed save's temporary file is removed by the next save in its folder, whatever that one names."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from core.safe_io import atomic_write

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="symlinks and SIGKILL")


def test_a_symlinked_cache_slot_is_replaced_not_written_through(tmp_path, monkeypatch) -> None:
    from core.memory.estimate import MemoryConfig
    from core.memory.models import parse_model
    from core.memory.recipes import optimizer, recipe
    from core.step import cache
    from core.step.trace import trace_config

    monkeypatch.setenv("NAPKINLAB_CACHE_DIR", str(tmp_path / "cache"))
    cfg = MemoryConfig(parse_model("transformer:d=32,layers=1,heads=2,vocab=32"), batch=1, seq=8,
                       recipe=recipe("fp32"), optimizer=optimizer("sgd"))  # fmt: skip
    key = cache.cache_key(cfg)
    assert key is not None
    slot = cache._path(key)
    slot.parent.mkdir(parents=True)
    mine = tmp_path / "thesis.tex"
    mine.write_text("my only copy")
    slot.symlink_to(mine)
    assert cache.load_trace(key) is None  # never read through either
    written = cache.store_trace(key, trace_config(cfg))
    assert written == slot
    assert mine.read_text() == "my only copy"  # the user's file is untouched
    assert not slot.is_symlink() and slot.is_file()
    assert cache.load_trace(key) is not None


def test_no_follow_writes_replace_only_the_link(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere.txt"
    target.write_text("keep")
    link = tmp_path / "entry.json"
    link.symlink_to(target)
    atomic_write(link, "new", follow_symlinks=False)
    assert target.read_text() == "keep" and not link.is_symlink() and link.read_text() == "new"
    dangling = tmp_path / "dangling.json"
    dangling.symlink_to(tmp_path / "missing" / "x")
    atomic_write(dangling, "fresh", follow_symlinks=False)
    assert dangling.read_text() == "fresh" and not (tmp_path / "missing").exists()
    # a person's own file keeps the default: written through, the link kept
    atomic_write(link, "x")
    link2 = tmp_path / "mine.json"
    link2.symlink_to(target)
    atomic_write(link2, "through")
    assert link2.is_symlink() and target.read_text() == "through"


_KILLED_EXPORT = r"""
import os, sys, tempfile
sys.path.insert(0, sys.argv[2])
import core.safe_io as s
real_mkstemp = tempfile.mkstemp
def mkstemp(*a, **k):
    fd, name = real_mkstemp(*a, **k)
    os.write(fd, b"x" * 1_000_000)  # a picture's worth, half written
    print(name, flush=True)
    os.kill(os.getpid(), 9)
tempfile.mkstemp = mkstemp
s.atomic_write(sys.argv[1], b"picture")
"""


def test_the_next_export_to_the_folder_removes_a_killed_exports_leftover(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-c", _KILLED_EXPORT, str(tmp_path / "plot.png"),
                           str(ROOT)], capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == -signal.SIGKILL
    left = Path(done.stdout.strip())
    assert left.parent == tmp_path and left.name.startswith(".plot.png.")
    assert left.stat().st_size == 1_000_000
    # another picture, another name, the same folder
    atomic_write(tmp_path / "roofline.svg", b"<svg/>")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["roofline.svg"]


def test_a_live_writers_temporary_file_of_another_name_is_kept(tmp_path: Path) -> None:
    live = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        busy = tmp_path / f".plot.png.{live.pid}.abcdefgh.tmp"
        busy.write_bytes(b"being written")
        old_style = tmp_path / ".plot.png.abcdefgh.tmp"  # no process id: only its own save's
        old_style.write_bytes(b"x")
        atomic_write(tmp_path / "other.svg", b"<svg/>")
        assert busy.exists() and old_style.exists()
    finally:
        live.kill()
        live.wait()
    assert not os.path.exists(tmp_path / "plot.png")
