"""DeepEP's dispatch and combine with node-limited routing (DeepSeek-V3 report §3.2.2, §3.3),
by hand: FP8 dispatch and BF16 combine, a token over the network once per destination node."""

from __future__ import annotations

import pytest

from core.errors import InputError
from core.plan import Layout, check_layout
from core.plan import moe as moe_plan
from core.plan.deepep import FP8_DISPATCH_BYTES, distinct_nodes
from core.plan.options import implementation_from, planned_input


def test_distinct_nodes() -> None:
    assert distinct_nodes(8, 8, 4) == 4  # node-limited: the routing fills its 4 nodes
    assert distinct_nodes(8, 2, 4) == 2
    assert distinct_nodes(8, 1, 0) == 1
    # unlimited, balanced: 8 picks over 8 nodes reach 8·(1 − (7/8)^8) of them
    assert distinct_nodes(8, 8, 0) == pytest.approx(8 * (1 - (7 / 8) ** 8), rel=1e-12)
    assert FP8_DISPATCH_BYTES == 1 + 4 / 128  # one fp32 scale per 128 FP8 elements


@pytest.fixture(scope="module")
def deepseek():
    out = {}
    for name in ("alltoall", "deepep"):
        impl = implementation_from(fp8=True, uneven_stages=True, dispatcher=name, route_nodes="4")
        out[name], _ = planned_input(model="deepseek-v3", device="h800", gpus=2048, seq=4096,
                                     global_batch=15360, implementation=impl)  # fmt: skip
    return out


def test_deepep_on_deepseeks_layout_by_hand(deepseek) -> None:
    from core.plan import context

    inp = deepseek["deepep"]
    cal = context(inp).cal
    lay = check_layout(inp, Layout(pp=16, ep=64, zero=1))
    t, d = 4096, 7168
    # EP 64 over 8 nodes of 8: 4 nodes per token, 7 of 8 of them remote; 8 copies over NVLink,
    # 7 of 8 to another GPU of the node; the links at once, dispatch in FP8, combine in BF16
    inter, intra = t * 4 * 7 / 8 * d, t * 8 * 7 / 8 * d
    want = 0.0
    for e in (1.03125, 2.0):
        want += max(
            inter * e / cal.alltoall_busbw(50e9, True), intra * e / cal.alltoall_busbw(200e9, False)
        ) + cal.alltoall_latency_s(True)
    assert moe_plan.alltoall_layer_seconds(inp, lay, cal) == pytest.approx(want, rel=1e-12)
    plain = moe_plan.alltoall_layer_seconds(deepseek["alltoall"], lay, cal)
    assert moe_plan.alltoall_layer_seconds(inp, lay, cal) < plain / 2


def test_a_dispatcher_is_checked() -> None:
    with pytest.raises(InputError, match="dispatcher: 'nccl'; allowed: alltoall, deepep"):
        implementation_from(dispatcher="nccl")
