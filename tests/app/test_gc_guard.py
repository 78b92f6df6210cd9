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
