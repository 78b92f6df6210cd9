"""Norm kernels run on their own inside a fused chain, and the CUDA trace of an RMSNorm records
the fused kernel's reads (core/plan/timing.py's ``NORM_KERNELS``, core/memory/modules.py's
``_fused_rms_norm`` stand-in; docs/plan.md, mechanism 23)."""

from __future__ import annotations

import pytest

from core.memory.recipes import recipe
from core.plan.ops import layer_ops
from core.plan.timing import NORM_KERNELS, micro_times, op_cost
from tests.core.plan.conftest import SMALL, SMALL_GPT

SEQ = 256
B = 2


def _layer_memory_by_hand(ops, device, cal) -> float:
    """The layer's memory-bound seconds: each fused chain as its largest member that is not a
    norm, each norm kernel on its own, a launch per kernel."""
    bw, peak = cal.bandwidth(device), device.peak("bf16")
    chains: dict[int, float] = {}
    total = 0.0
    for op in ops.ops:
        if op.region != "layer" or op.chain < 0:
            continue
        flops, nbytes, _ = op_cost(op, B, 1, False, ops.spec.kv_heads)
        seconds = max(nbytes / bw, flops / peak)
        if op.name in NORM_KERNELS:
            total += seconds + cal.launch_s
        else:
            chains[op.chain] = max(chains.get(op.chain, 0.0), seconds)
    return total + sum(s + cal.launch_s for s in chains.values())


@pytest.mark.parametrize("spec", [SMALL, SMALL_GPT], ids=["rmsnorm", "layernorm"])
def test_norms_are_their_own_kernels_in_a_fused_chain(spec, device, cal) -> None:
    ops = layer_ops(spec, SEQ, recipe("bf16"))
    norms = [op for op in ops.ops if op.region == "layer" and op.name in NORM_KERNELS]
    # two norms a layer, each with a forward and a backward kernel
    assert len(norms) == 4
    # the second norm shares its chain with the residual add before it (forward) and the
    # residual gradient's add after it (backward): merged, the add's bytes would hide it
    shared = [op for op in norms if any(o.chain == op.chain and o.name not in NORM_KERNELS
                                        for o in ops.ops)]  # fmt: skip
    assert shared
    got = micro_times(ops, device, cal, b=B, t=1, c=1, sp=False, fused=True,
                      compute_dtype="bf16", gemm_dtype="bf16")  # fmt: skip
    assert got.memory_bound == pytest.approx(_layer_memory_by_hand(ops, device, cal), rel=1e-9)


def test_the_cuda_rmsnorm_trace_reads_its_input() -> None:
    # CUDA's fused RMSNorm reads x (and the weight) and writes y and an fp32 rstd per row;
    # backward reads dy, x, rstd and the weight and writes dx and the weight's gradient. The
    # stand-in used to record only its writes (empty_like), half the forward's traffic.
    ops = layer_ops(SMALL, SEQ, recipe("bf16"))
    d, e = SMALL.d_model, 2
    per_seq = {  # bytes per sequence (the part that grows with the batch)
        "_fused_rms_norm": SEQ * d * (e + e) + SEQ * 4,
        "_fused_rms_norm_backward": SEQ * d * (e + e + e) + SEQ * 4,
    }
    found = [op for op in ops.ops if op.region == "layer" and op.name in per_seq]
    assert sorted(op.name for op in found) == sorted(
        ["_fused_rms_norm"] * 2 + ["_fused_rms_norm_backward"] * 2
    )
    for op in found:
        assert op.kind == "norm"
        assert op.bytes1 == pytest.approx(per_seq[op.name], rel=1e-9), op.name
