"""The Plan tab's inputs for the CLI's mixture-of-experts plan flags (``--schedule``,
``--dispatcher``, ``--route-nodes``, ``--mtp``, ``--capacity-factor``): the tab plans what
``napkinlab plan --json`` plans for the same text, a bad value is said under its field with
what is allowed, and a session keeps them."""

from __future__ import annotations

import json

import pytest

from app.cli import main
from app.plan_worker import run_plan
from app.state import AppState
from app.tabs.plan_tab import PlanPage

#: Mixtral-8x7B on 64 H100, a fixed layout (no search): DualPipe over 4 stages, DeepEP with
#: node-limited routing, one MTP module and a capacity factor.
TEXT = {"model": "mixtral-8x7b", "gpus": "64", "global_batch": "256", "seq": "4096",
        "tp": "1", "pp": "4", "vpp": "1", "cp": "1", "ep": "8", "etp": "1",
        "micro_batch": "1", "route_nodes": "2", "mtp": "1", "capacity_factor": "1.25"}  # fmt: skip
COMBOS = {"schedule": "dualpipe", "dispatcher": "deepep", "zero": "1", "recompute": "full"}


def _fill(page: PlanPage) -> None:
    inputs = page.inputs
    inputs.set_model(TEXT["model"])
    for key, text in TEXT.items():
        if key != "model":
            inputs.fields[key].setText(text)
    for key, data in COMBOS.items():
        box = inputs.combos[key]
        box.setCurrentIndex(box.findData(data))


@pytest.fixture
def page(qtbot) -> PlanPage:
    p = PlanPage(AppState())
    qtbot.addWidget(p)
    return p


def test_the_tab_plans_what_the_cli_plans(page: PlanPage, capsys) -> None:
    _fill(page)
    inp, constraints = page.plan_input()
    impl = inp.implementation
    assert (impl.schedule, impl.dispatcher, impl.route_nodes) == ("dualpipe", "deepep", 2)
    assert (inp.mtp, inp.capacity_factor) == (1, 1.25)
    best = run_plan(inp, constraints)["results"][0]
    flags = [f"--{key.replace('_', '-')}={value}" for key, value in {**TEXT, **COMBOS}.items()]
    assert main(["plan", *flags, "--json"]) == 0
    cli = json.loads(capsys.readouterr().out)
    assert cli["implementation"]["schedule"] == "dualpipe"
    assert cli["implementation"]["dispatcher"] == "deepep"
    assert cli["layout"]["pp"] == best.layout.pp == 4 and cli["layout"]["ep"] == best.layout.ep == 8
    assert cli["step_time_s"] == pytest.approx(best.step_time_s, rel=1e-12)
    assert cli["memory_per_gpu"]["peak"] == pytest.approx(best.memory.peak, rel=1e-12)
    # Each flag moves the plan: the same text without it is another step time.
    page.inputs.fields["mtp"].setText("")
    assert run_plan(*page.plan_input())["results"][0].step_time_s < best.step_time_s


def test_bad_values_are_said_with_what_is_allowed(page: PlanPage) -> None:
    fields = page.inputs.fields
    fields["mtp"].setText("17")
    assert not fields["mtp"].isValid() and "16" in fields["mtp"].errorText()
    fields["capacity_factor"].setText("0")
    assert "capacity-factor" in fields["capacity_factor"].errorText()
    fields["route_nodes"].setText("two")
    assert "route-nodes" in fields["route_nodes"].errorText()
    assert len(page.inputs.problems()) == 3
    # A capacity factor on a dense model: the core's message, under the layout page.
    for key in ("mtp", "route_nodes"):
        fields[key].setText("")
    fields["capacity_factor"].setText("1.0")
    page.inputs.set_model("llama2-7b")
    assert not page.start_plan()
    assert "dense" in page.inputs.errors["layout"].text()


def test_a_session_keeps_them(page: PlanPage, qtbot) -> None:
    _fill(page)
    saved = page.session_state()
    other = PlanPage(AppState())
    qtbot.addWidget(other)
    assert other.restore_session(saved) == []
    assert other.plan_input() == page.plan_input()
    assert other.restore_session({"schedule": "zigzag"}) != []
