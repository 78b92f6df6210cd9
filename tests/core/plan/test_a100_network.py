"""The A100's network ring fraction: its own DGX A100 measurement, not other devices' median.

Hand derivation (NVIDIA/nccl issue 812, an NCCL developer's comment of 2023-03-31): a DGX A100
with 8 × 200 Gb/s HDR InfiniBand NICs measures an all-reduce bus bandwidth of 192 GB/s. Each NIC
carries 200 Gb/s = 25 GB/s one way (the DGX A100 user guide, ``resources/hardware.json``), and a
ring laid across nodes keeps every NIC of a node in flight (the model ``h200``'s figure uses), so
the fraction is 192 / (8 × 25) = 0.96.
"""

from __future__ import annotations

import pytest

from core.memory.models import TransformerSpec
from core.memory.recipes import optimizer, recipe
from core.plan import Cluster, Layout, PlanInput
from core.plan.comm import links
from core.roofline.achievable import calibration
from core.roofline.hardware import load_catalog

BUSBW = 192e9  # B/s, the measured all-reduce busbw of a DGX A100 node pair or more
NIC = 200e9 / 8  # B/s one way per GPU: 200 Gb/s HDR
NVLINK = 300e9  # B/s one way per GPU: NVLink 3, 600 GB/s both ways (A100 datasheet)
INTRA = 234.89e9 / 300e9  # ml-engineering's 8 × A100 all-reduce busbw over NVLink 3

SPEC = TransformerSpec(name="small", vocab=32000, d_model=1024, layers=4, heads=16, kv_heads=16,
                       ffn=4096, gated=False, tied=False, norm="layernorm", bias=True,
                       max_pos=2048, seq=2048)  # fmt: skip


@pytest.mark.parametrize(("device_id", "origin"), [("a100-sxm", "builtin"),
                                                    ("a100-sxm-40gb", "sibling")])  # fmt: skip
def test_the_a100_network_fraction_is_the_dgx_a100_measurement(device_id, origin) -> None:
    cal = calibration(load_catalog().get(device_id))
    assert cal.values["inter_node_busbw_fraction"] == pytest.approx(BUSBW / (8 * NIC))
    assert "nccl/issues/812" in cal.sources["inter_node_busbw_fraction"]
    # its own figure (the 40 GB part: the same DGX A100 network, through its sibling), no longer
    # the median of other devices' (EFA) figures
    assert cal.origins["inter_node_busbw_fraction"] == origin
    # no caveat on it (a caveat reads "<device>: inter_node_busbw_fraction = <value>: ...")
    assert not any("inter_node_busbw_fraction =" in str(n) for n in cal.notes)


def _links(gpus: int, lay: Layout):
    device = load_catalog().get("a100-sxm")
    cluster = Cluster(device, gpus, 8)
    inp = PlanInput(SPEC, 2048, 256, cluster, recipe=recipe("bf16"), optimizer=optimizer("adamw"))
    return links(inp, lay, calibration(device))


def test_a100_dp_rings_across_nodes_take_the_measured_rate() -> None:
    # TP 1, DP 32 over 4 nodes: 8 ranks of the ring per node, every NIC in flight:
    # min(NVLink ring 300 × 0.783 = 234.9, 8 × 25 × 0.96 = 192) = 192 GB/s.
    wide = _links(32, Layout(tp=1, dp=32))
    assert wide.dp_crosses and wide.dp == pytest.approx(min(NVLINK * INTRA, 8 * NIC * 0.96))
    assert wide.dp == pytest.approx(BUSBW)
    # TP 8, DP 4 over 4 nodes: one rank of each DP ring per node, one NIC: 25 × 0.96 = 24 GB/s.
    narrow = _links(32, Layout(tp=8, dp=4))
    assert narrow.dp_crosses and narrow.dp == pytest.approx(24e9)
    # the NVLink ring at the stored 0.783
    assert not narrow.tp_crosses and narrow.tp == pytest.approx(NVLINK * INTRA, rel=1e-3)
