"""Keeping third-party chatter off the user's stderr, which carries only Napkin Lab's own line.

The CLI's contract is one stderr line for an error (exit 2) and nothing else. Libraries we call
print on their own: ``transformers`` logs through Python's ``logging`` (``[transformers] Model
config: …``), torch's profiler (kineto, C++) writes ``USDT: … profiler_start`` and, with a CUDA
build on a machine without a GPU, ``gpuGetDeviceCount failed`` straight to file descriptor 2.

* :func:`captured_logs` takes the records of named loggers for the duration of a call (nothing
  reaches their handlers); the caller may keep them as notes.
* :func:`native_stderr_silenced` points file descriptor 2 at ``/dev/null`` around a call into C
  code that prints, then restores it (Python's own ``sys.stderr`` is flushed first and after).
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
from collections.abc import Iterator

__all__ = ["captured_logs", "native_stderr_silenced"]


class _Collect(logging.Handler):
    def __init__(self, into: list[str]) -> None:
        super().__init__(logging.DEBUG)
        self.into = into

    def emit(self, record: logging.LogRecord) -> None:
        try:
            self.into.append(record.getMessage())
        except Exception:  # a record whose arguments do not format: keep its template
            self.into.append(str(record.msg))


@contextlib.contextmanager
def captured_logs(*names: str, level: int = logging.WARNING) -> Iterator[list[str]]:
    """Collect the messages of ``names``' loggers at ``level`` and above instead of printing them.

    Yields the list the messages go to. The loggers' levels, handlers and propagation are
    restored on exit.
    """
    found: list[str] = []
    handler = _Collect(found)
    saved = []
    for name in names:
        log = logging.getLogger(name)
        saved.append((log, log.level, log.propagate, list(log.handlers), log.disabled))
        log.handlers = [handler]
        log.propagate = False
        log.disabled = False
        log.setLevel(level)
    try:
        yield found
    finally:
        for log, lvl, propagate, handlers, disabled in saved:
            log.handlers = handlers
            log.propagate = propagate
            log.disabled = disabled
            log.setLevel(lvl)


@contextlib.contextmanager
def native_stderr_silenced() -> Iterator[None]:
    """File descriptor 2 to ``/dev/null`` for the block (C code's prints go nowhere).

    Where the descriptor cannot be duplicated (no fd 2, an unusual platform), the block runs as
    it is.
    """
    with contextlib.suppress(Exception):
        sys.stderr.flush()
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        os.close(saved)
        yield
        return
    try:
        os.dup2(null, 2)
        yield
    finally:
        with contextlib.suppress(Exception):
            sys.stderr.flush()
        os.dup2(saved, 2)
        os.close(saved)
        os.close(null)
