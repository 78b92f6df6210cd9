"""Host-bound layers: when the CPU that issues a layer's ops is slower than the GPU that runs them.

The framework's Python process issues every op of a step (PyTorch's eager dispatch and
``cudaLaunchKernel``); the GPU runs them asynchronously, so the CPU normally runs ahead and its
cost is hidden. Two things end that:

* **A host sync in every MoE layer.** Megatron-Core's token dispatchers need, on the host, how many
  rows each local expert receives before the experts run (Transformer Engine's ``GroupedLinear``
  takes them as a Python list, ``m_splits``): the all-to-all dispatcher copies
  ``tokens_per_expert`` to the host at its ``cuda_sync_point``, and DeepEP's normal kernels make
  the CPU wait until the GPU has counted the tokens each rank receives (DeepEP's README, normal
  kernels). So the CPU cannot run ahead of an MoE layer's forward: each layer's
  forward takes ``max(GPU time, CPU issue time)``. Its backward has no sync, but the CPU starts
  it no earlier than the last forward's sync, so for identical layers it too is
  ``max(GPU, CPU)`` per layer.
* **A dense model** never syncs inside the step: the CPU runs ahead over layers, micro-batches
  and steps, and a CPU slower than the GPU would set the pace only over the whole step
  (:func:`host_excess` without ``syncs``). The plan does not charge dense layers: the published
  dense runs issue about 30 ops per layer (0.2 ms) against milliseconds of GPU work.

The CPU issue time of a layer is the ops it issues times :data:`HOST_OP_S`. The ops are the
plan's own (:mod:`core.plan.ops`): each op outside a fused chain once, each fused chain once
(eager: each member), a grouped expert GEMM once per local expert (Transformer Engine's grouped
GEMM issues one cuBLAS GEMM per expert of ``m_splits``), and a low-precision recipe's input
quantizations (:mod:`core.plan.precision`: its kernels per weight GEMM, per expert for the
grouped ones). CUDA graphs (``cuda_graph_impl="transformer_engine"`` and a ``cuda_graph_scope``)
replay the captured scopes with one launch each: the ops of ``attn`` (the layer up to the
router), ``moe_router`` and ``moe_preprocess`` (the router to the first expert GEMM) cost no host
time; the experts and the dispatch are never captured in these scopes. A full-iteration graph
(``full_iteration``) captures the whole step, the dispatch included: no host time at all.

Two things the plan's trace does not hold are added, counted from the code (Megatron-Core
``core_v0.15.0``, Transformer Engine ``v2.9``) and measured where a measurement is published:

* **The token dispatcher's own ops** (:data:`DISPATCH_OPS`): the metadata, the copies to the host,
  the (fused, Triton) permutation and chunk sorts, the all-to-alls or DeepEP's calls; the part
  before the sync (``preprocess``) is what the ``moe_preprocess`` scope captures.
* **Transformer Engine's module overhead** (:data:`TE_MODULE_S`): each ``GroupedLinear`` call of
  the experts (two per layer, never captured) costs the host what a TE module costs over the plain
  GEMM it wraps, measured for ``te.Linear``'s forward. Where the framework runs its layers on
  Transformer Engine (Megatron, NeMo: ``transformer_engine`` in :mod:`core.plan.frameworks`) each
  weight GEMM is charged what TE measurably costs per GEMM instead of a bare op: in the forward
  :data:`TE_GEMM_FORWARD_S`, a TE GEMM's forward as Megatron-Core's experts issue it on an x86
  host (its module overhead included, so no module call is charged apart; on Grace
  ``te.Linear``'s whole forward as measured there), once per local expert in a grouped GEMM; in
  the backward
  :data:`TE_GEMM_BACKWARD_S`, the host time of TE's C++ GEMM call as profiled in a Megatron-Core
  MoE run (the Python around it is not charged: the low end). The router's GEMM stays a bare op
  (Megatron-Core runs it in PyTorch).

Grace-hosted devices (GB200, GB300) issue each op slower than an x86 host
(:data:`GRACE_HOST_FACTOR`).

What the time adds is the CPU's excess over the GPU's, and it is charged to the compute (the GPU
idles, waiting for work).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.roofline.host import HOST_OP_S  # the shared per-op host cost, with its source

__all__ = [
    "CLAMPED_GLU_KERNELS",
    "DISPATCH_OPS",
    "EXPERT_BIAS_KERNELS",
    "GRACE_HOSTS",
    "GRACE_HOST_FACTOR",
    "GRAPH_SCOPES",
    "HOST_BOUND_SHARE",
    "HOST_OP_S",
    "TE_GEMM_BACKWARD_S",
    "TE_GEMM_FORWARD_GRACE_S",
    "TE_GEMM_FORWARD_S",
    "TE_MODULES_PER_LAYER",
    "TE_MODULE_S",
    "UNFUSED_ROPE_KERNELS",
    "HostOps",
    "after_sync_seconds",
    "host_excess",
    "host_factor",
    "host_ops",
    "host_regime",
    "host_seconds",
    "layer_excess",
    "layer_host_ops",
    "layer_scopes",
    "te_forward_s",
]


#: Host calls per MoE layer of Megatron-Core's token dispatchers (``core_v0.15.0``, expert
#: parallel over more than one rank, TP 1, ``moe_permute_fusion``, no capacity factor), as
#: ``(forward before the sync, forward after it, backward)``: each torch op that launches a kernel,
#: each Triton kernel, each copy to the host, each collective. Written out in
#: ``tests/core/plan/test_plan_host.py``.
DISPATCH_OPS: dict[str, tuple[int, int, int]] = {
    # preprocess: routing_map.sum, .long, input_splits' sum, the all-gather of the counts, the
    #   slice's .contiguous, three sums (8). After: 4 copies to the host + wait_stream +
    #   record_event (6), permute (make_row_id_map: 3 Triton kernels; permute_with_mask_map: 1),
    #   2 all-to-alls (tokens, probs), sort_chunks (make_chunk_sort_map + sort_chunks_by_map: 2),
    #   its inverse (2), the combine all-to-all (1), unpermute (1): 18. Backward: unpermute's
    #   (permute_with_mask_map), the combine's all-to-all, 2 chunk sorts, 2 all-to-alls, permute's
    #   (unpermute_with_mask_map): 7.
    "alltoall": (8, 18, 7),
    # flex (DeepEP): setup_metadata's topk (1). After: the probs' cast, DeepEP's layout and
    #   dispatch (2), _indices_to_multihot (2 zeros, the mask, its sum, arange, repeat_interleave,
    #   2 index writes: 8), permute (4), tokens_per_expert.sum().item() (1), unpermute (1), the
    #   combine (1): 18. Backward: DeepEP's combine and dispatch (2), unpermute's and permute's (2),
    #   the multihot probs' index (2), the cast (1): 7.
    "deepep": (1, 18, 7),
}

#: Seconds of host time a Transformer Engine module call costs over the plain GEMM it wraps, on
#: an x86 host: NVIDIA/TransformerEngine#2053 measured ``te.Linear``'s forward (BF16, hidden
#: 2,048, 8,192 tokens) at 99.66 µs of CPU time on GB200 against 37.08 µs for
#: ``torch.nn.Linear`` (62.58 µs more), and ``torch.nn.Linear`` at 13.48 µs on an H100 DGX (Xeon
#: 8480C): scaled by that ratio, 62.58 × 13.48 / 37.08 = 22.75 µs. Forward only (the issue has
#: no backward figure; the backward is not charged).
TE_MODULE_S = 62.58e-6 * 13.48 / 37.08

#: Seconds of host time one Transformer Engine weight GEMM costs in the forward, on an x86 host,
#: as Megatron-Core runs it: the Nsight Systems profile of Megatron-Core training Qwen3-30B-A3B on
#: 8 B200 (an x86 DGX host; yanring/Megatron-MoE-ModelZoo#7: BF16, micro-batch 1, EP 8, the
#: all-to-all dispatcher, no CUDA graphs) puts the experts' forward NVTX range at 2.2 ms of CPU
#: time (median): 16 local experts' two grouped GEMMs, 32 GEMMs, and the 2 other ops the plan
#: counts there (the fused activation), so (2.2 ms − 2 × :data:`HOST_OP_S`) / 32 = 68.3 µs. The GPU
#: keeps up with that range's issue (7 % MFU), so its time is the CPU's. It replaces a figure
#: derived from two isolated microbenchmarks (``te.Linear`` on GB200 scaled by ``torch.nn.Linear``'s
#: x86/Grace ratio, NVIDIA/TransformerEngine#2053: 36.2 µs), half of what the profile shows. A
#: grouped GEMM of ``n`` local experts issues ``n`` GEMMs, each charged this.
TE_GEMM_FORWARD_S = (2.2e-3 - 2 * HOST_OP_S) / 32

#: The same on a Grace host: ``te.Linear``'s whole forward, 99.66 µs of CPU time on GB200
#: (NVIDIA/TransformerEngine#2053, BF16, hidden 2,048, 8,192 tokens), as measured there (no
#: Megatron-Core profile on Grace was found).
TE_GEMM_FORWARD_GRACE_S = 99.66e-6

#: Seconds of host time one Transformer Engine GEMM costs in the backward: the mean CPU time of
#: TE's ``nvte_cublas_gemm`` in an Nsight Systems profile of Megatron-Core training Qwen3-30B-A3B
#: on 8 B200 (an x86 DGX host; yanring/Megatron-MoE-ModelZoo#7: 13,073,979,788 ns over 645,099
#: calls, 20.27 µs; median 13.71 µs). The C++ call only: the Python of TE's backward around it is
#: not charged (the low end).
TE_GEMM_BACKWARD_S = 13_073_979_788e-9 / 645_099

#: Grace hosts' per-op slowdown: ``torch.nn.Linear``'s forward took 37.08 µs of CPU time on GB200
#: against 13.48 µs on the H100 DGX's Xeon 8480C (NVIDIA/TransformerEngine#2053).
GRACE_HOST_FACTOR = 37.08 / 13.48

#: Devices whose host CPU is NVIDIA Grace (GB200 and GB300 NVL72, GH200).
GRACE_HOSTS = frozenset({"gb200", "gb300", "gh200"})


def te_forward_s(factor: float = 1.0) -> float:
    """Seconds one Transformer Engine GEMM's forward costs the host whose per-op slowdown is
    ``factor`` (:func:`host_factor`): a Grace host's own measurement
    (:data:`TE_GEMM_FORWARD_GRACE_S`), else the x86 profile's (:data:`TE_GEMM_FORWARD_S`) times
    ``factor``."""
    return TE_GEMM_FORWARD_GRACE_S if factor == GRACE_HOST_FACTOR else TE_GEMM_FORWARD_S * factor


#: Kernels of Megatron-Core's per-expert bias loop (``TEGroupedMLP._apply_bias``; its bytes are
#: :data:`core.plan.moe.EXPERT_BIAS_ELEMENTS`), as ``((forward per local expert, forward once),
#: (backward per local expert, backward once))``: ``b * p`` and ``t + ·`` per expert and the
#: ``cat`` forward; ``g * p``, its row sum, ``g * b`` and its width sum per expert, and two
#: ``cat`` backward.
EXPERT_BIAS_KERNELS = ((2, 1), (4, 2))

#: Kernels of Megatron-Core's clamp before the experts' gated activation
#: (:data:`core.plan.moe.CLAMPED_GLU_BYTES`), ``(forward, backward)`` per MoE layer. Forward: the
#: two clamps, the concatenation and the scalar's host-to-device copy (4). Backward (PyTorch's
#: ``clamp_backward``): a comparison and a ``where`` for the upper clamp, two comparisons, their
#: ``and`` and a ``where`` for the two-sided one, each ``where``'s zero made as a one-element
#: tensor, and the concatenation of the two gradients (9).
CLAMPED_GLU_KERNELS = (4, 9)

#: Kernels of Megatron-Core's unfused rotary positions per MoE layer (:data:`core.plan.moe.
#: UNFUSED_ROPE_ELEMENTS`) beyond the fused kernel's one each way, for Q and K together:
#: forward 2 × 11 (the cosine and sine tables, each scaled and cast: 6; the multiply, the
#: half-rotation's negation and concatenation, the second multiply, the add, the last
#: concatenation: 6; less the fused one), backward 2 × 6 (7 less 1).
UNFUSED_ROPE_KERNELS = (22, 12)

#: Transformer Engine module calls per MoE layer forward that no CUDA-graph scope captures: the
#: experts' two ``GroupedLinear`` (``TEGroupedMLP``'s ``linear_fc1`` and ``linear_fc2``).
TE_MODULES_PER_LAYER = 2

#: Transformer Engine CUDA-graph scopes of Megatron-Core (``--cuda-graph-modules``,
#: Megatron-Bridge's ``cuda_graph_scope``), and ``full_iteration``: Megatron-Core's whole
#: forward-backward captured as one graph (Megatron-Bridge's ``cuda_graph_impl="full_iteration"``,
#: its 26.06 presets: ``scripts/performance`` at ``v0.5.0``), the token dispatch included, so
#: no op of a layer costs the host anything.
GRAPH_SCOPES: tuple[str, ...] = (
    "attn", "mlp", "moe", "moe_router", "moe_preprocess", "full_iteration",
)  # fmt: skip

#: What each scope captures among :func:`layer_scopes`' parts of a layer.
_CAPTURES = {
    "attn": {"attn"},
    "moe_router": {"router"},
    "moe_preprocess": {"router"},
    "moe": {"router", "experts"},
    "mlp": {"experts"},
    "full_iteration": {"attn", "router", "experts"},
}


@dataclass(frozen=True)
class HostOps:
    """Ops one layer's forward and backward issue from the host (after CUDA graphs)."""

    forward: float
    backward: float
    #: Transformer Engine module calls of the forward (:data:`TE_MODULE_S` each).
    modules: float = 0.0
    #: Transformer Engine weight GEMMs of the forward (:data:`TE_GEMM_FORWARD_S` each), not
    #: counted in ``forward``.
    te_forward: float = 0.0
    #: Transformer Engine GEMMs of the backward (:data:`TE_GEMM_BACKWARD_S` each), not counted
    #: in ``backward``.
    te_backward: float = 0.0
    #: Of ``forward`` and ``te_forward``, the ops the host issues after the token dispatcher's
    #: sync, before the next layer's attention: the experts' part (:func:`layer_scopes`), the
    #: dispatcher's ops after its sync, the per-expert extras. The module calls are all there.
    forward_after_sync: float = 0.0
    te_forward_after_sync: float = 0.0


def host_factor(device_id: str) -> float:
    """How much slower than an x86 host a device's host issues each op: :data:`GRACE_HOST_FACTOR`
    for a Grace-hosted device (:data:`GRACE_HOSTS`, variants included), else 1."""
    return GRACE_HOST_FACTOR if str(device_id).split(":")[0] in GRACE_HOSTS else 1.0


def _is_router(op: Any, experts: int) -> bool:
    """The router's GEMM (replicated over TP; forward ``N``, backward ``M`` or ``K`` = experts)."""
    return (
        op.kind == "matmul" and op.dims is not None and op.dims[0] == 1 and op.tp == "none"
        and experts in op.dims[1:]
    )  # fmt: skip


def _is_expert(op: Any, experts: int) -> bool:
    return op.kind == "matmul" and op.dims is not None and op.dims[0] == experts and experts > 1


def layer_scopes(ops: tuple[Any, ...], experts: int) -> list[str]:
    """The part of the layer each op belongs to: ``attn`` (the forward up to the router, the
    backward after it), ``router`` (the router up to the first expert GEMM; in backward, after
    the last) or ``experts`` (the rest); a dense layer's ops are all ``attn``."""
    out = []
    for phase in ("forward", "backward"):
        seq = [op for op in ops if op.phase == phase]
        rout = [i for i, op in enumerate(seq) if _is_router(op, experts)]
        expt = [i for i, op in enumerate(seq) if _is_expert(op, experts)]
        if not rout or not expt:
            out += ["attn"] * len(seq)
            continue
        for i in range(len(seq)):
            if phase == "forward":
                part = "attn" if i < rout[0] else "router" if i < expt[0] else "experts"
            else:
                part = "experts" if i <= expt[-1] else "router" if i <= rout[-1] else "attn"
            out.append(part)
    return out


def host_ops(
    ops: Any,
    *,
    experts_per_gpu: float,
    fused: bool,
    cast_kernels: int = 0,
    graphs: tuple[str, ...] = (),
    dispatcher: str | None = None,
    expert_bias: bool = False,
    te_gemms: bool = False,
    clamped_glu: bool = False,
    unfused_rope: bool = False,
) -> HostOps:
    """Ops the host issues for one layer of ``ops`` (a :class:`~core.plan.ops.LayerOps`): the
    module docstring's count, ``experts_per_gpu`` expert GEMMs per grouped GEMM,
    ``cast_kernels`` quantization kernels per weight GEMM input (forward: ``X``; backward:
    ``dY``), none for the parts the CUDA-graph ``graphs`` scopes capture; with a
    ``dispatcher`` (an MoE layer's, :data:`DISPATCH_OPS`) its own ops and the experts'
    :data:`TE_MODULES_PER_LAYER` module calls; with ``expert_bias`` Megatron-Core's per-expert
    bias loop (:data:`EXPERT_BIAS_KERNELS`: kernels per local expert and the
    concatenations, forward and backward); with ``clamped_glu`` Megatron-Core's clamp before the
    experts' activation (:data:`CLAMPED_GLU_KERNELS`); with ``unfused_rope`` the eager rotary
    positions (:data:`UNFUSED_ROPE_KERNELS`); with ``te_gemms`` (a framework on
    Transformer Engine) the weight GEMMs other than the router's are counted apart, as TE GEMMs
    (``te_forward``, ``te_backward``), and no module call is (a TE GEMM's forward cost holds
    its module's)."""
    spec = ops.spec
    experts = int(spec.experts or 0)
    layer = tuple(op for op in ops.ops if op.region == "layer")
    ordered = [op for op in layer if op.phase == "forward"] + [
        op for op in layer if op.phase == "backward"
    ]
    parts = layer_scopes(layer, experts)
    captured = set().union(*(_CAPTURES.get(g, set()) for g in graphs)) if graphs else set()
    # "after": the forward's ops after the dispatcher's sync (the experts' part)
    count = {"forward": 0.0, "backward": 0.0, "after": 0.0}
    te = {"forward": 0.0, "backward": 0.0, "after": 0.0}
    chains: set[tuple[str, int, bool]] = set()
    for op, part in zip(ordered, parts, strict=True):
        if part in captured:
            continue
        after = op.phase == "forward" and part == "experts"
        if op.chain >= 0 and fused:
            chains.add((op.phase, op.chain, after))
            continue
        each = experts_per_gpu if _is_expert(op, experts) else 1.0
        weight_gemm = op.kind == "matmul" and not op.core and not _is_router(op, experts)
        (te if te_gemms and weight_gemm else count)[op.phase] += each
        if after:
            (te if te_gemms and weight_gemm else count)["after"] += each
        if cast_kernels and op.kind == "matmul" and op.phase == "forward" and not op.core:
            count["forward"] += each * cast_kernels  # X before fprop
            count["backward"] += each * cast_kernels  # dY before dgrad and wgrad
            count["after"] += each * cast_kernels if after else 0.0
    for phase, _, after in chains:
        count[phase] += 1.0
        count["after"] += 1.0 if after else 0.0
    modules = 0.0
    if dispatcher is not None and experts > 1 and "experts" not in captured:
        before, behind, backward = DISPATCH_OPS[dispatcher]
        preprocess_graphed = any(g in ("moe_preprocess", "moe") for g in graphs)
        count["forward"] += behind + (0 if preprocess_graphed else before)
        count["after"] += behind
        count["backward"] += backward
        modules = 0.0 if te_gemms else float(TE_MODULES_PER_LAYER)
    if expert_bias and experts > 1 and "experts" not in captured:
        (fk, fc), (bk, bc) = EXPERT_BIAS_KERNELS
        count["forward"] += fk * experts_per_gpu + fc
        count["after"] += fk * experts_per_gpu + fc
        count["backward"] += bk * experts_per_gpu + bc
    if clamped_glu and experts > 1 and "experts" not in captured:
        count["forward"] += CLAMPED_GLU_KERNELS[0]
        count["after"] += CLAMPED_GLU_KERNELS[0]
        count["backward"] += CLAMPED_GLU_KERNELS[1]
    if unfused_rope and "attn" not in captured:
        count["forward"] += UNFUSED_ROPE_KERNELS[0]
        count["backward"] += UNFUSED_ROPE_KERNELS[1]
    return HostOps(count["forward"], count["backward"], modules, te["forward"], te["backward"],
                   count["after"], te["after"])  # fmt: skip


def host_excess(
    gpu_fwd: float,
    gpu_bwd: float,
    host: HostOps,
    *,
    syncs: bool,
    op_s: float | None = None,
    module_s: float | None = None,
    factor: float = 1.0,
    gpu_after_sync: float = 0.0,
) -> float:
    """Seconds one layer's CPU issue time adds over its GPU time ``gpu_fwd`` + ``gpu_bwd``: per
    pass with a sync in the layer (``syncs``: an MoE layer), over the whole layer without
    (``op_s``: seconds per op, :data:`HOST_OP_S` by default; ``module_s``: per TE module call,
    :data:`TE_MODULE_S` by default; ``factor``: the host's slowdown, :func:`host_factor`).

    With a sync, the forward runs from one layer's sync to the next: the ops after the sync
    (``host.forward_after_sync``; on the GPU ``gpu_after_sync`` of ``gpu_fwd``: the experts and
    the all-to-alls), then the next layer's ops up to its sync. The CPU issues them in that
    order, and the GPU cannot start an op before it is issued, so the next layer's attention
    starts no earlier than the CPU has issued the experts: the pass takes at least the CPU's
    time after the sync plus the GPU's time before it, beside the longer of its whole CPU and
    GPU times.
    """
    each = (HOST_OP_S if op_s is None else op_s) * factor
    module = (TE_MODULE_S if module_s is None else module_s) * factor
    cpu_f, cpu_b, cpu_after = _cpu_seconds(host, each, module, factor)
    if syncs:
        gpu_before = max(0.0, gpu_fwd - gpu_after_sync)
        forward = max(cpu_f, cpu_after + gpu_before)
        return max(0.0, forward - gpu_fwd) + max(0.0, cpu_b - gpu_bwd)
    return max(0.0, cpu_f + cpu_b - gpu_fwd - gpu_bwd)


#: The share of a layer's GPU compute time at or above which the CPU's counted issue time makes a
#: plan *host-bound* (:func:`host_regime`): the count is the low end (the backward charges TE's
#: C++ GEMM call and none of the Python around it; an Nsight profile of Megatron-Core on 8 B200,
#: yanring/Megatron-MoE-ModelZoo#7, has a forward MoE layer's router and experts alone at 4.1 ms of
#: CPU, about twice what is counted here), so where the count reaches half the GPU's time the true
#: issue time may pass it, and the step is set by a cost the plan cannot pin down. Such plans take
#: their likely interval from the published runs in the same regime
#: (:mod:`core.plan.uncertainty`).
HOST_BOUND_SHARE = 0.5


def host_regime(share: float | None) -> str:
    """``"host"`` when a plan's host share (a layer's CPU issue time over its GPU compute time,
    ``plan --json``'s ``host.share``) is at least :data:`HOST_BOUND_SHARE`, else ``"gpu"`` (no
    share: a dense model, whose CPU runs ahead)."""
    return "host" if share is not None and share >= HOST_BOUND_SHARE else "gpu"


_OPS: dict[tuple, HostOps] = {}


def layer_excess(ctx: Any, layout: Any, mt: Any, ep_layer: float, comm_layer: float,
                 recompute_layer: float) -> float:  # fmt: skip
    """Seconds the host adds to one MoE layer of the context's model under ``layout`` (0 for a
    dense model): :func:`host_excess` of the layer's ops
    (:func:`host_ops`, the implementation's ``cuda_graphs`` captured) against its GPU time, the
    micro-batch's layer times ``mt``, ``ep_layer`` all-to-all seconds per pass,
    ``comm_layer`` exposed TP and CP seconds (half in each pass) and ``recompute_layer``
    (backward)."""
    found = layer_host_ops(ctx, layout)
    if found is None:  # no sync: the CPU runs ahead (the module docstring)
        return 0.0
    gpu_f = mt.layer_fwd + ep_layer + comm_layer / 2
    gpu_b = mt.layer_bwd + ep_layer + comm_layer / 2 + recompute_layer
    device_id = ctx.inp.cluster.device.id
    return host_excess(gpu_f, gpu_b, found, syncs=True, factor=host_factor(device_id),
                       gpu_after_sync=mt.experts_fwd + ep_layer)  # fmt: skip


def _cpu_seconds(
    host: HostOps, each: float, module: float, factor: float
) -> tuple[float, float, float]:
    """``(forward, backward, forward after the sync)`` seconds of CPU issue time of ``host``'s
    ops at ``each`` seconds per op and ``module`` per TE module call on a host ``factor`` times
    slower than x86 (the TE GEMMs at :func:`te_forward_s` and :data:`TE_GEMM_BACKWARD_S`)."""
    te_f = te_forward_s(factor)
    return (
        host.forward * each + host.modules * module + host.te_forward * te_f,
        host.backward * each + host.te_backward * TE_GEMM_BACKWARD_S * factor,
        host.forward_after_sync * each + host.modules * module + host.te_forward_after_sync * te_f,
    )


def host_seconds(host: HostOps, device_id: str) -> tuple[float, float]:
    """``(forward, backward)`` seconds of CPU issue time of one layer's ``host`` ops on the
    device's host (:func:`host_excess`'s costs)."""
    factor = host_factor(device_id)
    return _cpu_seconds(host, HOST_OP_S * factor, TE_MODULE_S * factor, factor)[:2]


def after_sync_seconds(host: HostOps, device_id: str) -> float:
    """Seconds of the forward's CPU issue time after the dispatcher's sync (the experts' part,
    :func:`host_excess`) on the device's host."""
    factor = host_factor(device_id)
    return _cpu_seconds(host, HOST_OP_S * factor, TE_MODULE_S * factor, factor)[2]


def layer_host_ops(ctx: Any, layout: Any) -> HostOps | None:
    """The ops one MoE layer issues from the host under ``layout`` (:func:`host_ops` with the
    implementation's CUDA graphs, recipe casts, dispatcher, expert bias and, for a framework on
    Transformer Engine, TE GEMMs); ``None`` for a dense model, whose CPU runs ahead."""
    from core.plan.frameworks import framework
    from core.plan.precision import resolve_recipe

    inp = ctx.inp
    impl, spec, device = inp.implementation, inp.model, inp.cluster.device
    if not spec.is_moe:
        return None
    graphs = tuple(getattr(impl, "cuda_graphs", ()) or ())
    rec = resolve_recipe(impl.recipe.id, inp.gemm_dtype)
    casts = rec.kernels if rec.low and device.supports(inp.gemm_dtype) else 0
    per_gpu = spec.experts / layout.ep if spec.is_moe else 1.0
    dispatcher = str(getattr(impl, "dispatcher", "alltoall") or "alltoall")
    if dispatcher not in DISPATCH_OPS:
        dispatcher = "alltoall"
    bias = bool(getattr(impl, "expert_bias", False))
    clamp = bool(getattr(impl, "clamped_glu", False))
    rope = bool(getattr(impl, "unfused_rope", False))
    te = bool(framework(impl.framework).transformer_engine)
    key = (ctx.ops.key, per_gpu, impl.fused, casts, graphs, dispatcher, bias, te, clamp, rope)
    found = _OPS.get(key)
    if found is None:
        if len(_OPS) > 1024:
            _OPS.clear()
        found = _OPS[key] = host_ops(ctx.ops, experts_per_gpu=per_gpu, fused=impl.fused,
                                     cast_kernels=casts, graphs=graphs,
                                     dispatcher=dispatcher, expert_bias=bias,
                                     te_gemms=te, clamped_glu=clamp,
                                     unfused_rope=rope)  # fmt: skip
    return found
