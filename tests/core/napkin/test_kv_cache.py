"""The Napkin KV-cache card's arithmetic, derived by hand here."""

from __future__ import annotations

import pytest

from core.errors import InputError
from core.napkin.kv_cache import kv_cache


def llama3_8b(**kw):
    # Llama 3 8B: 32 layers, 8 KV heads of 128; bf16 weights of 8,030,261,248 parameters.
    args = {"layers": 32, "kv_heads": 8, "head_dim": 128, "tokens": 8192, "bytes_per_element": 2,
            "weight_bytes": 2 * 8_030_261_248, "bandwidth": 3.35e12}  # fmt: skip
    return kv_cache(**{**args, **kw})


def test_one_sequence_and_the_decode_bound():
    answer = llama3_8b()
    assert answer.per_token == 131_072  # 2 × 32 × 8 × 128 × 2 bytes
    assert answer.sequence_bytes == 131_072 * 8192 == 1_073_741_824
    seconds = (2 * 8_030_261_248 + 1_073_741_824) / 3.35e12
    assert answer.seconds_per_token == pytest.approx(seconds)
    assert answer.tokens_per_s == pytest.approx(1 / seconds)  # ≈ 195.5
    text = answer.formula()
    assert "2 × 32 × 8 × 128 × 2 B = 131.1 kB" in text and "→ ≤ 195.5 tokens/s" in text


def test_latent_attention_caches_one_latent_per_layer():
    answer = llama3_8b(layers=61, latent=576, tokens=1000)  # DeepSeek-V3: 512 + 64 per layer
    assert answer.per_token == 61 * 576 * 2
    assert "61 × 576 × 2 B" in answer.formula()


@pytest.mark.parametrize(
    ("kw", "needle"),
    [({"tokens": 0}, "tokens"), ({"layers": -1}, "layers"), ({"bandwidth": "fast"}, "bandwidth"),
     ({"bytes_per_element": 0}, "bytes per element")],
)  # fmt: skip
def test_refusals(kw, needle):
    with pytest.raises(InputError, match=needle):
        llama3_8b(**kw)
