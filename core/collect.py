"""Where Python's cycle collector runs when the core asks for a collection.

A trace of a checkpointed step collects garbage once per layer of its backward (recomputed
activations sit in reference cycles until the collector runs). In the window the trace runs in a
worker thread, and a collection there would also free whatever else is garbage at that moment: a
widget in a reference cycle would then be destroyed outside the GUI thread, which Qt forbids (the
GUI monkey found a deadlock: the worker destroying a QObject while the GUI thread destroyed another
one). The window installs a collector that runs the collection in the GUI thread and waits for it;
on the command line and in notebooks :func:`collect` is :func:`gc.collect` itself.
"""

from __future__ import annotations

import gc
from collections.abc import Callable

__all__ = ["collect", "set_collector"]

_collector: Callable[[], object] | None = None


def set_collector(collector: Callable[[], object] | None) -> None:
    """Run every :func:`collect` through ``collector`` (``None``: :func:`gc.collect` again)."""
    global _collector
    _collector = collector


def collect() -> None:
    """Collect cyclic garbage, in the thread the installed collector chooses."""
    (_collector or gc.collect)()
