"""Collections that scan only what a block made (core.collect.only_new_objects), and the trace's use
of them: a checkpointed trace's figures do not depend on what the process had frozen before."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from core.collect import only_new_objects


class _Node:
    """An object that can sit in a reference cycle."""

    other: _Node | None = None


def _garbage_cycle() -> weakref.ref[_Node]:
    """Make two objects that only refer to each other; return a weak reference to one."""
    a, b = _Node(), _Node()
    a.other, b.other = b, a
    return weakref.ref(a)


@pytest.fixture
def nothing_frozen() -> Iterator[None]:
    """No frozen objects and no automatic collections during the test (the harness freezes
    between tests, tests/conftest.py); both as they were afterwards."""
    was_enabled = gc.isenabled()
    gc.disable()
    gc.unfreeze()
    gc.collect()
    yield
    gc.collect()
    gc.freeze()
    if was_enabled:
        gc.enable()


def test_a_collection_in_the_block_frees_what_the_block_made_only(nothing_frozen) -> None:
    before = _garbage_cycle()
    with only_new_objects():
        assert gc.get_freeze_count() > 0
        inside = _garbage_cycle()
        gc.collect()
        assert inside() is None  # made in the block: freed
        assert before() is not None  # older: not scanned
    assert gc.get_freeze_count() == 0  # nothing is kept frozen
    gc.collect()
    assert before() is None  # and the older garbage is freed by the next collection


def test_objects_frozen_by_someone_else_stay_frozen(nothing_frozen) -> None:
    gc.freeze()
    frozen = gc.get_freeze_count()
    assert frozen > 0
    with only_new_objects():
        assert gc.get_freeze_count() == frozen
        inside = _garbage_cycle()
        gc.collect()
        assert inside() is None
    assert gc.get_freeze_count() == frozen  # their freeze is theirs to undo
    gc.unfreeze()


def test_a_checkpointed_trace_is_the_same_whatever_is_frozen(nothing_frozen) -> None:
    from core.memory import MemoryConfig, checkpoint, recipe
    from core.memory.models import parse_model
    from core.memory.trace import trace

    spec = parse_model("transformer:d=64,layers=3,heads=4,vocab=512,seq=32")
    cfg = MemoryConfig(spec, batch=2, recipe=recipe("fp32"), checkpoint=checkpoint("every"))
    alone = trace(cfg)  # nothing frozen: the trace freezes what exists and unfreezes it
    assert gc.get_freeze_count() == 0
    gc.freeze()  # as under the test harness or an enclosing block: the trace leaves it alone
    frozen = gc.get_freeze_count()
    beside = trace(cfg)
    assert gc.get_freeze_count() == frozen
    gc.unfreeze()
    assert alone.peak == beside.peak
    assert alone.categories == beside.categories


def test_automatic_collection_is_paused_in_the_block_and_resumed_after(nothing_frozen) -> None:
    from core.collect import collect, collection_paused

    gc.enable()
    try:
        with collection_paused():
            assert not gc.isenabled()
            garbage = _garbage_cycle()
            collect()  # an explicit collection still runs
            assert garbage() is None
        assert gc.isenabled()
    finally:
        gc.disable()


def test_a_pause_inside_a_disabled_collector_leaves_it_disabled(nothing_frozen) -> None:
    """The window's collector (app.gc_guard) turns automatic collection off for good: a trace in
    a worker thread must not turn it back on when it ends."""
    from core.collect import collection_paused

    assert not gc.isenabled()
    with collection_paused():
        assert not gc.isenabled()
    assert not gc.isenabled()


def test_a_pause_ends_with_the_block_even_when_it_raises(nothing_frozen) -> None:
    from core.collect import collection_paused

    gc.enable()
    try:
        with pytest.raises(RuntimeError), collection_paused():
            raise RuntimeError("stop")
        assert gc.isenabled()
    finally:
        gc.disable()


def test_a_trace_runs_with_automatic_collection_paused_and_resumes_it(nothing_frozen) -> None:
    """From the first import of torch on (exclusive_trace holds the pause), not from the step."""
    from contextlib import contextmanager

    from core.memory import MemoryConfig, recipe
    from core.memory.models import parse_model
    from core.memory.trace import exclusive_trace, trace

    seen: list[bool] = []

    @contextmanager
    def watch(_model, _optimizer):
        seen.append(gc.isenabled())
        yield

    spec = parse_model("transformer:d=64,layers=2,heads=4,vocab=512,seq=32")
    gc.enable()
    try:
        with exclusive_trace():
            assert not gc.isenabled()  # before any import the trace makes
        assert gc.isenabled()
        trace(MemoryConfig(spec, batch=2, recipe=recipe("fp32")), instrument=watch)
        assert seen == [False]
        assert gc.isenabled()
    finally:
        gc.disable()
