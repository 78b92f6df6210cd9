"""The per-micro-batch pass that copies low-precision gradients into an fp32 accumulator.

Where a framework keeps its fp32 gradients apart from the autograd ones, every micro-batch ends
with a memory-bound pass over the GPU's parameters. DeepSpeed's ``BF16_Optimizer`` (the
optimizer DeepSpeed runs for bf16 with ZeRO 0 or 1, BLOOM's and Megatron-DeepSpeed's) does it in
``update_hp_grads``, which its ``PipelineEngine._exec_backward_pass`` calls after every
micro-batch's backward (``deepspeed/runtime/pipe/engine.py``; outside a pipeline
``BF16_Optimizer.backward`` calls it after ``loss.backward()``): for each parameter tensor,
``hp_grad.add_(lp.grad.to(fp32))``, two kernels. Per parameter it moves

* the bf16 gradient read and its fp32 copy written by the cast: ``g + 4`` bytes,
* the copy read, the fp32 accumulator read and written by ``add_``: ``4 + 4 + 4`` bytes,

so ``g + 16`` bytes (18 for bf16 gradients), at the achievable memory bandwidth. Megatron (its
``gradient_accumulation_fusion``: the weight-gradient GEMM accumulates into ``main_grad``), NeMo,
FSDP and llm-foundry have no such pass.
"""

from __future__ import annotations

from core.memory.models import TransformerSpec

__all__ = ["HP_ACCUM_BYTES", "hp_grad_pass_seconds", "param_tensors_per_layer"]

#: Bytes per parameter of ``hp_grad.add_(lp.grad.to(fp32))`` beyond the low-precision gradient
#: read: the cast's fp32 write (4), then ``add_``'s reads of the copy and the accumulator and its
#: write (4 + 4 + 4).
HP_ACCUM_BYTES = 16


def param_tensors_per_layer(spec: TransformerSpec) -> int:
    """Parameter tensors of one Megatron-style layer: the fused QKV, the output projection, the
    first MLP linear (gate and up fused) and the second, two norm weights; their biases where the
    model has them (four linears), the norms' biases with LayerNorm (two)."""
    tensors = 4 + 2
    if spec.bias:
        tensors += 4
    if spec.norm == "layernorm":
        tensors += 2
    return tensors


def hp_grad_pass_seconds(
    params: float, tensors: float, grad_bytes: int, bandwidth: float, launch_s: float
) -> float:
    """Seconds of one micro-batch's accumulation pass over ``params`` parameters held in
    ``tensors`` tensors, with low-precision gradients of ``grad_bytes`` bytes each: the bytes
    over ``bandwidth`` and two kernels per tensor (the cast and the add)."""
    if params <= 0:
        return 0.0
    return params * (grad_bytes + HP_ACCUM_BYTES) / bandwidth + 2 * tensors * launch_s
