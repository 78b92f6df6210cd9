"""One line of progress on a terminal while a command traces or plans, and nothing elsewhere.

A cold ``napkinlab screenshot --tab step`` or ``napkinlab step`` spends seconds importing torch
and tracing before it prints anything. On a terminal, :class:`TerminalProgress` keeps one line on
stderr up to date (``napkinlab: screenshot --tab step: 45 % forward: layer 6 of 12``) and clears
it when the work ends, so the output that follows is exactly what a script gets. When stderr is a
pipe or a file, it writes nothing: scripts keep their stderr for the warnings alone.
"""

from __future__ import annotations

import shutil
import sys
from types import TracebackType
from typing import TextIO

__all__ = ["TerminalProgress"]

#: Back to the start of the line, and erase it (every terminal emulator in use understands it).
_CLEAR = "\r\x1b[K"


class TerminalProgress:
    """A progress callback ``(fraction, text)`` that redraws one line on a terminal's stderr.

    Parameters
    ----------
    label
        What the command is doing, e.g. ``"screenshot --tab step"``.
    stream
        Where to draw (``sys.stderr`` by default); nothing is written unless it is a terminal.

    Use it as a context manager: leaving clears the line, also after an error or Ctrl+C. Call it
    with ``(0.0, "")`` when the long work starts (the first report may be seconds away, behind
    torch's import), after anything else the command prints to stderr.
    """

    def __init__(self, label: str, stream: TextIO | None = None) -> None:
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        isatty = getattr(self.stream, "isatty", None)
        try:
            self.active = bool(isatty()) if callable(isatty) else False
        except ValueError:  # a closed stream
            self.active = False
        self._shown = ""
        try:  # "…" where the terminal's encoding has it (a C-locale terminal is ASCII)
            "…".encode(getattr(self.stream, "encoding", None) or "utf-8")
            self._ellipsis = "…"
        except (LookupError, UnicodeError):
            self._ellipsis = "..."

    def __call__(self, fraction: float, text: str = "") -> None:
        """Show ``fraction`` (0 to 1, clamped) done and what is being done now."""
        if not self.active:
            return
        percent = round(100 * min(1.0, max(0.0, float(fraction))))
        line = f"napkinlab: {self.label}: {percent:3d} % {text}".rstrip()
        width = shutil.get_terminal_size((80, 24)).columns
        if len(line) > width - 1:  # a wrapped line could not be erased with one \r
            line = line[: max(0, width - 1 - len(self._ellipsis))] + self._ellipsis
        if line != self._shown:  # the tracers report every 2 % at most: no rate limit needed
            self._write(_CLEAR + line)
            self._shown = line

    def close(self) -> None:
        """Erase the line (when one was drawn)."""
        if self.active and self._shown:
            self._write(_CLEAR)
            self._shown = ""

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):  # the terminal went away: the work itself goes on
            self.active = False

    def __enter__(self) -> TerminalProgress:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
