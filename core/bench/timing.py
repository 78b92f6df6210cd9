"""Timing one operation the way good harnesses do: synchronize, warm up, repeat, report the spread.

The lecture's warning (CS336 lecture 2, section 六): CUDA calls return before the GPU has finished, so
a timer around them measures only the launch. :func:`time_op` therefore records CUDA events around
each repetition; on the CPU it reads a monotonic clock and does nothing extra. Like triton's
``do_bench`` and ``torch.utils.benchmark`` it warms up first, repeats until a time budget is spent,
can flush the cache between repetitions (writing a buffer larger than the L2) and reports the
median with the spread (interquartile range / median).

On CUDA, what a sample must not contain is the host: a host sync after every sample lets the GPU
go idle, and the next sample then measures the launch latency of small kernels (an H200 copy+relu
of 4096 elements: 15.9 µs per synced sample, 6.8 µs in ``do_bench``, 2.4 µs per call in a CUDA
graph). So samples are *enqueued* (flush, start event, calls, end event, ...) and the host
synchronizes once per chunk of about 0.1 s of work, as ``do_bench`` does; while the GPU runs one
sample's flush the host queues the next. Calls shorter than ``graph_below_s`` with no flush are
captured in a CUDA graph of :data:`GRAPH_CALLS` calls and timed as graph replays (what the op costs
inside a model step, without per-launch overhead); a call that cannot be captured falls back to
events. Everything runs under ``torch.cuda.device(device)``, so events sit on that device's
current stream. :class:`CudaApi` is the one place that touches ``torch.cuda``; tests pass a fake.

Random inputs are the caller's job (zeros run faster on some hardware): the suites in
:mod:`core.bench.suites` build them with ``torch.randn``. torch is imported only inside functions.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.roofline.bounds import NOISY_SPREAD  # one threshold for the runner and the chart

__all__ = [
    "GRAPH_CALLS",
    "NOISY_SPREAD",
    "Cancelled",
    "CudaApi",
    "Timing",
    "cache_flush_bytes",
    "quartiles",
    "time_op",
]


_MIB = 1 << 20


class Cancelled(Exception):
    """Raised by :func:`time_op` when the cancel callback says stop (checked between repetitions)."""


@dataclass(frozen=True)
class Timing:
    """The result of timing one operation.

    Attributes
    ----------
    samples
        Seconds per call of every timed repetition (a block of ``per_sample`` calls, divided).
    median, q1, q3
        Median and quartiles of ``samples`` in seconds.
    per_sample
        Calls averaged into each sample (1 unless the call is too short for the clock).
    warmup
        Untimed calls made before the first sample.
    method
        ``"clock"`` (CPU), ``"events"`` (CUDA events, samples enqueued, one sync per chunk) or
        ``"cuda graph"`` (replays of a graph of ``per_sample`` calls).
    """

    samples: tuple[float, ...]
    median: float
    q1: float
    q3: float
    per_sample: int = 1
    warmup: int = 0
    method: str = "clock"

    @property
    def reps(self) -> int:
        """Number of timed samples."""
        return len(self.samples)

    @property
    def spread(self) -> float:
        """Interquartile range divided by the median (0 = perfectly repeatable)."""
        return (self.q3 - self.q1) / self.median if self.median > 0 else math.inf

    @property
    def noisy(self) -> bool:
        """Whether the spread is above :data:`NOISY_SPREAD` (10%)."""
        return self.spread > NOISY_SPREAD


def quartiles(values: list[float] | tuple[float, ...]) -> tuple[float, float, float]:
    """First quartile, median and third quartile by linear interpolation (numpy's default)."""
    if not values:
        raise ValueError("quartiles of an empty list")
    data = sorted(values)

    def at(q: float) -> float:
        pos = q * (len(data) - 1)
        low = math.floor(pos)
        high = min(low + 1, len(data) - 1)
        return data[low] + (data[high] - data[low]) * (pos - low)

    return at(0.25), at(0.5), at(0.75)


def _cpu_l2_bytes() -> int | None:
    """Sum of the CPU's L2 caches from sysfs (Linux), or None where unreadable."""
    from core.errors import InputError
    from core.safe_io import read_text

    def value(path: Path) -> str:
        return read_text(path, limit=4096).strip()

    total = 0
    root = Path("/sys/devices/system/cpu")
    seen: set[str] = set()
    try:
        for index in root.glob("cpu[0-9]*/cache/index*"):
            if value(index / "level") != "2":
                continue
            shared = value(index / "shared_cpu_list")
            if shared in seen:
                continue
            seen.add(shared)
            size = value(index / "size").upper()
            scale = {"K": 1024, "M": _MIB}.get(size[-1:], 1)
            total += int(size.rstrip("KM")) * scale
    except (OSError, ValueError, InputError):
        return None
    return total or None


def cache_flush_bytes(device: str = "cpu") -> int:
    """Size of the buffer written between repetitions: larger than the device's L2.

    CUDA: twice the L2 and at least 256 MiB (what triton's ``do_bench`` uses). CPU: twice the total
    L2 and at least 8 MiB. A large CPU L3 is not flushed (that would cost far more than the
    operations); memory-bound suites use working sets larger than it instead.
    """
    if device.startswith("cuda"):
        import torch

        l2 = int(getattr(torch.cuda.get_device_properties(device), "L2_cache_size", 0) or 0)
        return max(256 * _MIB, 2 * l2)
    return max(8 * _MIB, 2 * (_cpu_l2_bytes() or 0))


class CudaApi:
    """What :func:`time_op` needs from ``torch.cuda`` (tests substitute a fake with the same methods).

    Parameters
    ----------
    device
        A CUDA device string (``"cuda"``, ``"cuda:1"``).
    """

    def __init__(self, device: str) -> None:
        import torch

        self.torch = torch
        self.device = device

    def device_context(self) -> Any:
        """``torch.cuda.device(device)``: events and kernels go to that device's current stream."""
        return self.torch.cuda.device(self.device)

    def synchronize(self) -> None:
        """Wait for all work queued on the device."""
        self.torch.cuda.synchronize(self.device)

    def event(self) -> Any:
        """A timing event (``record()``, ``elapsed_time(other)`` in ms)."""
        return self.torch.cuda.Event(enable_timing=True)

    def flush_buffer(self) -> Callable[[], Any]:
        """A call that writes a buffer larger than the L2 (:func:`cache_flush_bytes`)."""
        nbytes = cache_flush_bytes(self.device)
        buffer = self.torch.empty(nbytes // 4, dtype=self.torch.int32, device=self.device)
        return buffer.zero_

    def graph(self, fn: Callable[[], Any], calls: int) -> Callable[[], Any] | None:
        """``calls`` calls of ``fn`` captured in a CUDA graph; its ``replay``, or None when ``fn``
        cannot be captured (a host sync inside, a pageable host copy)."""
        torch = self.torch
        try:
            side = torch.cuda.Stream()
            side.wait_stream(torch.cuda.current_stream())
            with torch.cuda.stream(side):  # warm-up on a side stream, as torch's docs advise
                fn()
            torch.cuda.current_stream().wait_stream(side)
            graph = torch.cuda.CUDAGraph()
            with torch.cuda.graph(graph):
                for _ in range(calls):
                    fn()
            graph.replay()
            self.synchronize()
        except Exception:  # not capturable: time it with events instead
            torch.cuda.synchronize(self.device)
            return None
        return graph.replay


#: Calls captured in one CUDA graph (one sample replays them back to back).
GRAPH_CALLS = 100
#: Enqueue about this much GPU work between host synchronizations (and cancel checks).
CHUNK_S = 0.1


class _CpuTimer:
    """CPU: a monotonic clock around each sample."""

    method = "clock"

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock

    def samples(
        self,
        fn: Callable[[], Any],
        calls: int,
        before: Callable[[], Any] | None,
        count: int,
        cancelled: Callable[[], bool],
    ) -> list[float]:
        out = []
        for _ in range(count):
            if cancelled():
                raise Cancelled
            if before is not None:
                before()
            t0 = self.clock()
            for _ in range(calls):
                fn()
            out.append(self.clock() - t0)
        return out


class _CudaTimer:
    """CUDA: events around each sample, samples enqueued, one host sync per chunk."""

    method = "events"

    def __init__(self, api: Any) -> None:
        self.api = api
        api.synchronize()

    def samples(
        self,
        fn: Callable[[], Any],
        calls: int,
        before: Callable[[], Any] | None,
        count: int,
        cancelled: Callable[[], bool],
    ) -> list[float]:
        pairs = []
        for _ in range(count):
            if cancelled():
                raise Cancelled
            if before is not None:
                before()
            start, end = self.api.event(), self.api.event()
            start.record()
            for _ in range(calls):
                fn()
            end.record()
            pairs.append((start, end))
        self.api.synchronize()  # once for the whole chunk
        return [float(start.elapsed_time(end)) / 1e3 for start, end in pairs]


def time_op(
    fn: Callable[[], Any],
    *,
    device: str = "cpu",
    budget_s: float = 0.25,
    warmup_s: float = 0.05,
    min_reps: int = 5,
    max_reps: int = 10_000,
    flush: bool = False,
    min_sample_s: float = 1e-4,
    graph_below_s: float = 2e-5,
    should_cancel: Callable[[], bool] | None = None,
    clock: Callable[[], float] = time.perf_counter,
    cuda: Any | None = None,
) -> Timing:
    """Time ``fn()``: warm up, then repeat until ``budget_s`` of timed work, and summarise.

    Parameters
    ----------
    fn
        The operation; its inputs are already allocated (random, on ``device``).
    device
        ``"cpu"`` or a CUDA device (``"cuda"``, ``"cuda:1"``): CUDA samples are timed with events,
        enqueued back to back with one host sync per chunk (see the module docstring).
    budget_s
        Timed seconds to aim for (at least ``min_reps`` samples, at most ``max_reps``).
    warmup_s
        Untimed seconds of calls first (at least two: allocation, kernel selection, caches).
    flush
        Write a buffer larger than the L2 (:func:`cache_flush_bytes`) before each repetition,
        outside the timed region, so a small memory-bound operation is not served from cache.
    min_sample_s
        Without ``flush``, calls shorter than this are grouped into one sample (clock resolution).
    graph_below_s
        CUDA without ``flush``: calls shorter than this (warm-up median) are timed as replays of a
        CUDA graph of :data:`GRAPH_CALLS` calls; 0 turns graphs off.
    should_cancel
        Checked before every sample; when it returns True, :class:`Cancelled` is raised.
    clock
        The CPU clock (tests inject a fake one).
    cuda
        The :class:`CudaApi` to use on a CUDA device (tests inject a fake); built when None.

    Returns
    -------
    Timing
        Median, quartiles and samples in seconds per call, and the method used.
    """
    cancelled = should_cancel or (lambda: False)
    if not device.startswith("cuda"):
        return _time(fn, _CpuTimer(clock), _flush_cpu(device) if flush else None, cancelled,
                     budget_s, warmup_s, min_reps, max_reps, min_sample_s, 0.0, None)  # fmt: skip
    api = cuda if cuda is not None else CudaApi(device)
    with api.device_context():
        before = api.flush_buffer() if flush else None
        return _time(fn, _CudaTimer(api), before, cancelled, budget_s, warmup_s, min_reps,
                     max_reps, min_sample_s, 0.0 if flush else graph_below_s, api)  # fmt: skip


def _flush_cpu(device: str) -> Callable[[], Any]:
    import torch

    buffer = torch.empty(cache_flush_bytes(device) // 4, dtype=torch.int32, device=device)
    return buffer.zero_


def _time(
    fn: Callable[[], Any],
    timer: _CpuTimer | _CudaTimer,
    before: Callable[[], Any] | None,
    cancelled: Callable[[], bool],
    budget_s: float,
    warmup_s: float,
    min_reps: int,
    max_reps: int,
    min_sample_s: float,
    graph_below_s: float,
    api: Any | None,
) -> Timing:
    # Warm up: at least two calls (the first pays for allocation, library init, kernel choice),
    # then until warmup_s is spent; the estimate ignores the first, cold call.
    warm: list[float] = []
    while len(warm) < 2 or sum(warm) < warmup_s:
        warm += timer.samples(fn, 1, before, 1, cancelled)
    warmups = len(warm)
    estimate = max(quartiles(warm[1:])[1], 1e-9)
    method = timer.method
    call = fn
    if before is not None:
        per_sample = 1
    elif api is not None and estimate < graph_below_s:
        replay = api.graph(fn, GRAPH_CALLS)
        per_sample = GRAPH_CALLS
        if replay is not None:
            call, per_sample, method = replay, 1, "cuda graph"
            estimate = max(quartiles(timer.samples(call, 1, None, 3, cancelled))[1], 1e-9)
            estimate /= GRAPH_CALLS
    else:
        per_sample = max(1, math.ceil(min_sample_s / estimate - 1e-6))
    calls_per_sample = GRAPH_CALLS if method == "cuda graph" else per_sample
    reps = round(min(max_reps, max(min_reps, budget_s / (estimate * calls_per_sample))))
    chunk = reps if api is None else max(1, math.ceil(CHUNK_S / (estimate * calls_per_sample)))

    samples: list[float] = []
    while len(samples) < reps:
        count = min(chunk, reps - len(samples))
        block = timer.samples(call, per_sample, before, count, cancelled)
        samples += [t / calls_per_sample for t in block]
    q1, median, q3 = quartiles(samples)
    return Timing(tuple(samples), median, q1, q3, calls_per_sample, warmups, method)
