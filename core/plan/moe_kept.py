"""The quantized input copies a mixture of experts' GEMMs keep under FP8-class recipes: the
expert, shared-expert and dense-layer MLP terms of :func:`core.memory.activations.
activation_model`, as :func:`core.plan.memory._fp8_kept` does for a dense layer's.

Transformer Engine's ``GroupedLinear`` (Megatron-Core's ``TEGroupedMLP``, the routed experts) and
``Linear`` (the shared experts, a dense layer's MLP) save, for their weight gradient, the input
they cast to the GEMM's low-precision format rather than the BF16 input (as the dense plan's
FP8 rule, :mod:`core.plan.memory`). So under such a recipe (``low`` bytes per element with its
scales: 1 for FP8, 1 + 1/32 for MXFP8):

* ``dispatched tokens``: the first expert GEMM's input, kept at ``low`` instead of ``e`` bytes;
* ``expert hidden``, ``shared experts hidden``, ``dense MLP hidden`` (``n`` tensors of the hidden
  width: ``4`` gated, ``2`` not): one of them is the second GEMM's input, kept at ``low``: the
  term becomes ``(n − 1 + low/e) / n`` of itself. With ``moe_act`` recomputed the experts' second
  GEMM input is not kept at all (:mod:`core.plan.recompute_modules` drops it), so the experts'
  term is left to that rule;
* the expert outputs before the weighted combine and the router's tensors are not GEMM inputs:
  unchanged.
"""

from __future__ import annotations

__all__ = ["moe_fp8_kept"]

_HIDDEN = ("expert hidden", "shared experts hidden", "dense MLP hidden")


def moe_fp8_kept(
    name: str, value: float, e: float, low: float, gated: bool, modules: tuple[str, ...] = ()
) -> float:
    """Activation term ``name`` (``value`` bytes at ``e`` bytes per element) when the MoE
    layer's GEMMs keep ``low``-byte copies of their inputs (the module docstring's rule)."""
    if not low or e <= low:
        return value
    if name.startswith("dispatched tokens"):
        return value * low / e
    if name.startswith(_HIDDEN):
        if name.startswith("expert hidden") and "moe_act" in modules:
            return value
        n = 4 if gated else 2
        return value * (n - 1 + low / e) / n
    return value
