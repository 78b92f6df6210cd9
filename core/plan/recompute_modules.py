"""Recomputation by module (Megatron-Core's ``--recompute-modules``): which saved activations
a layer drops and what forward work its backward runs again.

Megatron-Core's ``TransformerConfig.recompute_modules`` (megatron/core/transformer/
transformer_config.py, its docstring) names the submodules a selective recomputation checkpoints:
``core_attn`` (the attention core), ``moe_act`` (the routed experts' activation function),
``layernorm`` (``input_layernorm`` and ``pre_mlp_layernorm``), ``mla_up_proj`` (latent
attention's up projections and the RoPE applied to them), ``mlp`` (a dense layer's MLP), ``moe``
(the whole MoE layer) and ``shared_experts``. ``moe_act``, ``layernorm`` and ``mla_up_proj``
discard their outputs (output-discarding checkpointing: the next module's saved input is freed
and rebuilt before its backward), the others checkpoint normally (their inputs are kept, nothing
inside them).

What each drops from the per-layer activation terms of :func:`core.memory.activations.
activation_model` (:func:`kept_share`):

* ``core_attn``: the attention core's internals (the softmax output and its dropout mask, or
  flash attention's log-sum-exp), as ``--recompute selective`` does.
* ``mla_up_proj``: the up-projected, RoPE-applied ``Q, K, V`` (the attention core's inputs);
  the latents before the up projections stay.
* ``layernorm``: the two norms' outputs (the attention's and the MLP's GEMM inputs).
* ``moe_act``: of the routed experts' four ``s·b·k·moe_ffn`` tensors (the gate-and-up output,
  two wide, the SiLU inside the activation and the activation's output) only the activation's
  input stays: half.
* ``mlp``: the dense layers' MLP hidden tensors; ``shared_experts``: the shared experts'.
* ``moe``: the router's, the dispatched tokens, the experts' hidden and output tensors and the
  shared experts' (the layer's input, its norm's output, stays).

What each adds to the backward (:func:`recompute_seconds`), per layer and micro-batch, the mean
over the model's layers: ``core_attn`` the attention core's forward (as ``selective``); the GEMM
modules (``mla_up_proj``, ``mlp``, ``moe``, ``shared_experts``) their share of the layer's
forward GEMM time, by their matmul weights per token against the layer's (the forward is a third
of a layer's GEMM FLOPs: backward is twice the forward); ``moe`` also its dispatch and combine
again; the memory-bound ones (``moe_act``, ``layernorm``) their bytes at the achievable memory
bandwidth: SwiGLU reads ``2·moe_ffn`` and writes ``moe_ffn`` elements per routed row, a norm reads
and writes ``d_model`` per token (two norms a layer).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.plan.recompute_names import RECOMPUTE_MODULES, check_modules

if TYPE_CHECKING:
    from core.memory.models import TransformerSpec
    from core.plan.inputs import Layout, PlanInput
    from core.plan.timing import MicroTimes
    from core.roofline.achievable import Calibration
    from core.roofline.hardware import Device

__all__ = [
    "RECOMPUTE_MODULES",
    "check_modules",
    "kept_share",
    "module_matmul_share",
    "recompute_seconds",
]

# Activation-term name prefixes (core.memory.activations) each module drops entirely.
_DROPS: dict[str, tuple[str, ...]] = {
    "core_attn": ("softmax output", "attention dropout mask", "flash fp32 log-sum-exp"),
    "mla_up_proj": ("Q, K, V padded", "Q, K, V (V at its own width)", "Q, K, V (V inside"),
    "layernorm": ("attention and MLP inputs",),
    "mlp": ("dense MLP hidden", "MLP hidden"),
    "shared_experts": ("shared experts hidden",),
    "moe": (
        "router:",
        "dispatched tokens",
        "expert hidden",
        "expert outputs",
        "shared experts hidden",
    ),
}


def kept_share(name: str, modules: tuple[str, ...]) -> float:
    """The share of activation term ``name`` a layer still saves under ``modules``: 0 for a
    term one of them drops, else 1 (``moe_act``'s half of the experts' hidden tensors is
    :func:`core.plan.moe_kept.moe_kept`'s, beside the kernels' rules it interacts with)."""
    for module in modules:
        if name.startswith(_DROPS.get(module, ())):
            return 0.0
    return 1.0


def module_matmul_share(
    spec: TransformerSpec, modules: tuple[str, ...], layer_params: float
) -> float:
    """The recomputed GEMM modules' matmul weights per token over the layer's, the mean over the
    model's layers (dense layers' MLP under ``mlp``, MoE layers' router, routed and shared
    experts under ``moe``, the shared experts under ``shared_experts``, latent attention's up
    projections under ``mla_up_proj``); ``layer_params``: the matmul weights one token uses in
    one layer, the mean over the layers (:func:`core.plan.moe.active_matmul_params` less the LM
    head, over the layers)."""
    d, gated = spec.d_model, spec.gated
    n = 3 if gated else 2
    moe_share = spec.moe_layers / spec.layers if spec.is_moe else 0.0
    shared = n * d * spec.shared_experts * (spec.shared_ffn or spec.moe_ffn)
    params = 0.0
    if "mla_up_proj" in modules and spec.is_mla:
        h = spec.heads
        qk = spec.qk_nope_head_dim + spec.qk_rope_head_dim
        params += (spec.q_lora_rank or d) * h * qk
        params += spec.kv_lora_rank * h * (spec.qk_nope_head_dim + spec.v_head_dim)
    if "mlp" in modules:
        params += (1.0 - moe_share) * n * d * spec.ffn
    if "moe" in modules and spec.is_moe:
        params += moe_share * (d * spec.experts + spec.top_k * spec.expert_params() + shared)
    elif "shared_experts" in modules:
        params += moe_share * shared
    return params / layer_params


def recompute_seconds(
    inp: PlanInput, layout: Layout, mt: MicroTimes, device: Device, cal: Calibration,
    alltoall_layer: float = 0.0, layer_params: float = 1.0,
) -> float:  # fmt: skip
    """Seconds one layer's backward adds per micro-batch to rerun the input's recompute modules
    (the module docstring's rule; 0 without any). ``alltoall_layer``: one direction's dispatch
    and combine of an MoE layer (:func:`core.plan.moe.alltoall_layer_seconds`); ``layer_params``
    as :func:`module_matmul_share` takes it."""
    modules = tuple(getattr(inp.implementation, "recompute_modules", ()))
    if not modules or layout.recompute == "full":
        return 0.0
    spec = inp.model
    seconds = mt.core_fwd if "core_attn" in modules and layout.recompute != "selective" else 0.0
    seconds += module_matmul_share(spec, modules, layer_params) * mt.layer_gemm / 3.0
    moe_share = spec.moe_layers / spec.layers if spec.is_moe else 0.0
    if "moe" in modules:
        seconds += moe_share * alltoall_layer
    e = inp.recipe.bytes("acts")
    tokens = layout.micro_batch * inp.seq / layout.cp
    moved = 0.0
    if "moe_act" in modules and spec.is_moe and "moe" not in modules:
        moved += moe_share * tokens / layout.tp * spec.top_k * 3 * spec.moe_ffn * e
    if "layernorm" in modules:
        moved += 2 * 2 * spec.d_model * e * tokens / (layout.tp if layout.sp else 1)
    return seconds + moved / cal.bandwidth(device)
