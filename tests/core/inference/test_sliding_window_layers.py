"""Sliding windows on only some layers (GPT-OSS alternates 128-token windows with full attention),
against hand counts: the cache each layer holds, the decode step's cache read and attention FLOPs,
and the prefill's causal full layers beside its banded window layers."""

from __future__ import annotations

import pytest

from core.errors import InputError
from core.inference.kv import held_tokens, kv_bytes_per_sequence
from core.inference.serve import InferenceInput
from core.memory.models import TransformerSpec
from core.plan.options import parse_dims
from core.roofline.achievable import calibration
from core.roofline.hardware import load_catalog

H100 = load_catalog().get("h100-sxm")
CAL = calibration(H100)
# openai/gpt-oss-20b's config.json: 24 layers, hidden 2880, 64 query heads and 8 KV heads of 64,
# 32 experts (top 4) of width 2880, a 128-token window on every other layer (layer_types)
DIMS = "layers=24,hidden=2880,heads=64,kv_heads=8,head_dim=64,ffn=2880,vocab=201088,experts=32,top_k=4,moe_ffn=2880"
LAYER_TOKEN_BYTES = 2 * 8 * 64 * 2  # K and V of 8 heads of 64, bf16, per layer and token


def gpt_oss(window: int = 128, window_layers: int = 12) -> TransformerSpec:
    extra = f",window={window},window_layers={window_layers}" if window else ""
    return parse_dims(DIMS + extra)


def test_half_the_layers_hold_only_the_window():
    spec = gpt_oss()
    # 1,000 tokens: 12 full layers hold 1,000, 12 window layers the last 128
    assert kv_bytes_per_sequence(spec, 1000) == (12 * 1000 + 12 * 128) * LAYER_TOKEN_BYTES
    assert held_tokens(spec, 1000) == (12 * 1000 + 12 * 128) / 24 == 564
    # shorter than the window: every layer holds every token
    assert kv_bytes_per_sequence(spec, 100) == 24 * 100 * LAYER_TOKEN_BYTES
    assert (
        kv_bytes_per_sequence(spec, 1000, "fp8") == (12 * 1000 + 12 * 128) * LAYER_TOKEN_BYTES / 2
    )


def test_a_window_alone_still_covers_every_layer():
    # Mistral's sliding_window without window_layers: every layer (the behaviour before the field)
    everywhere = gpt_oss(window_layers=0)
    assert kv_bytes_per_sequence(everywhere, 1000) == 24 * 128 * LAYER_TOKEN_BYTES
    assert kv_bytes_per_sequence(gpt_oss(window_layers=24), 1000) == 24 * 128 * LAYER_TOKEN_BYTES
    assert kv_bytes_per_sequence(gpt_oss(window=0), 1000) == 24 * 1000 * LAYER_TOKEN_BYTES


@pytest.mark.parametrize(
    ("extra", "field"),
    [(",window_layers=12", "window_layers"), (",window=128,window_layers=25", "window_layers")],
)
def test_window_layers_are_checked(extra, field):
    with pytest.raises(InputError) as err:
        parse_dims(DIMS + extra)
    assert err.value.field == field


def test_decode_reads_each_layers_own_cache():
    b, ctx = 64, 1000.0
    win = InferenceInput(gpt_oss(), H100, CAL).deployment.decode(b, ctx)
    full = InferenceInput(gpt_oss(window=0), H100, CAL).deployment.decode(b, ctx)
    # the cache read: 12 layers × 1,000 tokens + 12 layers × 128, plus the new token's K and V
    assert win.parts["kv_cache"] == pytest.approx(
        b * ((12 * 1000 + 12 * 128) * LAYER_TOKEN_BYTES + 24 * LAYER_TOKEN_BYTES)
    )
    # attention FLOPs 2·heads·keys·(64 + 64) per layer and token: the window layers skip
    # 1,000 − 128 keys each
    saved = 12 * 2 * b * 64 * (1000 - 128) * (64 + 64)
    assert full.flops - win.flops == pytest.approx(saved)


def test_prefill_times_full_layers_causal_and_window_layers_banded():
    b, p = 4, 4096
    win = InferenceInput(gpt_oss(), H100, CAL).deployment.prefill(b, p)
    full = InferenceInput(gpt_oss(window=0), H100, CAL).deployment.prefill(b, p)
    per_key = 2.0 * b * 64 * p * (64 + 64)  # one layer's scores of one key column
    peak = H100.peak("bf16")
    all_causal = CAL.attention_seconds(24 * per_key * p, peak, False, True, p)
    causal = CAL.attention_seconds(12 * per_key * p, peak, False, True, p)
    band = CAL.attention_seconds(12 * per_key * 128, peak, False, False, p)
    # the GEMMs are the same in both: the difference is the attention kernels' time alone
    assert full.compute_s - win.compute_s == pytest.approx(all_causal - causal - band)
    assert full.flops - win.flops == pytest.approx(12 * per_key * (p - 128))
