"""What a mixture of experts' MLP terms keep for backward under the training code's kernels: a
fused SwiGLU, the low-precision input copies of FP8-class GEMMs and recomputation of the experts'
activation (``moe_act``), applied to the expert, shared-expert and dense-layer MLP terms of
:func:`core.memory.activations.activation_model` (whose names the dense plan's own rules in
:mod:`core.plan.memory` do not reach).

The hidden terms (``expert hidden``, ``shared experts hidden``, ``dense MLP hidden``) count ``n``
eager tensors of the hidden width: ``4`` for a gated MLP (the gate-and-up output, two wide, the
SiLU inside the activation, the activation's output), ``2`` otherwise. Then:

* a fused SwiGLU (``Implementation.fused_swiglu``: Megatron-Core's ``bias_swiglu_impl``) keeps
  only its input, so the SiLU goes: ``3`` of ``4`` (as the dense plan's rule);
* under an FP8-class recipe (``low`` bytes per element with its scales: 1 for FP8, 1 + 1/32 for
  MXFP8) the second GEMM keeps its input quantized (Transformer Engine's ``Linear`` and
  ``GroupedLinear`` save the cast input for their weight gradient): one tensor at ``low``
  instead of ``e`` bytes; likewise the dispatched tokens, the first expert GEMM's input;
* with ``moe_act`` recomputed (:mod:`core.plan.recompute_modules`) the experts keep only the
  activation's input (output-discarding checkpoint: the second GEMM's saved input is freed):
  two tensors of four gated, one of two otherwise, in the activations' dtype, or in the
  low-precision recipe's bytes where the code caches them so (``low_act_input``: DeepSeek-V3
  report §3.3.3, "Low-Precision Activation": the SwiGLU operator's inputs cached in FP8 with the
  fine-grained quantization, its output recomputed in backward).

Megatron-Core's clamp before the experts' activation (``clamped_glu``: GPT-OSS's
``activation_func_clamp_value``; ``weighted_bias_quick_geglu_impl`` clamps the two halves of the
gate-and-up output and concatenates them before the fused kernel) keeps one more copy of the
activation's input when the activation is not recomputed: the fused kernel saves the clamped
concatenation and PyTorch's ``clamp`` saves its own input (``clamp_backward`` needs it), the
unclamped gate-and-up output. Under ``moe_act`` the checkpoint runs the clamp without autograd.

Fine-grained activation offloading (``offload``: Megatron-Core's ``--offload-modules``) copies
the named modules' inputs to the host: ``expert_fc1`` the dispatched tokens (the experts' first
GEMM's input, in whatever bytes that GEMM keeps it), ``moe_act`` the activation's input (the
gate-and-up output, in the bytes kept for it). Those tensors leave the GPU.

The router's tensors stay as they are. The expert outputs before the weighted combine are kept
for the router weights' gradient, unless the experts apply the weights themselves
(``probs_in_experts``: Megatron-Core's ``TEGroupedMLP`` passes ``permuted_probs`` to its
activation, ``weighted_bias_swiglu_impl`` in ``megatron/core/fusions/fused_bias_swiglu.py``,
which keeps its input and the weights; the combine then unpermutes without weights): dropped.
"""

from __future__ import annotations

__all__ = ["moe_kept"]

_HIDDEN = ("expert hidden", "shared experts hidden", "dense MLP hidden")


def moe_kept(
    name: str, value: float, e: float, low: float, gated: bool, fused: bool,
    modules: tuple[str, ...] = (), probs_in_experts: bool = False, low_act_input: bool = False,
    clamped_glu: bool = False, offload: tuple[str, ...] = (),
) -> float:  # fmt: skip
    """Activation term ``name`` (``value`` bytes of eager tensors at ``e`` bytes per element)
    as the module docstring's rules keep it (``low`` = 0: no low-precision copies)."""
    quantized = bool(low) and e > low
    if probs_in_experts and name.startswith("expert outputs before the weighted combine"):
        return 0.0
    if name.startswith("dispatched tokens"):
        if "expert_fc1" in offload:
            return 0.0
        return value * low / e if quantized else value
    if not name.startswith(_HIDDEN):
        return value
    n = 4 if gated else 2
    one = value / n
    act_input = 2 if gated else 1
    expert = name.startswith("expert hidden")
    act_bytes = act_input * one * (low / e if quantized and low_act_input else 1.0)
    if expert and "moe_act" in modules:
        return 0.0 if "moe_act" in offload else act_bytes
    present = n - 1 if fused and gated else n
    clamp_copy = act_input * one if clamped_glu and expert else 0.0
    offloaded = act_input * one if expert and "moe_act" in offload else 0.0
    return (present - 1) * one + (one * low / e if quantized else one) + clamp_copy - offloaded
