"""Megatron's vocabulary-parallel cross-entropy, kernel by kernel, against a hand count."""

from __future__ import annotations

import math

import pytest

from core.memory.recipes import recipe
from core.plan.loss_kernels import MEGATRON_LOSS, megatron_loss_seconds
from core.plan.ops import layer_ops
from core.plan.timing import micro_times, op_cost
from tests.core.plan.conftest import SMALL, SMALL_GPT

SEQ = 256

# (bytes read, bytes written) per logit of each logits-wide kernel, bf16 logits, as
# megatron/core/tensor_parallel/cross_entropy.py runs them (unfused) ...
UNFUSED_FWD = [(2, 4), (4, 0), (4, 4), (4, 4), (4, 0), (4, 4)]  # float, max, sub_, exp, sum, div_
UNFUSED_BWD = [(4, 4), (4, 2)]  # mul_ by the output gradient, autograd's cast back to bf16
# ... and as fusions/fused_cross_entropy.py compiles them (cast with max, exp in place, sum, div_)
FUSED_FWD = [(2, 4), (4, 4), (4, 0), (4, 4)]
FUSED_BWD = [(4, 4), (4, 2)]


def _count(kernels: list[tuple[int, int]]) -> tuple[int, int]:
    return sum(r + w for r, w in kernels), len(kernels)


def test_bytes_and_kernels_per_logit_by_hand() -> None:
    for fused, (fwd, bwd) in ((False, (UNFUSED_FWD, UNFUSED_BWD)), (True, (FUSED_FWD, FUSED_BWD))):
        fb, fk = _count(fwd)
        bb, bk = _count(bwd)
        assert MEGATRON_LOSS[fused] == (fb, fk, bb, bk)
    # against the traced F.cross_entropy on an fp32 copy (18 + 26 bytes): Megatron moves more
    assert sum(MEGATRON_LOSS[False][0::2]) == 52
    assert sum(MEGATRON_LOSS[True][0::2]) == 40


def test_seconds_by_hand() -> None:
    logits, bw, launch = 8192 * 128256, 3e12, 2.4e-6
    fwd, bwd = megatron_loss_seconds(logits, False, bw, launch)
    assert fwd == pytest.approx(logits * 38 / bw + 6 * launch, rel=1e-12)
    assert bwd == pytest.approx(logits * 14 / bw + 2 * launch, rel=1e-12)
    fwd, bwd = megatron_loss_seconds(logits, True, bw, launch)
    assert fwd == pytest.approx(logits * 26 / bw + 4 * launch, rel=1e-12)
    assert bwd == pytest.approx(logits * 14 / bw + 2 * launch, rel=1e-12)
    assert megatron_loss_seconds(0, True, bw, launch) == (0.0, 0.0)


def _times(
    ops, device, cal, *, fused_loss: bool, cross_entropy: str | None, t: int = 1, c: int = 1
):
    return micro_times(ops, device, cal, b=2, t=t, c=c, sp=False, fused=True,
                       compute_dtype="bf16", gemm_dtype="bf16", fused_loss=fused_loss,
                       cross_entropy=cross_entropy)  # fmt: skip


def _traced_loss(ops, device, cal, *, t: int, c: int) -> tuple[float, float]:
    """The traced F.cross_entropy's logits-wide kernels, each on its own (an unfused loss)."""
    bw, peak = cal.bandwidth(device), device.peak("bf16")
    out = {"forward": 0.0, "backward": 0.0}
    for op in ops.ops:
        if op.region == "head" and op.chain >= 0 and op.vocab:
            flops, nbytes, _ = op_cost(op, 2 / c, t, False, ops.spec.kv_heads)
            out[op.phase] += max(nbytes / bw, flops / peak) + cal.launch_s
    return out["forward"], out["backward"]


@pytest.mark.parametrize("spec", [SMALL, SMALL_GPT], ids=["llama", "gpt"])
@pytest.mark.parametrize(("t", "c"), [(1, 1), (2, 1), (1, 2)])
def test_megatron_kernels_replace_the_traced_loss(spec, t, c, device, cal) -> None:
    # Same head otherwise (norm, LM head GEMMs): the difference is Megatron's kernels over
    # b/CP · s · ceil(V/TP) logits less the traced loss's kernels.
    ops = layer_ops(spec, SEQ, recipe("bf16"))
    bw = cal.bandwidth(device)
    logits = 2 / c * SEQ * math.ceil(spec.vocab / t)
    traced_f, traced_b = _traced_loss(ops, device, cal, t=t, c=c)
    megatron = _times(ops, device, cal, fused_loss=False, cross_entropy="fp32-inplace", t=t, c=c)
    plain = _times(ops, device, cal, fused_loss=False, cross_entropy="fp32", t=t, c=c)
    assert megatron.head_fwd - plain.head_fwd == pytest.approx(
        logits * 38 / bw + 6 * cal.launch_s - traced_f, rel=1e-9
    )
    assert megatron.head_bwd - plain.head_bwd == pytest.approx(
        logits * 14 / bw + 2 * cal.launch_s - traced_b, rel=1e-9
    )
    # the layers and the embedding do not see the loss
    assert (megatron.layer_fwd, megatron.embed_bwd) == (plain.layer_fwd, plain.embed_bwd)
    if spec.norm == "layernorm":  # one norm kernel either way (an RMSNorm's ops fuse too)
        fused = _times(ops, device, cal, fused_loss=True, cross_entropy="fp32-inplace", t=t, c=c)
        # the fused loss against the unfused one: 12 bytes and 2 kernels less forward
        assert megatron.head_fwd - fused.head_fwd == pytest.approx(
            logits * 12 / bw + 2 * cal.launch_s, rel=1e-9
        )
        assert fused.head_bwd == pytest.approx(megatron.head_bwd, rel=1e-9)


def test_other_losses_keep_the_traced_kernels(device, cal) -> None:
    # F.cross_entropy (fp32, the default) and a native-dtype kernel are timed from the trace:
    # naming them changes nothing against not naming a loss at all.
    ops = layer_ops(SMALL, SEQ, recipe("bf16"))
    for fused_loss in (False, True):
        plain = _times(ops, device, cal, fused_loss=fused_loss, cross_entropy=None)
        for name in ("fp32", "native"):
            named = _times(ops, device, cal, fused_loss=fused_loss, cross_entropy=name)
            assert (named.head_fwd, named.head_bwd) == (plain.head_fwd, plain.head_bwd)
    # Megatron's unfused loss moves 52 bytes per logit where the trace's moves 44 (each op's
    # bytes at most once): the head takes longer
    megatron = _times(ops, device, cal, fused_loss=False, cross_entropy="fp32-inplace")
    traced = _times(ops, device, cal, fused_loss=False, cross_entropy="fp32")
    assert megatron.head_fwd + megatron.head_bwd > traced.head_fwd + traced.head_bwd
