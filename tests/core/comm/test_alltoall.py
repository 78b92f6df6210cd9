"""All-to-all: nccl-tests' conventions (S per rank, busbw = algbw (n−1)/n) and its time on paper
and at the calibrated rates, each checked against a hand derivation."""

from __future__ import annotations

import json

import pytest

from app.cli import main
from core.comm import bus_factor, estimate_collective, normalize_op
from core.comm.alltoall import alltoall_estimate, alltoall_split
from core.errors import InputError
from core.roofline.achievable import calibration
from core.roofline.hardware import device_from_dict, load_catalog


def _dev(dev_id: str):
    return load_catalog().get(dev_id)


@pytest.mark.parametrize("spelling", ["all-to-all", "alltoall", "all_to_all", "AllToAll"])
def test_the_names_nccl_tests_and_torch_use(spelling: str) -> None:
    assert normalize_op(spelling) == "all-to-all"


def test_bus_factor_is_nccl_tests_alltoall_one() -> None:
    # nccl-tests src/alltoall.cu: busBw = baseBw * (nranks - 1) / nranks.
    for n in (2, 8, 64, 1024):
        assert bus_factor("all-to-all", n) == (n - 1) / n


def test_inside_one_node_busbw_is_the_link() -> None:
    est = estimate_collective("all-to-all", 1e9, 8, _dev("h100-sxm"))
    # 7 of 8 shares leave each rank over NVLink at 450e9 B/s each way.
    t = 1e9 * 7 / 8 / 450e9
    assert est.time_s == pytest.approx(t)
    assert est.algbw == pytest.approx(1e9 / t)
    assert est.busbw == pytest.approx(450e9)
    assert est.bytes_per_rank == pytest.approx(1e9 * 7 / 8)


def test_across_nodes_the_network_share_bounds_it() -> None:
    # 64 H800s on 8 nodes: 56/64 of each rank's bytes leave through its 50 GB/s NIC, 7/64 go
    # over 200 GB/s NVLink at the same time.
    est = estimate_collective("all-to-all", 1e9, 64, _dev("h800"), nodes=8)
    t_net, t_nvl = 1e9 * 56 / 64 / 50e9, 1e9 * 7 / 64 / 200e9
    assert t_net > t_nvl
    assert est.time_s == pytest.approx(t_net)
    assert est.busbw == pytest.approx(1e9 / t_net * 63 / 64)
    # busbw exceeds the NIC: an eighth of the traffic stays on NVLink (nccl-tests counts it).
    assert est.busbw > 50e9


def test_a_slow_intra_node_link_can_bound_it() -> None:
    dev = device_from_dict({
        "id": "slow", "name": "Slow", "vendor": "NVIDIA", "peak_flops": {"bf16": 1e14},
        "mem_bandwidth": 1e12, "memory_bytes": 4e10, "source": "test",
        "intra_node_bandwidth": 10e9, "intra_node_source": "test",
        "inter_node_bandwidth": 50e9, "inter_node_source": "test",
    })  # fmt: skip
    est = alltoall_estimate(1e9, 16, dev, nodes=2)
    # 7/16 over the 10 GB/s link: 43.75 ms; 8/16 over the 50 GB/s NIC: 10 ms.
    assert est.bound == "nvlink"
    assert est.time_s == pytest.approx(1e9 * 7 / 16 / 10e9)
    assert alltoall_split(1e9, 16, 8) == pytest.approx((1e9 * 7 / 16, 1e9 * 8 / 16))


def test_achievable_rates_and_latency_by_hand() -> None:
    dev = _dev("h100-sxm")
    est = alltoall_estimate(1e9, 8, dev, 1, calibration(dev))
    # nccl-tests on 4 H100s: 334.90 GB/s busbw; NCCL's base (8.4 µs) + one NVLink hop (3.4 µs).
    t = 1e9 * 7 / 8 / 334.8e9 + 8.4e-6 + 3.4e-6
    assert est.time_s == pytest.approx(t)
    assert est.busbw == pytest.approx(1e9 / t * 7 / 8)
    h800 = _dev("h800")
    far = alltoall_estimate(1e9, 64, h800, 8, calibration(h800))
    # DeepEP's lowest H800 RDMA figure, 43 GB/s, and a network hop (14 µs) instead.
    t = 1e9 * 56 / 64 / 43e9 + 8.4e-6 + 14e-6
    assert far.time_s == pytest.approx(t) and far.bound == "network"
    assert far.achievable and not alltoall_estimate(1e9, 64, h800, 8).achievable


def test_one_rank_sends_nothing() -> None:
    est = alltoall_estimate(1e9, 1, _dev("h100-sxm"))
    assert not est.traffic and est.time_s == 0 and est.busbw is None


@pytest.mark.parametrize(
    ("size", "ranks", "nodes", "field"),
    [(0, 8, 1, "bytes"), (1e9, 0, 1, "gpus"), (1e9, 8, 3, "nodes"), (1e9, 8, 9, "nodes")],
)
def test_bad_input_names_the_field(size, ranks, nodes, field) -> None:
    with pytest.raises(InputError) as err:
        alltoall_estimate(size, ranks, _dev("h100-sxm"), nodes)
    assert err.value.field == field


def test_a_device_without_a_network_says_so() -> None:
    with pytest.raises(InputError, match="inter-node network bandwidth"):
        alltoall_estimate(1e9, 16, _dev("rtx-4090"), 2)


def test_the_cli_prints_both_rates(capsys) -> None:
    args = ["comm", "--op", "all-to-all", "--bytes", "1e9", "--gpus", "64", "--nodes", "8",
            "--device", "h800"]  # fmt: skip
    assert main([*args, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["op"] == "all-to-all" and out["bus_factor"] == pytest.approx(63 / 64)
    assert out["time_s"] == pytest.approx(1e9 * 56 / 64 / 50e9)
    ach = out["achievable"]
    assert ach["time_s"] == pytest.approx(1e9 * 56 / 64 / 43e9 + 22.4e-6)
    assert ach["network_bytes_per_rank"] == pytest.approx(1e9 * 56 / 64)
    assert main(args) == 0
    text = capsys.readouterr().out
    assert "achievable" in text and "inter_node_alltoall_busbw_fraction 0.86" in text
