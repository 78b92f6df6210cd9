"""Stand-ins for the MoE and MLA fields that ``TransformerSpec`` gains in parallel work.

``core.inference`` reads those fields with ``getattr(spec, name, 0)``; until they land on
:class:`core.memory.models.TransformerSpec`, these subclasses carry them (the coordinated names),
so the MoE and MLA paths are tested now. Shapes from each model's published ``config.json``.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.memory.models import TransformerSpec


@dataclass(frozen=True)
class MoESpec(TransformerSpec):
    """A transformer with the coordinated MoE and MLA fields (0: dense, no MLA)."""

    experts: int = 0
    top_k: int = 0
    moe_ffn: int = 0
    shared_experts: int = 0
    shared_ffn: int = 0
    dense_layers: int = 0
    moe_every: int = 1
    router_bias: bool = False
    q_lora_rank: int = 0
    kv_lora_rank: int = 0
    qk_nope_head_dim: int = 0
    qk_rope_head_dim: int = 0
    v_head_dim: int = 0


def mixtral_8x7b() -> MoESpec:
    """mistralai/Mixtral-8x7B-v0.1: 32 layers of 8 experts (2 per token), GQA with 8 KV heads."""
    return MoESpec("mixtral-8x7b", 32000, 4096, 32, 32, 8, 14336, gated=True, tied=False,
                   seq=4096, experts=8, top_k=2, moe_ffn=14336)  # fmt: skip


def deepseek_v3() -> MoESpec:
    """deepseek-ai/DeepSeek-V3 (its MTP module left out): MLA with a 512-wide latent and a
    64-wide rotary key; 256 routed experts (8 per token) and one shared, after 3 dense layers."""
    return MoESpec(
        "deepseek-v3", 129280, 7168, 61, 128, 128, 18432, gated=True, tied=False, seq=4096,
        experts=256, top_k=8, moe_ffn=2048, shared_experts=1, dense_layers=3, moe_every=1,
        router_bias=True, q_lora_rank=1536, kv_lora_rank=512, qk_nope_head_dim=128,
        qk_rope_head_dim=64, v_head_dim=128,
    )  # fmt: skip


def mistral_7b() -> TransformerSpec:
    """mistralai/Mistral-7B-v0.1: GQA with 8 KV heads and a 4,096-token sliding window."""
    return TransformerSpec("mistral-7b", 32000, 4096, 32, 32, 8, 14336, gated=True, tied=False,
                           seq=4096, window=4096)  # fmt: skip
