"""The plan's pipeline accounting against a simulation of Megatron-Core's interleaved 1F1B schedule.

The simulation is written here from the schedule's code, not from the plan:
``get_schedule_table`` orders a rank's forwards in groups of ``N`` micro-batches (``N`` =
``microbatch_group_size_per_vp_stage``, the pipeline size by default) running chunk 0, then chunk
1, … for the whole group; ``get_pp_rank_microbatches`` gives the warm-up, ``2(p − r − 1) +
(v − 1)·N`` forwards (one more with the expert all-to-all overlap); then one forward and one
backward alternate, the backwards in the forwards' order with the chunks reversed; the cool-down
runs the rest. Each rank runs its list in order; a forward waits for the same micro-batch's
previous virtual stage, a backward for the next one's backward. With a forward of 1 and a
backward of 2 time units and no communication time, the simulation gives each rank's most
forwards in flight and the step's length.

The plan's counts (:func:`core.plan.memory.in_flight_layers` with one-layer chunks, and its bubble
``(p − 1)/v`` stage-times, a ``(p − 1)/(v·m)`` share of the ``m`` micro-batches' work) must equal
them. The simulation also shows why the plan keeps Megatron's ``N ≥ p`` rule: with fewer
micro-batches per group than stages the same warm-up deadlocks, and the warm-up that does not
holds nearly every forward (Llama 3's tunable ``N``, §3.3.2, does not lower the peak below
depth-first's; docs/plan.md).
"""

from __future__ import annotations

import pytest

from core.plan.memory import in_flight_layers


def _simulate(p: int, v: int, m: int, group: int, extra: int = 0) -> tuple[float, list[int]]:
    """(bubble share of the ideal m·v·3 units, each rank's most forwards in flight); raises
    RuntimeError on a deadlock."""
    table = [(mb, c) for start in range(0, m, group) for c in range(v)
             for mb in range(start, min(start + group, m))]  # fmt: skip
    lists = []
    for r in range(p):
        warm = min(2 * (p - r - 1) + (v - 1) * group + extra, m * v)
        ops = [("F", *table[k]) for k in range(warm)]
        f, b = warm, 0
        while f < m * v:
            ops.append(("F", *table[f]))
            f += 1
            mb, c = table[b]
            ops.append(("B", mb, v - 1 - c))
            b += 1
        while b < m * v:
            mb, c = table[b]
            ops.append(("B", mb, v - 1 - c))
            b += 1
        lists.append(ops)
    done: dict[tuple[str, int, int], float] = {}
    at, free = [0] * p, [0.0] * p
    live, peak = [0] * p, [0] * p
    last = p * v - 1
    moved = True
    while moved:
        moved = False
        for r in range(p):
            while at[r] < len(lists[r]):
                kind, mb, c = lists[r][at[r]]
                s = c * p + r  # the virtual stage
                if kind == "F":
                    need = ("F", mb, s - 1) if s > 0 else None
                else:
                    need = ("B", mb, s + 1) if s < last else ("F", mb, s)
                if need is not None and need not in done:
                    break
                start = max(free[r], done[need] if need else 0.0)
                free[r] = done[(kind, mb, s)] = start + (1.0 if kind == "F" else 2.0)
                at[r] += 1
                live[r] += 1 if kind == "F" else -1
                peak[r] = max(peak[r], live[r])
                moved = True
    if any(at[r] < len(lists[r]) for r in range(p)):
        raise RuntimeError("deadlock")
    return max(free) / (m * v * 3.0) - 1.0, peak


@pytest.mark.parametrize(
    ("p", "v", "m"), [(4, 2, 8), (4, 3, 4), (8, 4, 16), (8, 2, 24), (16, 8, 32), (16, 8, 16)]
)
def test_in_flight_and_bubble_equal_the_simulated_schedule(p: int, v: int, m: int) -> None:
    bubble, peak = _simulate(p, v, m, group=p)
    assert bubble == pytest.approx((p - 1) / (v * m))
    ones = (1.0,) * v
    for r in range(p):
        assert in_flight_layers(r, p, v, m, ones) == peak[r]


@pytest.mark.parametrize(("p", "v", "m"), [(4, 2, 8), (8, 4, 16)])
def test_the_overlaps_extra_warm_up_forward_is_one_more_in_flight(p: int, v: int, m: int) -> None:
    _, peak = _simulate(p, v, m, group=p, extra=1)
    ones = (1.0,) * v
    for r in range(p):
        assert in_flight_layers(r, p, v, m, ones, ahead=1) == peak[r]


@pytest.mark.parametrize(("p", "v", "m", "group"), [(8, 4, 16, 4), (16, 8, 32, 8), (16, 8, 32, 5)])
def test_fewer_micro_batches_per_group_than_stages_cannot_save_memory(
    p: int, v: int, m: int, group: int
) -> None:
    with pytest.raises(RuntimeError):
        _simulate(p, v, m, group)  # Megatron's warm-up with N < p: a rank waits on itself
    for extra in range(1, m * v + 1):  # the least extra warm-up that runs
        try:
            bubble, peak = _simulate(p, v, m, group, extra)
        except RuntimeError:
            continue
        break
    _, depth_first = _simulate(p, v, m, group=p)
    assert max(peak) >= max(depth_first)
    assert bubble > 2 * (p - 1) / (v * m)
