"""A decode kernel that reads the KV cache once per query head (TensorRT-LLM's masked multi-head
attention before XQA), by hand: a grouped-query model's cache bytes per step grow by the query
heads sharing each KV head on one GPU; multi-head and latent attention are unchanged."""

from __future__ import annotations

import pytest

from core.inference.serve import InferenceInput, infer
from core.memory.models import PRESETS
from core.roofline.achievable import calibration
from core.roofline.hardware import load_catalog

H100 = load_catalog().get("h100-sxm")
CAL = calibration(H100)


def dep(name: str, per_head: bool, **kw):
    return InferenceInput(
        PRESETS[name], H100, CAL, kv_read_per_query_head=per_head, **kw
    ).deployment


def test_llama2_70b_tp2_reads_its_cache_eight_times() -> None:
    # Llama 2 70B: 80 layers, 64 query heads, 8 KV heads of 128, fp8 cache (1 byte).
    # TP 2: each GPU 32 query heads and 4 KV heads, so every KV head serves 32/4 = 8 of them.
    on, off = (
        dep("llama2-70b", True, tp=2, gpus=2, kv_dtype="fp8"),
        dep("llama2-70b", False, tp=2, gpus=2, kv_dtype="fp8"),
    )
    assert on.kv_reads == 8.0
    batch, context = 64, 3000
    per_token_gpu = 80 * 2 * 4 * 128 * 1  # the 4 KV heads this GPU keeps
    hand_off = batch * (context * per_token_gpu + per_token_gpu)  # read all, write the new one
    hand_on = batch * (context * per_token_gpu * 8 + per_token_gpu)
    assert off.decode(batch, context).parts["kv_cache"] == pytest.approx(hand_off)
    assert on.decode(batch, context).parts["kv_cache"] == pytest.approx(hand_on)
    # only the cache read changes: weights and activations are the same bytes
    a, b = on.decode(batch, context).parts, off.decode(batch, context).parts
    assert a["weights"] == b["weights"] and a["activations"] == b["activations"]
    # the prefill writes the cache once and reads no cache: unchanged
    assert on.prefill(4, 1000).bytes == off.prefill(4, 1000).bytes


def test_tp_beyond_the_kv_heads_keeps_one_replicated_head() -> None:
    # Llama 3 70B (64 query heads, 8 KV heads) over TP 16: each GPU 4 query heads and one
    # replicated KV head, read 4 times.
    assert dep("llama3-70b", True, tp=16, gpus=16).kv_reads == 4.0


@pytest.mark.parametrize(
    ("name", "hand"),
    [
        ("llama2-7b", 1.0),  # multi-head attention: one query head per KV head
        ("llama3-8b", 4.0),  # 32 query heads over 8 KV heads
        ("deepseek-v3", 1.0),  # a latent cache is read once for all heads
    ],
)
def test_reads_per_attention_variant(name: str, hand: float) -> None:
    assert dep(name, True).kv_reads == hand
    assert dep(name, False).kv_reads == 1.0


def test_attention_data_parallel_keeps_all_heads_on_each_gpu() -> None:
    # DP attention: every GPU runs all 32 query heads over all 8 KV heads of Llama 3 8B.
    assert dep("llama3-8b", True, tp=4, gpus=4, dp_attention=True).kv_reads == 4.0


def test_memory_bound_decode_slows_by_the_extra_bytes() -> None:
    # A memory-bound step's time is bytes over the calibrated bandwidth, so the per-head kernel
    # costs exactly the extra cache bytes over that bandwidth.
    kw = dict(tp=2, gpus=2, kv_dtype="fp8", batch=64, prompt=2048, output=2048, weights="fp8")
    on = infer(InferenceInput(PRESETS["llama2-70b"], H100, CAL, kv_read_per_query_head=True, **kw))
    off = infer(InferenceInput(PRESETS["llama2-70b"], H100, CAL, **kw))
    assert on.decode.bound == off.decode.bound == "memory"
    extra = on.decode.parts["kv_cache"] - off.decode.parts["kv_cache"]
    assert on.decode.memory_s - off.decode.memory_s == pytest.approx(extra / CAL.bandwidth(H100))
    assert on.to_dict()["kv_read_per_query_head"] is True
    assert on.tpot_s > off.tpot_s
