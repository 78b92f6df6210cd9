"""KV-cache bytes against hand counts: MHA, GQA, MQA, sliding windows and latent attention."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

from core.errors import InputError
from core.inference.kv import (
    held_tokens,
    kv_bytes_per_element,
    kv_bytes_per_sequence,
    kv_bytes_per_token,
    kv_cache_elements_per_token,
    kv_dtype,
    kv_gpu_share,
)
from core.memory.models import PRESETS, TransformerSpec
from tests.core.inference.standins import deepseek_v3, mistral_7b, mixtral_8x7b

# Per token: layers × (K and V) × KV heads × head dim × 2 bytes (bf16), each model's config.json.
HAND = {
    "llama2-7b": 32 * 2 * 32 * 128 * 2,  # MHA: 32 KV heads = 32 query heads; 512 KiB
    "llama3-8b": 32 * 2 * 8 * 128 * 2,  # GQA: 8 KV heads; 128 KiB
    "llama3-70b": 80 * 2 * 8 * 128 * 2,  # GQA: 8 KV heads; 320 KiB
}


@pytest.mark.parametrize("name", sorted(HAND))
def test_presets_per_token(name):
    assert kv_bytes_per_token(PRESETS[name]) == HAND[name]
    assert kv_bytes_per_token(PRESETS[name], "fp8") == HAND[name] / 2


def test_mixtral_grouped_query():
    # 32 layers × 2 × 8 KV heads × 128 × 2 bytes: the experts add nothing to the cache.
    assert kv_bytes_per_token(mixtral_8x7b()) == 32 * 2 * 8 * 128 * 2 == 131_072


def test_deepseek_v3_latent_attention():
    # DeepSeek-V2 §2.1.3: (d_c + d_h^R) × layers elements per token: (512 + 64) × 61.
    spec = deepseek_v3()
    assert kv_cache_elements_per_token(spec) == (512 + 64) * 61
    assert kv_bytes_per_token(spec) == (512 + 64) * 61 * 2 == 70_272
    # 128 heads of 128 + 128 (K and V) would cache 57× more per token
    assert pytest.approx(56.9, abs=0.05) == 61 * 2 * 128 * 128 * 2 / 70_272


def test_multi_query():
    spec = TransformerSpec("mqa", 32000, 2048, 24, 16, 1, 8192, gated=True, tied=False)
    assert kv_bytes_per_token(spec) == 24 * 2 * 1 * 128 * 2


def test_a_sequence_holds_only_its_tokens():
    spec = PRESETS["llama3-8b"]  # trained for 8,192 positions: a 1,000-token sequence holds 1,000
    assert kv_bytes_per_sequence(spec, 1000) == 1000 * HAND["llama3-8b"]


def test_sliding_window_caps_the_tokens_held():
    spec = mistral_7b()
    per_token = 32 * 2 * 8 * 128 * 2
    assert kv_bytes_per_sequence(spec, 1000) == 1000 * per_token
    assert kv_bytes_per_sequence(spec, 8192) == 4096 * per_token
    assert held_tokens(spec, 10_000) == 4096


def test_tensor_parallel_share():
    spec = PRESETS["llama3-70b"]
    assert kv_gpu_share(spec, 4) == 1 / 4
    assert kv_gpu_share(spec, 8) == 1 / 8
    assert kv_gpu_share(spec, 16) == 1 / 8  # beyond 8 KV heads each GPU keeps one, replicated
    assert kv_gpu_share(deepseek_v3(), 8) == 1.0  # the latent belongs to every head


def test_element_bytes_are_the_formats_storage():
    assert kv_bytes_per_element("bf16") == np.dtype(ml_dtypes.bfloat16).itemsize == 2
    assert kv_bytes_per_element("fp8") == np.dtype(ml_dtypes.float8_e4m3fn).itemsize == 1


def test_real_tensors_have_the_counted_bytes():
    # One layer's K and V for 10 tokens of llama3-8b, as a cache holds them: (tokens, kv heads, hd)
    k = np.zeros((10, 8, 128), dtype=ml_dtypes.bfloat16)
    assert 32 * 2 * k.nbytes == kv_bytes_per_sequence(PRESETS["llama3-8b"], 10)


@pytest.mark.parametrize("bad", ["fp4", "", None, 3])
def test_bad_kv_dtype(bad):
    with pytest.raises(InputError, match="allowed: bf16, fp8"):
        kv_dtype(bad)
