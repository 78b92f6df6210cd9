"""The search's step-time floor: never above the step time the full evaluation gives, and the
search that skips layouts above it lists exactly what evaluating every layout lists.

The reference is the exhaustive search written out here: every enumerated layout's memory, every
fitting one evaluated, ranked by :func:`core.plan.search.ranked`. The inputs cover what changes
the floor's terms: a dense model with pipelines and interleaving, a mixture of experts (the
all-to-all in the floor), the expert all-to-all overlap and DualPipe (the all-to-all left out),
full recomputation (three passes), and the unfit list of ``include_unfit``.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.plan import Cluster, Constraints, Implementation, PlanInput, search
from core.plan.memory import memory_per_gpu
from core.plan.model import context, evaluate, step_floor
from core.plan.search import layouts, ranked
from tests.core.plan.conftest import SMALL

SEQ = 256
#: Micro-batches 1 and 2 only: a few hundred layouts per input, each evaluated by the reference.
SEARCHED = Constraints(max_micro_batch=2)
DENSE = replace(SMALL, layers=16, name="small-16")
MOE = replace(SMALL, name="small-moe", layers=8, experts=8, top_k=2, moe_ffn=384)


def _inputs(device) -> dict[str, PlanInput]:
    small_memory = replace(device, memory_bytes=1.08e9)  # about half the layouts do not fit
    return {
        "dense": PlanInput(DENSE, SEQ, 64, Cluster(device, 8)),
        "dense, tight memory": PlanInput(DENSE, SEQ, 64, Cluster(small_memory, 8)),
        "moe": PlanInput(MOE, SEQ, 64, Cluster(device, 8)),
        "moe, ep overlap": PlanInput(MOE, SEQ, 64, Cluster(device, 8),
                                     implementation=Implementation(ep_overlap=True)),
        "moe, dualpipe": PlanInput(MOE, SEQ, 64, Cluster(device, 8),
                                   implementation=Implementation(schedule="dualpipe")),
    }  # fmt: skip


@pytest.fixture(scope="module", params=["dense", "dense, tight memory", "moe", "moe, ep overlap",
                                        "moe, dualpipe"])  # fmt: skip
def case(request, device, cal):
    inp = _inputs(device)[request.param]
    ctx = context(inp, calibration=cal)
    capacity = inp.cluster.device.capacity_bytes
    rows = []  # (layout, floor, step time, peak, fits)
    for lay in layouts(inp, SEARCHED):
        m = inp.global_batch // (lay.dp * lay.micro_batch)
        memory = memory_per_gpu(inp, lay, m)
        step = evaluate(ctx, lay, memory).step_time_s
        rows.append((lay, step_floor(ctx, lay), step, memory.peak, memory.peak <= capacity))
    return inp, rows


def test_the_floor_is_never_above_the_step_time(case) -> None:
    _, rows = case
    assert len(rows) > 50
    for lay, floor, step, _, _ in rows:
        assert 0.0 < floor <= step * (1 + 1e-12), lay
    # and it is a real bound, not zero: on the best layouts within a factor of a few (ten: the
    # small MoE layers are host-bound, their TE GEMMs at the host's measured cost, core.plan.host,
    # which the floor leaves out)
    best = min(rows, key=lambda r: r[2])
    assert best[1] > 0.1 * best[2]


def test_the_pruned_search_lists_what_the_exhaustive_one_lists(case, cal) -> None:
    inp, rows = case
    for top in (1, 5):
        fitting = [(step, peak, lay) for lay, _, step, peak, fits in rows if fits]
        expected = [lay for _, _, lay in ranked(fitting)[:top]]
        stats: dict[str, int] = {}
        found = search(inp, SEARCHED, top=top, calibration=cal, stats=stats)
        assert [r.layout for r in found] == expected
        assert stats["fit"] == len(fitting)
        assert stats["evaluated"] <= stats["fit"]


def test_the_unfit_list_is_pruned_alike(case, cal) -> None:
    inp, rows = case
    unfit = [(step, peak, lay) for lay, _, step, peak, fits in rows if not fits]
    fitting = [(step, peak, lay) for lay, _, step, peak, fits in rows if fits]
    found = search(inp, replace(SEARCHED, include_unfit=True), top=4, calibration=cal)
    expected = [lay for _, _, lay in ranked(fitting)[:4] + ranked(unfit)[:4]]
    assert [r.layout for r in found] == expected


def test_the_tight_case_has_layouts_on_both_sides(device, cal) -> None:
    inp = _inputs(device)["dense, tight memory"]
    stats: dict[str, int] = {}
    search(inp, SEARCHED, top=3, calibration=cal, stats=stats)
    assert 0 < stats["fit"] < stats["layouts"]
