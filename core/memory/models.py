"""Model shapes for the memory accounting: the lecture's deep MLP and decoder-only transformers,
mixtures of experts and multi-head latent attention among them.

A model here is a frozen description (a *spec*) with an exact parameter count computed by formula
(for a mixture of experts, the total and the active count: :attr:`TransformerSpec.params_active`).
:func:`build_module` (in :mod:`core.memory.modules`) turns a spec into a real ``nn.Module``; tests sum
that module's ``numel`` on the meta device as an independent check of the formulas.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, replace
from typing import Any

from core.echo import brief
from core.errors import InputError
from core.texts import Text, join_texts, translate
from core.validate import positive_int, split_list

__all__ = [
    "LIMITS",
    "MOE_KEYS",
    "PRESETS",
    "MLPSpec",
    "ModelSpec",
    "TransformerSpec",
    "kv_cache_elements_per_token",
    "moe_options",
    "parse_model",
    "position_limits",
    "preset",
    "seq_limits",
]

#: Upper bounds on each shape field: far above any model trained so far, low enough that every
#: count stays an exact Python int and every float stays finite.
LIMITS: dict[str, int] = {
    "d": 1_000_000,
    "layers": 100_000,
    "vocab": 10_000_000,
    "heads": 100_000,
    "ffn": 10_000_000,
    "seq": 10_000_000,
    "max_pos": 10_000_000,
}


@dataclass(frozen=True)
class MLPSpec:
    """The lecture's deep network: ``layers`` blocks of ``x @ W`` (``d×d``, no bias) then ReLU.

    Parameters: ``d² · layers``.
    """

    d: int
    layers: int
    name: str = "mlp"

    kind = "mlp"

    def __post_init__(self) -> None:
        positive_int(self.d, "d", high=LIMITS["d"])
        positive_int(self.layers, "layers", high=LIMITS["layers"])

    @property
    def param_count(self) -> int:
        """Exact number of parameters: D²·L."""
        return self.d * self.d * self.layers

    def with_layers(self, layers: int) -> MLPSpec:
        """The same width with another depth (for "largest model of this shape")."""
        return replace(self, layers=layers)

    def describe(self) -> str:
        """One line for people: ``mlp: D=4096, L=8``."""
        return f"mlp: D={self.d:,}, L={self.layers:,}"

    def to_dict(self) -> dict[str, Any]:
        """The spec as plain data (sessions, JSON output)."""
        return {"kind": "mlp", **asdict(self)}


@dataclass(frozen=True)
class TransformerSpec:
    """A decoder-only transformer (GPT-2 or Llama style).

    Attributes
    ----------
    vocab, d_model, layers, heads, kv_heads, ffn
        Sizes; ``kv_heads < heads`` is grouped-query attention.
    gated
        SwiGLU MLP (three ``d×ffn`` matrices) instead of GELU (two).
    tied
        Output projection shares the embedding matrix.
    norm
        ``layernorm`` (weight and bias) or ``rmsnorm`` (weight only).
    bias
        Biases on the attention and MLP linears (GPT-2 has them, Llama not): the default of the
        three fields below.
    qkv_bias, out_bias, mlp_bias
        Biases on the query, key and value projections (Qwen2 has them alone), on the attention's
        output projection, and on the MLP's linears; ``None`` takes ``bias``.
    max_pos
        Learned position embeddings of this length (GPT-2); 0 for rotary (Llama, no parameters).
    seq
        Default training sequence length.
    context
        The context a rotary model was trained for (its ``max_position_embeddings``; 0 when not
        known): a longer sequence is counted as asked, with a warning (:func:`seq_limits`).
    window
        A sliding attention window (Mistral's ``sliding_window``; 0 for none): the model attends
        over full sequences up to it; beyond it each query attends to the last ``window``
        positions, which the plan's attention work counts
        (:func:`core.roofline.utilization.attention_layers`) and the Memory and Step counts refuse
        (they trace every score).
    window_layers
        How many layers attend through the ``window`` when only some do (GPT-OSS alternates
        sliding-window and full-attention layers: its config's ``layer_types``); 0 with a window:
        every layer. The Inference domain's KV cache and attention and the plan's attention
        work count it.
    head_size
        The width of one attention head when the config sets it apart from ``d_model / heads``
        (Qwen3's ``head_dim`` = 128 at ``d_model`` 2048 and 32 heads); 0 derives it.
    qk_norm
        An RMSNorm over each head's query and key (Qwen3's ``q_norm``, ``k_norm``: ``2·head_dim``
        weights per layer).
    experts, top_k, moe_ffn
        A mixture of experts: ``experts`` routed experts per MoE layer (0 = dense), ``top_k`` of
        them per token, each an MLP of hidden width ``moe_ffn`` (gated like ``gated`` says).
    shared_experts, shared_ffn
        Experts every token passes through, each of width ``shared_ffn`` (0: ``moe_ffn``).
        DeepSeek-V3's one shared expert of width 2048 and Qwen2-MoE's shared expert of its own
        width (``shared_expert_intermediate_size``) are both written this way.
    shared_gate
        Qwen2-MoE's sigmoid gate on the shared experts' output (a ``d×1`` linear).
    dense_layers, moe_every
        The first ``dense_layers`` blocks keep a dense MLP of width ``ffn`` (DeepSeek-V3's
        ``first_k_dense_replace``); of the others, block ``i`` (from 0) is an MoE block when
        ``(i + 1) % moe_every == 0`` (Qwen's ``decoder_sparse_step``), else dense.
    router_bias
        A trained bias on the router's logits (``E`` parameters per MoE layer). DeepSeek-V3's
        ``e_score_correction_bias`` is not one: it is a buffer moved by a rule, not by gradients
        (transformers registers it as a buffer), so it has no gradient or optimizer state.
    q_lora_rank, kv_lora_rank, qk_nope_head_dim, qk_rope_head_dim, v_head_dim
        Multi-head latent attention (DeepSeek-V2/V3) when ``kv_lora_rank`` > 0: queries through a
        rank-``q_lora_rank`` bottleneck (0: one ``d × heads·(nope+rope)`` projection), keys and
        values from one compressed latent of width ``kv_lora_rank`` plus a shared rotary key of
        ``qk_rope_head_dim``; each head's key is ``nope + rope`` wide, its value ``v_head_dim``.

    Counting convention of :attr:`params_active` (the parameters one token uses, the ``N`` of
    ``6·N·D`` for a mixture of experts): every parameter outside the routed experts, that is
    attention, norms, dense MLPs, shared experts, routers, **the token embedding and the output
    head**, plus ``top_k`` routed experts per MoE layer. Embedding and head are counted as the
    published active counts count them: Mixtral-8x7B's "12.9B active", Qwen3-30B-A3B's "3.3B
    activated" and DeepSeek-V3's "37B activated" all include both (without them they would read
    12.6B, 2.7B and 35.7B).
    """

    name: str
    vocab: int
    d_model: int
    layers: int
    heads: int
    kv_heads: int
    ffn: int
    gated: bool
    tied: bool
    norm: str = "rmsnorm"
    bias: bool = False
    max_pos: int = 0
    seq: int = 2048
    qkv_bias: bool | None = None
    out_bias: bool | None = None
    mlp_bias: bool | None = None
    context: int = 0
    window: int = 0
    window_layers: int = 0
    head_size: int = 0
    qk_norm: bool = False
    experts: int = 0
    top_k: int = 0
    moe_ffn: int = 0
    shared_experts: int = 0
    shared_ffn: int = 0
    shared_gate: bool = False
    dense_layers: int = 0
    moe_every: int = 1
    router_bias: bool = False
    q_lora_rank: int = 0
    kv_lora_rank: int = 0
    qk_nope_head_dim: int = 0
    qk_rope_head_dim: int = 0
    v_head_dim: int = 0

    kind = "transformer"

    def __post_init__(self) -> None:
        for name in ("qkv_bias", "out_bias", "mlp_bias"):
            if getattr(self, name) is None:
                object.__setattr__(self, name, bool(self.bias))
        _check_moe(self)
        _check_mla(self)
        if self.head_size:
            positive_int(self.head_size, "head_dim", high=LIMITS["d"])
        if self.context:
            positive_int(self.context, "context", high=LIMITS["max_pos"])
        if self.window:
            positive_int(self.window, "window", high=LIMITS["max_pos"])
        if self.window_layers:
            positive_int(self.window_layers, "window_layers", high=self.layers)
            if not self.window:
                raise InputError(
                    translate(
                        "Memory",
                        "window_layers: {value} layers without a window; allowed: 0, or a "
                        "window=… with it",
                    ).format(value=str(self.window_layers)),
                    field="window_layers",
                )
        positive_int(self.vocab, "vocab", high=LIMITS["vocab"])
        positive_int(self.d_model, "d_model", high=LIMITS["d"])
        positive_int(self.layers, "layers", high=LIMITS["layers"])
        positive_int(self.heads, "heads", high=LIMITS["heads"])
        positive_int(self.kv_heads, "kv_heads", high=LIMITS["heads"])
        positive_int(self.ffn, "ffn", high=LIMITS["ffn"])
        positive_int(self.seq, "seq", high=LIMITS["seq"])
        if self.max_pos:
            positive_int(self.max_pos, "max_pos", high=LIMITS["max_pos"])
        if self.d_model % self.heads and not (self.head_size or self.is_mla):
            raise InputError(
                translate(
                    "Memory",
                    "heads: {heads} does not divide d_model {d}; allowed: a divisor of d_model",
                ).format(heads=str(self.heads), d=str(self.d_model)),
                field="heads",
            )
        if self.heads % self.kv_heads:
            raise InputError(
                translate(
                    "Memory",
                    "kv_heads: {kv_heads} does not divide heads {heads}; allowed: a divisor of "
                    "heads (1 = multi-query, heads = multi-head)",
                ).format(kv_heads=str(self.kv_heads), heads=str(self.heads)),
                field="kv_heads",
            )
        if self.max_pos == 0 and not self.is_mla and self.head_dim % 2:
            # transformers refuses the same config ("RoPE requires an even rotary dimension"):
            # rotary positions rotate pairs of a head's channels
            raise InputError(
                translate(
                    "Memory",
                    "heads: d_model {d} / heads {heads} = head dimension {hd}, which is odd; "
                    "rotary positions rotate pairs of channels; allowed: heads that leave an "
                    "even head dimension (or learned positions)",
                ).format(d=str(self.d_model), heads=str(self.heads), hd=str(self.head_dim)),
                field="heads",
            )
        if self.norm not in ("layernorm", "rmsnorm"):
            raise InputError(
                translate("Memory", "norm: unknown {norm}; allowed: layernorm, rmsnorm").format(
                    norm=brief(self.norm)
                ),
                field="norm",
            )

    @property
    def head_dim(self) -> int:
        """Width of one attention head (``head_size`` when the config sets it)."""
        return self.head_size or self.d_model // self.heads

    @property
    def qk_head_dim(self) -> int:
        """Width of one query/key head as the attention kernel sees it: latent attention's no-RoPE
        and RoPE parts together, else :attr:`head_dim`."""
        return self.qk_nope_head_dim + self.qk_rope_head_dim if self.is_mla else self.head_dim

    @property
    def q_dim(self) -> int:
        """Width of the query projection and of the attention output: ``heads · head_dim``."""
        return self.heads * self.head_dim

    @property
    def kv_dim(self) -> int:
        """Width of the key (and value) projection: ``kv_heads · head_dim``."""
        return self.kv_heads * self.head_dim

    @property
    def is_moe(self) -> bool:
        """Whether some blocks are mixtures of experts."""
        return self.experts > 0

    @property
    def is_mla(self) -> bool:
        """Whether attention is multi-head latent attention (DeepSeek-V2/V3)."""
        return self.kv_lora_rank > 0

    @property
    def moe_layers(self) -> int:
        """How many blocks are MoE blocks (the rest keep a dense MLP of width ``ffn``)."""
        if not self.is_moe:
            return 0
        return sum(
            1 for i in range(self.dense_layers, self.layers) if (i + 1) % self.moe_every == 0
        )

    def is_moe_layer(self, index: int) -> bool:
        """Whether block ``index`` (from 0) is an MoE block."""
        return self.is_moe and index >= self.dense_layers and (index + 1) % self.moe_every == 0

    def attention_params(self) -> int:
        """Parameters of one block's attention (projections, their biases, q/k or latent norms)."""
        d, h = self.d_model, self.heads
        if self.is_mla:
            qk = self.qk_nope_head_dim + self.qk_rope_head_dim
            if self.q_lora_rank:
                q = d * self.q_lora_rank + self.q_lora_rank + self.q_lora_rank * h * qk
                q += self.q_lora_rank if self.qkv_bias else 0
            else:
                q = d * h * qk
            latent = self.kv_lora_rank + self.qk_rope_head_dim
            kv = d * latent + self.kv_lora_rank  # kv_a_proj_with_mqa and its RMSNorm
            kv += latent if self.qkv_bias else 0
            kv += self.kv_lora_rank * h * (self.qk_nope_head_dim + self.v_head_dim)
            out = h * self.v_head_dim * d + (d if self.out_bias else 0)
            return q + kv + out
        q, kv = self.q_dim, self.kv_dim
        attn = d * q + 2 * d * kv + q * d
        if self.qkv_bias:
            attn += q + 2 * kv
        if self.out_bias:
            attn += d
        if self.qk_norm:
            attn += 2 * self.head_dim
        return attn

    def _mlp(self, width: int, bias: bool) -> int:
        d = self.d_model
        out = (3 if self.gated else 2) * d * width
        if bias:
            out += (2 * width if self.gated else width) + d
        return out

    def dense_mlp_params(self) -> int:
        """Parameters of one dense MLP of width ``ffn``."""
        return self._mlp(self.ffn, bool(self.mlp_bias))

    def expert_params(self) -> int:
        """Parameters of one routed expert (an MLP of width ``moe_ffn``, no biases)."""
        return self._mlp(self.moe_ffn, False) if self.is_moe else 0

    def shared_expert_params(self) -> int:
        """Parameters of all shared experts of one MoE block, with Qwen2-MoE's gate."""
        if not self.shared_experts:
            return 0
        each = self._mlp(self.shared_ffn or self.moe_ffn, False)
        return self.shared_experts * each + (self.d_model if self.shared_gate else 0)

    def router_params(self) -> int:
        """Parameters of one MoE block's router: ``d × experts`` (and a bias of ``experts``)."""
        if not self.is_moe:
            return 0
        return self.d_model * self.experts + (self.experts if self.router_bias else 0)

    def moe_mlp_params(self) -> int:
        """Parameters of one MoE block's MLP part: router, all routed and shared experts."""
        return (
            self.router_params()
            + self.experts * self.expert_params()
            + (self.shared_expert_params())
        )

    def norm_params(self) -> int:
        """Parameters of one block's two norms."""
        return 2 * (2 * self.d_model if self.norm == "layernorm" else self.d_model)

    def layer_params(self, moe: bool = False) -> int:
        """Parameters of one block: attention, MLP and two norms; ``moe`` asks for an MoE block
        (of an MoE spec), else a dense one of width ``ffn``."""
        mlp = self.moe_mlp_params() if moe and self.is_moe else self.dense_mlp_params()
        return self.attention_params() + mlp + self.norm_params()

    def embedding_params(self) -> int:
        """Token (and learned position) embeddings, the final norm and an untied output matrix."""
        d = self.d_model
        out = self.vocab * d + self.max_pos * d
        out += 2 * d if self.norm == "layernorm" else d
        if not self.tied:
            out += self.vocab * d
        return out

    @property
    def param_count(self) -> int:
        """Exact number of parameters."""
        moe = self.moe_layers
        return (
            self.embedding_params()
            + (self.layers - moe) * self.layer_params()
            + moe * self.layer_params(moe=True)
        )

    @property
    def params_total(self) -> int:
        """Every parameter (== :attr:`param_count`): what weights, gradients and optimizer keep."""
        return self.param_count

    @property
    def params_active(self) -> int:
        """Parameters one token uses (see the class docstring's convention): all but the
        routed experts, plus ``top_k`` of them in each MoE block."""
        idle = (self.experts - self.top_k) * self.expert_params()
        return self.param_count - self.moe_layers * idle

    def with_layers(self, layers: int) -> TransformerSpec:
        """The same width with another depth (for "largest model of this shape"); an MoE spec
        keeps at most ``layers - 1`` dense first layers; a model with a sliding window on some of
        its layers keeps their share of the layers (at least one)."""
        windowed = self.window_layers
        if windowed:
            windowed = min(layers, max(1, round(windowed * layers / self.layers)))
        if self.is_moe:
            return replace(self, layers=layers, dense_layers=min(self.dense_layers, layers - 1),
                           window_layers=windowed)  # fmt: skip
        return replace(self, layers=layers, window_layers=windowed)

    def describe(self) -> str:
        """One line for people."""
        attn = "MHA" if self.kv_heads == self.heads else f"GQA {self.kv_heads} kv"
        mlp = "SwiGLU" if self.gated else "GELU"
        values = {"name": self.name, "d": f"{self.d_model:,}", "layers": f"{self.layers:,}",
                  "heads": str(self.heads), "attn": attn, "ffn": f"{self.ffn:,}", "mlp": mlp,
                  "vocab": f"{self.vocab:,}"}  # fmt: skip
        if self.is_mla:
            values["attn"] = translate("Memory", "MLA, latent {rank}").format(
                rank=str(self.kv_lora_rank)
            )
        if self.tied:
            line = translate(
                "Memory",
                "{name}: d={d}, L={layers}, {heads} heads ({attn}), ffn={ffn} {mlp}, vocab={vocab}, "
                "tied",
            ).format(**values)
        else:
            line = translate(
                "Memory",
                "{name}: d={d}, L={layers}, {heads} heads ({attn}), ffn={ffn} {mlp}, vocab={vocab}",
            ).format(**values)
        if not self.is_moe:
            return line
        moe = translate(
            "Memory",
            "MoE ({experts} experts, top-{top_k}, expert ffn={moe_ffn}) in {moe_layers} of "
            "{layers} layers",
        ).format(experts=str(self.experts), top_k=str(self.top_k), moe_ffn=f"{self.moe_ffn:,}",
                 moe_layers=str(self.moe_layers), layers=str(self.layers))  # fmt: skip
        if self.shared_experts:
            shared = translate("Memory", " + {shared} shared").format(
                shared=str(self.shared_experts)
            )
            moe = join_texts([moe, shared], "")
        return join_texts([line, moe], "; ")

    def to_dict(self) -> dict[str, Any]:
        """The spec as plain data (sessions, JSON output)."""
        return {"kind": "transformer", **asdict(self)}


ModelSpec = MLPSpec | TransformerSpec


def _moe_error(key: str, message: Text, **values: object) -> InputError:
    return InputError(message.format(**{k: str(v) for k, v in values.items()}), field=key)


def _check_moe(spec: TransformerSpec) -> None:
    """Refuse an inconsistent mixture of experts, naming the field and what is allowed."""
    for name in ("experts", "top_k", "moe_ffn", "shared_experts", "shared_ffn", "dense_layers"):
        positive_int(getattr(spec, name), name, low=0, high=LIMITS["ffn"])
    positive_int(spec.moe_every, "moe_every", high=LIMITS["layers"])
    if not spec.is_moe:
        given = [n for n in ("top_k", "moe_ffn", "shared_experts", "shared_ffn", "dense_layers")
                 if getattr(spec, n)]  # fmt: skip
        given += [n for n in ("router_bias", "shared_gate") if getattr(spec, n)]
        if spec.moe_every != 1:
            given.append("moe_every")
        if given:
            raise _moe_error(given[0], translate("Memory", "{field}: set without experts; allowed: experts=E (routed "
                             "experts per MoE layer) with it, or none of the MoE fields"),
                             field=given[0])  # fmt: skip
        return
    if not spec.top_k:
        raise _moe_error("top_k", translate("Memory", "top_k: missing for {experts} experts; allowed: 1 to {experts} "
                         "(routed experts per token)"), experts=spec.experts)  # fmt: skip
    if spec.top_k > spec.experts:
        raise _moe_error("top_k", translate("Memory", "top_k: {top_k} is more than the {experts} experts; allowed: 1 "
                         "to {experts}"), top_k=spec.top_k, experts=spec.experts)  # fmt: skip
    if not spec.moe_ffn:
        raise _moe_error("moe_ffn", translate("Memory", "moe_ffn: missing for {experts} experts; allowed: the hidden "
                         "width of one routed expert (a positive integer)"), experts=spec.experts)  # fmt: skip
    if spec.shared_ffn and not spec.shared_experts:
        raise _moe_error("shared_ffn", translate("Memory", "shared_ffn: {width} without shared experts; allowed: "
                         "shared_experts=S with it, or no shared_ffn"), width=spec.shared_ffn)  # fmt: skip
    if spec.shared_gate and not spec.shared_experts:
        raise _moe_error("shared_gate", translate("Memory", "shared_gate: a gate without shared experts; allowed: "
                         "shared_experts=S with it"))  # fmt: skip
    if spec.mlp_bias:
        raise _moe_error("mlp_bias", translate("Memory", "mlp_bias: biased experts are not modelled; allowed: an MoE "
                         "model without MLP biases"))  # fmt: skip
    if spec.dense_layers >= spec.layers:
        raise _moe_error("dense_layers", translate("Memory", "dense_layers: {dense} leaves none of the {layers} layers "
                         "for experts; allowed: 0 to {most}"), dense=spec.dense_layers,
                         layers=spec.layers, most=spec.layers - 1)  # fmt: skip
    if spec.moe_layers == 0:
        raise _moe_error("moe_every", translate("Memory", "moe_every: {every} leaves no MoE layer among layers "
                         "{first} to {last}; allowed: 1 to {most}"), every=spec.moe_every,
                         first=spec.dense_layers, last=spec.layers - 1,
                         most=spec.layers)  # fmt: skip


def _check_mla(spec: TransformerSpec) -> None:
    """Refuse an inconsistent multi-head latent attention, naming the field."""
    names = ("q_lora_rank", "kv_lora_rank", "qk_nope_head_dim", "qk_rope_head_dim", "v_head_dim")
    for name in names:
        positive_int(getattr(spec, name), name, low=0, high=LIMITS["d"])
    if not spec.is_mla:
        given = [n for n in names if getattr(spec, n)]
        if given:
            raise _moe_error(given[0], translate("Memory", "{field}: set without kv_lora_rank; allowed: kv_lora_rank=R "
                             "(multi-head latent attention) with it, or none of the MLA fields"),
                             field=given[0])  # fmt: skip
        return
    for name in ("qk_nope_head_dim", "qk_rope_head_dim", "v_head_dim"):
        if not getattr(spec, name):
            raise _moe_error(name, translate("Memory", "{field}: missing for latent attention (kv_lora_rank="
                             "{rank}); allowed: a positive integer"), field=name,
                             rank=spec.kv_lora_rank)  # fmt: skip
    if spec.qk_rope_head_dim % 2:
        raise _moe_error("qk_rope_head_dim", translate("Memory", "qk_rope_head_dim: {value} is odd; rotary positions "
                         "rotate pairs of channels; allowed: an even width"),
                         value=spec.qk_rope_head_dim)  # fmt: skip
    if spec.norm != "rmsnorm" or spec.max_pos or spec.head_size or spec.qk_norm:
        raise _moe_error("kv_lora_rank", translate("Memory", "kv_lora_rank: latent attention is modelled with "
                         "RMSNorm, rotary positions and its own head widths; allowed: norm="
                         "rmsnorm, no learned positions, no head_dim or q/k norm"))  # fmt: skip


def kv_cache_elements_per_token(spec: ModelSpec) -> int:
    """Elements the KV cache keeps per token, all layers together (0 for the MLP).

    Multi-, grouped- and multi-query attention keep a key and a value per KV head:
    ``2 · kv_heads · head_dim`` per layer. Multi-head latent attention keeps the compressed
    latent and the shared rotary key: ``kv_lora_rank + qk_rope_head_dim`` per layer (DeepSeek-V2
    report, section 2.1: 512 + 64 = 576 for DeepSeek-V3).
    """
    if not isinstance(spec, TransformerSpec):
        return 0
    if spec.is_mla:
        return spec.layers * (spec.kv_lora_rank + spec.qk_rope_head_dim)
    return spec.layers * 2 * spec.kv_heads * spec.head_dim


def _gpt2(name: str, d: int, layers: int, heads: int) -> TransformerSpec:
    return TransformerSpec(
        name, 50257, d, layers, heads, heads, 4 * d, gated=False, tied=True,
        norm="layernorm", bias=True, max_pos=1024, seq=1024,
    )  # fmt: skip


def _llama(
    name: str, vocab: int, d: int, layers: int, heads: int, kv: int, ffn: int, seq: int
) -> TransformerSpec:
    return TransformerSpec(name, vocab, d, layers, heads, kv, ffn, gated=True, tied=False, seq=seq,
                           context=seq)  # fmt: skip


def seq_limits(spec: MLPSpec | TransformerSpec, seq: int) -> tuple[Text, ...]:
    """The one check of a sequence length against a model's own limits; the warnings it gives.

    * **learned positions** (GPT-2's ``max_pos``): a longer sequence has no position embedding
      to look up, so it is **refused**;
    * a **sliding attention window** (Mistral's ``sliding_window``): beyond it the model attends
      to the window only, which the count does not model, so it is **refused**;
    * **rotary positions** with a known training context (``max_position_embeddings``): rotary
      embeddings extend to any length, so a longer sequence is counted as asked, with a
      **warning** (the model was not trained that long).

    Raises
    ------
    InputError
        For the two refusals, naming the limit.
    """
    if not isinstance(spec, TransformerSpec):
        return ()
    return position_limits(spec.name, seq, learned=spec.max_pos, window=spec.window,
                           context=0 if spec.max_pos else spec.context)  # fmt: skip


def position_limits(
    name: str, seq: int, *, learned: int = 0, window: int = 0, context: int = 0
) -> tuple[Text, ...]:
    """:func:`seq_limits` for a model known only by its limits (0 = none): ``learned`` positions,
    a sliding ``window``, a rotary training ``context``."""
    if learned and seq > learned:
        raise InputError(
            translate(
                "Memory",
                "seq: {seq} is longer than {name}'s {limit} learned positions; allowed: up to "
                "{limit} (its position embedding has no row beyond)",
            ).format(seq=f"{seq:,}", name=name, limit=f"{learned:,}"),
            field="seq",
        )
    if window and seq > window:
        raise InputError(
            translate(
                "Memory",
                "seq: {seq} is longer than {name}'s sliding attention window of {window}; allowed: "
                "up to {window} (beyond it each token attends to the window only, which is not "
                "modelled)",
            ).format(seq=f"{seq:,}", name=name, window=f"{window:,}"),
            field="seq",
        )
    if context and seq > context:
        return (
            translate(
                "Memory",
                "seq: {seq} is longer than the {context} positions {name} was trained for "
                "(max_position_embeddings); rotary positions go on, so it is counted as asked",
            ).format(seq=f"{seq:,}", context=f"{context:,}", name=name),
        )
    return ()


#: Published shapes: GPT-2 (Radford et al. 2019, HF configs), Llama 2 (Touvron et al. 2023),
#: Llama 3 (Meta 2024 model cards). Parameter counts follow from the shapes exactly.
PRESETS: dict[str, TransformerSpec] = {
    s.name: s
    for s in (
        _gpt2("gpt2", 768, 12, 12),
        _gpt2("gpt2-medium", 1024, 24, 16),
        _gpt2("gpt2-large", 1280, 36, 20),
        _gpt2("gpt2-xl", 1600, 48, 25),
        _llama("llama2-7b", 32000, 4096, 32, 32, 32, 11008, 4096),
        _llama("llama2-13b", 32000, 5120, 40, 40, 40, 13824, 4096),
        _llama("llama2-70b", 32000, 8192, 80, 64, 8, 28672, 4096),
        _llama("llama3-8b", 128256, 4096, 32, 32, 8, 14336, 8192),
        _llama("llama3-70b", 128256, 8192, 80, 64, 8, 28672, 8192),
        # Mixture-of-experts shapes from each model's Hugging Face config.json:
        # mistralai/Mixtral-8x7B-v0.1, Qwen/Qwen3-30B-A3B, Qwen/Qwen3-235B-A22B and
        # deepseek-ai/DeepSeek-V3 (its 61 main layers; the multi-token-prediction layer,
        # num_nextn_predict_layers = 1, is not part of the model transformers builds).
        TransformerSpec("mixtral-8x7b", 32000, 4096, 32, 32, 8, 14336, gated=True, tied=False,
                        seq=4096, context=32768, experts=8, top_k=2, moe_ffn=14336),
        TransformerSpec("qwen3-30b-a3b", 151936, 2048, 48, 32, 4, 6144, gated=True, tied=False,
                        seq=4096, context=40960, head_size=128, qk_norm=True, experts=128,
                        top_k=8, moe_ffn=768),
        TransformerSpec("qwen3-235b-a22b", 151936, 4096, 94, 64, 4, 12288, gated=True,
                        tied=False, seq=4096, context=40960, head_size=128, qk_norm=True,
                        experts=128, top_k=8, moe_ffn=1536),
        TransformerSpec("deepseek-v3", 129280, 7168, 61, 128, 128, 18432, gated=True, tied=False,
                        seq=4096, context=163840, experts=256, top_k=8, moe_ffn=2048,
                        shared_experts=1, dense_layers=3, q_lora_rank=1536, kv_lora_rank=512,
                        qk_nope_head_dim=128, qk_rope_head_dim=64, v_head_dim=128),
    )
}  # fmt: skip


def preset(name: str) -> TransformerSpec:
    """A preset by name; the error lists the known ones."""
    try:
        return PRESETS[name.strip().lower()]
    except KeyError:
        raise InputError(
            translate(
                "Memory",
                "model: unknown preset {name}; allowed: {presets}, mlp:d=D,layers=L or "
                "transformer:d=...,layers=...",
            ).format(name=brief(name), presets=", ".join(PRESETS)),
            field="model",
        ) from None


_MLP_KEYS = {"d", "layers"}
#: The mixture-of-experts and latent-attention keys of ``transformer:`` and the Plan's ``--dims``.
MOE_KEYS: tuple[str, ...] = (
    "experts", "top_k", "moe_ffn", "shared_experts", "shared_ffn", "dense_layers", "moe_every",
    "q_lora_rank", "kv_lora_rank", "qk_nope_head_dim", "qk_rope_head_dim", "v_head_dim",
    "head_dim", "window", "window_layers",
)  # fmt: skip
_TF_KEYS = {"vocab", "d", "layers", "heads", "kv_heads", "ffn", "gated", "tied", "seq", "norm",
            *MOE_KEYS}  # fmt: skip


def moe_options(values: dict[str, str], where: str = "model") -> dict[str, Any]:
    """The :class:`TransformerSpec` fields of the :data:`MOE_KEYS` in ``values`` (text), each a
    whole number (0 allowed); ``head_dim`` becomes ``head_size``. The spec itself checks that
    they fit together (``top_k`` ≤ ``experts``, ``moe_ffn`` with experts, ...)."""
    out: dict[str, Any] = {}
    for key in MOE_KEYS:
        if key in values:
            low = 1 if key == "moe_every" else 0
            field = "head_size" if key == "head_dim" else key
            out[field] = positive_int(values[key], f"{where} {key}", low=low, high=LIMITS["ffn"])
    return out


_BOOL = {"1": True, "true": True, "yes": True, "0": False, "false": False, "no": False}


def _options(text: str, allowed: set[str], what: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for part in split_list(text, "model", example="mlp:d=4096,layers=8"):
        key, sep, value = part.partition("=")
        key = key.strip().lower()
        if not sep or key not in allowed:
            raise InputError(
                translate(
                    "Memory",
                    "model: {part} is not an option of {what}; allowed: {keys} as key=value "
                    "separated by commas",
                ).format(part=brief(part), what=what, keys=", ".join(sorted(allowed))),
                field="model",
            )
        out[key] = value.strip()
    return out


def parse_model(text: str) -> ModelSpec:
    """Parse a model description: a preset name, ``mlp:d=4096,layers=8`` or ``transformer:...``.

    ``transformer:`` takes ``d, layers, heads`` (required) and ``vocab`` (32000), ``kv_heads``
    (= heads), ``ffn`` (4·d, or 8/3·d rounded to 256 when gated), ``gated`` (true), ``tied``
    (false), ``norm`` (rmsnorm), ``seq`` (2048), and for a mixture of experts or latent
    attention the :data:`MOE_KEYS` (``experts=8,top_k=2,moe_ffn=14336``; see
    :class:`TransformerSpec`).
    """
    if not isinstance(text, str) or not text.strip():
        raise InputError(
            translate(
                "Memory", "model: empty; allowed: a preset ({presets}) or mlp:d=4096,layers=8"
            ).format(presets=", ".join(PRESETS)),
            field="model",
        )
    kind, sep, rest = text.strip().partition(":")
    kind = kind.lower()
    if not sep:
        return preset(kind)
    if kind == "mlp":
        opts = _options(rest, _MLP_KEYS, "mlp")
        missing = _MLP_KEYS - set(opts)
        if missing:
            raise InputError(
                translate("Memory", "model: mlp needs {keys}; e.g. mlp:d=4096,layers=8").format(
                    keys=", ".join(sorted(missing))
                ),
                field="model",
            )
        return MLPSpec(positive_int(opts["d"], "d", high=LIMITS["d"]),
                       positive_int(opts["layers"], "layers", high=LIMITS["layers"]))  # fmt: skip
    if kind == "transformer":
        opts = _options(rest, _TF_KEYS, "transformer")
        for key in ("d", "layers", "heads"):
            if key not in opts:
                raise InputError(
                    translate(
                        "Memory",
                        "model: transformer needs {key}=...; e.g. "
                        "transformer:d=2048,layers=24,heads=16",
                    ).format(key=key),
                    field="model",
                )
        bools = {}
        for key, default in (("gated", True), ("tied", False)):
            raw = opts.get(key, str(default)).lower()
            if raw not in _BOOL:
                raise InputError(
                    translate("Memory", "model: {key}={value}; allowed: true or false").format(
                        key=key, value=brief(raw)
                    ),
                    field="model",
                )
            bools[key] = _BOOL[raw]
        d = positive_int(opts["d"], "d", high=LIMITS["d"])
        heads = positive_int(opts["heads"], "heads", high=LIMITS["heads"])
        default_ffn = (8 * d // 3 + 255) // 256 * 256 if bools["gated"] else 4 * d
        return TransformerSpec(
            name="custom",
            vocab=positive_int(opts.get("vocab", 32000), "vocab", high=LIMITS["vocab"]),
            d_model=d,
            layers=positive_int(opts["layers"], "layers", high=LIMITS["layers"]),
            heads=heads,
            kv_heads=positive_int(opts.get("kv_heads", heads), "kv_heads", high=LIMITS["heads"]),
            ffn=positive_int(opts.get("ffn", default_ffn), "ffn", high=LIMITS["ffn"]),
            gated=bools["gated"],
            tied=bools["tied"],
            norm=opts.get("norm", "rmsnorm").lower(),
            seq=positive_int(opts.get("seq", 2048), "seq", high=LIMITS["seq"]),
            **moe_options(opts),
        )
    if re.fullmatch(r"[\w.-]+", kind):
        raise InputError(
            translate(
                "Memory",
                "model: unknown kind {kind}; allowed: mlp:..., transformer:... or a preset",
            ).format(kind=brief(kind)),
            field="model",
        )
    raise InputError(
        translate("Memory", "model: cannot read {text}; e.g. mlp:d=4096,layers=8").format(
            text=brief(text)
        ),
        field="model",
    )
