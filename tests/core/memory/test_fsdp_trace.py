"""FSDP traced with fake ranks: per-rank bytes against the ZeRO-3 formulas, collectives by hand.

References: the 2-layer MLP of d×d bf16 weights has 2·d² parameters; ZeRO-3 puts 1/N of the
parameters (2 B), gradients (2 B) and AdamW moments (2 × 4 B) on each rank; FSDP all-gathers
each layer's weights (d²·2 B) in forward and again in backward, and reduce-scatters each layer's
gradient (d²·2 B) once: counted by hand below, not taken from the code.
"""

from __future__ import annotations

import pytest

from core.errors import InputError
from core.memory.estimate import MemoryConfig
from core.memory.fsdp_trace import compare, trace_fsdp
from core.memory.models import parse_model
from core.texts import Text

D = 256


def _cfg(n: int, zero: int = 3, d: int = D) -> MemoryConfig:
    return MemoryConfig(model=parse_model(f"mlp:d={d},layers=2"), batch=4, zero=zero, gpus=n)


@pytest.mark.parametrize("n", [1, 2, 4])
def test_per_rank_state_is_one_nth(n):
    trace = trace_fsdp(_cfg(n), n)
    params = 2 * D * D
    assert trace.after_step["sharded_params"] == pytest.approx(params * 2 / n, rel=0.01)
    assert trace.after_step["sharded_grads"] == pytest.approx(params * 2 / n, rel=0.01)
    assert trace.after_step["optimizer"] == pytest.approx(params * 8 / n, rel=0.01)
    assert all(abs(row["gap"]) < 0.01 for row in compare(trace, _cfg(n)))
    assert trace.peak >= sum(trace.after_step.values()) * 0.99


def test_collectives_counted_by_hand():
    layer = D * D * 2  # one layer's bf16 weight, gathered whole
    trace = trace_fsdp(_cfg(2), 2)
    assert trace.collectives["all-gather"] == {"calls": 4, "bytes": 4 * layer}
    assert trace.collectives["reduce-scatter"] == {"calls": 2, "bytes": 2 * layer}
    assert trace_fsdp(_cfg(1), 1).collectives == {}  # one rank: nothing to gather
    kept = trace_fsdp(_cfg(2, zero=2), 2)  # parameters stay gathered from forward to backward
    assert kept.collectives["all-gather"]["calls"] == 2


@pytest.mark.slow
def test_1024_ranks_and_the_padding_gap():
    exact = trace_fsdp(_cfg(1024, d=1024), 1024)  # 1024 rows: one per rank
    assert exact.after_step["sharded_params"] == pytest.approx(2 * 1024 * 1024 * 2 / 1024)
    padded = trace_fsdp(_cfg(1024), 1024)  # 256 rows padded to 1024: 4x the formula
    (params, *_) = compare(padded, _cfg(1024))
    assert params["gap"] == pytest.approx(3.0) and "pads" in params["why"]


@pytest.mark.parametrize(("n", "zero", "match"), [(0, 3, "GPUs: 0 ranks"), (1025, 3, "1 to 1,024"),
                                                   (2, 0, "ZeRO: stage 0"), (0, 1, "GPUs: 0"),
                                                   (3, 1, "2 parameter tensors")])  # fmt: skip
def test_bad_input(n, zero, match):
    with pytest.raises(InputError, match=match) as info:
        trace_fsdp(_cfg(max(n, 1), zero=zero), n)
    assert isinstance(info.value.message, Text) and "\n" not in info.value.message


@pytest.mark.parametrize("n", [1, 2])
def test_zero1_shards_only_the_optimizer_state(n):
    # ZeRO-1 by hand: parameters 2 B and gradients 2 B per parameter on every rank (replicated),
    # AdamW's two fp32 moments (8 B per parameter) split over the ranks: 1/N each.
    cfg = _cfg(n, zero=1)
    trace = trace_fsdp(cfg, n)
    params = 2 * D * D
    assert trace.after_step["params"] == pytest.approx(params * 2, rel=0.01)
    assert trace.after_step["grads"] == pytest.approx(params * 2, rel=0.01)
    assert trace.after_step["optimizer"] == pytest.approx(params * 8 / n, rel=0.01)
    rows = {r["category"]: r for r in compare(trace, cfg)}
    assert set(rows) == {"params", "grads", "optimizer", "optimizer_mean"}
    assert all(abs(r["gap"]) < 0.01 for r in rows.values())
    # DDP's gradient all-reduce: each layer's d×d bf16 gradient once.
    assert trace.collectives["all-reduce"] == {"calls": 2, "bytes": 2 * D * D * 2}
    assert trace.to_dict()["method"].startswith("ZeroRedundancyOptimizer")


def test_zero1_uneven_partition_is_explained():
    # 3 layers over 2 ranks: rank 0 holds 2 whole tensors (2/3 of the state), not 1/2.
    cfg = MemoryConfig(model=parse_model(f"mlp:d={D},layers=3"), batch=4, zero=1, gpus=2)
    trace = trace_fsdp(cfg, 2)
    rows = {r["category"]: r for r in compare(trace, cfg)}
    assert trace.optimizer_share == pytest.approx(2 / 3)
    assert rows["optimizer"]["gap"] == pytest.approx(1 / 3) and "whole" in rows["optimizer"]["why"]
    assert abs(rows["optimizer_mean"]["gap"]) < 0.01


def test_zero2_weights_gap_is_explained():
    trace = trace_fsdp(_cfg(2, zero=2), 2)
    (params, grads, opt) = compare(trace, _cfg(2, zero=2))
    assert params["gap"] == pytest.approx(-0.5) and "SHARD_GRAD_OP" in params["why"]
    assert abs(grads["gap"]) < 0.01 and abs(opt["gap"]) < 0.01


def test_progress_and_cancel():
    from core.memory.trace import TraceCancelled

    seen: list = []
    trace_fsdp(_cfg(2), 2, progress=lambda f, t: seen.append((f, t)))
    assert seen and all(0 < f <= 1 for f, _ in seen) and isinstance(seen[0][1], Text)
    assert "layer 1 of 2" in seen[0][1]
    with pytest.raises(TraceCancelled):
        trace_fsdp(_cfg(2), 2, should_cancel=lambda: True)
    import torch.distributed as dist

    assert not dist.is_initialized()


def test_leaves_no_process_group_behind():
    import torch.distributed as dist

    trace_fsdp(_cfg(2), 2)
    assert not dist.is_initialized()
