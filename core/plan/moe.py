"""Mixtures of experts in the plan: the traced layers, the expert GEMMs' shapes under expert
parallelism, the all-to-all, the expert state in memory and the active-parameter FLOPs.

What is traced. One MoE layer of full width (:mod:`core.plan.ops`: two layers, the second
standing for every layer) with the router, the top-k, the token copies and one grouped GEMM per
projection under **balanced routing** (:mod:`core.memory.modules`: every expert gets
``tokens·top_k/experts`` rows); where the model keeps dense layers (DeepSeek-V3's first three,
``dense_layers``; ``moe_every`` > 1) the same width with a dense MLP of ``ffn`` is traced too, and
a layer's time is the mean of the two weighted by their counts (a stage's own mix of dense and MoE
layers is not told apart: the dense layers sit on the first stage, which also runs the embedding).

The layout of the experts (Megatron-Core's MoE Parallel Folding, Liu et al. 2025,
arXiv 2504.14960; Megatron-Core's MoE guide): attention runs on TP × CP × DP × PP, the experts on
ETP × EP × EDP × PP over the same GPUs of one pipeline stage, so ``TP·CP·DP = ETP·EP·EDP``:
``ep·etp`` must divide ``tp·cp·dp`` and each expert's weights are held by the
``EDP = tp·cp·dp / (ep·etp)`` ranks of its expert-data-parallel group, over which its gradients
are reduced and, with the distributed optimizer (ZeRO-1), its optimizer state is sharded. Ranks
are ordered ETP fastest, then EP: an EP group is ``ep`` ranks ``etp`` apart. With TP > 1
Megatron requires sequence parallelism for an MoE (``When using MoE and tensor parallelism,
sequence parallelism must be used``, its argument check); the plan refuses TP > 1 without SP
(:func:`core.plan.moe_layout.layout_problem`).

The expert GEMMs' shapes on one GPU, for a micro-batch of ``b`` sequences of ``s`` tokens:

* Each GPU holds ``T = b·s / (CP·TP)`` tokens (its sequence-parallel shard) when the MoE layer
  starts. The ``ETP`` ranks of an ETP group gather theirs (``ETP·T`` tokens; each then computes
  ``1/ETP`` of every expert's hidden width), and the ``EP`` such groups of an EP group exchange
  rows by all-to-all: the group routes ``EP·ETP·T·k`` rows (``k`` = top-k).
* Balanced routing sends each of the ``E`` experts ``1/E`` of them: ``EP·ETP·T·k / E`` rows per
  expert; the GPU holds ``E / EP`` experts, so it computes ``ETP·T·k`` rows, each at ``1/ETP``
  of the width: ``T·k`` full-width rows, the same work as without EP (EP divides the weights,
  not the compute).
* So a grouped GEMM of the GPU is ``E/EP`` GEMMs of ``M = EP·ETP·b·s·k / (CP·TP·E)`` rows, ``K``
  and ``N`` the model width and ``moe_ffn/ETP`` (``2·moe_ffn/ETP`` for a gated up projection),
  and each is timed at its own shape by the calibrated GEMM model (wave and tile quantization at
  the small ``M``, capped at the device's measured large-GEMM efficiency).
* A capacity factor ``c`` (``--capacity-factor``; token dropping) caps an expert's rows at
  ``c·tokens·k/E``; under balanced routing that cuts the rows only when ``c < 1``: ``M·min(1, c)``.
  Without it the run is dropless and balanced. No imbalance margin is added.

The all-to-all (Megatron-Core's ``alltoall`` token dispatcher): per MoE layer and micro-batch a
dispatch and a combine in forward and their mirror images in backward (4; full recomputation runs
the forward's 2 again), each GPU sending ``T·k·min(1, c)`` rows of ``d_model`` elements in the
activations' dtype (Megatron's dispatcher moves BF16 also under FP8 GEMMs; DeepSeek-V3's FP8
dispatch is not modelled), over the EP group's links by :func:`core.plan.comm.alltoall_seconds`
(NVLink inside the NVLink domain, the NIC beyond it, at the calibrated all-to-all bus bandwidth).
With ETP > 1 the dispatch adds an all-gather and the combine a reduce-scatter over the ETP group.
None of it overlaps compute: Megatron's default dispatcher runs it on the compute stream between
the router and the experts (its batch-level overlap, ``--overlap-moe-expert-parallel-comm``, is
an option this plan does not model).

Model FLOPs (MFU's) count the **active** parameters: ``6 × N_active × tokens`` with ``N_active``
every matmul weight one token uses (attention projections, the router, the shared experts, the
dense MLPs of dense layers, ``top_k`` routed experts, the LM head; not the embedding lookup nor
the norms), plus the attention's ``12·L·H·Q·T`` as in the dense plan, ``Q`` the mean of the query-key
and value head widths for latent attention (``QKᵀ`` at ``nope + rope``, ``P·V`` at ``v_head_dim``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from core.memory.models import TransformerSpec
from core.plan.host import CLAMPED_GLU_KERNELS, EXPERT_BIAS_KERNELS, UNFUSED_ROPE_KERNELS
from core.plan.ops import LayerOps, PlanOp, layer_ops
from core.plan.timing import MicroTimes, micro_times
from core.roofline.hardware import DTYPE_BYTES

if TYPE_CHECKING:
    from core.plan.inputs import Layout, PlanInput
    from core.roofline.achievable import Calibration
    from core.roofline.hardware import Device


__all__ = [
    "CLAMPED_GLU_BYTES",
    "UNFUSED_ROPE_ELEMENTS",
    "active_matmul_params",
    "alltoall_layer_seconds",
    "clamped_glu_seconds",
    "dense_variant",
    "expert_bias_seconds",
    "expert_data_parallel",
    "expert_dp_comm",
    "expert_memory",
    "expert_ops",
    "expert_rows_per_gpu",
    "flops_per_step",
    "fused_mlp_rest",
    "fused_mlp_runs",
    "gpu_params",
    "layer_matmul_elements",
    "layer_micro_times",
    "moe_layers_in_stage",
    "moe_variant",
    "mtp_module_memory",
    "optimizer_params",
    "param_split",
    "split_ops",
    "state_floor",
    "traced_ops",
    "unfused_rope_seconds",
]


def moe_variant(spec: TransformerSpec) -> TransformerSpec:
    """Two layers of ``spec``'s width, both MoE (the traced shape of its MoE layers)."""
    return replace(spec, layers=2, dense_layers=0, moe_every=1, window=0, window_layers=0)


def dense_variant(spec: TransformerSpec) -> TransformerSpec:
    """``spec``'s dense layers alone: the same attention with a dense MLP of ``ffn``."""
    return replace(spec, layers=2, experts=0, top_k=0, moe_ffn=0, shared_experts=0, shared_ffn=0,
                   shared_gate=False, dense_layers=0, moe_every=1, router_bias=False, window=0,
                   window_layers=0)  # fmt: skip


def traced_ops(inp: PlanInput) -> tuple[LayerOps, LayerOps | None]:
    """``(the representative layer's ops, the dense layers' ops or None)`` of the input's model:
    a dense model's one trace, or an MoE layer's and, where the model keeps dense layers, a
    dense layer's."""
    spec, impl = inp.model, inp.implementation
    kw = {"flash": impl.flash, "dropout": impl.dropout}
    if not spec.is_moe:
        return layer_ops(spec, inp.seq, inp.recipe, **kw), None
    moe = layer_ops(moe_variant(spec), inp.seq, inp.recipe, **kw)
    dense = None
    if spec.moe_layers < spec.layers:
        dense = layer_ops(dense_variant(spec), inp.seq, inp.recipe, **kw)
    return moe, dense


def _capacity(inp: PlanInput) -> float:
    cf = getattr(inp, "capacity_factor", None)
    return 1.0 if cf is None else min(1.0, float(cf))


def expert_rows_per_gpu(inp: PlanInput, layout: Layout) -> float:
    """Rows one expert computes on one GPU per micro-batch: ``EP·ETP·b·s·k / (CP·TP·E)`` times
    ``min(1, capacity factor)`` (the module docstring's derivation)."""
    spec = inp.model
    tokens = layout.micro_batch * inp.seq / (layout.cp * layout.tp)
    rows = layout.ep * layout.etp * tokens * spec.top_k / spec.experts
    return rows * _capacity(inp)


def _is_expert_gemm(op: PlanOp, spec: TransformerSpec) -> bool:
    return (
        op.region == "layer" and op.kind == "matmul" and op.dims is not None
        and op.dims[0] == spec.experts and op.tp == "none" and op.tp_axis < 0
    )  # fmt: skip


_EXPERT_CACHE: dict[tuple, LayerOps] = {}


def split_ops(ops: LayerOps) -> tuple[LayerOps, LayerOps]:
    """``(every op but the expert GEMMs, the expert GEMMs)`` of an MoE layer's trace: the first
    is timed once per micro-batch shape, the second for each EP and ETP (fused chains keep their
    members: a chain never spans a GEMM)."""
    key = (ops.key, "split")
    found = _EXPERT_CACHE.get(key)
    if found is None:
        spec = ops.spec
        rest = tuple(op for op in ops.ops if not _is_expert_gemm(op, spec))
        gemms = tuple(op for op in ops.ops if _is_expert_gemm(op, spec))
        found = replace(ops, ops=rest, key=(*ops.key, "rest"))
        _EXPERT_CACHE[key] = found
        _EXPERT_CACHE[(ops.key, "gemms")] = replace(ops, ops=gemms, key=(*ops.key, "gemms"))
    return found, _EXPERT_CACHE[(ops.key, "gemms")]


def fused_mlp_rest(ops: LayerOps) -> LayerOps:
    """The ops of :func:`split_ops`' first part less the experts' gated activation, as a fused
    grouped MLP runs it inside its GEMMs (``Implementation.fused_grouped_mlp``): the forward's
    elementwise ops between the first and the second expert GEMM, and the backward's between the
    second GEMM's gradients and the first's (the activation's backward)."""
    key = (ops.key, "fused-mlp-rest")
    found = _EXPERT_CACHE.get(key)
    if found is not None:
        return found
    spec = ops.spec
    dropped: set[int] = set()
    for phase, first, last in (("forward", 0, 1), ("backward", 1, 2)):
        at = [i for i, op in enumerate(ops.ops) if op.phase == phase and _is_expert_gemm(op, spec)]
        if len(at) > last:
            dropped |= {i for i in range(at[first] + 1, at[last])
                        if ops.ops[i].kind != "matmul"}  # fmt: skip
    rest = tuple(op for i, op in enumerate(ops.ops)
                 if i not in dropped and not _is_expert_gemm(op, spec))  # fmt: skip
    found = replace(ops, ops=rest, key=(*ops.key, "fused-mlp-rest"))
    _EXPERT_CACHE[key] = found
    return found


def expert_ops(ops: LayerOps, inp: PlanInput, layout: Layout) -> LayerOps:
    """The MoE layer's ops with its expert GEMMs resized for one GPU of ``layout``: ``E/EP``
    GEMMs of :func:`expert_rows_per_gpu` rows (per sequence of the micro-batch: the timing
    multiplies by the sequences), the expert width divided by ETP, nothing divided by TP."""
    spec = ops.spec
    cap = _capacity(inp)
    key = (ops.key, layout.ep, layout.etp, layout.tp, cap)
    found = _EXPERT_CACHE.get(key)
    if found is not None:
        return found
    if len(_EXPERT_CACHE) > 1024:
        _EXPERT_CACHE.clear()
    widths = {spec.moe_ffn, (2 if spec.gated else 1) * spec.moe_ffn}
    scale = layout.ep * layout.etp / layout.tp * cap
    out = []
    for op in ops.ops:
        if not _is_expert_gemm(op, spec):
            out.append(op)
            continue
        assert op.dims is not None
        d = list(op.dims)
        d[0] = spec.experts / layout.ep
        if op.token_axis >= 0:
            d[op.token_axis] *= scale
        axes = [i for i in (1, 2, 3) if i != op.token_axis and d[i] in widths]
        wide = [i for i in axes if d[i] != spec.d_model] or axes
        if wide:
            d[wide[-1]] /= layout.etp
        out.append(replace(op, dims=(d[0], d[1], d[2], d[3])))
    made = replace(ops, ops=tuple(out), key=(*ops.key, "experts", layout.ep, layout.etp,
                                               layout.tp, cap))  # fmt: skip
    _EXPERT_CACHE[key] = made
    return made


def _add(a: MicroTimes, b: MicroTimes) -> MicroTimes:
    """The layer's times of two disjoint sets of its ops (``b`` holds layer GEMMs only)."""
    return replace(a, layer_fwd=a.layer_fwd + b.layer_fwd, layer_bwd=a.layer_bwd + b.layer_bwd,
                   layer_gemm=a.layer_gemm + b.layer_gemm,
                   memory_bound=a.memory_bound + b.memory_bound,
                   kernels=a.kernels + b.kernels)  # fmt: skip


def _mix(a: MicroTimes, b: MicroTimes, share: float) -> MicroTimes:
    """Per-layer times ``share·a + (1 − share)·b``; the embedding and head are ``a``'s."""

    def w(name: str) -> float:
        return share * getattr(a, name) + (1.0 - share) * getattr(b, name)

    return replace(a, layer_fwd=w("layer_fwd"), layer_bwd=w("layer_bwd"), core_fwd=w("core_fwd"),
                   layer_gemm=w("layer_gemm"), attn_fwd=w("attn_fwd"), attn_bwd=w("attn_bwd"),
                   memory_bound=w("memory_bound"), experts_fwd=w("experts_fwd"),
                   kernels=round(share * a.kernels + (1 - share) * b.kernels))  # fmt: skip


def layer_micro_times(
    ctx: Any, layout: Layout, device: Device, cal: Calibration, **kw: Any
) -> MicroTimes:
    """:func:`core.plan.timing.micro_times` of the input's layers for ``layout`` (``ctx``: the
    :class:`core.plan.evaluated.Context`, not imported here: it imports the memory that imports
    this module): a dense model's
    as ever; an MoE model's MoE layer (its experts resized by :func:`expert_ops`) and dense layer
    weighted by their counts."""
    spec = ctx.inp.model
    if spec.window and spec.window < ctx.inp.seq:  # the layers with a sliding window, as a share
        kw = {**kw, "window": (spec.window, min(spec.window_layers or spec.layers, spec.layers)
                               / spec.layers)}  # fmt: skip
    # A search asks for the same few dozen shapes thousands of times: remembered per context
    # (by identity, the context kept beside its answer) without hashing the traced shape again;
    # a dense model's answer does not depend on EP or ETP.
    moe_model = spec.is_moe
    ep, etp = (layout.ep, layout.etp) if moe_model else (1, 1)
    key = (id(ctx), id(device), id(cal), ep, etp, *kw.items())  # names kept: no two calls alike
    held = _TIMES.get(key)
    if held is not None and held[0] is ctx:
        return held[1]
    if len(_TIMES) > 8192:
        _TIMES.clear()
    if not moe_model:
        out = micro_times(ctx.ops, device, cal, **kw)
        _TIMES[key] = (ctx, out)
        return out
    rest, gemms = split_ops(ctx.ops)
    fused = fused_mlp_runs(ctx.inp)
    if fused:  # the activation and two quantizations inside the grouped GEMMs
        rest = fused_mlp_rest(ctx.ops)
    expert_times = micro_times(expert_ops(gemms, ctx.inp, layout), device, cal, **kw,
                               fused_glu=fused)  # fmt: skip
    out = replace(_add(micro_times(rest, device, cal, **kw), expert_times),
                  experts_fwd=expert_times.layer_fwd)  # fmt: skip
    # the eager extras of Megatron-Core's code: the per-expert bias loop, the experts' clamp,
    # unfused rotary positions
    for flag, seconds in (("expert_bias", expert_bias_seconds),
                          ("clamped_glu", clamped_glu_seconds),
                          ("unfused_rope", unfused_rope_seconds)):  # fmt: skip
        if getattr(ctx.inp.implementation, flag, False):
            fwd, bwd, kernels = seconds(ctx.inp, layout, cal.bandwidth(device), cal.launch_s)
            after_sync = 0.0 if flag == "unfused_rope" else fwd  # the rotary positions precede it
            out = replace(out, layer_fwd=out.layer_fwd + fwd, layer_bwd=out.layer_bwd + bwd,
                          memory_bound=out.memory_bound + fwd + bwd,
                          kernels=out.kernels + kernels,
                          experts_fwd=out.experts_fwd + after_sync)  # fmt: skip
    dense_ops = getattr(ctx, "dense_ops", None)
    if dense_ops is not None:
        out = _mix(out, micro_times(dense_ops, device, cal, **kw), spec.moe_layers / spec.layers)
    _TIMES[key] = (ctx, out)
    return out


_TIMES: dict[tuple, tuple[Any, MicroTimes]] = {}


def fused_mlp_runs(inp: PlanInput) -> bool:
    """Whether the experts run as a fused grouped MLP (``Implementation.fused_grouped_mlp``): its
    CuTe DSL kernels take block-scaled inputs only (an MXFP8 or NVFP4 recipe on a device whose
    tensor cores read block scales); otherwise the experts run as before."""
    from core.plan.precision import block_scaled, resolve_recipe

    impl = inp.implementation
    if not getattr(impl, "fused_grouped_mlp", False):
        return False
    rec = resolve_recipe(impl.recipe.id, inp.gemm_dtype)
    return bool(rec.low and rec.blocks_in_hardware and block_scaled(inp.cluster.device))


#: Megatron-Core's per-expert bias loop (``TEGroupedMLP._apply_bias``, ``core_v0.15.0`` to
#: ``core_v0.18.0``): ``torch.cat([t + b * p for t, b, p in zip(split(out), biases,
#: split(probs))])`` on the second expert GEMM's output (``skip_bias_add=True``; the first GEMM's
#: bias is Transformer Engine's, in the GEMM). Bytes per element of that output in the activations'
#: dtype (the router's probabilities in it too: ``moe_router_dtype`` unset, ``type_as(logits)``):
#: forward ``b * p`` writes 1, ``t + ·`` reads 2 and writes 1, ``cat`` reads 1 and writes 1
#: (6 elements); backward ``g * p`` (read, write) and its sum over the rows (read) for the bias
#: gradient, ``g * b`` (read, write) and its sum over the width (read) for the probabilities',
#: and ``split``'s backward concatenating the chunks' gradients (read, write): 8 elements.
#: Its kernels are :data:`core.plan.host.EXPERT_BIAS_KERNELS` (the host counts them too).
EXPERT_BIAS_ELEMENTS = (6, 8)


def expert_bias_seconds(inp: PlanInput, layout: Layout, bandwidth: float,
                        launch: float) -> tuple[float, float, int]:  # fmt: skip
    """Forward and backward seconds and kernels of one MoE layer's per-expert bias loop
    (:data:`EXPERT_BIAS_ELEMENTS`) on one GPU per micro-batch: the second GEMM's output is
    ``E/EP`` experts × :func:`expert_rows_per_gpu` rows of ``d_model`` elements, its bytes at the
    achievable memory ``bandwidth``, each kernel one ``launch``."""
    spec = inp.model
    local = spec.experts / layout.ep
    elements = local * expert_rows_per_gpu(inp, layout) * spec.d_model
    size = DTYPE_BYTES[inp.compute_dtype]
    (fe, be), ((fk, fc), (bk, bc)) = EXPERT_BIAS_ELEMENTS, EXPERT_BIAS_KERNELS
    kf, kb = fk * local + fc, bk * local + bc
    fwd = fe * elements * size / bandwidth + kf * launch
    bwd = be * elements * size / bandwidth + kb * launch
    return fwd, bwd, round(kf + kb)


#: Megatron-Core's clamp before the experts' fused gated activation
#: (``weighted_bias_quick_geglu_impl`` with ``clamp_value``, ``core_v0.15.0`` to the dev branch):
#: ``x_glu, x_linear = input.chunk(2, -1)`` (views), ``x_glu.clamp(max=c)`` and
#: ``x_linear.clamp(min=-c, max=c)`` (each reads and writes its half) and ``torch.cat`` of the two
#: (reads and writes both), then ``torch.tensor(linear_offset, device=...)`` (a host-to-device
#: copy). Per row of the first expert GEMM's output (``2·F`` elements, ``F = moe_ffn/ETP``), as
#: ``(bytes per element of the activations' dtype, one-byte elements)`` per ``F``: forward
#: ``(8, 0)``; backward, PyTorch's ``clamp_backward`` (``where(self <= max, grad, 0)`` for the
#: upper clamp: a comparison that writes a bool and the ``where``; ``where((self >= min)
#: .logical_and_(self <= max), grad, 0)`` for the two-sided one: two comparisons, the ``and`` and
#: the ``where``) and the chunk's backward concatenating the two gradients: ``(11, 8)``.
CLAMPED_GLU_BYTES = ((8, 0), (11, 8))
#: Its kernels are :data:`core.plan.host.CLAMPED_GLU_KERNELS` (the host counts them too).


def clamped_glu_seconds(inp: PlanInput, layout: Layout, bandwidth: float,
                        launch: float) -> tuple[float, float, int]:  # fmt: skip
    """Forward and backward seconds and kernels of one MoE layer's clamp before its experts'
    gated activation (:data:`CLAMPED_GLU_BYTES`) on one GPU per micro-batch: ``E/EP`` experts ×
    :func:`expert_rows_per_gpu` rows of ``moe_ffn/ETP`` per half, at the achievable memory
    ``bandwidth``, each kernel one ``launch``. Where the activation is recomputed in backward
    (``moe_act`` among the recompute modules), its forward runs again there."""
    spec = inp.model
    rows = spec.experts / layout.ep * expert_rows_per_gpu(inp, layout)
    width = rows * spec.moe_ffn / layout.etp
    size = DTYPE_BYTES[inp.compute_dtype]
    ((fe, fb), (be, bb)), (kf, kb) = CLAMPED_GLU_BYTES, CLAMPED_GLU_KERNELS
    fwd = (fe * size + fb) * width / bandwidth + kf * launch
    bwd = (be * size + bb) * width / bandwidth + kb * launch
    if "moe_act" in tuple(getattr(inp.implementation, "recompute_modules", ()) or ()):
        bwd += fwd
        kb += kf
    return fwd, bwd, round(kf + kb)


#: Megatron-Core's unfused rotary positions (``_apply_rotary_pos_emb_bshd``, ``core_v0.15.0`` to
#: the dev branch) on Q and on K: ``t * cos``, the half-rotation (``chunk`` views, ``-x2``,
#: ``cat``), ``· * sin``, the add and ``cat((t, t_pass))`` forward; backward the two multiplies,
#: the negation, the concatenation, the add, ``t_pass``'s zero gradient made whole
#: (``slice_backward``) and its add. Elements of the activations' dtype moved per element of Q
#: and K, ``(forward, backward)``, beyond the fused kernel's read and write each way (2, 2):
#: unfused 12 and 14.
UNFUSED_ROPE_ELEMENTS = (12 - 2, 14 - 2)


def unfused_rope_seconds(inp: PlanInput, layout: Layout, bandwidth: float,
                         launch: float) -> tuple[float, float, int]:  # fmt: skip
    """Forward and backward seconds and kernels one layer's unfused rotary positions add over the
    fused kernel (:data:`UNFUSED_ROPE_ELEMENTS`) on one GPU per micro-batch: Q's heads split by
    TP, K's by ``min(TP, kv_heads)``, over the rank's ``b·s/CP`` tokens, at the achievable memory
    ``bandwidth``, each kernel one ``launch``."""
    spec = inp.model
    tokens = layout.micro_batch * inp.seq / layout.cp
    if spec.is_mla:
        q = spec.heads * spec.qk_rope_head_dim / layout.tp
        k = spec.qk_rope_head_dim
    else:
        q = spec.heads * spec.head_dim / layout.tp
        k = spec.kv_heads * spec.head_dim / min(layout.tp, spec.kv_heads)
    elements = tokens * (q + k)
    size = DTYPE_BYTES[inp.compute_dtype]
    (fe, be), (kf, kb) = UNFUSED_ROPE_ELEMENTS, UNFUSED_ROPE_KERNELS
    fwd = fe * elements * size / bandwidth + kf * launch
    bwd = be * elements * size / bandwidth + kb * launch
    return fwd, bwd, kf + kb


@lru_cache(maxsize=4096)
def moe_layers_in_stage(spec: TransformerSpec, stage: str, here: float, first: float) -> float:
    """MoE layers among a pipeline stage's ``here`` layers (``first``: the first stage's layers).

    The stage's layers are taken as one contiguous span (``only``/``first`` from layer 0, ``last``
    ending at the last layer, ``middle`` the span just before a last stage of as many layers: the
    middle rank with the most MoE layers, the busiest, when the dense layers come first); with
    interleaving this is an approximation (the dense first layers sit on the first stage's first
    chunk either way)."""
    if not spec.is_moe:
        return 0.0
    n = round(here)
    if stage in ("only", "first"):
        start = 0
    elif stage == "last":
        start = spec.layers - n
    else:
        start = max(round(first), spec.layers - 2 * n)
    return float(sum(1 for i in range(start, min(spec.layers, start + n)) if spec.is_moe_layer(i)))


def _attention_local(spec: TransformerSpec, t: int) -> float:
    """One layer's attention and its two norms on one TP rank (Megatron's split: Q/K/V, the
    latent up-projections and the output split by TP; latent down-projections, norms and the
    router replicated)."""
    d = spec.d_model
    norms = spec.norm_params()
    if spec.is_mla:
        h = spec.heads
        qk = spec.qk_nope_head_dim + spec.qk_rope_head_dim
        latent = spec.kv_lora_rank + spec.qk_rope_head_dim
        down = d * latent + spec.kv_lora_rank
        if spec.q_lora_rank:
            down += d * spec.q_lora_rank + spec.q_lora_rank
            up = spec.q_lora_rank * h * qk
        else:
            up = d * h * qk
        up += spec.kv_lora_rank * h * (spec.qk_nope_head_dim + spec.v_head_dim)
        up += h * spec.v_head_dim * d
        return down + up / t + norms
    q, kv = spec.q_dim, spec.kv_dim
    kv_div = min(t, spec.kv_heads)
    out = 2 * d * q / t + 2 * d * kv / kv_div + norms
    if spec.qkv_bias:
        out += q / t + 2 * kv / kv_div
    if spec.out_bias:
        out += d
    if spec.qk_norm:
        out += 2 * spec.head_dim
    return out


def param_split(
    spec: TransformerSpec, layout: Layout, stage: str, here: float, first: float
) -> tuple[float, float]:
    """``(parameters outside the routed experts, routed-expert parameters)`` one GPU of pipeline
    ``stage`` holds: the embedding and head as the dense plan splits them, each layer's attention
    (:func:`_attention_local`), dense MLPs and shared experts split by TP, the router replicated;
    ``E/EP`` experts per MoE layer, each split by ETP."""
    return _param_split(spec, layout.tp, layout.ep, layout.etp, stage, here, first)


@lru_cache(maxsize=8192)
def _param_split(
    spec: TransformerSpec, t: int, ep: int, etp: int, stage: str, here: float, first: float
) -> tuple[float, float]:
    ends = _ends(spec, t, stage)
    moe_here = moe_layers_in_stage(spec, stage, here, first)
    dense_here = here - moe_here
    attn = _attention_local(spec, t)
    outside = ends + dense_here * (attn + spec.dense_mlp_params() / t)
    outside += moe_here * (attn + spec.router_params() + spec.shared_expert_params() / t)
    experts = moe_here * (spec.experts / ep) * spec.expert_params() / etp
    return outside, experts


def _ends(spec: TransformerSpec, t: int, stage: str) -> float:
    """The embedding (first stage) and the final norm and LM head (last stage) on one TP rank,
    as :func:`core.plan.memory.stage_params` counts them."""
    d = spec.d_model
    embed = spec.vocab * d / t + spec.max_pos * d
    tail = (2 * d if spec.norm == "layernorm" else d) + (0 if spec.tied else spec.vocab * d / t)
    if stage == "only":
        return embed + tail
    if stage == "first":
        return embed
    if stage == "middle":
        return 0.0
    return (2 * d if spec.norm == "layernorm" else d) + spec.vocab * d / t


def layer_matmul_elements(spec: TransformerSpec, layout: Layout) -> float:
    """Weight elements of the linear GEMMs of one layer on one GPU, the mean over the model's
    layers (what Transformer Engine quantizes for low-precision GEMMs): attention's projections
    as :func:`_attention_local` splits them, a dense layer's MLP split by TP, an MoE layer's
    shared experts split by TP and its ``E/EP`` routed experts split by ETP; the router stays
    in the compute dtype (Megatron-Core's router is not a TE module)."""
    return _matmul_elements(spec, layout.tp, layout.ep, layout.etp)


@lru_cache(maxsize=4096)
def _matmul_elements(spec: TransformerSpec, t: int, ep: int, etp: int) -> float:
    attn = _attention_local(spec, t) - spec.norm_params()
    if spec.is_mla:
        attn -= spec.kv_lora_rank + spec.q_lora_rank  # the latent norms
    elif spec.qk_norm:
        attn -= 2 * spec.head_dim
    n = 3 if spec.gated else 2
    dense = attn + n * spec.d_model * spec.ffn / t
    if not spec.is_moe:
        return dense
    shared = spec.shared_expert_params() - (spec.d_model if spec.shared_gate else 0)
    routed = spec.experts / ep * spec.expert_params() / etp
    moe = attn + shared / t + routed
    share = spec.moe_layers / spec.layers
    return share * moe + (1 - share) * dense


def expert_data_parallel(layout: Layout) -> int:
    """The expert-data-parallel group: ``tp·cp·dp / (ep·etp)`` ranks hold the same experts."""
    return max(1, layout.tp * layout.cp * layout.dp // (layout.ep * layout.etp))


def gpu_params(spec: TransformerSpec, layout: Layout, stage: str, here: float,
               first: float) -> float:  # fmt: skip
    """Parameters one GPU of ``stage`` reduces the gradients of: the rest over DP × CP, its
    experts' over their expert-data-parallel group (:func:`expert_dp_comm` times each group at
    its own ring rate)."""
    outside, experts = param_split(spec, layout, stage, here, first)
    return outside + experts


def optimizer_params(spec: TransformerSpec, layout: Layout, stage: str, here: float,
                     first: float) -> float:  # fmt: skip
    """Parameters for the optimizer step of one GPU of ``stage``, the experts' weighted so that
    the step's division by the data-parallel group (``dp·cp``, with ZeRO) leaves their share of
    the expert-data-parallel group: ``outside + experts · dp·cp / EDP`` (without ZeRO, every
    parameter the GPU holds)."""
    outside, experts = param_split(spec, layout, stage, here, first)
    if layout.zero < 1:
        return outside + experts
    return outside + experts * layout.dp * layout.cp / expert_data_parallel(layout)


def expert_dp_comm(
    inp: PlanInput, layout: Layout, cal: Calibration, link: Any, comm: Any, params: float,
    stage: str, here: float, first: float, factor: float = 1.0,
) -> Any:  # fmt: skip
    """``comm`` (:class:`core.plan.comm.CommTimes` of the GPU's ``params``) with its
    data-parallel collectives split by group, as Megatron-Core's ``DistributedDataParallel``
    splits its buffers: the parameters outside the routed experts over DP × CP (the ``link`` the
    dense plan takes), the routed experts' (:func:`param_split`, × ``factor``: DualPipe's two
    stages) over their expert-data-parallel group of ``EDP`` ranks ``ETP·EP`` apart (the expert
    rank order ``tp-ep-dp-pp``), at that group's own ring rate: NVLink inside a node, else the
    NICs of the group's ranks in one node (one when ``EP·ETP`` fills the node). ZeRO-3 (FSDP's
    per-layer gathers) is left as it was."""
    from core.plan.comm import _coll, _nodes, comm_times
    from core.plan.frameworks import framework, gradient_buckets, reduce_dtype

    spec = inp.model
    edp = expert_data_parallel(layout)
    if layout.zero > 2 or not spec.is_moe:
        return comm
    experts = param_split(spec, layout, stage, here, first)[1] * factor
    if experts <= 0:
        return comm
    dense = comm_times(inp, layout, cal, link, max(0.0, params - experts), here)
    cl, rec = inp.cluster, inp.recipe
    fw = framework(inp.implementation.framework)
    reduce_in = reduce_dtype(fw, layout.zero)
    per_grad = DTYPE_BYTES[reduce_in] if reduce_in else rec.bytes("grads")
    stride = layout.etp * layout.ep
    intra = cal.busbw(cl.intra_bw, False)
    nodes = _nodes(stride, edp, cl.domain)
    if edp > 1 and cl.group_crosses_nodes(stride, edp):
        busbw = min(intra, -(-edp // nodes) * cal.busbw(cl.inter_bw, True))
    else:
        busbw = intra
    calls = gradient_buckets(fw, zero=layout.zero, params=experts, layers=here, vpp=layout.vpp,
                             dp=edp, grad_bytes=per_grad)  # fmt: skip
    lat = cal.collective_latency_s

    def coll(op: str, size: float) -> float:
        if edp <= 1 or size <= 0:
            return 0.0
        return calls * _coll(op, size / calls, edp, busbw, lat, cal, nodes)

    if layout.zero == 0:
        grads, gathers = coll("all-reduce", experts * per_grad), 0.0
    else:
        grads = coll("reduce-scatter", experts * per_grad)
        gathers = coll("all-gather", experts * rec.bytes("params"))
    return replace(comm, dp_grads=dense.dp_grads + grads, dp_params=dense.dp_params + gathers,
                   dp_buckets=dense.dp_buckets + (calls if edp > 1 else 0))  # fmt: skip


def alltoall_layer_seconds(inp: PlanInput, layout: Layout, cal: Calibration) -> float:
    """Seconds of one direction's all-to-alls of one MoE layer per micro-batch (a dispatch and a
    combine, with ETP's all-gather and reduce-scatter): the forward pays it once, the backward
    once, full recomputation once more."""
    key = (id(inp), id(cal), layout.tp, layout.cp, layout.micro_batch, layout.ep, layout.etp)
    held = _A2A.get(key)
    if held is not None and held[0] is inp and held[1] is cal:
        return held[2]
    if len(_A2A) > 8192:
        _A2A.clear()
    seconds = _alltoall_layer(inp, layout, cal)
    _A2A[key] = (inp, cal, seconds)
    return seconds


_A2A: dict[tuple, tuple[Any, Any, float]] = {}


def _alltoall_layer(inp: PlanInput, layout: Layout, cal: Calibration) -> float:
    from core.plan.comm import alltoall_seconds

    spec = inp.model
    e = inp.recipe.bytes("acts")
    tokens = layout.micro_batch * inp.seq / (layout.cp * layout.tp)
    rows = tokens * spec.top_k * _capacity(inp)
    size = rows * spec.d_model * e
    if getattr(inp.implementation, "dispatcher", "alltoall") == "deepep":
        from core.plan.deepep import deepep_seconds

        seconds = deepep_seconds(inp, layout, cal, tokens * _capacity(inp))
    else:
        seconds = 2 * alltoall_seconds(inp, cal, layout.etp, layout.ep, size)
    if layout.etp > 1:
        from core.comm.algorithms import bus_factor

        bw, crosses = inp.cluster.group_bandwidth(1, layout.etp)
        busbw = cal.busbw(bw, crosses)
        gathered = layout.etp * size  # nccl-tests' size: the gathered buffer
        each = bus_factor("all-gather", layout.etp) * gathered / busbw + cal.collective_latency_s
        seconds += 2 * each  # the dispatch's all-gather, the combine's reduce-scatter
    return seconds


def active_matmul_params(spec: TransformerSpec) -> float:
    """Matmul weights one token uses, the LM head included (the module docstring's ``N_active``)."""
    d = spec.d_model
    attn = spec.attention_params()
    if spec.is_mla:
        attn -= spec.kv_lora_rank + (spec.q_lora_rank or 0)  # the latent norms
    elif spec.qk_norm:
        attn -= 2 * spec.head_dim
    mlp_dense = (3 if spec.gated else 2) * d * spec.ffn
    moe = spec.moe_layers
    shared = (3 if spec.gated else 2) * d * spec.shared_experts * (spec.shared_ffn or spec.moe_ffn)
    per_moe = d * spec.experts + spec.top_k * spec.expert_params() + shared
    per_moe += d if spec.shared_gate else 0
    return (spec.layers * attn + (spec.layers - moe) * mlp_dense + moe * per_moe
            + spec.vocab * d)  # fmt: skip


def _attention_head_width(spec: TransformerSpec) -> float:
    if spec.is_mla:
        return (spec.qk_head_dim + spec.v_head_dim) / 2
    return float(spec.head_dim)


def flops_per_step(inp: PlanInput, recompute: str) -> tuple[float, float]:
    """``(model FLOPs, hardware FLOPs)`` of one step of an MoE or latent-attention model, as
    :func:`core.plan.model.flops_per_step` makes them for a dense one, with the active matmul
    weights (:func:`active_matmul_params`) and latent attention's head widths."""
    from core.plan import mtp
    from core.roofline.utilization import (
        ATTENTION_BACKWARD_MODEL,
        attention_forward_flops,
        attention_layers,
        hardware_attention_flops,
    )

    spec = inp.model
    tokens = inp.tokens_per_step
    n = active_matmul_params(spec)
    depth = mtp.depth(inp)
    if depth:  # MTP modules: Megatron-Bridge's flop_utils convention (core.plan.mtp)
        block = (replace(spec, layers=1, dense_layers=0, moe_every=1, window=0, window_layers=0)
                 if mtp.moe_module(spec) else replace(dense_variant(spec), layers=1))  # fmt: skip
        per_layer = active_matmul_params(block) - spec.vocab * spec.d_model
        n += mtp.flops_params(spec, depth, per_layer)
    q = _attention_head_width(spec)
    attn_layers = attention_layers(spec.layers, inp.seq, spec.window, spec.window_layers) + depth
    attn_fwd = attn_layers * attention_forward_flops(
        inp.global_batch,
        inp.seq,
        spec.heads,
        q,  # type: ignore[arg-type]
    )
    attention = (1.0 + ATTENTION_BACKWARD_MODEL) * attn_fwd
    matmuls = 6.0 * n * tokens
    model = matmuls + attention
    if inp.implementation.flash:
        attention += 0.5 * attn_fwd
    if recompute == "full":  # every block's forward again (not the LM heads)
        matmuls += 2.0 * (n - (1 + depth) * spec.vocab * spec.d_model) * tokens
    if recompute in ("full", "selective"):
        attention += attn_fwd
    return model, matmuls + hardware_attention_flops(attention)


def expert_memory(
    inp: PlanInput, layout: Layout, stage: str, here: float, first: float,
    per: Mapping[str, float], zero: int | None = None,
) -> tuple[float, float, float, float]:  # fmt: skip
    """``(parameters outside the routed experts, the experts' state in bytes, the all-to-all's
    buffers in bytes, one MoE layer's expert parameters)`` on one GPU of pipeline ``stage`` (the
    last: what ZeRO-3 gathers with each MoE layer).

    The experts' weights, gradients and optimizer state (``per``: bytes per parameter of each)
    are :func:`param_split`'s share of the routed experts, sharded by ZeRO stage ``zero`` (the
    layout's when ``None``) over the expert-data-parallel group (:func:`expert_data_parallel`:
    Megatron's distributed optimizer shards expert parameters over it, the others over DP × CP),
    counted by :func:`core.memory.expert_parallel.sharded_state_bytes`, the Memory tab's count.
    Under ZeRO-3 in a framework whose FSDP keeps only the fp32 shard
    (:attr:`~core.plan.frameworks.Framework.gathered_weights_only`) the experts' compute-dtype
    weights exist only gathered, as the rest's do. The buffers: the all-to-all's send and receive
    tensors, :func:`core.memory.expert_parallel.dispatch_buffer_bytes` of the routing of the
    GPU's ``b·s / (CP·TP)`` tokens (none without expert parallelism)."""
    from core.memory.expert_parallel import dispatch_buffer_bytes, sharded_state_bytes

    fx = _fixed(inp)
    z = layout.zero if zero is None else zero
    # everything below is a function of these alone: a search meets each many times
    key = (layout.tp, layout.ep, layout.etp, layout.dp, layout.cp, layout.micro_batch, stage,
           here, first, z, per["params"], per["grads"], per["optimizer"])  # fmt: skip
    found = fx.memories.get(key)
    if found is not None:
        return found
    outside, experts = fx.split(layout, stage, here, first)
    sharded = layout.dp * layout.cp > 1
    edp = expert_data_parallel(layout) if sharded else 1
    parts = sharded_state_bytes(experts, per, z, edp)
    if z >= 3 and sharded and fx.gathered_only:
        parts["params"] = 0.0
    state = parts["params"] + parts["grads"] + parts["optimizer"]
    buffer = dispatch_buffer_bytes(fx.route(layout), fx.spec.d_model, fx.acts_bytes)
    layer = fx.spec.experts / layout.ep * fx.expert_params / layout.etp
    found = fx.memories[key] = (outside, state, buffer, layer)
    return found


class _Fixed:
    """What :func:`expert_memory` and :func:`state_floor` need of the input alone, worked out
    once per input (a search asks for tens of thousands of layouts of one), and the
    :func:`param_split` and :func:`expert_memory` answers it has met (the same as theirs,
    without hashing the model or counting the routing again for each)."""

    def __init__(self, inp: PlanInput) -> None:
        self.inp = inp
        self.spec = inp.model
        self.per = inp.recipe.per_param(inp.optimizer)
        self.capacity = _capacity(inp)
        self.acts_bytes = inp.recipe.bytes("acts")
        self.expert_params = self.spec.expert_params()
        self.splits: dict[tuple, tuple[float, float]] = {}
        self.routes: dict[tuple[int, int, int, int, int], Any] = {}
        self.memories: dict[tuple, tuple[float, float, float, float]] = {}
        from core.plan.frameworks import framework

        self.gathered_only = (framework(inp.implementation.framework).gathered_weights_only
                              and inp.recipe.master != "none")  # fmt: skip

    def route(self, layout: Layout) -> Any:
        """The :func:`core.memory.expert_parallel.routing` of one GPU's ``b·s / (CP·TP)``
        tokens under ``layout``'s EP, ETP and the input's capacity factor."""
        key = (layout.micro_batch, layout.cp, layout.tp, layout.ep, layout.etp)
        found = self.routes.get(key)
        if found is None:
            from core.memory.expert_parallel import ExpertLayout, routing

            tokens = max(1, layout.micro_batch * self.inp.seq // (layout.cp * layout.tp))
            cf = getattr(self.inp, "capacity_factor", None)
            found = self.routes[key] = routing(self.spec, tokens,
                                               ExpertLayout(layout.ep, layout.etp, cf))  # fmt: skip
        return found

    def split(self, layout: Layout, stage: str, here: float, first: float) -> tuple[float, float]:
        """:func:`param_split` of ``layout``'s stage."""
        key = (layout.tp, layout.ep, layout.etp, stage, here, first)
        found = self.splits.get(key)
        if found is None:
            found = self.splits[key] = _param_split(self.spec, *key)
        return found


_FIXED: list[_Fixed] = []


def _fixed(inp: PlanInput) -> _Fixed:
    """The input's :class:`_Fixed`, remembered for the last input met (by identity: a
    :class:`~core.plan.inputs.PlanInput` is frozen)."""
    held = _FIXED[0] if _FIXED else None  # one read: another thread may replace it
    if held is not None and held.inp is inp:
        return held
    made = _Fixed(inp)
    _FIXED[:] = [made]
    return made


def state_floor(inp: PlanInput, layout: Layout) -> float:
    """A floor under the busiest GPU's peak memory: the weights and optimizer state of its
    pipeline stage outside the experts (alive at every moment; the weights left out under
    ZeRO-3, which some frameworks keep only gathered) and the experts' whole state, sharded as
    :func:`core.plan.memory.memory_per_gpu` shards them; no gradient outside the experts, no
    activation, temporary or allowance. A search skips a layout whose floor is over the
    device's memory without counting the rest: it cannot fit."""
    from core.plan.inputs import stage_layers

    spec = inp.model
    stages = stage_layers(spec.layers, layout.pp, layout.vpp, inp.implementation.pipeline_layout)
    if stages is None:
        return 0.0
    from core.plan.frameworks import framework, memory_zero

    per = _fixed(inp).per
    shard = layout.dp * layout.cp
    z = memory_zero(framework(inp.implementation.framework), layout.zero, layout.pp)
    z = z if shard > 1 else 0
    each = (0.0 if z >= 3 else per["params"]) + per["optimizer"] / (shard if z >= 1 else 1)
    first = stages.get("first", stages.get("only", (0, 0.0)))[1]
    worst = 0.0
    for stage, (_, here) in stages.items():
        outside, state, _, _ = expert_memory(inp, layout, stage, here, first, per, z)
        worst = max(worst, outside * each + state)
    return worst


def mtp_module_memory(inp: Any, layout: Any, per: Any, zero: int | None = None
                      ) -> tuple[float, float]:  # fmt: skip
    """``(parameters outside the routed experts, routed-expert state in bytes)`` of one MTP
    module (:mod:`core.plan.mtp`) on one GPU: its block (as :func:`param_split` splits one), the
    ``2d → d`` projection (column-parallel, split by TP) and its two norms."""
    from core.plan.mtp import moe_module

    spec, t = inp.model, layout.tp
    d = spec.d_model
    outside = _attention_local(spec, t) + 2 * d * d / t + 2 * d
    state = 0.0
    if moe_module(spec):
        outside += spec.router_params() + spec.shared_expert_params() / t
        from core.memory.expert_parallel import sharded_state_bytes

        experts = spec.experts / layout.ep * spec.expert_params() / layout.etp
        edp = expert_data_parallel(layout) if layout.dp * layout.cp > 1 else 1
        z = layout.zero if zero is None else zero
        state = sum(sharded_state_bytes(experts, per, z, edp).values())
    else:
        outside += (3 if spec.gated else 2) * d * spec.ffn / t
    return outside, state
