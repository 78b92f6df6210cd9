"""The background warm-up runs its targets off the GUI thread, reports failures, and stops."""

from __future__ import annotations

import threading

from app import warmup

CALLS: list[str] = []


def record() -> None:
    CALLS.append(threading.current_thread().name)


def fail() -> None:
    raise RuntimeError("boom")


def test_runs_targets_in_a_thread_and_reports_errors(qtbot) -> None:
    CALLS.clear()
    runner = warmup.WarmupRunner((f"{__name__}:record", f"{__name__}:fail", "no.such.module:x"))
    errors: list[str] = []
    runner.errored.connect(errors.append)
    with qtbot.waitSignal(runner.finished, timeout=5000):
        runner.start()
    # finished reaches this thread while the worker's thread may still be returning from run():
    # wait for it to end (stop() of a runner still running detaches it and says False).
    qtbot.waitUntil(lambda: not runner.is_running(), timeout=5000)
    assert runner.stop()
    assert len(CALLS) == 1 and CALLS[0] != threading.main_thread().name
    assert errors == [f"warm-up {__name__}:fail failed: boom"]


ASKED: list[bool] = []


def cancellable(should_cancel) -> None:
    ASKED.append(should_cancel())


def test_a_target_that_takes_should_cancel_is_given_one(qtbot) -> None:
    ASKED.clear()
    runner = warmup.WarmupRunner((f"{__name__}:cancellable",))
    with qtbot.waitSignal(runner.finished, timeout=5000):
        runner.start()
    qtbot.waitUntil(lambda: not runner.is_running(), timeout=5000)
    assert ASKED == [False]  # not stopped while it ran
    assert "core.step.cache:warm_default" in warmup.WARMUPS
