"""Interconnect fields of the hardware database: datasheet arithmetic, sources, user devices.

The expected figures are typed from the datasheets' own headline numbers (bidirectional NVLink
totals, NIC line rates, PCIe lane rates) and converted by hand here, not copied from the JSON.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from core.errors import InputError
from core.roofline.hardware import builtin_devices, device_from_dict, load_catalog
from core.roofline.user_devices import save_user_device

GB = 1e9


@pytest.mark.parametrize(
    ("device_id", "bidirectional_total"),
    [
        ("h100-sxm", 900 * GB),
        ("h200", 900 * GB),
        ("a100-sxm", 600 * GB),
        ("b200", 1800 * GB),
        ("v100", 300 * GB),
        ("mi300x", 896 * GB),
    ],
)
def test_intra_node_is_half_the_bidirectional_headline(device_id, bidirectional_total):
    device = load_catalog([]).get(device_id)
    assert device.intra_node_bandwidth == pytest.approx(bidirectional_total / 2)


@pytest.mark.parametrize(
    ("device_id", "gbit_per_s"),
    [("h100-sxm", 400), ("h200", 400), ("b200", 400), ("a100-sxm", 200)],
)
def test_inter_node_is_the_nic_line_rate_in_bytes(device_id, gbit_per_s):
    assert load_catalog([]).get(device_id).inter_node_bandwidth == gbit_per_s * 1e9 / 8


def test_pcie_cards_get_the_lane_rate():
    # Gen4: 16 GT/s per lane, 16 lanes, 128b/130b coding, 8 bits a byte (about 31.5 GB/s each way)
    gen4 = 16e9 * 16 * 128 / 130 / 8
    catalog = load_catalog([])
    for device_id in ("l40s", "l4", "rtx-4090"):
        assert catalog.get(device_id).intra_node_bandwidth == pytest.approx(gen4, rel=1e-3)
    assert catalog.get("rtx-5090").intra_node_bandwidth == pytest.approx(2 * gen4, rel=1e-3)


def test_every_figure_has_a_link_and_a_source():
    with_links = [d for d in builtin_devices() if d.intra_node_bandwidth is not None]
    assert len(with_links) >= 15
    for device in builtin_devices():
        for scope in ("intra_node", "inter_node"):
            if getattr(device, f"{scope}_bandwidth") is not None:
                assert getattr(device, f"{scope}_link"), (device.id, scope)
                assert len(getattr(device, f"{scope}_source")) > 20, (device.id, scope)
        if device.inter_node_bandwidth is not None:
            assert device.intra_node_bandwidth is not None


ENTRY = {
    "id": "lab-node",
    "name": "Lab node",
    "peak_flops": {"bf16": 1e14},
    "mem_bandwidth": 1e12,
    "memory_bytes": 24e9,
    "source": "mine",
}


def test_a_user_device_sets_and_keeps_its_links(tmp_path: Path):
    entry = ENTRY | {"intra_node_bandwidth": 2.5e10, "inter_node_bandwidth": "12.5e9"}
    with pytest.raises(InputError, match="inter_node_bandwidth"):
        device_from_dict(entry, user_defined=True)
    device = device_from_dict(entry | {"inter_node_bandwidth": 12.5e9}, user_defined=True)
    assert device.intra_node_source == "user-defined"
    path = tmp_path / "devices.json"
    save_user_device(device, path)
    again = load_catalog([path]).get("lab-node")
    assert (again.intra_node_bandwidth, again.inter_node_bandwidth) == (2.5e10, 12.5e9)


def test_old_entries_without_links_still_load_and_say_nothing():
    device = device_from_dict(ENTRY, user_defined=True)
    assert device.intra_node_bandwidth is None
    assert "intra_node_bandwidth" not in device.to_dict()


def test_a_builtin_link_without_a_source_is_refused():
    with pytest.raises(InputError, match="intra_node_source"):
        device_from_dict(ENTRY | {"intra_node_bandwidth": 1e11})
    with pytest.raises(InputError, match="out of range"):
        device_from_dict(ENTRY | {"intra_node_bandwidth": -1}, user_defined=True)
