"""The Plan tab's days rows: training, checkpoints, failures and the total, as the core's
``run_days`` gives them, and a slide's one line under the tokens."""

from __future__ import annotations

import pytest

pytest.importorskip("torch")

from app.tabs.checkpoint_days import compact_training, days_rows
from core.memory.models import parse_model
from core.plan import Cluster, Layout, PlanInput, plan
from core.plan.days import run_days
from core.roofline.hardware import load_catalog


@pytest.fixture(scope="module")
def res():
    spec = parse_model("transformer:d=256,layers=8,heads=8,vocab=1024,seq=256")
    inp = PlanInput(spec, 256, 64, Cluster(load_catalog().get("h100-sxm"), 64), tokens=1e13)
    return plan(inp, Layout(tp=2, zero=1))


def test_rows_say_the_cores_days(res) -> None:
    days = run_days(res)
    title, rows = days_rows(res)
    assert title and len(rows) == 4
    texts = [text for text, _ in rows]
    t = days.time
    assert f"{t.train_s / 86400:,.2f}" in texts[0]
    assert f"{t.checkpoint_s / 86400:,.2f}" in texts[1] and f"{t.checkpoints:,.0f}" in texts[1]
    assert f"{t.failure_s / 86400:,.2f}" in texts[2] and f"{t.failures:,.0f}" in texts[2]
    assert f"{days.days_total:,.2f}" in texts[3]
    assert "Young" in rows[1][1] and "419" in rows[2][1]  # the sources, in the tooltips


def test_no_tokens_no_rows_and_a_slides_line(res) -> None:
    import dataclasses

    bare = dataclasses.replace(res, inp=dataclasses.replace(res.inp, tokens=None))
    assert days_rows(bare)[1] == [] and days_rows(None)[1] == []
    text, tip = compact_training(res, days_rows(res)[1])
    assert f"{run_days(res).days_total:,.1f} days" in text and "419" in tip
