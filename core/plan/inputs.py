"""What a plan is asked about: the model, the batch, the cluster, the layout and how the code runs.

Everything is a frozen dataclass validated on construction, so a plan never starts from input that
cannot exist. :func:`check_layout` refuses a layout that cannot run on the cluster, naming why
(TP not dividing the heads, PP not dividing the layers, TP·PP·CP not dividing the GPUs, a global
batch that is not a multiple of DP × micro-batch, …): the CLI prints that one line and exits 2.

Rank order (Megatron-LM's): TP varies fastest, then CP, then DP, then PP. So a TP group of up to
``gpus_per_node`` GPUs sits inside one node, a DP or CP group crosses nodes once ``TP·CP`` (or
``TP``) fills a node, and the pipeline's neighbours sit on different nodes. "Node" for the links
means the **NVLink domain** (:attr:`Cluster.domain`): the node on an HGX board, the whole rack of
4-GPU trays on an NVL72 (``--nvlink-domain 72``), so groups inside it ride NVLink and only groups
that span domains use the network.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property

from core.errors import InputError
from core.memory.models import TransformerSpec
from core.memory.recipes import RECIPES, Optimizer, Recipe, optimizer, recipe
from core.plan.frameworks import framework
from core.plan.precision import (
    DEFAULT_FP8,
    PRECISIONS,
    PrecisionRecipe,
    check_precision,
    precision_recipe,
)
from core.roofline.achievable import ATTENTION_KERNELS
from core.roofline.hardware import Device
from core.texts import Text, join_texts, translate
from core.validate import positive_float, positive_int

__all__ = [
    "CP_COMM",
    "CROSS_ENTROPY",
    "RECOMPUTE",
    "Cluster",
    "Constraints",
    "Implementation",
    "Layout",
    "PlanInput",
    "check_layout",
    "context_parallel_problem",
    "expert_parallel_problem",
    "recompute_name",
    "stage_layers",
    "trusted_layout",
]

#: Activation recomputation: none, selective (the attention core, Korthikanti et al. 2022), full
#: (every layer's forward again in backward, keeping only each layer's input).
RECOMPUTE: tuple[str, ...] = ("none", "selective", "full")
#: How context parallelism moves K and V: a ring of point-to-point exchanges overlapped with the
#: attention blocks (Megatron-Core), or one all-gather before the attention (Llama 3, §3.3.2).
CP_COMM: tuple[str, ...] = ("ring", "all-gather")
#: How the LM head's cross-entropy keeps the logits, which sets its memory
#: (:attr:`Implementation.cross_entropy`).
CROSS_ENTROPY: tuple[str, ...] = ("fp32", "fp32-inplace", "native")
_MAX_GPUS = 10_000_000


@dataclass(frozen=True)
class Cluster:
    """The GPUs a run gets: the device, how many, per node, and the links between them.

    ``intra_node_bandwidth`` and ``inter_node_bandwidth`` (bytes/s per GPU, one direction)
    override the device database's; ``None`` takes the database's. ``nvlink_domain`` is how many
    GPUs share one NVLink fabric (whole nodes: 72 for an NVL72 rack of 4-GPU nodes); ``None``
    takes the device's (:attr:`domain`).
    """

    device: Device
    gpus: int
    gpus_per_node: int = 8
    intra_node_bandwidth: float | None = None
    inter_node_bandwidth: float | None = None
    nvlink_domain: int | None = None

    def __post_init__(self) -> None:
        positive_int(self.gpus, "gpus", high=_MAX_GPUS)
        positive_int(self.gpus_per_node, "gpus-per-node", high=1024)
        if self.nvlink_domain is not None:
            positive_int(self.nvlink_domain, "nvlink-domain", high=_MAX_GPUS)
            if self.nvlink_domain % self.gpus_per_node:
                raise InputError(
                    translate(
                        "Plan",
                        "nvlink-domain: {domain} GPUs is not a whole number of nodes of "
                        "{per_node}; allowed: a multiple of --gpus-per-node (72 for an NVL72 rack "
                        "of 4-GPU trays)",
                    ).format(domain=str(self.nvlink_domain), per_node=str(self.gpus_per_node)),
                    field="nvlink_domain",
                )
        for name in ("intra_node_bandwidth", "inter_node_bandwidth"):
            value = getattr(self, name)
            if value is not None:
                positive_float(value, name.replace("_", "-"), low=1e3, high=1e16)
        if self.gpus > self.gpus_per_node and self.gpus % self.gpus_per_node:
            raise InputError(
                translate(
                    "Plan",
                    "gpus: {gpus} GPUs do not fill whole nodes of {per_node}; allowed: a multiple "
                    "of --gpus-per-node (or fewer GPUs than one node)",
                ).format(gpus=f"{self.gpus:,}", per_node=str(self.gpus_per_node)),
                field="gpus",
            )

    @property
    def nodes(self) -> int:
        """Nodes the GPUs fill."""
        return max(1, -(-self.gpus // self.gpus_per_node))

    @property
    def domain(self) -> int:
        """GPUs on one NVLink fabric: ``nvlink_domain`` where given, else the device's own (72
        on an NVL72) where it holds whole nodes, else the node."""
        if self.nvlink_domain:
            return self.nvlink_domain
        own = self.device.nvlink_domain
        if own and own >= self.gpus_per_node and own % self.gpus_per_node == 0:
            return own
        return self.gpus_per_node

    @cached_property
    def intra_bw(self) -> float:
        """Per-GPU bandwidth inside a node; the error says how to give one."""
        value = self.intra_node_bandwidth or self.device.intra_node_bandwidth
        if not value:
            raise InputError(
                translate(
                    "Plan",
                    "device: {name} has no intra-node link bandwidth in the database; give "
                    "--intra-bw (bytes/s per GPU, e.g. 300e9)",
                ).format(name=self.device.name),
                field="intra_bw",
            )
        return float(value)

    @cached_property
    def inter_bw(self) -> float:
        """Per-GPU network bandwidth between nodes; the error says how to give one."""
        value = self.inter_node_bandwidth or self.device.inter_node_bandwidth
        if not value:
            raise InputError(
                translate(
                    "Plan",
                    "device: {name} has no network bandwidth in the database, so {gpus} GPUs on "
                    "{nodes} nodes cannot be planned; give --network-bw (bytes/s per GPU, e.g. "
                    "50e9)",
                ).format(name=self.device.name, gpus=f"{self.gpus:,}", nodes=f"{self.nodes:,}"),
                field="network_bw",
            )
        return min(float(value), self.intra_bw)

    def to_dict(self) -> dict[str, object]:
        """The JSON form (``plan --json`` key ``cluster``): GPUs, nodes and the NVLink domain."""
        return {
            "device": self.device.id,
            "gpus": self.gpus,
            "gpus_per_node": self.gpus_per_node,
            "nodes": self.nodes,
            "nvlink_domain": self.domain,
            "intra_node_bandwidth": self.intra_node_bandwidth or self.device.intra_node_bandwidth,
            "inter_node_bandwidth": self.inter_node_bandwidth or self.device.inter_node_bandwidth,
        }

    def group_crosses_nodes(self, stride: int, size: int) -> bool:
        """Whether a group of ``size`` ranks ``stride`` apart spans more than one NVLink domain:
        it reaches past one, or domains do not split into its span and more than one domain is
        in use (then some of the groups straddle two)."""
        if size <= 1 or self.gpus <= self.domain:
            return False
        span = stride * size
        return span > self.domain or self.domain % span != 0

    def group_bandwidth(self, stride: int, size: int) -> tuple[float, bool]:
        """``(bytes/s per GPU, crosses nodes)`` of the slowest link a ring over the group uses."""
        crosses = self.group_crosses_nodes(stride, size)
        return (self.inter_bw if crosses else self.intra_bw), crosses


@dataclass(frozen=True)
class Layout:
    """One way to lay the run out on the cluster.

    ``dp`` 0 means "the GPUs left over": ``gpus / (tp · pp · cp)``. ``ep`` and ``etp`` are
    expert parallelism and expert tensor parallelism (a mixture-of-experts model's experts
    spread over ``ep`` ranks of the data-parallel ones, each expert's weights over ``etp``);
    both 1 for a dense model.
    """

    tp: int = 1
    pp: int = 1
    vpp: int = 1
    cp: int = 1
    dp: int = 0
    sp: bool = False
    zero: int = 0
    micro_batch: int = 1
    recompute: str = "none"
    ep: int = 1
    etp: int = 1

    def __post_init__(self) -> None:
        for name in ("tp", "pp", "vpp", "cp", "micro_batch", "ep", "etp"):
            positive_int(getattr(self, name), name.replace("_", "-"), high=_MAX_GPUS)
        positive_int(self.dp, "dp", low=0, high=_MAX_GPUS)
        if self.zero not in (0, 1, 2, 3):
            raise InputError(
                translate("Plan", "zero: {zero}; allowed: 0, 1, 2 or 3").format(
                    zero=repr(self.zero)
                ),
                field="zero",
            )
        if self.recompute not in RECOMPUTE:
            raise InputError(
                translate("Plan", "recompute: {value}; allowed: {allowed}").format(
                    value=repr(self.recompute), allowed=", ".join(RECOMPUTE)
                ),
                field="recompute",
            )

    def with_dp(self, gpus: int) -> Layout:
        """The layout with ``dp`` filled from the GPU count (unchanged when already set)."""
        if self.dp:
            return self
        return replace(self, dp=max(1, gpus // (self.tp * self.pp * self.cp)))

    def to_dict(self) -> dict[str, object]:
        """The JSON form (the issue's keys)."""
        return {
            "tp": self.tp,
            "pp": self.pp,
            "vpp": self.vpp,
            "cp": self.cp,
            "dp": self.dp,
            "sp": self.sp,
            "zero": self.zero,
            "micro_batch": self.micro_batch,
            "recompute": self.recompute,
            "ep": self.ep,
            "etp": self.etp,
        }

    def label(self) -> Text:
        """``TP 8+SP · PP 4×2 · DP 32 · ZeRO-1 · mb 1 · selective recompute`` for tables.

        What is left at its default is left out, as CP 1 and ZeRO-0 are: no recomputation adds
        nothing. The recomputation words are translatable (``widgets.i18n.localized``)."""
        parts = [f"TP {self.tp}"]
        if self.sp:
            parts[-1] += "+SP"
        parts.append(f"PP {self.pp}" + (f"×{self.vpp}" if self.vpp > 1 else ""))
        if self.cp > 1:
            parts.append(f"CP {self.cp}")
        parts.append(f"DP {self.dp}")
        if self.ep > 1:
            parts.append(f"EP {self.ep}")
        if self.etp > 1:
            parts.append(f"ETP {self.etp}")
        if self.zero:
            parts.append(f"ZeRO-{self.zero}")
        parts.append(f"mb {self.micro_batch}")
        if self.recompute != "none":
            parts.append(recompute_name(self.recompute))
        return join_texts(parts, " · ")


def recompute_name(mode: str) -> Text:
    """The words for a recomputation mode of :data:`RECOMPUTE` (a :class:`Layout` checks it)."""
    return {
        "none": translate("Plan", "no recompute"),
        "selective": translate("Plan", "selective recompute"),
        "full": translate("Plan", "full recompute"),
    }[mode]


@dataclass(frozen=True)
class Implementation:
    """How the training code runs the layout: facts about the software, not about the model.

    Attributes
    ----------
    flash
        Flash attention (no ``s²`` tensors kept; the scores computed again in backward). ``False``
        is the unfused path of 2021-2022 Megatron-LM: ``QKᵀ`` and ``P·V`` batched matmuls with the
        softmax (and its dropout) between them.
    fused
        Memory-bound ops between two GEMMs run as one fused kernel (Megatron-LM's fused bias-GeLU,
        bias-dropout-add, scale-mask-softmax and LayerNorm; Transformer Engine; torch.compile).
        ``False``: eager PyTorch, every op its own kernel.
    dropout
        Dropout on the attention probabilities and the residual branches (GPT-3-style runs).
    dp_overlap
        The gradient reduction runs during the last micro-batch's backward, bucketed (PyTorch DDP,
        Li et al. 2020; Megatron-LM's ``--overlap-grad-reduce``), and ZeRO's parameter all-gather
        during the next step's first forward (``--overlap-param-gather``). ``False``: both after
        the pipeline flush, exposed.
    tp_overlap
        TP collectives overlapped with the GEMMs that produce or consume them (Transformer Engine's
        userbuffers). ``False``: on the critical path (Megatron-LM 2021-2022).
    cp_comm
        See :data:`CP_COMM`.
    uneven_stages
        Pipeline stages need not hold equal layers: when ``pp × vpp`` does not divide the layers,
        the first and the last stage take the missing ones off (Megatron-Core's
        ``--decoder-first/last-pipeline-num-layers``; Llama 3 405B's 126 layers on 16 stages,
        §3.3.2). ``False``: ``pp × vpp`` must divide the layers.
    gemm_dtype
        The dtype GEMMs compute in (``fp8``; ``fp4`` with NVFP4); ``None``: the recipe's weight
        dtype, or the low-precision recipe's (:attr:`precision`).
    fused_loss
        The LM head's loss (softmax and cross-entropy over the vocabulary) runs as one fused
        kernel (Megatron-Core's ``--cross-entropy-loss-fusion``, NeMo's
        ``cross_entropy_loss_fusion``); ``False``: as separate kernels over fp32 logits, as
        Megatron's vocabulary-parallel cross-entropy does without the flag.
    cross_entropy
        What the LM head's cross-entropy keeps, per logit (``s·b·V / TP`` of them), which sets its
        memory (:data:`CROSS_ENTROPY`). ``fp32``: PyTorch's ``F.cross_entropy`` on an fp32 copy of
        the logits (Hugging Face, torchtitan; the Memory tab's count): the fp32 log-softmax is kept
        (4 bytes) and backward allocates the fp32 gradients of the log-softmax and of the logits
        (8 bytes). ``fp32-inplace``: Megatron's vocabulary-parallel cross-entropy (fused or not):
        an fp32 copy of the logits turned into the softmax in place and kept (4 bytes), whose
        backward writes the gradient in place and casts it back to the activations' dtype
        (``e`` bytes). ``native``: a kernel that reads the logits in their own dtype
        (flash-attention's ``CrossEntropyLoss``, llm-foundry's ``fused_crossentropy``): the
        logits are kept (``e`` bytes, plus one fp32 log-sum-exp per token) and backward writes
        their gradient in that dtype (``e`` bytes). Time is :attr:`fused_loss`'s.
    fused_swiglu
        A gated MLP's activation runs as one fused kernel that keeps only its input for backward
        (Megatron-Core's ``bias_swiglu_impl`` saves ``input`` alone; Transformer Engine), so a
        layer keeps 3 ffn-wide tensors (gate and up, and the down projection's input) where eager
        PyTorch keeps 4. ``False``: what eager PyTorch keeps (the Memory tab's count).
    attention_kernel
        The flash-attention kernel (:data:`core.roofline.achievable.ATTENTION_KERNELS`:
        ``flash3``, ``cudnn``, ``flash2``, ``triton``, ``flash1``), timed from its benchmark
        figures at the run's sequence length; ``None``: the device's default (the fastest its
        calibration measures).
    precision
        The low-precision recipe of the layers' GEMMs (:data:`core.plan.precision.PRECISIONS`:
        ``bf16``, ``fp8-delayed``, ``fp8-current``, ``mxfp8``, ``fp8-blockwise``, ``nvfp4``);
        ``None``: from
        :attr:`gemm_dtype` (fp8 is :data:`core.plan.precision.DEFAULT_FP8`). See :attr:`recipe`.
    framework
        The training framework whose mechanisms run the layout
        (:data:`core.plan.frameworks.FRAMEWORKS`: pipeline engine, gradient buckets and when they
        overlap, parameter prefetch, reduce dtype, what ``tp_overlap`` decomposes); its preset
        of the fields above is applied where the input is parsed
        (:func:`core.plan.options.implementation_from`), not here.
    """

    flash: bool = True
    fused: bool = True
    dropout: bool = False
    dp_overlap: bool = True
    tp_overlap: bool = False
    cp_comm: str = "ring"
    uneven_stages: bool = False
    gemm_dtype: str | None = None
    attention_kernel: str | None = None
    fused_loss: bool = True
    fused_swiglu: bool = False
    cross_entropy: str = "fp32"
    precision: str | None = None
    #: The linear weights kept only quantized (NeMo's ``fp8_params``, Megatron's
    #: ``--fp8-param-gather``): the quantized copies replace the compute-dtype weights.
    quantized_params: bool = False
    framework: str = "megatron"
    #: Activation CPU offloading (Megatron-Core's ``cpu_offloading_num_layers`` through Transformer
    #: Engine's ``get_cpu_offload_context``): the saved activations of the first ``k`` layers go to
    #: host memory in forward and come back in backward, finished in time for TE's default
    #: synchronization to keep ``L − k`` layers' worth on the GPU at the peak (memory only).
    offload_layers: int = 0
    #: The pipeline schedule (:data:`core.plan.dualpipe.SCHEDULES`): Megatron's 1F1B, or
    #: DeepSeek's DualPipe (:mod:`core.plan.dualpipe`).
    schedule: str = "1f1b"
    #: A mixture of experts' token dispatcher (:data:`core.plan.deepep.DISPATCHERS`): Megatron's
    #: all-to-all, or DeepEP's (:mod:`core.plan.deepep`); ``route_nodes`` > 0 limits each token
    #: to that many nodes (DeepSeek-V3's node-limited routing: 4).
    dispatcher: str = "alltoall"
    route_nodes: int = 0
    #: Recomputation by module (Megatron-Core's ``--recompute-modules``,
    #: :data:`core.plan.recompute_modules.RECOMPUTE_MODULES`): the named modules' saved
    #: activations are dropped and their forward rerun in backward; () = none.
    recompute_modules: tuple[str, ...] = ()
    #: Fine-grained activation offloading (Megatron-Core's ``--fine-grained-activation-offloading
    #: --offload-modules``, :data:`core.plan.recompute_names.OFFLOAD_MODULES`): the named
    #: modules' inputs are copied to the host in forward and back for backward, on their own
    #: streams, so they leave the GPU's memory (:mod:`core.plan.moe_kept`; the copies are taken as
    #: hidden behind the compute); () = none.
    offload_modules: tuple[str, ...] = ()
    #: DeepEP's dispatch in FP8 (1 × 128 tiles; DeepSeek-V3 §3.3), else in the activations'
    #: dtype (Megatron-Core's flex dispatcher hands DeepEP the layer's BF16 hidden states).
    fp8_dispatch: bool = True
    #: The router's weights applied inside the experts (Megatron-Core's ``TEGroupedMLP`` scales
    #: the activation by ``permuted_probs``: ``weighted_bias_swiglu_impl``), so the combine
    #: keeps no copy of the experts' outputs (:mod:`core.plan.moe_kept`).
    probs_in_experts: bool = False
    #: With ``moe_act`` recomputed, the routed experts' activation input (the first GEMM's
    #: output, the one tensor they keep) cached in the low-precision recipe's bytes instead of
    #: the activations' (DeepSeek-V3 report §3.3.3: the SwiGLU inputs are cached in FP8 with the
    #: fine-grained quantization, and its output recomputed in backward; :mod:`core.plan.moe_kept`).
    low_act_input: bool = False
    #: Bytes per element of the one copy of the attention output that both flash attention's
    #: backward and the output projection's weight gradient keep (DeepSeek-V3 report §3.3.3,
    #: "Low-Precision Activation" (1): a customized E5M6 format, 12 bits, with the kernel's fp32
    #: scale per 128 elements); 0: flash keeps its own output and the projection its own copy.
    shared_attention_output: float = 0.0
    #: The routed experts carry biases that Megatron-Core adds in a Python loop over the local
    #: experts (``TEGroupedMLP._apply_bias``: ``t + b * p`` per expert, then ``torch.cat``):
    #: GPT-OSS (``add_bias_linear=True``). Timed by :func:`core.plan.moe.expert_bias_seconds`,
    #: its host calls by :mod:`core.plan.host`; False: no expert biases.
    expert_bias: bool = False
    #: The experts' gated activation clamps its two halves first, in eager PyTorch: Megatron-Core's
    #: ``weighted_bias_quick_geglu_impl`` with ``clamp_value`` (GPT-OSS:
    #: ``activation_func_clamp_value`` 7.0) chunks the first expert GEMM's output, clamps each
    #: half and concatenates them again before the fused kernel. Timed by
    #: :func:`core.plan.moe.clamped_glu_seconds`, its host calls by :mod:`core.plan.host`;
    #: False: no clamp (or one fused into the activation's kernel).
    clamped_glu: bool = False
    #: Rotary positions applied in eager PyTorch (Megatron-Core's ``_apply_rotary_pos_emb_bshd``
    #: without ``apply_rope_fusion``): Megatron-Bridge turns the fusion off for any position
    #: embedding but plain ``rope`` (``validate_rope_fusion_compatibility``), so GPT-OSS's YaRN
    #: runs unfused. Timed by :func:`core.plan.moe.unfused_rope_seconds`, its host calls by
    #: :mod:`core.plan.host`; False: the fused kernel.
    unfused_rope: bool = False
    #: The experts' MLP runs as Transformer Engine's fused grouped MLP (its op fuser with the
    #: CuTe DSL kernels, ``transformer_engine/pytorch/ops/fused/grouped_mlp.py``; Megatron-Bridge's
    #: ``cutedsl_fused_grouped_mlp`` with ``use_transformer_engine_op_fuser``) under a
    #: block-scaled recipe (MXFP8, NVFP4): the first expert GEMM applies the gated activation and
    #: the routing weights and quantizes the second GEMM's input in its epilogue, and the second
    #: GEMM's data-gradient GEMM applies the activation's backward and quantizes the first GEMM's
    #: output gradient in its own (:func:`core.plan.moe.layer_micro_times`). False: the
    #: activation and those two quantizations run as kernels of their own.
    fused_grouped_mlp: bool = False
    #: Attention runs in the recipe's FP8 format (Transformer Engine's ``fp8_dpa``,
    #: Megatron-Bridge's ``fp8_dot_product_attention``; under an MXFP8 recipe cuDNN's MXFP8
    #: attention): its time is the BF16 attention's times cuDNN's measured FP8/BF16 ratio
    #: (:mod:`core.roofline.attention_fp8`). False, or a 16-bit recipe: attention in BF16.
    fp8_attention: bool = False
    #: How gradients add up over micro-batches (:data:`core.plan.grad_accum.GRAD_ACCUMULATION`):
    #: ``fused``, the weight-gradient GEMM accumulates into the buffer (Megatron's
    #: ``gradient_accumulation_fusion``); ``hook``, Megatron-LM 2022's per-micro-batch
    #: ``main_grad.add_`` (fp16); ``autograd``, PyTorch's in-place add from the second
    #: micro-batch (Megatron-LM 2021, fp16).
    grad_accumulation: str = "fused"
    #: Transformer Engine CUDA-graph scopes (Megatron-Bridge's ``cuda_graph_scope`` with
    #: ``cuda_graph_impl="transformer_engine"``, :data:`core.plan.host.GRAPH_SCOPES`): the
    #: captured ops cost the host nothing (:mod:`core.plan.host`); () = eager.
    cuda_graphs: tuple[str, ...] = ()
    #: The expert all-to-all of one micro-batch hidden behind another micro-batch's compute
    #: (Megatron-Core's ``overlap_moe_expert_parallel_comm``, :mod:`core.plan.ep_overlap`);
    #: False: each all-to-all on the critical path.
    ep_overlap: bool = False
    #: A custom pipeline layout in Megatron-Core's notation (``--pipeline-model-parallel-layout``,
    #: :mod:`core.plan.pipeline_layout`): which layers, MTP modules, embedding and loss each
    #: virtual pipeline stage holds; ``None``: the plan's split (:func:`stage_layers`).
    pipeline_layout: str | None = None
    #: Transformer layers at each end kept in BF16 under a low-precision recipe (Megatron-Core's
    #: ``--first-last-layers-bf16`` with ``--num-layers-at-start-in-bf16`` and
    #: ``--num-layers-at-end-in-bf16``); ``None``: the recipe's own (NVFP4's 2, none for the FP8
    #: recipes). Megatron-Core's default is off: 0.
    bf16_end_layers: int | None = None

    def __post_init__(self) -> None:
        framework(self.framework)  # an unknown framework names the allowed ones
        if self.bf16_end_layers is not None:
            positive_int(self.bf16_end_layers, "bf16-end-layers", low=0, high=100_000)
        from core.plan.grad_accum import GRAD_ACCUMULATION

        if self.grad_accumulation not in GRAD_ACCUMULATION:
            raise InputError(
                translate("Plan", "grad-accumulation: {value}; allowed: {allowed}").format(
                    value=repr(self.grad_accumulation), allowed=", ".join(GRAD_ACCUMULATION)
                ),
                field="grad_accumulation",
            )
        from core.plan.deepep import DISPATCHERS
        from core.plan.dualpipe import SCHEDULES

        if self.dispatcher not in DISPATCHERS:
            raise InputError(
                translate("Plan", "dispatcher: {value}; allowed: {allowed}").format(
                    value=repr(self.dispatcher), allowed=", ".join(DISPATCHERS)
                ),
                field="dispatcher",
            )
        positive_int(self.route_nodes, "route-nodes", low=0, high=100_000)
        if not 0.0 <= float(self.shared_attention_output) <= 4.0:
            raise InputError(
                translate("Plan", "shared attention output: {value} bytes per element; allowed: 0 (none) up to 4").format(value=str(self.shared_attention_output)),
                field="shared_attention_output",
            )  # fmt: skip
        from core.plan.recompute_names import OFFLOAD_MODULES, check_modules, names_in

        object.__setattr__(self, "recompute_modules", check_modules(self.recompute_modules))
        offload = names_in(
            self.offload_modules, OFFLOAD_MODULES, "offload_modules",
            translate("Plan", "offloaded module: {value}; allowed: {allowed}"),
        )  # fmt: skip
        object.__setattr__(self, "offload_modules", offload)
        from core.plan.host import GRAPH_SCOPES

        graphs = names_in(
            self.cuda_graphs, GRAPH_SCOPES, "cuda_graphs",
            translate("Plan", "CUDA graph scope: {value}; allowed: {allowed}"),
        )  # fmt: skip
        object.__setattr__(self, "cuda_graphs", graphs)

        if self.pipeline_layout is not None:
            from core.plan.pipeline_layout import parse_layout

            text = str(self.pipeline_layout).strip()
            object.__setattr__(self, "pipeline_layout", parse_layout(text).text if text else None)
        if self.schedule not in SCHEDULES:
            raise InputError(
                translate("Plan", "schedule: {value}; allowed: {allowed}").format(
                    value=repr(self.schedule), allowed=", ".join(SCHEDULES)
                ),
                field="schedule",
            )
        from core.plan.ep_overlap import code_problem

        pair_problem = code_problem(self)
        if pair_problem is not None:
            raise pair_problem
        if (
            isinstance(self.offload_layers, bool)
            or not isinstance(self.offload_layers, int)
            or self.offload_layers < 0
        ):
            raise InputError(
                translate(
                    "Plan", "offloaded layers: {value}; allowed: a whole number, 0 or more"
                ).format(value=repr(self.offload_layers)),
                field="offload_layers",
            )
        self._settle_precision()
        if self.attention_kernel is not None and self.attention_kernel not in ATTENTION_KERNELS:
            raise InputError(
                translate("Plan", "attention kernel: {value}; allowed: {allowed}").format(
                    value=repr(self.attention_kernel), allowed=", ".join(ATTENTION_KERNELS)
                ),
                field="attention_kernel",
            )
        if self.cross_entropy not in CROSS_ENTROPY:
            raise InputError(
                translate("Plan", "cross-entropy: {value}; allowed: {allowed}").format(
                    value=repr(self.cross_entropy), allowed=", ".join(CROSS_ENTROPY)
                ),
                field="cross_entropy",
            )
        if self.cp_comm not in CP_COMM:
            raise InputError(
                translate("Plan", "cp-comm: {value}; allowed: {allowed}").format(
                    value=repr(self.cp_comm), allowed=", ".join(CP_COMM)
                ),
                field="cp_comm",
            )
        if self.gemm_dtype not in (None, "bf16", "fp16", "fp8", "fp4", "fp32", "tf32"):
            raise InputError(
                translate(
                    "Plan", "gemm dtype: {value}; allowed: bf16, fp16, fp8, fp4, tf32, fp32"
                ).format(value=repr(self.gemm_dtype)),
                field="gemm_dtype",
            )

    def _settle_precision(self) -> None:
        """Check :attr:`precision` and give :attr:`gemm_dtype` the recipe's dtype."""
        if self.precision is None:
            return
        found = precision_recipe(self.precision)
        object.__setattr__(self, "precision", found.id)
        given, expected = self.gemm_dtype, found.gemm_dtype
        if given is None:
            object.__setattr__(self, "gemm_dtype", expected)
        elif (given != expected) if expected else given in ("fp8", "fp4"):
            raise InputError(
                translate("Plan", "precision: {recipe} runs its GEMMs in {dtype}, not {given}; allowed: leave the GEMM dtype to the recipe").format(
                    recipe=found.id, dtype=found.gemm_dtype or "", given=self.gemm_dtype
                ),
                field="precision",
            )  # fmt: skip

    @property
    def recipe(self) -> PrecisionRecipe:
        """The low-precision recipe: :attr:`precision`, else TE's default FP8 recipe for fp8
        GEMMs, NVFP4 for fp4 ones, BF16 otherwise."""
        if self.precision is not None:
            found = PRECISIONS[self.precision]
        elif self.gemm_dtype == "fp8":
            found = PRECISIONS[DEFAULT_FP8]
        elif self.gemm_dtype == "fp4":
            found = PRECISIONS["nvfp4"]
        else:
            return PRECISIONS["bf16"]
        if self.bf16_end_layers is not None and found.low:
            return replace(found, bf16_layers=self.bf16_end_layers)
        return found


@dataclass(frozen=True)
class PlanInput:
    """A model to train on a cluster: everything but the layout.

    ``global_batch`` counts sequences of ``seq`` tokens per optimizer step; ``tokens`` (optional)
    is how many tokens the whole run trains on; ``capacity_factor`` (a mixture of experts' token
    dropping: an expert's rows capped at ``capacity_factor × tokens·top_k/experts``; ``None``:
    dropless, :mod:`core.plan.moe`); ``mtp`` the multi-token-prediction depth
    (:mod:`core.plan.mtp`).
    """

    model: TransformerSpec
    seq: int
    global_batch: int
    cluster: Cluster
    recipe: Recipe = field(default_factory=lambda: recipe("bf16"))
    optimizer: Optimizer = field(default_factory=lambda: optimizer("adamw"))
    tokens: float | None = None
    implementation: Implementation = field(default_factory=Implementation)
    capacity_factor: float | None = None
    mtp: int = 0

    def __post_init__(self) -> None:
        positive_int(self.mtp, "mtp", low=0, high=16)
        if self.capacity_factor is not None:
            positive_float(self.capacity_factor, "capacity-factor", low=0.01, high=1000.0)
        if not isinstance(self.model, TransformerSpec):
            raise InputError(
                translate("Plan", "model: the plan needs a transformer (a preset, a config.json or --dims)"),
                field="model",
            )  # fmt: skip
        positive_int(self.seq, "seq", high=10_000_000)
        positive_int(self.global_batch, "global-batch", high=1_000_000_000)
        if self.tokens is not None:
            positive_float(self.tokens, "tokens", low=1.0, high=1e20)
        if self.recipe.params not in ("fp32", "bf16", "fp16"):
            raise InputError(
                translate("Plan", "recipe: {dtype} weights; allowed: fp32, bf16 or fp16 weights").format(dtype=self.recipe.params),
                field="recipe",
            )  # fmt: skip
        device = self.cluster.device
        if not device.supports(self.recipe.params):
            # A V100 or T4 with the default bf16 recipe: name the recipes this device runs.
            fits = [r.id for r in RECIPES.values() if device.supports(r.params)]
            raise InputError(
                translate("Plan", "recipe: {recipe} computes in {dtype}, which {device} has no peak for (it has: {have}); allowed here: {fits}").format(recipe=self.recipe.id, dtype=self.recipe.params, device=device.name, have=", ".join(device.dtypes), fits=", ".join(fits) or "none"),
                field="recipe",
            )  # fmt: skip
        gemm = self.implementation.gemm_dtype
        low = self.implementation.recipe
        if low.low:
            check_precision(low, device)
        if gemm is not None and not self.cluster.device.supports(gemm):
            raise InputError(
                translate("Plan", "{dtype} GEMMs: {device} has no {dtype} peak; allowed: {have}").format(dtype=gemm, device=self.cluster.device.name, have=", ".join(self.cluster.device.dtypes)),
                field="gemm_dtype",
            )  # fmt: skip
        if self.seq * self.global_batch > 10**13:
            raise InputError(
                translate("Plan", "global-batch × seq: {tokens} tokens per step; allowed: up to 1e13").format(tokens=f"{self.seq * self.global_batch:.3g}"),
                field="global_batch",
            )  # fmt: skip

    @property
    def compute_dtype(self) -> str:
        """The dtype whose dense peak MFU and HFU are measured against (the recipe's weights)."""
        return self.recipe.params

    @property
    def gemm_dtype(self) -> str:
        """The dtype the GEMMs run at."""
        return self.implementation.gemm_dtype or self.recipe.params

    @property
    def tokens_per_step(self) -> int:
        """Tokens of one optimizer step."""
        return self.seq * self.global_batch


@dataclass(frozen=True)
class Constraints:
    """What a search may vary: each field fixed to a value, or ``None`` (searched).

    ``include_unfit`` keeps layouts that run out of memory (flagged with the reason);
    ``max_micro_batch`` bounds the searched micro-batch sizes (each size up to it that splits a
    DP rank's batch).
    """

    tp: int | None = None
    pp: int | None = None
    vpp: int | None = None
    cp: int | None = None
    sp: bool | None = None
    zero: int | None = None
    micro_batch: int | None = None
    recompute: str | None = None
    include_unfit: bool = False
    max_micro_batch: int = 16
    max_tp: int | None = None
    ep: int | None = None
    etp: int | None = None


def stage_layers(
    layers: int, p: int, v: int, layout: str | None = None
) -> dict[str, tuple[int, float]] | None:
    """``{stage: (rank, layers on that GPU)}`` for ``only``, or ``first``/``middle``/``last``.

    With a custom ``layout`` (:mod:`core.plan.pipeline_layout`, Megatron-Core's notation) its
    ranks' layers, ``None`` when its stages are not ``p · v``; otherwise:

    ``p · v`` virtual stages of ``k = ⌈L/(p·v)⌉`` layers; when that is ``D`` layers too many, the
    first virtual stage gives up ``⌈D/2⌉`` and the last ``⌊D/2⌋``. Without interleaving each
    keeps at least one layer; with it (``v > 1``) an end chunk may keep none, holding only the
    embedding or only the output layer and the loss, as Llama 3 405B's 126 layers ran on 16
    ranks × 8 chunks (Llama 3 §3.3.2: "the first model chunk on the first stage has only the
    embedding, and the last model chunk on the last stage has only output projection and loss
    calculation"; Megatron-Core's ``--account-for-embedding-in-pipeline-split``). ``None`` when
    the layers cannot be split so.
    """
    if layout:
        from core.plan.pipeline_layout import parse_layout

        found = parse_layout(layout)
        return found.split(p) if found.count == p * v else None
    if p == 1:
        return {"only": (0, float(layers))} if v == 1 else None
    k = -(-layers // (p * v))
    deficit = k * p * v - layers
    first_off, last_off = -(-deficit // 2), deficit // 2
    floor = 0 if v > 1 else 1
    if first_off > k - floor or last_off > k - floor:
        return None
    out = {
        "first": (0, float(v * k - first_off)),
        "last": (p - 1, float(v * k - last_off)),
    }
    if p > 2:
        out["middle"] = (1, float(v * k))
    return out


def trusted_layout(
    tp: int, pp: int, vpp: int, cp: int, dp: int, sp: bool, zero: int, micro_batch: int,
    recompute: str, ep: int = 1, etp: int = 1,
) -> Layout:  # fmt: skip
    """A :class:`Layout` of values the caller has already checked (the search's enumeration),
    made without validating again (a search makes tens of thousands)."""
    lay = object.__new__(Layout)
    # the fields written straight into the instance's dict, as the frozen __init__ would leave it
    lay.__dict__.update(tp=tp, pp=pp, vpp=vpp, cp=cp, dp=dp, sp=sp, zero=zero,
                        micro_batch=micro_batch, recompute=recompute, ep=ep, etp=etp)  # fmt: skip
    return lay


def expert_parallel_problem(inp: PlanInput, ep: int, etp: int) -> InputError | None:
    """Why expert parallelism ``ep`` (and expert TP ``etp``) cannot run this model (``None``: it
    can): a dense model has no experts to spread; ``ep`` must split the routed experts evenly."""
    if ep <= 1 and etp <= 1:
        return None
    experts = int(getattr(inp.model, "experts", 0) or 0)
    if not experts:
        name = "ep" if ep > 1 else "etp"
        return _fail(
            translate(
                "Plan",
                "{name}: {value} needs a mixture-of-experts model; {model} is dense (no routed "
                "experts); allowed: {name} 1",
            ),
            name, name=name, value=str(ep if ep > 1 else etp), model=inp.model.name,
        )  # fmt: skip
    if experts % ep:
        return _fail(
            translate(
                "Plan",
                "ep: {ep} does not divide the {experts} routed experts; allowed: a divisor of "
                "{experts}",
            ),
            "ep", ep=str(ep), experts=str(experts),
        )  # fmt: skip
    return None


def _fail(text: Text, field_name: str, **values: str) -> InputError:
    return InputError(text.format(**values) if values else text, field=field_name)


def context_parallel_problem(inp: PlanInput, c: int) -> InputError | None:
    """Why CP ``c`` cannot run this input whatever the other dimensions (``None``: it can):
    CP needs flash attention, and a sequence that splits into ``2·c`` chunks."""
    if c > 1 and not inp.implementation.flash:
        return _fail(
            translate(
                "Plan", "cp: context parallelism needs flash attention; allowed: cp 1 without it"
            ),
            "cp",
        )
    if c > 1 and inp.seq % (2 * c):
        return _fail(translate("Plan", "cp: seq {seq} does not split into 2 × {cp} equal chunks (causal load "
                     "balancing); allowed: cp with seq a multiple of 2·cp"), "cp", seq=str(inp.seq),
                     cp=str(c))  # fmt: skip
    return None


def check_layout(inp: PlanInput, layout: Layout) -> Layout:
    """The layout with ``dp`` filled, or :class:`InputError` saying why it cannot run.

    Rules: TP divides the heads (and the KV heads divide TP or TP divides them); PP·v divides
    the layers; TP·PP·CP divides the GPUs; the global batch is a multiple of DP × micro-batch;
    the interleaved schedule (v > 1) needs PP > 1 and micro-batches a multiple of PP (Megatron's
    rule); CP needs flash attention and a sequence that splits into 2·CP chunks (causal load
    balancing); ZeRO-2/3 shard gradients that the pipeline still accumulates, so they need PP = 1
    (but under a pipeline engine that keeps the stage unsharded through the step,
    :attr:`~core.plan.frameworks.Framework.pipeline_unsharded`).
    TP beyond one node is accepted (it then runs over the network), as given.
    """
    spec, cluster = inp.model, inp.cluster
    gpus = cluster.gpus
    t, p, v, c = layout.tp, layout.pp, layout.vpp, layout.cp
    ep_problem = expert_parallel_problem(inp, layout.ep, layout.etp)
    if ep_problem is not None:
        raise ep_problem
    if spec.heads % t:
        raise _fail(translate("Plan", "tp: {tp} does not divide the {heads} attention heads; allowed: a divisor of {heads}"),
                    "tp", tp=str(t), heads=str(spec.heads))  # fmt: skip
    if spec.kv_heads % t and t % spec.kv_heads:
        raise _fail(translate("Plan", "tp: {tp} and the {kv} KV heads: one must divide the other"), "tp",
                    tp=str(t), kv=str(spec.kv_heads))  # fmt: skip
    if v > 1 and p == 1:
        raise _fail(translate("Plan", "vpp: {v} chunks per GPU need a pipeline; allowed: vpp 1 with pp 1"), "vpp",
                    v=str(v))  # fmt: skip
    if v > 1 and not framework(inp.implementation.framework).interleaved:
        raise _fail(translate("Plan", "vpp: {framework}'s pipeline engine has no interleaved schedule; allowed: "
                    "vpp 1"), "vpp", framework=framework(inp.implementation.framework).name)  # fmt: skip
    custom = inp.implementation.pipeline_layout
    if custom:
        from core.plan.mtp import depth
        from core.plan.pipeline_layout import layout_problem

        problem = layout_problem(custom, spec.layers, p, v, depth(inp))
        if problem is not None:
            raise problem
    elif spec.layers % (p * v) and not (
        inp.implementation.uneven_stages and stage_layers(spec.layers, p, v)
    ):
        raise _fail(translate("Plan", "pp: {pp} × vpp {v} does not divide the {layers} layers; allowed: pp × vpp "
                    "dividing {layers} (or --uneven-stages, the first and last stage taking fewer)"),
                    "pp", pp=str(p), v=str(v), layers=str(spec.layers))  # fmt: skip
    if gpus % (t * p * c):
        raise _fail(translate("Plan", "gpus: tp {tp} × pp {pp} × cp {cp} = {product} does not divide the {gpus} GPUs"),
                    "gpus", tp=str(t), pp=str(p), cp=str(c), product=f"{t * p * c:,}",
                    gpus=f"{gpus:,}")  # fmt: skip
    dp = gpus // (t * p * c)
    if layout.dp and layout.dp != dp:
        raise _fail(translate("Plan", "dp: {dp} but tp × pp × cp leaves {left} for {gpus} GPUs"), "dp",
                    dp=str(layout.dp), left=f"{dp:,}", gpus=f"{gpus:,}")  # fmt: skip
    cp_problem = context_parallel_problem(inp, c)
    if cp_problem is not None:
        raise cp_problem
    if inp.global_batch % (dp * layout.micro_batch):
        raise _fail(translate("Plan", "global-batch: {batch} sequences is not a multiple of dp {dp} × micro-batch "
                    "{mb} = {product}"), "global_batch", batch=f"{inp.global_batch:,}", dp=f"{dp:,}",
                    mb=str(layout.micro_batch), product=f"{dp * layout.micro_batch:,}")  # fmt: skip
    micro_batches = inp.global_batch // (dp * layout.micro_batch)
    if v > 1 and micro_batches % p:
        raise _fail(translate("Plan", "vpp: the interleaved schedule needs the {m} micro-batches per step to be a "
                    "multiple of pp {pp}"), "vpp", m=f"{micro_batches:,}", pp=str(p))  # fmt: skip
    from core.plan.dualpipe import schedule_problem

    dual_problem = schedule_problem(inp.implementation.schedule, p, v, micro_batches)
    if dual_problem is not None:
        raise dual_problem
    from core.plan.ep_overlap import overlap_problem

    pair_problem = overlap_problem(inp.implementation, spec, layout, p, v)
    if pair_problem is not None:
        raise pair_problem
    unsharded = framework(inp.implementation.framework).pipeline_unsharded
    if layout.zero >= 2 and p > 1 and not unsharded:
        raise _fail(translate("Plan", "zero: ZeRO-{zero} shards the gradients the pipeline accumulates; allowed: "
                    "zero 0 or 1 with pp > 1"), "zero", zero=str(layout.zero))  # fmt: skip
    if layout.sp and t == 1:
        layout = replace(layout, sp=False)
    from core.plan.moe_layout import layout_problem

    moe_problem = layout_problem(inp, layout, dp)  # TP needs SP; ep × etp divides tp × cp × dp
    if moe_problem is not None:
        raise moe_problem
    if layout.zero and dp * c == 1:
        layout = replace(layout, zero=0)
    return replace(layout, dp=dp)
