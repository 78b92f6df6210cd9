"""The training-memory estimate: one step's bytes per device, and the answers derived from it.

``estimate(config)`` adds up weights, gradients, optimizer state (all ``bytes/param × N``, sharded
by ZeRO; for a mixture of experts the routed experts apart, ``E/EP`` of them per GPU at ``1/ETP``
of their width, sharded by ZeRO over their own data-parallel group: :mod:`core.memory.expert_parallel`)
and activations (:mod:`core.memory.activations`, for one micro-batch). An *allowance* for
what no tensor accounting sees (CUDA context and library workspaces, allocator reserve and
fragmentation) is kept apart and labelled as such.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from core.echo import brief
from core.errors import InputError
from core.memory.activations import Checkpoint, activation_model, peak_moments, saved_bytes
from core.memory.expert_parallel import (
    ExpertLayout,
    check_layout,
    dispatch_buffer_bytes,
    expert_data_parallel,
    expert_params_local,
    expert_params_total,
    expert_state_bytes,
    routing,
    routing_text,
)
from core.memory.models import MLPSpec, ModelSpec, TransformerSpec, seq_limits
from core.memory.recipes import Optimizer, Recipe, optimizer, recipe
from core.roofline.utilization import utilization
from core.texts import Text, join_texts, translate
from core.units import format_bytes
from core.validate import positive_int

__all__ = [
    "CATEGORIES",
    "CONTEXT_BYTES",
    "KERNELS",
    "RESERVE_FRACTION",
    "Derived",
    "Estimate",
    "MemoryConfig",
    "allowance_breakdown",
    "derive",
    "estimate",
    "no_batch_reason",
]

#: Kernel families whose saved tensors the activation model follows (see
#: :mod:`core.memory.activations`): ``cuda`` (NVIDIA and AMD GPUs) or ``cpu``.
KERNELS: tuple[str, ...] = ("cuda", "cpu")

#: The stacked categories, bottom to top.
CATEGORIES: tuple[str, ...] = ("params", "grads", "optimizer", "activations")

#: Allowance for the CUDA context, cuBLAS/cuDNN workspaces and NCCL buffers (typical, varies).
CONTEXT_BYTES = 1.0e9
#: Allowance for the caching allocator's reserve and fragmentation, as a share of tensor bytes.
RESERVE_FRACTION = 0.10
#: What the CUDA runtime keeps besides tensors (the name a device of another family replaces).
CUDA_RUNTIME = "CUDA context and workspaces"


def allowance_breakdown(runtime: str = CUDA_RUNTIME) -> Text:
    """What the allowance stands for, with ``runtime`` naming the memory beyond tensors."""
    return translate(
        "Memory", "{runtime} ≈ {context} GB + allocator reserve ≈ {reserve} of tensor bytes"
    ).format(runtime=runtime, context=f"{CONTEXT_BYTES / 1e9:g}", reserve=f"{RESERVE_FRACTION:.0%}")


@dataclass(frozen=True)
class MemoryConfig:
    """Every input of the estimate, validated on construction.

    ``batch`` is per device; ``micro_batch`` (≤ batch, default = batch) is what one forward holds
    when gradients are accumulated over ``batch / micro_batch`` steps.
    """

    model: ModelSpec
    batch: int = 8
    seq: int | None = None
    micro_batch: int | None = None
    recipe: Recipe = field(default_factory=lambda: recipe("bf16"))
    optimizer: Optimizer = field(default_factory=lambda: optimizer("adam"))
    checkpoint: Checkpoint = field(default_factory=lambda: Checkpoint("none"))
    zero: int = 0
    gpus: int = 1
    flash: bool = True
    dropout: bool = False
    mlp_full: bool = False
    kernels: str = "cuda"
    ep: int = 1
    etp: int = 1
    capacity_factor: float | None = None

    def __post_init__(self) -> None:
        positive_int(self.batch, "batch", high=10**9)
        if self.micro_batch is not None:
            positive_int(self.micro_batch, "micro-batch", high=10**9)
            if self.micro_batch > self.batch or self.batch % self.micro_batch:
                raise InputError(
                    translate(
                        "Memory",
                        "micro-batch: {micro} does not divide the batch {batch}; allowed: a "
                        "divisor of the batch ({divisors})",
                    ).format(
                        micro=f"{self.micro_batch:,}",
                        batch=f"{self.batch:,}",
                        divisors=_divisors_text(self.batch),
                    ),
                    field="micro_batch",
                )
        if self.kernels not in KERNELS:
            raise InputError(
                translate(
                    "Memory",
                    "kernels: {kernels}; allowed: {allowed} (whose kernels decide what is saved "
                    "for backward)",
                ).format(kernels=brief(self.kernels), allowed=", ".join(KERNELS)),
                field="kernels",
            )
        if self.seq is not None:
            positive_int(self.seq, "seq", high=10_000_000)
        seq_limits(self.model, self.seq_len)  # refuses a sequence the model cannot take
        positive_int(self.gpus, "gpus", high=10_000_000)
        if self.zero not in (0, 1, 2, 3):
            raise InputError(
                translate(
                    "Memory",
                    "zero: {zero}; allowed: 0 (none), 1 (optimizer), 2 (+grads), 3 (+params, = FSDP)",
                ).format(zero=brief(self.zero)),
                field="zero",
            )
        check_layout(self.model, self.experts, self.gpus)

    @property
    def experts(self) -> ExpertLayout:
        """Expert parallelism, expert tensor parallelism and the capacity factor."""
        return ExpertLayout(self.ep, self.etp, self.capacity_factor)

    @property
    def warnings(self) -> tuple[Text, ...]:
        """What the inputs exceed without being refused (a rotary model's trained context)."""
        return seq_limits(self.model, self.seq_len)

    @property
    def micro(self) -> int:
        """Sequences (or rows) in one forward pass."""
        return self.micro_batch or self.batch

    @property
    def seq_len(self) -> int:
        """Sequence length (1 for the MLP, whose rows are single vectors)."""
        if isinstance(self.model, MLPSpec):
            return 1
        return self.seq or self.model.seq

    @property
    def accumulation(self) -> int:
        """Micro-batches per optimizer step (``batch / micro``, a whole number)."""
        return self.batch // self.micro


def _divisors_text(n: int) -> str:
    """The divisors of ``n`` for a message: all when few, else the first and last few."""
    small = [d for d in range(1, math.isqrt(n) + 1) if n % d == 0]
    found = sorted({*small, *(n // d for d in small)})
    if len(found) <= 8:
        return ", ".join(f"{d:,}" for d in found)
    return (
        ", ".join(f"{d:,}" for d in found[:4]) + ", …, " + ", ".join(f"{d:,}" for d in found[-2:])
    )


@dataclass(frozen=True)
class Estimate:
    """Bytes per device of one training step, with the formulas that produced them."""

    config: MemoryConfig
    param_count: int
    bytes: dict[str, float]
    formulas: dict[str, str]
    allowance: float
    allowance_text: str
    flops: float
    flops_text: str
    at_peak: dict[str, float] = field(default_factory=dict)
    peak_moment: str = ""
    model_flops: float = 0.0
    expert_state: dict[str, float] = field(default_factory=dict)
    dispatch_buffers: float = 0.0
    routing: dict[str, Any] = field(default_factory=dict)

    @property
    def total(self) -> float:
        """Weights + gradients + optimizer state + activations (the lecture's sum; the
        allowance and the temporaries excluded)."""
        return float(sum(self.bytes.values()))

    @property
    def temporaries(self) -> float:
        """Temporaries at the estimated peak (gradients of activations, the loss's gradients)."""
        return float(self.at_peak.get("temporaries", 0.0))

    @property
    def peak(self) -> float:
        """The estimated peak of the step: bytes alive at its fullest moment (the headline)."""
        return float(sum(self.at_peak.values())) if self.at_peak else self.total

    def stacked(self, peak: bool = False) -> dict[str, float]:
        """Bytes to stack, bottom to top: the four categories (``peak``: at the estimated peak,
        with the temporaries); for a mixture of experts the routed experts' weights, gradients
        and optimizer state are taken out of the first three as ``expert_state`` and the
        all-to-all's ``dispatch_buffers`` are their own (at the peak the experts' gradients
        alive are the same share of theirs as of all gradients)."""
        keys = (*CATEGORIES, "temporaries") if peak else CATEGORIES
        source = self.at_peak if peak else self.bytes
        out = {k: float(source.get(k, 0.0)) for k in keys}
        if not self.expert_state:
            return out
        expert = 0.0
        for k, part in self.expert_state.items():
            if k == "grads" and peak:
                whole = self.bytes["grads"]
                part *= min(1.0, out["grads"] / whole) if whole else 0.0
            out[k] -= part
            expert += part
        ordered = {k: out[k] for k in ("params", "grads", "optimizer")}
        ordered["expert_state"] = expert
        ordered["activations"] = out["activations"]
        if peak:
            ordered["dispatch_buffers"] = self.dispatch_buffers
            ordered["temporaries"] = out["temporaries"]
        return ordered

    def to_dict(self) -> dict[str, Any]:
        """JSON form: ``param_count`` (with ``params_total``, the same, and ``params_active``, the
        parameters one token uses: fewer for a mixture of experts), the categories, ``total``,
        ``temporaries``, ``peak`` (with ``peak_moment`` and ``at_peak``), the allowance, the
        kernels and FLOPs; for a mixture of experts ``expert_state`` (the routed experts'
        weights, gradients and optimizer state: a part of the three above), ``expert_state_parts``,
        ``dispatch_buffers`` (the all-to-all's buffers, in ``peak``) and ``routing``."""
        model = self.config.model
        return {
            "param_count": self.param_count,
            "params_total": self.param_count,
            "params_active": getattr(model, "params_active", self.param_count),
            **{k: self.bytes[k] for k in CATEGORIES},
            "total": self.total,
            "temporaries": self.temporaries,
            "peak": self.peak,
            "peak_moment": self.peak_moment,
            "at_peak": dict(self.at_peak),
            "allowance": self.allowance,
            "kernels": self.config.kernels,
            "flops_per_step": self.flops,
            "model_flops_per_step": self.model_flops,
            "formulas": dict(self.formulas),
            "expert_state": float(sum(self.expert_state.values())),
            "expert_state_parts": dict(self.expert_state),
            "dispatch_buffers": self.dispatch_buffers,
            "routing": dict(self.routing),
        }


def _lookup_params(spec: ModelSpec) -> int:
    if isinstance(spec, TransformerSpec):
        return (0 if spec.tied else spec.vocab * spec.d_model) + spec.max_pos * spec.d_model
    return 0


def _recompute_flops(cfg: MemoryConfig) -> tuple[float, str]:
    """Forward FLOPs of the checkpointed layers, done again in backward (0 without checkpoints).

    Every layer is inside a checkpointed segment; the embeddings, the final norm, the output
    layer and the loss are not, so they are not recomputed. Per layer: ``2·N_layer·D`` for the
    matmuls plus the attention's forward ``QKᵀ`` and ``A·V`` (``4·B·s²·d``).
    """
    if cfg.checkpoint.mode == "none":
        return 0.0, ""
    spec = cfg.model
    tokens = cfg.batch * cfg.seq_len * cfg.gpus
    if isinstance(spec, MLPSpec):
        n_layers = spec.param_count
        return 2.0 * n_layers * tokens, translate(
            "Memory",
            "recompute: one more forward of the L checkpointed blocks, 2·N·D = 2 × {n} × {tokens}",
        ).format(n=f"{n_layers:,}", tokens=f"{tokens:,}")
    d, kv = spec.d_model, spec.kv_dim
    # Matmul weights only: biases and norm weights add no multiply-adds.
    if spec.is_moe or spec.is_mla or spec.head_size or spec.qk_norm:
        # the weights one token multiplies: its top-k experts (biases and norms add nothing)
        n_layers = spec.params_active - spec.embedding_params() - spec.layers * spec.norm_params()
    else:
        n_layers = spec.layers * (2 * d * d + 2 * d * kv + (3 if spec.gated else 2) * d * spec.ffn)
    attn = 4.0 * spec.layers * cfg.batch * cfg.gpus * cfg.seq_len**2 * _attn_width(spec)
    return 2.0 * n_layers * tokens + attn, translate(
        "Memory",
        "recompute: the checkpointed layers' forward again, 2·N_layers·D = 2 × {n} × {tokens} + "
        "attention 4·L·B·s²·d (not the embeddings, the output layer or the loss)",
    ).format(n=f"{n_layers:,}", tokens=f"{tokens:,}")


def _attn_width(spec: TransformerSpec) -> float:
    """The ``d`` of the attention FLOPs ``4·B·s²·d`` (``QKᵀ`` and ``A·V``): ``heads · head_dim``,
    and for latent attention the mean of the query-key and the value widths."""
    if spec.is_mla:
        qk = spec.qk_nope_head_dim + spec.qk_rope_head_dim
        return spec.heads * (qk + spec.v_head_dim) / 2
    return float(spec.q_dim)


def _flops(cfg: MemoryConfig, n: int) -> tuple[float, float, str]:
    """Hardware FLOPs of the step, model FLOPs (:mod:`core.roofline.utilization`) and the text.

    Model FLOPs: ``6·N·D`` plus attention ``12·L·B·s²·d`` (PaLM, no recomputation); for a
    mixture of experts ``N`` is the active count (``n`` is what the caller passes). Hardware
    FLOPs add the checkpointed layers' forward again and, with flash attention, the scores its
    backward computes again (``QKᵀ``: ``2·L·B·s²·d``, so the backward counts 2.5× its forward).
    """
    spec = cfg.model
    tokens = cfg.batch * cfg.seq_len * cfg.gpus
    n_mm = n - _lookup_params(spec)
    dense = 6.0 * n_mm * tokens
    values = {"n": f"{n_mm:,}", "tokens": f"{tokens:,}"}
    moe = isinstance(spec, TransformerSpec) and spec.is_moe
    parts: list[str] = [
        translate(
            "Memory",
            "6·N_active·D = 6 × {n} × {tokens} tokens (the parameters one token uses, "
            "without embedding lookups)",
        ).format(**values)
        if moe
        else translate("Memory", "6·N·D = 6 × {n} × {tokens} tokens").format(**values)
        if n_mm == n
        else translate(
            "Memory", "6·N·D = 6 × {n} × {tokens} tokens (N without embedding lookups)"
        ).format(**values)
    ]
    total = dense
    if isinstance(spec, TransformerSpec):
        attn = 12.0 * spec.layers * cfg.batch * cfg.gpus * cfg.seq_len**2 * _attn_width(spec)
        total += attn
        parts.append(
            translate(
                "Memory",
                "attention 12·L·B·s²·d (QKᵀ and A·V, forward + backward, causal mask not halved)",
            )
        )
    model = total
    recompute, recompute_text = _recompute_flops(cfg)
    if recompute_text:
        parts.append(recompute_text)
    if isinstance(spec, TransformerSpec) and cfg.flash:
        total += 2.0 * spec.layers * cfg.batch * cfg.gpus * cfg.seq_len**2 * _attn_width(spec)
        parts.append(
            translate(
                "Memory",
                "flash backward's QKᵀ again 2·L·B·s²·d (hardware FLOPs only: not in MFU's model "
                "FLOPs)",
            )
        )
    dropped = _dropped_flops(cfg, tokens)
    if dropped:
        parts.append(
            translate("Memory", "the dropped token copies' expert GEMMs not run (−{flops} "
                      "FLOPs, hardware FLOPs only)").format(flops=f"{dropped:.3g}")
        )  # fmt: skip
    return total + recompute - dropped, model, join_texts(parts, " + ")


def _dropped_flops(cfg: MemoryConfig, tokens: int) -> float:
    """Expert-GEMM FLOPs the capacity factor's dropped rows skip: ``6·moe_layers·k·expert·D``
    times the dropped share (8 instead of 6 when checkpointing recomputes the forward)."""
    spec = cfg.model
    if not (isinstance(spec, TransformerSpec) and spec.is_moe) or cfg.capacity_factor is None:
        return 0.0
    route = routing(spec, cfg.micro * cfg.seq_len, cfg.experts)
    passes = 6.0 if cfg.checkpoint.mode == "none" else 8.0
    share = 1.0 - float(route.kept)
    return passes * spec.moe_layers * spec.top_k * spec.expert_params() * tokens * share


def estimate(cfg: MemoryConfig) -> Estimate:
    """Estimate one training step of ``cfg``: bytes per device by category."""
    spec, rec, opt = cfg.model, cfg.recipe, cfg.optimizer
    n = spec.param_count
    per = rec.per_param(opt)
    shard = {
        "params": cfg.gpus if cfg.zero >= 3 else 1,
        "grads": cfg.gpus if cfg.zero >= 2 else 1,
        "optimizer": cfg.gpus if cfg.zero >= 1 else 1,
    }
    layout = cfg.experts
    routed = expert_params_total(spec)
    dense_n = n - routed  # everything outside the routed experts
    experts = expert_state_bytes(spec, layout, per, cfg.zero, cfg.gpus) if routed else {}
    out: dict[str, float] = {k: per[k] * dense_n / shard[k] + experts.get(k, 0.0) for k in per}
    formulas: dict[str, str] = {
        k: translate("Memory", "{bytes} B × {count} params / {gpus} GPUs").format(
            bytes=str(per[k]), count=f"{n:,}", gpus=f"{shard[k]:,}"
        )
        if shard[k] > 1
        else translate("Memory", "{bytes} B × {count} params").format(
            bytes=str(per[k]), count=f"{n:,}"
        )
        for k in per
    }
    if routed and (layout.parallel or cfg.gpus > 1):
        formulas.update(_expert_formulas(cfg, per, shard, dense_n))
    n_gpu = dense_n + expert_params_local(spec, layout)  # parameters this GPU holds (unsharded)
    formulas["recipe"] = rec.sum_text(opt)
    acts = activation_model(
        spec, cfg.micro, cfg.seq_len, rec.bytes("acts"),
        flash=cfg.flash, dropout=cfg.dropout, mlp_full=cfg.mlp_full, kernels=cfg.kernels,
        weight_bytes=rec.bytes("params"), layout=layout,
    )  # fmt: skip
    out["activations"] = saved_bytes(acts, spec.layers, cfg.checkpoint)
    k = cfg.checkpoint.segment(spec.layers)
    formulas["activations"] = _activations_text(cfg, acts, k)
    at_peak, moment, temps_text = _peak(
        out, acts, spec.layers, cfg.checkpoint, n_gpu, accumulating=cfg.accumulation > 1,
        whole_grad=float(per["grads"]), fsdp=_fsdp_units(cfg, per),
    )  # fmt: skip
    buffers, route_info = 0.0, {}
    if isinstance(spec, TransformerSpec) and spec.is_moe:
        route = routing(spec, cfg.micro * cfg.seq_len, layout)
        buffers = dispatch_buffer_bytes(route, spec.d_model, rec.bytes("acts"))
        route_info = _routing_dict(cfg, route)
        if buffers:
            at_peak["dispatch_buffers"] = buffers
            formulas["dispatch_buffers"] = translate(
                "Memory", "dispatch + combine: 2 × ETP·s·b·k = {rows} rows × h = {h} × {e} B "
                "(the all-to-all's buffers, counted at the peak)",
            ).format(rows=f"{route.received:,.0f}", h=f"{spec.d_model:,}",
                     e=str(rec.bytes("acts")))  # fmt: skip
    formulas["temporaries"] = temps_text
    formulas["peak"] = (
        translate(
            "Memory",
            "at the {moment}: params + optimizer + gradients + activations alive + temporaries "
            "(the largest of start of backward, top layer's backward and end of backward)",
        )
        if at_peak["grads"]
        else translate(
            "Memory",
            "at the {moment}: params + optimizer + activations alive + temporaries (the largest "
            "of start of backward, top layer's backward and end of backward)",
        )
    ).format(moment=moment)
    if at_peak["params"] > out["params"]:
        formulas["peak"] = join_texts([
            formulas["peak"],
            translate(
                "Memory",
                "ZeRO-3 also holds {gathered} of weights whole at that moment (the root module "
                "and the layers being computed, one prefetched) and each layer's gradient whole "
                "until it is reduce-scattered",
            ).format(gathered=format_bytes(at_peak["params"] - out["params"])),
        ], "; ")  # fmt: skip
    tensor_total = max(sum(out.values()), sum(at_peak.values()))
    allowance = CONTEXT_BYTES + RESERVE_FRACTION * tensor_total
    active = spec.params_active if isinstance(spec, TransformerSpec) else n
    flops, model_flops, flops_text = _flops(cfg, active)
    allowance_text = translate("Memory", "allowance (not traced): {what}").format(
        what=allowance_breakdown()
    )
    return Estimate(
        cfg, n, out, formulas, allowance, allowance_text, flops, flops_text, at_peak, moment,
        model_flops, experts, buffers, route_info,
    )  # fmt: skip


def _expert_formulas(
    cfg: MemoryConfig, per: Mapping[str, float], shard: Mapping[str, int], dense_n: int
) -> dict[str, str]:
    """Weights, gradients and optimizer state as the part outside the routed experts (sharded
    over every GPU by ZeRO) plus the GPU's experts (sharded over their own group)."""
    layout, spec = cfg.experts, cfg.model
    local = expert_params_local(spec, layout)
    edp = expert_data_parallel(cfg.gpus, layout)
    stage = {"params": 3, "grads": 2, "optimizer": 1}
    return {
        k: translate(
            "Memory", "{bytes} B × ({dense} params / {gpus} + experts {local} params / {edp})"
        ).format(bytes=str(per[k]), dense=f"{dense_n:,}", gpus=f"{shard[k]:,}",
                 local=f"{local:,.0f}", edp=str(edp if cfg.zero >= stage[k] else 1))
        for k in stage
    }  # fmt: skip


def _routing_dict(cfg: MemoryConfig, route: Any) -> dict[str, Any]:
    """The expert layout and the rows of one MoE layer on one GPU (JSON)."""
    layout = cfg.experts
    return {
        "ep": layout.ep,
        "etp": layout.etp,
        "edp": expert_data_parallel(cfg.gpus, layout),
        "capacity_factor": layout.capacity_factor,
        "experts_per_gpu": cfg.model.experts // layout.ep,  # type: ignore[union-attr]
        "rows_received": route.received,
        "rows_per_expert": route.rows_per_expert,
        "capacity": route.capacity,
        "dropped_rows": route.dropped,
        "assumption": "balanced routing; dropless" if route.capacity is None
        else "balanced routing; capacity factor caps each GPU's rows per expert",
    }  # fmt: skip


def _activations_text(cfg: MemoryConfig, acts: Any, k: int) -> Text:
    """How the activations were counted: layers (and checkpoint segments), the per-layer formula,
    what is kept outside the layers and the micro-batch."""
    layers = cfg.model.layers
    parts = [
        translate("Memory", "L = {layers} × per layer").format(layers=f"{layers:,}")
        if k == 0
        else translate(
            "Memory", "⌈L/k⌉ = {segments} layer inputs + k = {k} layers recomputed"
        ).format(segments=f"{math.ceil(layers / k):,}", k=str(k)),
        acts.formula,
    ]
    if acts.outside_formula:
        parts.append(
            translate("Memory", "the recomputed layers or, if larger, {outside}").format(
                outside=acts.outside_formula
            )
            if k
            else translate("Memory", "plus {outside}").format(outside=acts.outside_formula)
        )
    spec = cfg.model
    if isinstance(spec, TransformerSpec) and spec.is_moe:
        route = routing(spec, cfg.micro * cfg.seq_len, cfg.experts)
        parts.append(routing_text(spec, cfg.experts, route, cfg.gpus))
    if cfg.micro != cfg.batch:
        parts.append(
            translate("Memory", "micro-batch {micro} of {batch}").format(
                micro=str(cfg.micro), batch=str(cfg.batch)
            )
        )
    return join_texts(parts, "; ")


def _fsdp_units(cfg: MemoryConfig, per: Mapping[str, float]) -> dict[str, Any] | None:
    """ZeRO-3 over more than one device: the arguments of
    :func:`core.memory.gathered.gathered_bytes` but the moment (``None`` otherwise)."""
    if cfg.zero < 3 or cfg.gpus < 2:
        return None
    spec = cfg.model
    layer = float(spec.param_count // spec.layers if isinstance(spec, MLPSpec)
                  else spec.layer_params())  # fmt: skip
    root = float(spec.param_count) - spec.layers * layer
    if isinstance(spec, TransformerSpec) and spec.is_moe:  # the mean layer, this GPU's experts
        root = float(spec.embedding_params())
        held = spec.param_count - expert_params_total(spec) + expert_params_local(spec, cfg.experts)
        layer = (held - root) / spec.layers
    return {"layer": layer, "root": root, "layers": float(spec.layers),
            "w": float(per["params"]), "g": float(per["grads"])}  # fmt: skip


def _peak(
    out: dict[str, float], acts: Any, layers: int, policy: Checkpoint, n: float,
    accumulating: bool = False, whole_grad: float | None = None,
    fsdp: dict[str, Any] | None = None,
) -> tuple[dict[str, float], str, str]:  # fmt: skip
    """Bytes by category at the fullest moment of backward, its name and the temporaries' text.

    With gradient accumulation every gradient is alive at every moment of a later micro-batch's
    backward (the earlier micro-batches made them; this one adds into them). A gradient being
    made (the moment's gradient temporaries) is whole, ``whole_grad`` bytes per parameter, even
    where the kept gradients are sharded (ZeRO-2 and 3 reduce-scatter it once it is made). Under
    ZeRO-3 (``fsdp``: :func:`_fsdp_units`) the weights and gradients a rank holds whole at each
    moment (:func:`core.memory.gathered.gathered_bytes`) join the weights and the gradients."""
    from core.memory.gathered import gathered_bytes, moment_keys

    per_grad = out["grads"] / n if n else 0.0
    made = per_grad if whole_grad is None else whole_grad
    best: tuple[dict[str, float], str, str] | None = None
    moments = peak_moments(acts, layers, policy)
    for key, m in zip(moment_keys(len(moments)), moments, strict=True):
        if accumulating:
            alive: float = n
        elif m.grad_params == float("inf"):
            alive = n - m.grad_missing
        else:
            alive = min(m.grad_params, n)
        whole_w, whole_g = gathered_bytes(key, **fsdp) if fsdp else (0.0, 0.0)
        cats = {"params": out["params"] + whole_w, "grads": per_grad * alive + whole_g,
                "optimizer": out["optimizer"], "activations": m.activations,
                "temporaries": m.temporaries + made * m.grad_temps}  # fmt: skip
        if best is None or sum(cats.values()) > sum(best[0].values()):
            text = translate("Memory", "{formula} (at the {moment})").format(
                formula=m.temporaries_formula, moment=m.name
            )
            best = (cats, m.name, text)
    assert best is not None
    return best


@dataclass(frozen=True)
class Derived:
    """Answers for a device with ``capacity`` bytes each (× ``gpus``)."""

    capacity: float
    fits: bool
    fits_without_allowance: bool
    headroom: float
    max_micro_batch: int
    max_layers: int
    max_params: int
    step_seconds: float | None
    hfu: float | None = None
    no_batch_reason: Text | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return self.__dict__.copy()


def _fits(cfg: MemoryConfig, capacity: float) -> bool:
    e = estimate(cfg)
    return e.peak + e.allowance <= capacity


def _largest(lo: int, hi: int, ok: Any) -> int:
    """Largest integer in ``[lo, hi]`` with ``ok(x)`` (monotone), or ``lo - 1`` if none."""
    if not ok(lo):
        return lo - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if ok(mid):
            lo = mid
        else:
            hi = mid - 1
    return lo


def no_batch_reason(cfg: MemoryConfig, capacity: float) -> Text:
    """Why not even a micro-batch of 1 fits in ``capacity``, naming what tips it over: the
    weights, gradients and optimizer state alone; else one micro-batch's activations and
    temporaries; else only the allowance (when the tensors of a micro-batch of 1 fit)."""
    one = estimate(replace(cfg, batch=1, micro_batch=None))
    state = sum(one.bytes[k] for k in ("params", "grads", "optimizer"))
    cap = format_bytes(capacity)
    if state > capacity:
        return translate(
            "Memory", "weights, gradients and state alone ({state}) do not fit in {capacity}"
        ).format(state=format_bytes(state), capacity=cap)
    if one.peak <= capacity:
        return translate(
            "Memory",
            "the tensors of a micro-batch of 1 ({peak}, of which weights, gradients and state "
            "{state}) fit in {capacity}; the {allowance} allowance tips it over",
        ).format(peak=format_bytes(one.peak), state=format_bytes(state), capacity=cap,
                 allowance=format_bytes(one.allowance))  # fmt: skip
    return translate(
        "Memory",
        "weights, gradients and state ({state}) fit in {capacity}; one micro-batch's activations "
        "and temporaries tip it over ({peak} at the peak)",
    ).format(state=format_bytes(state), capacity=cap, peak=format_bytes(one.peak))


def derive(
    est: Estimate, capacity: float, *, peak_flops: float | None = None, mfu: float = 0.5
) -> Derived:
    """Fits or not, the largest micro-batch and depth that fit, and the step time at ``mfu``.

    ``capacity`` is bytes per device; ``peak_flops`` is one device's dense peak (time omitted when
    ``None``).
    """
    cfg = est.config
    fits = est.peak + est.allowance <= capacity
    # Memory depends on the micro-batch only: search it as a batch of its own.
    max_micro = _largest(
        1, 10**9, lambda m: _fits(replace(cfg, batch=m, micro_batch=None), capacity)
    )
    max_layers = _largest(
        1, 100_000, lambda n: _fits(replace(cfg, model=cfg.model.with_layers(n)), capacity)
    )
    max_params = cfg.model.with_layers(max_layers).param_count if max_layers >= 1 else 0
    seconds = hfu = None
    if peak_flops:
        # MFU is a share of model FLOPs (core.roofline.utilization); the executed FLOPs, with
        # recomputation, then run at the HFU this implies.
        seconds = est.model_flops / (cfg.gpus * peak_flops * mfu)
        hfu = utilization(est.flops, seconds, peak_flops, cfg.gpus)
    return Derived(
        capacity=capacity,
        fits=fits,
        fits_without_allowance=est.peak <= capacity,
        headroom=capacity - est.peak - est.allowance,
        max_micro_batch=max(max_micro, 0),
        max_layers=max(max_layers, 0),
        max_params=max_params,
        step_seconds=seconds,
        hfu=hfu,
        no_batch_reason=no_batch_reason(cfg, capacity) if max_micro < 1 else None,
    )
