"""Muon's optimizer step: the Newton–Schulz orthogonalization of every weight matrix.

Muon (``--optimizer muon``) keeps one momentum tensor per parameter and, each step, replaces a
weight matrix's momentum by its orthogonalization before the update. Megatron-Core runs it as
the code of ``megatron/core/optimizer/muon.py`` (``core_v0.17.0``) and
``emerging_optimizers.py`` (later cores) call NVIDIA's Emerging-Optimizers
``newton_schulz`` (``emerging_optimizers/orthogonalized_optimizers/muon_utils.py``):

* **Which tensors.** Every 2-D weight but the embedding and the output layer
  (``_is_muon_excluded``); those and every 1-D tensor (norms, biases) take the scalar optimizer,
  Adam by default (``muon_scalar_optimizer``). The fused QKV projection is split into its query,
  key and value parts first (``muon_split_qkv`` on by default), each orthogonalized alone; a
  latent-attention block's projections are separate tensors already. A grouped GEMM's experts
  are one tensor each, and so is the router.
* **The iteration.** ``muon_num_ns_steps`` = 5 quintic steps on the matrix turned so that its
  rows are the shorter side (``m ≤ n``): ``A = X Xᵀ`` (an ``m × m`` output over ``n``),
  ``B = bA + cA·A`` (``m × m × m``), ``X = aX + B·X`` (``m × n`` over ``m``), so
  ``5 · (4m²n + 2m³)`` FLOPs. ``muon_fp32_matmul_prec`` = ``"medium"`` (the default) turns the
  fp32 momentum into BF16 for the GEMMs and back: the GEMMs run at the device's BF16 rate, and the
  casts and the normalization read and write the matrix in memory (counted as bytes).
* **Tensor parallelism.** ``muon_tp_mode`` = ``"duplicated"`` (the default at ``d98e8a64``,
  after ``core_v0.19.0``; ``"blockwise"`` up to it, each TP rank orthogonalizing its own shard
  alone): a
  TP-split matrix is all-gathered and each TP rank orthogonalizes the whole of it.
* **Who does the work.** Under Megatron's distributed optimizer the layer-wise one
  (``dist_muon``, ``LayerWiseDistributedOptimizer.shard_params``) sorts the parameters by size
  and deals whole tensors to the data-parallel ranks in ping-pong order: the dense ones over the
  DP × CP group, the experts' over the expert data-parallel group; each rank orthogonalizes its
  own. The plan maps ``--zero 1`` (and above) with Muon to that, and charges the busiest rank,
  the one with the most matrices of each shape (``⌈n / ranks⌉``). Without it (``--zero 0``)
  every rank orthogonalizes all of its own.
* **Its communication** (:func:`layer_wise`, ZeRO 1 and 2). Megatron-Bridge's Muon recipes turn
  the distributed optimizer and its overlapped parameter gather off ("Muon needs this to be
  False", ``recipes/kimi/kimi_k2.py`` at ``v0.4.0``): DDP all-reduces the whole gradient buffer
  (a reduce-scatter and a gather: twice ZeRO-1's reduce-scatter), overlapped with the backward as
  the reduction is, and ``LayerWiseDistributedOptimizer.allgather_params`` gathers the updated
  weights after the step, exposed.

The momentum and the master weights are in the recipe's state and master dtypes as for any
optimizer (:attr:`~core.memory.recipes.Optimizer.states`: one, ``momentum``). Counting
convention: every parameter is counted with Muon's one state, the embedding, the output layer and
the 1-D tensors included, which Megatron gives Adam's two (a small share: Kimi-K2's embedding
and output are 0.2 % of its parameters).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

__all__ = [
    "NS_STEPS",
    "Matrix",
    "block_matrices",
    "layer_wise",
    "newton_schulz_flops",
    "newton_schulz_seconds",
]

#: Newton–Schulz steps per orthogonalization (Megatron-Core ``muon_num_ns_steps`` default).
NS_STEPS = 5
#: Bytes per element the step moves besides its GEMMs: the normalization reads and writes the
#: fp32 momentum (8), the cast to BF16 reads it and writes BF16 (6), the cast back reads BF16 and
#: writes fp32 (6).
NS_PASS_BYTES = 20.0


@dataclass(frozen=True)
class Matrix:
    """One kind of 2-D weight Muon orthogonalizes: its unsplit shape, how many a block has, and
    whether it is an expert's (its work is dealt over the expert data-parallel group)."""

    rows: int
    cols: int
    count: int
    expert: bool = False


def block_matrices(spec: Any, moe_block: bool) -> tuple[Matrix, ...]:
    """The 2-D weights of one transformer block that Muon orthogonalizes, whole (before TP),
    with Megatron's QKV split (``muon_split_qkv``)."""
    d = spec.d_model
    out: list[Matrix] = []
    if spec.is_mla:
        h = spec.heads
        qk = spec.qk_nope_head_dim + spec.qk_rope_head_dim
        if spec.q_lora_rank:
            out += [Matrix(spec.q_lora_rank, d, 1), Matrix(h * qk, spec.q_lora_rank, 1)]
        else:
            out.append(Matrix(h * qk, d, 1))
        out.append(Matrix(spec.kv_lora_rank + spec.qk_rope_head_dim, d, 1))
        out.append(Matrix(h * (spec.qk_nope_head_dim + spec.v_head_dim), spec.kv_lora_rank, 1))
        out.append(Matrix(d, h * spec.v_head_dim, 1))
    else:
        out += [Matrix(spec.q_dim, d, 1), Matrix(spec.kv_dim, d, 2), Matrix(d, spec.q_dim, 1)]
    fc1 = 2 if spec.gated else 1
    if not moe_block:
        out += [Matrix(fc1 * spec.ffn, d, 1), Matrix(d, spec.ffn, 1)]
        return tuple(out)
    out.append(Matrix(spec.experts, d, 1))  # the router
    if spec.shared_experts:  # Megatron's shared experts: one MLP of their summed width
        width = spec.shared_experts * (spec.shared_ffn or spec.moe_ffn)
        out += [Matrix(fc1 * width, d, 1), Matrix(d, width, 1)]
    out += [
        Matrix(fc1 * spec.moe_ffn, d, spec.experts, expert=True),
        Matrix(d, spec.moe_ffn, spec.experts, expert=True),
    ]
    return tuple(out)


def layer_wise(inp: Any, layout: Any) -> bool:
    """Whether the plan runs Muon with Megatron's layer-wise distributed optimizer
    (``dist_muon``): Muon under ZeRO 1 or 2."""
    return getattr(inp.optimizer, "id", "") == "muon" and layout.zero in (1, 2)


def newton_schulz_flops(rows: int, cols: int, steps: int = NS_STEPS) -> float:
    """FLOPs of Muon's orthogonalization of one ``rows × cols`` matrix: ``steps · (4m²n + 2m³)``
    with ``m`` its shorter side."""
    m, n = min(rows, cols), max(rows, cols)
    return steps * (4.0 * m * m * n + 2.0 * m**3)


def _one_matrix_seconds(cal: Any, device: Any, rows: int, cols: int, steps: int) -> float:
    """Seconds to orthogonalize one matrix on ``device``: its three BF16 GEMMs per step at the
    calibrated rate of their shapes, and the normalization and casts at the achievable memory
    bandwidth."""
    m, n = min(rows, cols), max(rows, cols)
    peak = device.peak("bf16")

    def gemm(a: float, k: float, b: float) -> float:
        flops = 2.0 * a * k * b
        nbytes = 2.0 * (a * k + k * b + a * b)
        return cal.op_seconds(device, "matmul", flops, nbytes, peak, dims=(1, a, k, b),
                              dtype="bf16")  # fmt: skip

    per_step = gemm(m, n, m) + gemm(m, m, m) + gemm(m, m, n)
    return steps * per_step + NS_PASS_BYTES * m * n / cal.bandwidth(device)


def newton_schulz_seconds(
    inp: Any, layout: Any, cal: Any, dense_layers: float, moe_layers: float
) -> float:
    """Seconds the busiest GPU spends on Muon's orthogonalizations in one step, for a stage of
    ``dense_layers`` dense and ``moe_layers`` MoE blocks (0 for any other optimizer): each matrix
    whole on every TP rank, the experts' own on their EP rank, whole matrices dealt over the
    data-parallel ranks under a distributed optimizer (module docstring)."""
    if getattr(inp.optimizer, "id", "") != "muon":
        return 0.0
    spec, device = inp.model, inp.cluster.device
    dealt = layout.zero >= 1
    dense_ranks = layout.dp * layout.cp if dealt else 1
    expert_ranks = 1
    if dealt and spec.is_moe:
        expert_ranks = max(
            1, inp.cluster.gpus // (layout.pp * max(1, layout.ep) * max(1, layout.etp))
        )
    total = 0.0
    for moe_block, layers in ((False, dense_layers), (True, moe_layers)):
        if layers <= 0:
            continue
        for mx in block_matrices(spec, moe_block):
            local = mx.count / max(1, layout.ep) if mx.expert else mx.count
            ranks = expert_ranks if mx.expert else dense_ranks
            mine = math.ceil(local * layers / ranks - 1e-9)
            if mine:
                total += mine * _one_matrix_seconds(cal, device, mx.rows, mx.cols, NS_STEPS)
    return total
