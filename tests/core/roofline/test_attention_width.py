"""A flash-attention kernel's rate at a narrower head: the measured 64/128 ratios, their
interpolation, and the plan's attention time for GPT-OSS's heads of 64."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.roofline.attention_width import HEAD_64_RATES, head_width_factor


def test_the_ratio_at_64_is_the_figures_own() -> None:
    # FlashAttention-3's H100 figures: cuDNN causal forward at 4K, 363 TFLOP/s at head 64 against
    # 518 at 128; its backward at 4K, 417 against 499
    assert head_width_factor(64, False, True, 4096, "cudnn") == pytest.approx(363 / 518)
    assert head_width_factor(64, True, True, 4096, "cudnn") == pytest.approx(417 / 499)
    assert head_width_factor(64, False, False, 4096, "flash2") == pytest.approx(321 / 368)


def test_between_lengths_and_widths_it_interpolates_and_holds_at_the_ends() -> None:
    # half-way in log2 s between 2K and 4K: the mean of the two ratios
    at_2k, at_4k = 334 / 484, 363 / 518
    mid = head_width_factor(64, False, True, 2048 * 2**0.5, "cudnn")
    assert mid == pytest.approx((at_2k + at_4k) / 2)
    # beyond 16K and below 512 the end figures hold
    assert head_width_factor(64, True, True, 1e6, "cudnn") == pytest.approx(433 / 516)
    assert head_width_factor(64, True, True, 100, "cudnn") == pytest.approx(266 / 305)
    # head 96: half-way between the ratio and 1; 128 and wider: 1, none claimed faster
    assert head_width_factor(96, False, True, 4096, "cudnn") == pytest.approx((1 + at_4k) / 2)
    assert head_width_factor(128, True, True, 4096) == 1.0
    assert head_width_factor(192, False, True, 4096) == 1.0
    assert head_width_factor(32, False, True, 4096, "cudnn") == pytest.approx(at_4k)


def test_a_kernel_without_figures_takes_cudnns() -> None:
    for kernel in (None, "triton", "flash1", "fa4"):
        assert head_width_factor(64, True, True, 8192, kernel) == head_width_factor(
            64, True, True, 8192, "cudnn"
        )
    # every kernel with figures is slower per FLOP at 64 than at 128, each pass and length
    for kernel, passes in HEAD_64_RATES.items():
        for key, (narrow, wide) in passes.items():
            assert all(n < w for n, w in zip(narrow, wide, strict=True)), (kernel, key)


def test_the_plan_times_gpt_oss_attention_at_the_narrower_rate() -> None:
    from core.plan.inputs import Layout, check_layout
    from core.plan.model import context, evaluate
    from core.plan.published_moe import load_moe_runs, moe_run_input

    run = next(r for r in load_moe_runs()
               if r["id"] == "megatron-bridge-26.04-h100-sxm-gpt-oss-120b-64gpu-bf16")  # fmt: skip
    inp, c, _ = moe_run_input(run)
    assert inp.model.head_dim == 64
    layout = check_layout(inp, Layout(tp=c.tp, pp=c.pp, cp=c.cp, sp=bool(c.sp), zero=c.zero,
                                      micro_batch=c.micro_batch, ep=c.ep))  # fmt: skip
    wide = replace(inp, model=replace(inp.model, head_size=128, heads=32, kv_heads=4))
    ctx, ctx_w = context(inp), context(wide)
    m, m_w = evaluate(ctx, layout).micro, evaluate(ctx_w, layout).micro
    # the same attention FLOPs (heads × head width unchanged), the narrow heads slower
    assert inp.model.q_dim == wide.model.q_dim
    assert m.attn_fwd > m_w.attn_fwd and m.attn_bwd > m_w.attn_bwd


def test_the_kernels_head_width_of_latent_and_plain_attention() -> None:
    from core.memory.models import preset

    # DeepSeek-V3's config.json: qk_nope_head_dim 128 + qk_rope_head_dim 64; Llama 3 8B: 4096 / 32
    assert preset("deepseek-v3").qk_head_dim == 128 + 64
    assert preset("llama3-8b").qk_head_dim == 4096 // 32
    assert head_width_factor(preset("deepseek-v3").qk_head_dim, True, True, 4096) == 1.0
