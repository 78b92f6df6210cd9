"""The real ``nn.Module`` for a model spec, and the optimizer a recipe implies.

torch is imported inside :func:`build_module` and :func:`build_optimizer` only. The classes are
made on first use and cached, so importing this module costs nothing.

The modules follow the shapes of :mod:`core.memory.models` with ordinary torch building blocks
(``nn.Linear``, ``nn.Embedding``, ``nn.LayerNorm``/``nn.RMSNorm``, ``F.scaled_dot_product_attention``
with ``enable_gqa`` or an explicit softmax when flash attention is off). Their ``numel`` sum is the
independent check of the parameter-count formulas.

A mixture of experts is built with its router and its experts as grouped weights, run under
balanced routing (every expert gets ``tokens·top_k/experts`` rows: a data-dependent dispatch has
no shape on fake tensors); latent attention (MLA) as transformers builds it, its values padded to
the query-key width for fused attention as transformers' flash path does.
"""

from __future__ import annotations

import math
from functools import cache
from typing import TYPE_CHECKING, Any

from core.memory.activations import Checkpoint
from core.memory.models import MLPSpec, ModelSpec, TransformerSpec
from core.memory.recipes import Optimizer, Recipe

if TYPE_CHECKING:
    from core.memory.estimate import MemoryConfig

__all__ = [
    "RECORDED_NAMESPACES",
    "autocast",
    "build_module",
    "build_optimizer",
    "build_step",
    "make_batch",
    "newton_schulz",
    "optimizer_class",
]


#: Op namespaces the traces record: torch's own, and this module's stand-ins for CUDA kernels.
RECORDED_NAMESPACES = ("aten", "napkinlab")


@cache
def _rms_norm_ops() -> tuple[Any, Any]:
    """Shape-only stand-ins for CUDA's fused RMSNorm kernels, as two custom ops
    (``napkinlab::_fused_rms_norm`` and its backward, recorded by the traces like aten's): forward
    reads the input and the weight and writes the output and an fp32 rstd per row; backward reads
    the output gradient, the input, the rstd and the weight and writes the input's and the
    weight's gradients (what ``aten._fused_rms_norm`` and ``_fused_rms_norm_backward`` do on
    CUDA; on a CPU build, under fake tensors, torch decomposes those into fp32 ops instead). Made
    once per process."""
    import torch

    # explicit schemas: this module's annotations are strings (``from __future__``)
    @torch.library.custom_op("napkinlab::_fused_rms_norm", mutates_args=(),
                             schema="(Tensor x, Tensor weight) -> (Tensor, Tensor)")  # fmt: skip
    def fwd(x: Any, weight: Any) -> tuple[Any, Any]:
        raise NotImplementedError("shape-only stand-in: used under FakeTensorMode alone")

    @fwd.register_fake
    def _fwd_fake(x: Any, weight: Any) -> tuple[Any, Any]:
        return torch.empty_like(x), x.new_empty((*x.shape[:-1], 1), dtype=torch.float32)

    @torch.library.custom_op(
        "napkinlab::_fused_rms_norm_backward", mutates_args=(),
        schema="(Tensor grad, Tensor x, Tensor rstd, Tensor weight) -> (Tensor, Tensor)",
    )  # fmt: skip
    def bwd(grad: Any, x: Any, rstd: Any, weight: Any) -> tuple[Any, Any]:
        raise NotImplementedError("shape-only stand-in: used under FakeTensorMode alone")

    @bwd.register_fake
    def _bwd_fake(grad: Any, x: Any, rstd: Any, weight: Any) -> tuple[Any, Any]:
        return torch.empty_like(x), torch.empty_like(weight)

    return fwd, bwd


@cache
def _classes() -> dict[str, Any]:
    import torch
    import torch.nn.functional as F
    from torch import nn
    from torch.utils.checkpoint import checkpoint as ckpt

    def run_layers(layers: Any, x: Any, segment: int, reentrant: bool) -> Any:
        if segment == 0:
            for layer in layers:
                x = layer(x)
            return x

        def run(start: int, stop: int, h: Any) -> Any:
            for layer in layers[start:stop]:
                h = layer(h)
            return h

        for start in range(0, len(layers), segment):
            stop = min(start + segment, len(layers))
            x = ckpt(run, start, stop, x, use_reentrant=reentrant)
        return x

    def drop(x: Any, p: float, training: bool, cuda: bool = False) -> Any:
        # No dropout op at all when p = 0: torch would still make (and keep) a mask.
        if not (p > 0 and training):
            return x
        return _CudaDropout.apply(x, p) if cuda else F.dropout(x, p, training)

    # Stand-ins that keep for backward exactly what the CUDA kernels keep (read on an H200 with
    # torch 2.11 through saved_tensors_hooks), for tracing a CUDA target on a CPU build, where
    # fake CUDA tensors cannot run. They compute shapes only: used under FakeTensorMode alone.
    rms_fwd, rms_bwd = _rms_norm_ops()

    class _CudaRMSNorm(torch.autograd.Function):
        """Fused CUDA RMSNorm: keeps the input, the weight and an fp32 rstd per row. Forward and
        backward each dispatch one op named as torch's fused kernels are (``_fused_rms_norm``,
        ``_fused_rms_norm_backward``), so a trace sees the kernel's reads as well as its writes."""

        @staticmethod
        def forward(ctx: Any, x: Any, weight: Any) -> Any:
            out, rstd = rms_fwd(x, weight)
            ctx.save_for_backward(x, weight, rstd)
            return out

        @staticmethod
        def backward(ctx: Any, grad: Any) -> Any:
            x, weight, rstd = ctx.saved_tensors
            return rms_bwd(grad, x, rstd, weight)

    class _CudaDropout(torch.autograd.Function):
        """CUDA dropout: keeps a 1-byte (bool) mask, whatever the input dtype."""

        @staticmethod
        def forward(ctx: Any, x: Any, p: float) -> Any:
            ctx.save_for_backward(torch.empty(x.shape, dtype=torch.bool, device=x.device))
            return torch.empty_like(x)

        @staticmethod
        def backward(ctx: Any, grad: Any) -> Any:
            return torch.empty_like(grad), None

    class _CudaAttention(torch.autograd.Function):
        """CUDA fused attention with dropout: keeps q, k, v, the output and an fp32
        log-sum-exp per row (no s² tensor; the CPU math fallback keeps several)."""

        @staticmethod
        def forward(ctx: Any, q: Any, k: Any, v: Any) -> Any:
            rep = q.shape[1] // k.shape[1]
            ke, ve = (k, v) if rep == 1 else (k.repeat_interleave(rep, 1),
                                              v.repeat_interleave(rep, 1))  # fmt: skip
            out, _ = torch.ops.aten._scaled_dot_product_flash_attention_for_cpu(
                q, ke, ve, 0.0, True
            )
            lse = q.new_empty(q.shape[:-1], dtype=torch.float32)
            ctx.save_for_backward(q, k, v, out, lse)
            return out

        @staticmethod
        def backward(ctx: Any, grad: Any) -> Any:
            q, k, v, out, lse = ctx.saved_tensors
            rep = q.shape[1] // k.shape[1]
            ke, ve = (k, v) if rep == 1 else (k.repeat_interleave(rep, 1),
                                              v.repeat_interleave(rep, 1))  # fmt: skip
            gq, gk, gv = torch.ops.aten._scaled_dot_product_flash_attention_for_cpu_backward(
                grad, q, ke, ve, out, lse, 0.0, True
            )
            if rep > 1:
                b, h, s, d = k.shape
                gk = gk.view(b, h, rep, s, d).sum(2)
                gv = gv.view(b, h, rep, s, v.shape[-1]).sum(2)
            return gq, gk, gv

    class CudaRMSNorm(nn.RMSNorm):
        def forward(self, x: Any) -> Any:
            return _CudaRMSNorm.apply(x, self.weight)

    class Block(nn.Module):
        """The lecture's block: ``x @ W`` then ReLU."""

        def __init__(self, dim: int) -> None:
            super().__init__()
            self.weight = nn.Parameter(torch.randn(dim, dim) / math.sqrt(dim))

        def forward(self, x: Any) -> Any:
            return F.relu(x @ self.weight)

    class DeepNetwork(nn.Module):
        """The lecture's deep network of ``L`` blocks; loss = mean of the output."""

        def __init__(self, spec: MLPSpec, segment: int) -> None:
            super().__init__()
            self.layers = nn.ModuleList([Block(spec.d) for _ in range(spec.layers)])
            self.segment = segment

        def forward(self, x: Any) -> Any:
            # The input needs no gradient, so reentrant checkpointing would drop the first
            # segment's weight gradients: use the non-reentrant form here.
            return run_layers(self.layers, x, self.segment, reentrant=False).mean()

    class Attention(nn.Module):
        def __init__(
            self, spec: TransformerSpec, flash: bool, dropout: float, cuda: bool = False
        ) -> None:
            super().__init__()
            d, kv, qd = spec.d_model, spec.kv_dim, spec.q_dim
            self.heads, self.kv_heads, self.hd = spec.heads, spec.kv_heads, spec.head_dim
            self.q = nn.Linear(d, qd, bias=bool(spec.qkv_bias))
            self.k = nn.Linear(d, kv, bias=bool(spec.qkv_bias))
            self.v = nn.Linear(d, kv, bias=bool(spec.qkv_bias))
            self.o = nn.Linear(qd, d, bias=bool(spec.out_bias))
            # Qwen3's RMSNorm over each head's query and key
            self.q_norm = norm(spec, cuda, spec.head_dim) if spec.qk_norm else None
            self.k_norm = norm(spec, cuda, spec.head_dim) if spec.qk_norm else None
            self.flash, self.p, self.emulate_cuda = flash, dropout, cuda
            self.rope = spec.max_pos == 0
            # Set by the model once per forward and shared by every layer, as Llama code shares
            # its rotary cos/sin and its causal mask (made per layer they would add s·hd and s²
            # tensors to every layer's saved activations).
            self.shared: dict[str, Any] = {}

        def forward(self, x: Any) -> Any:
            b, s, _ = x.shape
            q = self.q(x).view(b, s, self.heads, self.hd)
            k = self.k(x).view(b, s, self.kv_heads, self.hd)
            if self.q_norm is not None and self.k_norm is not None:
                q, k = self.q_norm(q), self.k_norm(k)
            q, k = q.transpose(1, 2), k.transpose(1, 2)
            v = self.v(x).view(b, s, self.kv_heads, self.hd).transpose(1, 2)
            if self.rope:
                cos, sin = self.shared["cos"], self.shared["sin"]
                q, k = _rope(q, cos, sin), _rope(k, cos, sin)
            if self.flash and self.emulate_cuda and self.p > 0 and self.training:
                y = _CudaAttention.apply(q, k, v)
            elif self.flash:
                y = F.scaled_dot_product_attention(
                    q, k, v, is_causal=True, dropout_p=self.p if self.training else 0.0,
                    enable_gqa=self.kv_heads != self.heads,
                )  # fmt: skip
            else:
                if self.kv_heads != self.heads:
                    rep = self.heads // self.kv_heads
                    k, v = k.repeat_interleave(rep, dim=1), v.repeat_interleave(rep, dim=1)
                scores = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(self.hd))
                probs = scores.masked_fill(self.shared["mask"], float("-inf")).softmax(-1)
                probs = drop(probs, self.p, self.training, self.emulate_cuda)
                y = probs @ v
            return self.o(y.transpose(1, 2).reshape(b, s, self.heads * self.hd))

    class LatentAttention(nn.Module):
        """Multi-head latent attention (DeepSeek-V2/V3), as transformers builds it: queries
        through a low-rank bottleneck (or one projection), keys and values from a normalised
        latent, a rotary key shared by the heads. With fused attention the values are padded to
        the query-key width, as transformers' flash-attention path does (the fused kernels take
        one head width), and the output cut back to ``v_head_dim``."""

        def __init__(
            self, spec: TransformerSpec, flash: bool, dropout: float, cuda: bool = False
        ) -> None:
            super().__init__()
            d, h = spec.d_model, spec.heads
            self.heads, self.nope, self.hd = h, spec.qk_nope_head_dim, spec.qk_rope_head_dim
            self.qk, self.vd, self.rank = self.nope + self.hd, spec.v_head_dim, spec.kv_lora_rank
            bias = bool(spec.qkv_bias)
            if spec.q_lora_rank:
                self.q_a = nn.Linear(d, spec.q_lora_rank, bias=bias)
                self.q_norm = norm(spec, cuda, spec.q_lora_rank)
                self.q_b = nn.Linear(spec.q_lora_rank, h * self.qk, bias=False)
            else:
                self.q = nn.Linear(d, h * self.qk, bias=False)
            self.kv_a = nn.Linear(d, self.rank + self.hd, bias=bias)
            self.kv_norm = norm(spec, cuda, self.rank)
            self.kv_b = nn.Linear(self.rank, h * (self.nope + self.vd), bias=False)
            self.o = nn.Linear(h * self.vd, d, bias=bool(spec.out_bias))
            self.flash, self.p, self.emulate_cuda = flash, dropout, cuda
            self.shared: dict[str, Any] = {}

        def forward(self, x: Any) -> Any:
            b, s, _ = x.shape
            h = self.heads
            q = self.q_b(self.q_norm(self.q_a(x))) if hasattr(self, "q_a") else self.q(x)
            q = q.view(b, s, h, self.qk).transpose(1, 2)
            q_nope, q_rot = q.split([self.nope, self.hd], -1)
            latent, k_rot = self.kv_a(x).split([self.rank, self.hd], -1)
            kv = self.kv_b(self.kv_norm(latent)).view(b, s, h, self.nope + self.vd).transpose(1, 2)
            k_nope, v = kv.split([self.nope, self.vd], -1)
            cos, sin = self.shared["cos"], self.shared["sin"]
            q_rot = _rope(q_rot, cos, sin)
            k_rot = _rope(k_rot.view(b, 1, s, self.hd), cos, sin).expand(b, h, s, self.hd)
            q, k = torch.cat([q_nope, q_rot], -1), torch.cat([k_nope, k_rot], -1)
            if self.flash:
                if self.vd != self.qk:
                    v = F.pad(v, (0, self.qk - self.vd))
                if self.emulate_cuda and self.p > 0 and self.training:
                    y = _CudaAttention.apply(q, k, v)
                else:
                    y = F.scaled_dot_product_attention(
                        q, k, v, is_causal=True, dropout_p=self.p if self.training else 0.0
                    )
                y = y[..., : self.vd]
            else:
                scores = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(self.qk))
                probs = scores.masked_fill(self.shared["mask"], float("-inf")).softmax(-1)
                probs = drop(probs, self.p, self.training, self.emulate_cuda)
                y = probs @ v
            return self.o(y.transpose(1, 2).reshape(b, s, h * self.vd))

    def _rope(t: Any, cos: Any, sin: Any) -> Any:
        half = t.shape[-1] // 2
        rotated = torch.cat([-t[..., half:], t[..., :half]], -1)
        return t * cos + rotated * sin

    def _shared(s: int, hd: int, dtype: Any, device: Any, mask: bool) -> dict[str, Any]:
        # Rotary cos/sin (no parameters, like Llama's buffers) and the causal mask.
        pos = torch.arange(s, device=device, dtype=torch.float32)
        inv = 1.0 / (10000 ** (torch.arange(0, hd, 2, device=device).float() / hd))
        ang = torch.outer(pos, inv)
        cos, sin = ang.cos().to(dtype), ang.sin().to(dtype)
        out = {"cos": torch.cat([cos, cos], -1), "sin": torch.cat([sin, sin], -1)}
        if mask:
            out["mask"] = torch.ones(s, s, dtype=torch.bool, device=device).triu(1)
        return out

    class MLP(nn.Module):
        def __init__(self, spec: TransformerSpec, width: int = 0, bias: bool | None = None) -> None:
            super().__init__()
            d, f = spec.d_model, width or spec.ffn
            bias = bool(spec.mlp_bias) if bias is None else bias
            self.gated = spec.gated
            self.up = nn.Linear(d, f, bias=bias)
            if spec.gated:
                self.gate = nn.Linear(d, f, bias=bias)
            self.down = nn.Linear(f, d, bias=bias)

        def forward(self, x: Any) -> Any:
            if self.gated:
                return self.down(F.silu(self.gate(x)) * self.up(x))
            return self.down(F.gelu(self.up(x)))

    class _Exchange(torch.autograd.Function):
        """An all-to-all (with ETP's all-gather or reduce-scatter) seen from one rank: a fresh
        tensor of the rows it receives, nothing kept; its backward the mirror image. Shapes
        only (the values are not exchanged): for tracing one expert-parallel rank."""

        @staticmethod
        def forward(ctx: Any, x: Any, rows: int) -> Any:
            ctx.sent = x.shape[0]
            return x.new_empty((rows, x.shape[1]))

        @staticmethod
        def backward(ctx: Any, grad: Any) -> Any:
            return grad.new_empty((ctx.sent, grad.shape[1])), None

    class Route(nn.Module):
        """The router's choice after its linear: softmax in fp32 and the top-k weights (a
        module of its own, without parameters, so the Step names its ops ``route``)."""

        def __init__(self, top_k: int) -> None:
            super().__init__()
            self.top_k = top_k

        def forward(self, logits: Any) -> Any:
            weights, _ = logits.float().softmax(-1).topk(self.top_k, -1)
            return weights

    class Dispatch(nn.Module):
        """The permutation into expert order: each token copied ``top_k`` times and dealt to
        the experts in equal groups, padded to a whole number per expert; on one
        expert-parallel rank the kept copies are sent and the rank's rows received
        (:class:`_Exchange`). Returns ``[local experts, rows each, d]``."""

        def __init__(self, spec: TransformerSpec, local: int, layout: Any) -> None:
            super().__init__()
            self.spec, self.local, self.layout = spec, local, layout

        def forward(self, flat: Any) -> Any:
            rows = flat.repeat_interleave(self.spec.top_k, 0)
            if self.layout is not None:
                from core.memory.expert_parallel import routing

                route = routing(self.spec, flat.shape[0], self.layout)
                sent = round(route.computed)
                if sent < rows.shape[0]:  # the capacity's dropped copies stay behind
                    rows = rows[:sent]
                rows = _Exchange.apply(rows, round(route.received))
            per = -(-rows.shape[0] // self.local)
            pad = per * self.local - rows.shape[0]
            if pad:
                rows = F.pad(rows, (0, 0, 0, pad))
            return rows.view(self.local, per, rows.shape[-1])

    class Combine(nn.Module):
        """The permutation back: the experts' rows without their padding (on an
        expert-parallel rank sent back through :class:`_Exchange`), weighted by the top-k
        weights and summed per token."""

        def __init__(self, spec: TransformerSpec, layout: Any) -> None:
            super().__init__()
            self.spec, self.layout = spec, layout

        def forward(self, out: Any, weights: Any, t: int) -> Any:
            k, d = self.spec.top_k, out.shape[-1]
            sent = t * k
            if self.layout is None:
                out = out.reshape(-1, d)[:sent]
            else:
                from core.memory.expert_parallel import routing

                route = routing(self.spec, t, self.layout)
                received, sent = round(route.received), round(route.computed)
                out = _Exchange.apply(out.reshape(-1, d)[:received], sent)
            w = weights.to(out.dtype)
            if sent == t * k:
                return (out.view(t, k, d) * w.unsqueeze(-1)).sum(1)
            index = torch.arange(sent, device=out.device) // k
            return out.new_zeros(t, d).index_add(0, index, out * w.reshape(-1)[:sent, None])

    class MoE(nn.Module):
        """A mixture-of-experts MLP under balanced routing: the router's top-k choice is made
        (softmax in fp32, top-k: :class:`Route`), then the ``tokens·top_k`` rows are dealt to
        the experts in equal groups (:class:`Dispatch`: a data-dependent gather has no shape on
        fake tensors; balanced routing gives every expert ``tokens·top_k/experts`` rows, padded
        to a whole number), run as one grouped GEMM per projection (``bmm``, in this module)
        and combined with the top-k weights (:class:`Combine`). Shared experts are one MLP of
        their summed width (the same parameters and tensors as ``S`` of them).

        With ``layout`` (:class:`core.memory.expert_parallel.ExpertLayout`) the module is one
        expert-parallel rank's share: ``E/EP`` experts at ``1/ETP`` of their width, the rows it
        keeps under the capacity factor sent and ``ETP·T·k·κ`` received through
        :class:`_Exchange` (dispatch), and as many sent back (combine)."""

        def __init__(self, spec: TransformerSpec, layout: Any = None) -> None:
            super().__init__()
            if layout is not None and not (layout.parallel or layout.capacity_factor is not None):
                layout = None
            ep, etp = (layout.ep, layout.etp) if layout is not None else (1, 1)
            d, e, f = spec.d_model, spec.experts // ep, spec.moe_ffn // etp
            self.experts, self.top_k, self.gated = e, spec.top_k, spec.gated
            self.router = nn.Linear(d, spec.experts, bias=spec.router_bias)  # whole on every rank
            self.route = Route(spec.top_k)
            self.dispatch = Dispatch(spec, e, layout)
            self.combine = Combine(spec, layout)
            self.up = nn.Parameter(torch.randn(e, d, (2 if spec.gated else 1) * f) / math.sqrt(d))
            self.down = nn.Parameter(torch.randn(e, f, d) / math.sqrt(f))
            width = spec.shared_experts * (spec.shared_ffn or spec.moe_ffn)
            self.shared = MLP(spec, width, False) if width else None
            self.shared_gate = nn.Linear(d, 1, bias=False) if spec.shared_gate else None

        def forward(self, x: Any) -> Any:
            b, s, d = x.shape
            t = b * s
            flat = x.reshape(t, d)
            weights = self.route(self.router(flat))
            h = torch.bmm(self.dispatch(flat), self.up)
            if self.gated:
                g, u = h.chunk(2, -1)
                h = F.silu(g) * u
            else:
                h = F.gelu(h)
            y = self.combine(torch.bmm(h, self.down), weights, t)
            if self.shared is not None:
                extra = self.shared(flat)
                if self.shared_gate is not None:
                    extra = torch.sigmoid(self.shared_gate(flat)) * extra
                y = y + extra
            return y.view(b, s, d)

    def norm(spec: TransformerSpec, cuda: bool = False, dim: int = 0) -> Any:
        if spec.norm == "layernorm":
            return nn.LayerNorm(dim or spec.d_model)
        return (CudaRMSNorm if cuda else nn.RMSNorm)(dim or spec.d_model, eps=1e-5)

    class Layer(nn.Module):
        def __init__(
            self, spec: TransformerSpec, flash: bool, dropout: float, cuda: bool = False,
            index: int = 0, layout: Any = None,
        ) -> None:  # fmt: skip
            super().__init__()
            attention = LatentAttention if spec.is_mla else Attention
            self.norm1, self.attn = norm(spec, cuda), attention(spec, flash, dropout, cuda)
            self.norm2 = norm(spec, cuda)
            self.mlp = MoE(spec, layout) if spec.is_moe_layer(index) else MLP(spec)
            self.p, self.emulate_cuda = dropout, cuda

        def forward(self, x: Any) -> Any:
            x = x + drop(self.attn(self.norm1(x)), self.p, self.training, self.emulate_cuda)
            return x + drop(self.mlp(self.norm2(x)), self.p, self.training, self.emulate_cuda)

    class TiedHead(nn.Module):
        """The LM head of a model whose head shares the embedding's weight: a module of its own
        (so its ops are named ``lm_head``, as Hugging Face models name theirs) that holds no
        parameter (the embedding keeps it, and its gradient)."""

        def __init__(self, embed: Any) -> None:
            super().__init__()
            self.__dict__["embed"] = embed  # read, never registered: one owner of the weight

        def forward(self, x: Any) -> Any:
            return F.linear(x, self.embed.weight)

    class Transformer(nn.Module):
        """Decoder-only transformer; forward(tokens, targets) returns the cross-entropy loss."""

        def __init__(
            self, spec: TransformerSpec, flash: bool, dropout: float, segment: int,
            cuda: bool = False, layout: Any = None,
        ) -> None:  # fmt: skip
            super().__init__()
            self.embed = nn.Embedding(spec.vocab, spec.d_model)
            self.pos = nn.Embedding(spec.max_pos, spec.d_model) if spec.max_pos else None
            self.layers = nn.ModuleList(
                Layer(spec, flash, dropout, cuda, i, layout) for i in range(spec.layers)
            )
            self.norm = norm(spec, cuda)
            self.lm_head = (
                TiedHead(self.embed)
                if spec.tied
                else nn.Linear(spec.d_model, spec.vocab, bias=False)
            )
            self.segment, self.p, self.emulate_cuda = segment, dropout, cuda

        def forward(self, tokens: Any, targets: Any) -> Any:
            x = self.embed(tokens)
            attns: list[Any] = [layer.attn for layer in self.layers]
            shared = _shared(tokens.shape[1], attns[0].hd, x.dtype, x.device, not attns[0].flash)
            for attn in attns:
                attn.shared = shared
            if self.pos is not None:
                x = x + self.pos(torch.arange(tokens.shape[1], device=tokens.device))
            x = drop(x, self.p, self.training, self.emulate_cuda)
            # Reentrant checkpointing: under the memory tracker's module hooks the non-reentrant
            # form keeps recomputed activations alive until the end of backward.
            x = self.norm(run_layers(self.layers, x, self.segment, reentrant=True))
            logits = self.lm_head(x).float()
            return F.cross_entropy(logits.view(-1, logits.shape[-1]), targets.view(-1))

    return {"DeepNetwork": DeepNetwork, "Transformer": Transformer}


def build_module(
    spec: ModelSpec,
    *,
    policy: Checkpoint | None = None,
    flash: bool = True,
    dropout: bool = False,
    emulate: str | None = None,
    experts: Any = None,
) -> Any:
    """A real ``nn.Module`` for ``spec`` on the current default device and dtype.

    Build it under ``torch.device("meta")`` to count parameters without memory, or under
    ``FakeTensorMode`` to trace a step. ``emulate="cuda"`` swaps RMSNorm, dropout and attention
    with dropout for stand-ins that keep what the CUDA kernels keep for backward (shapes only:
    for tracing a CUDA target under ``FakeTensorMode`` on any build). ``experts``
    (:class:`core.memory.expert_parallel.ExpertLayout`) builds one expert-parallel rank's share
    of a mixture of experts (shapes only: for tracing).
    """
    if emulate not in (None, "cuda"):
        raise ValueError(f"emulate: {emulate!r}; allowed: None or 'cuda'")
    segment = (policy or Checkpoint("none")).segment(spec.layers)
    classes = _classes()
    if isinstance(spec, MLPSpec):
        return classes["DeepNetwork"](spec, segment)
    model = classes["Transformer"](spec, flash, 0.1 if dropout else 0.0, segment,
                                   emulate == "cuda", experts)  # fmt: skip
    # the tables Muon leaves to its scalar optimizer (Megatron-Core's _is_muon_excluded)
    for table in (model.embed, model.pos, model.lm_head):  # a tied head holds no weight
        weight = getattr(table, "weight", None) if table is not None else None
        if weight is not None:
            weight.napkin_embedding = True
    return model


def build_step(
    cfg: MemoryConfig, *, emulate_kernels: bool = True
) -> tuple[Any, Any, tuple[Any, ...]]:
    """One training step's parts for ``cfg``: the model in training mode, its optimizer and one
    micro-batch of inputs, built as the trace, the measured step and their benchmarks build them.

    Call it where the tensors should live (under ``FakeTensorMode`` or ``torch.device(...)``) with
    torch's default dtype set to the weights' (``cfg.recipe.params``). ``emulate_kernels`` keeps
    what CUDA's kernels keep when ``cfg.kernels`` says CUDA (:func:`build_module`'s ``emulate``);
    a step that really runs passes ``False`` and gets the kernels of the device it runs on.
    """
    emulate = "cuda" if emulate_kernels and cfg.kernels == "cuda" else None
    model = build_module(cfg.model, policy=cfg.checkpoint, flash=cfg.flash, dropout=cfg.dropout,
                         emulate=emulate, experts=cfg.experts)  # fmt: skip
    model.train()
    opt = build_optimizer(model.parameters(), cfg.recipe, cfg.optimizer)
    return model, opt, make_batch(cfg.model, cfg.micro, cfg.seq_len)


def autocast(rec: Recipe, device_type: str) -> Any:
    """The autocast a recipe implies on ``device_type`` (``"cpu"`` or ``"cuda"``).

    Mixed recipes (activations in another dtype than the weights, e.g. fp32 weights with bf16
    activations) compute under ``torch.autocast``; others run as they are. The trace and the
    real CUDA step share this, so they compute in the same dtypes.
    """
    from contextlib import nullcontext

    import torch

    dtypes = {"fp32": torch.float32, "bf16": torch.bfloat16, "fp16": torch.float16}
    if rec.acts != rec.params and rec.acts in dtypes:
        return torch.autocast(device_type, dtype=dtypes[rec.acts])
    return nullcontext()


def make_batch(spec: ModelSpec, batch: int, seq: int) -> tuple[Any, ...]:
    """Inputs for one forward: ``(x,)`` for the MLP, ``(tokens, targets)`` for a transformer."""
    import torch

    if isinstance(spec, MLPSpec):
        return (torch.randn(batch, spec.d),)
    tokens = torch.randint(0, spec.vocab, (batch, seq))
    return tokens, torch.randint(0, spec.vocab, (batch, seq))


def build_optimizer(params: Any, rec: Recipe, opt: Optimizer) -> Any:
    """An optimizer that keeps exactly the recipe's state: dtype per tensor, optional master copy.

    torch.optim keeps its state in the parameter's dtype; the lecture's bf16 recipe keeps fp32
    moments, so the state is made here, eagerly, in ``rec.state`` (and ``rec.master``). The update
    is a plain in-place rule per parameter (what a fused kernel does), so the step adds no
    full-model temporaries.
    """
    return optimizer_class(rec, opt)(params)


#: Newton–Schulz quintic coefficients (Emerging-Optimizers' "quintic" set, Muon's default).
_NS_QUINTIC = (3.4445, -4.7750, 2.0315)


def newton_schulz(momentum: Any, steps: int = 5) -> Any:
    """Muon's orthogonalization of a momentum matrix (a stack of them for a 3-D tensor, one per
    expert), as Megatron-Core runs it (``core/plan/muon.py``): normalized in fp32, then ``steps``
    quintic iterations of BF16 GEMMs on the matrix turned to its shorter side, and back to the
    momentum's dtype."""
    import torch

    a, b, c = _NS_QUINTIC
    x = momentum.float()
    x = x / (x.norm(dim=(-2, -1), keepdim=True) + 1e-7)
    turn = x.shape[-2] > x.shape[-1]
    x = (x.mT if turn else x).to(torch.bfloat16)
    mm = torch.addmm if x.dim() == 2 else torch.baddbmm
    for _ in range(steps):
        gram = x @ x.mT
        poly = mm(gram, gram, gram, beta=b, alpha=c)
        x = mm(x, poly, x, beta=a, alpha=1.0)
    x = x.mT if turn else x
    return x.to(momentum.dtype)


def optimizer_class(rec: Recipe, opt: Optimizer) -> Any:
    """The class :func:`build_optimizer` instantiates (``ZeroRedundancyOptimizer`` wants a class)."""
    import torch

    dtypes = {"fp32": torch.float32, "bf16": torch.bfloat16, "fp16": torch.float16,
              "fp8": torch.float8_e4m3fn}  # fmt: skip

    class RecipeOptimizer(torch.optim.Optimizer):
        def __init__(self, params: Any, **_defaults: Any) -> None:
            super().__init__(params, {"lr": 1e-3})
            for group in self.param_groups:
                for p in group["params"]:
                    state = self.state[p]
                    if rec.master != "none":
                        state["master"] = p.detach().to(dtypes[rec.master], copy=True)
                    for name in opt.states:
                        state[name] = torch.zeros_like(p, dtype=dtypes[rec.state])

        @torch.no_grad()
        def step(self, closure: Any = None) -> None:  # type: ignore[override]
            for group in self.param_groups:
                for p in group["params"]:
                    if p.grad is None:
                        continue
                    state, g = self.state[p], p.grad
                    target = state.get("master", p)
                    for name in opt.states:
                        s = state[name]
                        if name in ("m", "momentum"):
                            s.mul_(0.9).add_(g)
                        else:
                            s.mul_(0.9).addcmul_(g, g)
                    if opt.states:
                        step = state[opt.states[0]]
                        if (
                            opt.id == "muon"
                            and p.dim() >= 2
                            and not getattr(p, "napkin_embedding", False)
                        ):
                            step = newton_schulz(step)
                        target.add_(step, alpha=-group["lr"])
                    else:
                        target.add_(g, alpha=-group["lr"])
                    if target is not p:
                        p.copy_(target)

    return RecipeOptimizer
