"""Timing one operation the way good harnesses do: synchronize, warm up, repeat, report the spread.

The lecture's warning (CS336 lecture 2, section 六): CUDA calls return before the GPU has finished, so
a timer around them measures only the launch. :func:`time_op` therefore records CUDA events around
each repetition (and synchronizes before reading them); on the CPU it reads a monotonic clock and
does nothing extra. Like triton's ``do_bench`` and ``torch.utils.benchmark`` it warms up first,
repeats until a time budget is spent, can flush the cache between repetitions (writing a buffer
larger than the L2) and reports the median with the spread (interquartile range / median).

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

__all__ = [
    "NOISY_SPREAD",
    "Cancelled",
    "Timing",
    "cache_flush_bytes",
    "quartiles",
    "time_op",
]

#: A spread (IQR / median) above this marks a measurement as noisy.
NOISY_SPREAD = 0.10

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
    """

    samples: tuple[float, ...]
    median: float
    q1: float
    q3: float
    per_sample: int = 1
    warmup: int = 0

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
    total = 0
    root = Path("/sys/devices/system/cpu")
    seen: set[str] = set()
    try:
        for index in root.glob("cpu[0-9]*/cache/index*"):
            if (index / "level").read_text().strip() != "2":
                continue
            shared = (index / "shared_cpu_list").read_text().strip()
            if shared in seen:
                continue
            seen.add(shared)
            size = (index / "size").read_text().strip().upper()
            scale = {"K": 1024, "M": _MIB}.get(size[-1:], 1)
            total += int(size.rstrip("KM")) * scale
    except (OSError, ValueError):
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


class _Clock:
    """Times one repetition: CUDA events on a CUDA device, a monotonic clock otherwise."""

    def __init__(self, device: str, clock: Callable[[], float]) -> None:
        self.cuda = device.startswith("cuda")
        self.clock = clock
        if self.cuda:
            import torch

            self.torch = torch
            torch.cuda.synchronize(device)

    def run(self, fn: Callable[[], Any], calls: int, before: Callable[[], Any] | None) -> float:
        """Seconds for ``calls`` calls of ``fn`` (``before`` runs untimed first)."""
        if self.cuda:
            torch = self.torch
            start = torch.cuda.Event(enable_timing=True)
            end = torch.cuda.Event(enable_timing=True)
            if before is not None:
                before()
            start.record()
            for _ in range(calls):
                fn()
            end.record()
            end.synchronize()
            return float(start.elapsed_time(end)) / 1e3
        if before is not None:
            before()
        t0 = self.clock()
        for _ in range(calls):
            fn()
        return self.clock() - t0


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
    should_cancel: Callable[[], bool] | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> Timing:
    """Time ``fn()``: warm up, then repeat until ``budget_s`` of timed work, and summarise.

    Parameters
    ----------
    fn
        The operation; its inputs are already allocated (random, on ``device``).
    device
        ``"cpu"`` or a CUDA device (``"cuda"``, ``"cuda:1"``): CUDA repetitions are timed with
        events, so the asynchronous launch is not mistaken for the work.
    budget_s
        Timed seconds to aim for (at least ``min_reps`` samples, at most ``max_reps``).
    warmup_s
        Untimed seconds of calls first (at least two: allocation, kernel selection, caches).
    flush
        Write a buffer larger than the L2 (:func:`cache_flush_bytes`) before each repetition,
        outside the timed region, so a small memory-bound operation is not served from cache.
    min_sample_s
        Without ``flush``, calls shorter than this are grouped into one sample (clock resolution).
    should_cancel
        Checked before every call group; when it returns True, :class:`Cancelled` is raised.
    clock
        The CPU clock (tests inject a fake one).

    Returns
    -------
    Timing
        Median, quartiles and samples in seconds per call.
    """
    cancelled = should_cancel or (lambda: False)
    timer = _Clock(device, clock)
    before: Callable[[], Any] | None = None
    if flush:
        import torch

        buffer = torch.empty(cache_flush_bytes(device) // 4, dtype=torch.int32, device=device)
        before = buffer.zero_

    # Warm up: at least two calls (the first pays for allocation, library init, kernel choice),
    # then until warmup_s is spent; the estimate ignores the first, cold call.
    warm: list[float] = []
    while len(warm) < 2 or sum(warm) < warmup_s:
        if cancelled():
            raise Cancelled
        warm.append(timer.run(fn, 1, before))
    warmups = len(warm)
    estimate = max(quartiles(warm[1:])[1], 1e-9)
    per_sample = 1 if flush else max(1, math.ceil(min_sample_s / estimate - 1e-6))
    reps = round(min(max_reps, max(min_reps, budget_s / (estimate * per_sample))))

    samples: list[float] = []
    for _ in range(reps):
        if cancelled():
            raise Cancelled
        samples.append(timer.run(fn, per_sample, before) / per_sample)
    q1, median, q3 = quartiles(samples)
    return Timing(tuple(samples), median, q1, q3, per_sample, warmups)
