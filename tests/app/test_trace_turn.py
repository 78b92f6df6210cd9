"""Every worker whose job traces under torch's MemTracker waits for the process-wide trace turn.

MemTracker hooks modules through torch's global module hooks, so two traces in two threads see
each other's modules (warnings that "the module hierarchy tracking maybe be messed up", or a
crash). The Step and Memory workers waited for :func:`app.worker_runner.trace_turn`; the Plan
worker, whose search traces a layer the first time it sees a shape, did not. Each worker here
runs its real ``run`` with only the traced job replaced by a probe.
"""

from __future__ import annotations

import threading
import time
from types import SimpleNamespace

import pytest
from PySide6.QtCore import Qt

from app.worker_runner import trace_turn


def _probe(entered: threading.Event, cancelled: type[Exception]):
    def job(*_args, **_kwargs):
        entered.set()
        raise cancelled("probe")

    return job


def _plan_worker(monkeypatch, entered):
    from app import plan_worker
    from core.plan import PlanCancelled

    monkeypatch.setattr(plan_worker, "run_plan", _probe(entered, PlanCancelled))
    return plan_worker.PlanWorker(None, None)


def _step_worker(monkeypatch, entered):
    import core.step.cache
    from app.step_worker import StepWorker
    from core.memory.trace import TraceCancelled

    monkeypatch.setattr(core.step.cache, "cached_trace", _probe(entered, TraceCancelled))
    return StepWorker(SimpleNamespace(config=None, notes=[]))


def _memory_worker(monkeypatch, entered):
    import core.memory.trace
    from app.memory_worker import TraceWorker

    monkeypatch.setattr(
        core.memory.trace, "trace", _probe(entered, core.memory.trace.TraceCancelled)
    )
    return TraceWorker(None, None)


def _published_worker(monkeypatch, entered):
    import core.plan.validation
    from app.published_worker import ChecksWorker
    from core.plan import PlanCancelled

    monkeypatch.setattr(core.plan.validation, "check_runs", _probe(entered, PlanCancelled))
    return ChecksWorker(None)


WORKERS = {"plan": _plan_worker, "step": _step_worker, "memory": _memory_worker,
           "published": _published_worker}  # fmt: skip


def _start(worker, said: list[str] | None = None) -> tuple[threading.Thread, list[str], list[int]]:
    errors: list[str] = []
    finished: list[int] = []
    direct = Qt.ConnectionType.DirectConnection  # received in the worker's thread, no event loop
    if said is not None:
        worker.progress.connect(lambda _f, text: said.append(text), direct)
    worker.error.connect(errors.append, direct)
    worker.finished.connect(lambda: finished.append(1), direct)
    thread = threading.Thread(target=worker.run, daemon=True)
    thread.start()
    return thread, errors, finished


@pytest.mark.parametrize("kind", sorted(WORKERS))
def test_a_worker_traces_only_when_no_other_trace_runs(kind, monkeypatch, qapp) -> None:
    entered = threading.Event()
    worker = WORKERS[kind](monkeypatch, entered)
    said: list[str] = []
    with trace_turn():  # another tab's trace is running
        thread, errors, finished = _start(worker, said)
        time.sleep(0.3)  # the worker polls its turn every 50 ms
        assert not entered.is_set(), f"the {kind} worker traced beside another trace"
        assert thread.is_alive()
        # It says why it sits at 0 %, once.
        assert said == ["waiting for another job’s trace to finish (one trace runs at a time)"]
    thread.join(10)
    assert not thread.is_alive()
    assert entered.is_set()
    assert errors == ["cancelled"] and finished == [1]


@pytest.mark.parametrize("kind", sorted(WORKERS))
def test_a_worker_with_the_turn_free_does_not_say_it_waits(kind, monkeypatch, qapp) -> None:
    entered = threading.Event()
    worker = WORKERS[kind](monkeypatch, entered)
    said: list[str] = []
    thread, errors, finished = _start(worker, said)
    thread.join(10)
    assert entered.is_set() and not any("waiting" in text for text in said)
    assert errors == ["cancelled"] and finished == [1]


@pytest.mark.parametrize("kind", sorted(WORKERS))
def test_a_worker_cancelled_while_waiting_gives_up_its_turn(kind, monkeypatch, qapp) -> None:
    entered = threading.Event()
    worker = WORKERS[kind](monkeypatch, entered)
    with trace_turn():
        thread, errors, finished = _start(worker)
        worker.cancel()
        thread.join(10)
        assert not thread.is_alive()  # it stopped waiting although the turn is still taken
    assert not entered.is_set()
    assert errors == ["cancelled"] and finished == [1]
