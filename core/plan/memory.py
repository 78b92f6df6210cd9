"""Memory per GPU of a parallel layout: the Memory tab's accounting, sharded.

Weights, gradients and optimizer state are ``bytes/param × the parameters a GPU holds``: its
pipeline stage's layers and, on the first stage, the embedding (on the last, the final norm and
the LM head; a tied embedding keeps a copy on both ends), split by TP (matmul weights and the
vocabulary; norms and row-parallel biases are replicated, as in Megatron-LM), then by ZeRO over
the ``DP × CP`` ranks that hold the same weights (stage 1 the optimizer state, 2 the gradients, 3
the weights).

Activations come from :func:`core.memory.activations.activation_model` for ``b`` sequences of
``s / CP`` tokens, each of its terms sharded by what keeps it (Korthikanti et al. 2022, §4.2.2):
the norm inputs, the attention and MLP inputs and the residual dropout masks live on the
``h``-wide residual stream, which TP replicates and sequence parallelism splits by TP; ``Q, K,
V`` (KV split as far as the KV heads go), the attention output, the ``s²`` and flash terms and the
MLP hidden tensors are split by TP; a fused SwiGLU (``Implementation.fused_swiglu``) keeps 3
of eager PyTorch's 4 ffn-wide tensors. With FP8 GEMMs (``gemm_dtype`` fp8, as Transformer
Engine runs them) each layer GEMM keeps for its weight gradient the FP8 copy of its input, one
byte per element, not the input itself (TE's ``_Linear`` and ``_LayerNormLinear`` save the
quantized input, dropping its row-wise data where the backward does not need it): the two norm
outputs (QKV's and the MLP's input) and the down projection's ffn-wide input, which nothing else
keeps, shrink to one byte; the attention output is kept by the attention kernel as well, so with
flash attention the projection's FP8 copy adds a byte, and without it the output shrinks too.
Selective recomputation drops the attention core's terms (the ``s²`` ones, or the flash
log-sum-exp); full recomputation keeps each layer's input only and
rebuilds one layer at a time. A pipeline stage keeps the micro-batches in flight of its schedule:
``p − r`` on rank ``r`` with 1F1B; ``2(p − r − 1) + (v − 1)·p + 1`` chunks of ``L/(p·v)`` layers
with the interleaved schedule (Megatron-LM's warm-up), which on rank 0 is Korthikanti's
``L·(1 + (p − 1)/(p·v))`` (PyTorch's ``ScheduleInterleaved1F1B`` warms up as many). Under a
pipeline engine that keeps a sharded stage gathered through the step (torch's, for FSDP2),
ZeRO-2/3 holds what ZeRO-1 holds (:func:`core.plan.frameworks.memory_zero`). The stage with the
larger total (first or last) is reported.

The moments at which a step can peak, the temporaries alive then and the allowance are those of
:mod:`core.memory.estimate` (start of backward, the top layer's backward, the end of backward, the
bottom segment's recompute), so at TP = PP = CP = 1 with one micro-batch the figures equal the
Memory tab's, and its per-rank ZeRO figures; with more than one micro-batch per step the
gradients are alive all step long (they accumulate across micro-batches), in both. A pipeline
accumulates too.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from core.memory.activations import activation_model
from core.memory.estimate import CONTEXT_BYTES, RESERVE_FRACTION
from core.memory.gathered import gathered_bytes, moment_keys
from core.memory.models import TransformerSpec
from core.memory.recipes import Recipe
from core.plan import op_sac
from core.plan.dualpipe import pair_in_flight, params_factor
from core.plan.ep_overlap import extra_in_flight
from core.plan.frameworks import framework, hp_grad_accum, memory_zero
from core.plan.inputs import Layout, PlanInput, stage_layers
from core.plan.moe_kept import moe_kept
from core.plan.mtp import layers_on as mtp_layers_on
from core.plan.precision import layer_matmul_elements, weight_copy_bytes
from core.plan.recompute_modules import kept_share

__all__ = [
    "FITS",
    "TIGHT",
    "UNFIT",
    "VERDICTS",
    "StageMemory",
    "chunk_layers",
    "in_flight_layers",
    "layer_params_local",
    "loss_bytes",
    "memory_per_gpu",
    "stage_params",
    "stages_of",
]

_RESIDUAL = ("norm inputs", "attention and MLP inputs", "dropout masks")
#: Bytes per element of the FP8 copy a Transformer Engine GEMM keeps of its input.
_FP8_BYTES = 1
_SELECTIVE = ("softmax output", "attention dropout mask", "flash fp32 log-sum-exp")

#: The memory verdicts of a layout (``memory_verdict`` in ``plan --json``): the peak with the
#: whole allowance fits; only the tensors and the runtime's fixed part (CUDA context, library
#: workspaces, NCCL buffers: :data:`core.memory.estimate.CONTEXT_BYTES`) fit, not the allocator
#: reserve (:data:`~core.memory.estimate.RESERVE_FRACTION` of the tensors); or not even those.
FITS, TIGHT, UNFIT = "fits", "tight", "does not fit"
VERDICTS: tuple[str, ...] = (FITS, TIGHT, UNFIT)


@dataclass(frozen=True)
class StageMemory:
    """Bytes on the busiest GPU, at the fullest moment of its step.

    ``weights`` … ``temporaries`` are the categories alive at ``moment`` on ``stage`` (``only``,
    ``first``, ``middle``, ``last``, or ``first+last``: DualPipe's GPU that holds both, at the
    fullest moment of either); ``peak`` adds them and the ``allowance`` (CUDA context, workspaces,
    allocator reserve), of which ``reserve`` is the allocator's share (the rest is the runtime's
    fixed part).
    """

    weights: float
    grads: float
    optimizer: float
    activations: float
    temporaries: float
    allowance: float
    peak: float
    stage: str
    moment: str
    params: float
    in_flight: float
    expert_state: float = 0.0
    reserve: float = 0.0

    @property
    def tensors(self) -> float:
        """The categories' bytes at the fullest moment: the peak without the allowance."""
        return self.peak - self.allowance

    def verdict(self, capacity: float) -> str:
        """:data:`FITS` when the peak fits ``capacity``; :data:`TIGHT` when only the tensors and
        the runtime's fixed part do (the allocator reserve does not: a warning, since how much
        an allocator keeps unused depends on the run, e.g. PyTorch's ``expandable_segments``
        lets it unmap freed pages); :data:`UNFIT` otherwise."""
        if self.peak <= capacity:
            return FITS
        if self.peak - self.reserve <= capacity:
            return TIGHT
        return UNFIT

    def to_dict(self) -> dict[str, float]:
        """The issue's ``memory_per_gpu`` keys (``expert_state``: a mixture of experts' routed
        experts' weights, gradients and optimizer state, apart from the others; 0 when dense)."""
        return {
            "weights": self.weights,
            "grads": self.grads,
            "optimizer": self.optimizer,
            "activations": self.activations,
            "temporaries": self.temporaries,
            "allowance": self.allowance,
            "peak": self.peak,
            "expert_state": self.expert_state,
        }


@lru_cache(maxsize=4096)
def layer_params_local(spec: TransformerSpec, t: int) -> float:
    """Parameters of one layer on one TP rank."""
    d, f, kv = spec.d_model, spec.ffn, spec.kv_dim
    kv_div = min(t, spec.kv_heads)
    n_mlp = 3 if spec.gated else 2
    out = 2 * d * d / t + 2 * d * kv / kv_div + n_mlp * d * f / t
    norm_each = 2 * d if spec.norm == "layernorm" else d
    out += 2 * norm_each
    if spec.bias:
        out += d / t + 2 * kv / kv_div + d  # q, k, v split; o's bias replicated
        out += (2 * f if spec.gated else f) / t + d  # up (and gate) split; down's replicated
    return out


@lru_cache(maxsize=4096)
def stage_params(spec: TransformerSpec, t: int, layers_here: float, stage: str) -> float:
    """Parameters one GPU of pipeline ``stage`` (``only``, ``first``, ``middle`` or ``last``)
    holds, with ``layers_here`` layers."""
    d = spec.d_model
    layers = layers_here * layer_params_local(spec, t)
    embed = spec.vocab * d / t + spec.max_pos * d
    final_norm = 2 * d if spec.norm == "layernorm" else d
    head = spec.vocab * d / t
    if stage == "only":
        return layers + embed + final_norm + (0 if spec.tied else head)
    if stage == "first":
        return layers + embed
    if stage == "middle":
        return layers
    return layers + final_norm + head  # the last stage: an untied head, or the tied copy


def _in_flight(r: int, p: int, v: int, m: int) -> float:
    """Micro-batches' worth of its layers' activations that rank ``r`` keeps."""
    if p == 1:
        return 1.0
    chunks = (p - r) if v == 1 else 2 * (p - r - 1) + (v - 1) * p + 1
    return min(chunks, m * v) / v


@lru_cache(maxsize=4096)
def in_flight_layers(
    r: int, p: int, v: int, m: int, chunk_layers: tuple[float, ...], ahead: int = 0
) -> float:
    """Layer-activations of one micro-batch each that rank ``r`` keeps at its fullest moment.

    ``chunk_layers`` are the layers of the rank's ``v`` model chunks. Megatron-LM's interleaved
    schedule (``schedules.py``) runs ``2(p − r − 1) + (v − 1)·p`` warm-up forwards, then one
    more before its first backward, forward ``k`` on chunk ``(k mod p·v) // p``; with ``m·v``
    forwards or fewer in all, every one is in flight. Counting each forward's own chunk makes an
    end chunk with fewer layers (an uneven first or last stage) weigh what it holds; with equal
    chunks this is :func:`_in_flight` × the rank's layers (Korthikanti et al. 2022, §4.2.3:
    ``L·(1 + (p − 1)/(p·v))`` on rank 0). ``ahead`` more warm-up forwards (the expert
    all-to-all overlap's one, :func:`core.plan.ep_overlap.extra_in_flight`) keep theirs too.
    """
    if p == 1 or v == 1:
        return _in_flight(r, p, v, m) * sum(chunk_layers)
    n = min(2 * (p - r - 1) + (v - 1) * p + 1 + ahead, m * v)
    return float(sum(chunk_layers[(k % (p * v)) // p] for k in range(n)))


def chunk_layers(
    layers: int, p: int, v: int, stage: str, here: float, layout: str | None = None
) -> tuple[float, ...]:
    """The layers of each of a rank's ``v`` model chunks (:func:`~core.plan.inputs.stage_layers`'
    split: the first chunk of the first rank and the last chunk of the last give up the deficit;
    a custom ``layout``'s own chunks, :mod:`core.plan.pipeline_layout`).
    """
    if layout:
        from core.plan.pipeline_layout import parse_layout

        return parse_layout(layout).chunk_layers(p, stage)
    if v == 1 or p == 1:
        return (here,)
    k = float(-(-layers // (p * v)))
    out = [k] * v
    if stage == "first":
        out[0] = here - k * (v - 1)
    elif stage == "last":
        out[-1] = here - k * (v - 1)
    return tuple(out)


@dataclass(frozen=True)
class _Acts:
    per_layer: float
    boundary: float
    outside_first: float
    outside_last: float
    loss_temps: float
    loss_saved: float
    layer_temps: float
    #: what a layer's backward makes again and holds besides its kept tensors (torchtitan's
    #: policy by op: the block's tensors it did not save, :mod:`core.plan.op_sac`)
    recomputed: float = 0.0


def _activations(inp: PlanInput, layout: Layout) -> _Acts:
    impl = inp.implementation
    return _sharded(inp.model, inp.seq, inp.recipe, impl.flash, impl.dropout, layout.micro_batch,
                    layout.tp, layout.cp, layout.sp, _recompute_kind(inp, layout.recompute),
                    impl.fused_swiglu, impl.cross_entropy, _kept_bytes(inp),
                    tuple(getattr(impl, "recompute_modules", ())),
                    bool(getattr(impl, "probs_in_experts", False)),
                    bool(getattr(impl, "low_act_input", False)),
                    attention_kernels(impl),
                    float(getattr(impl, "shared_attention_output", 0.0)),
                    bool(getattr(impl, "clamped_glu", False)),
                    tuple(getattr(impl, "offload_modules", ())))  # fmt: skip


def _recompute_kind(inp: PlanInput, recompute: str) -> str:
    """The activation model's recomputation: ``op`` where selective recomputation is
    torchtitan's policy by op (:mod:`core.plan.op_sac`), else the layout's."""
    return "op" if op_sac.runs(inp.implementation, recompute, inp.model) else recompute


def attention_kernels(impl: Any) -> str:
    """The activation model's kernels for the implementation's attention: ``te`` where the
    framework runs Megatron-Core's layers on Transformer Engine (Megatron, NeMo: latent attention
    keeps V at its own width, :mod:`core.memory.activations`), else ``cuda``."""
    return "te" if framework(impl.framework).transformer_engine else "cuda"


def _kept_bytes(inp: PlanInput) -> float:
    """Bytes per element of the quantized input copy each low-precision GEMM keeps for its weight
    gradient (0: none, the GEMMs keep their inputs), averaged over the layers the recipe runs low
    (NVFP4 keeps its first and last layers in BF16)."""
    rec = inp.implementation.recipe
    if not rec.low or not inp.cluster.device.supports(inp.gemm_dtype):
        return 0.0
    share = rec.low_share(inp.model.layers)
    return share * rec.kept_bytes + (1.0 - share) * inp.recipe.bytes("acts")


def loss_bytes(cross_entropy: str, e: int, rows: float, vocab: float) -> tuple[float, float]:
    """The LM head's loss memory: ``(kept for backward, allocated at the start of backward)``.

    ``rows`` tokens of ``vocab`` logits each (one GPU's vocabulary share), activations of ``e``
    bytes; per :attr:`~core.plan.inputs.Implementation.cross_entropy`: ``fp32`` keeps the fp32
    log-softmax (4 bytes per logit) and allocates the fp32 gradients of the log-softmax and of
    the logits (8); ``fp32-inplace`` keeps the fp32 softmax it computed in place (4) and
    allocates only the gradient cast back to ``e`` bytes; ``native`` keeps the logits themselves
    (``e``) and one fp32 log-sum-exp per token, and allocates an ``e``-byte gradient.
    """
    logits = rows * vocab
    if cross_entropy == "fp32":
        return 4.0 * logits, 8.0 * logits
    if cross_entropy == "fp32-inplace":
        return 4.0 * logits, float(e) * logits
    return float(e) * logits + 4.0 * rows, float(e) * logits


@lru_cache(maxsize=8192)
def _sharded(
    spec: TransformerSpec, seq: int, rec: Recipe, flash: bool, dropout: bool, b: int, t: int,
    c: int, sp: bool, recompute: str, fused_swiglu: bool = False, cross_entropy: str = "fp32",
    low_bytes: float = 0.0, modules: tuple[str, ...] = (), probs_in_experts: bool = False,
    low_act_input: bool = False, kernels: str = "cuda", shared_attn_out: float = 0.0,
    clamped_glu: bool = False, offload_modules: tuple[str, ...] = (),
) -> _Acts:  # fmt: skip
    res = float(t) if sp else 1.0
    e, w = rec.bytes("acts"), rec.bytes("params")
    s = seq // c
    by_op = recompute == "op"  # torchtitan's policy: the whole layer's tensors, then what it keeps
    if by_op:
        recompute = "none"
    acts = activation_model(spec, b, s, e, flash=flash, dropout=dropout, kernels=kernels,
                            weight_bytes=w)  # fmt: skip
    h, kv = spec.d_model, spec.kv_dim
    kv_div = min(t, spec.kv_heads)
    per_layer = 0.0
    for name, value in acts.terms:
        if recompute == "selective" and name.startswith(_SELECTIVE):
            continue
        if fused_swiglu and spec.gated and name.startswith("MLP hidden"):
            # A fused SwiGLU keeps its input (gate and up, 2 × ffn) and the down projection its
            # own input (ffn): 3 of eager PyTorch's 4 ffn-wide tensors.
            value *= 3 / 4
        if low_bytes and e > low_bytes:
            value = _fp8_kept(name, value, e, flash, s * b * spec.ffn, low_bytes,
                              shared_attn_out)  # fmt: skip
        modules_here = modules if recompute != "full" else ()
        if spec.is_moe:  # the MoE MLP terms' fused SwiGLU, FP8 copies, moe_act
            value = moe_kept(name, value, e, low_bytes, spec.gated, fused_swiglu, modules_here,
                             probs_in_experts, low_act_input, clamped_glu,
                             offload_modules if recompute != "full" else ())  # fmt: skip
        if modules_here:  # Megatron's --recompute-modules (core.plan.recompute_modules)
            value *= kept_share(name, modules_here)
        if name.startswith(_RESIDUAL):
            per_layer += value / res
        elif name == "Q, K, V":
            per_layer += value * (h / t + 2 * kv / kv_div) / (h + 2 * kv)
        else:
            per_layer += value / t
    recomputed = 0.0
    if by_op:
        low = bool(low_bytes) and e > low_bytes  # the GEMMs in a low precision (Float8)
        kept = op_sac.kept_bytes(spec, float(s * b), e, t, sp, low)
        recomputed, per_layer = max(0.0, per_layer - kept), kept
    sbh = s * b * h
    mixed = w > e
    head_copy = e * spec.vocab * h if mixed else 0.0
    emb_mask = 1.0 * sbh if dropout else 0.0  # CUDA dropout masks: 1 byte
    residual_out = acts.outside - acts.loss_saved - head_copy - emb_mask
    # the Memory tab's loss is "fp32"; the others keep and allocate less per logit
    vocab, loss_temps = loss_bytes(cross_entropy, e, float(s * b), spec.vocab / t)
    res_temps = 2.0 * e * sbh
    return _Acts(
        per_layer=per_layer,
        boundary=acts.boundary / res,
        outside_first=emb_mask / res,
        outside_last=residual_out / res + vocab + head_copy / t,
        loss_temps=loss_temps,
        loss_saved=vocab,
        layer_temps=res_temps / res + (acts.layer_temps - res_temps) / t,
        recomputed=recomputed,
    )


def _fp8_kept(
    name: str, value: float, e: int, flash: bool, ffn_elements: float, low: float = _FP8_BYTES,
    shared: float = 0.0,
) -> float:  # fmt: skip
    """One activation term's bytes when the layer GEMMs keep quantized copies of their inputs.

    ``value`` is the term at ``e`` bytes per element; ``ffn_elements`` is ``s·b·ffn``; ``low``
    the bytes per element of the kept copy (1 for FP8; 1 + 1/32 for MXFP8; 0.5 + 1/16 for NVFP4);
    ``shared`` the bytes per element of one attention-output copy that flash attention's
    backward and the projection share (``Implementation.shared_attention_output``; 0: none).
    """
    if name.startswith("attention and MLP inputs"):
        return value * low / e  # the norm outputs: QKV's and the MLP's GEMM input
    if name.startswith("attention output") and shared:
        return value * shared / e
    if name.startswith("attention output"):
        # flash keeps its output for its own backward; the projection adds its quantized copy
        return value * (e + low) / e if flash else value * low / e
    if name.startswith("MLP hidden"):
        return value - (e - low) * ffn_elements  # the down projection's input
    return value


def _moments(
    a: _Acts, kept_layers: float, outside: float, loss: bool, full: bool, head: float,
    tied: bool, layer_params: float,
) -> list[tuple[str, float, float, float, float, float]]:  # fmt: skip
    """``(name, activations, temporaries, grad params alive, grad temps, grads missing)``,
    mirroring :func:`core.memory.activations.peak_moments`."""
    inf = math.inf
    kept = kept_layers * (a.boundary if full else a.per_layer)
    recomputed = a.per_layer if full else a.recomputed
    loss_saved = a.loss_saved if loss else 0.0
    out = []
    if full:
        out.append(("bottom segment's recompute", a.boundary + a.per_layer, a.layer_temps, inf,
                    3 * head if tied else 0.0, head + layer_params))  # fmt: skip
    out.append(("start of backward", kept + outside, a.loss_temps if loss else a.layer_temps,
                0.0, 0.0, 0.0))  # fmt: skip
    out.append(("top layer's backward", kept + recomputed + outside - loss_saved, a.layer_temps,
                0.0 if tied else head, head if tied else 0.0, 0.0))  # fmt: skip
    out.append(("end of backward", a.boundary if not head else 0.0,
                0.0 if head else a.layer_temps, inf, 3 * head if tied else head, head))  # fmt: skip
    return out


def _after_offload(kept_layers: float, here: float, offloaded: int) -> float:
    """Layer-activations left on the GPU when the first ``offloaded`` of a stage's ``here``
    layers keep theirs in host memory (Transformer Engine's ``OffloadSynchronizer``: by default
    layers ``0 … k − 1`` are offloaded, layer ``i``'s copy finished before layer ``L − k + i``
    runs, so ``L − k`` layers' activations are on the GPU at the end of forward); each
    micro-batch in flight keeps the same share."""
    if not offloaded or here <= 0:
        return kept_layers
    return kept_layers * max(0.0, here - offloaded) / here


def _fsdp_units(
    spec: TransformerSpec, t: int, here: float, n: float, per: Mapping[str, float], prefetch: bool
) -> dict[str, Any]:
    """The arguments of :func:`core.memory.gathered.gathered_bytes` but the moment, for a stage
    of ``here`` layers holding ``n`` parameters on one TP rank (the root: what is not a layer),
    under a framework that does (``prefetch``) or does not prefetch the next layer in backward."""
    layer = layer_params_local(spec, t)
    return {"layer": layer, "root": max(0.0, n - here * layer), "layers": here,
            "w": float(per["params"]), "g": float(per["grads"]),
            "prefetch": prefetch}  # fmt: skip


@dataclass(frozen=True)
class _Stage:
    """What one pipeline stage's memory needs of ``(spec, tp, pp, vpp)`` alone."""

    name: str
    rank: int
    here: float
    params: float  # stage_params: the dense stage's parameters on one TP rank
    chunks: tuple[float, ...]
    n_mtp: int
    loss: bool
    first: bool
    head: float
    tied: bool


class _Held(NamedTuple):
    """What one stage holds on its rank (:func:`memory_per_gpu`): its parameter count ``n`` and
    state in bytes, its kept layer-activations and their bytes ``saved`` (a named tuple: one is
    made per stage of every layout a search counts)."""

    n: float
    expert_state: float
    moe_temps: float
    expert_layer: float
    params: float
    grads: float
    optim: float
    kept_layers: float
    outside: float
    saved: float


class _Fixed:
    """What :func:`memory_per_gpu` needs of the input alone, worked out once per input (a search
    asks for tens of thousands of layouts of one input), and the per-``(tp, pp, vpp)`` stages and
    per-shape activations it has met, each the value the per-layout call would compute."""

    def __init__(self, inp: PlanInput) -> None:
        from core.plan.frameworks import framework

        impl = inp.implementation
        self.inp = inp
        self.spec = inp.model
        self.rec = inp.recipe
        self.per = self.rec.per_param(inp.optimizer)
        self.fw = framework(impl.framework)
        self.p_bytes = self.rec.bytes("params")
        self.g_bytes = self.rec.bytes("grads")
        self.kept_bytes = _kept_bytes(inp)
        self.modules = tuple(getattr(impl, "recompute_modules", ()))
        self.probs = bool(getattr(impl, "probs_in_experts", False))
        self.low_act = bool(getattr(impl, "low_act_input", False))
        self.clamped = bool(getattr(impl, "clamped_glu", False))
        self.offload_modules = tuple(getattr(impl, "offload_modules", ()))
        self.precision = impl.recipe
        self.device = inp.cluster.device
        self.offload = impl.offload_layers
        self.quantized = impl.quantized_params
        # whether weight_copy_bytes can be other than 0 (a low recipe the device runs)
        self.low = bool(self.precision.low) and self.device.supports(
            self.precision.gemm_dtype or ""
        )
        self.acts: dict[tuple, _Acts] = {}
        self.stages: dict[tuple[int, int, int], tuple[tuple[_Stage, ...], float, float, float]] = {}

    def activations(self, layout: Layout) -> _Acts:
        key = (layout.micro_batch, layout.tp, layout.cp, layout.sp, layout.recompute)
        found = self.acts.get(key)
        if found is None:
            impl = self.inp.implementation
            found = _sharded(self.spec, self.inp.seq, self.rec, impl.flash, impl.dropout,
                             layout.micro_batch, layout.tp, layout.cp, layout.sp,
                             _recompute_kind(self.inp, layout.recompute), impl.fused_swiglu,
                             impl.cross_entropy,
                             self.kept_bytes, self.modules, self.probs,
                             self.low_act, attention_kernels(impl),
                             float(impl.shared_attention_output), self.clamped,
                             self.offload_modules)  # fmt: skip
            self.acts[key] = found
        return found

    def stage_list(self, t: int, p: int, v: int) -> tuple[tuple[_Stage, ...], float, float, float]:
        """``(stages, the first stage's layers, layer_matmul_elements, layer_params_local)``."""
        key = (t, p, v)
        found = self.stages.get(key)
        if found is None:
            spec = self.spec
            custom = self.inp.implementation.pipeline_layout
            split = stage_layers(spec.layers, p, v, custom)
            if split is None:
                raise ValueError(f"pp {p} x vpp {v} cannot split {spec.layers} layers")
            out = []
            for stage, (rank, here) in split.items():
                loss = stage in ("only", "last")
                out.append(_Stage(stage, rank, here, stage_params(spec, t, here, stage),
                                  chunk_layers(spec.layers, p, v, stage, here, custom),
                                  mtp_layers_on(self.inp, stage), loss,
                                  stage in ("only", "first"),
                                  spec.vocab * spec.d_model / t if loss else 0.0,
                                  spec.tied and stage == "only"))  # fmt: skip
            first_here = split.get("first", split.get("only", (0, 0.0)))[1]
            found = (tuple(out), first_here, layer_matmul_elements(spec, t),
                     layer_params_local(spec, t))  # fmt: skip
            self.stages[key] = found
        return found


_FIXED: list[_Fixed] = []


def _fixed(inp: PlanInput) -> _Fixed:
    """The input's :class:`_Fixed`, remembered for the last input met (by identity: a
    :class:`~core.plan.inputs.PlanInput` is frozen, and hashing one is dearer than the work)."""
    held = _FIXED[0] if _FIXED else None  # one read: another thread may replace it
    if held is not None and held.inp is inp:
        return held
    made = _Fixed(inp)
    _FIXED[:] = [made]
    return made


def stages_of(inp: PlanInput, t: int, p: int, v: int) -> tuple[_Stage, ...]:
    """The pipeline stages of ``(tp, pp, vpp)`` in :func:`~core.plan.inputs.stage_layers`' order,
    each with its name, rank, layers and :func:`stage_params` (remembered per input)."""
    return _fixed(inp).stage_list(t, p, v)[0]


def memory_per_gpu(inp: PlanInput, layout: Layout, micro_batches: int) -> StageMemory:
    """Memory of the busiest GPU (the first or the last pipeline stage) for a complete layout."""
    fx = _fixed(inp)
    spec, rec, per, fw = fx.spec, fx.rec, fx.per, fx.fw
    t, p, v = layout.tp, layout.pp, layout.vpp
    zero = memory_zero(fw, layout.zero, p)  # ZeRO-2/3 under FSDP2's pipeline holds ZeRO-1's
    shard = layout.dp * layout.cp
    a = fx.activations(layout)
    full = layout.recompute == "full"
    stages, first_here, dense_lin, layer_local = fx.stage_list(t, p, v)
    is_moe = spec.is_moe
    factor = params_factor(inp.implementation.schedule, p)  # DualPipe: two stages' own
    if is_moe:  # the experts' and latent attention's own projections
        from core.plan.moe import expert_memory
        from core.plan.moe import layer_matmul_elements as moe_elements

        lin = moe_elements(spec, layout)
    else:
        lin = dense_lin
    hp_accum = hp_grad_accum(fw, zero, fx.p_bytes, fx.g_bytes)
    p_bytes = fx.p_bytes
    accumulate = micro_batches > 1 or p > 1
    dual = factor > 1  # DualPipe: each rank holds a pair of stages (core.plan.dualpipe)
    by_name = {st.name: st for st in stages} if dual else {}

    def held(st: _Stage, count: int | None) -> _Held:
        """What ``st`` holds on its rank: its parameters' state and the activations of ``count``
        micro-batches in flight (``None``: Megatron's 1F1B count for its rank)."""
        stage, here = st.name, st.here
        n = st.params
        expert_state = moe_temps = expert_layer = 0.0
        if is_moe:  # the routed experts apart, sharded by EP, ETP and their own DP group
            n, expert_state, moe_temps, expert_layer = expert_memory(inp, layout, stage, here,
                                                                     first_here, per, zero)  # fmt: skip
        n_mtp = st.n_mtp
        if n_mtp:  # MTP modules on the last stage (core.plan.mtp)
            from core.plan.moe import mtp_module_memory

            more, more_state = mtp_module_memory(inp, layout, per, zero)
            n += n_mtp * more
            expert_state += n_mtp * more_state
        params = per["params"] * n / (shard if zero >= 3 else 1)
        if zero >= 3 and shard > 1 and rec.master != "none" and fw.gathered_weights_only:
            params = 0.0  # torch FSDP: the fp32 shard is the master; bf16 exists only gathered
        copies = (weight_copy_bytes(fx.precision, fx.device, lin, here, spec.layers, zero)
                  if fx.low else 0.0)  # fmt: skip
        if copies and fx.quantized:  # in place of the bf16 weights
            copies -= min(copies, p_bytes * here * lin / (shard if zero >= 3 else 1))
        params += copies
        grads = per["grads"] * n / (shard if zero >= 2 else 1)
        if hp_accum:
            # DeepSpeed's BF16_Optimizer keeps the bf16 gradients beside its fp32 ones
            # (update_hp_grads(clear_lp_grads=False)), whole: core.plan.grad_accum
            grads += p_bytes * n
        optim = per["optimizer"] * n / (shard if zero >= 1 else 1)
        if count is None:
            kept_layers = in_flight_layers(st.rank, p, v, micro_batches, st.chunks,
                                           extra_in_flight(inp.implementation, spec, layout.ep,
                                                           p, v))  # fmt: skip
        else:
            kept_layers = count * here
        if n_mtp and here:  # each micro-batch in flight keeps its MTP blocks' activations too
            kept_layers *= (here + n_mtp) / here
        if fx.offload:
            kept_layers = _after_offload(kept_layers, here, fx.offload)
        outside = (a.outside_first if st.first else 0.0) + (a.outside_last if st.loss else 0.0)
        saved = kept_layers * (a.boundary if full else a.per_layer)
        saved += max(outside, a.per_layer) if full else outside
        return _Held(n, expert_state, moe_temps, expert_layer, params, grads, optim, kept_layers,
                     outside, saved)  # fmt: skip

    best: StageMemory | None = None
    for st in stages:
        stage, here = st.name, st.here
        other: _Held | None = None
        if dual:  # the rank's own stage and the one it holds for the other direction
            index = {"first": 0, "last": p - 1}.get(stage, p // 2 - 1)
            own, theirs = pair_in_flight(p, index)
            mate = by_name.get({"first": "last", "last": "first"}.get(stage, stage), st)
            me, other = held(st, own), held(mate, theirs)
        else:
            me = held(st, None)
        n, expert_state, moe_temps = me.n, me.expert_state, me.moe_temps
        params, grads, optim, kept_layers = me.params, me.grads, me.optim, me.kept_layers
        outside, saved = me.outside, me.saved
        loss = st.loss
        head = st.head
        per_grad = grads / n if n else 0.0
        moments = _moments(a, kept_layers, outside, loss, full, head, st.tied, layer_local)
        units = (_fsdp_units(spec, t, here, n, per, fw.backward_prefetch)
                 if zero >= 3 and shard > 1 else None)  # fmt: skip
        if units is not None and me.expert_layer:  # an MoE layer is gathered with its experts
            units["layer"] += me.expert_layer
        # each moment's categories: params, grads, optimizer, activations, temporaries, expert
        # state (summed left to right, as the StageMemory's peak adds them)
        found: tuple[tuple[float, ...], str] | None = None
        found_total = 0.0
        keys = moment_keys(len(moments))
        per_g = per["grads"]
        for key, (name, acts, temps, alive, grad_temps, missing) in zip(keys, moments, strict=True):
            if accumulate:
                alive_n = n
            elif alive == math.inf:
                alive_n = n - missing
            else:
                alive_n = min(alive, n)
            whole_w, whole_g = gathered_bytes(key, **units) if units else (0.0, 0.0)
            # a gradient being made is whole (ZeRO-2/3 reduce-scatter it once made)
            cats = (params + whole_w, per_grad * alive_n + whole_g, optim, acts,
                    temps + per_g * grad_temps + moe_temps, expert_state)  # fmt: skip
            if other is not None:  # the other stage's state and its micro-batches, held throughout
                cats = (cats[0] + other.params, cats[1] + other.grads, cats[2] + other.optim,
                        cats[3] + other.saved, cats[4], cats[5] + other.expert_state)  # fmt: skip
            total = sum(cats)
            if found is None or total > found_total:
                found, found_total = (cats, name), total
        assert found is not None
        chosen, moment = found
        tensors = params + grads + optim + expert_state + saved
        if other is not None:
            tensors += other.params + other.grads + other.optim + other.expert_state + other.saved
            n += other.n
            kept_layers += other.kept_layers
            expert_state += other.expert_state
        tensors = max(tensors, found_total)
        reserve = RESERVE_FRACTION * tensors
        allowance = CONTEXT_BYTES + reserve
        peak = found_total + allowance
        if best is not None and not peak > best.peak:
            continue
        if other is not None and stage in ("first", "last"):
            stage = "first+last"  # DualPipe's GPU 0 (and its mirror): one pair, named once
        best = StageMemory(chosen[0], chosen[1], chosen[2], chosen[3], chosen[4], allowance, peak, stage,
                           moment, n, kept_layers, expert_state, reserve)  # fmt: skip
    assert best is not None
    return best
