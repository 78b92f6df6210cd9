"""The sentences a plan says about itself: its assumptions and what limits it.

Every sentence is a :class:`core.texts.Text` (context ``Plan``), so the window shows it translated
while the CLI prints the English.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from core.plan import op_sac
from core.plan.frameworks import framework, framework_words, hp_grad_accum, reduction_overlaps
from core.plan.grad_accum import accumulation_passes
from core.plan.moe_words import moe_assumptions
from core.plan.precision import fp8_attention_dtype
from core.plan.timing import window_causal_length
from core.roofline.achievable import BLOCKWISE
from core.roofline.attention_width import head_width_factor
from core.roofline.hardware import capacity_note
from core.roofline.utilization import HFU_DEFINITION, MFU_DEFINITION, window_share
from core.texts import Text, translate
from core.units import format_bytes, format_count, format_duration

if TYPE_CHECKING:
    from core.plan.evaluated import Context, Evaluation
    from core.plan.result import PlanResult

__all__ = ["NOT_MODELLED", "STAGES", "assumptions", "limits", "percent"]

#: The pipeline stages' names in sentences (``only``: no pipeline).
STAGES: dict[str, Text] = {
    "only": translate("Plan", "only"),
    "first": translate("Plan", "first"),
    "middle": translate("Plan", "middle"),
    "last": translate("Plan", "last"),
    "first+last": translate("Plan", "first and last"),  # DualPipe: one GPU holds both
}

NOT_MODELLED = translate(
    "Plan",
    "not modelled in the step time: stragglers and slow nodes, data loading (shown beside the "
    "step as the data path), failures and restarts and checkpoint saves (added to the days as "
    "their own rows), evaluation, network congestion from other jobs and job placement, NCCL's "
    "tree and NVLS algorithms, overlap inside a kernel, load imbalance between data-parallel "
    "ranks",
)


def _gemm_key(inp: Any, cal: Any) -> str:
    """The calibration key of the layers' GEMM rate: the gemm dtype's, or the blockwise rate where
    the recipe's block scales are applied in software (:func:`core.plan.precision.efficiency_dtype`)."""
    from core.plan.precision import efficiency_dtype

    if not inp.cluster.device.supports(inp.gemm_dtype or ""):
        return inp.gemm_dtype
    return efficiency_dtype(inp.gemm_dtype, cal, inp.implementation.recipe, inp.cluster.device)


def percent(share: float) -> str:
    """``0.183`` → ``18 %`` (the Plan tab's and the limits' style)."""
    return f"{share * 100:.0f} %"


def _bw(value: float) -> str:
    return f"{value / 1e9:.4g} GB/s"


def _link(crosses: bool) -> Text:
    return translate("Plan", "the network") if crosses else translate("Plan", "the intra-node link")


def limits(res: PlanResult, ev: Evaluation) -> Text:
    """What limits the layout, in a few words ("pipeline bubble 18 %")."""
    if res.memory_verdict == "tight":
        return translate(
            "Plan", "memory tight: {need} of {have} without the allocator reserve"
        ).format(
            need=format_bytes(res.memory.peak - res.memory.reserve), have=format_bytes(res.capacity)
        )
    if not res.fits:
        return translate("Plan", "out of memory: {need} of {have}").format(
            need=format_bytes(res.memory.peak), have=format_bytes(res.capacity)
        )
    shares = {k: res.share(k) for k in ("recompute", "tp_comm", "cp_comm", "pp_comm", "ep_comm",
                                        "bubble", "dp_comm", "optimizer")}  # fmt: skip
    key = max(shares, key=lambda k: shares[k])
    value = percent(shares[key])
    if shares[key] >= 0.05:
        if key == "tp_comm":
            if ev.link.tp_crosses:
                return translate("Plan", "TP all-reduce over the network {share}").format(
                    share=value
                )
            return translate("Plan", "TP communication {share}").format(share=value)
        phrases = {
            "recompute": translate("Plan", "recomputation {share}"),
            "cp_comm": translate("Plan", "CP exchanges {share}"),
            "pp_comm": translate("Plan", "pipeline sends {share}"),
            "ep_comm": translate("Plan", "expert all-to-all {share}"),
            "bubble": translate("Plan", "pipeline bubble {share}"),
            "dp_comm": translate("Plan", "gradient reduction {share} exposed"),
            "optimizer": translate("Plan", "optimizer step {share}"),
        }
        return phrases[key].format(share=value)
    if res.memory.peak > 0.95 * res.capacity:
        return translate("Plan", "memory {share} full").format(
            share=percent(res.memory.peak / res.capacity)
        )
    membound = res.detail.get("memory_bound_share", 0.0)
    if membound >= 0.2:
        return translate("Plan", "memory-bound kernels {share} of compute").format(
            share=percent(membound)
        )
    return translate("Plan", "compute (MFU {mfu})").format(mfu=percent(res.mfu))


def _loss_words(cross_entropy: str, e: int) -> Text:
    """What the LM head's cross-entropy keeps and allocates (:func:`core.plan.memory.loss_bytes`)."""
    if cross_entropy == "fp32-inplace":
        return translate("Plan", "the loss: Megatron's vocabulary-parallel cross-entropy keeps the fp32 softmax it computes in place (4 bytes per logit); its backward writes the gradient in place and casts it back ({e} bytes per logit)").format(e=str(e))  # fmt: skip
    if cross_entropy == "native":
        return translate("Plan", "the loss: a cross-entropy kernel that reads the logits in their own dtype keeps them ({e} bytes per logit) and its backward writes a {e}-byte gradient").format(e=str(e))  # fmt: skip
    return translate("Plan", "the loss: PyTorch's cross-entropy on an fp32 copy of the logits keeps the fp32 log-softmax (4 bytes per logit) and its backward allocates the fp32 gradients of the log-softmax and the logits (8 bytes per logit)")  # fmt: skip


def _tp_overlap_words(impl: Any, lay: Any) -> Text:
    """How the TP collectives meet the GEMMs (:func:`core.plan.overlap.tp_decomposed`)."""
    if not impl.tp_overlap:
        return translate("Plan", "on the critical path, not overlapped (Megatron-LM)")
    if not lay.sp:
        return translate("Plan", "on the critical path: TP overlap decomposes only sequence-parallel all-gathers and reduce-scatters, and this layout has no sequence parallelism")  # fmt: skip
    if framework(impl.framework).tp_overlap_kind == "async-tp":
        return translate("Plan", "decomposed by AsyncTP: each all-gather and reduce-scatter in {tp} chunks, one after another beside the GEMM on each chunk, each chunk's GEMM at its own smaller shape's efficiency; the reduce-scatter's last chunk exposed, and each chunk's transfer shows where it outlasts its GEMM").format(tp=str(lay.tp))  # fmt: skip
    return translate("Plan", "decomposed by Transformer Engine's userbuffers: the all-gathers by ring exchange in {tp} chunks, the forward's reduce-scatters pipelined in 4 pieces (the last exposed), up to 3 chunk GEMMs at once, each at its own smaller shape's efficiency; the backward's reduce-scatters in bulk beside the weight-gradient GEMMs; each chunk's transfer shows where it outlasts its GEMM").format(tp=str(lay.tp))  # fmt: skip


def _host_words(ctx: Context, lay: Any) -> list[Text]:
    """The host-bound MoE layer's sentence (:mod:`core.plan.host`); none for a dense model."""
    from core.plan.host import after_sync_seconds, host_factor, host_seconds, layer_host_ops

    host = layer_host_ops(ctx, lay)
    if host is None:
        return []
    order = translate("Plan", "host: the CPU issues a layer's experts after its dispatcher's sync ({after} of the forward's issue time) before the next layer's attention, which the GPU cannot start sooner: a forward takes at least that time plus the GPU's time up to the next sync")  # fmt: skip
    order = order.format(after=format_duration(after_sync_seconds(host, ctx.inp.cluster.device.id)))
    device = ctx.inp.cluster.device.id
    cpu_f, cpu_b = host_seconds(host, device)
    graphs = tuple(ctx.inp.implementation.cuda_graphs)
    if "full_iteration" in graphs:
        return [translate("Plan", "host: the whole step replays as one CUDA graph (full_iteration): the CPU issues no op, so the MoE layers' waits for the GPU cost nothing")]  # fmt: skip
    grace = translate("Plan", " (a Grace host)") if host_factor(device) > 1 else ""
    scopes = (translate("Plan", "CUDA graphs capture {scopes}").format(scopes=", ".join(graphs))
              if graphs else translate("Plan", "no CUDA graphs"))  # fmt: skip
    if host.te_forward or host.te_backward:  # a framework on Transformer Engine
        from core.plan.host import GRACE_HOST_FACTOR, TE_GEMM_BACKWARD_S, te_forward_s

        factor = host_factor(device)
        how = (
            translate("Plan", "te.Linear's forward as measured on Grace")
            if factor == GRACE_HOST_FACTOR
            else translate("Plan", "as Megatron-Core's experts issue them in a profiled x86 run")
        )
        return [
            translate("Plan", "host: the token dispatcher makes the CPU wait for the GPU in every MoE layer, so a layer takes the longer of its GPU time and the CPU's issue time, here {fwd} forward ({ops_f} ops at {op} µs per op and {te_f} Transformer Engine GEMMs at {te_f_us} µs, {te_f_how}) and {bwd} backward ({ops_b} ops and {te_b} TE GEMMs at {te_b_us} µs, TE's GEMM call as profiled){grace}; {graphs}")
            .format(fwd=format_duration(cpu_f), bwd=format_duration(cpu_b),
                    ops_f=f"{host.forward:,.0f}", ops_b=f"{host.backward:,.0f}",
                    te_f=f"{host.te_forward:,.0f}", te_b=f"{host.te_backward:,.0f}",
                    op=f"{_op_us(device):.3g}",
                    te_f_us=f"{te_forward_s(factor) * 1e6:.3g}", te_f_how=how,
                    te_b_us=f"{TE_GEMM_BACKWARD_S * factor * 1e6:.3g}",
                    grace=grace, graphs=scopes),
            order,
        ]  # fmt: skip
    return [
        translate("Plan", "host: the token dispatcher makes the CPU wait for the GPU in every MoE layer, so a layer takes the longer of its GPU time and the CPU's issue time, here {fwd} forward ({ops_f} ops and {modules} Transformer Engine module calls) and {bwd} backward ({ops_b} ops) at {op} µs per op{grace}; {graphs}")
        .format(fwd=format_duration(cpu_f), bwd=format_duration(cpu_b),
                ops_f=f"{host.forward:,.0f}", ops_b=f"{host.backward:,.0f}",
                modules=f"{host.modules:g}",
                op=f"{_op_us(device):.3g}",
                grace=grace, graphs=scopes),
        order,
    ]  # fmt: skip


def _op_us(device_id: str) -> float:
    from core.plan.host import HOST_OP_S, host_factor

    return HOST_OP_S * host_factor(device_id) * 1e6


def assumptions(ctx: Context, res: PlanResult, ev: Evaluation) -> tuple[Text, ...]:
    """Every assumption behind ``res``, worded once (the output's ``assumptions``)."""
    inp, cal = ctx.inp, ctx.cal
    spec, impl, lay = inp.model, inp.implementation, res.layout
    out: list[Text] = []
    layer_ops = sum(1 for op in ctx.ops.ops if op.region == "layer")
    seq = inp.seq / lay.cp
    tile = cal.tile
    # What the calibration does not know (a device with no published tile size, SM count or
    # attention kernel: an Apple GPU's) is left out of the sentence, not shown as "-".
    quant = (
        translate(
            "Plan", " times their wave and tile quantization ({tile} tiles over {sms} SMs)"
        ).format(tile="×".join(str(x) for x in tile), sms=str(cal.sm_count))
        if tile and cal.sm_count
        else ""
    )
    kernel_name = cal.attention_kernel(impl.attention_kernel) or impl.attention_kernel
    head = spec.qk_head_dim
    narrow = {bwd: head_width_factor(head, bwd, True, seq, kernel_name) for bwd in (False, True)}
    values = {
        "width": f"{spec.d_model:,}",
        "ops": str(layer_ops),
        "layers": f"{spec.layers:,}",
        "gemm": percent(cal.gemm_efficiency(_gemm_key(inp, cal))),
        "dtype": inp.gemm_dtype,
        "quant": quant,
        "bw": percent(cal["memory_bandwidth_fraction"]),
        "launch": f"{cal.launch_s * 1e6:.3g}",
    }
    if impl.flash:
        out.append(
            translate(
                "Plan",
                "compute: the Step trace of one {width}-wide layer ({ops} kernels' worth of ops), the "
                "embedding and the head, scaled to {layers} layers; GEMMs at {gemm} of the {dtype} "
                "peak{quant}, flash attention{kernel} at {fwd} (forward) and {bwd} (backward) of peak at "
                "{seq} tokens, a causal kernel doing half the s² work; memory-bound ops at {bw} of the "
                "memory bandwidth; {launch} µs per kernel",
            ).format(
                kernel=translate("Plan", " ({kernel})").format(kernel=kernel_name)
                if kernel_name
                else "",
                fwd=percent(
                    narrow[False]
                    * cal.attention_efficiency(False, True, seq, impl.attention_kernel)
                ),
                bwd=percent(
                    narrow[True] * cal.attention_efficiency(True, True, seq, impl.attention_kernel)
                ),
                seq=f"{seq:,.0f}",
                **values,
            )
        )
        if narrow[False] < 1.0 or narrow[True] < 1.0:
            out.append(
                translate(
                    "Plan",
                    "attention heads {head} wide: flash attention keeps {fwd} of its head-128 rate "
                    "forward and {bwd} backward (FlashAttention-3's H100 figures at head "
                    "dimensions 64 and 128)",
                ).format(head=str(head), fwd=percent(narrow[False]), bwd=percent(narrow[True]))
            )
        fp8_dtype = fp8_attention_dtype(inp)
        if fp8_dtype is not None:
            from core.roofline.attention_fp8 import fp8_attention_factor, measured_device

            device_id = inp.cluster.device.id
            seq = inp.seq / lay.cp
            if measured_device(device_id) is None:
                out.append(translate("Plan", "attention in {dtype}: timed as BF16 attention (cuDNN's FP8 attention is measured on GB200 and GB300 only)").format(dtype=fp8_dtype))  # fmt: skip
            else:
                out.append(
                    translate("Plan", "attention in {dtype}: BF16 attention's time × cuDNN's measured {dtype}/BF16 time at this length, {fwd} forward and {bwd} backward causal; with a sliding window the {dtype} backward covers the whole causal band, {window} of BF16's")
                    .format(dtype=fp8_dtype,
                            fwd=f"{fp8_attention_factor(device_id, fp8_dtype, False, False, seq):.2f}×",
                            bwd=f"{fp8_attention_factor(device_id, fp8_dtype, False, True, seq):.2f}×",
                            window=f"{fp8_attention_factor(device_id, fp8_dtype, True, True, seq):.1f}×")
                )  # fmt: skip
    else:  # the attention is GEMMs and memory-bound ops (its own line below), no flash kernel
        out.append(
            translate(
                "Plan",
                "compute: the Step trace of one {width}-wide layer ({ops} kernels' worth of ops), the "
                "embedding and the head, scaled to {layers} layers; GEMMs at {gemm} of the {dtype} "
                "peak{quant}; memory-bound ops at {bw} of the memory bandwidth; {launch} µs per kernel",
            ).format(**values)
        )
    if spec.window and spec.window < inp.seq:
        windowed = min(spec.window_layers or spec.layers, spec.layers)
        out.append(
            translate(
                "Plan",
                "sliding window: {windowed} of the {layers} layers attend to the last {window} "
                "positions only, {share} of a causal layer's attention work, timed at a causal "
                "kernel's rate on {length} tokens (its query blocks visit as many key blocks)"
                "{eager}; model and hardware FLOPs count those layers' attention at the same "
                "share",
            ).format(
                windowed=f"{windowed:,}", layers=f"{spec.layers:,}", window=f"{spec.window:,}",
                share=percent(window_share(inp.seq, spec.window)),
                length=f"{min(window_causal_length(spec.window), seq):,.0f}",
                eager="" if impl.flash else translate(
                    "Plan", " (without flash attention every score is computed, then masked)"),
            )
        )  # fmt: skip
    if inp.gemm_dtype == "fp8" and inp.cluster.device.supports("fp8"):
        if fp8_attention_dtype(inp) is None:
            out.append(translate("Plan", "FP8 as Transformer Engine runs it: only the layers' weight GEMMs run in fp8, each one's input cast to fp8 with its transpose before the forward GEMM and its output gradient likewise before the backward ones (4 bytes moved per element, a kernel each); attention, the embedding and the LM head stay in {dtype}; for its weight gradient each of those GEMMs keeps the fp8 copy of its input (1 byte per element), not the input").format(dtype=inp.compute_dtype))  # fmt: skip
        else:
            out.append(translate("Plan", "FP8 as Transformer Engine runs it: the layers' weight GEMMs run in fp8, each one's input cast to fp8 with its transpose before the forward GEMM and its output gradient likewise before the backward ones (4 bytes moved per element, a kernel each); attention runs in FP8 too (its own line); the embedding and the LM head stay in {dtype}; for its weight gradient each of those GEMMs keeps the fp8 copy of its input (1 byte per element), not the input").format(dtype=inp.compute_dtype))  # fmt: skip
        device = inp.cluster.device
        share = res.peak_flops / device.peak(inp.compute_dtype)
        out.append(translate("Plan", "MFU and HFU with fp8 GEMMs are against the fp8 peak, the precision they run in, as NVIDIA's FP8 tables count; against the {dtype} peak they would be {mfu} and {hfu}").format(dtype=inp.compute_dtype, mfu=f"{res.mfu * share:.1%}", hfu=f"{res.hfu * share:.1%}"))  # fmt: skip
    low = impl.recipe
    if low.low and inp.cluster.device.supports(inp.gemm_dtype or ""):
        from core.plan.precision import PRECISIONS

        ends = low.bf16_layers
        if ends:
            out.append(translate("Plan", "{recipe}: the first {n} and the last {n} transformer layers keep their GEMMs in {dtype} (Megatron-Core's --first-last-layers-bf16); {low} of the {layers} layers run low").format(recipe=low.name(), n=str(ends), dtype=inp.compute_dtype, low=f"{max(0, spec.layers - 2 * ends):,}", layers=f"{spec.layers:,}"))  # fmt: skip
        if _gemm_key(inp, cal) == BLOCKWISE:
            out.append(translate("Plan", "{recipe}: the tensor cores do not read block scales, so each GEMM multiplies every 128-long slice of K by its scales and adds it in fp32 on CUDA cores (DeepSeek-V3 report §3.3.2), at the measured blockwise rate, {rate} of the fp8 peak at {shape}, not per-tensor FP8's {fp8}").format(recipe=low.name(), rate=percent(cal.gemm_efficiency(BLOCKWISE)), shape="×".join(str(x) for x in cal.gemm_reference(BLOCKWISE)), fp8=percent(cal.gemm_efficiency("fp8"))))  # fmt: skip
        elif PRECISIONS[low.id].bf16_layers:  # the recipe's own ends turned off
            out.append(translate("Plan", "{recipe}: every transformer layer's GEMMs run low, none kept in {dtype} at the ends (Megatron-Core's default: --first-last-layers-bf16 off)").format(recipe=low.name(), dtype=inp.compute_dtype))  # fmt: skip
    if not impl.flash and impl.dropout:
        out.append(translate("Plan", "attention unfused: QKᵀ and P·V as batched GEMMs with the "
                             "scale, mask, softmax and dropout between them, the s² probabilities kept"))  # fmt: skip
    elif not impl.flash:
        out.append(translate("Plan", "attention unfused: QKᵀ and P·V as batched GEMMs with the "
                             "scale, mask and softmax between them, the s² probabilities kept"))  # fmt: skip
    out.append(
        translate("Plan", "fused kernels: the memory-bound ops between two GEMMs run as one kernel that moves as much as the largest of them")
        if impl.fused
        else translate("Plan", "eager kernels: every memory-bound op is its own kernel")
    )  # fmt: skip
    if impl.fused and not impl.fused_loss:
        out.append(translate("Plan", "the LM head's cross-entropy runs as separate kernels over the fp32 logits (no loss fusion)"))  # fmt: skip
    if cal.k_overhead:
        out.append(
            translate("Plan", "each GEMM output tile also pays a fixed cost worth {k} iterations of its K loop (pipeline prologue and epilogue); the large-GEMM efficiency is the one measured at {shape}")
            .format(k=f"{cal.k_overhead:.0f}",
                    shape="×".join(str(x) for x in cal.values.get("gemm_reference", (8192, 8192, 8192))))
        )  # fmt: skip
    fp8_k = cal.k_overhead_of("fp8")
    if inp.gemm_dtype == "fp8" and inp.cluster.device.supports("fp8") and fp8_k != cal.k_overhead:
        out.append(
            translate("Plan", "an fp8 GEMM output tile's fixed cost is worth {k} iterations of its K loop, from the fp8 rates measured at two K (its epilogue takes as long as a 16-bit tile's while its K loop runs faster); the fp8 efficiency is the one measured at {shape}")
            .format(k=f"{fp8_k:.0f}", shape="×".join(str(x) for x in cal.gemm_reference("fp8")))
        )  # fmt: skip
    if cal.ring_latency_s("all-gather", 8, 1) > 0 or cal.overlap_slowdown > 0:
        out.append(
            translate("Plan", "collectives: rings at the group's bus bandwidth (across nodes, every NIC of the group's GPUs in a node carries the ring), plus NCCL's ring latency ({base} µs, {hop} µs per NVLink hop, {net} µs per network hop), paid per layer by the gradient reduction and ZeRO's gathers; compute running beside an overlapped collective runs {slow} slower")
            .format(base=f"{cal.values.get('nccl_base_latency_s', 0.0) * 1e6:.3g}",
                    hop=f"{cal.hop_latency_s(False) * 1e6:.3g}",
                    net=f"{cal.hop_latency_s(True) * 1e6:.3g}",
                    slow=percent(cal.overlap_slowdown))
        )  # fmt: skip
    if lay.tp > 1:
        what = (
            translate("Plan", "an all-gather and a reduce-scatter in place of each all-reduce (sequence parallel)")
            if lay.sp
            else translate("Plan", "2 all-reduces in forward and 2 in backward")
        )  # fmt: skip
        size = format_bytes(
            lay.micro_batch * inp.seq / lay.cp * spec.d_model * inp.recipe.bytes("acts")
        )
        overlap = _tp_overlap_words(impl, lay)
        out.append(
            translate("Plan", "TP {tp}: per layer and micro-batch, {what} of {size}, over {link} at {busbw} bus bandwidth; {overlap}")
            .format(tp=str(lay.tp), what=what, size=size, link=_link(ev.link.tp_crosses),
                    busbw=_bw(ev.link.tp), overlap=overlap)
        )  # fmt: skip
    if lay.cp > 1:
        torch_ring = framework(impl.framework).torch_cp  # core.plan.torch_cp
        heads = f"{spec.heads // max(1, lay.tp):,}"
        if impl.cp_comm == "ring":
            out.append(
                translate("Plan", "CP {cp}: K and V pass around a ring of {cp} ranks over {link} at {busbw}, each step hidden behind the attention block it feeds; only the excess shows")
                .format(cp=str(lay.cp), link=_link(ev.link.cp_crosses), busbw=_bw(ev.link.cp))
            )  # fmt: skip
            if torch_ring:
                out.append(
                    translate("Plan", "CP {cp} is PyTorch’s context_parallel as torchtitan calls it: K and V move at the query heads ({heads} a GPU, repeated before the attention), pass the ring again in the backward, their gradients follow in fp32 ({cp} exchanges), and each step is merged in fp32")
                    .format(cp=str(lay.cp), heads=heads)
                )  # fmt: skip
        elif torch_ring:
            out.append(
                translate("Plan", "CP {cp}: PyTorch’s context_parallel as torchtitan calls it: K and V all-gathered at the query heads ({heads} a GPU, repeated before the attention) over {link} at {busbw}, gathered again in the backward, their gradients passed round the ring in fp32 ({cp} exchanges), each step merged in fp32; exposed (a compiled block waits on each collective at once)")
                .format(cp=str(lay.cp), heads=heads, link=_link(ev.link.cp_crosses),
                        busbw=_bw(ev.link.cp))
            )  # fmt: skip
        else:
            out.append(
                translate("Plan", "CP {cp}: K and V all-gathered before the attention over {link} at {busbw}, exposed (Llama 3)")
                .format(cp=str(lay.cp), link=_link(ev.link.cp_crosses), busbw=_bw(ev.link.cp))
            )  # fmt: skip
    if lay.pp > 1 and impl.schedule != "dualpipe":  # DualPipe's: core.plan.moe_words
        schedule = (
            translate("Plan", "interleaved schedule with {v} chunks per GPU").format(v=str(lay.vpp))
            if lay.vpp > 1
            else translate("Plan", "1F1B schedule")
        )
        out.append(
            translate("Plan", "PP {pp}: {schedule}, {m} micro-batches, bubble (p−1)/(v·m) = {bubble} of the pipeline's compute; one activation per micro-batch and chunk each way between stages over {link}, exposed")
            .format(pp=str(lay.pp), schedule=schedule, m=f"{res.micro_batches:,}",
                    bubble=percent((lay.pp - 1) / (lay.vpp * res.micro_batches)),
                    link=_link(ev.link.pp_crosses))
        )  # fmt: skip
    if lay.pp > 1 and impl.pipeline_layout:
        from core.plan.pipeline_layout import parse_layout

        split = parse_layout(impl.pipeline_layout).split(lay.pp)
        counts = {k: f"{v[1]:g}" for k, v in split.items()}
        out.append(
            translate("Plan", "pipeline layout {layout} (Megatron-Core's notation): {first} layers on the first GPU with the embedding, {middle} on the busiest middle one, {last} on the last with the LM head and the loss, which the plan takes as given")
            .format(layout=impl.pipeline_layout, **counts)
            if "middle" in counts
            else translate("Plan", "pipeline layout {layout} (Megatron-Core's notation): {first} layers on the first GPU with the embedding, {last} on the second with the LM head and the loss, which the plan takes as given")
            .format(layout=impl.pipeline_layout, **counts)
        )  # fmt: skip
    n_dp = lay.dp * lay.cp
    if n_dp > 1:
        what = {
            0: translate("Plan", "all-reduce of the gradients"),
            1: translate("Plan", "reduce-scatter of the gradients and all-gather of the weights (ZeRO-1)"),
            2: translate("Plan", "reduce-scatter of the gradients and all-gather of the weights (ZeRO-2)"),
            3: translate("Plan", "all-gathers of the weights for every micro-batch's forward and backward and reduce-scatters of the gradients (ZeRO-3)"),
        }[lay.zero]  # fmt: skip
        fw = framework(impl.framework)
        overlap = (
            translate("Plan", "overlapped bucket by bucket with the last micro-batch's backward that fills the buckets (under the interleaved schedule, each model chunk's last backward, the chunks p backwards apart) and ZeRO's gathers with the next step's first forward; the last bucket's reduction and the first bucket's gather have nothing to hide behind, and the rest shows where it outruns the compute")
            if reduction_overlaps(fw, impl.dp_overlap, lay.pp, lay.zero) and lay.zero < 3
            else translate("Plan", "gathered one layer ahead of each micro-batch's forward and backward and reduced layer by layer as the backward goes; per micro-batch the first layer's gather and the last layer's reduce-scatter have nothing to hide behind, and the rest shows where it outruns the layer's compute")
            if reduction_overlaps(fw, impl.dp_overlap, lay.pp, lay.zero)
            else translate("Plan", "after the pipeline flush, not overlapped")
        )  # fmt: skip
        out.append(
            translate("Plan", "DP over {n} ranks: {what} of {params} parameters per GPU, over {link} at {busbw}; {overlap}")
            .format(n=f"{n_dp:,}", what=what, params=format_count(res.memory.params),
                    link=_link(ev.link.dp_crosses), busbw=_bw(ev.link.dp), overlap=overlap)
        )  # fmt: skip
    out.append(
        framework_words(framework(impl.framework), zero=lay.zero, pp=lay.pp, buckets=ev.dp_buckets,
                        tp_overlap=impl.tp_overlap, sp=lay.sp, tp=lay.tp,
                        hp_accum=hp_grad_accum(framework(impl.framework), lay.zero,
                                               inp.recipe.bytes("params"), inp.recipe.bytes("grads")))
    )  # fmt: skip
    if impl.grad_accumulation != "fused":
        how = {
            "hook": translate("Plan", "Megatron-LM's hook adds each micro-batch's gradient into main_grad"),
            "autograd": translate("Plan", "autograd adds each later micro-batch's gradient into param.grad in place"),
        }[impl.grad_accumulation]  # fmt: skip
        out.append(
            translate("Plan", "gradient accumulation without the weight-gradient GEMM's fusion: {how}, {passes} memory-bound passes a step over the GPU's parameters")
            .format(how=how, passes=str(accumulation_passes(impl.grad_accumulation, res.micro_batches)))
        )  # fmt: skip
    out.append(
        translate("Plan", "optimizer: one fused update of the GPU's shard (weights, gradients, {states} states{master}), memory-bound, after the gradients are reduced")
        .format(states=str(inp.optimizer.n_states),
                master=translate("Plan", ", fp32 master copy") if inp.recipe.master != "none" else "")
    )  # fmt: skip
    if inp.optimizer.id == "muon":
        how = (
            translate("Plan", "whole matrices dealt over the data-parallel ranks (Megatron's layer-wise distributed optimizer)")
            if lay.zero >= 1
            else translate("Plan", "every rank orthogonalizing all of its own (no distributed optimizer)")
        )  # fmt: skip
        out.append(
            translate("Plan", "Muon, as Megatron-Core runs it: 5 Newton-Schulz steps in BF16 on each weight matrix but the embedding and the output layer (the query, key and value parts apart), a TP-split matrix whole on every TP rank, {how}; one momentum per parameter is counted, the embedding's and norms' too, which Megatron gives Adam's two")
            .format(how=how)
        )  # fmt: skip
    out.append(
        translate("Plan", "memory: the {stage} stage's GPU at the {moment}, {layers} layers' activations in flight; the allowance (CUDA context and workspaces ≈ 1 GB + 10 % of tensor bytes) included")
        .format(stage=STAGES[res.memory.stage], moment=res.memory.moment,
                layers=f"{res.memory.in_flight:.4g}")
    )  # fmt: skip
    out.append(capacity_note(inp.cluster.device))
    out.append(_loss_words(impl.cross_entropy, inp.recipe.bytes("acts")))
    if op_sac.runs(impl, lay.recompute, inp.model):
        out.append(
            translate("Plan", "selective recomputation as torchtitan's policy by op: each block keeps its input, the attention's output and {gemms}; its backward runs the rest of its forward again")
            .format(gemms=translate("Plan", "no GEMM output (Float8's scaled GEMMs are not in the policy's list)")
                    if impl.recipe.low else translate("Plan", "every second GEMM's output"))
        )  # fmt: skip
    elif lay.recompute == "selective" and impl.flash:
        out.append(translate("Plan", "selective recomputation with flash attention runs the flash forward again for little memory: the kernel keeps no s² tensor anyway"))  # fmt: skip
    if impl.recompute_modules:
        out.append(
            translate("Plan", "recomputation by module (Megatron-Core's recompute_modules): {names}; each keeps its inputs and runs its forward again in backward, in the time and the memory")
            .format(names=", ".join(impl.recompute_modules))
        )  # fmt: skip
    out.extend(moe_assumptions(inp, lay, res))  # experts, DualPipe, MTP
    out.extend(_host_words(ctx, lay))
    out.extend(cal.notes)
    out.append(MFU_DEFINITION)
    out.append(HFU_DEFINITION)
    out.append(NOT_MODELLED)
    return tuple(out)
