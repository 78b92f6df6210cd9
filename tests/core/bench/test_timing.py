"""The timing harness: warm-up, budget, median and spread, cancel, cache flush, on sleep-free work."""

from __future__ import annotations

import statistics
import timeit
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.bench.timing import NOISY_SPREAD, Cancelled, cache_flush_bytes, quartiles, time_op


class FakeWork:
    """A workload whose every call takes a known time on a fake clock (no sleeping)."""

    def __init__(self, durations: list[float]) -> None:
        self.durations = durations
        self.now = 0.0
        self.calls = 0

    def clock(self) -> float:
        return self.now

    def __call__(self) -> None:
        self.now += self.durations[self.calls % len(self.durations)]
        self.calls += 1


@given(st.lists(st.floats(0, 1e6, allow_nan=False), min_size=2, max_size=50))
def test_quartiles_match_the_standard_library(values):
    # statistics' "inclusive" method is the same linear interpolation numpy uses by default.
    q1, q2, q3 = statistics.quantiles(values, n=4, method="inclusive")
    assert quartiles(values) == pytest.approx((q1, q2, q3), rel=1e-9, abs=1e-9)


def test_median_and_spread_of_a_known_workload():
    # Calls take 1, 2, ..., 8 ms in turn. Warm-up: two calls (1 ms cold, 2 ms) already pass
    # warmup_s = 0.5 ms; the estimate skips the cold call: 2 ms. Budget 80 ms / 2 ms -> 40 timed
    # calls, durations 3, 4, ..., 8, 1, 2, 3, ...: five full cycles of 1..8 ms.
    work = FakeWork([i * 1e-3 for i in range(1, 9)])
    t = time_op(work, budget_s=0.080, warmup_s=0.0005, min_sample_s=0, clock=work.clock)
    assert t.warmup == 2
    assert t.reps == 40
    assert work.calls == 42
    expected = [work.durations[(i + 2) % 8] for i in range(40)]
    q1, median, q3 = statistics.quantiles(expected, n=4, method="inclusive")
    assert t.median == pytest.approx(median)
    assert t.spread == pytest.approx((q3 - q1) / median)
    assert t.noisy  # 1..8 ms is anything but repeatable


def test_a_steady_workload_is_not_flagged_noisy():
    work = FakeWork([1e-3, 1.01e-3, 0.99e-3])
    t = time_op(work, budget_s=0.03, warmup_s=0.002, clock=work.clock)
    assert t.median == pytest.approx(1e-3)
    assert t.spread < NOISY_SPREAD
    assert not t.noisy


def test_short_calls_are_grouped_per_sample():
    # 1 µs calls with a 100 µs minimum sample -> 100 calls per sample, reported per call.
    work = FakeWork([1e-6])
    t = time_op(work, budget_s=0.01, warmup_s=1e-5, min_sample_s=1e-4, clock=work.clock)
    assert t.per_sample == 100
    assert t.median == pytest.approx(1e-6)
    assert t.reps == 100  # budget 10 ms / (100 × 1 µs)


def test_min_reps_holds_even_for_a_slow_call():
    work = FakeWork([1.0])
    t = time_op(work, budget_s=0.1, warmup_s=0.0, min_reps=3, clock=work.clock)
    assert t.reps == 3


def test_cancel_is_checked_between_repetitions():
    work = FakeWork([1e-3])
    t_calls = 7
    with pytest.raises(Cancelled):
        time_op(
            work,
            budget_s=10.0,
            warmup_s=0.0,
            min_sample_s=0,
            should_cancel=lambda: work.calls >= t_calls,
            clock=work.clock,
        )
    assert work.calls == t_calls  # not one call after cancel was asked


def test_time_of_real_work_agrees_with_timeit():
    # A sleep-free CPU workload timed both ways on the real clock; a shared machine is noisy,
    # so the two medians must agree within a factor of 2, not exactly.
    def work() -> int:
        return sum(range(20_000))

    ratios = []
    for _ in range(3):  # interleaved, so a neighbour's burst of load hits both alike
        ours = time_op(work, budget_s=0.05, warmup_s=0.005).median
        theirs = statistics.median(timeit.repeat(work, number=1, repeat=15))
        ratios.append(ours / theirs)
    assert 0.5 < statistics.median(ratios) < 2.0


def test_flush_buffer_is_larger_than_the_l2():
    index2 = Path("/sys/devices/system/cpu/cpu0/cache/index2")
    if not (index2 / "size").exists() or (index2 / "level").read_text().strip() != "2":
        pytest.skip("no sysfs L2 description here")
    size = (index2 / "size").read_text().strip()
    l2 = int(size.rstrip("KM")) * (1024 if size.endswith("K") else 1024 * 1024)
    assert cache_flush_bytes("cpu") > l2


def test_flush_runs_outside_the_timed_region():
    # Flushing writes a real buffer between calls, but only the fake call time is measured.
    work = FakeWork([2e-3])
    t = time_op(work, budget_s=0.02, warmup_s=0.0, flush=True, clock=work.clock)
    assert t.per_sample == 1
    assert t.median == pytest.approx(2e-3)
    assert t.reps == 10


def test_cuda_timing_matches_synchronized_wall_clock():
    torch = pytest.importorskip("torch")
    if not torch.cuda.is_available():
        pytest.skip("no CUDA device")
    a = torch.randn(4096, 4096, device="cuda")
    t = time_op(lambda: a @ a, device="cuda", budget_s=0.2)
    torch.cuda.synchronize()
    start = timeit.default_timer()
    for _ in range(20):
        a @ a
    torch.cuda.synchronize()
    wall = (timeit.default_timer() - start) / 20
    assert 0.7 < t.median / wall < 1.3
