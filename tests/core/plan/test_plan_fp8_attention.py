"""FP8 attention (Megatron-Bridge's ``fp8_dot_product_attention``): cuDNN's measured FP8/BF16 time
ratios by hand from the benchmark's times, their use in the layer's attention time, and which
published rows run it."""

from __future__ import annotations

import math

import pytest

from core.memory.recipes import recipe
from core.plan.ops import layer_ops
from core.plan.published_moe import FP8_ATTENTION
from core.plan.timing import micro_times
from core.roofline.achievable import calibration
from core.roofline.attention_fp8 import fp8_attention_factor
from core.roofline.hardware import load_catalog
from tests.core.plan.conftest import SMALL, runs_carrying

#: cudnn-frontend's SDPA training benchmark at fb682ce7 (cuDNN 9.22), milliseconds per call, as
#: its CSVs print them (benchmark/sdpa_benchmark_training/results/...):
#: gpt_oss/gb200 (128-token window, 128 heads of 64, batch 2) at 4,096: bf16 backward 0.465,
#: mxfp8 backward 2.080; at 8,192: 0.911 and 7.427. llama3.1/gb200 (causal, 64 heads of 128)
#: at 4,096: bf16 forward 0.391, mxfp8 forward 0.326.
WINDOW_BWD_4K, WINDOW_BWD_8K = 2.080 / 0.465, 7.427 / 0.911
CAUSAL_FWD_4K = 0.326 / 0.391


def test_ratios_by_hand_from_the_benchmark_times() -> None:
    assert fp8_attention_factor("gb200", "mxfp8", True, True, 4096) == pytest.approx(WINDOW_BWD_4K)
    assert fp8_attention_factor("gb200", "mxfp8", False, False, 4096) == pytest.approx(
        CAUSAL_FWD_4K
    )
    # between two lengths, linear in log2 of the length; held beyond the ends
    mid = fp8_attention_factor("gb200", "mxfp8", True, True, 4096 * math.sqrt(2))
    assert mid == pytest.approx((WINDOW_BWD_4K + WINDOW_BWD_8K) / 2)
    assert fp8_attention_factor("gb200", "mxfp8", True, True, 1024) == pytest.approx(
        fp8_attention_factor("gb200", "mxfp8", True, True, 2048)
    )
    assert fp8_attention_factor("gb200", "mxfp8", True, True, 8192) == pytest.approx(WINDOW_BWD_8K)


def test_the_same_die_takes_its_ratio_and_other_devices_none() -> None:
    assert fp8_attention_factor("b200", "mxfp8", True, True, 4096) == pytest.approx(WINDOW_BWD_4K)
    assert fp8_attention_factor("gb200:memory=100GB", "mxfp8", True, True, 4096) == pytest.approx(
        WINDOW_BWD_4K
    )
    assert fp8_attention_factor("h100-sxm", "mxfp8", True, True, 4096) == 1.0
    assert fp8_attention_factor("gb200", "bf16", True, True, 4096) == 1.0


def test_the_layers_attention_takes_the_ratio() -> None:
    device = load_catalog().get("gb200")
    cal = calibration(device)
    ops = layer_ops(SMALL, 4096, recipe("bf16"))
    kw = dict(b=1, t=1, c=1, sp=False, fused=True, compute_dtype="bf16", gemm_dtype="fp8",
              precision="mxfp8")  # fmt: skip
    plain = micro_times(ops, device, cal, **kw)
    fp8 = micro_times(ops, device, cal, **kw, fp8_attention="mxfp8")
    assert fp8.attn_fwd == pytest.approx(plain.attn_fwd * CAUSAL_FWD_4K)
    bwd = fp8_attention_factor("gb200", "mxfp8", False, True, 4096)
    assert fp8.attn_bwd == pytest.approx(plain.attn_bwd * bwd)
    # the rest of the layer is untouched
    assert fp8.layer_gemm == pytest.approx(plain.layer_gemm)
    assert fp8.layer_fwd - plain.layer_fwd == pytest.approx(fp8.attn_fwd - plain.attn_fwd)


def test_the_rows_whose_recipe_runs_fp8_attention_carry_it() -> None:
    # the 26.06 to 26.08 MXFP8 presets on GB200, GB300 and B300
    assert runs_carrying(FP8_ATTENTION, "fp8_attention") >= 20
