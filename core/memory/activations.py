"""Activation memory: what the backward pass needs kept from the forward pass, and checkpointing.

Deep MLP (the lecture): each block ``x @ W`` then ReLU. The lecture counts one ``B×D`` tensor per
layer, ``2·B·D·L`` bytes in bf16 (the default here). The *full* count keeps both the pre-ReLU
and the post-ReLU tensor of every layer (``2`` tensors per layer), as an implementation whose
activation saves its input does; torch's ReLU saves only its output, which is also the next
matmul's input, so a trace matches the lecture's count (one tensor per layer).

Transformer (Korthikanti et al. 2022, "Reducing Activation Recomputation in Large Transformer
Models", section 4.1): with 2-byte activations, 1-byte dropout masks and no flash attention a layer
keeps ``s·b·h·(34 + 5·a·s/h)`` bytes. Here the same accounting is written out term by term, with the
activation width ``e`` of the recipe, an ``ffn`` width (``f = 4h`` gives back the paper's numbers),
SwiGLU (four ``s·b·f`` tensors instead of two), grouped-query attention, flash attention (no
``s²`` tensors; the kernel keeps an fp32 log-sum-exp per row instead), and torch's
RMSNorm, which computes in fp32 and keeps an fp32 copy of its input and its normalised output
(8 bytes per element instead of the paper's 2-byte LayerNorm input).

A mixture of experts (an MoE layer, :attr:`TransformerSpec.is_moe`) keeps, under **balanced
routing** (an assumption: every expert receives ``s·b·top_k / experts`` rows, no token dropped, no
capacity padding), the router's fp32 probabilities (``4·s·b·E``), the top-k weights in the activations'
dtype (kept by the weighted combine) and their int64 indices (``(8 + e)·s·b·k``), the dispatched copy of the tokens (``s·b·k`` rows of ``h``, the experts' GEMM
input), each expert's hidden tensors on its rows (``s·b·k`` rows of ``moe_ffn``: in all, the
dense MLP's tensors with ``s·b·k`` rows) and their outputs before the weighted combine
(``s·b·k·h``); shared experts keep a dense MLP's tensors of their width. Dense first layers keep a
dense MLP's; the per-layer figure is the mean over the layers (exact without checkpointing, the
segments of a checkpoint policy then hold that mean). Latent attention (MLA) keeps its latents
(``q_lora_rank``, ``kv_lora_rank + rope``, before and after their norms) and Q, K, V of their own
widths; a fused kernel gets values padded to the query-key width (transformers' flash path) and
keeps its output beside the projection's input. Megatron-Core's MLA on Transformer Engine's fused
attention (``kernels="te"``, CUDA otherwise) passes V at its own width (``multi_latent_attention.py``
pads V to the query-key width only for packed, THD, sequences) and hands the kernel's output on
as the projection's input, a view of it: Q, K, V and one output of the value width.

What is kept depends on the kernels (``kernels="cuda"``, ``"te"`` or ``"cpu"``, read with
``saved_tensors_hooks`` on an H200 and on CPU, torch 2.11): CUDA's fused RMSNorm keeps its input
and an fp32 rstd per row, dropout masks are 1 byte and fused attention with dropout keeps no s²
tensor; the CPU kernels keep what the paragraph above says, masks in the input's dtype, and
attention with dropout falls back to the math path (fp32 s² tensors).

:func:`peak_moments` names the moments of backward at which the step can peak, with the
temporaries alive then (the loss's fp32 gradients, one layer's backward gradients, the
embedding's gradient); the estimate's peak is the fullest of them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from core.echo import brief
from core.errors import InputError
from core.memory.expert_parallel import (
    ExpertLayout,
    expert_params_local,
    expert_params_total,
    routing,
)
from core.memory.models import MLPSpec, ModelSpec, TransformerSpec
from core.texts import join_texts, translate

__all__ = [
    "ActivationModel",
    "Checkpoint",
    "Moment",
    "activation_model",
    "checkpoint",
    "peak_moments",
    "saved_bytes",
]


@dataclass(frozen=True)
class Checkpoint:
    """Activation checkpointing policy: ``none``, ``every`` layer, every ``k`` layers, ``sqrt``."""

    mode: str  # "none" | "every" | "k" | "sqrt"
    k: int = 1

    def segment(self, layers: int) -> int:
        """Layers per checkpointed segment (0 for none)."""
        if self.mode == "none":
            return 0
        if self.mode == "every":
            return 1
        if self.mode == "sqrt":
            return max(1, round(math.sqrt(layers)))
        return min(self.k, layers)

    def label(self) -> str:
        """Short text for people."""
        return {"none": "none", "every": "every layer", "sqrt": "every √L layers"}.get(
            self.mode, f"every {self.k} layers"
        )

    def to_text(self) -> str:
        """The CLI form (``none``, ``every``, ``sqrt`` or ``K``)."""
        return str(self.k) if self.mode == "k" else self.mode


def checkpoint(value: object) -> Checkpoint:
    """Parse ``none``, ``every``, ``sqrt`` or a segment length ``K`` (1 ≤ K ≤ 100,000)."""
    text = str(value).strip().lower()
    if text in ("none", "every", "sqrt"):
        return Checkpoint(text)
    if text.isdigit() and 1 <= int(text) <= 100_000:
        return Checkpoint("every", 1) if int(text) == 1 else Checkpoint("k", int(text))
    raise InputError(
        translate(
            "Memory",
            "checkpoint: {value} is not a policy; allowed: none, every, sqrt or a whole number of "
            "layers per segment from 1 to 100,000",
        ).format(value=brief(value)),
        field="checkpoint",
    )


@dataclass(frozen=True)
class ActivationModel:
    """Activation bytes of one micro-batch, split so checkpointing can be applied.

    Attributes
    ----------
    per_layer
        Bytes one layer keeps without checkpointing.
    boundary
        Bytes of a layer's input (what a checkpoint keeps).
    outside
        Bytes kept outside the layers (embeddings, output layer and loss).
    terms
        ``(name, bytes per layer)`` for explanations.
    formula
        The per-layer formula written out.
    loss_temps, loss_temps_formula
        Temporaries at the start of backward, beside everything saved: the loss's gradients
        (for a transformer the fp32 gradients of the log-softmax and of the logits, 8·s·b·V).
    layer_temps, layer_temps_formula
        The largest set of temporaries inside one layer's backward (gradients of its hidden
        tensors, and of the s² scores without flash attention).
    head_grad_params
        Parameters whose gradients exist once the loss's backward is done (the output layer).
    """

    per_layer: float
    boundary: float
    outside: float
    terms: tuple[tuple[str, float], ...]
    formula: str
    outside_formula: str
    loss_temps: float = 0.0
    loss_temps_formula: str = ""
    layer_temps: float = 0.0
    layer_temps_formula: str = ""
    head_grad_params: int = 0
    loss_saved: float = 0.0
    tied: bool = False
    layer_params: int = 0


def _mlp(spec: MLPSpec, batch: int, e: int, full: bool) -> ActivationModel:
    x = batch * spec.d * e
    terms: tuple[tuple[str, float], ...]
    if full:
        terms = (("pre-ReLU B·D", x), ("post-ReLU B·D", x))
        formula = translate(
            "Memory", "2 tensors × B·D × {e} B per layer (pre- and post-ReLU: the full count)"
        ).format(e=str(e))
    else:
        terms = (("B·D per layer", x),)
        formula = translate(
            "Memory", "{e}·B·D per layer ({e} bytes × B·D·L over the net: the lecture's count)"
        ).format(e=str(e))
    loss_text = translate("Memory", "the loss's gradient ({e}·B·D)").format(e=str(e))
    layer_text = translate("Memory", "a block's input and output gradients (2 × {e}·B·D)").format(
        e=str(e)
    )
    return ActivationModel(
        sum(t[1] for t in terms), x, 0.0, terms, formula, "",
        loss_temps=x, loss_temps_formula=loss_text,
        layer_temps=2 * x, layer_temps_formula=layer_text,
    )  # fmt: skip


def _transformer(
    spec: TransformerSpec, batch: int, seq: int, e: int, flash: bool, dropout: bool, kernels: str,
    weight_bytes: int, layout: ExpertLayout | None = None,
) -> ActivationModel:  # fmt: skip
    b, s, h, a, f = batch, seq, spec.d_model, spec.heads, spec.ffn
    plain = not (spec.is_moe or spec.is_mla or spec.head_size or spec.qk_norm)
    # Autocast (weights wider than the activations): the norms run in the weights' dtype and
    # keep their input in it, and each matmul keeps the low-precision copy of its weight.
    mixed = weight_bytes > e
    n_in = weight_bytes if mixed else e
    sbh, s2 = s * b * h, a * s * s * b
    cuda = kernels in ("cuda", "te")
    # What the norms keep (read with saved_tensors_hooks, torch 2.11-2.13): CUDA's fused kernels
    # keep the input and fp32 statistics per row (RMSNorm: rstd; LayerNorm: mean and rstd); the
    # CPU LayerNorm keeps the input and statistics in its dtype, the CPU RMSNorm computes in
    # fp32 and keeps an fp32 copy of its input and of the normalised tensor (8 B per element).
    if spec.norm == "layernorm":
        stat = 4 if cuda or mixed else e
        norm = (
            f"norm inputs (2 × {n_in} B) + statistics",
            2 * (n_in * sbh + 2 * stat * s * b),
        )
    elif cuda:
        norm = (f"norm inputs (2 × {n_in} B) + fp32 rstd", 2 * (n_in * sbh + 4 * s * b))
    else:
        norm = ("norm inputs (2 × 8 B, fp32 copies)", 2 * 8 * sbh)
    # Dropout masks: bool (1 B) on CUDA, the input's dtype on CPU.
    m = 1 if cuda else e
    math_fallback = flash and dropout and not cuda
    terms: list[tuple[str, float]] = [
        norm,
        ("attention and MLP inputs (2)", 2 * e * sbh),
        *_attention_terms(
            spec, s * b, e, n_in, flash and not math_fallback, cuda, te=kernels == "te"
        ),
    ]
    if math_fallback:
        # CPU attention with dropout falls back to the math path, which computes in fp32 and keeps
        # the scaled query, the probabilities, the dropout mask and the dropped probabilities.
        terms.append(("CPU attention with dropout: fp32 scaled Q", 4 * sbh))
        terms.append(("CPU attention with dropout: 3 fp32 a·s²·b (probs, mask, dropped)", 12 * s2))
    elif flash:
        # The kernel's output is the projection's input (a view): only the log-sum-exp is new.
        terms.append(("flash fp32 log-sum-exp", 4 * a * s * b))
    else:
        terms.append(("softmax output a·s²·b", e * s2))
        if dropout:
            terms.append((f"attention dropout mask ({m} B) + output, a·s²·b each", (m + e) * s2))
    mlp_terms, mlp_temps = _mlp_terms(spec, s * b, e, layout)
    terms.extend(mlp_terms)
    if dropout:
        terms.append((f"dropout masks (2 × {m} B)", 2 * m * sbh))
    if mixed:
        if plain:
            weights: float = 2 * h * h + 2 * h * spec.kv_dim + (3 if spec.gated else 2) * h * f
        else:  # every expert's weights are cast (balanced routing sends each some tokens)
            body: float = (
                spec.param_count - spec.embedding_params() - spec.layers * spec.norm_params()
            )
            if layout is not None and layout.parallel:  # this GPU's experts alone
                body -= expert_params_total(spec) - expert_params_local(spec, layout)
            weights = body / spec.layers
        terms.append((f"autocast's {e}-byte weight copies", e * weights))
    per_layer = float(sum(t[1] for t in terms))
    # Terms that grow with s² (each name says a·s²·b); the rest grow with s.
    quad = float(sum(v for name, v in terms if "a·s²·b" in name))
    lin = per_layer - quad
    sum_text = f"≈ s·b·h·{lin / sbh:.4g}"
    if quad:
        sum_text += f" + {quad / s2:.4g}·a·s²·b"
    formula = translate(
        "Memory",
        "{sum} bytes per layer ({attention}, {dropout}, {e}-byte activations, {kernels} kernels; "
        "Korthikanti et al. 2022: 34·s·b·h + 5·a·s²·b)",
    ).format(
        sum=sum_text,
        attention=translate("Memory", "flash") if flash else translate("Memory", "no flash"),
        dropout=translate("Memory", "dropout") if dropout else translate("Memory", "no dropout"),
        e=str(e),
        kernels=kernels,
    )
    norm_out = norm[1] / 2
    outside = norm_out + e * sbh + 4 * s * b * spec.vocab
    outside_parts = [
        translate("Memory", "final norm + LM-head input (s·b·h each) + fp32 log-softmax (4·s·b·V)")
    ]
    if mixed:
        outside += e * spec.vocab * h
        outside_parts.append(
            translate("Memory", "autocast's {e}-byte copy of the output layer (V·h)").format(
                e=str(e)
            )
        )
    if dropout:
        outside += m * sbh
        outside_parts.append(translate("Memory", "embedding dropout mask"))
    outside_formula = join_texts(outside_parts, " + ")
    n_hidden = 3 if spec.gated else 2
    mlp_t = mlp_temps
    attn_t = (
        0
        if flash and not math_fallback
        else (3 if dropout else 2) * (4 if math_fallback else e) * s2
    )
    layer_temps = 2 * e * sbh + max(mlp_t, attn_t)
    if attn_t:
        layer_text = translate(
            "Memory",
            "2 residual gradients (2·{e}·s·b·h) + the larger of the MLP's ({n}·{e}·s·b·ffn) and "
            "the attention's s² gradients",
        ).format(e=str(e), n=str(n_hidden))
    else:
        layer_text = translate(
            "Memory",
            "2 residual gradients (2·{e}·s·b·h) + the larger of the MLP's ({n}·{e}·s·b·ffn)",
        ).format(e=str(e), n=str(n_hidden))
    return ActivationModel(
        per_layer, e * sbh, float(outside), tuple(terms), formula, outside_formula,
        loss_temps=float(8 * s * b * spec.vocab),
        loss_temps_formula=translate(
            "Memory", "fp32 gradients of the log-softmax and of the logits (2 × 4·s·b·V)"
        ),
        layer_temps=float(layer_temps), layer_temps_formula=layer_text,
        head_grad_params=spec.vocab * h, loss_saved=float(4 * s * b * spec.vocab),
        tied=spec.tied,
        layer_params=spec.layer_params() if plain
        else (spec.param_count - spec.embedding_params()) // spec.layers,
    )  # fmt: skip


def _attention_terms(
    spec: TransformerSpec, t: int, e: int, n_in: int, fused: bool, cuda: bool, te: bool = False
) -> list[tuple[str, float]]:
    """What one layer's attention keeps for ``t`` tokens besides its input: Q, K, V (with
    ``fused`` attention as they are, else K and V repeated to every head), the projection's
    input, latent attention's latents and Qwen3's q/k norm inputs (``te``: latent attention as
    Megatron-Core runs it on Transformer Engine, see the module docstring)."""
    stat = 4 if cuda else 0
    if spec.is_mla:
        qk = spec.qk_nope_head_dim + spec.qk_rope_head_dim
        latent = 2 * spec.kv_lora_rank + spec.qk_rope_head_dim + 2 * spec.q_lora_rank
        heads, vd = spec.heads, spec.v_head_dim
        if fused and te:
            # Megatron-Core: the new Q and K (nope and rope concatenated), V made contiguous at
            # its own width; the kernel's [s, b, heads, vd] output viewed as the projection's input
            qkv, out, what = heads * (2 * qk + vd), heads * vd, "Q, K, V (V at its own width)"
        elif fused and vd != qk:
            # the fused kernel takes one head width: V padded to it (as transformers' flash path
            # does), the kernel's output kept at that width and the projection's input cut from it
            qkv, out, what = 3 * qk * heads, (qk + vd) * heads, "Q, K, V padded to q·k width"
        else:
            # V is a view of kv_b's output (keys without rope and values), which it keeps whole;
            # a fused kernel keeps its output, laid out by head, so the projection's input is a
            # copy (Q is concatenated head-major, unlike the other attention's view of its input)
            qkv = heads * (2 * qk + spec.qk_nope_head_dim + vd)
            out = heads * vd * (2 if fused else 1)
            what = "Q, K, V (V inside kv_b's output)"
        return [
            ("MLA latents (q and kv, before and after their norms)",
             e * t * latent + 2 * stat * t),
            (what, e * t * qkv),
            ("attention output (projection input)", e * t * out),
        ]  # fmt: skip
    q, kv = spec.q_dim, spec.kv_dim
    out: list[tuple[str, float]] = [
        ("Q, K, V", e * t * (q + 2 * kv if fused else 3 * q)),
        ("attention output (projection input)", e * t * q),
    ]
    if spec.qk_norm:
        out.append(
            ("q/k norm inputs", n_in * t * (q + kv) + 2 * stat * t * (spec.heads + spec.kv_heads))
        )
    return out


def _mlp_terms(
    spec: TransformerSpec, t: int, e: int, layout: ExpertLayout | None = None
) -> tuple[list[tuple[str, float]], float]:
    """One layer's MLP terms for ``t`` tokens, each the mean over the layers (dense first layers
    and MoE layers under balanced routing), and the largest MLP backward temporaries; ``layout``
    (expert parallelism, a capacity factor) sets the rows one GPU's experts receive and compute
    (:mod:`core.memory.expert_parallel`)."""
    n_mlp, n_hidden = (4, 3) if spec.gated else (2, 2)
    if not spec.is_moe:
        return [(f"MLP hidden ({n_mlp} × s·b·ffn)", n_mlp * e * t * spec.ffn)], float(
            n_hidden * e * t * spec.ffn
        )
    moe, layers = spec.moe_layers, spec.layers
    share = moe / layers
    route = routing(spec, t, layout or ExpertLayout())
    h, rows = spec.d_model, t * spec.top_k
    received, computed = route.received, route.computed
    out: list[tuple[str, float]] = []
    if moe < layers:
        out.append((f"dense MLP hidden ({n_mlp} × s·b·ffn) in {layers - moe} of {layers} layers",
                    n_mlp * e * t * spec.ffn * (1 - share)))  # fmt: skip
    out += [
        ("router: fp32 probabilities (s·b·E) + top-k weights (for the combine) and int64 "
         "indices", (4 * t * spec.experts + (8 + e) * rows) * share),
        ("dispatched tokens (ETP·s·b·k rows of h, balanced routing)", e * received * h * share),
        (f"expert hidden ({n_mlp} × s·b·k·moe_ffn)", n_mlp * e * computed * spec.moe_ffn * share),
        ("expert outputs before the weighted combine (s·b·k·h)", e * computed * h * share),
    ]  # fmt: skip
    temps = n_hidden * e * computed * spec.moe_ffn + 2 * e * received * h
    if spec.shared_experts:
        width = spec.shared_experts * (spec.shared_ffn or spec.moe_ffn)
        shared = n_mlp * e * t * width + (e * t * (h + 1) if spec.shared_gate else 0)
        out.append((f"shared experts hidden ({n_mlp} × s·b·{width:,})", shared * share))
        temps += n_hidden * e * t * width
    if moe < layers:
        temps = max(temps, n_hidden * e * t * spec.ffn)
    return out, float(temps)


def activation_model(
    spec: ModelSpec,
    batch: int,
    seq: int,
    act_bytes: int,
    *,
    flash: bool = True,
    dropout: bool = False,
    mlp_full: bool = False,
    kernels: str = "cuda",
    weight_bytes: int | None = None,
    layout: ExpertLayout | None = None,
) -> ActivationModel:
    """The activation accounting of ``spec`` for a micro-batch of ``batch`` (× ``seq`` tokens),
    for the kernels of ``kernels`` (``cuda``, ``te`` or ``cpu``); ``weight_bytes`` wider than
    ``act_bytes`` means the step runs under autocast; ``layout``: a mixture of experts' expert
    parallelism and capacity factor (one GPU's share)."""
    if isinstance(spec, MLPSpec):
        return _mlp(spec, batch, act_bytes, mlp_full)
    return _transformer(spec, batch, seq, act_bytes, flash, dropout, kernels,
                        weight_bytes or act_bytes, layout)  # fmt: skip


def saved_bytes(model: ActivationModel, layers: int, policy: Checkpoint) -> float:
    """Activation bytes kept at the start of backward under ``policy``.

    none: ``L·a + outside``; checkpoint every ``k`` layers: ``⌈L/k⌉·c + max(outside, k·a)``
    (segment inputs kept; the output layer's tensors are freed by the loss's backward before the
    first segment is recomputed, and one segment is recomputed at a time); every layer is
    ``k = 1``; ``sqrt`` takes ``k = round(√L)``, giving ``O(√L)`` memory for one extra forward.
    """
    k = policy.segment(layers)
    if k == 0:
        return layers * model.per_layer + model.outside
    return math.ceil(layers / k) * model.boundary + max(model.outside, k * model.per_layer)


@dataclass(frozen=True)
class Moment:
    """One candidate for the peak: activations, temporaries and the gradients alive.

    ``grad_params`` counts parameters whose gradients exist (``inf``: all but ``grad_missing``);
    ``grad_temps`` counts gradient-sized temporaries (in parameters, at the gradients' bytes).
    """

    name: str
    activations: float
    temporaries: float
    grad_params: float
    grad_temps: float
    temporaries_formula: str
    grad_missing: float = 0.0


def peak_moments(model: ActivationModel, layers: int, policy: Checkpoint) -> tuple[Moment, ...]:
    """The moments of backward at which memory can peak (weights and optimizer state aside).

    * ``start of backward``: everything saved plus the loss's gradients; no gradient exists
      yet (``zero_grad(set_to_none=True)`` freed them).
    * ``top layer's backward``: the loss's tensors are freed, the output layer's gradient exists
      (tied to the embedding it waits, as a temporary, for the embedding's part), one layer's
      backward temporaries (and, checkpointing, the recomputed segment).
    * ``end of backward``: every gradient but the embedding's, which is being made (tied: the
      head's part, the embedding's part and their sum), almost no activations.

    Between these, activations fall and gradients grow about linearly, so the largest of the
    three bounds the step (the optimizer update runs in place).
    """
    k = policy.segment(layers)
    kept = layers * model.per_layer if k == 0 else math.ceil(layers / k) * model.boundary
    after_loss = kept + (k * model.per_layer if k else 0.0) + model.outside - model.loss_saved
    head = float(model.head_grad_params)
    tied = model.tied
    top_text = model.layer_temps_formula
    if tied:
        top_text = translate(
            "Memory", "{layer} + the output layer's gradient waiting for the tied embedding's"
        ).format(layer=model.layer_temps_formula)
    end_text = (
        translate(
            "Memory",
            "the tied embedding's gradient: the head's part, the embedding's part and their sum "
            "(3 × V·h gradients)",
        )
        if tied
        else translate("Memory", "the embedding's gradient being made (V·h)")
        if head
        else model.layer_temps_formula
    )
    end_temps = 0.0 if head else model.layer_temps
    bottom: tuple[Moment, ...] = ()
    if k:
        # The first segment recomputed last: its k layers' activations and temporaries, every
        # gradient but its own layers' and the embedding's.
        bottom_text = model.layer_temps_formula
        if tied:
            bottom_text = translate("Memory", "{layer} + the tied output layer's gradient").format(
                layer=model.layer_temps_formula
            )
        bottom = (Moment(translate("Memory", "bottom segment's recompute"),
                         model.boundary + k * model.per_layer,
                         model.layer_temps, float("inf"), 3 * head if tied else 0.0, bottom_text,
                         grad_missing=head + k * model.layer_params),)  # fmt: skip
    return (
        *bottom,
        Moment(translate("Memory", "start of backward"), kept + model.outside, model.loss_temps,
               0.0, 0.0, model.loss_temps_formula),
        Moment(translate("Memory", "top layer's backward"), after_loss, model.layer_temps,
               0.0 if tied else head, head if tied else 0.0, top_text),
        Moment(translate("Memory", "end of backward"), model.boundary if not head else 0.0,
               end_temps, float("inf"), 3 * head if tied else head, end_text, grad_missing=head),
    )  # fmt: skip
