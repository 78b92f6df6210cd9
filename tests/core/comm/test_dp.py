"""Data-parallel step communication: volumes counted by hand from the ZeRO paper's accounting."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from core.comm import dp_step_comm
from core.errors import InputError
from core.roofline.hardware import load_catalog

LINK = SimpleNamespace(name="gpu", intra_node_bandwidth=100e9, inter_node_bandwidth=10e9)


def test_ddp_is_one_gradient_all_reduce():
    # 1e9 bf16 gradients = 2e9 B; 4 ranks: 2*3/4 * 2e9 = 3e9 B per rank over 100 GB/s = 30 ms
    step = dp_step_comm(1e9, LINK, 4)
    assert step.bytes_per_rank == pytest.approx(3e9)
    assert step.time_s == pytest.approx(0.030) and step.exposed_s == step.time_s


def test_zero_volumes_relative_to_ddp():
    ddp = dp_step_comm(1e9, LINK, 8).bytes_per_rank
    # ZeRO-1/2: reduce-scatter + all-gather = 2(n-1)/n Ψ, the same as the all-reduce
    assert dp_step_comm(1e9, LINK, 8, strategy="zero2").bytes_per_rank == pytest.approx(ddp)
    # ZeRO-3: two all-gathers + one reduce-scatter = 3(n-1)/n Ψ = 1.5 x
    assert dp_step_comm(1e9, LINK, 8, strategy="zero3").bytes_per_rank == pytest.approx(1.5 * ddp)


def test_overlap_hides_up_to_the_compute_time():
    step = dp_step_comm(1e9, LINK, 4, compute_s=0.020, overlapped=True)
    assert step.exposed_s == pytest.approx(0.010)
    assert dp_step_comm(1e9, LINK, 4, compute_s=1.0, overlapped=True).exposed_s == 0
    assert any("overlapped with compute" in a for a in step.assumptions)
    with pytest.raises(InputError, match="compute time"):
        dp_step_comm(1e9, LINK, 4, overlapped=True)
    with pytest.raises(InputError, match="allowed: ddp"):
        dp_step_comm(1e9, LINK, 4, strategy="pipeline")


def test_lecture_scale_on_h100s_over_the_network():
    # 7e9 bf16 gradients, 1024 H100s in 128 nodes: 2*1023/1024 * 14e9 B over 400 Gb/s = 0.5595 s
    h100 = load_catalog([]).get("h100-sxm")
    step = dp_step_comm(7e9, h100, 1024, nodes=128)
    assert step.time_s == pytest.approx(2 * 1023 / 1024 * 14e9 / (400e9 / 8))


def test_traced_collectives_are_timed_like_one_message_of_their_sum():
    from core.comm.dp import traced_step_comm

    seen = {"all-gather": {"calls": 4, "bytes": 4e9}, "reduce-scatter": {"calls": 2, "bytes": 2e9}}
    (gather, k1), (scatter, k2) = traced_step_comm(seen, LINK, 8)
    assert (gather.op, k1, scatter.op, k2) == ("all-gather", 4, "reduce-scatter", 2)
    assert gather.time_s == pytest.approx(4e9 * 7 / 8 / 100e9)
    assert scatter.time_s == pytest.approx(2e9 * 7 / 8 / 100e9)
