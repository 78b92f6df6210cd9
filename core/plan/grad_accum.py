"""The per-micro-batch passes that accumulate gradients apart from the weight-gradient GEMM.

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

Megatron-LM accumulated gradients with an add pass of its own until the weight-gradient GEMM
accumulated into the buffer (:data:`GRAD_ACCUMULATION`, ``Implementation.grad_accumulation``):

* ``fused``: the weight-gradient GEMM adds into the gradient buffer itself (Megatron-LM's
  ``gradient_accumulation_fusion``, added on 2022-02-13 in commit ``83b1e42f`` for fp32
  accumulation and on 2022-09-27 in ``07916bf2`` for fp16); no pass. The default.
* ``hook``: Megatron-LM's local DDP with contiguous buffers, where fusion is off (fp16 without
  ``--accumulate-allreduce-grads-in-fp32`` at 2022-05-19, commit ``2e90a342``, whose
  ``arguments.py`` turns fusion off then): after every micro-batch's backward a hook runs
  ``param.main_grad.add_(param.grad.data)`` (``megatron/model/distributed.py``,
  ``_make_param_hook``): per parameter the new gradient read (``p`` bytes) and the buffer read
  and written (``2g``), one kernel per parameter tensor, ``m`` passes a step.
* ``autograd``: no buffer; PyTorch's ``AccumulateGrad`` adds each later micro-batch's gradient
  into ``param.grad`` in place (``variable_grad += new_grad``): ``3p`` bytes per parameter, one
  kernel per tensor, ``m − 1`` passes (the first micro-batch's gradient is stored, not added).
  Megatron-LM of April 2021 in fp16 (the release ``50a4b5fa`` and the SC21 artifact ``de7dc40f``:
  ``--use-contiguous-buffers-in-ddp`` off by default, so local DDP registers no hook, and
  ``DDP=torch`` runs the micro-batches under ``no_sync``).
"""

from __future__ import annotations

from core.memory.models import TransformerSpec

__all__ = [
    "GRAD_ACCUMULATION",
    "HP_ACCUM_BYTES",
    "accumulation_pass_seconds",
    "accumulation_passes",
    "hp_grad_pass_seconds",
    "param_tensors_per_layer",
]

#: How gradients are accumulated over micro-batches (see the module docstring).
GRAD_ACCUMULATION = ("fused", "hook", "autograd")

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


def accumulation_passes(mode: str, micro_batches: int) -> int:
    """Add passes a step runs over the GPU's gradients: none when fused, one per micro-batch with
    Megatron's hook, one per micro-batch after the first with autograd's accumulation."""
    if mode == "hook":
        return micro_batches
    if mode == "autograd":
        return max(0, micro_batches - 1)
    return 0


def accumulation_pass_seconds(
    mode: str,
    params: float,
    tensors: float,
    param_bytes: int,
    grad_bytes: int,
    bandwidth: float,
    launch_s: float,
) -> float:
    """Seconds of one add pass over ``params`` parameters in ``tensors`` tensors: the hook reads
    the new gradient (``param_bytes``) and reads and writes the buffer (``2 × grad_bytes``);
    autograd reads both gradients and writes one, all in the parameters' dtype
    (``3 × param_bytes``); one kernel per tensor. ``fused``: 0."""
    if mode == "fused" or params <= 0:
        return 0.0
    per = param_bytes + 2 * grad_bytes if mode == "hook" else 3 * param_bytes
    return params * per / bandwidth + tensors * launch_s
