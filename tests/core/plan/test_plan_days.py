"""The lecture's 70B run with checkpoints and failures: the rows beside the training days, each
with its source, by hand from the planned layout."""

from __future__ import annotations

import math

import pytest

pytest.importorskip("torch")

from core.memory.recipes import recipe
from core.plan.questions import lecture_question


def test_lecture_run_days_with_checkpoints_and_failures() -> None:
    answer = lecture_question(top=1)
    out, best = answer.to_dict(), answer.best
    rows = out["days_breakdown"]
    assert rows["train"]["days"] == pytest.approx(out["days"])  # "days" keeps its meaning
    assert out["days_total"] == pytest.approx(
        rows["train"]["days"] + rows["checkpoints"]["days"] + rows["failures"]["days"]
    )
    # by hand: llama2-70b's bf16 weights and fp32 AdamW moments, 10 bytes per parameter
    n = best.inp.model.param_count
    assert best.inp.recipe == recipe("bf16")
    ckpt, fail = rows["checkpoints"], rows["failures"]
    assert ckpt["bytes"] == pytest.approx(10 * n, rel=0.005)
    bw = 2e12 / 16384 * 1024  # the job's share of Llama 3's 2 TB/s
    save = ckpt["bytes"] / bw
    mtbf = 86400 / (419 / 54 / 16384 * 1024)  # about 2 days on 1,024 GPUs
    tau = math.sqrt(2 * save * mtbf)
    train = rows["train"]["seconds"]
    assert ckpt["save_s"] == pytest.approx(save) and ckpt["interval_s"] == pytest.approx(tau)
    assert ckpt["seconds"] == pytest.approx(train / tau * save)
    wall = (train + ckpt["seconds"]) / (1 - (tau / 2 + 600) / mtbf)
    assert rows["total"]["seconds"] == pytest.approx(wall)
    assert fail["count"] == pytest.approx(wall / mtbf)
    assert "arXiv:2407.21783" in fail["source"] and "Young" in ckpt["source"]
