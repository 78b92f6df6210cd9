"""A mixture of experts in the plan's search, checks and CLI: EP and ETP searched, layouts that
cannot run refused with one line, and the JSON keys ``params_total``, ``params_active``,
``layout.ep``, ``layout.etp``."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from app.cli import main
from core.errors import InputError
from core.memory.recipes import optimizer, recipe
from core.plan import Cluster, Layout, PlanInput, check_layout
from core.plan.inputs import Constraints
from core.plan.options import planned_input
from core.plan.search import expert_layouts, layouts, search
from tests.core.plan.conftest import SMALL

SEQ = 256
MOE = replace(SMALL, name="small-moe", experts=8, top_k=2, moe_ffn=384)
DIMS = "layers=8,hidden=256,heads=8,kv_heads=4,ffn=768,vocab=1024,experts=8,top_k=2,moe_ffn=384"


def _inp(device, gpus=8) -> PlanInput:
    return PlanInput(MOE, SEQ, 64, Cluster(device, gpus), recipe=recipe("bf16"),
                     optimizer=optimizer("adamw"))  # fmt: skip


def test_the_search_enumerates_expert_parallelism(device, cal) -> None:
    inp = _inp(device)
    fixed = Constraints(pp=1, cp=1, zero=1, micro_batch=1, recompute="none")
    found = list(layouts(inp, fixed))
    # TP 1: EP every divisor of the 8 experts (8 GPUs: all fit in tp·cp·dp = 8), ETP 1
    assert {(lay.ep, lay.etp) for lay in found if lay.tp == 1} == {(1, 1), (2, 1), (4, 1), (8, 1)}
    # TP 2 (always with SP, Megatron's rule): ETP 1 or 2 and EP·ETP dividing 8
    tp2 = {(lay.ep, lay.etp) for lay in found if lay.tp == 2}
    assert tp2 == {(1, 1), (2, 1), (4, 1), (8, 1), (1, 2), (2, 2), (4, 2)}
    assert all(lay.sp for lay in found if lay.tp > 1)
    for lay in found:  # every enumerated layout passes the one-layout check
        assert check_layout(inp, lay).ep == lay.ep
    best = search(inp, fixed, top=40, calibration=cal)
    assert {r.layout.ep for r in best} > {1}
    assert best[0].step_time_s <= min(r.step_time_s for r in best)


def test_expert_layouts_of_a_dense_model_are_the_constraints() -> None:
    assert list(expert_layouts(SMALL, Constraints(), 2, 8)) == [(1, 1)]
    assert list(expert_layouts(MOE, Constraints(ep=4, etp=1), 2, 8)) == [(4, 1)]
    assert list(expert_layouts(MOE, Constraints(ep=8, etp=2), 2, 8)) == []  # 16 ∤ 8


@pytest.mark.parametrize(
    ("layout", "field", "words"),
    [
        (Layout(ep=3), "ep", "ep: 3 does not divide the 8 routed experts; allowed: a divisor of 8"),
        (Layout(tp=2, ep=2), "sp", "sp: a mixture of experts with tp 2 needs sequence parallelism"),
        (Layout(tp=2, sp=True, ep=8, etp=2), "ep",
         "ep: ep 8 × etp 2 = 16 does not divide the 8 GPUs of a pipeline stage"),
    ],
)  # fmt: skip
def test_layouts_that_cannot_run_are_refused_with_one_line(device, layout, field, words) -> None:
    with pytest.raises(InputError) as info:
        check_layout(_inp(device), layout)
    assert info.value.field == field
    assert info.value.message.startswith(words)


def test_a_capacity_factor_needs_experts() -> None:
    with pytest.raises(InputError, match=r"capacity-factor: 1\.5 needs a mixture-of-experts"):
        planned_input(model="llama3-8b", capacity_factor="1.5")
    inp, _ = planned_input(dims=DIMS, seq=SEQ, global_batch=64, capacity_factor="1.25")
    assert inp.capacity_factor == 1.25
    with pytest.raises(InputError, match="capacity-factor"):
        planned_input(dims=DIMS, seq=SEQ, global_batch=64, capacity_factor="0")


def test_the_cli_plans_experts_and_says_so_in_json(capsys) -> None:
    args = ["plan", "--dims", DIMS, "--seq", str(SEQ), "--global-batch", "64", "--gpus", "8",
            "--ep", "4", "--zero", "1", "--changes", "0", "--json"]  # fmt: skip
    assert main(args) == 0
    out = json.loads(capsys.readouterr().out)
    # counts by hand: attention 2·d² + 2·d·128, router d·E, SwiGLU experts 3·d·F, two norms
    d, f = 256, 384
    layer_fixed = 2 * d * d + 2 * d * 128 + d * 8 + 2 * d
    total = 8 * (layer_fixed + 8 * 3 * d * f) + 2 * 1024 * d + d
    active = 8 * (layer_fixed + 2 * 3 * d * f) + 2 * 1024 * d + d
    assert (out["params_total"], out["params_active"]) == (total, active)
    assert (out["layout"]["ep"], out["layout"]["etp"]) == (4, 1)
    assert out["time_breakdown_s"]["ep_comm"] > 0
    assert out["memory_per_gpu"]["expert_state"] > 0
    assert main(["plan", "--model", "llama3-8b", "--json", "--changes", "0"]) == 0
    dense = json.loads(capsys.readouterr().out)
    assert dense["params_total"] == dense["params_active"]
    assert dense["time_breakdown_s"]["ep_comm"] == 0.0
    assert dense["memory_per_gpu"]["expert_state"] == 0.0


def test_the_cli_refuses_an_ep_that_does_not_divide_the_experts(capsys) -> None:
    assert main(["plan", "--dims", DIMS, "--seq", str(SEQ), "--ep", "3"]) == 2
    assert "ep: 3 does not divide the 8 routed experts" in capsys.readouterr().err
