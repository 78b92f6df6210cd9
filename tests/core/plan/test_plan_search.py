"""The search: every layout it enumerates can run, the ranking is by step time, constraints hold,
layouts that do not fit come with their reason, and what-to-change re-plans (never guesses)."""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise

import pytest

from core.errors import InputError
from core.plan import (
    Cluster,
    Constraints,
    Layout,
    PlanCancelled,
    PlanInput,
    best_change,
    check_layout,
    plan,
    search,
    what_to_change,
)
from core.plan.memory import memory_per_gpu
from core.plan.model import context, evaluate
from core.plan.search import SPEED_TIE, layouts, ranked
from tests.core.plan.conftest import SMALL

SEQ = 256


@pytest.fixture(scope="module")
def inp(device) -> PlanInput:
    # 16 layers of the small width on 16 GPUs: TP, PP (and v), CP, ZeRO and micro-batches to search.
    spec = replace(SMALL, layers=16, name="small-16")
    return PlanInput(spec, SEQ, 64, Cluster(device, 16), tokens=1e10)


def test_every_enumerated_layout_passes_the_rules_unchanged(inp) -> None:
    found = list(layouts(inp, Constraints()))
    assert len(found) > 100
    for lay in found:
        assert check_layout(inp, lay) == lay
    assert len(set(found)) == len(found)


def test_results_are_ranked_fit_and_match_plan(inp, cal) -> None:
    stats: dict[str, int] = {}
    found = search(inp, top=8, calibration=cal, stats=stats)
    assert stats["layouts"] >= stats["fit"] >= len(found) == 8
    times = [r.step_time_s for r in found]
    # Out of step-time order only by less than the stated tie (then least memory first).
    assert all(b >= a / (1 + SPEED_TIE) for a, b in pairwise(times))
    assert all(r.fits for r in found)
    for r in found[:3]:
        assert plan(inp, r.layout, calibration=cal).step_time_s == pytest.approx(r.step_time_s)
    # No enumerated layout that fits is faster than the best one (within the ranking tie).
    ctx = context(inp, calibration=cal)
    best = found[0].step_time_s
    for lay in layouts(inp, Constraints()):
        m = inp.global_batch // (lay.dp * lay.micro_batch)
        memory = memory_per_gpu(inp, lay, m)
        if memory.peak <= device_capacity(inp):
            assert evaluate(ctx, lay, memory).step_time_s * (1 + SPEED_TIE) >= best


def device_capacity(inp: PlanInput) -> float:
    return inp.cluster.device.memory_bytes


def test_constraints_fix_their_dimensions(inp, cal) -> None:
    found = search(inp, Constraints(tp=2, recompute="full", micro_batch=1), top=20, calibration=cal)
    assert found and all(
        (r.layout.tp, r.layout.recompute, r.layout.micro_batch) == (2, "full", 1) for r in found
    )


def test_unfit_layouts_come_last_with_their_reason(device, cal) -> None:
    tight = replace(device, memory_bytes=1.3e9)
    inp = PlanInput(replace(SMALL, layers=16), SEQ, 64, Cluster(tight, 8))
    found = search(inp, Constraints(include_unfit=True), top=5, calibration=cal)
    fits = [r.fits for r in found]
    assert fits == sorted(fits, reverse=True) and not all(fits)
    for r in found:
        if not r.fits:
            assert r.reason is not None and "out of memory" in r.reason
            assert r.to_dict()["reason"] == str(r.reason) and r.to_dict()["fits"] is False


def test_progress_and_cancel(inp, cal) -> None:
    seen: list[float] = []
    search(inp, top=1, calibration=cal, progress=lambda f, _t: seen.append(f))
    assert seen[0] == 0.0 and seen[-1] == 1.0
    with pytest.raises(PlanCancelled):
        search(inp, top=1, calibration=cal, should_cancel=lambda: True)
    # a cancel asked once every layout's memory is counted still stops the timing that follows
    polls = {"n": 0}
    first_loop = -(-len(list(layouts(inp, Constraints()))) // 64)

    def late() -> bool:
        polls["n"] += 1
        return polls["n"] > first_loop

    with pytest.raises(PlanCancelled):
        search(inp, top=50, calibration=cal, should_cancel=late)
    assert polls["n"] == first_loop + 1


def test_no_layout_at_all_is_an_input_error(device, cal) -> None:
    inp = PlanInput(SMALL, SEQ, 7, Cluster(device, 16))  # 7 sequences on 16 GPUs, 8 heads
    with pytest.raises(InputError, match="no layout"):
        search(inp, Constraints(tp=1, pp=1, cp=1), calibration=cal)


def test_what_to_change_replans_each_change(inp, cal) -> None:
    start = plan(inp, Layout(tp=1, pp=2, micro_batch=2, recompute="full"), calibration=cal)
    changes = what_to_change(inp, start, calibration=cal, devices=False)
    assert changes
    names = [str(s) for s, _ in changes]
    assert any(n.startswith("no recomputation instead of full") for n in names)
    for sentence, new in changes:
        again = plan(new.inp, new.layout, calibration=cal)
        assert again.step_time_s == pytest.approx(new.step_time_s)
        gain = new.tokens_per_s / start.tokens_per_s - 1
        assert f"{gain:+.0%}".replace("%", " %") in sentence
    fitting = [new.tokens_per_s for _, new in changes if new.fits]
    assert fitting == sorted(fitting, reverse=True)
    helps = best_change(inp, start, calibration=cal)
    assert helps is not None and str(helps) == names[0]


def test_code_that_runs_the_slow_way_is_offered_the_fast_one(inp, cal) -> None:
    from core.plan import Implementation

    eager = replace(inp, implementation=Implementation(fused=False, dp_overlap=False))
    start = plan(eager, Layout(tp=2, sp=True, micro_batch=2), calibration=cal)
    changes = {
        str(s).split(":")[0]: new
        for s, new in what_to_change(eager, start, calibration=cal, devices=False)
    }
    fused = changes["fused kernels instead of eager"]
    assert fused.inp.implementation == replace(eager.implementation, fused=True)
    assert fused.layout == start.layout and fused.tokens_per_s > start.tokens_per_s
    overlap = changes["TP communication overlapped with the GEMMs"]
    assert overlap.inp.implementation.tp_overlap and overlap.tokens_per_s > start.tokens_per_s
    assert changes["the gradient reduction overlapped with backward"].inp.implementation.dp_overlap
    # Code already running the fast way is offered nothing about it; a layout that fits is not
    # offered the leaner loss (it changes memory only).
    fast = plan(inp, Layout(tp=2, sp=True, micro_batch=2), calibration=cal)
    names = [str(s) for s, _ in what_to_change(inp, fast, calibration=cal, devices=False)]
    assert not any(
        n.startswith(("fused kernels", "the gradient reduction", "a cross-entropy")) for n in names
    )


def test_layers_no_pipeline_divides_are_offered_uneven_stages(inp, cal) -> None:
    # 15 layers on 16 GPUs, ZeRO-3 without a pipeline: "PP 2" alone cannot run (2 does not divide
    # 15, and ZeRO-3 shards gradients a pipeline accumulates); the uneven-stages change plans PP 2
    # and PP 4 with the first and last stages taking fewer, and ZeRO-1.
    odd = replace(inp, model=replace(inp.model, layers=15, name="small-15"))
    start = plan(odd, Layout(tp=1, pp=1, zero=3, micro_batch=1), calibration=cal)
    skipped: list = []
    changes = {
        str(s).split(":")[0]: new
        for s, new in what_to_change(odd, start, calibration=cal, devices=False, skipped=skipped)
    }
    for pp in (2, 4):
        new = changes[f"uneven first and last stages, PP {pp} instead of 1"]
        assert new.inp.implementation == replace(odd.implementation, uneven_stages=True)
        assert (new.layout.pp, new.layout.vpp, new.layout.zero) == (pp, 1, 1)
        assert new.layout.dp == 16 // pp
        again = plan(new.inp, new.layout, calibration=cal)
        assert again.step_time_s == pytest.approx(new.step_time_s)
    assert any(str(t).startswith("PP 2 instead of 1") for t, _ in skipped)
    # Code that already runs uneven stages, or layers a doubled pipeline divides: not offered.
    uneven = replace(odd, implementation=replace(odd.implementation, uneven_stages=True))
    start = plan(uneven, Layout(tp=1, pp=1, zero=3, micro_batch=1), calibration=cal)
    names = [str(s) for s, _ in what_to_change(uneven, start, calibration=cal, devices=False)]
    assert not any(n.startswith("uneven") for n in names)
    start = plan(inp, Layout(tp=1, pp=1, zero=1, micro_batch=1), calibration=cal)  # 16 layers
    names = [str(s) for s, _ in what_to_change(inp, start, calibration=cal, devices=False)]
    assert not any(n.startswith("uneven") for n in names)


def test_one_gpu_needs_no_link_and_is_offered_no_sharding() -> None:
    from core.memory.recipes import recipe
    from core.roofline.hardware import load_catalog

    laptop = load_catalog().get("m3-max")
    assert not laptop.intra_node_bandwidth  # the database has no link figure for it
    inp = PlanInput(SMALL, SEQ, 8, Cluster(laptop, 1), recipe=recipe("fp16"))
    res = plan(inp, Layout())
    assert res.fits and res.step_time_s > 0 and res.breakdown.get("dp_comm", 0.0) == 0
    names = [str(s) for s, _ in what_to_change(inp, res, devices=False)]
    assert names and not any("ZeRO" in n for n in names)  # nothing to shard over one rank
    # The assumptions name no tile size, SM count or kernel the calibration does not have.
    assumed = " ".join(str(a) for a in res.assumptions)
    assert "-" not in assumed.split("compute:")[1].split(";")[1] and "tiles over" not in assumed
    with pytest.raises(InputError, match="intra-node link bandwidth"):
        plan(replace(inp, cluster=Cluster(laptop, 2)), Layout())  # two need a link figure


def test_equally_fast_layouts_rank_least_memory_first() -> None:
    # The afternoon's case: ZeRO-1 at 76 GB and ZeRO-2 at 61 GB, 0.2 % apart in step time.
    zero1, zero2 = Layout(tp=1, pp=1, zero=1), Layout(tp=1, pp=1, zero=2)
    slower = Layout(tp=2, pp=1)
    items = [
        (1.000, 76e9, zero1),
        (1.002, 61e9, zero2),
        (1.000 * (1 + 2 * SPEED_TIE), 10e9, slower),
    ]
    order = [lay for _, _, lay in ranked(items)]
    assert order == [zero2, zero1, slower]  # the slower one stays last despite its 10 GB
    # The tie is a fraction of the group's fastest step, not pairwise: a chain 0.3 % apart
    # splits once the 0.5 % from the first is passed.
    a, b, c = (Layout(tp=t, pp=1) for t in (1, 2, 4))
    chain = [(1.0, 30e9, a), (1.003, 20e9, b), (1.006, 10e9, c)]
    assert [lay for _, _, lay in ranked(chain)] == [b, a, c]


def test_search_ties_are_least_memory_first(inp, cal) -> None:
    found = search(inp, top=40, calibration=cal)
    # Recompute the groups by hand from the listed step times and peaks.
    i = 0
    while i < len(found):
        lead = min(r.step_time_s for r in found[i:])  # a group starts at its fastest
        j = i + sum(1 for r in found[i:] if r.step_time_s <= lead * (1 + SPEED_TIE))
        assert all(r.step_time_s <= lead * (1 + SPEED_TIE) for r in found[i:j])  # contiguous
        peaks = [r.memory.peak for r in found[i:j]]
        assert peaks == sorted(peaks)
        i = j


def test_search_tries_micro_batches_that_are_not_powers_of_two(inp) -> None:
    """A DP rank's batch of 6 sequences (48 on DP 8, as MosaicML's MPT 7B ran on 8 H100s with
    micro-batch 6) splits into micro-batches of its divisors 1, 2, 3 and 6: all four are searched,
    and 4 and 5, which do not split it, are not."""
    six = replace(inp, global_batch=48, cluster=replace(inp.cluster, gpus=8))
    found = {lay.micro_batch for lay in layouts(six, Constraints(tp=1, pp=1, cp=1))}
    assert found == {1, 2, 3, 6}
