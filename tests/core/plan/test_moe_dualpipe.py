"""DeepSeek's DualPipe schedule in the plan, by hand from its Table 2 (DeepSeek-V3 report,
arXiv 2412.19437): the bubble ``(PP/2 − 1)(F&B + B − 3W)``, the all-to-all hidden behind the
paired chunk, two stages' parameters and ``PP + 1`` micro-batches of activations."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.errors import InputError
from core.memory.recipes import optimizer, recipe
from core.plan import Cluster, Implementation, Layout, PlanInput, check_layout, plan
from core.plan.dualpipe import bubble, hidden_comm, schedule_problem
from core.plan.memory import memory_per_gpu
from tests.core.plan.conftest import SMALL

SEQ = 256
MOE = replace(SMALL, name="small-moe", experts=8, top_k=2, moe_ffn=384)


def _inp(device, schedule: str) -> PlanInput:
    return PlanInput(MOE, SEQ, 64, Cluster(device, 16), recipe=recipe("bf16"),
                     optimizer=optimizer("adamw"),
                     implementation=Implementation(schedule=schedule))  # fmt: skip


def test_the_bubble_and_the_hidden_communication_by_hand() -> None:
    # 16 stages, F = 1, B = 2, W = 1 (a third of 3 units of GEMMs): (8 − 1)(1 + 2 + 2 − 3)
    assert bubble(16, 1.0, 2.0, 1.0) == pytest.approx(7 * 2.0)
    # 1F1B's (p − 1)(F + B) for the same chunks: 45; DualPipe's is under a third of it
    assert bubble(16, 1.0, 2.0, 1.0) < (16 - 1) * 3.0 / 3
    # 3 s of sends beside 2 s of compute: 1 s shows, 2 s hide and slow the compute by 10 % of it
    assert hidden_comm(3.0, 2.0, 0.1) == pytest.approx((1.2, 2.0))
    assert hidden_comm(1.0, 2.0, 0.0) == (0.0, 1.0)


def test_its_rules_are_refused_with_one_line() -> None:
    assert schedule_problem("1f1b", 3, 1, 5) is None
    assert schedule_problem("dualpipe", 1, 1, 3) is None  # no pipeline: nothing to schedule
    for p, v, m in ((3, 1, 6), (4, 2, 8), (4, 1, 3), (8, 1, 4)):
        problem = schedule_problem("dualpipe", p, v, m)
        assert problem is not None and problem.field == "schedule"
    with pytest.raises(InputError, match="schedule: 'zb'; allowed: 1f1b, dualpipe"):
        Implementation(schedule="zb")


def test_dualpipe_against_1f1b_on_one_layout(device, cal) -> None:
    lay = Layout(pp=4, ep=4, micro_batch=1)
    one = plan(_inp(device, "1f1b"), lay, calibration=cal)
    dual = plan(_inp(device, "dualpipe"), lay, calibration=cal)
    # Every stage holds 2 layers; the first adds the embedding, the last the LM head. 1F1B runs
    # all m micro-batches through its busiest stage, the last; DualPipe's GPU 0 runs half of
    # them through the first stage and half through the last: m·(2L + head) against
    # m·(2L + (embedding + head)/2), less by m·(head − embedding)/2 (the head is the heavier).
    assert dual.breakdown["compute"] < one.breakdown["compute"]
    assert dual.micro_batches == one.micro_batches
    assert dual.breakdown["ep_comm"] < one.breakdown["ep_comm"]
    assert dual.breakdown["bubble"] < one.breakdown["bubble"]
    # memory: two stages' parameters and state, PP + 1 micro-batches of one stage's layers
    inp1, inp2 = _inp(device, "1f1b"), _inp(device, "dualpipe")
    checked = check_layout(inp1, lay)
    m = 64 // checked.dp
    mem1, mem2 = memory_per_gpu(inp1, checked, m), memory_per_gpu(inp2, checked, m)
    # (every stage holds 2 MoE layers: the experts' state is the same on each)
    assert mem2.expert_state == pytest.approx(2 * mem1.expert_state, rel=1e-12)
    assert mem2.in_flight == (4 + 1) * 2  # 2 layers per stage, 5 micro-batches
    assert mem2.params >= 2 * min(mem1.params, mem2.params / 2)
    assert mem2.peak > mem1.peak


def test_rank_zero_holds_the_first_and_the_last_stage(device) -> None:
    # 5 layers on 2 ranks: the first stage gets 2, the last 3 (stage_layers' split). DualPipe's
    # rank 0 holds stage 0 for one direction and stage 1 for the other (so does rank 1, mirrored)
    # and keeps p − 0 = 2 micro-batches of stage 0 and 0 + 1 = 1 of stage 1
    # (tests/core/plan/test_dualpipe_schedule_sim.py): 2·2 + 1·3 = 7 layer-activations, where
    # "PP + 1 of the busiest stage" would say 3·3 = 9.
    spec = replace(MOE, layers=5)
    inp = replace(
        _inp(device, "dualpipe"),
        model=spec,
        implementation=Implementation(schedule="dualpipe", uneven_stages=True),
    )
    lay = check_layout(inp, Layout(pp=2, ep=2, micro_batch=1))
    mem = memory_per_gpu(inp, lay, 64 // lay.dp)
    assert mem.in_flight == 2 * 2 + 1 * 3
    assert mem.stage == "first+last"  # named as the pair it is
    # both stages' parameters and the experts of all 5 layers (2 + 3), each stage's own once
    one = replace(inp, implementation=Implementation(schedule="1f1b", uneven_stages=True))
    busiest = memory_per_gpu(one, lay, 64 // lay.dp)  # 1F1B's last rank: 3 MoE layers
    assert busiest.stage == "last"
    assert mem.expert_state == pytest.approx(busiest.expert_state * 5 / 3, rel=1e-12)
    assert mem.params > busiest.params
