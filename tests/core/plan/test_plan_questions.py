"""The lecture's question and Llama 2 7B's GPU-hours, beside the plan's answers."""

from __future__ import annotations

import pytest

from core.plan.questions import (
    lecture_question,
    llama2_7b_question,
    llama2_implied_mfu,
    napkin_days,
    six_n_mfu,
)


def test_the_lecture_napkin_figure_by_hand() -> None:
    # 6 × 7e10 × 1.5e13 = 6.3e24 FLOPs / (989.5e12 × 0.5 × 1024) = 1.2436e7 s = 143.9 days.
    assert napkin_days(70e9, 15e12, 989.5e12, 0.5, 1024) == pytest.approx(
        6.3e24 / (989.5e12 * 0.5 * 1024) / 86400
    )
    assert round(napkin_days(70e9, 15e12, 989.5e12, 0.5, 1024), 1) == 143.9


def test_llama2_7b_gpu_hours_imply_39_percent() -> None:
    # 6 × 6,738,415,616 × 2e12 / (184,320 h × 3600 s × 312e12 FLOP/s)
    want = 6 * 6_738_415_616 * 2e12 / (184_320 * 3600 * 312e12)
    assert llama2_implied_mfu() == pytest.approx(want)
    assert round(want, 2) == 0.39


def test_the_lecture_question_is_planned_and_compared() -> None:
    answer = lecture_question(top=3)
    best = answer.best
    assert best.fits and answer.candidates[0] is best
    run = best.training
    assert run is not None
    # Days follow from the predicted throughput; the 6·N restatement from the same throughput.
    assert run.days == pytest.approx(15e12 / best.tokens_per_s / 86400)
    assert answer.six_n_mfu == pytest.approx(6 * 70e9 * best.tokens_per_s / (989.5e12 * 1024))
    # At the lecture's own convention, its days and MFU trade one for one.
    assert answer.quoted_days * answer.quoted_mfu == pytest.approx(
        napkin_days(70e9, 15e12, 989.5e12, answer.six_n_mfu, 1024) * answer.six_n_mfu
    )
    out = answer.to_dict()
    assert out["quoted_mfu"] == 0.5 and round(out["quoted_days"], 1) == 143.9
    assert 0 < out["mfu"] < 1 and out["days"] > 0


@pytest.mark.xfail(
    strict=True,
    reason="open: since the gradient reduction is bucketed (Megatron's max(40M, 1M x DP) "
    "parameters), 4 reduction calls at DP 512 pay far less ring latency than 32 per-layer ones "
    "did, and the searched layout's 6*N MFU is over 10 points above the 39 % the GPU-hours imply "
    "(docs/plan.md, The lecture's question: napkinlab plan --model llama2-7b --device a100-sxm); "
    "the per-call latency at 1,024 ranks needs an nccl-tests check",
)
def test_llama2_7b_is_planned_beside_its_gpu_hours() -> None:
    answer = llama2_7b_question(top=1)
    assert answer.best.fits
    assert answer.six_n_mfu == pytest.approx(six_n_mfu(answer.best))
    assert answer.quoted_mfu == pytest.approx(0.39, abs=0.005)
    # Issue 20: within 10 points of the 39 % the GPU-hours imply, in the same 6·N convention
    # (the GPU-hours also hold restarts, evaluation and idle time, so the plan may only be above).
    assert 0 <= answer.six_n_mfu - answer.quoted_mfu <= 0.10
