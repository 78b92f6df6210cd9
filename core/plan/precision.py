"""Low-precision training recipes: which GEMMs run low, what the quantization costs, what it keeps.

A recipe is how Transformer Engine (TE) runs the layers' linear GEMMs below BF16; everything else
(attention, norms, the embedding, the LM head, the optimizer) stays in the compute dtype
(Megatron-Core's output layer and embedding are not TE modules). Each linear runs three GEMMs,
all low in every recipe here (TE's defaults; Megatron's ``--fp8-wgrad`` defaults to on): fprop
``Y = X·Wᵀ``, dgrad ``dX = dY·W`` and wgrad ``dW = dYᵀ·X``. Each needs its operands quantized
twice, a *rowwise* copy (fprop, dgrad) and a *columnwise* one (wgrad, and the weight in dgrad)
(TE docs, "Performance Considerations", Table 2). Counting conventions:

* **Quantizing an operand** (``X`` before fprop, ``dY`` before dgrad/wgrad, each weight once per
  optimizer step since TE caches the quantized weight across micro-batches) reads the BF16
  tensor (2 bytes per element), once more first when the recipe needs the tensor's amax before
  it can cast (current scaling; NVFP4's per-tensor fp32 scale), and writes the rowwise and the
  columnwise copies, each ``element bytes + scale bytes / block`` per element. Per-tensor FP8 on a
  device whose tensor cores read either layout (Blackwell) writes one copy: both usages share it.
  One kernel per pass (TE fuses the cast, the transpose and the block amax).
* **Scale bookkeeping**: delayed scaling keeps an amax history per tensor and updates every scale
  in one fused kernel when a ``fp8_autocast`` region exits, after an all-reduce of the amaxes over
  the ranks that shard the tensors (Megatron's amax reduction group: TP × DP × CP): twice per
  micro-batch and model chunk (forward and backward). Current scaling and NVFP4 need the amax of
  a tensor that sequence parallelism gathers before casting it: one all-reduce of one float over
  the TP group per gathered tensor (QKV's and FC1's input, the output gradients of the projection
  and FC2). Block scales (MXFP8, NVFP4's block scales) are local: no synchronisation.
* **NVFP4** (NVIDIA, "Pretraining LLMs with NVFP4", 2025; TE's NVFP4 recipe): E2M1 elements,
  an E4M3 scale per 16 elements and an fp32 scale per tensor; a 16-point random Hadamard transform
  on the wgrad operands' columnwise copies (``2·16`` FLOPs per element, fused into their
  quantization), stochastic rounding of gradients (in hardware, no extra pass); Megatron's FP4
  configuration keeps the first two and the last two transformer layers in BF16. Megatron-Core's
  own default keeps none (``first_last_layers_bf16`` off): a run's count is
  ``Implementation.bf16_end_layers`` where it is known.
* **FP8 with software block scales** (``fp8-blockwise``: the DeepSeek-V3 report's recipe, §3.3,
  arXiv 2412.19437; Transformer Engine's ``Float8BlockScaling``): an fp32 scale per 1 × 128 tile
  of activations and gradients and per 128 × 128 block of weights, each computed inside the cast
  kernel (no amax pass, nothing to synchronise). Tensor cores that do not read block scales
  (Hopper) accumulate each 128-long slice of K in FP8 and the kernel multiplies it by its scales
  and adds it in FP32 on CUDA cores ("promotion", §3.3.2): slower than per-tensor FP8, so the GEMMs
  run at the calibration's own measured blockwise rate (``gemm_efficiency_fp8_blockwise``), and
  the recipe is refused on a device that has neither that measurement nor block-scaled tensor
  cores. The kept copies are counted at the activations' 1 + 4/128 bytes per element.
* **Memory**: TE keeps the quantized weights (both copies) all step long; each GEMM keeps for its
  wgrad the columnwise copy of its input (the kept bytes per element below) instead of the input.

Small all-reduces (a few floats) run NCCL's tree, whose latency is NCCL's tuner model
``base + 2·((ranks per node − 1)·intra hop + ⌈log₂ nodes⌉·network hop)`` with the calibration's
constants.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from core.errors import InputError
from core.memory.models import TransformerSpec
from core.roofline.achievable import Calibration
from core.roofline.hardware import Device
from core.texts import Text, translate

__all__ = [
    "DEFAULT_FP8",
    "PRECISIONS",
    "RECIPE_DETAILS",
    "PrecisionRecipe",
    "StepCosts",
    "amax_reduce_seconds",
    "block_scaled",
    "blockwise_measured",
    "check_precision",
    "efficiency_dtype",
    "fp8_attention_dtype",
    "layer_matmul_elements",
    "precision_recipe",
    "quantize_seconds",
    "recipe_details",
    "resolve_recipe",
    "software_blocks",
    "step_costs",
    "supporting_devices",
    "weight_copy_bytes",
]

#: What ``--fp8`` (and an implementation's ``gemm_dtype`` fp8 without a recipe) means: TE's
#: default recipe, ``DelayedScaling`` (Megatron's ``--fp8-recipe`` default ``delayed``).
DEFAULT_FP8 = "fp8-delayed"
#: Bytes per element of the BF16 tensor a quantization kernel reads.
_SOURCE_BYTES = 2.0
#: FLOPs per element of a 16-point Hadamard transform done as a 16 × 16 matrix product.
_RHT_FLOPS = 2.0 * 16


@dataclass(frozen=True)
class PrecisionRecipe:
    """One low-precision recipe, by mechanism (see the module docstring).

    Attributes
    ----------
    id
        ``bf16``, ``fp8-delayed``, ``fp8-current``, ``mxfp8``, ``fp8-blockwise`` or ``nvfp4``.
    gemm_dtype
        The dtype whose peak the low GEMMs run at (``None``: the compute dtype).
    element_bytes, block, scale_bytes
        A quantized element's bytes; the elements sharing one scale (0: one per tensor) and
        that scale's bytes.
    amax_pass
        A read of the whole tensor for its amax before the cast.
    history
        Delayed scaling's amax history and scale update per ``fp8_autocast`` region.
    gathered_amax
        A tensor that sequence parallelism gathers needs its amax all-reduced over TP first.
    blocks_in_hardware
        The tensor cores must read block scales (MXFP8, NVFP4).
    nvidia_only
        A format only NVIDIA's tensor cores read (NVFP4's E4M3 block scales).
    rht
        Random Hadamard transform on the wgrad operands.
    software_blocks
        Block scales applied by the GEMM kernel on CUDA cores where the tensor cores do not read
        them (``fp8-blockwise`` on Hopper): the GEMMs run at the blockwise rate.
    bf16_layers
        Transformer layers at each end kept in BF16.
    """

    id: str
    gemm_dtype: str | None
    element_bytes: float = 2.0
    block: int = 0
    scale_bytes: float = 0.0
    amax_pass: bool = False
    history: bool = False
    gathered_amax: bool = False
    blocks_in_hardware: bool = False
    nvidia_only: bool = False
    rht: bool = False
    bf16_layers: int = 0
    software_blocks: bool = False

    @property
    def low(self) -> bool:
        """Whether the layers' GEMMs run below the compute dtype."""
        return self.gemm_dtype is not None

    @property
    def kept_bytes(self) -> float:
        """Bytes per element of one quantized copy, its block scales included."""
        return self.element_bytes + (self.scale_bytes / self.block if self.block else 0.0)

    def copies(self, device: Device) -> int:
        """Quantized copies of each operand: rowwise and columnwise, or one that serves both
        (per-tensor FP8 where the tensor cores read either layout)."""
        if not self.block and block_scaled(device):
            return 1
        return 2

    def quantize_bytes(self, device: Device) -> float:
        """Bytes one quantization moves per element of its BF16 operand."""
        reads = _SOURCE_BYTES * (2 if self.amax_pass else 1)
        return reads + self.copies(device) * self.kept_bytes

    @property
    def kernels(self) -> int:
        """Kernels per quantization: the amax pass and the cast."""
        return 2 if self.amax_pass else 1

    def low_share(self, layers: int) -> float:
        """Share of the transformer layers whose GEMMs run low."""
        if not self.low:
            return 0.0
        return max(0.0, layers - 2 * self.bf16_layers) / layers if layers else 0.0

    def name(self) -> Text:
        """Words for the recipe (the Plan tab's combo, the assumptions)."""
        return _NAMES[self.id]()


PRECISIONS: dict[str, PrecisionRecipe] = {
    "bf16": PrecisionRecipe("bf16", None),
    "fp8-delayed": PrecisionRecipe("fp8-delayed", "fp8", 1.0, history=True),
    "fp8-current": PrecisionRecipe("fp8-current", "fp8", 1.0, amax_pass=True, gathered_amax=True),
    "mxfp8": PrecisionRecipe("mxfp8", "fp8", 1.0, 32, 1.0, blocks_in_hardware=True),
    "fp8-blockwise": PrecisionRecipe("fp8-blockwise", "fp8", 1.0, 128, 4.0, software_blocks=True),
    "nvfp4": PrecisionRecipe(
        "nvfp4",
        "fp4",
        0.5,
        16,
        1.0,
        amax_pass=True,
        gathered_amax=True,
        blocks_in_hardware=True,
        nvidia_only=True,
        rht=True,
        bf16_layers=2,
    ),
}

_NAMES = {
    "bf16": lambda: translate("Plan", "BF16 (no low-precision GEMMs)"),
    "fp8-delayed": lambda: translate("Plan", "FP8, delayed scaling (amax history)"),
    "fp8-current": lambda: translate("Plan", "FP8, current per-tensor scaling"),
    "mxfp8": lambda: translate("Plan", "MXFP8 (1×32 blocks, E8M0 scales)"),
    "fp8-blockwise": lambda: translate(
        "Plan", "FP8, blockwise scaling (1×128 tiles, 128×128 weight blocks, fp32 scales)"
    ),
    "nvfp4": lambda: translate("Plan", "NVFP4 (16-element blocks, E4M3 and fp32 scales)"),
}


def block_scaled(device: Device) -> bool:
    """Whether ``device``'s tensor cores read block scales and either operand layout.

    The database has no architecture field; a device with an fp4 peak is taken as one (NVIDIA
    Blackwell's block-scaled MMA, AMD CDNA 4's scaled MFMA): no device with an fp4 peak lacks them,
    and none without one has them.
    """
    return device.supports("fp4")


def blockwise_measured(device: Device) -> bool:
    """Whether the calibration has a rate of FP8 GEMMs with software block scales for ``device``:
    the built-in table's or the person's overrides (``napkinlab calibration --set``), for the
    device, its sibling (the same chip) or the device it is a variant of."""
    from core.roofline.achievable import SIBLINGS, load_builtin, read_overrides

    overrides, _problem = read_overrides()
    ids = [d for d in (device.id, SIBLINGS.get(device.id), (device.extra or {}).get("variant_of"))
           if d]  # fmt: skip
    return any("gemm_efficiency_fp8_blockwise" in table.get(d, {})
               for table in (load_builtin(), overrides) for d in ids)  # fmt: skip


def software_blocks(recipe: PrecisionRecipe, device: Device) -> bool:
    """Whether ``recipe``'s block scales are applied in software on ``device`` (its GEMMs at the
    blockwise rate): a software-block recipe on tensor cores that do not read block scales."""
    return recipe.software_blocks and not block_scaled(device)


def _runs(recipe: PrecisionRecipe, device: Device) -> bool:
    if not recipe.low:
        return True
    if not device.supports(recipe.gemm_dtype or ""):
        return False
    if recipe.blocks_in_hardware and not block_scaled(device):
        return False
    if software_blocks(recipe, device) and not blockwise_measured(device):
        return False
    return not (recipe.nvidia_only and device.vendor.lower() != "nvidia")


def supporting_devices(recipe: PrecisionRecipe, devices: tuple[Device, ...]) -> list[str]:
    """Ids of the ``devices`` that run ``recipe``."""
    return [d.id for d in devices if _runs(recipe, d)]


def precision_recipe(value: object) -> PrecisionRecipe:
    """The recipe named ``value`` (case and spaces ignored); the error lists the allowed ones."""
    text = str(value).strip().lower() if value is not None else ""
    found = PRECISIONS.get(text)
    if found is None:
        raise InputError(
            translate("Plan", "precision: {value}; allowed: {allowed}").format(
                value=repr(value), allowed=", ".join(PRECISIONS)
            ),
            field="precision",
        )
    return found


#: The recipe settings a plan can add to a low-precision recipe (``Implementation`` fields):
#: FP8 attention (Megatron-Bridge's ``fp8_dot_product_attention``) and Transformer Engine's fused
#: grouped MLP (``cutedsl_fused_grouped_mlp``).
RECIPE_DETAILS: tuple[str, ...] = ("fp8_attention", "fused_grouped_mlp")


def recipe_details(recipe: PrecisionRecipe | None) -> frozenset[str]:
    """The :data:`RECIPE_DETAILS` that ``recipe`` allows: FP8 attention under a recipe whose
    GEMMs run in FP8 (it quantizes attention's inputs in that recipe's format), the fused grouped
    MLP under a block-scaled one (its kernels read MXFP8 or NVFP4 inputs only)."""
    if recipe is None:
        return frozenset()
    allowed = set()
    if recipe.gemm_dtype == "fp8":
        allowed.add("fp8_attention")
    if recipe.blocks_in_hardware:
        allowed.add("fused_grouped_mlp")
    return frozenset(allowed)


def check_precision(
    recipe: PrecisionRecipe, device: Device, devices: tuple[Device, ...] | None = None
) -> None:
    """Refuse ``recipe`` on a device without its format's tensor cores, naming the ones that have
    them (among ``devices``; ``None``: the device database's)."""
    if _runs(recipe, device):
        return
    if devices is None:
        from core.roofline.hardware import load_catalog

        devices = load_catalog().devices
    need = {
        "fp8-delayed": translate("Plan", "an fp8 peak"),
        "fp8-current": translate("Plan", "an fp8 peak"),
        "mxfp8": translate("Plan", "block-scaled fp8 tensor cores (NVIDIA Blackwell, AMD CDNA 4)"),
        "fp8-blockwise": translate(
            "Plan",
            "block-scaled fp8 tensor cores or a measured rate of fp8 GEMMs with software block scales (Hopper; for another device, napkinlab calibration --set gemm_efficiency_fp8_blockwise=RATE)",
        ),
        "nvfp4": translate("Plan", "NVFP4 tensor cores (NVIDIA Blackwell)"),
    }[recipe.id]
    fits = supporting_devices(recipe, devices)
    raise InputError(
        translate("Plan", "precision: {recipe} needs {need}, which {device} lacks; devices that run it: {fits}").format(
            recipe=recipe.id, need=need, device=device.name, fits=", ".join(fits) or "none known"
        ),
        field="precision",
    )  # fmt: skip


def amax_reduce_seconds(cal: Calibration, ranks: int, per_node: int) -> float:
    """Seconds of an all-reduce of a few floats over ``ranks`` GPUs, ``per_node`` to a node:
    NCCL's tree latency model with the calibration's base and hop latencies."""
    if ranks <= 1:
        return 0.0
    here = max(1, min(ranks, per_node))
    nodes = -(-ranks // here)
    base = float(cal.values.get("nccl_base_latency_s", 0.0)) + cal.collective_latency_s
    intra = float(cal.values.get("ring_hop_latency_intra_s", 0.0))
    inter = float(cal.values.get("ring_hop_latency_inter_s", 0.0))
    hops = (
        (here - 1) * intra + math.ceil(math.log2(nodes)) * inter
        if nodes > 1
        else (here - 1) * intra
    )
    return base + 2 * hops


def resolve_recipe(precision: str | None, gemm_dtype: str | None) -> PrecisionRecipe:
    """The recipe named ``precision``, else the one ``gemm_dtype`` implies (fp8: TE's default
    :data:`DEFAULT_FP8`; fp4: NVFP4; anything else: BF16)."""
    if precision:
        return precision_recipe(precision)
    if gemm_dtype == "fp8":
        return PRECISIONS[DEFAULT_FP8]
    if gemm_dtype == "fp4":
        return PRECISIONS["nvfp4"]
    return PRECISIONS["bf16"]


def efficiency_dtype(
    gemm_dtype: str, cal: Calibration, recipe: PrecisionRecipe | None = None,
    device: Device | None = None,
) -> str:  # fmt: skip
    """The dtype whose large-GEMM efficiency times ``gemm_dtype`` GEMMs: fp4 takes fp8's until the
    calibration measures its own (no fp4 GEMM measurement is in it: a block-scaled fp4 GEMM has
    the fp8 one's tiles and epilogue, at twice the rate), never the 16-bit one; a recipe whose
    block scales are applied in software on ``device`` takes the blockwise rate
    (:data:`core.roofline.achievable.BLOCKWISE`)."""
    if recipe is not None and device is not None and software_blocks(recipe, device):
        from core.roofline.achievable import BLOCKWISE

        return BLOCKWISE
    if gemm_dtype == "fp4" and "gemm_efficiency_fp4" not in cal.values:
        return "fp8"
    return gemm_dtype


def quantize_seconds(
    recipe: PrecisionRecipe, device: Device, elements: float, bandwidth: float, peak: float,
    launch: float,
) -> float:  # fmt: skip
    """Seconds to quantize ``elements`` BF16 values under ``recipe`` on ``device``: its bytes at
    ``bandwidth`` (or the random Hadamard transform's FLOPs on the columnwise copy at ``peak``,
    whichever is longer) and ``launch`` per kernel."""
    moved = recipe.quantize_bytes(device) * elements / bandwidth
    rht = _RHT_FLOPS * elements / peak if recipe.rht else 0.0
    return max(moved, rht) + recipe.kernels * launch


def layer_matmul_elements(spec: TransformerSpec, t: int) -> float:
    """Weight elements of one layer's linear GEMMs on one TP rank (what TE quantizes)."""
    d, f, kv = spec.d_model, spec.ffn, spec.kv_dim
    n_mlp = 3 if spec.gated else 2
    return 2 * d * d / t + 2 * d * kv / min(t, spec.kv_heads) + n_mlp * d * f / t


@dataclass(frozen=True)
class StepCosts:
    """Seconds a recipe adds once per step (not per layer): ``weights`` quantizing the stage's
    weights (per step, or per micro-batch under ZeRO-3, which frees the gathered weights),
    ``bookkeeping`` delayed scaling's amax all-reduces and scale updates."""

    weights: float
    bookkeeping: float

    @property
    def total(self) -> float:
        """Both."""
        return self.weights + self.bookkeeping


def step_costs(
    recipe: PrecisionRecipe, device: Device, cal: Calibration, *, weight_elements: float,
    layers_here: float, layers: int, micro_batches: int, chunks: int, reduce_ranks: int,
    per_node: int, zero: int,
) -> StepCosts:  # fmt: skip
    """What ``recipe`` costs once per step on a GPU holding ``layers_here`` layers of
    ``weight_elements`` linear weights each (``chunks`` model chunks, ``reduce_ranks`` ranks in
    the amax reduction group, ``per_node`` of them to a node)."""
    if not recipe.low or not device.supports(recipe.gemm_dtype or ""):
        return StepCosts(0.0, 0.0)
    share = recipe.low_share(layers)
    bw = cal.bandwidth(device)
    launch = cal.launch_s
    peak = device.peak("bf16") if device.supports("bf16") else device.peak(device.dtypes[-1])
    per_layer = quantize_seconds(recipe, device, weight_elements, bw, peak, 0.0)
    per_layer += 5 * recipe.kernels * launch  # the layer's linears (QKV, proj, FC1/gate, FC2)
    times = micro_batches if zero >= 3 else 1
    weights = times * share * layers_here * per_layer
    bookkeeping = 0.0
    if recipe.history:
        regions = 2 * chunks * micro_batches  # forward and backward of each chunk
        bookkeeping = regions * (amax_reduce_seconds(cal, reduce_ranks, per_node) + launch)
    return StepCosts(weights, bookkeeping)


def weight_copy_bytes(
    recipe: PrecisionRecipe, device: Device, weight_elements: float, layers_here: float,
    layers: int, zero: int,
) -> float:  # fmt: skip
    """Bytes of the quantized weights TE keeps on a GPU (both copies, their scales): every low
    layer's all step, or one layer's under ZeRO-3."""
    if not recipe.low or not device.supports(recipe.gemm_dtype or ""):
        return 0.0
    kept = recipe.low_share(layers) * layers_here if zero < 3 else min(1.0, layers_here)
    return kept * weight_elements * recipe.copies(device) * recipe.kept_bytes


def fp8_attention_dtype(inp: Any) -> str | None:
    """The FP8 format a plan's attention runs in (``Implementation.fp8_attention`` under an FP8
    recipe: ``mxfp8`` for MXFP8, ``fp8`` for the per-tensor and blockwise ones), else ``None``
    (:mod:`core.roofline.attention_fp8`)."""
    impl = inp.implementation
    if not getattr(impl, "fp8_attention", False):
        return None
    rec = resolve_recipe(impl.recipe.id, inp.gemm_dtype)
    if rec.gemm_dtype != "fp8":
        return None
    return "mxfp8" if rec.id == "mxfp8" else "fp8"
