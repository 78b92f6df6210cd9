"""What a model holds and reads at inference: its weight matrices, layer by layer, read from a spec.

A :class:`~core.memory.models.TransformerSpec` describes a dense model; mixture-of-experts and
multi-head latent attention add fields (``experts``, ``top_k``, ``moe_ffn``, ``shared_experts``,
``shared_ffn``, ``dense_layers``, ``moe_every``, ``router_bias``; ``q_lora_rank``,
``kv_lora_rank``, ``qk_nope_head_dim``, ``qk_rope_head_dim``, ``v_head_dim``), each read here with
``getattr(spec, name, 0)`` so a spec without them is the dense model it always was.

How many layers are MoE layers, and how many parameters the model has, are the spec's own counts
(:attr:`~core.memory.models.TransformerSpec.moe_layers`, ``param_count``), not a copy of them:
the norms and biases (:attr:`Shape.vectors`) are what the spec counts beyond the matrices listed
here. A routed expert and a shared expert are gated MLPs (three matrices) when the model is
gated, of width ``moe_ffn`` (a shared expert: ``shared_ffn`` when given).

Every matrix is listed as ``(rows, cols)`` = ``(out_features, in_features)`` with the group it
belongs to, so weight formats (:mod:`core.inference.weights`) can count their per-row and
per-block scales, and decode can tell the weights read every step from the experts it reads only
when a token routes to them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

__all__ = ["Matrix", "Shape", "shape_of"]


@dataclass(frozen=True)
class Matrix:
    """One kind of weight matrix: ``count`` of them per model, each ``rows × cols``.

    ``group``: ``attention``, ``mlp`` (dense MLPs and shared experts), ``expert`` (routed
    experts, counted over every MoE layer and every expert), ``router``, ``embedding``, ``head``.
    """

    name: str
    rows: int
    cols: int
    count: int
    group: str

    @property
    def params(self) -> int:
        """Parameters of all ``count`` matrices."""
        return self.rows * self.cols * self.count


def _field(spec: Any, name: str) -> int:
    value = getattr(spec, name, 0)
    return int(value) if value else 0


@dataclass(frozen=True)
class Shape:
    """The sizes inference needs, with MoE and MLA fields at 0 for a dense model."""

    name: str
    vocab: int
    d: int
    layers: int
    heads: int
    kv_heads: int
    head_dim: int
    ffn: int
    gated: bool
    tied: bool
    norm: str
    qkv_bias: bool
    out_bias: bool
    mlp_bias: bool
    max_pos: int
    window: int
    experts: int = 0
    window_layers: int = 0
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
    qk_norm: bool = False
    shared_gate: bool = False
    moe_layers: int = 0
    param_count: int = 0

    @property
    def is_mla(self) -> bool:
        """Multi-head latent attention (a compressed KV latent per token)."""
        return self.kv_lora_rank > 0

    @property
    def is_moe(self) -> bool:
        """Routed experts in some layers."""
        return self.experts > 0

    @property
    def windowed_layers(self) -> int:
        """Layers that attend through the sliding window: ``window_layers``, every layer when
        only a window is given, none without one."""
        return (self.window_layers or self.layers) if self.window else 0

    @property
    def qk_head_dim(self) -> int:
        """Width of one query (and key) head: ``head_dim``, or MLA's no-rope plus rope parts."""
        return self.qk_nope_head_dim + self.qk_rope_head_dim if self.is_mla else self.head_dim

    @property
    def v_dim(self) -> int:
        """Width of one value head."""
        return self.v_head_dim if self.is_mla else self.head_dim

    @property
    def shared_width(self) -> int:
        """Width of one shared expert."""
        return self.shared_ffn or self.moe_ffn

    def _mlp(self, name: str, width: int, count: int, group: str) -> list[Matrix]:
        d = self.d
        out = [Matrix(f"{name}.up", width, d, count, group),
               Matrix(f"{name}.down", d, width, count, group)]  # fmt: skip
        if self.gated:
            out.insert(0, Matrix(f"{name}.gate", width, d, count, group))
        return out

    @cached_property
    def matrices(self) -> tuple[Matrix, ...]:
        """Every weight matrix of the model (biases and norms are :meth:`vectors`)."""
        d, layers, h = self.d, self.layers, self.heads
        out: list[Matrix] = [Matrix("embedding", self.vocab, d, 1, "embedding")]
        if self.max_pos:
            out.append(Matrix("position embedding", self.max_pos, d, 1, "embedding"))
        if not self.tied:
            out.append(Matrix("lm_head", self.vocab, d, 1, "head"))
        if self.is_mla:
            qk = h * self.qk_head_dim
            if self.q_lora_rank:
                out += [Matrix("q_a", self.q_lora_rank, d, layers, "attention"),
                        Matrix("q_b", qk, self.q_lora_rank, layers, "attention")]  # fmt: skip
            else:
                out.append(Matrix("q", qk, d, layers, "attention"))
            out += [
                Matrix("kv_a", self.kv_lora_rank + self.qk_rope_head_dim, d, layers, "attention"),
                Matrix("kv_b", h * (self.qk_nope_head_dim + self.v_head_dim), self.kv_lora_rank,
                       layers, "attention"),
                Matrix("o", d, h * self.v_head_dim, layers, "attention"),
            ]  # fmt: skip
        else:
            q, kv = h * self.head_dim, self.kv_heads * self.head_dim
            out += [Matrix("q", q, d, layers, "attention"), Matrix("k", kv, d, layers, "attention"),
                    Matrix("v", kv, d, layers, "attention"), Matrix("o", d, q, layers, "attention")]  # fmt: skip
        dense = layers - self.moe_layers
        if dense:
            out += self._mlp("mlp", self.ffn, dense, "mlp")
        if self.moe_layers:
            out += self._mlp("expert", self.moe_ffn, self.moe_layers * self.experts, "expert")
            if self.shared_experts:
                out += self._mlp("shared", self.shared_width,
                                 self.moe_layers * self.shared_experts, "mlp")  # fmt: skip
            out.append(Matrix("router", self.experts, d, self.moe_layers, "router"))
        return tuple(out)

    @cached_property
    def vectors(self) -> int:
        """Parameters outside the matrices: norms and biases (kept in 16 bits by every format),
        the spec's parameter count less the matrices' parameters."""
        return self.param_count - sum(m.params for m in self.matrices)

    @property
    def params_total(self) -> int:
        """Every parameter: the spec's ``param_count``."""
        return self.param_count

    def group_params(self, *groups: str) -> int:
        """Parameters of the matrices in ``groups``."""
        return sum(m.params for m in self.matrices if m.group in groups)

    @cached_property
    def expert_params(self) -> int:
        """Parameters of one routed expert in one layer."""
        return (3 if self.gated else 2) * self.d * self.moe_ffn if self.is_moe else 0

    @cached_property
    def active_linear_params(self) -> int:
        """Matrix parameters one token multiplies through in the layers (attention, dense MLPs,
        shared experts, its ``top_k`` routed experts, the router): ``2 ×`` this is its FLOPs."""
        dense = self.group_params("attention", "mlp", "router")
        return dense + self.moe_layers * self.top_k * self.expert_params

    @property
    def head_params(self) -> int:
        """Parameters of the LM head's matrix (the embedding's when tied)."""
        return self.vocab * self.d


def shape_of(spec: Any) -> Shape:
    """The :class:`Shape` of a transformer spec, MoE and MLA fields read with ``getattr``; the
    MoE layer count and the parameter count are the spec's."""
    return Shape(
        name=str(spec.name), vocab=int(spec.vocab), d=int(spec.d_model), layers=int(spec.layers),
        heads=int(spec.heads), kv_heads=int(spec.kv_heads), head_dim=int(spec.head_dim),
        ffn=int(spec.ffn), gated=bool(spec.gated), tied=bool(spec.tied), norm=str(spec.norm),
        qkv_bias=bool(spec.qkv_bias), out_bias=bool(spec.out_bias), mlp_bias=bool(spec.mlp_bias),
        max_pos=int(spec.max_pos), window=int(getattr(spec, "window", 0) or 0),
        window_layers=_field(spec, "window_layers"),
        experts=_field(spec, "experts"), top_k=_field(spec, "top_k"),
        moe_ffn=_field(spec, "moe_ffn"), shared_experts=_field(spec, "shared_experts"),
        shared_ffn=_field(spec, "shared_ffn"), dense_layers=_field(spec, "dense_layers"),
        moe_every=_field(spec, "moe_every") or 1, router_bias=bool(getattr(spec, "router_bias", 0)),
        q_lora_rank=_field(spec, "q_lora_rank"), kv_lora_rank=_field(spec, "kv_lora_rank"),
        qk_nope_head_dim=_field(spec, "qk_nope_head_dim"),
        qk_rope_head_dim=_field(spec, "qk_rope_head_dim"), v_head_dim=_field(spec, "v_head_dim"),
        qk_norm=bool(getattr(spec, "qk_norm", False)),
        shared_gate=bool(getattr(spec, "shared_gate", False)),
        moe_layers=int(spec.moe_layers), param_count=int(spec.param_count),
    )  # fmt: skip
