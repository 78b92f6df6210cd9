"""The Plan tab's checkpoint-storage and failure-rate fields: empty is the sourced default shown
as the placeholder, a bad text is said under the field, a good one changes the days rows as
``napkinlab plan --checkpoint-bw/--failure-rate`` would (Young/Daly by hand), and sessions keep
them."""

from __future__ import annotations

import math

import pytest

pytest.importorskip("torch")

from app.plan_worker import run_plan
from app.state import AppState
from app.tabs.checkpoint_days import days_rows
from app.tabs.plan_tab import PlanPage
from app.worker_runner import wait_detached
from core.plan import Constraints
from core.plan.days import run_days
from core.plan.options import planned_input


@pytest.fixture(scope="module")
def job(qapp):
    """A small model on 64 H100 for 1T tokens: a quick search with days to split."""
    inp, _ = planned_input(model="transformer:d=512,layers=8,heads=8,vocab=4096", seq=1024,
                           global_batch=256, device="h100-sxm", gpus=64, tokens="1T")  # fmt: skip
    return run_plan(inp, Constraints())


@pytest.fixture
def page(qtbot, job) -> PlanPage:
    p = PlanPage(AppState())
    qtbot.addWidget(p)
    p.resize(1280, 760)
    p.show()
    p.set_job(job)
    yield p
    p.shutdown()
    wait_detached(30_000)


def _young_daly(train_s: float, nbytes: float, bw: float, gpus: int, rate: float) -> dict:
    """Young/Daly by hand: MTBF, interval √(2·save·MTBF), saves, and the failures over the wall
    time when each costs half an interval and a 600 s restart."""
    save = nbytes / bw
    mtbf = 86400 / (rate * gpus)
    tau = math.sqrt(2 * save * mtbf)
    saves = train_s / tau
    wall = (train_s + saves * save) / (1 - (tau / 2 + 600) / mtbf)
    return {"saves": saves, "failures": wall / mtbf, "total_days": wall / 86400}


def _set(page: PlanPage, key: str, text: str) -> None:
    page.inputs.fields[key].setText(text)


def test_empty_fields_show_the_sourced_defaults(page: PlanPage) -> None:
    fields = page.inputs.fields
    assert fields["checkpoint_bw"].text() == "" and fields["failure_rate"].text() == ""
    # 1,024 GPUs' share of Llama 3's 2 TB/s for 16,384: 2e12 / 16 = 125 GB/s.
    assert "125 GB/s" in fields["checkpoint_bw"].lineEdit().placeholderText()
    assert f"{419 / (54 * 16384):.2e}" in fields["failure_rate"].lineEdit().placeholderText()
    assert "arXiv:2407.21783" in fields["checkpoint_bw"].lineEdit().toolTip()
    assert "Table 5" in fields["failure_rate"].lineEdit().toolTip()
    _set(page, "gpus", "64")  # the placeholder follows the GPUs: 64 × 2e12 / 16,384
    assert (
        f"{64 * 2e12 / 16384 / 1e9:.4g} GB/s"
        in fields["checkpoint_bw"].lineEdit().placeholderText()
    )
    assert page.days.texts() == [text for text, _ in days_rows(page.chosen())[1]]


def test_given_storage_and_rate_change_the_days_rows(page: PlanPage, job) -> None:
    res = page.chosen()
    before = page.days.texts()
    _set(page, "checkpoint_bw", "20 GB/s")
    _set(page, "failure_rate", "1e-3")
    assert page.inputs.days_options() == {"storage_bw": 20e9, "failure_rate": 1e-3}
    texts = page.days.texts()
    assert texts != before and page.chosen() is res  # the days again, not a new search
    nbytes = run_days(res).checkpoint.bytes
    hand = _young_daly(res.training.seconds, nbytes, 20e9, res.gpus, 1e-3)
    assert f"{hand['saves']:,.0f} saves" in texts[1]
    assert f"{hand['failures']:,.0f} restarts" in texts[2] and "given rate" in texts[2]
    assert f"{hand['total_days']:,.2f}" in texts[3]
    assert "given" in page.days.toolTip()


def test_rate_zero_means_no_failures_and_no_checkpoints(page: PlanPage) -> None:
    _set(page, "failure_rate", "0")
    texts = page.days.texts()
    assert len(texts) == 3 and "No failures" in texts[1]
    assert f"{page.chosen().training.seconds / 86400:,.2f}" in texts[2]  # training alone


def test_bad_texts_are_said_under_the_field(page: PlanPage) -> None:
    before = page.days.texts()
    _set(page, "checkpoint_bw", "fast")
    _set(page, "failure_rate", "2")
    problems = page.inputs.problems()
    assert any("checkpoint-bw" in p for p in problems)
    assert any("failure-rate" in p and "allowed" in p for p in problems)
    assert page.days.texts() == before  # the last good values stay


def test_sessions_keep_the_fields(page: PlanPage, qtbot) -> None:
    _set(page, "checkpoint_bw", "500G")
    _set(page, "failure_rate", "5e-4")
    saved = page.session_state()
    other = PlanPage(AppState())
    qtbot.addWidget(other)
    assert other.restore_session(saved) == []
    assert other.inputs.days_options() == {"storage_bw": 5e11, "failure_rate": 5e-4}
    problems = other.restore_session({"failure_rate": "-1", "checkpoint_bw": [1]})
    assert len(problems) == 2 and any("failure-rate" in p for p in problems)
    assert other.inputs.days_options() == {"storage_bw": 5e11, "failure_rate": 5e-4}


def test_a_slide_hides_the_fields_and_still_uses_them(page: PlanPage) -> None:
    _set(page, "failure_rate", "0")
    page.inputs.set_compact(True)
    assert page.inputs.fields["failure_rate"].isHidden()
    page.inputs.set_compact(False)
    assert not page.inputs.fields["failure_rate"].isHidden()
    assert "No failures" in page.days.texts()[1]
