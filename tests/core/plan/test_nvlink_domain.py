"""The NVLink domain apart from the node: an NVL72 rack of 4-GPU trays keeps every group of up to
72 GPUs on NVLink, and only groups across racks use the network. Each link is derived by hand
from the test device's figures (400e9 NVLink, 50e9 NIC, fractions 0.8 and 0.75)."""

from __future__ import annotations

import json

import pytest

from app.cli import main
from core.errors import InputError
from core.memory.recipes import optimizer, recipe
from core.plan import Cluster, Layout, PlanInput, plan
from core.plan.comm import links
from core.plan.inputs import check_layout
from core.plan.options import planned_input
from core.roofline.hardware import device_from_dict, load_catalog
from tests.core.plan.conftest import SMALL, TEST_DEVICE


@pytest.fixture(scope="module")
def rack():
    """The test device as an NVL72-style part: 72 GPUs on one NVLink fabric."""
    return device_from_dict({**TEST_DEVICE, "id": "test-rack", "nvlink_domain": 72,
                             "nvlink_domain_source": "test"})  # fmt: skip


def test_the_default_domain_is_the_devices_or_the_node(device, rack) -> None:
    assert Cluster(device, 64).domain == 8  # no domain of its own: the node
    assert Cluster(rack, 144, 4).domain == 72  # the device's rack, in 4-GPU trays
    assert Cluster(rack, 144, 8).domain == 72  # 9 nodes of 8
    # A domain that is not whole nodes of the stated size falls back to the node: the published
    # GB200 runs give the 64-GPU domain as --gpus-per-node 64, as before.
    assert Cluster(rack, 128, 64).domain == 64
    assert Cluster(rack, 144, 4, nvlink_domain=8).domain == 8
    assert load_catalog().get("gb200").nvlink_domain == 72
    assert Cluster(load_catalog().get("gb300"), 288, 4).domain == 72


def test_a_domain_of_part_of_a_node_is_refused(device) -> None:
    with pytest.raises(InputError) as info:
        Cluster(device, 64, 8, nvlink_domain=12)
    assert (
        info.value.field == "nvlink_domain" and "multiple of --gpus-per-node" in info.value.message
    )
    with pytest.raises(InputError, match="nvlink-domain"):
        Cluster(device, 64, 8, nvlink_domain=0)


def test_which_groups_cross_domains(rack, device) -> None:
    cl = Cluster(rack, 144, 4)
    assert not cl.group_crosses_nodes(1, 8)  # TP 8 inside a tray pair, inside the rack
    assert not cl.group_crosses_nodes(8, 9)  # 72 GPUs: the whole rack
    assert cl.group_crosses_nodes(8, 18)  # 144 GPUs: two racks
    assert cl.group_crosses_nodes(1, 64)  # 64-GPU groups straddle the 72-GPU racks
    one = Cluster(rack, 72, 4)
    assert not one.group_crosses_nodes(1, 64)  # one rack holds every group
    hgx = Cluster(device, 16)
    assert not hgx.group_crosses_nodes(1, 8) and hgx.group_crosses_nodes(1, 16)


def _inp(device, gpus, per_node, domain=None):
    cluster = Cluster(device, gpus, per_node, nvlink_domain=domain)
    return PlanInput(SMALL, 256, 64, cluster, recipe=recipe("bf16"), optimizer=optimizer("adamw"))


def test_dp_inside_the_rack_rides_nvlink_and_across_trays_the_network(rack, cal) -> None:
    # 64 GPUs in 4-GPU trays, TP 4 inside a tray, DP 16 across 16 trays.
    lay = Layout(tp=4, dp=16)
    inside = links(_inp(rack, 64, 4), lay, cal)
    assert not inside.dp_crosses and inside.dp == pytest.approx(400e9 * 0.8)
    trays = links(_inp(rack, 64, 4, domain=4), lay, cal)
    # Each tray holds one rank of a DP group: one NIC in flight, 50e9 × 0.75.
    assert trays.dp_crosses and trays.dp == pytest.approx(50e9 * 0.75)
    assert trays.tp == inside.tp == pytest.approx(400e9 * 0.8)


def test_the_plan_is_faster_on_the_rack_than_on_trays(rack, cal) -> None:
    lay = Layout(tp=4, dp=16)
    rack_inp, trays_inp = _inp(rack, 64, 4), _inp(rack, 64, 4, 4)
    on_rack = plan(rack_inp, check_layout(rack_inp, lay), calibration=cal)
    on_trays = plan(trays_inp, check_layout(trays_inp, lay), calibration=cal)
    assert on_rack.breakdown["dp_comm"] < on_trays.breakdown["dp_comm"]
    out = on_rack.to_dict()
    assert out["cluster"]["nvlink_domain"] == 72 and out["cluster"]["gpus_per_node"] == 4
    assert out["cluster"]["nodes"] == 16
    assert on_trays.inp.cluster.domain == 4


def test_planned_input_and_the_cli_take_the_flag(capsys) -> None:
    inp, _ = planned_input(model="llama3-8b", device="gb200", gpus=144, gpus_per_node=4,
                           nvlink_domain="72")  # fmt: skip
    assert inp.cluster.domain == 72 and inp.cluster.nodes == 36
    args = ["plan", "--model", "llama3-8b", "--device", "gb200", "--gpus", "144",
            "--gpus-per-node", "4", "--tp", "2", "--global-batch", "144"]  # fmt: skip
    assert main([*args, "--nvlink-domain", "72", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["cluster"]["nvlink_domain"] == 72 and out["links"]["dp"] == "network"
    assert main([*args, "--nvlink-domain", "144", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["links"]["dp"] == "intra-node"
    assert main([*args, "--nvlink-domain", "6"]) == 2
    assert "nvlink-domain: 6 GPUs is not a whole number of nodes of 4" in capsys.readouterr().err


def test_an_all_to_all_inside_the_rack_and_across_racks(rack, cal) -> None:
    from core.plan.comm import alltoall_seconds

    # The test calibration has no all-to-all figure: the ring's fractions (0.8 NVLink, 0.75 NIC)
    # and no NCCL hop constants, only its 10 µs per call.
    size, lat = 1e9, 1e-5
    inside = alltoall_seconds(_inp(rack, 144, 4), cal, 1, 64, size)
    assert inside == pytest.approx(size * 63 / 64 / (400e9 * 0.8) + lat)  # all on NVLink
    # 144 ranks over two racks: 71 neighbours on NVLink, 72 through the NIC, at once.
    across = alltoall_seconds(_inp(rack, 144, 4), cal, 1, 144, size)
    t_nvl, t_net = size * 71 / 144 / (400e9 * 0.8), size * 72 / 144 / (50e9 * 0.75)
    assert across == pytest.approx(max(t_nvl, t_net) + lat)
    # On 4-GPU trays each rank has 3 NVLink neighbours and 141 ranks behind its NIC.
    trays = alltoall_seconds(_inp(rack, 144, 4, 4), cal, 1, 144, size)
    assert trays == pytest.approx(size * 140 / 144 / (50e9 * 0.75) + lat)
    assert alltoall_seconds(_inp(rack, 144, 4), cal, 1, 1, size) == 0.0
