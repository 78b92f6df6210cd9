"""Custom pipeline layouts (``--pipeline-layout``) in Megatron-Core's notation.

References: Megatron-Core's ``PipelineParallelLayerLayout`` (``parse_str_to_list``'s own docstring
example, the virtual stage ``i`` on rank ``i mod PP`` as chunk ``i // PP``, its checks that the
embedding comes first, the loss last and MTP after every layer) and Megatron-Bridge's DeepSeek-V3
recipe layouts; each rank's layers are counted by hand below.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from app.cli import main
from core.errors import InputError
from core.memory.recipes import optimizer, recipe
from core.plan import Cluster, Constraints, Implementation, Layout, PlanInput, check_layout, plan
from core.plan.inputs import stage_layers
from core.plan.memory import memory_per_gpu
from core.plan.pipeline_layout import layout_problem, parse_layout
from core.plan.search import search
from tests.core.plan.conftest import SMALL


def test_megatrons_own_example_unrolls_as_its_docstring_says() -> None:
    # parse_str_to_list: "Ettt|(tt|)*29,m|L" -> [[E,t,t,t]] + [[t,t]]*29 + [[m],[L]]
    found = parse_layout("Ettt|(tt|)*29,m|L")
    assert found.stages == ("Ettt",) + ("tt",) * 29 + ("m", "L")
    # x*n repeats a character; groups first, then characters (Et*4 is Etttt)
    assert parse_layout("Et*4|(t*4|)*2t*1mL").stages == ("Etttt", "tttt", "tttt", "tmL")


def test_deepseek_v3s_layout_on_eight_ranks_by_hand() -> None:
    # 'Et|(tt|)*30mL': 32 virtual stages; rank r holds stages r, r+8, r+16, r+24. Rank 0: "Et",
    # "tt", "tt", "tt" = 7 layers; rank 7: "tt", "tt", "tt", "mL" = 6; every other rank 4 × 2 = 8.
    found = parse_layout("Et|(tt|)*30mL")
    assert found.count == 32
    assert found.rank_layers(8) == (7.0, 8.0, 8.0, 8.0, 8.0, 8.0, 8.0, 6.0)
    assert found.split(8) == {"first": (0, 7.0), "last": (7, 6.0), "middle": (1, 8.0)}
    assert found.chunk_layers(8, "first") == (1.0, 2.0, 2.0, 2.0)
    assert found.chunk_layers(8, "last") == (2.0, 2.0, 2.0, 0.0)
    assert layout_problem("Et|(tt|)*30mL", 61, 8, 4, 1) is None
    # the same 32 stages as PP 4 × VPP 8: rank 0 holds 1 + 7 × 2 = 15 layers
    assert found.rank_layers(4)[0] == 15.0 and sum(found.rank_layers(4)) == 61.0


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("", "empty"),
        ("tE|L", "the embedding E must come first"),
        ("Et|tx|L", "unknown character 'x'"),
        ("Et|m|tL", "MTP modules m must follow every layer"),
        ("Et|tL|L", "the loss L must come last"),
    ],
)
def test_a_layout_megatron_would_refuse_is_refused_with_what_is_allowed(text, said) -> None:
    with pytest.raises(InputError, match=said) as err:
        parse_layout(text)
    assert err.value.field == "pipeline_layout"


def _inp(device, impl: Implementation, model=SMALL, mtp: int = 0) -> PlanInput:
    return PlanInput(model, 256, 48, Cluster(device, 3), recipe=recipe("bf16"),
                     optimizer=optimizer("adamw"), implementation=impl, mtp=mtp)  # fmt: skip


def test_a_layout_that_is_the_plans_own_split_plans_the_same(device, cal) -> None:
    # 8 layers on 3 stages: the uneven split gives the first ⌈8/3⌉ − 1 = 2, the others 3
    assert stage_layers(8, 3, 1) == {"first": (0, 2.0), "last": (2, 3.0), "middle": (1, 3.0)}
    lay = Layout(pp=3, micro_batch=1)
    uneven = plan(_inp(device, Implementation(uneven_stages=True)), lay, calibration=cal)
    custom = plan(_inp(device, Implementation(pipeline_layout="Ett|ttt|tttL")), lay,
                  calibration=cal)  # fmt: skip
    assert custom.step_time_s == pytest.approx(uneven.step_time_s, rel=1e-12)
    assert custom.memory.peak == pytest.approx(uneven.memory.peak, rel=1e-12)


def test_moving_a_layer_off_the_last_stage_is_what_the_plan_counts(device, cal) -> None:
    lay = Layout(pp=3, micro_batch=1)
    impl = Implementation(pipeline_layout="Ettt|ttt|ttL")
    assert stage_layers(8, 3, 1, impl.pipeline_layout) == {
        "first": (0, 3.0), "last": (2, 2.0), "middle": (1, 3.0),
    }  # fmt: skip
    uneven = plan(_inp(device, Implementation(uneven_stages=True)), lay, calibration=cal)
    custom = plan(_inp(device, impl), lay, calibration=cal)
    # the uneven split's busiest stage is the last, 3 layers and the LM head; here the last holds
    # 2 and the head, the others 3 (the first with the embedding): every stage does less
    assert custom.step_time_s < uneven.step_time_s
    said = [str(a) for a in custom.assumptions if "pipeline layout Ettt|ttt|ttL" in str(a)]
    assert len(said) == 1 and "3 layers on the first GPU" in said[0] and "2 on the last" in said[0]
    # two stages have no middle one to name
    two = plan(replace(_inp(device, Implementation(pipeline_layout="Ettttt|tttL")),
                       cluster=Cluster(device, 2)), Layout(pp=2, micro_batch=1), calibration=cal)  # fmt: skip
    said = [str(a) for a in two.assumptions if "pipeline layout" in str(a)]
    assert len(said) == 1 and "middle" not in said[0] and "5 layers on the first GPU" in said[0]
    # memory follows the layout too: the first GPU holds 3 layers' parameters, not 2
    checked = check_layout(_inp(device, impl), lay)
    first = memory_per_gpu(_inp(device, impl), checked, 48 // checked.dp)
    assert first.peak != pytest.approx(uneven.memory.peak, rel=1e-9)


@pytest.mark.parametrize(
    ("text", "pp", "mtp", "said"),
    [
        ("Ett|ttt|tttL", 2, 0, "3 stages, not pp 2 × vpp 1 = 2"),
        ("Ett|ttt|ttL", 3, 0, "7 layers t, the model has 8"),
        ("Ett|ttt|tttmL", 3, 0, "1 MTP modules m, the plan has --mtp 0"),
        ("Ett|tttm|tttL", 3, 1, "MTP modules m must follow every layer"),
    ],
)
def test_check_layout_refuses_a_layout_that_does_not_fit_the_model(device, text, pp, mtp,
                                                                   said) -> None:  # fmt: skip
    with pytest.raises(InputError, match=said) as err:
        check_layout(_inp(device, Implementation(pipeline_layout=text), mtp=mtp),
                     Layout(pp=pp, micro_batch=1))  # fmt: skip
    assert err.value.field == "pipeline_layout"


def test_the_search_only_tries_what_the_layout_divides_into(device, cal) -> None:
    inp = replace(_inp(device, Implementation(pipeline_layout="Et|t|t|t|t|t|t|tL")),
                  cluster=Cluster(device, 8))  # fmt: skip
    found = search(inp, Constraints(include_unfit=True), top=50, calibration=cal)
    assert found and all(r.layout.pp * r.layout.vpp == 8 for r in found)
    assert {r.layout.pp for r in found} <= {1, 2, 4, 8} and any(r.layout.pp > 1 for r in found)


def test_the_flag_reaches_the_plan_and_its_json(capsys) -> None:
    base = ["plan", "--dims", "layers=8,hidden=256,heads=8,vocab=1024", "--gpus", "3", "--pp", "3",
            "--seq", "256", "--global-batch", "48", "--json"]  # fmt: skip
    assert main([*base, "--pipeline-layout", "Ettt|ttt|ttL"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["implementation"]["pipeline_layout"] == "Ettt|ttt|ttL"
    assert main([*base, "--pipeline-layout", "Ett|ttt|ttL"]) == 2
    assert "pipeline-layout: 7 layers t, the model has 8" in capsys.readouterr().err
