"""The training framework as an input: each one a set of mechanisms read from its code or docs.

A framework is not a speed factor. It says how the code it names runs a layout, each point from
the framework's own source (``docs/plan_sources.md`` gives the files):

* **preset**: the :class:`~core.plan.inputs.Implementation` fields it runs by default (fused
  kernels or eager PyTorch, TP overlap, the loss kernel); a field given explicitly wins.
* **pipeline engine**: whether it has an interleaved schedule, and whether the gradient reduction
  can start before the pipeline flush. DeepSpeed's ``PipelineEngine`` runs a plain 1F1B
  ``TrainSchedule`` whose ``ReduceGrads`` instruction comes after the last micro-batch, so its
  reduction is exposed whatever the other options say, and it has no interleaved schedule.
  ``torch.distributed.pipelining`` (torchtitan's and NeMo AutoModel's FSDP2 pipelines) has
  one: ``ScheduleInterleaved1F1B``, whose warm-up (``_get_warmup_ops``:
  ``(v − 1)·rounds + 2(p − 1 − r)``, ``rounds = p`` when the micro-batches are a multiple of
  ``p``) is Megatron-LM's, so its in-flight activations are counted the same way.
* **gradient buckets**: how the reduction is cut into collectives, which sets both how much of it
  overlaps the backward and how many latencies it pays. Megatron-Core: buckets of
  ``max(40M, 1M × DP)`` parameters per model chunk; PyTorch DDP: 25 MiB buckets; FSDP/FSDP2: one
  reduce-scatter per wrapped transformer block; DeepSpeed ZeRO: ``reduce_bucket_size`` 5e8
  elements. ZeRO-3 gathers and reduces per layer in every framework.
* **when the reduction overlaps**: DeepSpeed's ``overlap_comm`` defaults to on for ZeRO-3 only.
* **parameter prefetch**: ZeRO-3/FSDP all-gathers run one layer ahead of the compute that needs
  them (FSDP2's implicit prefetching; DeepSpeed's prefetch bucket), so the first layer's gather
  has nothing to hide behind.
* **reduce dtype and casts**: torchtitan's FSDP2 reduces gradients in fp32
  (``mixed_precision_reduce = "float32"``), so the reduce-scatter moves 4 bytes per gradient and
  each micro-batch first casts the layer's bf16 gradients to fp32; FSDP2 casts its fp32 shard to
  bf16 before every all-gather (``MixedPrecisionPolicy.param_dtype``).
* **where the router's weights are applied**: Megatron-Core's experts (Megatron, NeMo) scale
  their activation by them (``TEGroupedMLP`` hands ``permuted_probs`` to
  ``weighted_bias_swiglu_impl``), so a mixture of experts' combine keeps no copy of the experts'
  outputs (``Implementation.probs_in_experts``, :mod:`core.plan.moe_kept`; memory only).
* **TP overlap by decomposition**: Transformer Engine's userbuffers (Megatron, NeMo) and PyTorch's
  AsyncTP (torchtitan) split each sequence-parallel all-gather and reduce-scatter into ``TP``
  chunks beside the GEMM on those chunks (:mod:`core.plan.overlap`).
* **context parallelism**: torchtitan's is PyTorch's ``context_parallel``, whose ring moves K/V at
  the query heads, gathers again in the backward, rings the K/V gradients in fp32 and merges each
  step in fp32 (:mod:`core.plan.torch_cp`); Megatron-Core's is Transformer Engine's ring.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.errors import InputError
from core.texts import Text, join_texts, translate

__all__ = [
    "DEFAULT_FRAMEWORK",
    "FRAMEWORKS",
    "Framework",
    "bucket_kind",
    "framework",
    "framework_words",
    "fsdp_casts",
    "gradient_buckets",
    "hp_grad_accum",
    "memory_zero",
    "reduce_dtype",
    "reduction_overlaps",
]

#: Megatron-Core's default bucket: ``max(40M, 1M × DP)`` parameters
#: (``DistributedDataParallelConfig.bucket_size``).
MEGATRON_BUCKET_PARAMS = 40_000_000
MEGATRON_BUCKET_PER_DP = 1_000_000
#: PyTorch DDP's ``bucket_cap_mb`` default (25 MiB).
DDP_BUCKET_BYTES = 25 * 2**20
#: DeepSpeed ZeRO's ``reduce_bucket_size`` default (elements).
DEEPSPEED_BUCKET_ELEMENTS = 500_000_000


@dataclass(frozen=True)
class Framework:
    """One training framework's mechanisms (see the module docstring).

    Attributes
    ----------
    id, name
        The CLI's id and the name shown.
    preset
        ``Implementation`` fields the framework runs by default, as ``(field, value)`` pairs.
    interleaved
        Its pipeline engine has the interleaved 1F1B schedule (``vpp > 1``).
    reduce_after_flush
        With a pipeline, the gradient reduction starts only after the flush (DeepSpeed).
    buckets
        How the gradient reduction is cut: ``megatron``, ``ddp``, ``fsdp`` (per layer) or
        ``deepspeed``.
    overlap_needs_zero3
        The reduction overlaps the backward only with ZeRO-3 (DeepSpeed's ``overlap_comm``).
    reduce_dtype
        The dtype gradients are reduced in when the framework sets one (``None``: the recipe's).
    fsdp2_casts
        FSDP2's mixed-precision casts: the fp32 shard to bf16 before each all-gather and, with
        ``reduce_dtype`` wider than the gradients, the gradients before each reduce-scatter.
    tp_overlap_kind
        What ``tp_overlap`` means here: ``userbuffers`` (Transformer Engine) or ``async-tp``
        (PyTorch's micro-pipelined TP), :func:`core.plan.overlap.tp_decomposed`.
    backward_prefetch
        Under ZeRO-3 the next layer's all-gather is issued before this layer's backward runs, so
        two layers are gathered while it runs (FSDP2's implicit backward prefetch; FSDP1's
        ``BACKWARD_PRE``). ``False``: FSDP1's ``BACKWARD_POST``, Composer's default
        (``FSDPConfig.backward_prefetch``), whose post-backward hook reshards the layer before
        it prefetches the next (``_post_backward_reshard`` in torch's
        ``fsdp/_runtime_utils.py``): one layer gathered while it runs (memory only).
    hp_grad_accum
        With bf16 weights and fp32 gradients under ZeRO 0 or 1, every micro-batch's backward is
        followed by a pass that adds each bf16 gradient into a separate fp32 accumulator
        (DeepSpeed's ``BF16_Optimizer.update_hp_grads``, :mod:`core.plan.grad_accum`).
    gathered_weights_only
        Under ZeRO-3 with a master copy, torch FSDP's mixed precision keeps the fp32 shard as
        the parameter itself and makes the compute-dtype weights only when it gathers them
        (FSDP1 frees its low-precision shard after each all-gather,
        ``_free_low_precision_sharded_param``; FSDP2's ``MixedPrecisionPolicy.param_dtype`` is
        the dtype of the unsharded parameter and of the all-gather), so no sharded bf16 copy
        persists beside the master (memory only).
    pipeline_unsharded
        Its pipeline engine keeps a sharded stage gathered through the step: the stage's
        parameters stay unsharded after each backward and its gradients accumulate unsharded,
        reduce-scattered after the last micro-batch's backward (``torch.distributed.pipelining``'s
        ``PipelineStage.backward_maybe_with_nosync`` calls ``set_reshard_after_backward(False)``
        and ``set_requires_gradient_sync(False)`` on an ``FSDPModule`` but for the last
        backward). So ZeRO-2/3 runs with PP > 1, holding what ZeRO-1 holds
        (:func:`memory_zero`).
    torch_cp
        Its context parallelism is PyTorch's ``context_parallel`` as torchtitan's model calls it
        (:mod:`core.plan.torch_cp`): K/V moved at the query heads, gathered again in the
        backward, dK/dV ringed in fp32, every step merged in fp32.
    op_sac
        Its selective recomputation is torchtitan's policy by op (``selective_ac_option =
        "op"``, :mod:`core.plan.op_sac`): every second GEMM output and the attention's output
        saved, the rest of each block run again; elsewhere selective means Megatron's (the
        attention core run again).
    quantized_param_recipes
        The low-precision recipes under which it keeps the linear weights only in their
        quantized copies by default (``Implementation.quantized_params``): Megatron-Bridge's
        mixed-precision presets set ``fp8_param_gather=True`` for delayed, current-scaling and
        MXFP8 FP8 and ``False`` for blockwise (subchannel) FP8 and NVFP4
        (``src/megatron/bridge/training/mixed_precision.py``); memory only.
    transformer_engine
        Its layers are Megatron-Core's on Transformer Engine, whose fused attention takes a value
        head width other than the query-key one: latent attention keeps V unpadded
        (Megatron-Core's ``multi_latent_attention.py`` pads V only for packed sequences; memory
        only, :func:`core.plan.memory.attention_kernels`).
    """

    id: str
    name: str
    preset: tuple[tuple[str, Any], ...]
    interleaved: bool
    reduce_after_flush: bool
    buckets: str
    overlap_needs_zero3: bool = False
    reduce_dtype: str | None = None
    fsdp2_casts: bool = False
    tp_overlap_kind: str = "userbuffers"
    backward_prefetch: bool = True
    gathered_weights_only: bool = False
    pipeline_unsharded: bool = False
    hp_grad_accum: bool = False
    transformer_engine: bool = False
    quantized_param_recipes: tuple[str, ...] = ()
    torch_cp: bool = False
    op_sac: bool = False

    def preset_dict(self) -> dict[str, Any]:
        """The preset as keyword arguments of :class:`~core.plan.inputs.Implementation`."""
        return dict(self.preset)


_FRAMEWORKS: tuple[Framework, ...] = (
    Framework("megatron", "Megatron (Megatron-LM, Megatron-Core)", (("probs_in_experts", True),),
              interleaved=True, reduce_after_flush=False, buckets="megatron",
              transformer_engine=True),
    Framework("nemo", "NeMo", (("tp_overlap", True), ("fused_swiglu", True),
                               ("cross_entropy", "fp32-inplace"), ("probs_in_experts", True)),
              interleaved=True, reduce_after_flush=False, buckets="megatron",
              transformer_engine=True,
              quantized_param_recipes=("fp8-delayed", "fp8-current", "mxfp8")),
    Framework("torchtitan", "torchtitan", (("fused", False),), interleaved=True,
              reduce_after_flush=False, buckets="fsdp", reduce_dtype="fp32", fsdp2_casts=True,
              tp_overlap_kind="async-tp", gathered_weights_only=True, pipeline_unsharded=True,
              torch_cp=True, op_sac=True),
    Framework("fsdp", "PyTorch FSDP2", (("fused", False),), interleaved=True,
              reduce_after_flush=False, buckets="fsdp", fsdp2_casts=True,
              tp_overlap_kind="async-tp", gathered_weights_only=True, pipeline_unsharded=True),
    Framework("deepspeed", "DeepSpeed (Megatron-DeepSpeed)",
              (("fused_loss", False), ("cross_entropy", "fp32-inplace")), interleaved=False,
              reduce_after_flush=True, buckets="deepspeed", overlap_needs_zero3=True,
              hp_grad_accum=True),
    Framework("llm-foundry", "llm-foundry (Composer FSDP)",
              (("fused", False), ("cross_entropy", "native")), interleaved=False,
              reduce_after_flush=False, buckets="fsdp", backward_prefetch=False,
              gathered_weights_only=True),
)  # fmt: skip
#: The framework ids ``--framework`` accepts, the default first.
FRAMEWORKS: tuple[str, ...] = tuple(f.id for f in _FRAMEWORKS)
DEFAULT_FRAMEWORK = "megatron"
_BY_ID = {f.id: f for f in _FRAMEWORKS}


def framework(name: str | None) -> Framework:
    """The framework called ``name`` (``None``: Megatron); the error lists the allowed ids."""
    key = (name or DEFAULT_FRAMEWORK).strip().lower()
    found = _BY_ID.get(key)
    if found is None:
        raise InputError(
            translate("Plan", "framework: {value}; allowed: {allowed}").format(
                value=repr(name), allowed=", ".join(FRAMEWORKS)
            ),
            field="framework",
        )
    return found


def reduction_overlaps(fw: Framework, dp_overlap: bool, pp: int, zero: int) -> bool:
    """Whether the gradient reduction (and ZeRO's gathers) may overlap compute at all: the
    ``dp_overlap`` switch, unless the framework's engine forbids it (DeepSpeed: after the
    pipeline flush with PP > 1, and ``overlap_comm`` off below ZeRO-3)."""
    if not dp_overlap:
        return False
    if fw.reduce_after_flush and pp > 1:
        return False
    return not (fw.overlap_needs_zero3 and zero < 3)


def bucket_kind(fw: Framework, zero: int) -> str:
    """How the reduction is cut under ``zero``: ``layer`` (ZeRO-3 everywhere, FSDP with any
    sharding), ``ddp`` (a PyTorch-native framework with nothing sharded wraps the model in DDP),
    ``megatron`` or ``deepspeed``."""
    if zero == 3:
        return "layer"
    if fw.buckets == "fsdp":
        return "ddp" if zero == 0 else "layer"
    return fw.buckets


def gradient_buckets(
    fw: Framework, *, zero: int, params: float, layers: float, vpp: int, dp: int,
    grad_bytes: float,
) -> int:  # fmt: skip
    """How many collectives the gradient reduction of a GPU's ``params`` is cut into.

    Per :func:`bucket_kind`: one per layer; Megatron-Core ``v × ⌈params / v / max(40M, 1M·DP)⌉``
    (buckets per model chunk); PyTorch DDP ``⌈params × grad bytes / 25 MiB⌉``; DeepSpeed
    ``⌈params / 5e8⌉``.
    """
    kind = bucket_kind(fw, zero)
    if kind == "layer":
        return max(1, round(layers))
    if kind == "megatron":
        bucket = max(MEGATRON_BUCKET_PARAMS, MEGATRON_BUCKET_PER_DP * dp)
        return vpp * max(1, -(-int(params / vpp) // bucket))
    if kind == "ddp":
        return max(1, -(-int(params * grad_bytes) // DDP_BUCKET_BYTES))
    return max(1, -(-int(params) // DEEPSPEED_BUCKET_ELEMENTS))


def memory_zero(fw: Framework, zero: int, pp: int) -> int:
    """The ZeRO stage whose memory a GPU holds: ``zero``, but 1 for ZeRO-2/3 under a pipeline
    engine that keeps its stage unsharded through the step (:attr:`Framework.pipeline_unsharded`:
    whole weights and whole accumulated gradients, only the optimizer state sharded)."""
    if pp > 1 and zero >= 2 and fw.pipeline_unsharded:
        return 1
    return zero


def fsdp_casts(fw: Framework, zero: int) -> bool:
    """Whether FSDP2's mixed-precision casts run (its parameters sharded: ZeRO-3)."""
    return fw.fsdp2_casts and zero == 3


def hp_grad_accum(fw: Framework, zero: int, param_bytes: int, grad_bytes: int) -> bool:
    """Whether each micro-batch ends with the fp32 accumulation pass: the framework's
    ``BF16_Optimizer`` runs (ZeRO 0 or 1, gradients kept wider than the weights)."""
    return fw.hp_grad_accum and zero <= 1 and grad_bytes > param_bytes


def reduce_dtype(fw: Framework, zero: int) -> str | None:
    """The dtype the framework reduces gradients in under ``zero`` (``None``: the recipe's);
    FSDP2's ``reduce_dtype`` applies where FSDP shards (ZeRO ≥ 1), not under DDP."""
    return fw.reduce_dtype if bucket_kind(fw, zero) == "layer" else None


def framework_words(fw: Framework, *, zero: int, pp: int, buckets: int, tp_overlap: bool,
                    sp: bool, tp: int, hp_accum: bool = False) -> Text:  # fmt: skip
    """The plan's sentence on the framework's mechanisms (the ``assumptions``; ``hp_accum``:
    the fp32 accumulation pass after every micro-batch applies, :func:`hp_grad_accum`)."""
    parts: list[Text] = []
    if pp > 1:
        parts.append(
            translate("Plan", "its pipeline engine runs 1F1B without an interleaved schedule and reduces the gradients after the pipeline flush")
            if fw.reduce_after_flush
            else translate("Plan", "1F1B pipeline, interleaved when vpp > 1")
            if fw.interleaved
            else translate("Plan", "1F1B pipeline without an interleaved schedule")
        )  # fmt: skip
    how = {
        "megatron": translate("Plan", "gradient buckets of max(40M, 1M × DP) parameters per model chunk"),
        "ddp": translate("Plan", "DDP's 25 MiB gradient buckets"),
        "deepspeed": translate("Plan", "ZeRO's reduce buckets of 5e8 elements"),
        "layer": translate("Plan", "one reduce-scatter per transformer block"),
    }[bucket_kind(fw, zero)]  # fmt: skip
    parts.append(translate("Plan", "{how} ({n} per step)").format(how=how, n=f"{buckets:,}"))
    if fw.overlap_needs_zero3:
        parts.append(translate("Plan", "overlap_comm at its default: on with ZeRO-3 only"))
    if zero == 3:
        parts.append(translate("Plan", "parameters all-gathered one layer ahead (prefetch), the first layer's gather exposed"))  # fmt: skip
    if reduce_dtype(fw, zero):
        parts.append(
            translate("Plan", "gradients reduced in {dtype}").format(dtype=reduce_dtype(fw, zero))
        )
    if fsdp_casts(fw, zero):
        parts.append(translate("Plan", "mixed-precision casts before each all-gather and reduce-scatter"))  # fmt: skip
        parts.append(translate("Plan", "each gathered layer copied out of the all-gather buffer on the compute stream"))  # fmt: skip
    if hp_accum:
        parts.append(translate("Plan", "after every micro-batch the bf16 gradients added into separate fp32 ones (BF16_Optimizer), both kept"))  # fmt: skip
    if tp > 1 and tp_overlap:
        kind = (
            translate("Plan", "AsyncTP")
            if fw.tp_overlap_kind == "async-tp"
            else translate("Plan", "Transformer Engine's userbuffers")
        )
        parts.append(
            translate("Plan", "TP overlap by {kind}").format(kind=kind)
            if sp
            else translate("Plan", "TP overlap asked for but without sequence parallelism nothing is decomposed")
        )  # fmt: skip
    joined = join_texts(parts, "; ")
    return translate("Plan", "framework {name}: {mechanisms}").format(
        name=fw.name, mechanisms=joined
    )
