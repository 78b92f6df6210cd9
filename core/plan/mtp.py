"""Multi-token prediction (``--mtp N``, DeepSeek-V3's MTP modules) in the plan: their compute,
their memory and their model FLOPs.

DeepSeek-V3's report (arXiv 2412.19437, §2.2) chains ``D`` MTP modules after the model, module
``k`` predicting the ``k``-th next token: each is one transformer block of the model's own kind,
an RMSNorm of the previous depth's hidden state and one of the next token's embedding, their
concatenation projected from ``2d`` to ``d``, and the **shared** embedding and output head (no
new parameters there, but one more LM-head pass and loss). Megatron-Core builds them on the last
pipeline stage (``mtp_num_layers``), and Megatron-Bridge's ``flop_utils`` counts each as one more
layer (MoE when the model's last layer is), the ``2d × d`` projection and one more logits pass
``d × V``; the plan counts the same (its norms have no matmul).

Here, per MTP module on the last stage and per micro-batch: the layer's forward and backward (and
recomputation) at the model's per-layer times, one more LM head and loss, the projection's GEMM
at its own shape (``b·s/CP`` tokens × ``2d`` by ``2d × d/TP``, forward and the two backward
GEMMs), its all-to-all where the layer is MoE; in memory the layer's parameters and state, the
projection's, and one more layer's activations per micro-batch in flight.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "depth",
    "flops_params",
    "layers_on",
    "moe_module",
    "projection_seconds",
]


def depth(inp: Any) -> int:
    """The input's MTP depth (0: none)."""
    return int(getattr(inp, "mtp", 0) or 0)


def layers_on(inp: Any, stage: str) -> int:
    """MTP modules on pipeline ``stage``: all of them on the last (or only) stage."""
    return depth(inp) if stage in ("only", "last") else 0


def moe_module(spec: Any) -> bool:
    """Whether an MTP module's block is an MoE block (the model's last layer is one)."""
    return bool(spec.is_moe and spec.is_moe_layer(spec.layers - 1))


def flops_params(spec: Any, n: int, layer_matmuls: float) -> float:
    """Matmul weights one token meets in ``n`` MTP modules, ``layer_matmuls`` those of one
    block: the block, the ``2d → d`` projection and the shared LM head once more."""
    d = spec.d_model
    return n * (layer_matmuls + 2 * d * d + spec.vocab * d)


def projection_seconds(inp: Any, layout: Any, cal: Any) -> float:
    """Seconds of one module's ``2d → d`` projection per micro-batch on one GPU: its forward,
    input-gradient and weight-gradient GEMMs at their own shapes, split by TP."""
    d = inp.model.d_model
    tokens = layout.micro_batch * inp.seq / layout.cp
    device = inp.cluster.device
    peak = device.peak(inp.compute_dtype)
    e = inp.recipe.bytes("acts")
    seconds = 0.0
    n = d / layout.tp
    for dims in ((1.0, tokens, 2.0 * d, n), (1.0, tokens, n, 2.0 * d), (1.0, 2.0 * d, tokens, n)):
        _, m, k, nn = dims
        flops = 2.0 * m * k * nn
        nbytes = e * (m * k + k * nn + m * nn)
        seconds += cal.op_seconds(device, "matmul", flops, nbytes, peak, dims=dims,
                                  dtype=inp.compute_dtype)  # fmt: skip
    return seconds
