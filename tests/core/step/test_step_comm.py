"""Communication as a kind of the step: the data-parallel gradient all-reduce against a hand-derived
ring all-reduce, its share of the step, and the Roofline points sized by their share."""

from __future__ import annotations

import pytest

from core.errors import InputError
from core.roofline.hardware import load_catalog
from core.step.comm import GPUS_PER_NODE, nodes_for, step_comm, with_comm
from core.step.options import inputs_from_options
from core.step.predict import predict
from core.step.report import roofline_points, step_report
from core.step.trace import trace_config

pytest.importorskip("torch")

D, LAYERS = 32, 2


@pytest.fixture(scope="module")
def traced():
    inputs = inputs_from_options(model=f"mlp:d={D},layers={LAYERS}", batch="4", recipe="bf16")
    return trace_config(inputs.config)


def test_the_all_reduce_is_a_hand_derived_ring(traced) -> None:
    device = load_catalog().get("h100-sxm")
    grad_bytes = 2 * D * D * LAYERS  # bf16 gradients of the weight matrices
    assert traced.table["grads"]["bytes"] == grad_bytes
    for gpus, link in ((2, device.intra_node_bandwidth), (8, device.intra_node_bandwidth),
                       (64, min(device.intra_node_bandwidth, device.inter_node_bandwidth))):  # fmt: skip
        comm = step_comm(traced, device, gpus)
        # Ring all-reduce: a reduce-scatter then an all-gather, each n-1 steps of S/n bytes.
        sent = 2 * (gpus - 1) * grad_bytes / gpus
        assert comm.bytes_per_rank == pytest.approx(sent)
        assert comm.time_s == pytest.approx(sent / link)
        assert comm.nodes == max(1, gpus // GPUS_PER_NODE)
    assert step_comm(traced, device, 1).time_s == 0.0


def test_the_step_pays_it_and_the_shares_add_up(traced) -> None:
    device = load_catalog().get("h100-sxm")
    pred = predict(traced, device)
    comm = step_comm(traced, device, 8)
    both = with_comm(pred, comm)
    assert both.step_time_s == pytest.approx(pred.step_time_s + comm.time_s)
    assert both.mfu == pytest.approx(traced.model_flops / (both.step_time_s * pred.peak))
    report = step_report(traced, both, comm=comm)
    kinds = report["totals"]["kind"]
    assert kinds["communication"]["predicted_s"] == comm.time_s
    assert sum(both.share(k["predicted_s"]) for k in kinds.values()) == pytest.approx(1.0)
    c = report["communication"]
    assert c["op"] == "all-reduce" and c["gpus"] == 8 and c["overlapped"] is False
    assert c["share"] == pytest.approx(comm.time_s / both.step_time_s)
    assert "not overlapped" in c["assumption"]
    assert with_comm(pred, step_comm(traced, device, 1)) is pred


@pytest.mark.parametrize("gpus", [0, -1, 12, True, 2.0, 10**7])
def test_bad_gpu_counts_name_the_field(gpus) -> None:
    with pytest.raises(InputError) as err:
        nodes_for(gpus)
    assert err.value.field == "gpus" and "GPUs" in err.value.message


def test_a_device_without_an_interconnect_figure_is_refused(traced) -> None:
    from dataclasses import replace

    device = replace(load_catalog().get("h100-sxm"), intra_node_bandwidth=None)
    with pytest.raises(InputError, match="interconnect"):
        step_comm(traced, device, 4)


def test_roofline_points_carry_their_share(traced) -> None:
    pred = predict(traced, load_catalog().get("h100-sxm"))
    points = roofline_points(traced, pred, top=3)
    kinds = [p for p in points if p["label"].startswith("step ") and "#" not in p["label"]]
    ops = [p for p in points if "#" in p["label"]]
    assert kinds and 1 <= len(ops) <= 3
    for p in points:
        assert 0 < p["share"] <= 1 and p["flops"] > 0 and p["bytes"] > 0 and p["source"] == "Step"
    assert sum(p["share"] for p in kinds) <= 1.0 + 1e-9
    shares = [p["share"] for p in ops]
    assert shares == sorted(shares, reverse=True)
