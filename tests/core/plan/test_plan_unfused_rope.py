"""Megatron-Core's unfused rotary positions (GPT-OSS's YaRN under Megatron-Bridge): the elements
and kernels against PyTorch's own ops, the seconds, the host calls, and which runs carry them."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from core.plan.host import UNFUSED_ROPE_KERNELS, host_ops
from core.plan.inputs import Layout
from core.plan.moe import UNFUSED_ROPE_ELEMENTS, unfused_rope_seconds
from core.plan.published_moe import load_moe_runs, moe_run_input
from tests.aten_ops import recorder

GB200_BF16 = "megatron-bridge-26.04-gb200-gpt-oss-120b-64gpu-bf16"

#: ops that move nothing of their own (views, autograd's detach)
_VIEWS = ("aten.alias", "aten.split", "aten.slice.", "aten.detach")


def _run(run_id: str) -> dict[str, Any]:
    return next(r for r in load_moe_runs() if r["id"] == run_id)


def _megatron_rope_ops(s: int, b: int, h: int, d: int) -> tuple[list, list]:
    """The aten ops of ``_apply_rotary_pos_emb_bshd`` (no interleave, no MLA) on one tensor,
    forward and backward: (name, elements of the big tensor moved, touches the table only)."""
    torch = pytest.importorskip("torch")
    big = s * b * h * d

    def moved(log: Any) -> list[tuple[str, float, bool]]:
        out = []
        for name, ins, outs in log.ops:
            seen = ins + outs
            share = sum(t.numel() for t in seen if t.numel() >= big // 2) / big
            out.append((name, share, all(t.numel() < big // 2 for t in seen)))
        return out

    def rotate_half(x: Any) -> Any:
        x1, x2 = torch.chunk(x, 2, dim=-1)
        return torch.cat((-x2, x1), dim=-1)

    t0 = torch.randn(s, b, h, d, dtype=torch.bfloat16, requires_grad=True)
    freqs = torch.randn(s, 1, 1, d)
    with recorder() as fwd:
        t, t_pass = t0[..., :d], t0[..., d:]
        cos_ = (torch.cos(freqs) * 1.0).to(t.dtype)
        sin_ = (torch.sin(freqs) * 1.0).to(t.dtype)
        y = torch.cat(((t * cos_) + (rotate_half(t) * sin_), t_pass), dim=-1)
    grad = torch.ones_like(y)
    with recorder() as bwd:
        y.backward(grad)
    keep = lambda ops: [o for o in ops if not o[0].startswith(_VIEWS)]  # noqa: E731
    return keep(moved(fwd)), keep(moved(bwd))


def test_elements_and_kernels_match_pytorchs_own_ops() -> None:
    fwd, bwd = _megatron_rope_ops(s=8, b=2, h=64, d=16)
    # beyond the fused kernel's one read and one write each way
    assert sum(m for _n, m, _t in fwd) - 2 == UNFUSED_ROPE_ELEMENTS[0]
    assert sum(m for _n, m, _t in bwd) - 2 == UNFUSED_ROPE_ELEMENTS[1]
    # Q and K each: every launched op less the fused one
    assert 2 * (len(fwd) - 1) == UNFUSED_ROPE_KERNELS[0]
    assert 2 * (len(bwd) - 1) == UNFUSED_ROPE_KERNELS[1]
    assert sum(table for _n, _m, table in fwd) == 6  # cos, sin, their scales and casts


def test_seconds_follow_the_heads_each_rank_holds() -> None:
    inp, _c, _ = moe_run_input(_run(GB200_BF16))
    bw, launch = 5.0e12, 4.0e-6
    # GPT-OSS-120B: 64 query heads and 8 KV heads of 64; micro-batch 4 of 4,096 tokens
    for tp, cp in ((1, 1), (2, 1), (8, 2), (16, 1)):
        layout = Layout(tp=tp, pp=1, cp=cp, sp=tp > 1, zero=1, micro_batch=4, ep=1)
        fwd, bwd, kernels = unfused_rope_seconds(inp, layout, bw, launch)
        tokens = 4 * 4096 / cp
        elements = tokens * (64 * 64 / tp + 8 * 64 / min(tp, 8))
        assert fwd == pytest.approx(10 * 2 * elements / bw + 22 * launch)
        assert bwd == pytest.approx(12 * 2 * elements / bw + 12 * launch)
        assert kernels == 34


def test_which_runs_run_unfused_rotary_positions() -> None:
    # Megatron-Bridge's GPT-OSS rows (YaRN, so no RoPE fusion); AutoModel's rows fuse it
    for run in load_moe_runs():
        inp, _c, _ = moe_run_input(run)
        gpt_oss = str(run["model"]["preset"] or "").startswith("gpt-oss")
        megatron = run["id"].startswith(("megatron-bridge", "megatron-lm", "megatron-core"))
        assert inp.implementation.unfused_rope == (gpt_oss and megatron), run["id"]


def test_host_counts_the_ropes_kernels_unless_attention_is_graphed() -> None:
    from core.plan.model import context

    inp, _c, _ = moe_run_input(_run(GB200_BF16))
    ops = context(inp).ops
    kw = {"experts_per_gpu": 2.0, "fused": True, "dispatcher": "deepep", "te_gemms": True}
    on, off = host_ops(ops, unfused_rope=True, **kw), host_ops(ops, **kw)
    assert (on.forward - off.forward, on.backward - off.backward) == UNFUSED_ROPE_KERNELS
    graphs = ("attn",)
    assert host_ops(ops, unfused_rope=True, graphs=graphs, **kw) == host_ops(
        ops, graphs=graphs, **kw
    )


def test_the_layer_is_slower_by_the_ropes_seconds() -> None:
    from core.plan.inputs import check_layout
    from core.plan.model import context, evaluate

    inp, c, _ = moe_run_input(_run(GB200_BF16))
    layout = check_layout(inp, Layout(tp=c.tp, pp=c.pp, cp=c.cp, sp=bool(c.sp), zero=c.zero,
                                      micro_batch=c.micro_batch, ep=c.ep))  # fmt: skip
    off = replace(inp, implementation=replace(inp.implementation, unfused_rope=False))
    ctx = context(inp)
    on_m, off_m = evaluate(ctx, layout).micro, evaluate(context(off), layout).micro
    fwd, bwd, _k = unfused_rope_seconds(inp, layout, ctx.cal.bandwidth(inp.cluster.device),
                                        ctx.cal.launch_s)  # fmt: skip
    share = inp.model.moe_layers / inp.model.layers
    assert on_m.layer_fwd - off_m.layer_fwd == pytest.approx(share * fwd, rel=1e-6)
    assert on_m.layer_bwd - off_m.layer_bwd == pytest.approx(share * bwd, rel=1e-6)
