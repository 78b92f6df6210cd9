"""The Plan tab's data-path row: consumed per node beside delivered, and the limit named."""

from __future__ import annotations

import pytest

from app.plan_worker import run_plan
from app.state import AppState
from app.tabs.plan_tab import PlanPage
from core.plan import Constraints
from core.plan.options import planned_input
from core.units import format_count

pytest.importorskip("torch")


@pytest.fixture(scope="module")
def small(qapp):
    inp, _ = planned_input(dims="layers=4,hidden=256,heads=8,kv_heads=4,ffn=768,vocab=1024",
                           seq=256, global_batch=64, device="h100-sxm", gpus=16)  # fmt: skip
    fixed = Constraints(tp=1, pp=1, vpp=1, cp=1, sp=False, zero=1, micro_batch=4, recompute="none")
    return run_plan(inp, fixed)


@pytest.fixture
def page(qtbot, tmp_path, monkeypatch) -> PlanPage:
    monkeypatch.setattr(  # nothing measured on this machine
        "core.bench.data_results.default_data_path_file", lambda: tmp_path / "none.jsonl"
    )
    p = PlanPage(AppState())
    qtbot.addWidget(p)
    p.resize(1280, 760)
    p.show()
    return p


def test_row_consumed_beside_delivered(page: PlanPage, small) -> None:
    page.set_job(small)
    res = page.chosen()
    consumed = res.tokens_per_s * 8 / 16  # a node of 8 of the 16 GPUs: half the tokens
    text = page.data_line.text()
    assert format_count(consumed) in text and "not measured" in text
    page.data_field.setText(f"{consumed / 3:.6g}")
    assert "the data path is the limit" in page.data_line.text()
    page.data_field.setText(f"{consumed * 4:.6g}")
    assert "4× headroom" in page.data_line.text()
    page.data_field.setText("")
    assert "not measured" in page.data_line.text()
    assert page.session_state()["data_tokens_per_s"] == ""
