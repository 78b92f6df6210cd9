"""Seconds of one micro-batch's ops on one GPU, at the device's calibrated efficiency.

Each op of :mod:`core.plan.ops` is sized for the layout (``b/CP`` sequences' worth of tokens, TP's
share of its features or heads, SP's share of the residual stream) and timed by
:meth:`core.roofline.achievable.Calibration.op_seconds`: GEMMs at the large-GEMM efficiency times
the wave and tile quantization of their own output shape, flash attention at the FlashAttention
kernel efficiency (causal: half the ``s²`` work), memory-bound ops at the achievable bandwidth,
and a launch overhead per kernel (per fused chain with fused kernels).

:func:`micro_times` is cached per ``(shape, b, TP, CP, SP, device, kernels)``: a search over
thousands of layouts evaluates a few dozen of these.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from core.plan.loss_kernels import megatron_loss_seconds
from core.plan.ops import LayerOps, PlanOp
from core.plan.precision import (
    amax_reduce_seconds,
    efficiency_dtype,
    quantize_seconds,
    resolve_recipe,
)
from core.roofline.achievable import Calibration
from core.roofline.attention_fp8 import fp8_attention_factor
from core.roofline.attention_width import head_width_factor
from core.roofline.hardware import DTYPE_BYTES, Device
from core.roofline.utilization import window_share

__all__ = ["MicroTimes", "micro_times", "op_cost"]


@dataclass(frozen=True)
class MicroTimes:
    """Seconds (and kernels) of one micro-batch on one GPU.

    ``layer_*`` are per layer; ``embed_*`` run on the first pipeline stage, ``head_*`` (final
    norm, LM head, loss) on the last. ``core_fwd`` is the attention core's forward (what selective
    recomputation repeats); ``layer_gemm`` the layer's GEMM time (forward and backward, what TP
    communication may hide behind); ``attn_fwd``/``attn_bwd`` the attention kernels' time (what
    CP's ring exchanges hide behind); ``memory_bound`` the share of the layer's time in
    memory-bound kernels. ``experts_fwd`` is the part of ``layer_fwd`` an MoE layer runs after
    its token dispatcher's host sync: the experts' GEMMs with their quantization and Megatron-Core's
    eager per-expert extras (0 for a dense layer; :func:`core.plan.host.host_excess`).
    """

    layer_fwd: float
    layer_bwd: float
    core_fwd: float
    layer_gemm: float
    attn_fwd: float
    attn_bwd: float
    embed_fwd: float
    embed_bwd: float
    head_fwd: float
    head_bwd: float
    memory_bound: float
    kernels: int
    experts_fwd: float = 0.0


def _div(rule: str, t: int, kv_heads: int, sp: bool) -> float:
    if rule == "all":
        return float(t)
    if rule == "kv":
        return float(min(t, kv_heads))
    if rule == "sp":
        return float(t) if sp else 1.0
    return 1.0


def op_cost(
    op: PlanOp, b_eff: float, t: int, sp: bool, kv_heads: int
) -> tuple[float, float, tuple[float, float, float, float] | None]:
    """``(flops, bytes, dims)`` of ``op`` on one GPU for ``b_eff`` sequences' worth of tokens."""
    div = _div(op.tp, t, kv_heads, sp)
    if op.dims is not None:
        d = list(op.dims)
        if op.token_axis >= 0:
            d[op.token_axis] *= b_eff
        if op.tp_axis >= 0:
            d[op.tp_axis] = math.ceil(d[op.tp_axis] / div)
        batch, m, k, n = d
        size = DTYPE_BYTES.get(op.dtype, 2)
        nbytes = size * batch * (m * k + k * n + m * n)
        if op.name == "addmm":
            nbytes += size * n  # the bias row it adds
        return 2.0 * batch * m * k * n, nbytes, (batch, m, k, n)
    fixed_div = float(t) if op.vocab else (div if op.tp in ("all", "kv") else 1.0)
    flops = op.flops0 / fixed_div + op.flops1 * b_eff / div
    nbytes = op.bytes0 / fixed_div + op.bytes1 * b_eff / div
    return flops, nbytes, None


#: Norm kernels, which run on their own even where the code fuses the memory-bound ops around
#: them: Transformer Engine's LayerNorm and RMSNorm (``LayerNormLinear``'s ``layernorm_fwd`` and
#: ``layernorm_bwd``/``rmsnorm_bwd``), Apex's ``FusedLayerNorm`` (Megatron-LM, Megatron-DeepSpeed)
#: and PyTorch's take the norm's input and write its output, with no residual add or bias before
#: them and no gradient accumulation after them; Megatron's residual add is its own jit-fused
#: ``bias_dropout_add`` (``megatron/core/fusions/fused_bias_dropout.py``), and in backward the
#: residual stream's gradient is added to the norm's input gradient by autograd.
NORM_KERNELS = frozenset({
    "native_layer_norm", "native_layer_norm_backward", "layer_norm", "_fused_rms_norm",
    "_fused_rms_norm_backward", "rms_norm",
})  # fmt: skip

_CACHE: dict[tuple, MicroTimes] = {}

#: Keys per block of a flash-attention kernel's inner loop: FlashAttention-3's forward
#: ``kBlockN`` at head width 128, causal or with a local window (``tile_size_fwd_sm90`` in
#: Dao-AILab/flash-attention ``hopper/tile_size.h``; 160 at width 64).
ATTENTION_KEY_BLOCK = 128


def window_causal_length(window: int) -> float:
    """The causal sequence length whose query blocks visit as many key blocks, on average, as a
    sliding window of ``window`` positions: a windowed query block visits ``w/B + 1`` blocks of
    :data:`ATTENTION_KEY_BLOCK` keys (the window straddles one more), a causal one over ``L``
    tokens ``(L/B + 1)/2``, so ``L = 2w + B``. The kernel's rate there is the windowed layer's
    (below the shortest measured length, that length's rate: the optimistic end)."""
    return 2.0 * window + ATTENTION_KEY_BLOCK


#: Bytes per element of an fp8 cast-transpose: read 2 (bf16), write 1 (fp8) and 1 (its transpose)
#: (what :meth:`~core.plan.precision.PrecisionRecipe.quantize_bytes` gives delayed scaling on Hopper).
FP8_CAST_BYTES = 4.0


def _device_key(device: Device) -> tuple:
    return (device.id, device.mem_bandwidth, tuple(sorted(device.peak_flops.items())))


def micro_times(
    ops: LayerOps,
    device: Device,
    cal: Calibration,
    *,
    b: int,
    t: int,
    c: int,
    sp: bool,
    fused: bool,
    compute_dtype: str,
    gemm_dtype: str,
    attention_kernel: str | None = None,
    fused_loss: bool = True,
    precision: str | None = None,
    layers: int | None = None,
    cross_entropy: str | None = None,
    window: tuple[int, float] | None = None,
    bf16_layers: int | None = None,
    fused_glu: bool = False,
    fp8_attention: str | None = None,
) -> MicroTimes:
    """Seconds of one micro-batch of ``b`` sequences under TP ``t``, CP ``c`` and SP ``sp``
    (flash attention timed as ``attention_kernel`` at the rank's ``s/CP`` queries; without
    ``fused_loss`` the head's memory-bound ops run as separate kernels; the layers' GEMMs under
    the low-precision recipe ``precision``, by default the one ``gemm_dtype`` implies; with
    ``cross_entropy`` ``"fp32-inplace"`` the loss runs Megatron's kernels,
    :mod:`core.plan.loss_kernels`, in place of the traced ``F.cross_entropy``; with
    ``window`` = ``(w, share)`` that share of the layers attends through a sliding window of
    ``w`` positions: their attention does :func:`~core.roofline.utilization.window_share` of the
    causal work, at a causal kernel's rate on :func:`window_causal_length` tokens; ``bf16_layers``:
    the layers at each end the recipe keeps in BF16, when not the recipe's own; ``fused_glu``: the
    ops are a mixture of experts' two expert GEMMs run as a fused grouped MLP, whose first GEMM
    quantizes the second's input in its epilogue and whose second GEMM's data gradient quantizes
    the first's output gradient in its own, so those two quantizations cost nothing apart;
    ``fp8_attention``: the FP8 format (``fp8``, ``mxfp8``) attention runs in, its time the BF16
    one's times cuDNN's measured ratio, :func:`core.roofline.attention_fp8.fp8_attention_factor`)."""
    key = (ops.key, _device_key(device), cal.key, b, t, c, sp, fused, compute_dtype, gemm_dtype,
           attention_kernel, fused_loss, precision, layers, cross_entropy, window,
           bf16_layers, fused_glu, fp8_attention)  # fmt: skip
    found = _CACHE.get(key)
    if found is not None:
        return found
    if len(_CACHE) > 4096:
        _CACHE.clear()
    spec = ops.spec
    # the attention head's width as the kernels see it (latent attention: its Q/K width)
    head = spec.qk_head_dim
    b_eff = b / c
    bw = cal.bandwidth(device)
    launch = cal.launch_s
    gemm_peak = (
        device.peak(gemm_dtype) if device.supports(gemm_dtype) else device.peak(compute_dtype)
    )
    peak = device.peak(compute_dtype)
    # A low-precision recipe as Transformer Engine runs it (core.plan.precision): only the layers'
    # weight GEMMs (TE modules) run low, each one's input quantized before fprop and its output
    # gradient before dgrad and wgrad; attention, the embedding and the LM head (Megatron-Core's
    # output layer is not a TE module) stay in the compute dtype. Layers the recipe keeps in BF16
    # (NVFP4's first and last two) weigh in by their share.
    rec = resolve_recipe(precision, gemm_dtype)
    if bf16_layers is not None and rec.low:
        rec = replace(rec, bf16_layers=bf16_layers)
    low = rec.low and device.supports(gemm_dtype)
    share = rec.low_share(layers or spec.layers) if low else 0.0
    eff_dtype = efficiency_dtype(gemm_dtype, cal, rec, device)
    sp_amax = (
        4 * amax_reduce_seconds(cal, t, t) if low and rec.gathered_amax and sp and t > 1 else 0.0
    )
    sums: dict[str, float] = {}
    extra = {"core": 0.0, "gemm": 0.0, "attn_f": 0.0, "attn_b": 0.0, "mem": 0.0}
    kernels = 0
    chain_best: dict[int, tuple[str, float, bool]] = {}
    megatron_loss = cross_entropy == "fp32-inplace"
    forward_gemms = 0  # the forward weight GEMMs seen (fused_glu: the first, then the second)
    if megatron_loss:  # the traced loss's logits-wide kernels give way to Megatron's
        loss_f, loss_b = megatron_loss_seconds(
            b_eff * ops.seq * math.ceil(spec.vocab / t), fused_loss, bw, launch
        )
        sums["head_fwd"], sums["head_bwd"] = loss_f, loss_b
    for op in ops.ops:
        if megatron_loss and op.region == "head" and op.chain >= 0 and op.vocab:
            continue
        flops, nbytes, dims = op_cost(op, b_eff, t, sp, spec.kv_heads)
        bucket = f"{op.region}_{'fwd' if op.phase == 'forward' else 'bwd'}"
        if op.chain < 0:
            backward = op.phase == "backward"
            if op.kind == "attention":
                # a head narrower than 128 runs at a lower share of the kernel's rate
                # (core.roofline.attention_width): its FLOPs count for more time
                run = cal.attention_kernel(attention_kernel) or attention_kernel
                seq = ops.seq / c
                width = head_width_factor(head, backward, True, seq, run)
                seconds = cal.op_seconds(device, "attention", flops / width, nbytes, peak,
                                         backward=backward, causal=True, seq=seq,
                                         kernel=attention_kernel)  # fmt: skip
                if fp8_attention:
                    seconds *= fp8_attention_factor(device.id, fp8_attention, False, backward,
                                                    seq)  # fmt: skip
                if window is not None and 0 < window[0] < ops.seq:
                    w, windowed = window
                    short = min(window_causal_length(w), seq)
                    width = head_width_factor(head, backward, True, short, run)
                    slid = cal.op_seconds(device, "attention",
                                          flops * window_share(ops.seq, w) / width,
                                          nbytes, peak, backward=backward, causal=True,
                                          seq=short, kernel=attention_kernel)  # fmt: skip
                    if fp8_attention:  # measured at the whole length: its backward grows as s²
                        slid *= fp8_attention_factor(device.id, fp8_attention, True, backward,
                                                     seq)  # fmt: skip
                    seconds = (1.0 - windowed) * seconds + windowed * slid
                extra["attn_b" if backward else "attn_f"] += seconds
            else:
                weight_gemm = op.region == "layer" and not op.core
                seconds = cal.op_seconds(device, "matmul", flops, nbytes, peak, dims=dims,
                                         dtype=compute_dtype)  # fmt: skip
                if low and weight_gemm:
                    fast = cal.op_seconds(device, "matmul", flops, nbytes, gemm_peak, dims=dims,
                                          dtype=eff_dtype)  # fmt: skip
                    seconds = share * fast + (1.0 - share) * seconds
                elif not low and gemm_dtype != compute_dtype and device.supports(gemm_dtype):
                    seconds = cal.op_seconds(device, "matmul", flops, nbytes, gemm_peak,
                                             dims=dims, dtype=gemm_dtype)  # fmt: skip
                if op.region == "layer":
                    extra["gemm"] += seconds
                if low and weight_gemm and not backward and dims is not None:
                    # X (M×K) before fprop, dY (M×N) before dgrad and wgrad: the recipe's
                    # quantization of each (its reads, its copies, its kernels)
                    batch, m, k, n = dims
                    cast_f = share * quantize_seconds(rec, device, batch * m * k, bw, peak, launch)
                    cast_b = share * quantize_seconds(rec, device, batch * m * n, bw, peak, launch)
                    if fused_glu:  # the fused grouped MLP's epilogues quantize these two
                        cast_b = 0.0 if forward_gemms == 0 else cast_b
                        cast_f = 0.0 if forward_gemms == 1 else cast_f
                    forward_gemms += 1
                    sums["layer_fwd"] = sums.get("layer_fwd", 0.0) + cast_f
                    sums["layer_bwd"] = sums.get("layer_bwd", 0.0) + cast_b
                    extra["mem"] += cast_f + cast_b
                    kernels += (2 - fused_glu) * rec.kernels
            sums[bucket] = sums.get(bucket, 0.0) + seconds
            if op.core:
                extra["core"] += seconds
            kernels += op.region == "layer"
            continue
        seconds = max(nbytes / bw, flops / peak)
        if not fused or (op.region == "head" and not fused_loss) or op.name in NORM_KERNELS:
            seconds += launch
            sums[bucket] = sums.get(bucket, 0.0) + seconds
            if op.core:
                extra["core"] += seconds
            if op.region == "layer":
                extra["mem"] += seconds
                kernels += 1
            continue
        held = chain_best.get(op.chain)
        if held is None or seconds > held[1]:
            chain_best[op.chain] = (bucket, seconds, op.core or (held[2] if held else False))
    for bucket, seconds, core in chain_best.values():
        seconds += launch
        sums[bucket] = sums.get(bucket, 0.0) + seconds
        if core:
            extra["core"] += seconds
        if bucket.startswith("layer"):
            extra["mem"] += seconds
            kernels += 1
    if sp_amax:  # the gathered tensors' amax all-reduces over TP, half in each pass
        sums["layer_fwd"] = sums.get("layer_fwd", 0.0) + share * sp_amax / 2
        sums["layer_bwd"] = sums.get("layer_bwd", 0.0) + share * sp_amax / 2
    result = MicroTimes(
        layer_fwd=sums.get("layer_fwd", 0.0),
        layer_bwd=sums.get("layer_bwd", 0.0),
        core_fwd=extra["core"],
        layer_gemm=extra["gemm"],
        attn_fwd=extra["attn_f"],
        attn_bwd=extra["attn_b"],
        embed_fwd=sums.get("embed_fwd", 0.0),
        embed_bwd=sums.get("embed_bwd", 0.0),
        head_fwd=sums.get("head_fwd", 0.0),
        head_bwd=sums.get("head_bwd", 0.0),
        memory_bound=extra["mem"],
        kernels=kernels,
    )
    _CACHE[key] = result
    return result
