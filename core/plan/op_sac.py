"""torchtitan's selective activation checkpointing by op (``--framework torchtitan --recompute
selective``): what a block keeps and what its backward runs again.

torchtitan's ``selective`` mode with its default ``selective_ac_option = "op"`` wraps each
transformer block in PyTorch's selective checkpoint with a policy over the ops the block runs
(``_apply_ac_to_transformer_block`` and ``_save_list`` in
``torchtitan/models/llama3/parallelize_llama.py`` at ``e7c0cae``, June 2025, and ``9dec370``,
December 2024):

* **Saved**: the outputs of ``aten.mm`` except every second one (a counter per block that runs
  on from block to block, so over the block's seven projections — Q, K, V, the output
  projection, the two gated inputs and the down projection — half the GEMM outputs on average),
  of the SDPA kernels (the attention
  output and its fp32 log-sum-exp), of TP's reduce-scatters and of ``aten.max``; and the
  block's input, which every checkpoint keeps.
* **Recomputed** in the backward: every other op of the block's forward — the norms, rotary
  positions, the gated activation and its product, the residual adds, and the GEMMs not saved.
  Under Float8 (torchao's ``Float8Linear``) the projections run ``torch._scaled_mm``, which is
  not in the list: every Float8 GEMM is recomputed with its input casts; only the attention's
  output is saved. ``PREFER_RECOMPUTE`` binds under ``torch.compile`` too (the partitioner's
  ``must_recompute``).

So the recomputed time of a layer is its forward less the attention core and less the GEMMs not
run again (:func:`recomputed_gemm_share`: PyTorch's checkpoint stops early, so the down
projection, whose output nothing in the backward needs, never runs again), and a block keeps its input, the attention output and
log-sum-exp, and half its GEMM outputs in BF16 (none under FP8). Megatron's ``selective``
(the attention core recomputed) stays what every other framework's means.
"""

from __future__ import annotations

from typing import Any

from core.plan.frameworks import framework

__all__ = ["kept_bytes", "recompute_seconds", "recomputed_gemm_share", "runs"]


def runs(implementation: Any, recompute: str, spec: Any) -> bool:
    """Whether selective recomputation means torchtitan's op-level policy here: its framework's,
    for a dense model (a mixture of experts' blocks are planned with Megatron's selective
    recomputation: the policy's saved outputs of its grouped GEMMs are not counted here)."""
    return (
        recompute == "selective"
        and framework(implementation.framework).op_sac
        and not getattr(spec, "is_moe", False)
    )


def recomputed_gemm_share(spec: Any, low_precision: bool) -> float:
    """The share of a block's forward GEMM FLOPs the policy runs again.

    The block's GEMMs run as Q, K, V, the output projection, the gate, the up and the down
    projection. PyTorch's checkpoint stops recomputing once the backward has what it needs
    (``early_stop``), and nothing needs the down projection's output (a residual add's backward
    keeps no input), so that GEMM is never run again. In BF16 the policy saves the odd-numbered
    ``aten.mm`` outputs, and the counter runs on from block to block. So one block recomputes K,
    the output projection and the up projection, the next Q, V and the gate: on average
    ``h·(kv + ffn + q)`` of the block's ``h·(2q + 2kv + 3·ffn)`` per token. Under Float8 no
    ``_scaled_mm`` is saved, so all GEMMs but the down projection are recomputed."""
    d, q, kv, f = spec.d_model, spec.q_dim, spec.kv_dim, spec.ffn
    gated = 2 if spec.gated else 1
    total = d * (q + 2 * kv) + q * d + gated * d * f + f * d
    if low_precision:
        return (total - f * d) / total
    return d * (kv + (f if spec.gated else 0.5 * f) + q) / total


def recompute_seconds(
    spec: Any, layer_fwd: float, core_fwd: float, gemm_fwd: float, low_precision: bool
) -> float:
    """Seconds a block's backward runs its forward again: the forward (``layer_fwd``) less the
    attention core (``core_fwd``, saved) and less the GEMMs not run again (``gemm_fwd``: the
    forward GEMMs' time, shared as their FLOPs are)."""
    saved = (1.0 - recomputed_gemm_share(spec, low_precision)) * gemm_fwd
    return max(0.0, layer_fwd - core_fwd - saved)


def kept_bytes(
    spec: Any, tokens: float, act_bytes: float, t: int, sp: bool, low_precision: bool
) -> float:
    """Bytes one block keeps for its backward on one TP rank, for ``tokens`` tokens (its input,
    the attention output and fp32 log-sum-exp, and the saved GEMM outputs)."""
    h, q, kv, f = spec.d_model, spec.q_dim, spec.kv_dim, spec.ffn
    res = float(t) if sp else 1.0
    kv_div = min(t, spec.kv_heads)
    block_input = act_bytes * tokens * h / res
    attention = act_bytes * tokens * q / t + 4.0 * tokens * spec.heads / t
    # column-parallel outputs split by TP (Q, K and V, the gated pair); the two row-parallel
    # outputs (the attention's and the MLP's projections) are whole partial sums on each rank
    columns = q / t + 2 * kv / kv_div + (2 if spec.gated else 1) * f / t
    gemm_outputs = act_bytes * tokens * (columns + 2 * h)
    # BF16: the odd-numbered GEMMs' outputs, half of them on average over the blocks
    saved = 0.0 if low_precision else 0.5 * gemm_outputs
    return block_input + attention + saved
