"""Cycle collection happens in the GUI thread while the guard is on."""

from __future__ import annotations

import gc
import threading

from app.gc_guard import MainThreadCollector


class Cycle:
    def __init__(self, seen: list[str]) -> None:
        self.me = self
        self.seen = seen

    def __del__(self) -> None:
        self.seen.append(threading.current_thread().name)


def test_collects_only_from_the_gui_thread(qtbot) -> None:
    guard = MainThreadCollector(interval_ms=10)
    try:
        assert not gc.isenabled()
        seen: list[str] = []
        Cycle(seen)
        worker = threading.Thread(target=lambda: [object() for _ in range(50_000)], name="worker")
        worker.start()
        worker.join()
        assert seen == []  # the worker's allocations did not trigger a collection
        for _ in range(1000):  # cross the generation-0 threshold
            Cycle([])
        qtbot.waitUntil(lambda: seen == [threading.main_thread().name], timeout=3000)
    finally:
        guard.stop()
    assert gc.isenabled()


def test_a_collection_the_core_asks_for_in_a_worker_runs_in_the_gui_thread(qtbot) -> None:
    """A checkpointed trace collects once per layer (core.collect): in the window that happens
    in the GUI thread, which the worker waits for, so no widget dies in a worker."""
    from core.collect import collect

    guard = MainThreadCollector(interval_ms=60_000)  # the timer stays out of the way
    try:
        seen: list[str] = []
        Cycle(seen)
        finished = threading.Event()

        def work() -> None:
            collect()
            finished.set()

        worker = threading.Thread(target=work, name="worker")
        worker.start()
        qtbot.waitUntil(finished.is_set, timeout=5000)  # the GUI thread's event loop answered
        worker.join()
        assert seen == [threading.main_thread().name]
        Cycle(seen)
        collect()  # asked in the GUI thread itself: collected at once
        assert seen == [threading.main_thread().name] * 2
    finally:
        guard.stop()
    seen_after: list[str] = []
    Cycle(seen_after)
    collect()  # no guard: the core's collect is gc.collect, where it is called
    assert seen_after == [threading.main_thread().name]


def test_a_gui_thread_blocked_waiting_for_workers_still_collects_for_them() -> None:
    """At quit the GUI thread waits for detached workers without running its event loop; the
    wait serves their collection requests (serve_collections), so none waits in vain."""
    from app.gc_guard import serve_collections
    from core.collect import collect

    guard = MainThreadCollector(interval_ms=60_000)
    try:
        seen: list[str] = []
        Cycle(seen)
        worker = threading.Thread(target=collect, name="worker")
        worker.start()
        while worker.is_alive():  # no event loop here: only serve_collections can collect
            worker.join(0.02)
            serve_collections()
        assert seen == [threading.main_thread().name]
    finally:
        guard.stop()
