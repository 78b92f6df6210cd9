"""DualPipe's schedule simulated from the DualPipe repository's ``DualPipe.step`` (its eight steps,
``dualpipe/dualpipe.py``, github.com/deepseek-ai/DualPipe): each rank's forward and backward
chunks of its two phases, in order, counting the micro-batches whose activations each keeps.

What it checks in :mod:`core.plan.dualpipe`:

* the rule that the step needs an even number of micro-batches, at least twice the stages (the
  code asserts ``num_chunks >= num_ranks * 2``): at ``p`` its step 4 runs a negative number of
  times and the ranks near the ends do not process every micro-batch;
* which two stages a rank holds (stage ``r`` for the micro-batches that enter at rank 0, stage
  ``p − 1 − r`` for those that enter at the last rank) and how many micro-batches of each it keeps
  at its peak: ``p − h`` of the lower-numbered of the two, ``h``, and ``h + 1`` of the other:
  ``p + 1`` in all on every rank (the README's "PP + 1"), rank 0 with ``p`` micro-batches of the
  first stage and one of the last.
"""

from __future__ import annotations

import pytest

from core.plan.dualpipe import busiest_pair, pair_in_flight, schedule_problem


def _ops(p: int, rank: int, chunks: int) -> list[tuple[str, int]]:
    """The rank's chunk operations in its step order, ``("F"|"B"|"FB"|"W", phase)``; an ``FB``
    pair runs a forward of one phase beside a backward of the other (both in flight at once)."""
    half, h = p // 2, min(rank, p - 1 - rank)
    middle = rank in (p // 2 - 1, p // 2)
    ops: list[tuple[str, int]] = []
    ops += [("F", 0)] * ((half - h - 1) * 2)  # step 1: nF0
    for _ in range(h + 1):  # step 2: nF0F1
        ops += [("F", 0), ("F", 1)]
    for _ in range(half - h - 1):  # step 3: nB1W1F1
        ops += [("B", 1), ("W", 1), ("F", 1)]
    for i in range(chunks // 2 - p + h + 1):  # step 4: nF0B1F1B0
        if i == 0 and middle:  # not overlapped on the middle ranks
            ops += [("F", 0), ("B", 1)]
        else:
            ops += [("FB", 0)]  # forward of phase 0 beside the backward of phase 1
        ops += [("FB", 1)]
    for _ in range(half - h - 1):  # step 5: nB1F1B0
        ops += [("B", 1), ("FB", 1)]
    for _ in range(h + 1):  # step 6: nB1B0
        ops += [("B", 1), ("B", 0)]
    for _ in range(half - h - 1):  # step 7: nWB0
        ops += [("W", 0), ("B", 0)]
    ops += [("W", 0)] * (h + 1)  # step 8: nW
    return ops


def _simulate(p: int, rank: int, chunks: int) -> tuple[dict[int, int], dict[int, int], int]:
    """``(peak kept per stage, forwards run per stage, peak kept in all)`` on one rank; a
    forward keeps its micro-batch's activations of that stage until its backward."""
    second_half = rank >= p // 2
    # phase 0 is the direction that enters at rank 0 on the first half, the other on the second
    stage_of = {0: rank, 1: p - 1 - rank} if not second_half else {0: p - 1 - rank, 1: rank}
    kept = {0: 0, 1: 0}
    peak = {stage_of[0]: 0, stage_of[1]: 0}
    forwards = {stage_of[0]: 0, stage_of[1]: 0}
    total_peak = 0

    def note() -> None:
        nonlocal total_peak
        for ph in (0, 1):
            peak[stage_of[ph]] = max(peak[stage_of[ph]], kept[ph])
        total_peak = max(total_peak, kept[0] + kept[1])

    for op, ph in _ops(p, rank, chunks):
        if op == "F":
            kept[ph] += 1
            forwards[stage_of[ph]] += 1
            note()
        elif op == "B":
            kept[ph] -= 1
        elif op == "FB":  # forward of ``ph`` beside the backward of the other phase
            kept[ph] += 1
            forwards[stage_of[ph]] += 1
            note()
            kept[1 - ph] -= 1
    assert kept == {0: 0, 1: 0}  # every forward's backward ran
    return peak, forwards, total_peak


@pytest.mark.parametrize("p", [2, 4, 8, 16])
def test_each_rank_keeps_p_plus_one_micro_batches_of_its_two_stages(p: int) -> None:
    for chunks in (2 * p, 2 * p + 6):
        for rank in range(p):
            h = min(rank, p - 1 - rank)
            peak, forwards, total = _simulate(p, rank, chunks)
            near, far = (rank, p - 1 - rank) if rank < p // 2 else (p - 1 - rank, rank)
            assert set(peak) == {near, far}  # the rank's two stages, one per direction
            assert forwards == {near: chunks // 2, far: chunks // 2}  # every micro-batch once
            assert (peak[near], peak[far]) == pair_in_flight(p, near)
            assert (peak[near], peak[far]) == (p - h, h + 1)
            assert total == p + 1


@pytest.mark.parametrize("p", [4, 8, 16])
def test_p_micro_batches_the_old_minimum_do_not_run_and_are_refused(p: int) -> None:
    # At p micro-batches (half each way) step 4 runs a negative number of times on the ranks
    # near the ends, whose forward counts then miss the micro-batches of their directions; the
    # code's assertion (num_chunks >= 2 * num_ranks) refuses everything under 2p, and so does the
    # plan.
    counts = {rank: _simulate(p, rank, p)[1] for rank in range(p)}
    assert any(set(c.values()) != {p // 2} for c in counts.values())
    for chunks in (p, p + 2, 2 * p - 2):
        assert schedule_problem("dualpipe", p, 1, chunks) is not None
    assert schedule_problem("dualpipe", p, 1, 2 * p) is None


@pytest.mark.parametrize("p", [2, 4, 8])
@pytest.mark.parametrize(
    ("seconds", "busiest"),
    [
        ({"first": 1.0, "middle": 2.0, "last": 5.0}, "first+last"),  # a heavy LM head
        ({"first": 1.0, "middle": 4.0, "last": 5.0}, "middle"),
    ],
)
def test_the_busiest_rank_is_its_pair_of_stages(
    p: int, seconds: dict[str, float], busiest: str
) -> None:
    # Each rank's work is the micro-batches it runs through each of its two stages times that
    # stage's seconds; the busiest rank's, per micro-batch of the step, is what busiest_pair
    # gives: the mean of its two stages, where 1F1B's busiest stage would run all of them.
    def kind(stage: int) -> str:
        return "first" if stage == 0 else "last" if stage == p - 1 else "middle"

    chunks = 2 * p + 4
    work = [
        sum(n * seconds[kind(s)] for s, n in _simulate(p, rank, chunks)[1].items())
        for rank in range(p)
    ]
    stages = {k: {"compute": v, "comm": v / 10} for k, v in seconds.items()}
    if p == 2:
        del stages["middle"]
    layers = {"first": 3.0, "middle": 4.0, "last": 2.0}
    name, parts, held = busiest_pair(stages, layers)
    assert max(work) == pytest.approx(chunks * parts["compute"])
    assert parts["comm"] == pytest.approx(parts["compute"] / 10)
    expected = busiest if p > 2 else "first+last"
    assert name == expected
    assert held == (4.0 if expected == "middle" else 2.5)
    assert max(work) < chunks * max(seconds[kind(s)] for s in range(p))
