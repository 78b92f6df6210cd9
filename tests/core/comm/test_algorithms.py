"""Collective formulas against two independent references.

1. nccl-tests' published definitions (doc/PERFORMANCE.md): algbw = S / t; busbw = algbw × 2(n−1)/n
   for all-reduce, × (n−1)/n for all-gather and reduce-scatter, × 1 for broadcast, where S is the
   whole buffer (the gathered output of an all-gather, the full input of a reduce-scatter).
2. A ring simulated step by step below (numpy chunks passed to the right neighbour): its result is
   checked, and the bytes each rank sends are counted, giving the factors without the formulas.
"""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from core.comm import bus_factor, estimate_collective, measured_bandwidths, normalize_op
from core.errors import InputError


def _ring_reduce_scatter(data: list[np.ndarray], sent: list[int]) -> list[np.ndarray]:
    """Ring reduce-scatter: after n-1 steps rank r owns the sum of chunk (r+1) % n."""
    n = len(data)
    chunks = [np.array_split(d.astype(np.float64), n) for d in data]
    for step in range(n - 1):
        outgoing = [(r, (r - step) % n, chunks[r][(r - step) % n].copy()) for r in range(n)]
        for r, c, piece in outgoing:
            sent[r] += piece.nbytes
            chunks[(r + 1) % n][c] += piece
    return [chunks[r][(r + 1) % n] for r in range(n)]


def _ring_all_gather(pieces: list[np.ndarray], sent: list[int]) -> list[list[np.ndarray]]:
    """Ring all-gather of one piece per rank (piece r starts at rank r)."""
    n = len(pieces)
    have = [{r: pieces[r]} for r in range(n)]
    for step in range(n - 1):
        moves = [(r, (r - step) % n, have[r][(r - step) % n]) for r in range(n)]
        for r, c, piece in moves:
            sent[r] += piece.nbytes
            have[(r + 1) % n][c] = piece
    return [[have[r][c] for c in range(n)] for r in range(n)]


@pytest.mark.parametrize("n", [2, 3, 4, 8])
def test_ring_all_reduce_sends_2_n_minus_1_over_n(n):
    rng = np.random.default_rng(n)
    size_elems = 24 * n
    data = [rng.standard_normal(size_elems) for _ in range(n)]
    sent = [0] * n
    owned = _ring_reduce_scatter(data, sent)
    # the owner of chunk c is rank c-1: reorder and gather
    pieces = [owned[(c - 1) % n] for c in range(n)]
    gathered = _ring_all_gather([pieces[(r + 1) % n] for r in range(n)], sent)
    expected = np.sum(data, axis=0)
    for r in range(n):
        order = [(c + 1) % n for c in range(n)]  # piece index c came from chunk (c+1)%n
        result = np.concatenate([gathered[r][order.index(k)] for k in range(n)])
        np.testing.assert_allclose(result, expected)
    message = size_elems * 8
    assert all(s == message * 2 * (n - 1) / n for s in sent)
    assert bus_factor("all-reduce", n) == pytest.approx(sent[0] / message)


@pytest.mark.parametrize("n", [2, 5, 8])
def test_ring_all_gather_and_reduce_scatter_send_n_minus_1_over_n(n):
    per_rank = [np.full(6, float(r)) for r in range(n)]
    sent = [0] * n
    gathered = _ring_all_gather(per_rank, sent)
    assert all(np.array_equal(np.concatenate(g), np.concatenate(per_rank)) for g in gathered)
    whole_output = 6 * 8 * n  # nccl-tests' S for an all-gather
    assert sent[0] / whole_output == pytest.approx(bus_factor("all_gather", n))
    sent = [0] * n
    _ring_reduce_scatter([np.ones(6 * n)] * n, sent)
    whole_input = 6 * 8 * n
    assert sent[0] / whole_input == pytest.approx(bus_factor("reduce-scatter", n))


def test_nccl_tests_definitions_by_hand():
    size, seconds = 1 << 30, 0.010
    algbw, busbw = measured_bandwidths("all_reduce", size, seconds, 8)
    assert algbw == size / seconds and busbw == pytest.approx(size / seconds * 14 / 8)
    assert measured_bandwidths("all_gather", size, seconds, 4)[1] == pytest.approx(
        size / seconds * 3 / 4
    )
    assert measured_bandwidths("broadcast", size, seconds, 16)[1] == size / seconds
    assert bus_factor("all-reduce", 1) == 0.0


DEVICE = SimpleNamespace(
    name="test gpu",
    intra_node_bandwidth=400e9,
    intra_node_link="fast link",
    inter_node_bandwidth=50e9,
    inter_node_link="nic",
)


def test_time_is_bytes_per_rank_over_the_link_and_busbw_is_the_link():
    # 8 GPUs, 1 GB all-reduce: 2*7/8 GB per rank over 400 GB/s = 4.375 ms
    est = estimate_collective("all-reduce", 1e9, 8, DEVICE)
    assert est.time_s == pytest.approx(1.75e9 / 400e9)
    assert est.algbw == pytest.approx(1e9 / 4.375e-3)
    assert est.busbw == pytest.approx(400e9)  # nccl-tests: busbw is comparable to the link


def test_a_ring_over_nodes_runs_at_the_slowest_link():
    est = estimate_collective("all-gather", 1e9, 16, DEVICE, nodes=2)
    assert est.bandwidth == 50e9 and est.time_s == pytest.approx(1e9 * 15 / 16 / 50e9)
    assert any("bounds the ring" in a for a in est.assumptions)
    fast_nic = SimpleNamespace(**(vars(DEVICE) | {"inter_node_bandwidth": 1e12}))
    assert estimate_collective("broadcast", 1e9, 16, fast_nic, nodes=2).bandwidth == 400e9


def test_one_rank_moves_nothing():
    est = estimate_collective("all-reduce", 1e9, 1, DEVICE)
    assert est.time_s == 0 and est.bytes_per_rank == 0


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"gpus": 0}, "gpus"),
        ({"gpus": 8, "nodes": 3}, "do not split evenly"),
        ({"gpus": 8, "nodes": 9}, "nodes"),
        ({"gpus": 8, "size": 0.0}, "bytes"),
        ({"gpus": 8, "device": SimpleNamespace(name="x")}, "no intra-node"),
        (
            {"gpus": 8, "nodes": 2, "device": SimpleNamespace(name="x", intra_node_bandwidth=1e9)},
            "no inter-node",
        ),
    ],
)
def test_bad_input_names_the_field(kwargs, match):
    args = {"op": "all-reduce", "size": 1e6, "device": DEVICE} | kwargs
    with pytest.raises(InputError, match=match):
        estimate_collective(**args)


def test_op_names():
    assert normalize_op("all_reduce") == normalize_op("AllReduce") == "all-reduce"
    with pytest.raises(InputError, match="allowed: all-reduce"):
        normalize_op("gather")
