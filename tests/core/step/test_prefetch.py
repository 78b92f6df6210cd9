"""The Step trace made in a child process (core.step.prefetch): the child's cache entry is the
trace this process would make, op for op; its progress is passed on; a child that fails, hangs or
is not needed changes nothing."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("torch")

from core.step import prefetch
from core.step.cache import cache_key, load_trace
from core.step.options import inputs_from_options
from core.step.trace import trace_config

ROOT = Path(__file__).resolve().parents[3]


def _ops(trace) -> list[tuple]:
    """Every field of every op, autograd's sequence numbers as ranks (they come from a counter of
    the whole process, tests/core/step/test_step_cache.py compares traces the same way)."""
    rank = {n: i for i, n in enumerate(sorted({op.seq_nr for op in trace.ops}))}
    return [
        dataclasses.astuple(dataclasses.replace(op, seq_nr=rank[op.seq_nr])) for op in trace.ops
    ]


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("NAPKINLAB_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache" / "step-traces"


def _child(program: str) -> prefetch.DefaultTracePrefetch:
    process = subprocess.Popen(
        [sys.executable, "-c", program], stdout=subprocess.PIPE, text=True, encoding="utf-8"
    )
    return prefetch.DefaultTracePrefetch(process)


#: Run in a new interpreter, as the command runs it: one thread, torch not imported, so the child
#: is a fork. Prints what the test checks.
FRESH_PROCESS = """
import json
from core.step import prefetch
needed = prefetch._needed()
heard = []
with prefetch.start_default_trace() as child:
    forked = isinstance(child.process, prefetch._ForkedChild)
    ok = child.wait(progress=lambda f, t: heard.append((f, t)))
print(json.dumps({"needed": needed, "forked": forked, "ok": ok, "heard": heard,
                  "needed_after": prefetch._needed()}))
"""


def test_the_forked_child_stores_the_trace_this_process_would_make(folder: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-c", FRESH_PROCESS], cwd=ROOT, capture_output=True, text=True,
        timeout=300, check=True,
    )  # fmt: skip
    seen = json.loads(out.stdout.splitlines()[-1])
    assert seen["needed"] and seen["forked"] and seen["ok"]
    assert not seen["needed_after"]  # cached now: nothing more to start
    cfg = inputs_from_options().config
    key = cache_key(cfg)
    stored = load_trace(key) if key is not None else None
    assert stored is not None and stored.from_cache
    fresh = trace_config(cfg)  # the independent reference: the same inputs traced right here
    assert _ops(stored) == _ops(fresh)
    assert stored.peak_bytes == fresh.peak_bytes and stored.tokens == fresh.tokens
    # The tracer's own reports, passed on in order: the terminal's line keeps moving.
    heard = seen["heard"]
    assert len(heard) >= 3 and all(0.0 <= f <= 1.0 for f, _ in heard)
    assert [f for f, _ in heard] == sorted(f for f, _ in heard)
    assert any(text for _, text in heard)
    # A new interpreter runs the same function: with the entry there, it finds it and ends well.
    with prefetch.spawn_default_trace(fork=False) as child:
        assert isinstance(child.process, subprocess.Popen)
        assert child.wait() and child.process.returncode == 0


def test_a_new_interpreter_child_traces_when_the_cache_is_empty(folder: Path) -> None:
    """The fallback where a fork is unsafe: the same trace stored, from a new interpreter."""
    cfg = inputs_from_options().config
    key = cache_key(cfg)
    assert key is not None and load_trace(key) is None
    with prefetch.spawn_default_trace(fork=False) as child:
        assert child.wait()
    stored = load_trace(key)
    assert stored is not None and stored.ops and stored.tokens == cfg.batch * cfg.seq


def test_no_child_once_torch_is_imported_here(folder: Path) -> None:
    import torch  # noqa: F401  (this process traces faster than a new one importing torch)

    assert load_trace(cache_key(inputs_from_options().config)) is None
    assert prefetch.start_default_trace() is None


def test_progress_lines_are_passed_on_and_other_output_ignored() -> None:
    child = _child(
        "print('[0.25, \"forward: layer 1 of 2\"]'); print('not progress'); print('[1, 2, 3]');"
        "print('[1.0, \"done\"]')"
    )
    heard: list[tuple[float, str]] = []
    with child:
        assert child.wait(progress=lambda f, t: heard.append((f, t)))
    assert heard == [(0.25, "forward: layer 1 of 2"), (1.0, "done")]


def test_a_failed_child_says_so() -> None:
    with _child("import sys; print('[0.5, \"half\"]'); sys.exit(3)") as child:
        assert not child.wait()
    assert child.process.returncode == 3


FORKS = """
import sys, time
from core.step.prefetch import DefaultTracePrefetch, _ForkedChild

def fails(out):
    out.write('[0.5, "half"]\\n')
    raise RuntimeError("no")

def sleeps(out):
    time.sleep(60)

heard = []
with DefaultTracePrefetch(_ForkedChild.start(fails)) as child:
    ok = child.wait(progress=lambda f, t: heard.append((f, t)))
print(ok, child.process.returncode, heard)
with DefaultTracePrefetch(_ForkedChild.start(sleeps)) as child:
    print(child.wait(timeout=0.2), child.process.poll() is not None)
with DefaultTracePrefetch(_ForkedChild.start(sleeps)) as child:
    pass
print(child.process.returncode is not None)
"""


def test_a_forked_child_that_fails_or_hangs_changes_nothing() -> None:
    out = subprocess.run(
        [sys.executable, "-c", FORKS], cwd=ROOT, capture_output=True, text=True, timeout=60,
        check=True,
    )  # fmt: skip
    assert out.stderr == ""  # the children print nothing on the parent's streams
    assert out.stdout.splitlines() == ["False 1 [(0.5, 'half')]", "False True", "True"]


def test_a_child_past_its_time_is_ended() -> None:
    with _child("import time; time.sleep(60)") as child:
        assert not child.wait(timeout=0.2)
        assert child.process.poll() is not None  # ended and reaped, not left running


def test_leaving_ends_a_child_still_running() -> None:
    with _child("import time; time.sleep(60)") as child:
        pass
    assert child.process.returncode is not None
