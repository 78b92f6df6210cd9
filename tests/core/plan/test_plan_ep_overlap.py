"""The expert all-to-all hidden behind another micro-batch (Megatron-Core's
``overlap_moe_expert_parallel_comm``), by hand from ``combined_1f1b.py``: the first forward and
the last backward run alone (``2(p − 1) + (v − 1)·p + 1`` warm-up chunks under the interleaved
schedule), every other micro-batch's all-to-all hides behind the paired compute, and the
interleaved schedule keeps one more chunk in flight."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.errors import InputError
from core.memory.recipes import optimizer, recipe
from core.plan import Cluster, Implementation, Layout, PlanInput, check_layout, plan
from core.plan.ep_overlap import unpaired_share
from core.plan.memory import in_flight_layers, memory_per_gpu
from tests.core.plan.conftest import SMALL

SEQ = 256
MOE = replace(SMALL, name="small-moe", experts=8, top_k=2, moe_ffn=384)


def _inp(device, overlap: bool, **impl) -> PlanInput:
    return PlanInput(MOE, SEQ, 64, Cluster(device, 16), recipe=recipe("bf16"),
                     optimizer=optimizer("adamw"),
                     implementation=Implementation(ep_overlap=overlap, **impl))  # fmt: skip


def test_the_unpaired_share_by_hand() -> None:
    assert unpaired_share(1, 1, 8) == pytest.approx(1 / 8)  # the first forward, the last backward
    # 4 stages of 2 chunks: 2·3 + 1·4 + 1 = 11 warm-up forwards of the 8·2 chunks
    assert unpaired_share(4, 2, 8) == pytest.approx(11 / 16)
    assert unpaired_share(4, 2, 4) == 1.0  # fewer chunks than the warm-up: none paired


def test_without_a_pipeline_the_all_to_all_hides_behind_the_paired_compute(device, cal) -> None:
    lay = Layout(ep=4, micro_batch=1)
    alone = plan(_inp(device, False), lay, calibration=cal)
    paired = plan(_inp(device, True), lay, calibration=cal)
    m = alone.micro_batches
    ep = alone.breakdown["ep_comm"] / m  # one micro-batch's four all-to-alls
    work = (alone.breakdown["compute"] + alone.breakdown["recompute"]) / m
    hidden = min(ep, work)
    shown = ep - hidden + cal.overlap_slowdown * hidden
    expected = m * (ep / m + (1 - 1 / m) * shown)  # one micro-batch's worth runs alone
    assert paired.breakdown["ep_comm"] == pytest.approx(expected, rel=1e-9)
    assert paired.breakdown["ep_comm"] < alone.breakdown["ep_comm"]
    for key in ("compute", "recompute", "dp_comm", "optimizer", "bubble"):
        assert paired.breakdown[key] == pytest.approx(alone.breakdown[key], rel=1e-12)
    assert paired.step_time_s < alone.step_time_s


def test_the_interleaved_schedule_pairs_after_its_warm_up_and_keeps_one_more_chunk(
    device, cal
) -> None:
    lay = Layout(pp=2, vpp=2, ep=4, micro_batch=1)
    alone = plan(_inp(device, False), lay, calibration=cal)
    paired = plan(_inp(device, True), lay, calibration=cal)
    m = alone.micro_batches
    share = (2 * (2 - 1) + (2 - 1) * 2 + 1) / (m * 2)
    ep = alone.breakdown["ep_comm"] / m
    work = (alone.breakdown["compute"] + alone.breakdown["recompute"]) / m
    hidden = min(ep, work)
    shown = ep - hidden + cal.overlap_slowdown * hidden
    assert paired.breakdown["ep_comm"] == pytest.approx(m * (share * ep + (1 - share) * shown))
    # one more warm-up forward: one more chunk of layers / (pp · vpp) layers
    checked = check_layout(_inp(device, True), lay)
    mem_alone = memory_per_gpu(_inp(device, False), checked, m)
    mem_paired = memory_per_gpu(_inp(device, True), checked, m)
    chunk = MOE.layers / (2 * 2)
    assert mem_alone.in_flight == pytest.approx(5 * chunk)  # 2·1 + 1·2 + 1 chunks
    assert mem_paired.in_flight == pytest.approx(mem_alone.in_flight + chunk)
    assert in_flight_layers(0, 2, 2, m, (1.0, 1.0), ahead=1) == pytest.approx(
        in_flight_layers(0, 2, 2, m, (1.0, 1.0)) + 1
    )
    # without a pipeline nothing more is kept: the paired forward fills what the backward frees
    flat = check_layout(_inp(device, True), Layout(ep=4, micro_batch=1))
    assert (
        memory_per_gpu(_inp(device, True), flat, 4).in_flight
        == memory_per_gpu(_inp(device, False), flat, 4).in_flight
    )


@pytest.mark.parametrize(
    ("lay", "impl", "words"),
    [
        (Layout(pp=2, ep=4), {}, "interleaved schedule; allowed: pp 1, or vpp 2 or more"),
        (Layout(ep=4, recompute="full"), {}, "allowed: recompute none or selective"),
    ],
)
def test_its_rules_are_one_line_errors(device, lay, impl, words) -> None:
    with pytest.raises(InputError, match=words) as err:
        check_layout(_inp(device, True, **impl), lay)
    assert err.value.field == "ep_overlap" and "\n" not in err.value.message


def test_settings_it_cannot_run_with_are_refused_at_once() -> None:
    with pytest.raises(InputError, match="recompute modules other than moe"):
        Implementation(ep_overlap=True, recompute_modules=("moe",))
    with pytest.raises(InputError, match="DualPipe pairs its chunks itself"):
        Implementation(ep_overlap=True, schedule="dualpipe")
    assert Implementation(ep_overlap=True, recompute_modules=("moe_act",)).ep_overlap


def test_a_search_with_the_overlap_keeps_to_its_rules(device, cal) -> None:
    from core.plan import Constraints, search

    found = search(_inp(device, True), Constraints(), top=50, calibration=cal)
    assert found
    for res in found:
        lay = res.layout  # where it runs (EP > 1), Megatron's rules hold; EP 1 is moot
        assert lay.ep == 1 or (lay.recompute != "full" and (lay.pp == 1 or lay.vpp > 1))


def test_what_to_change_offers_the_overlap_where_its_rules_allow(device, cal) -> None:
    from core.plan import what_to_change

    inp = _inp(device, False)
    start = plan(inp, Layout(ep=4, micro_batch=1), calibration=cal)
    changes = {str(s).split(":")[0]: new
               for s, new in what_to_change(inp, start, calibration=cal, devices=False)}  # fmt: skip
    paired = changes["the expert all-to-all overlapped with another micro-batch"]
    assert paired.inp.implementation.ep_overlap and paired.layout == start.layout
    assert paired.tokens_per_s > start.tokens_per_s
    # already on, or without EP, it is not offered
    for lay, on in ((Layout(ep=4, micro_batch=1), True), (Layout(ep=1, micro_batch=1), False)):
        there = _inp(device, on)
        res = plan(there, lay, calibration=cal)
        names = [str(s) for s, _ in what_to_change(there, res, calibration=cal, devices=False)]
        assert not any(n.startswith("the expert all-to-all overlapped") for n in names)


def test_without_an_expert_all_to_all_the_switch_is_moot(device, cal) -> None:
    # EP 1 (and a dense model): nothing to hide, the plan is the one without the switch
    lay = Layout(micro_batch=1)
    on = plan(_inp(device, True), lay, calibration=cal)
    off = plan(_inp(device, False), lay, calibration=cal)
    assert on.step_time_s == off.step_time_s and on.breakdown == off.breakdown
    dense = replace(_inp(device, True), model=SMALL)
    assert plan(dense, Layout(pp=2, micro_batch=1), calibration=cal).step_time_s > 0


def test_what_to_change_keeps_to_the_codes_rules(device, cal) -> None:
    from core.plan import what_to_change

    for impl in ({"recompute_modules": ("moe",)}, {"schedule": "dualpipe"}):
        inp = _inp(device, False, **impl)
        res = plan(inp, Layout(ep=4, micro_batch=1), calibration=cal)
        names = [str(s) for s, _ in what_to_change(inp, res, calibration=cal, devices=False)]
        assert not any(n.startswith("the expert all-to-all overlapped") for n in names)
