"""Where Python's cycle collector runs when the core asks for a collection.

A trace of a checkpointed step collects garbage once per layer of its backward (recomputed
activations sit in reference cycles until the collector runs). In the window the trace runs in a
worker thread, and a collection there would also free whatever else is garbage at that moment: a
widget in a reference cycle would then be destroyed outside the GUI thread, which Qt forbids (the
GUI monkey found a deadlock: the worker destroying a QObject while the GUI thread destroyed another
one). The window installs a collector that runs the collection in the GUI thread and waits for it;
on the command line and in notebooks :func:`collect` is :func:`gc.collect` itself.

A full collection scans every object of the process: with torch (and Qt) loaded, millions, 0.2-0.4 s
each on a 2-core machine, so a checkpointed gpt2 spent 4.4 s of its 5.9 s trace in its 12
collections. The garbage a trace waits for is its own (recomputed activations made during the
trace), so :func:`only_new_objects` lets the trace's collections scan only objects made since it
began (:func:`gc.freeze`): the same garbage is freed, in 0.13 s for the 12.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager

__all__ = ["collect", "collection_paused", "only_new_objects", "set_collector"]

_collector: Callable[[], object] | None = None


def set_collector(collector: Callable[[], object] | None) -> None:
    """Run every :func:`collect` through ``collector`` (``None``: :func:`gc.collect` again)."""
    global _collector
    _collector = collector


def collect() -> None:
    """Collect cyclic garbage, in the thread the installed collector chooses."""
    (_collector or gc.collect)()


@contextmanager
def only_new_objects() -> Iterator[None]:
    """Within the block, collections scan only objects made inside it.

    Every object alive on entry is moved to the collector's permanent generation
    (:func:`gc.freeze`) and back on exit (:func:`gc.unfreeze`), so nothing is kept longer than
    the block. When objects are frozen already on entry (a test harness, an enclosing block, a
    trace in another thread), nothing is frozen or unfrozen here: their freeze is theirs to undo,
    and the collections are then as thorough as before, only not faster.
    """
    if gc.get_freeze_count():
        yield
        return
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


@contextmanager
def collection_paused() -> Iterator[None]:
    """Within the block, Python's automatic cycle collection does not run; :func:`collect` does.

    Every trace runs inside it (:func:`core.memory.trace.exclusive_trace`), for two reasons:

    - a collection that happened to fall in the step could free tensors held in reference
      cycles at a moment that depends on the process's history, and the figures would too;
    - a trace's first run imports torch and ``torch._dynamo`` (a few million objects, nearly all
      alive for good) and then makes its fake tensors and autograd graph, little of which is
      cyclic garbage. With the collector on, the growing heap is scanned again and again: 0.4-0.5 s
      of a 2.8 s cold gpt2 trace on a 2-core machine.

    What a checkpointed trace must free it frees through :func:`collect`, which still runs here.

    Automatic collection is turned back on at the end only if it was on at the start: where the
    window's collector (``app.gc_guard``) has turned it off, or an enclosing block paused it,
    nothing changes.
    """
    paused = gc.isenabled()
    if paused:
        gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()
