"""Serving a model: the KV cache, weight bytes by format, the prefill and decode forwards on the
roofline, memory per GPU, the largest batch, TTFT, TPOT and tokens/s.

Modules
-------
changes  what to change: each candidate (quantized weights, an FP8 cache, more TP, another
         device) served again and compared
shapes   the weight matrices a spec holds (dense, MoE and MLA fields read with ``getattr``)
kv       KV-cache elements and bytes per token, per layer and per sequence
weights  weight bytes by storage format, block scales included
step     the prefill and one decode step of a replica, per GPU, timed on the calibrated roofline
serve    memory per GPU, the largest batch that fits, TTFT, TPOT and tokens/s
"""

from typing import TYPE_CHECKING

from core.lazy import lazy_exports

if TYPE_CHECKING:
    from core.inference.changes import Change, what_to_change
    from core.inference.kv import (
        KV_DTYPES,
        held_tokens,
        kv_bytes_per_sequence,
        kv_bytes_per_token,
        kv_cache_elements_per_token,
        kv_dtype,
    )
    from core.inference.serve import (
        InferenceInput,
        InferenceResult,
        Memory,
        infer,
        max_batch,
        memory_per_gpu,
        sweep,
    )
    from core.inference.shapes import Shape, shape_of
    from core.inference.step import Deployment, Point, distinct_experts
    from core.inference.weights import FORMAT_IDS, WeightFormat, weight_bytes, weight_format

__all__ = [
    "FORMAT_IDS",
    "KV_DTYPES",
    "Change",
    "Deployment",
    "InferenceInput",
    "InferenceResult",
    "Memory",
    "Point",
    "Shape",
    "WeightFormat",
    "distinct_experts",
    "held_tokens",
    "infer",
    "kv_bytes_per_sequence",
    "kv_bytes_per_token",
    "kv_cache_elements_per_token",
    "kv_dtype",
    "max_batch",
    "memory_per_gpu",
    "shape_of",
    "sweep",
    "weight_bytes",
    "weight_format",
    "what_to_change",
]

# Each submodule is imported when one of its names is first used (see core.lazy).
__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "changes": ("Change", "what_to_change"),
        "kv": (
            "KV_DTYPES",
            "held_tokens",
            "kv_bytes_per_sequence",
            "kv_bytes_per_token",
            "kv_cache_elements_per_token",
            "kv_dtype",
        ),
        "serve": (
            "InferenceInput",
            "InferenceResult",
            "Memory",
            "infer",
            "max_batch",
            "memory_per_gpu",
            "sweep",
        ),
        "shapes": ("Shape", "shape_of"),
        "step": ("Deployment", "Point", "distinct_experts"),
        "weights": ("FORMAT_IDS", "WeightFormat", "weight_bytes", "weight_format"),
    },
    __all__,
)
