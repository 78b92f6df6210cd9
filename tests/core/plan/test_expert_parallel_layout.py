"""Expert parallelism in the plan's layout (``ep``, ``etp``): carried through the options, the
JSON and the label, and refused with one clear line for a dense model (the MoE timing and memory
come with the MoE model fields)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from app.cli import main
from core.errors import InputError
from core.plan import Cluster, Layout, PlanInput, check_layout
from core.plan.inputs import Constraints, expert_parallel_problem
from core.plan.options import LayoutOptions, constraints_from, layout_from
from core.plan.search import layouts, search
from tests.core.plan.conftest import SMALL

#: SMALL with 8 routed experts (top-2, each as wide as SMALL's MLP): the layout checks read
#: ``experts``.
MOE = replace(SMALL, experts=8, top_k=2, moe_ffn=SMALL.ffn)


def test_the_default_layout_has_no_expert_parallelism() -> None:
    lay = Layout(tp=2)
    assert (lay.ep, lay.etp) == (1, 1)
    assert lay.to_dict()["ep"] == 1 and lay.to_dict()["etp"] == 1
    assert "EP" not in str(lay.label())
    assert "EP 4 · ETP 2" in str(Layout(tp=2, dp=8, ep=4, etp=2).label())


@pytest.mark.parametrize("name", ["ep", "etp"])
def test_a_rank_count_below_one_is_refused(name: str) -> None:
    with pytest.raises(InputError) as info:
        Layout(**{name: 0})
    assert info.value.field == name


def test_a_dense_model_refuses_expert_parallelism(device) -> None:
    inp = PlanInput(SMALL, 256, 64, Cluster(device, 8))
    for field, lay in (("ep", Layout(ep=2)), ("etp", Layout(etp=2))):
        with pytest.raises(InputError) as info:
            check_layout(inp, lay)
        assert info.value.field == field
        assert info.value.message == (
            f"{field}: 2 needs a mixture-of-experts model; small is dense (no routed experts); "
            f"allowed: {field} 1"
        )
    assert check_layout(inp, Layout()).ep == 1
    # the search refuses the same constraint with the same line (its enumeration yields nothing)
    assert list(layouts(inp, Constraints(ep=2))) == []
    with pytest.raises(InputError, match="ep: 2 needs a mixture-of-experts model"):
        search(inp, Constraints(ep=2))


def test_a_moe_model_takes_a_divisor_of_its_experts(device) -> None:
    inp = PlanInput(MOE, 256, 64, Cluster(device, 8))
    assert expert_parallel_problem(inp, 4, 1) is None
    assert check_layout(inp, Layout(ep=4, etp=2)).ep == 4
    problem = expert_parallel_problem(inp, 3, 1)
    assert problem is not None and "does not divide the 8 routed experts" in problem.message
    found = list(layouts(inp, Constraints(ep=8, tp=1, pp=1, cp=1, zero=0, sp=False,
                                          micro_batch=1, recompute="none")))  # fmt: skip
    assert found and all(lay.ep == 8 and lay.etp == 1 for lay in found)


def test_the_options_carry_ep_and_etp() -> None:
    opts = LayoutOptions(tp="2", ep="8", etp="2")
    lay = layout_from(opts)
    assert (lay.ep, lay.etp) == (8, 2)
    c = constraints_from(opts)
    assert (c.ep, c.etp) == (8, 2)
    assert constraints_from(LayoutOptions()).ep is None and layout_from(LayoutOptions()).ep == 1


def test_the_cli_refuses_ep_for_a_dense_model(capsys) -> None:
    assert main(["plan", "--model", "llama3-8b", "--ep", "8"]) == 2
    assert "ep: 8 needs a mixture-of-experts model" in capsys.readouterr().err
    assert main(["plan", "--model", "llama3-8b", "--etp", "2", "--search"]) == 2
    assert "etp: 2 needs a mixture-of-experts model" in capsys.readouterr().err
