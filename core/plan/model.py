"""The step of one layout: compute from the traced ops, communication, the bubble, the optimizer.

Per micro-batch, a pipeline stage of ``L/p`` layers runs each layer's forward and backward ops
(:func:`core.plan.timing.micro_times`), the recomputation its policy asks for (full: the layer's
forward again; selective: the attention core's forward), the exposed TP and CP communication, and
its point-to-point sends; the first stage adds the embedding, the last the final norm, the LM head
and the loss. The step (Narayanan et al. 2021, §2.2):

``step = m · t_stage + (p − 1)/v · t_stage + exposed DP + optimizer``

with ``m`` micro-batches, ``t_stage`` the slowest stage's time per micro-batch and
``(p − 1)/(v·m)`` the bubble of the 1F1B (v = 1) or interleaved schedule.

Overlap, stated in every result's ``assumptions``:

* TP collectives are on the critical path (Megatron-LM runs them between the GEMMs that need
  them; Narayanan et al. 2021 §3.2), unless ``tp_overlap`` decomposes them with sequence
  parallelism: Transformer Engine's userbuffers or AsyncTP, per the framework, hide only what
  each chunk's GEMM leaves room for, and the chunked GEMMs' lower efficiency is paid
  (:func:`core.plan.overlap.tp_decomposed`). Without SP nothing is decomposed.
* CP's ring exchanges run during the attention blocks and show only beyond the attention's time
  (Megatron-Core's ring attention); the all-gather variant (Llama 3 §3.3.2) is exposed.
* PP's point-to-point sends are exposed (they sit between a stage's compute and its neighbour's).
* Overlap is not free: compute that runs while an overlapped collective runs is slowed by the
  calibrated ``overlap_compute_slowdown`` (the collective's kernels take SMs and memory bandwidth
  from it; Lee et al. 2025 measured 18.9 % on average on A100 and H100); that share of the hidden
  time is added to the collective's exposed time.
* DP: the gradient reduction runs bucket by bucket (the framework's buckets,
  :func:`core.plan.frameworks.gradient_buckets`) as the last micro-batch's backward fills them,
  under the interleaved schedule each model chunk's last backward, the chunks ``p`` backwards
  apart; the last bucket is always exposed (:func:`core.plan.overlap.bucketed_exposed`). ZeRO's
  weight all-gathers mirror it over the next step's first forward; ZeRO-3's are gathered one
  layer ahead in every micro-batch. Without ``dp_overlap`` (or where the framework's engine
  forbids it: DeepSpeed's pipeline) they all add to the step. FSDP2's mixed-precision casts run
  on the compute stream.
* The optimizer step runs after the reduction, memory-bound over the GPU's shard of weights,
  gradients and states (a fused multi-tensor kernel: each read and written once), not overlapped.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Any

from core.plan import dualpipe, ep_overlap, host, moe, mtp, muon, op_sac, torch_cp
from core.plan import memory as mem
from core.plan.comm import comm_times, links
from core.plan.evaluated import Context, Evaluation
from core.plan.frameworks import (
    Framework,
    framework,
    fsdp_casts,
    hp_grad_accum,
    reduce_dtype,
    reduction_overlaps,
)
from core.plan.grad_accum import (
    accumulation_pass_seconds,
    accumulation_passes,
    hp_grad_pass_seconds,
    param_tensors_per_layer,
)
from core.plan.inputs import Layout, PlanInput, check_layout, stage_layers
from core.plan.overlap import bucketed_exposed, tp_decomposed
from core.plan.precision import fp8_attention_dtype, layer_matmul_elements
from core.plan.precision import step_costs as precision_step_costs
from core.plan.result import PlanResult
from core.plan.words import STAGES, assumptions, limits
from core.roofline.achievable import Calibration
from core.roofline.hardware import DTYPE_BYTES
from core.roofline.utilization import (
    ATTENTION_BACKWARD_MODEL,
    attention_forward_flops,
    attention_layers,
    hardware_attention_flops,
    model_flops_per_token,
    utilization_peak,
)
from core.texts import Text, translate
from core.units import format_bytes

__all__ = [
    "Context",
    "Evaluation",
    "context",
    "device_calibration",
    "evaluate",
    "flops_per_step",
    "measured_device",
    "plan",
    "step_floor",
]


def device_calibration(inp: PlanInput) -> Calibration:
    """The cluster device's calibration: measured here where the benchmark matched it, the
    user's overrides, the built-in file, a sibling or the family's median."""
    from core.roofline.achievable import calibration, read_overrides

    overrides, problem = read_overrides()
    cal = calibration(
        inp.cluster.device, measured=measured_device(inp.cluster.device.id), overrides=overrides
    )
    if problem:  # a file that does not read is said in the assumptions, not applied
        note = problem if isinstance(problem, Text) else Text("", problem, {})
        cal = replace(cal, notes=(*cal.notes, note))
    return cal


@lru_cache(maxsize=8)
def measured_device(device_id: str) -> Any:
    """ "This machine" from the app's benchmark file, if it measured this device's GPU (or is it)."""
    try:
        from core.bench import default_measurements_path, read_measurements
        from core.bench.this_machine import THIS_MACHINE_ID, this_machine
        from core.roofline.hardware import load_catalog

        path = default_measurements_path()
        if not path.exists():
            return None
        points = read_measurements(path).points
        kind = "cpu" if device_id == THIS_MACHINE_ID else "cuda"
        chosen = [p for p in points if p.get("device", "cpu") == kind]
        if not chosen:
            return None
        return this_machine(chosen, catalog=load_catalog())
    except Exception:  # an unreadable benchmark file never stops a plan
        return None


def context(inp: PlanInput, *, calibration: Calibration | None = None) -> Context:
    """Trace (or take from the cache) the input's shape and calibrate its device."""
    ops, dense_ops = moe.traced_ops(inp)  # a dense model's one trace, or an MoE's layers
    cal = calibration if calibration is not None else device_calibration(inp)
    return Context(inp, ops, cal, dense_ops)


def _layer_matmul_params(inp: PlanInput) -> float:
    spec = inp.model
    d, f, kv = spec.d_model, spec.ffn, spec.kv_dim
    return 2 * d * d + 2 * d * kv + (3 if spec.gated else 2) * d * f


def _recompute_layer(inp: PlanInput, recompute: str, mt: Any) -> float:
    """Seconds a layer's backward runs its forward again: all of it (full), the attention core
    (Megatron's selective), or torchtitan's policy by op (:mod:`core.plan.op_sac`)."""
    if recompute == "full":
        return mt.layer_fwd
    if op_sac.runs(inp.implementation, recompute, inp.model):
        return op_sac.recompute_seconds(inp.model, mt.layer_fwd, mt.core_fwd, mt.layer_gemm / 3,
                                        inp.implementation.recipe.low)  # fmt: skip
    return mt.core_fwd if recompute == "selective" else 0.0


def flops_per_step(inp: PlanInput, recompute: str) -> tuple[float, float]:
    """``(model FLOPs, hardware FLOPs)`` of one step over all GPUs.

    Model FLOPs: ``(6·N + 12·L·H·Q·T) × tokens`` with ``N`` every matmul parameter, the LM head
    included (:func:`core.roofline.utilization.model_flops_per_token`). Hardware FLOPs add the
    recomputed forward (full: every layer's matmuls and attention; selective: the attention's
    ``QKᵀ`` and ``P·V``) and, with flash attention, the backward's recomputed scores (½ × the
    attention forward, the 2.5× of torch's SDPA formula against the model's 2×); every attention
    FLOP at the share the causal kernel executes
    (:func:`core.roofline.utilization.hardware_attention_flops`), as the step time charges it.
    """
    spec = inp.model
    if spec.is_moe or spec.is_mla or mtp.depth(inp):
        return moe.flops_per_step(inp, recompute)  # active parameters, latent attention, MTP
    n = spec.layers * _layer_matmul_params(inp) + spec.vocab * spec.d_model
    tokens = inp.tokens_per_step
    attn_layers = attention_layers(spec.layers, inp.seq, spec.window, spec.window_layers)
    model = model_flops_per_token(n, attn_layers, spec.heads, spec.head_dim, inp.seq) * tokens
    attn_fwd = attn_layers * attention_forward_flops(
        inp.global_batch, inp.seq, spec.heads, spec.head_dim
    )
    attention = (1.0 + ATTENTION_BACKWARD_MODEL) * attn_fwd  # model FLOPs' attention share
    matmuls = model - attention
    if inp.implementation.flash:
        attention += 0.5 * attn_fwd
    if op_sac.runs(inp.implementation, recompute, spec):  # torchtitan's: GEMMs, not attention
        share = op_sac.recomputed_gemm_share(spec, inp.implementation.recipe.low)
        matmuls += share * 2 * spec.layers * _layer_matmul_params(inp) * tokens
        return model, matmuls + hardware_attention_flops(attention)
    if recompute == "full":
        matmuls += 2 * spec.layers * _layer_matmul_params(inp) * tokens
    if recompute in ("full", "selective"):
        attention += attn_fwd
    return model, matmuls + hardware_attention_flops(attention)


def evaluate(ctx: Context, layout: Layout, memory: mem.StageMemory | None = None) -> Evaluation:
    """Step time, its breakdown and the busiest GPU's memory for a checked layout (``memory``:
    already computed for it)."""
    inp, cal = ctx.inp, ctx.cal
    spec, impl = inp.model, inp.implementation
    t, p, v, c = layout.tp, layout.pp, layout.vpp, layout.cp
    m = inp.global_batch // (layout.dp * layout.micro_batch)
    if memory is None:
        memory = mem.memory_per_gpu(inp, layout, m)
    mt = _micro_times(ctx, layout)
    link = links(inp, layout, cal)
    split = stage_layers(spec.layers, p, v, impl.pipeline_layout)
    assert split is not None
    first_here = split.get("first", split.get("only", (0, 0.0)))[1]
    if spec.is_moe:
        busiest, busiest_layers, stage_b = max(
            (moe.gpu_params(spec, layout, s, here, first_here), here, s)
            for s, (_, here) in split.items()
        )
    else:  # the stages' parameters as the memory worked them out (stage_params, remembered)
        busiest, busiest_layers, stage_b = max(
            (st.params, st.here, st.name) for st in mem.stages_of(inp, t, p, v)
        )
    ep_layer = moe.alltoall_layer_seconds(inp, layout, cal) if spec.is_moe else 0.0
    dual = dualpipe.runs(impl.schedule, p)
    pairs = ep_overlap.runs(impl, spec, layout.ep)
    opt_params = busiest
    if spec.is_moe:  # the experts' optimizer state is sharded over their own DP group
        opt_params = moe.optimizer_params(spec, layout, stage_b, busiest_layers, first_here)
    busiest *= dualpipe.params_factor(impl.schedule, p)  # DualPipe: two stages' parameters
    opt_params *= dualpipe.params_factor(impl.schedule, p)
    comm = comm_times(inp, layout, cal, link, busiest, busiest_layers)
    if spec.is_moe:  # the experts' gradients and weights over their own group (core.plan.moe)
        comm = moe.expert_dp_comm(inp, layout, cal, link, comm, busiest, stage_b, busiest_layers,
                                  first_here, dualpipe.params_factor(impl.schedule, p))  # fmt: skip
    full = layout.recompute == "full"
    compute_layer = mt.layer_fwd + mt.layer_bwd
    recompute_layer = _recompute_layer(inp, layout.recompute, mt)
    if impl.recompute_modules:  # Megatron's --recompute-modules (core.plan.recompute_modules)
        from core.plan.recompute_modules import recompute_seconds

        per_layer = (moe.active_matmul_params(spec) - spec.vocab * spec.d_model) / spec.layers
        recompute_layer += recompute_seconds(inp, layout, mt, inp.cluster.device, cal, ep_layer,
                                             per_layer)  # fmt: skip
    if c > 1 and framework(impl.framework).torch_cp:  # PyTorch's ring merges (core.plan.torch_cp)
        merge_f, merge_b = torch_cp.merge_seconds(
            spec, layout.micro_batch * inp.seq / c, t, c, cal.bandwidth(inp.cluster.device)
        )
        compute_layer += merge_f + merge_b
        recompute_layer += merge_f if full else 0.0
    tp_layer = comm.tp_layer_fwd * (2 if full else 1) + comm.tp_layer_bwd
    tp_hidden = tp_cost = 0.0
    if impl.tp_overlap and layout.sp and t > 1:
        exp_f, exp_b, cost_f, cost_b = tp_decomposed(
            ctx.ops, inp.cluster.device, cal, b=layout.micro_batch, t=t, c=c,
            compute_dtype=inp.compute_dtype, gemm_dtype=inp.gemm_dtype,
            kind=framework(impl.framework).tp_overlap_kind, comm_fwd=comm.tp_layer_fwd,
            comm_bwd=comm.tp_layer_bwd,
        )  # fmt: skip
        runs_f = 2 if full else 1  # full recomputation runs the forward's collectives again
        tp_hidden = tp_layer - (runs_f * exp_f + exp_b)
        tp_cost = runs_f * cost_f + cost_b
    slow = cal.overlap_slowdown
    tp_exposed = tp_layer - tp_hidden + slow * tp_hidden + tp_cost
    if impl.cp_comm == "ring":
        cp_exposed = max(0.0, comm.cp_layer_fwd - mt.attn_fwd) + max(
            0.0, comm.cp_layer_bwd - mt.attn_bwd
        )
        if full:
            cp_exposed += max(0.0, comm.cp_layer_fwd - mt.attn_fwd)
    else:
        cp_exposed = comm.cp_layer_fwd * (2 if full else 1) + comm.cp_layer_bwd
    cp_total = comm.cp_layer_fwd * (2 if full else 1) + comm.cp_layer_bwd
    cp_hidden = cp_total - cp_exposed
    cp_exposed += slow * cp_hidden
    fw = framework(impl.framework)
    cast = (
        _fsdp_cast_seconds(ctx, layout, busiest, busiest_layers, fw)
        if fsdp_casts(fw, layout.zero)
        else 0.0
    )
    cast += _hp_accum_seconds(ctx, layout, busiest, busiest_layers, fw)
    cast += _accumulation_seconds(ctx, busiest, busiest_layers, m)
    # the CPU's excess over the GPU per MoE layer (core.plan.host): MoE layers sync the host
    host_layer = host.layer_excess(ctx, layout, mt, ep_layer, tp_exposed + cp_exposed,
                                   recompute_layer)  # fmt: skip
    stages: dict[str, dict[str, float]] = {}
    for name, (_, layers) in split.items():
        first = name in ("only", "first")
        last = name in ("only", "last")
        extra = (mt.embed_fwd + mt.embed_bwd if first else 0.0) + (
            mt.head_fwd + mt.head_bwd if last else 0.0
        )
        n_mtp = mtp.layers_on(inp, name)  # MTP modules: a block, a projection, one more head
        if n_mtp:
            extra += n_mtp * (mt.head_fwd + mt.head_bwd + mtp.projection_seconds(inp, layout, cal))
        layers_here = layers
        layers = layers + n_mtp
        tp_extra = (comm.tp_embed if first else 0.0) + (comm.tp_head if last else 0.0)
        parts = {
            "compute": layers * compute_layer + extra + cast,
            "recompute": layers * recompute_layer,
            "tp_comm": layers * tp_exposed + tp_extra,
            "cp_comm": layers * cp_exposed,
            "pp_comm": comm.pp_micro,
        }
        if spec.is_moe:  # forward, backward, and the forward again under full recomputation
            moe_here = moe.moe_layers_in_stage(spec, name, layers_here, first_here)
            moe_here += n_mtp if mtp.moe_module(spec) else 0
            parts["ep_comm"] = moe_here * ep_layer * (3 if full else 2)
            parts["compute"] += moe_here * host_layer
        if pairs:  # Megatron's overlap: the all-to-all behind another micro-batch's compute
            ep_mb = parts["ep_comm"]
            shown, _ = dualpipe.hidden_comm(ep_mb, parts["compute"] + parts["recompute"],
                                            cal.overlap_slowdown)  # fmt: skip
            alone = ep_overlap.unpaired_share(p, v, m)  # the warm-up and cool-down chunks
            parts["ep_comm"] = alone * ep_mb + (1.0 - alone) * shown
        if dual:  # DualPipe hides a micro-batch's all-to-all and sends behind its paired chunk
            sent = parts["pp_comm"] + parts.get("ep_comm", 0.0)
            shown, _ = dualpipe.hidden_comm(sent, parts["compute"] + parts["recompute"],
                                            cal.overlap_slowdown)  # fmt: skip
            for key in ("pp_comm", "ep_comm"):
                if key in parts and sent > 0:
                    parts[key] *= shown / sent
        stages[name] = parts
    if dual:  # each GPU runs half the micro-batches through each of its two stages
        stage, parts, layers = dualpipe.busiest_pair(
            stages, {name: here for name, (_, here) in split.items()}
        )
    else:
        stage = max(stages, key=lambda k: sum(stages[k].values()))
        parts = stages[stage]
        layers = split[stage][1]
    t_stage = sum(parts.values())
    bubble = (p - 1) / v * t_stage
    if dual:  # (PP/2 − 1)(F&B + B − 3W), W the weight-gradient GEMMs: a third of the GEMMs
        # F, B and W of the busiest GPU's chunk: its whole time per micro-batch (the embedding,
        # the head and the MTP modules with its layers), split as its layers' time splits
        per = layers * (mt.layer_fwd + mt.layer_bwd + recompute_layer)
        scale = t_stage / per if per > 0 else 1.0
        bubble = dualpipe.bubble(p, scale * layers * mt.layer_fwd,
                                 scale * layers * (mt.layer_bwd + recompute_layer),
                                 scale * layers * mt.layer_gemm / 3)  # fmt: skip
    bwd_last = layers * (mt.layer_bwd + recompute_layer)
    fwd_first = layers * mt.layer_fwd
    overlaps = reduction_overlaps(fw, impl.dp_overlap, p, layout.zero)
    n_buckets = comm.dp_buckets
    if layout.zero == 3:
        # per layer, gathered one layer ahead: the first layer's gather (forward), and the
        # first gather and last reduce-scatter of the backward, have nothing to hide behind
        dp_total = m * (comm.zero3_fwd + comm.zero3_bwd)
        dp_exposed = m * (
            bucketed_exposed(comm.zero3_fwd, n_buckets, fwd_first)
            + bucketed_exposed(comm.zero3_bwd, n_buckets, bwd_last)
        ) if overlaps else dp_total  # fmt: skip
    elif muon.layer_wise(inp, layout):  # dist_muon: DDP's all-reduce, the gather after the step
        grads = 2.0 * comm.dp_grads  # a ring all-reduce: the reduce-scatter and a gather
        dp_total = grads + comm.dp_params
        shown = bucketed_exposed(grads, n_buckets, bwd_last, v, p) if overlaps else grads
        dp_exposed = shown + comm.dp_params
    elif overlaps:
        dp_exposed = bucketed_exposed(comm.dp_grads, n_buckets, bwd_last, v, p) + (
            bucketed_exposed(comm.dp_params, n_buckets, fwd_first, v, p)
        )
        dp_total = comm.dp_grads + comm.dp_params
    else:
        dp_exposed = dp_total = comm.dp_grads + comm.dp_params
    dp_hidden = dp_total - dp_exposed
    dp_exposed += slow * dp_hidden
    optimizer = _optimizer_seconds(ctx, layout, opt_params)
    if inp.optimizer.id == "muon":  # its Newton-Schulz GEMMs on the busiest stage's matrices
        moe_b = moe.moe_layers_in_stage(spec, stage_b, busiest_layers, first_here)
        optimizer += dualpipe.params_factor(impl.schedule, p) * muon.newton_schulz_seconds(
            inp, layout, cal, busiest_layers - moe_b, moe_b
        )
    low = precision_step_costs(impl.recipe, inp.cluster.device, cal,
                               weight_elements=moe.layer_matmul_elements(spec, layout)
                               if spec.is_moe else layer_matmul_elements(spec, t),
                               layers_here=layers * (2 if dual else 1), layers=spec.layers,
                               micro_batches=m // 2 if dual else m, chunks=2 if dual else v,
                               reduce_ranks=t * c * layout.dp,
                               per_node=inp.cluster.domain, zero=layout.zero)  # fmt: skip
    breakdown = {
        "compute": m * parts["compute"] + low.total,
        "recompute": m * parts["recompute"],
        "tp_comm": m * parts["tp_comm"],
        "cp_comm": m * parts["cp_comm"],
        "pp_comm": m * parts["pp_comm"],
        "bubble": bubble,
        "dp_comm": dp_exposed,
        "optimizer": optimizer,
        "ep_comm": m * parts.get("ep_comm", 0.0),  # the expert all-to-all (0 for a dense model)
    }
    hidden = {
        "tp_comm": m * layers * tp_hidden,
        "cp_comm": m * layers * cp_hidden,
        "dp_comm": dp_hidden,
    }
    step = sum(breakdown.values())
    return Evaluation(layout, step, breakdown, hidden, memory, m, link, mt, stage, comm.dp_buckets)


def _micro_times(ctx: Context, layout: Layout) -> Any:
    """The layers' forward and backward times for ``layout`` (remembered per context)."""
    inp, impl = ctx.inp, ctx.inp.implementation
    return moe.layer_micro_times(ctx, layout, inp.cluster.device, ctx.cal, b=layout.micro_batch,
                     t=layout.tp, c=layout.cp, sp=layout.sp, fused=impl.fused,
                     compute_dtype=inp.compute_dtype, gemm_dtype=inp.gemm_dtype,
                     attention_kernel=impl.attention_kernel, fused_loss=impl.fused_loss,
                     precision=impl.recipe.id, layers=inp.model.layers,
                     cross_entropy=impl.cross_entropy,
                     bf16_layers=impl.bf16_end_layers,
                     fp8_attention=fp8_attention_dtype(inp))  # fmt: skip


def step_floor(ctx: Context, layout: Layout) -> float:
    """A step time :func:`evaluate` cannot go below for a checked layout, from its cheapest
    parts: what lets the search skip the full evaluation of layouts that cannot rank.

    Every term of :func:`evaluate`'s breakdown is a sum of non-negative parts, and three of them
    are bounded below by the stage that does the least work, ``w = min over stages of (layers ×
    (forward + backward of a layer + the forward recomputation runs again) + MoE layers × the
    all-to-all × its passes)``: the compute, recomputation and expert all-to-all of the busiest
    stage, ``m · w`` (the busiest stage holds the largest total, so at least ``w``), and the 1F1B
    bubble, ``(p − 1)/v · t_stage ≥ (p − 1)/v · w``. The
    all-to-all is left out where an overlap hides part of it (Megatron's EP overlap, DualPipe),
    and DualPipe's bubble, which follows another formula, is left out too.
    """
    inp = ctx.inp
    p, v = layout.pp, layout.vpp
    m = inp.global_batch // (layout.dp * layout.micro_batch)
    dual = dualpipe.runs(inp.implementation.schedule, p)
    # the least-working stage's seconds per micro-batch: the same for every DP and ZeRO choice
    if _LEAST_STAGE.get("context") is not ctx:  # the last context's alone: no old trace kept
        _LEAST_STAGE.clear()
        _LEAST_STAGE["context"] = ctx
    key = (layout.tp, layout.cp, layout.sp, layout.micro_batch, layout.ep, layout.etp,
           layout.recompute, p, v)  # fmt: skip
    least = _LEAST_STAGE.get(key)
    if least is None:
        least = _LEAST_STAGE[key] = _least_stage_seconds(ctx, layout, dual)
    bubble = 0.0 if dual else (p - 1) / v
    return (m + bubble) * least


#: :func:`step_floor`'s least-working stage per layout shape, for the last context met (under
#: ``"context"``): a search asks for one context's many layouts in a row.
_LEAST_STAGE: dict[Any, Any] = {}


def _least_stage_seconds(ctx: Context, layout: Layout, dual: bool) -> float:
    """Per micro-batch, the compute (its recomputation included) and the exposed expert
    all-to-all of the stage doing least."""
    inp = ctx.inp
    spec, impl = inp.model, inp.implementation
    mt = _micro_times(ctx, layout)
    # a layer's forward and backward, and the forward again that recomputation adds
    again = _recompute_layer(inp, layout.recompute, mt)
    compute_layer = mt.layer_fwd + mt.layer_bwd + again
    split = stage_layers(spec.layers, layout.pp, layout.vpp, impl.pipeline_layout)
    assert split is not None
    ep_layer = 0.0
    if spec.is_moe and not dual and not ep_overlap.runs(impl, spec, layout.ep):
        passes = 3 if layout.recompute == "full" else 2
        ep_layer = passes * moe.alltoall_layer_seconds(inp, layout, ctx.cal)
    first_here = split.get("first", split.get("only", (0, 0.0)))[1]
    return min(
        here * compute_layer
        + (moe.moe_layers_in_stage(spec, name, here, first_here) * ep_layer if ep_layer else 0.0)
        for name, (_, here) in split.items()
    )


def _fsdp_cast_seconds(
    ctx: Context, layout: Layout, params: float, layers: float, fw: Framework
) -> float:
    """FSDP2's mixed-precision casts per micro-batch: the fp32 shard to the weights' dtype before
    each of the forward's and the backward's all-gathers (read 4, write ``e`` bytes per shard
    parameter); after each of the two all-gathers, FSDP2's copy-out of the gathered flat buffer
    into the unsharded parameters on the compute stream (``foreach_all_gather_copy_out``:
    ``split_with_sizes_copy``, read and write ``e`` bytes per unsharded parameter); before each
    reduce-scatter, ``foreach_reduce``'s copy-in of the layer's unsharded gradients (autograd's,
    in the weights' dtype) into the reduce-scatter's input, allocated in the reduce dtype
    (``foreach_reduce_scatter_copy_in``: ``chunk_cat``, read ``e``, write ``r`` bytes per
    parameter; ``r`` the framework's reduce dtype, else the recipe's gradients'), whatever the
    two dtypes; one kernel per layer each, at the memory bandwidth."""
    inp, cal = ctx.inp, ctx.cal
    shard = params / (layout.dp * layout.cp)
    e, g = inp.recipe.bytes("params"), inp.recipe.bytes("grads")
    wide = reduce_dtype(fw, layout.zero)
    r = DTYPE_BYTES[wide] if wide else g
    moved = 2 * shard * (4 + e) + 2 * params * 2 * e + params * (e + r)
    kernels = 5
    calls = max(1, round(layers))
    return moved / cal.bandwidth(inp.cluster.device) + kernels * calls * cal.launch_s


def _hp_accum_seconds(
    ctx: Context, layout: Layout, params: float, layers: float, fw: Framework
) -> float:
    """The framework's per-micro-batch fp32 gradient accumulation pass over the GPU's
    parameters, where it has one (:mod:`core.plan.grad_accum`)."""
    inp, cal = ctx.inp, ctx.cal
    p_bytes, g_bytes = inp.recipe.bytes("params"), inp.recipe.bytes("grads")
    if not hp_grad_accum(fw, layout.zero, p_bytes, g_bytes):
        return 0.0
    tensors = layers * param_tensors_per_layer(inp.model) + 2  # and the stage's embedding or head
    return hp_grad_pass_seconds(params, tensors, p_bytes, cal.bandwidth(inp.cluster.device),
                                cal.launch_s)  # fmt: skip


def _accumulation_seconds(ctx: Context, params: float, layers: float, m: int) -> float:
    """Per micro-batch, the code's own gradient accumulation passes over the GPU's parameters
    (:mod:`core.plan.grad_accum`: Megatron-LM's hook or autograd's add where the weight-gradient
    GEMM does not accumulate), spread evenly over the step's ``m`` micro-batches."""
    inp, cal = ctx.inp, ctx.cal
    mode = inp.implementation.grad_accumulation
    passes = accumulation_passes(mode, m)
    if not passes:
        return 0.0
    tensors = layers * param_tensors_per_layer(inp.model) + 2  # and the stage's embedding or head
    one = accumulation_pass_seconds(mode, params, tensors, inp.recipe.bytes("params"),
                                    inp.recipe.bytes("grads"), cal.bandwidth(inp.cluster.device),
                                    cal.launch_s)  # fmt: skip
    return one * passes / m


def _optimizer_seconds(ctx: Context, layout: Layout, params: float) -> float:
    """The update of the GPU's shard: read the gradient, read and write the master copy and
    each state, write the weights (read them too when there is no master copy)."""
    inp, cal = ctx.inp, ctx.cal
    rec, opt = inp.recipe, inp.optimizer
    shard = params / (layout.dp * layout.cp if layout.zero >= 1 else 1)
    master = rec.bytes("master")
    per = rec.bytes("grads") + opt.n_states * 2 * rec.bytes("state") + rec.bytes("params")
    per += 2 * master if master else rec.bytes("params")
    return shard * per / cal.bandwidth(inp.cluster.device) + cal.launch_s


def _unfit_reason(memory: mem.StageMemory, capacity: float) -> Text | None:
    verdict = memory.verdict(capacity)
    if verdict == mem.FITS:
        return None
    if verdict == mem.TIGHT:
        return translate(
            "Plan", "tight: the {stage} stage's tensors and the CUDA runtime need {need} per GPU at the {moment}, the device has {have}, but not the allocator reserve of {reserve}"
        ).format(stage=STAGES[memory.stage], need=format_bytes(memory.peak - memory.reserve),
                 moment=memory.moment, have=format_bytes(capacity),
                 reserve=format_bytes(memory.reserve))  # fmt: skip
    return translate(
        "Plan", "out of memory: the {stage} stage needs {need} per GPU at the {moment}, the device has {have}"
    ).format(stage=STAGES[memory.stage], need=format_bytes(memory.peak), moment=memory.moment,
             have=format_bytes(capacity))  # fmt: skip


def _host_detail(ctx: Context, ev: Evaluation) -> dict[str, float]:
    """One MoE layer's host issue (:mod:`core.plan.host`) as ``detail`` entries: ops and TE GEMMs
    of the forward and the backward, their CPU seconds, and ``host_share``, those seconds over
    the layer's GPU compute time per micro-batch (forward and backward: what
    :func:`core.plan.host.host_regime` judges); none for a dense model."""
    found = host.layer_host_ops(ctx, ev.layout)
    if found is None:
        return {}
    cpu_f, cpu_b = host.host_seconds(found, ctx.inp.cluster.device.id)
    gpu = ev.micro.layer_fwd + ev.micro.layer_bwd
    return {"host_forward_ops": found.forward, "host_backward_ops": found.backward,
            "host_forward_te_gemms": found.te_forward,
            "host_backward_te_gemms": found.te_backward,
            "host_module_calls": found.modules,
            "host_forward_s": cpu_f, "host_backward_s": cpu_b,
            "host_share": (cpu_f + cpu_b) / gpu if gpu > 0 else 0.0}  # fmt: skip


def result(ctx: Context, ev: Evaluation) -> PlanResult:
    """The worded result of an evaluation."""
    inp = ctx.inp
    model_flops, hardware_flops = flops_per_step(inp, ev.layout.recompute)
    device = inp.cluster.device
    capacity = device.capacity_bytes
    partial = PlanResult(
        inp=inp, layout=ev.layout, step_time_s=ev.step_time_s, breakdown=ev.breakdown,
        hidden=ev.hidden, model_flops=model_flops, hardware_flops=hardware_flops,
        peak_flops=utilization_peak(device.peak_flops, (inp.compute_dtype, inp.gemm_dtype)),
        memory=ev.memory, capacity=capacity,
        micro_batches=ev.micro_batches, limits=Text("", "", {}), assumptions=(),
        reason=_unfit_reason(ev.memory, capacity),
        links={k: ("network" if getattr(ev.link, f"{k}_crosses") else "intra-node")
               for k in ("tp", "cp", "pp", "dp")},
        detail={"memory_bound_share": ev.micro.memory_bound / max(1e-30, ev.micro.layer_fwd + ev.micro.layer_bwd),
                "best_efficiency": ctx.cal.best_efficiency((inp.compute_dtype, inp.gemm_dtype)),
                **_host_detail(ctx, ev)},
    )  # fmt: skip
    from dataclasses import replace

    return replace(partial, limits=limits(partial, ev), assumptions=assumptions(ctx, partial, ev))


def plan(inp: PlanInput, layout: Layout, *, calibration: Calibration | None = None) -> PlanResult:
    """Predict one layout of ``inp`` (``layout.dp`` 0 takes the GPUs left over).

    Raises
    ------
    InputError
        For a layout that cannot run (:func:`core.plan.inputs.check_layout` says why).
    """
    checked = check_layout(inp, layout)
    ctx = context(inp, calibration=calibration)
    return result(ctx, evaluate(ctx, checked))
