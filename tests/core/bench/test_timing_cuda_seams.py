"""The CUDA timing logic on a simulated GPU (no CUDA needed): launch latency, enqueueing, graphs.

The fake GPU has a host clock and a device clock. Every launch costs the host ``launch_s``; the
device runs each kernel once the host has queued it and the previous kernel has finished; an event
records the device time at which the stream reaches it; ``synchronize`` makes the host wait for
the device. With a sync after every sample, a 2 µs kernel measures ~launch latency (the H200's
15.9 µs runner figure); enqueued behind a flush, or replayed from a graph, it measures 2 µs.
"""

from __future__ import annotations

import contextlib

import pytest

from core.bench.timing import GRAPH_CALLS, Cancelled, time_op


class FakeGpu:
    def __init__(self, launch_s: float = 5e-6, flush_s: float = 60e-6, capturable: bool = True):
        self.host = 0.0
        self.device = 0.0  # when the device is free
        self.launch_s = launch_s
        self.flush_s = flush_s
        self.capturable = capturable
        self.syncs = 0
        self.in_context = 0
        self.outside_context_records = 0
        self.log: list[str] = []

    # the CudaApi surface -----------------------------------------------------------------
    @contextlib.contextmanager
    def device_context(self):
        self.in_context += 1
        try:
            yield
        finally:
            self.in_context -= 1

    def synchronize(self) -> None:
        self.syncs += 1
        self.host = max(self.host, self.device)

    def event(self):
        gpu = self

        class Event:
            t = None

            def record(self) -> None:
                if not gpu.in_context:
                    gpu.outside_context_records += 1
                gpu.host += 1e-7
                self.t = max(gpu.device, gpu.host)
                gpu.device = self.t

            def elapsed_time(self, other) -> float:
                return (other.t - self.t) * 1e3

        return Event()

    def flush_buffer(self):
        def flush() -> None:
            self.log.append("flush")
            self.kernel(self.flush_s)

        return flush

    def graph(self, fn, calls):
        if not self.capturable:
            return None
        durations: list[float] = []
        real, self.kernel = self.kernel, lambda d: durations.append(d)  # capture, no launch
        try:
            for _ in range(calls):
                fn()
        finally:
            self.kernel = real

        def replay() -> None:
            self.host += self.launch_s  # one launch for the whole graph
            self.device = max(self.device, self.host) + sum(durations)

        return replay

    # the GPU ---------------------------------------------------------------------------------
    def kernel(self, duration: float) -> None:
        self.host += self.launch_s
        self.device = max(self.device, self.host) + duration

    def op(self, duration: float):
        def call() -> None:
            self.log.append("op")
            self.kernel(duration)

        return call


def _time(gpu: FakeGpu, fn, **kw):
    kw.setdefault("budget_s", 2e-3)
    kw.setdefault("warmup_s", 0.0)
    return time_op(fn, device="cuda", cuda=gpu, **kw)


def test_a_small_kernel_behind_a_flush_measures_the_kernel_not_the_launch():
    gpu = FakeGpu()
    t = _time(gpu, gpu.op(2e-6), flush=True)
    assert t.method == "events" and t.per_sample == 1
    assert t.median == pytest.approx(2e-6, rel=1e-3)
    # Flush before every call, outside the events; far fewer host syncs than samples.
    assert all(a == "flush" for a in gpu.log[::2]) and all(b == "op" for b in gpu.log[1::2])
    assert gpu.syncs < t.reps / 5


def test_a_tiny_kernel_without_flush_is_timed_as_graph_replays():
    gpu = FakeGpu()
    t = _time(gpu, gpu.op(2e-6))
    assert t.method == "cuda graph" and t.per_sample == GRAPH_CALLS
    # One launch per 100 calls, hidden behind the previous replay: 2 µs per call.
    assert t.median == pytest.approx(2e-6, rel=1e-3)


def test_an_uncapturable_tiny_kernel_falls_back_to_grouped_events():
    gpu = FakeGpu(capturable=False)
    t = _time(gpu, gpu.op(2e-6))
    assert t.method == "events" and t.per_sample == GRAPH_CALLS
    assert t.median == pytest.approx(5e-6, rel=1e-3)  # launch-bound, and the report says events


def test_long_kernels_are_enqueued_back_to_back_and_synchronised_per_chunk():
    gpu = FakeGpu()
    t = _time(gpu, gpu.op(1e-3), budget_s=0.5)
    assert t.method == "events" and t.per_sample == 1
    assert t.median == pytest.approx(1e-3)
    assert 490 <= t.reps <= 500 and gpu.syncs < 20  # ~0.1 s of work per sync, not one per sample


def test_every_event_is_recorded_on_the_chosen_device():
    gpu = FakeGpu()
    _time(gpu, gpu.op(3e-5), flush=True)
    _time(gpu, gpu.op(2e-6))
    assert gpu.outside_context_records == 0 and gpu.in_context == 0


def test_cancel_stops_between_samples_on_cuda_too():
    gpu = FakeGpu()
    calls = []

    def fn() -> None:
        calls.append(1)
        gpu.kernel(1e-3)

    with pytest.raises(Cancelled):
        _time(gpu, fn, budget_s=10.0, should_cancel=lambda: len(calls) >= 7)
    assert len(calls) == 7
