"""torchtitan's selective recomputation by op (core/plan/op_sac.py): PyTorch's own selective
checkpoint, run with the policy's rule on a Llama-shaped block, recomputes the GEMMs the plan
says; the plan's hardware FLOPs and kept bytes follow by hand; other frameworks keep Megatron's
selective recomputation."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.memory.models import PRESETS
from core.plan import op_sac
from core.plan.inputs import Layout
from core.plan.model import flops_per_step, plan
from core.plan.options import implementation_from, planned_input

torch = pytest.importorskip("torch")


def _block_mm_calls(policy: bool, blocks: int = 2) -> int:
    """aten.mm calls of ``blocks`` forward and backward passes of a Llama-shaped block (Q, K, V,
    output projection, gate, up, down: seven GEMMs and SDPA), checkpointed with PyTorch's
    selective checkpoint under a policy that saves every odd-numbered mm's output and the
    attention's, as torchtitan's does."""
    from torch.utils._python_dispatch import TorchDispatchMode
    from torch.utils.checkpoint import (
        CheckpointPolicy,
        checkpoint,
        create_selective_checkpoint_contexts,
    )

    class Calls(TorchDispatchMode):
        def __init__(self) -> None:
            super().__init__()
            self.mm = 0

        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            self.mm += func == torch.ops.aten.mm.default
            return func(*args, **(kwargs or {}))

    d, f, heads = 32, 64, 4
    w = {k: torch.randn(d, d, requires_grad=True) for k in ("q", "k", "v", "o")}
    w.update(gate=torch.randn(d, f, requires_grad=True), up=torch.randn(d, f, requires_grad=True),
             down=torch.randn(f, d, requires_grad=True))  # fmt: skip

    def block(x):
        t = x.shape[0]
        q, k, v = (
            (x @ w[n]).view(1, t, heads, d // heads).transpose(1, 2) for n in ("q", "k", "v")
        )
        a = torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + a.transpose(1, 2).reshape(t, d) @ w["o"]
        return x + (torch.nn.functional.silu(x @ w["gate"]) * (x @ w["up"])) @ w["down"]

    count = {"forward": 0, "recompute": 0}

    def rule(ctx, func, *args, **kwargs):
        if func == torch.ops.aten.mm.default:
            key = "recompute" if ctx.is_recompute else "forward"
            count[key] += 1
            if count[key] % 2 == 0:
                return CheckpointPolicy.PREFER_RECOMPUTE
            return CheckpointPolicy.MUST_SAVE
        if "scaled_dot_product" in str(func):
            return CheckpointPolicy.MUST_SAVE
        return CheckpointPolicy.PREFER_RECOMPUTE

    calls = 0
    for _ in range(blocks):
        x = torch.randn(8, d, requires_grad=True)
        with Calls() as counter:
            if policy:
                y = checkpoint(block, x, use_reentrant=False,
                               context_fn=lambda: create_selective_checkpoint_contexts(rule))  # fmt: skip
            else:
                y = block(x)
            y.sum().backward()
        calls += counter.mm
    return calls


def test_pytorchs_selective_checkpoint_recomputes_half_the_gemms_over_two_blocks() -> None:
    """Seven GEMMs per block: the first pass recomputes the 2nd, 4th and 6th (K, the output
    projection, the up projection), the next the 1st, 3rd and 5th (Q, V, the gate): its 7th,
    the down projection, is never run again (nothing in the backward needs its output and the
    checkpoint stops early). aten.mm calls: each forward GEMM has two backward ones, so the
    recomputed ones are the excess."""
    plain, checkpointed = _block_mm_calls(False), _block_mm_calls(True)
    assert plain == 2 * 7 * 3
    assert checkpointed - plain == 3 + 3


def test_the_recomputed_share_of_llama3_8b_by_hand() -> None:
    """h·(kv + ffn + q) of h·(2q + 2kv + 3·ffn) in BF16; all but the down projection in Float8."""
    spec = PRESETS["llama3-8b"]
    q, kv, f = 4096, 1024, 14336
    total = 2 * q + 2 * kv + 3 * f
    assert op_sac.recomputed_gemm_share(spec, False) == pytest.approx((kv + f + q) / total)
    assert op_sac.recomputed_gemm_share(spec, True) == pytest.approx((total - f) / total)


def _input(precision: str | None, framework: str = "torchtitan"):
    inp, _ = planned_input(model="llama3-8b", device="h200", gpus=32, global_batch=64, seq=8192,
                           implementation=implementation_from(framework=framework,
                                                              precision=precision))  # fmt: skip
    return inp


def test_only_torchtitans_selective_dense_plan_is_by_op() -> None:
    tt, mg = _input(None), _input(None, "megatron")
    assert op_sac.runs(tt.implementation, "selective", tt.model)
    assert not op_sac.runs(tt.implementation, "full", tt.model)
    assert not op_sac.runs(mg.implementation, "selective", mg.model)
    assert not op_sac.runs(tt.implementation, "selective", PRESETS["qwen3-30b-a3b"])


@pytest.mark.parametrize("precision", [None, "fp8-current"])
def test_hardware_flops_add_the_recomputed_gemms_and_no_attention(precision) -> None:
    inp = _input(precision)
    spec = inp.model
    share = op_sac.recomputed_gemm_share(spec, precision is not None)
    _model, none = flops_per_step(inp, "none")
    _, selective = flops_per_step(inp, "selective")
    per_layer = 2 * spec.d_model**2 + 2 * spec.d_model * spec.kv_dim + 3 * spec.d_model * spec.ffn
    assert selective - none == pytest.approx(
        share * 2 * spec.layers * per_layer * inp.tokens_per_step
    )


@pytest.mark.parametrize("precision", [None, "fp8-current"])
def test_a_block_keeps_its_input_attention_output_and_saved_gemm_outputs(precision) -> None:
    spec = PRESETS["llama3-8b"]
    low = precision is not None
    tokens, e = 2 * 8192, 2
    h, q, kv, f = 4096, 4096, 1024, 14336
    gemms = 0.0 if low else 0.5 * e * tokens * (q + 2 * kv + 2 * f + 2 * h)
    hand = e * tokens * h + e * tokens * q + 4 * tokens * 32 + gemms
    assert op_sac.kept_bytes(spec, tokens, e, 1, False, low) == pytest.approx(hand)


def test_the_plan_charges_the_policys_recomputation_and_memory() -> None:
    lay = Layout(tp=1, pp=1, dp=32, zero=3, micro_batch=2, recompute="selective")
    tt = plan(_input(None), lay)
    full = plan(_input(None), replace(lay, recompute="full"))
    none = plan(_input(None), replace(lay, recompute="none"))
    fp8 = plan(_input("fp8-current"), lay)
    assert 0 < tt.breakdown["recompute"] < full.breakdown["recompute"]
    assert tt.memory.activations < none.memory.activations
    assert full.memory.activations < tt.memory.activations
    # Float8: every GEMM recomputed, none of their outputs kept
    assert fp8.memory.activations < tt.memory.activations
    assert any("by op" in str(a) for a in tt.assumptions)
