"""Trace the Step tab's default inputs in a child process while this process does other work.

A cold ``napkinlab screenshot --tab step`` spends about 2.4 s importing torch and tracing the
default model, and about 0.7 s building Qt's window around it. Both are Python, so a thread could
not overlap them (one GIL); a second process can, on a second core. :func:`start_default_trace`
starts a child (a fork where that is safe, else a new interpreter) that runs
:func:`core.step.cache.warm_default` into the disk cache (:mod:`core.step.cache`) and leaves
without tearing torch down; the caller builds its window meanwhile, then calls
:meth:`DefaultTracePrefetch.wait` and reads the trace back from the cache as usual.

Nothing depends on the child succeeding. A child that fails, is killed, is too slow or cannot be
started leaves the cache as it was, and the caller traces in its own process as it would have
without one. The child writes progress as JSON lines ``[fraction, text]`` to a pipe, which
:meth:`~DefaultTracePrefetch.wait` passes on, so a terminal's progress line keeps moving.

It starts nothing when it cannot help: the cache already holds the default trace, torch is not
installed, or torch is imported already in this process (tracing here is then faster than a new
process importing torch again).
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import IO, Protocol, TextIO

__all__ = ["DefaultTracePrefetch", "spawn_default_trace", "start_default_trace"]

#: The program of a child that is a new interpreter: :func:`_child_main` on its stdout. Once the
#: entry is written (atomically) the child leaves at once: tearing down torch's millions of
#: objects at a normal exit would take about 1 s more, which the parent would wait for.
_CHILD = (
    "import os, sys\n"
    "from core.step.prefetch import _child_main\n"
    "_child_main(sys.stdout)\n"
    "sys.stdout.flush()\n"
    "os._exit(0)\n"
)
#: How long :meth:`DefaultTracePrefetch.wait` waits by default before giving up on the child.
WAIT_SECONDS = 300.0


class _Child(Protocol):
    stdout: IO[str] | None
    returncode: int | None

    def poll(self) -> int | None: ...
    def wait(self, timeout: float | None = None) -> int: ...
    def kill(self) -> None: ...


class DefaultTracePrefetch:
    """A child process tracing the Step tab's default inputs into the cache.

    Use it as a context manager (leaving ends a child still running), and call :meth:`wait`
    before reading the cache.
    """

    def __init__(self, process: _Child) -> None:
        self.process = process
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._reader = threading.Thread(target=self._read, name="trace-prefetch", daemon=True)
        self._reader.start()

    def _read(self) -> None:
        stream = self.process.stdout
        try:
            if stream is not None:
                for line in stream:
                    self._lines.put(line)
        except (OSError, ValueError):  # the pipe closed under us: the child is gone
            pass
        finally:
            self._lines.put(None)

    def wait(
        self,
        progress: Callable[[float, str], None] | None = None,
        timeout: float = WAIT_SECONDS,
    ) -> bool:
        """Wait for the child to end, passing its progress on; returns whether it succeeded.

        After ``timeout`` seconds the child is ended and ``False`` returned: the caller then
        traces in its own process.
        """
        deadline = time.monotonic() + timeout
        while True:
            remaining = deadline - time.monotonic()
            try:
                line = self._lines.get(timeout=max(0.0, remaining))
            except queue.Empty:
                self.close()
                return False
            if line is None:
                break
            if progress is not None:
                report = _progress(line)
                if report is not None:
                    progress(*report)
        try:
            code = self.process.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            self.close()
            return False
        return code == 0

    def close(self) -> None:
        """End the child if it still runs, and reap it (never leaves a zombie)."""
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        if self.process.stdout is not None:
            self.process.stdout.close()

    def __enter__(self) -> DefaultTracePrefetch:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()


def _progress(line: str) -> tuple[float, str] | None:
    """``(fraction, text)`` from one line of the child's stdout, or ``None`` for anything else."""
    try:
        fraction, text = json.loads(line)
        return float(fraction), str(text)
    except (ValueError, TypeError):
        return None


def _needed() -> bool:
    """Whether a child would help: torch is there but not imported, and the cache lacks the trace."""
    if "torch" in sys.modules:
        return False
    from core.step.cache import cache_key, load_trace
    from core.step.options import inputs_from_options

    key = cache_key(inputs_from_options().config)
    return key is not None and load_trace(key) is None


def start_default_trace() -> DefaultTracePrefetch | None:
    """Start tracing the Step tab's default inputs in a child process when that would help.

    Returns ``None`` when no child was started (see the module's docstring for when).
    """
    return spawn_default_trace() if _needed() else None


def spawn_default_trace(fork: bool | None = None) -> DefaultTracePrefetch | None:
    """Start the child whether or not it would help; ``None`` when it cannot be started.

    By default (``fork=None``), on Linux in a process with one thread, the child is a fork of
    this one: it starts with Napkin Lab's modules imported already, and a cold Step picture was
    done about 0.2 s sooner than with a new interpreter (2.85 s against 3.09 s, measured in turns). Otherwise (a thread running, which a fork would copy mid-work; macOS, where
    forking is unsafe once system frameworks are loaded; ``fork=False``) it is a new interpreter
    running the same function.
    """
    if fork is None:
        fork = sys.platform == "linux" and threading.active_count() == 1
    if fork:
        try:
            return DefaultTracePrefetch(_ForkedChild.start(_child_main))
        except OSError:
            pass  # no fork now (a process limit): a new interpreter may still start
    root = str(Path(__file__).resolve().parents[2])  # the folder that holds core/: importable
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH")) if p)
    try:
        process = subprocess.Popen(
            [sys.executable, "-c", _CHILD],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=env,
            text=True,
            encoding="utf-8",
            errors="replace",
        )
    except OSError:
        return None
    return DefaultTracePrefetch(process)


def _child_main(out: TextIO) -> None:
    """What the child runs: the default trace into the cache, its progress as JSON lines
    ``[fraction, text]`` on ``out``."""
    from core.step.cache import warm_default

    def report(fraction: float, text: str = "") -> None:
        out.write(json.dumps([float(fraction), str(text)]) + "\n")
        out.flush()

    warm_default(progress=report)


class _ForkedChild:
    """A forked child running one function, with the part of :class:`subprocess.Popen`'s
    interface :class:`DefaultTracePrefetch` uses (``stdout``, ``poll``, ``wait``, ``kill``,
    ``returncode``)."""

    def __init__(self, pid: int, stdout: TextIO) -> None:
        self.pid = pid
        self.stdout: IO[str] | None = stdout
        self.returncode: int | None = None

    @classmethod
    def start(cls, function: Callable[[TextIO], None]) -> _ForkedChild:
        """Fork; the child runs ``function(its stdout)`` and leaves at once (0 when it returned,
        1 when it raised), with no teardown and nothing printed on this process's streams."""
        read_end, write_end = os.pipe()
        try:
            pid = os.fork()
        except OSError:
            os.close(read_end)
            os.close(write_end)
            raise
        if pid == 0:  # the child: never returns from here
            code = 1
            try:
                os.close(read_end)
                quiet = os.open(os.devnull, os.O_RDWR)
                for fd in (0, 1, 2):
                    os.dup2(quiet, fd)
                with os.fdopen(write_end, "w", encoding="utf-8") as out:
                    function(out)
                code = 0
            finally:
                os._exit(code)
        os.close(write_end)
        return cls(pid, os.fdopen(read_end, encoding="utf-8", errors="replace"))

    def poll(self) -> int | None:
        """The exit code, or ``None`` while it runs."""
        if self.returncode is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.returncode = os.waitstatus_to_exitcode(status)
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        """Wait for the child's end (up to ``timeout`` seconds); its exit code."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while self.poll() is None:
            if deadline is not None and time.monotonic() >= deadline:
                raise subprocess.TimeoutExpired(f"pid {self.pid}", timeout or 0.0)
            time.sleep(0.005)
        assert self.returncode is not None
        return self.returncode

    def kill(self) -> None:
        """End the child now."""
        if self.returncode is None:
            with contextlib.suppress(ProcessLookupError):  # it has just ended by itself
                os.kill(self.pid, signal.SIGKILL)
