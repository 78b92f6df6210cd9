"""Traces in two threads: one at a time, so neither corrupts the other (torch's module tracker
hooks every module of the process, and the default dtype is process-wide)."""

from __future__ import annotations

import threading

import pytest

from core.memory import MemoryConfig, parse_model, recipe

pytest.importorskip("torch")

from core.memory.trace import TraceCancelled, exclusive_trace, trace

TINY = "transformer:d=64,layers=2,heads=4,vocab=256,seq=32"


def test_two_threads_trace_as_if_one_after_the_other() -> None:
    # Different recipes too: the default dtype each trace sets must not leak into the other.
    a = MemoryConfig(parse_model(TINY), batch=2, recipe=recipe("bf16"))
    b = MemoryConfig(parse_model("transformer:d=96,layers=3,heads=4,vocab=512,seq=32"), batch=1,
                     recipe=recipe("fp32"))  # fmt: skip
    alone = {"a": trace(a).peak, "b": trace(b).peak}
    for _ in range(2):
        got: dict[str, object] = {}

        def run(name: str, cfg: MemoryConfig, got: dict[str, object] = got) -> None:
            try:
                got[name] = trace(cfg).peak
            except Exception as exc:  # what the threads saw before: hierarchy tracking errors
                got[name] = exc

        threads = [threading.Thread(target=run, args=("a", a)),
                   threading.Thread(target=run, args=("b", b))]  # fmt: skip
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=120)
        assert got == alone


def test_a_waiting_trace_says_so_and_can_be_cancelled() -> None:
    cfg = MemoryConfig(parse_model(TINY), batch=1)
    heard: list[str] = []
    stop = threading.Event()
    outcome: list[BaseException] = []

    def waiting() -> None:
        try:
            trace(cfg, progress=lambda _f, text: heard.append(str(text)), should_cancel=stop.is_set)
        except BaseException as exc:
            outcome.append(exc)

    with exclusive_trace():  # another trace holds the slot
        thread = threading.Thread(target=waiting)
        thread.start()
        thread.join(timeout=0.5)
        assert thread.is_alive()  # it waits instead of running beside the other
        assert heard == ["waiting for another trace to finish"]
        stop.set()
        thread.join(timeout=10)
    assert not thread.is_alive() and isinstance(outcome[0], TraceCancelled)
    assert trace(cfg).peak > 0  # the slot is free again
