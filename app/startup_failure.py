"""Say why the window cannot open, instead of Qt's abort, when no platform plugin starts.

Qt reports a platform plugin it cannot load with a few ``qt.qpa.plugin`` warnings (since 6.5 one
of them names ``libxcb-cursor0`` whatever is really missing) and then a fatal message, after which
it aborts the process. :class:`PlatformStartWatch` is a Qt message handler installed just before
the ``QApplication`` is made: it holds those warnings back while Qt starts, and on the fatal
message it asks :func:`app.platform_check.diagnose` which libraries are missing, prints them with
the one install command, and exits with code 2. The check runs only on that failure path.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable

__all__ = ["PlatformStartWatch", "failure_lines", "watch_platform_start"]

_PLUGIN = re.compile(r'platform plugin "([A-Za-z0-9_-]+)"')


def failure_lines(held: list[str], diagnose: Callable | None = None) -> list[str]:
    """The lines to print when Qt could not start: missing libraries and the install command,
    else what Qt said (a display it could not connect to, say), on one line."""
    if diagnose is None:
        from app.platform_check import diagnose
    from app.platform_check import startup_platform

    names = list(dict.fromkeys(m.group(1) for text in held for m in _PLUGIN.finditer(text)))
    for name in names or [startup_platform()]:
        report = diagnose(name)
        if report.missing:
            first, *rest = report.lines()
            return [f"napkinlab: error: {first}", *(f"napkinlab: {line}" for line in rest)]
    said = " ".join(" ".join(t.split()) for t in held if "platform plugin" not in t)
    platform = names[0] if names else startup_platform()
    return [
        f"napkinlab: error: Qt could not start its {platform} platform"
        + (f": {said}" if said else "")
        + " (napkinlab doctor checks this machine; QT_QPA_PLATFORM=offscreen runs without a display)"
    ]


class PlatformStartWatch:
    """The Qt message handler that turns a platform plugin failure into a diagnosis and exit 2."""

    def __init__(self, exit_: Callable[[int], object] = os._exit) -> None:
        from PySide6.QtCore import qInstallMessageHandler

        self._exit = exit_
        self._held: list[str] = []
        self._starting = True
        self._previous = qInstallMessageHandler(self)

    def __call__(self, mode, context, message: str) -> None:
        from PySide6.QtCore import QtMsgType

        category = getattr(context, "category", "") or ""
        if mode == QtMsgType.QtFatalMsg and "platform plugin" in message:
            self._held.append(message)
            print("\n".join(failure_lines(self._held)), file=sys.stderr)
            sys.stderr.flush()
            self._exit(2)
            return
        if self._starting and category.startswith("qt.qpa"):
            self._held.append(message)
            return
        self._pass_on(mode, context, message)

    def _pass_on(self, mode, context, message: str) -> None:
        if self._previous is not None:
            self._previous(mode, context, message)
        else:
            sys.stderr.write(message + "\n")

    def started(self) -> None:
        """Qt is up: show what it said on the way (nothing was wrong) and stop holding."""
        self._starting = False
        held, self._held = self._held, []
        for message in held:
            sys.stderr.write(message + "\n")


def watch_platform_start() -> PlatformStartWatch:
    """Install the watch (call just before creating the ``QApplication``)."""
    return PlatformStartWatch()
