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


@pytest.mark.parametrize(("n", "zero", "match"), [(0, 3, "gpus"), (1025, 3, "1 to 1024"),
                                                   (2, 1, "zero")])  # fmt: skip
def test_bad_input(n, zero, match):
    with pytest.raises(InputError, match=match):
        trace_fsdp(_cfg(max(n, 1), zero=max(zero, 0)), n)


def test_leaves_no_process_group_behind():
    import torch.distributed as dist

    trace_fsdp(_cfg(2), 2)
    assert not dist.is_initialized()
