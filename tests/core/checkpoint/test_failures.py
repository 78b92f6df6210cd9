"""Failures and checkpoints against hand derivations: the rate from Llama 3's log, the job's MTBF,
Young's interval as the minimum of the first-order waste, and the wall time's fixed point."""

from __future__ import annotations

import math

import pytest

from core.checkpoint import (
    FAILURE_RATE,
    failure_rate_from,
    mtbf_s,
    run_time,
    young_daly_interval,
)
from core.errors import InputError


def test_rate_is_llama3s_unexpected_interruptions_per_gpu_day() -> None:
    assert pytest.approx(419 / 54 / 16384) == FAILURE_RATE
    # the paper's "about one failure every 3 hours" on 16,384 GPUs
    hours = mtbf_s(16384, FAILURE_RATE) / 3600
    assert 2.5 < hours < 3.5


def test_mtbf_scales_inversely_with_gpus() -> None:
    # one failure per GPU-day on 24 GPUs: one an hour
    assert mtbf_s(24, 1.0) == pytest.approx(3600)
    assert mtbf_s(48, 1.0) == pytest.approx(1800)
    assert math.isinf(mtbf_s(1024, 0.0))


def test_young_interval_minimises_the_first_order_waste() -> None:
    save, mtbf = 30.0, 20_000.0

    def waste(tau: float) -> float:  # checkpoint share + half an interval lost per failure
        return save / tau + tau / (2 * mtbf)

    tau = young_daly_interval(save, mtbf)
    assert tau == pytest.approx(math.sqrt(2 * 30 * 20_000))  # 1,095.4 s
    assert waste(tau) < waste(tau * 0.9) and waste(tau) < waste(tau * 1.1)
    # at the optimum both terms are equal (d/dτ: -δ/τ² + 1/(2M) = 0)
    assert save / tau == pytest.approx(tau / (2 * mtbf))


def test_run_time_by_hand() -> None:
    # 100 h of training on 100 GPUs at 0.24 failures per GPU-day: MTBF = 86400/24 = 3,600 s
    train, save, gpus, rate, restart = 360_000.0, 50.0, 100, 0.24, 300.0
    got = run_time(train, save, gpus, rate, restart)
    mtbf = 3600.0
    tau = math.sqrt(2 * 50 * 3600)  # 600 s
    assert got.mtbf_s == pytest.approx(mtbf)
    assert got.interval_s == pytest.approx(600.0)
    checkpoints = train / tau  # 600 checkpoints
    ckpt = checkpoints * save  # 30,000 s
    # W = T + C + (W / M)(τ/2 + R) -> W = (T + C) / (1 - (300 + 300) / 3600)
    wall = (train + ckpt) / (1 - (tau / 2 + restart) / mtbf)
    assert got.checkpoint_s == pytest.approx(ckpt)
    assert got.total_s == pytest.approx(wall)
    assert got.failures == pytest.approx(wall / mtbf)
    assert got.failure_s == pytest.approx(got.failures * (tau / 2 + restart))
    rows = got.rows("given", "given")
    assert sum(r["seconds"] for r in rows.values()) == pytest.approx(wall)
    assert rows["failures"]["days"] == pytest.approx(got.failure_s / 86400)


def test_no_failures_adds_nothing_and_hopeless_runs_are_refused() -> None:
    quiet = run_time(1000.0, 10.0, 8, 0.0)
    assert quiet.total_s == 1000.0 and quiet.checkpoint_s == 0 and quiet.failure_s == 0
    with pytest.raises(InputError, match="never finish"):
        run_time(1e6, 600.0, 100_000, 1.0)


def test_rate_text() -> None:
    assert failure_rate_from(None) is None and failure_rate_from(" ") is None
    assert failure_rate_from("0") == 0.0
    assert failure_rate_from("4.7e-4") == pytest.approx(4.7e-4)
    with pytest.raises(InputError, match="failure-rate"):
        failure_rate_from("-1")
    with pytest.raises(InputError, match="failure-rate"):
        failure_rate_from("fast")
