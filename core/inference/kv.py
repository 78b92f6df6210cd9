"""The KV cache: elements and bytes per token, per layer and per sequence, exact for every
attention variant.

Per layer and token a model caches:

* **multi-head, grouped-query and multi-query attention**: one key and one value vector per KV
  head, ``2 × kv_heads × head_dim`` elements (MHA: ``kv_heads = heads``; MQA: ``kv_heads = 1``);
* **multi-head latent attention** (DeepSeek-V2/V3): the compressed latent and the decoupled rotary
  key, ``kv_lora_rank + qk_rope_head_dim`` elements, shared by every head (DeepSeek-V2 §2.1.3:
  ``(d_c + d_h^R) · l`` elements per token).

A sequence holds only the tokens it has seen so far (its prompt and the tokens generated), never
the model's maximum context; with a sliding attention window a layer keeps at most the last
``window`` of them (``min(tokens, window)``); where only ``window_layers`` of the layers slide
(GPT-OSS alternates them with full-attention layers) the others keep every token, and the
tokens held are given as their mean over the layers. Bytes are elements × the KV dtype's bytes (bf16: 2;
fp8 E4M3: 1, its per-layer scale not counted), from the Dtypes domain's formats.

Tensor parallelism splits the KV heads over the GPUs (``kv_heads / tp`` each); beyond
``kv_heads`` GPUs each GPU keeps one head (replicated, as vLLM does). An MLA latent belongs to
every head, so every TP rank keeps all of it.
"""

from __future__ import annotations

from typing import Any

from core.echo import brief
from core.errors import InputError
from core.inference.shapes import Shape, shape_of
from core.numbers.formats import FORMATS
from core.texts import translate

__all__ = [
    "KV_DTYPES",
    "held_tokens",
    "kv_bytes_per_element",
    "kv_bytes_per_sequence",
    "kv_bytes_per_token",
    "kv_cache_elements_per_token",
    "kv_dtype",
    "kv_elements_per_token_per_layer",
    "kv_gpu_share",
]

#: KV-cache dtypes -> their element format in :data:`core.numbers.formats.FORMATS`.
KV_DTYPES: dict[str, str] = {"bf16": "bfloat16", "fp8": "float8_e4m3fn"}


def _shape(spec: Any) -> Shape:
    return spec if isinstance(spec, Shape) else shape_of(spec)


def kv_dtype(value: object) -> str:
    """A KV-cache dtype id (``bf16``, ``fp8``); the error lists them."""
    text = str(value).strip().lower() if isinstance(value, str) else ""
    text = {"bfloat16": "bf16", "float8_e4m3fn": "fp8", "fp8_e4m3": "fp8"}.get(text, text)
    if text not in KV_DTYPES:
        raise InputError(
            translate("Inference", "kv-dtype: {value}; allowed: {allowed}").format(
                value=brief(value), allowed=", ".join(KV_DTYPES)
            ),
            field="kv_dtype",
        )
    return text


def kv_bytes_per_element(dtype: str) -> float:
    """Bytes of one cached element (the format's storage bits over 8)."""
    return FORMATS[KV_DTYPES[kv_dtype(dtype)]].stored_bits / 8


def kv_elements_per_token_per_layer(spec: Any) -> int:
    """Elements one token adds to one layer's cache (see the module docstring)."""
    s = _shape(spec)
    if s.is_mla:
        return s.kv_lora_rank + s.qk_rope_head_dim
    return 2 * s.kv_heads * s.head_dim


def kv_cache_elements_per_token(spec: Any) -> int:
    """Elements one token adds to the whole model's cache (every layer)."""
    return _shape(spec).layers * kv_elements_per_token_per_layer(spec)


def kv_bytes_per_token(spec: Any, dtype: str = "bf16") -> float:
    """Bytes one token adds to the whole model's cache."""
    return kv_cache_elements_per_token(spec) * kv_bytes_per_element(dtype)


def held_tokens(spec: Any, tokens: float) -> float:
    """Tokens a layer keeps of a sequence of ``tokens``, on average over the layers: all of them
    in a full-attention layer, at most the window's in a sliding-window layer."""
    s = _shape(spec)
    windowed = s.windowed_layers
    if not windowed:
        return float(tokens)
    full = s.layers - windowed
    return (windowed * min(float(tokens), float(s.window)) + full * float(tokens)) / s.layers


def kv_gpu_share(spec: Any, tp: int) -> float:
    """The share of a sequence's cache one of ``tp`` GPUs keeps (see the module docstring)."""
    s = _shape(spec)
    if s.is_mla or tp <= 1:
        return 1.0
    return max(1, s.kv_heads // tp) / s.kv_heads if tp > s.kv_heads else 1.0 / tp


def kv_bytes_per_sequence(spec: Any, tokens: float, dtype: str = "bf16", tp: int = 1) -> float:
    """Bytes of one sequence's cache after ``tokens`` tokens, on one of ``tp`` GPUs."""
    return kv_bytes_per_token(spec, dtype) * held_tokens(spec, tokens) * kv_gpu_share(spec, tp)
