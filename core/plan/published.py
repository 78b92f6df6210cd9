"""The published training runs the plan is checked against, and their figures in tokens/s.

``resources/published_runs.json`` (with ``docs/plan_sources.md``) gives, per run, its source, the
model, the hardware, the layout (``null`` where the source does not say), the batch and the
reported figure with the source's own FLOP convention. This module turns a run into a
:class:`~core.plan.inputs.PlanInput` plus the layout's known dimensions, predicts it (the unknown
dimensions are searched: the authors tuned their runs), and converts the reported figure into
tokens/s **with the run's own convention**, so that predicted and published compare like for like:

* a step time: ``global batch × seq / step time``;
* tokens/s (MosaicML's tables): as reported;
* TFLOP/s per GPU: ``value × GPUs / FLOPs per token`` of the source's formula: Megatron-LM 2021's
  ``96·l·h²·(1 + s/6h + V/16lh)`` (which counts the recomputed forward), Megatron-Core's
  ``num_floating_point_operations`` (model FLOPs), or PaLM's ``6·N + 12·L·H·Q·T`` (Llama 3's BF16
  MFU, :func:`core.roofline.utilization.model_flops_per_token`);
* MFU: ``MFU × peak × GPUs / FLOPs per token`` (Korthikanti et al. 2022's ``72·l·h²·(1 + s/6h +
  V/12lh)``), used only where no step time is given.

How each source's code ran, which the data does not hold (flash attention, fused kernels, dropout,
the DP and TP overlap, CP's exchange, uneven stages, the position embedding), is in
:data:`SOURCE_CODE`, each with the reason. None of it is a number fitted to the runs.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from core.memory.models import TransformerSpec
from core.memory.recipes import optimizer, recipe
from core.plan.inputs import Cluster, Constraints, Implementation, Layout, PlanInput
from core.plan.result import PlanResult
from core.roofline.utilization import model_flops_per_token
from core.safe_io import read_resource_text

__all__ = [
    "SOURCE_CODE",
    "Published",
    "load_runs",
    "predict_run",
    "published_tokens_per_s",
    "run_framework",
    "run_input",
]


@dataclass(frozen=True)
class _Code:
    """How a source's training code ran (see :class:`~core.plan.inputs.Implementation`).

    ``grads`` is the dtype the code accumulates and reduces gradients in (``None``: the weights'
    dtype): it sets both the gradient memory and the gradient reduction's bytes. ``defaults``
    are the framework's documented defaults for layout dimensions a source leaves unstated
    (the rule: a dimension the source does not state takes its framework's default where the
    framework has one; only dimensions without a default, such as Megatron's required
    ``--micro-batch-size``, are searched, the fastest that fits).
    """

    implementation: Implementation
    rope: bool
    reason: str
    grads: str | None = None
    defaults: tuple[tuple[str, Any], ...] = ()


#: Megatron-LM as the 2021 and 2022 papers ran it (their reasons below say why).
_MEGATRON_LM_2021 = Implementation(
    flash=False,
    fused=True,
    dropout=True,
    dp_overlap=False,
    fused_loss=False,
    cross_entropy="fp32-inplace",
)

#: Source URL -> how its code ran, and why we say so.
SOURCE_CODE: dict[str, _Code] = {
    "https://arxiv.org/abs/2104.04473": _Code(
        replace(_MEGATRON_LM_2021, grad_accumulation="autograd"),
        rope=False,
        reason="Megatron-LM 2021: unfused attention with its fused scale-mask-softmax, fused "
        "bias-GeLU and bias-dropout-add kernels, the vocabulary-parallel cross-entropy as "
        "separate kernels on an fp32 copy of the logits, its softmax computed in place and kept "
        "for a backward that works in place too (mpu/cross_entropy.py, gpt_model.py's "
        "output.float()), GPT dropout 0.1 (its default), learned "
        "positions; the artifact script's DDP=local (39B and up) all-reduces gradients after the "
        "pipeline flush, DDP=torch (up to 18B) overlaps them with backward (per run below); "
        "fp16 gradients add up over the micro-batches in param.grad by autograd's in-place add "
        "(no contiguous buffers: --use-contiguous-buffers-in-ddp is off by default at the "
        "April 2021 release 50a4b5fa and in the SC21 artifact de7dc40f; the weight-gradient "
        "GEMM's accumulation fusion came to Megatron-LM in February 2022)",
    ),
    "https://arxiv.org/abs/2205.05198": _Code(
        replace(_MEGATRON_LM_2021, grad_accumulation="hook"),
        rope=False,
        reason="Megatron-LM 2022 (Korthikanti et al.): as in 2021, unfused attention, GPT "
        "dropout, learned positions; DP 1 in every row; fp16 local DDP with contiguous "
        "buffers, whose hook adds each micro-batch's gradient into main_grad "
        "(megatron/model/distributed.py at 2e90a342, the README of 2022-05-19), since "
        "arguments.py turns gradient_accumulation_fusion off without fp32 accumulation",
    ),
    "https://arxiv.org/abs/2407.21783": _Code(
        Implementation(
            flash=True, fused=True, dp_overlap=True, cp_comm="all-gather", uneven_stages=True
        ),
        rope=True,
        reason="Llama 3 §3.3.2: flash attention, FSDP-style sharding overlapped with compute, "
        "all-gather-based context parallelism with the exchange exposed, 126 layers on 16 stages "
        "with one layer fewer on the first and last; no dropout; rotary positions; 'FP32 "
        "gradient accumulation ... and also reduce-scatter gradients in FP32' (Numerical "
        "stability)",
        grads="fp32",
    ),
    "megatron-core": _Code(
        Implementation(
            flash=True,
            fused=True,
            dp_overlap=True,
            tp_overlap=True,
            attention_kernel="cudnn",
            fused_loss=False,
            fused_swiglu=True,
            cross_entropy="fp32-inplace",
        ),
        rope=False,
        reason="Megatron-Core r0.8 README: Transformer Engine (flash attention, fused kernels; "
        "TE runs cuDNN's flash attention on Hopper when both apply: NeMo docs, "
        "https://github.com/NVIDIA/NeMo/pull/9188), "
        "'--overlap-grad-reduce, --overlap-param-gather, --tp-comm-overlap'; Megatron's GPT "
        "defaults otherwise (learned positions, biases; --cross-entropy-loss-fusion is opt-in "
        "and not among the README's flags, so the vocabulary-parallel cross-entropy runs as "
        "separate kernels on an fp32 copy of the logits, softmax and gradient in place); with --bf16 Megatron accumulates and "
        "reduces gradients in fp32 (megatron/training/arguments.py at f2e5db40: 'bfloat16 "
        "requires gradient accumulation and all-reduce to be done in fp32')",
        grads="fp32",
        # arguments.py at f2e5db40: --recompute-granularity default None,
        # --num-layers-per-virtual-pipeline-stage default None, and --tp-comm-overlap asserts
        # --sequence-parallel ('TP communication/GEMM overlap can happen only when sequence
        # parallelism is enabled').
        defaults=(("recompute", "none"), ("vpp", 1), ("sp", True)),
    ),
    "mosaicml": _Code(
        Implementation(
            flash=True,
            fused=False,
            dp_overlap=True,
            attention_kernel="triton",
            cross_entropy="native",
            framework="llm-foundry",
        ),
        rope=False,
        reason="llm-foundry MPT: FSDP with prefetching (overlapped), ALiBi (no rotary), eager "
        "PyTorch for the other ops, no dropout; attention: submit_benchmarks.py sets the "
        "model's attn_impl from --attn_impl, default 'triton' at both table commits (b2a43a14, "
        "Oct 2023, A100 rows; 5e85bd62, Jan 2024, H100 rows), llm-foundry's vendored Triton "
        "FlashAttention (Tri Dao's kernel on the pre-MLIR Triton backend: setup.py pins "
        "triton-pre-mlir); the loss: ComposerMPTCausalLM's default loss_fn fused_crossentropy, "
        "flash-attention's CrossEntropyLoss, which keeps the bf16 logits and writes a bf16 "
        "gradient (modeling_mpt.py at both commits); the table's MP mode DEFAULT "
        "reduces gradients in fp32 (Composer 0.16-0.18 mosaic_fsdp_utils: DEFAULT = bf16 "
        "parameters, fp32 reduce_dtype; PURE = bf16 throughout, per run below)",
        grads="fp32",
    ),
    "nvidia-dgxc": _Code(
        Implementation(
            flash=True,
            fused=True,
            dp_overlap=True,
            tp_overlap=True,
            attention_kernel="cudnn",
            fused_swiglu=True,
            cross_entropy="fp32-inplace",
            framework="nemo",
        ),
        rope=True,
        reason="NeMo 24.09-24.11 performance recipes: Transformer Engine (cuDNN fused attention: "
        "NVTE_FUSED_ATTN=1, NVTE_FLASH_ATTN=0 in llama3.1/configure.sh), fused kernels, "
        "distributed optimizer with overlapped gradient reduction and parameter "
        "gathers, TP communication overlap, ring (p2p) context parallelism; rotary positions "
        "(GPT-3 175B: learned); a fused SwiGLU that keeps its input only (bias_activation_fusion: "
        "true, Megatron-Core's bias_swiglu_impl); Megatron-Core's fused cross-entropy, on an fp32 "
        "copy of the logits with softmax and gradient in place; gradients reduced in bf16 (the recipes' optim.grad_sync_dtype: "
        "bf16)",
    ),
    "bigscience": _Code(
        Implementation(
            flash=False,
            fused=True,
            dropout=False,
            dp_overlap=False,
            uneven_stages=True,
            fused_loss=False,
            cross_entropy="fp32-inplace",
            framework="deepspeed",
        ),
        rope=False,
        reason="Megatron-DeepSpeed (BLOOM 176B): fused softmax without flash attention, ALiBi, "
        "Megatron's unfused vocabulary-parallel cross-entropy (fp32 logits, in place), "
        "no dropout; DeepSpeed's pipeline engine reduces gradients after the pipeline flush and "
        "balances its 70 layers over 12 stages (6 each, 5 on the first and the last); bf16 "
        "with ZeRO-1 runs DeepSpeed's BF16_Optimizer, which adds every micro-batch's bf16 "
        "gradients into fp32 ones (update_hp_grads after each backward) and reduces those "
        "(get_grads_for_reduction: the fp32 flat gradients)",
        grads="fp32",
    ),
}
#: torchtitan's benchmark pages on H100 (Grand Teton: 96 GB HBM2e), and what their code ran by
#: default (the per-page and per-run differences below).
TORCHTITAN_H100_2024 = ("https://github.com/pytorch/torchtitan/blob/"
                        "820504e20d1149fbf0b98c567af24c4b0433b22d/benchmarks/"
                        "llama3_h100_202412_torchtitan.md")  # fmt: skip
TORCHTITAN_H100_2025 = ("https://github.com/pytorch/torchtitan/blob/"
                        "2887250bbd9103d0bc997ea2efb3a525b5e5dbc0/benchmarks/"
                        "asyncTP_llama3_h100_2025-06_torchtitan.md")  # fmt: skip
#: Trainy's Llama 3.1 8B page on WhiteFiber's H200s (June 2025, torchtitan e7c0cae: the compute
#: code of 820504e, two days later, the AsyncTP page's).
TORCHTITAN_H200_TRAINY = ("https://github.com/pytorch/torchtitan/blob/"
                          "cbccb387871a5e1f522c1e222c51ab88b03c0392/benchmarks/"
                          "llama3-8b_h200_202506_trainy-whitefiber.md")  # fmt: skip
_TORCHTITAN_H100 = Implementation(
    flash=True, fused=False, dp_overlap=True, cp_comm="all-gather", uneven_stages=True,
    attention_kernel="flash2", fused_loss=False, cross_entropy="fp32", framework="torchtitan",
)  # fmt: skip
#: torchtitan in June 2025 (820504e, and e7c0cae two days before: the same compute code): each
#: block and the cross-entropy compiled.
_TORCHTITAN_2025 = replace(_TORCHTITAN_H100, fused=True, fused_loss=True)

#: Runs whose code differs from their source's default, and why.
RUN_CODE: dict[str, dict[str, Any]] = {
    run: {"dp_overlap": True}
    for run in (
        "narayanan2021-gpt-1.7b",
        "narayanan2021-gpt-3.6b",
        "narayanan2021-gpt-7.5b",
        "narayanan2021-gpt-18.4b",
    )  # the artifact script runs these with DDP=torch (bucketed all-reduce during backward)
}
RUN_CODE.update(
    {
        run: {"tp_overlap": False}
        for run in (
            "nvidia-dgxc-h100-nemotron4-340b-128gpu",
            "nvidia-dgxc-h100-nemotron4-340b-2048gpu",
        )
    }  # nemotron/nemotron4-340b-synth.yaml at 143b90dd: ub_tp_comm_overlap: False
)
RUN_CODE.update(
    {
        run: {"offload_layers": 40}
        for run in (
            "megatron-bridge-25.11-gb200-llama3-70b-64gpu-fp8",
            "megatron-bridge-26.02-gb200-llama3-70b-64gpu-fp8",
        )
    }  # Megatron-Bridge's LLAMA3_70B GB200 FP8-CS preset (MBS 2, Megatron-FSDP) sets
    # cpu_offloading_num_layers=40: scripts/performance/configs/llama3/workload_base_configs.py
    # at v0.2.0 (25.11) and configs/llama/llama3_workload_base_configs.py at v0.3.0 (26.02)
)
RUN_CODE.update(
    {
        run: {"offload_layers": 20}
        for run in (
            "megatron-bridge-26.04.01-gb300-llama3-70b-64gpu-fp8",
            "megatron-bridge-26.04-gb300-llama3-70b-64gpu-fp8",
            "megatron-bridge-26.02.01-gb300-llama3-70b-64gpu-fp8",
            "megatron-bridge-26.02-gb300-llama3-70b-64gpu-fp8",
        )
    }  # Megatron-Bridge's LLAMA3_70B GB300 FP8-CS V2 preset (MBS 2, Megatron-FSDP 64)
    # sets cpu_offloading_num_layers=20 at v0.3.0, v0.4.0, 26.04-alpha.rc1 and v0.4.2
    # (scripts/performance/configs/llama/llama3_workload_base_configs.py), read before the
    # 26.02-26.06 registration
)
RUN_CODE.update(
    {
        run: {"offload_layers": 40}
        for run in (
            "megatron-bridge-26.04.01-gb200-llama3-70b-64gpu-fp8",
            "megatron-bridge-26.04-gb200-llama3-70b-64gpu-fp8",
            "megatron-bridge-26.02.01-gb200-llama3-70b-64gpu-fp8",
        )
    }  # the GB200 FP8-CS V2 preset of the same file: cpu_offloading_num_layers=40
)
RUN_CODE.update(
    {
        run: {"tp_overlap": False}
        for run in (
            "megatron-bridge-26.06-gb300-llama3.1-405b-256gpu-nvfp4",
            "megatron-bridge-26.06-gb200-llama3.1-405b-256gpu-nvfp4",
            "megatron-bridge-26.04.01-gb200-llama3-70b-64gpu-nvfp4",
            "megatron-bridge-26.04.01-gb300-llama3.1-405b-256gpu-nvfp4",
            "megatron-bridge-26.04.01-gb200-llama3.1-405b-256gpu-nvfp4",
            "megatron-bridge-26.04-gb200-llama3-70b-64gpu-nvfp4",
            "megatron-bridge-26.04-gb300-llama3.1-405b-256gpu-nvfp4",
            "megatron-bridge-26.04-gb200-llama3.1-405b-256gpu-nvfp4",
            "megatron-bridge-26.02.01-gb200-llama3-70b-64gpu-nvfp4",
            "megatron-bridge-26.02.01-gb300-llama3.1-405b-256gpu-nvfp4",
            "megatron-bridge-26.02.01-gb200-llama3.1-405b-256gpu-nvfp4",
            "megatron-bridge-26.02-gb200-llama3-70b-64gpu-nvfp4",
            "megatron-bridge-26.02-gb300-llama3.1-405b-256gpu-nvfp4",
            "megatron-bridge-26.02-gb200-llama3.1-405b-256gpu-nvfp4",
        )
    }  # NVFP4 presets with TP > 1: Megatron-Bridge's perf functions turn TP communication
    # overlap (userbuffers) on only for TP >= 2 and a precision other than NVFP4 (v0.3.0 to
    # v0.5.0, scripts/performance/configs/llama/llama*_llm_pretrain.py)
)
RUN_CODE.update(
    {
        run: {"quantized_params": True}
        for run in (
            "megatron-bridge-26.06-gb300-llama3.1-405b-256gpu-mxfp8",
            "megatron-bridge-26.06-gb200-llama3.1-405b-256gpu-mxfp8",
            "megatron-bridge-26.04.01-gb300-llama3-70b-64gpu-mxfp8",
            "megatron-bridge-26.04.01-gb200-llama3-70b-64gpu-mxfp8",
            "megatron-bridge-26.04.01-gb300-llama3.1-405b-256gpu-mxfp8",
            "megatron-bridge-26.04.01-gb200-llama3.1-405b-256gpu-mxfp8",
            "megatron-bridge-26.04-gb300-llama3-70b-64gpu-mxfp8",
            "megatron-bridge-26.04-gb200-llama3-70b-64gpu-mxfp8",
            "megatron-bridge-26.04-gb300-llama3.1-405b-256gpu-mxfp8",
            "megatron-bridge-26.04-gb200-llama3.1-405b-256gpu-mxfp8",
            "megatron-bridge-26.02.01-gb300-llama3-70b-64gpu-mxfp8",
            "megatron-bridge-26.02.01-gb200-llama3-70b-64gpu-mxfp8",
            "megatron-bridge-26.02.01-gb300-llama3.1-405b-256gpu-mxfp8",
            "megatron-bridge-26.02.01-gb200-llama3.1-405b-256gpu-mxfp8",
            "megatron-bridge-26.02-gb300-llama3-70b-64gpu-mxfp8",
            "megatron-bridge-26.02-gb200-llama3-70b-64gpu-mxfp8",
            "megatron-bridge-26.02-gb300-llama3.1-405b-256gpu-mxfp8",
            "megatron-bridge-26.02-gb200-llama3.1-405b-256gpu-mxfp8",
        )
    }  # MXFP8 V2 presets keep the weights quantized (fp8_param_gather=True, with
    # reuse_grad_buf_for_mxfp8_param_ag), as the FP8-CS ones do: read before the 26.02-26.06
    # registration (benchmarks/data/recipes/megatron_bridge_llama_pretrain_26.02_26.06.json) and
    # applied after it
)
RUN_CODE.update(
    {
        run: {**RUN_CODE.get(run, {}), "bf16_end_layers": 0}
        for run in (
            "megatron-bridge-26.06-gb300-llama3.1-405b-256gpu-nvfp4",
            "megatron-bridge-26.06-gb200-llama3.1-405b-256gpu-nvfp4",
            "megatron-bridge-26.04.01-gb300-llama3-70b-64gpu-nvfp4",
            "megatron-bridge-26.04.01-gb200-llama3-70b-64gpu-nvfp4",
            "megatron-bridge-26.04.01-gb300-llama3.1-405b-256gpu-nvfp4",
            "megatron-bridge-26.04.01-gb200-llama3.1-405b-256gpu-nvfp4",
            "megatron-bridge-26.04-gb300-llama3-70b-64gpu-nvfp4",
            "megatron-bridge-26.04-gb200-llama3-70b-64gpu-nvfp4",
            "megatron-bridge-26.04-gb300-llama3.1-405b-256gpu-nvfp4",
            "megatron-bridge-26.04-gb200-llama3.1-405b-256gpu-nvfp4",
            "megatron-bridge-26.02.01-gb300-llama3-70b-64gpu-nvfp4",
            "megatron-bridge-26.02.01-gb200-llama3-70b-64gpu-nvfp4",
            "megatron-bridge-26.02.01-gb300-llama3.1-405b-256gpu-nvfp4",
            "megatron-bridge-26.02.01-gb200-llama3.1-405b-256gpu-nvfp4",
            "megatron-bridge-26.02-gb300-llama3-70b-64gpu-nvfp4",
            "megatron-bridge-26.02-gb200-llama3-70b-64gpu-nvfp4",
            "megatron-bridge-26.02-gb300-llama3.1-405b-256gpu-nvfp4",
            "megatron-bridge-26.02-gb200-llama3.1-405b-256gpu-nvfp4",
        )
    }  # the NVFP4 V2 presets leave first_last_layers_bf16 unset (the reading in
    # benchmarks/data/recipes/megatron_bridge_llama_pretrain_26.02_26.06.json), and Megatron-Core's
    # default is False (megatron/core/transformer/transformer_config.py at d98e8a64:
    # first_last_layers_bf16: bool = False): every layer's GEMMs in NVFP4; applied after the
    # 26.02-26.06 registration
)
RUN_CODE.update(
    {
        run: {"tp_overlap": True}
        for run in (
            "torchtitan-h100-llama3.1-70b-256gpu-fp8-asynctp",
            "torchtitan-h100-202506-llama3.1-70b-256gpu-bf16-asynctp",
            "torchtitan-h100-202506-llama3.1-70b-256gpu-fp8-asynctp",
        )
    }  # the rows' AsyncTP (experimental.enable_async_tensor_parallel: inductor's micro-pipelined TP)
)
RUN_CODE.update(
    {
        run: {"tp_overlap": True, "quantized_params": True}
        for run in (
            "torchtitan-h100-llama3.1-405b-512gpu-fp8-asynctp-1f1b",
            "torchtitan-h100-llama3.1-405b-512gpu-fp8-asynctp-interleaved1f1b",
            "torchtitan-h100-llama3.1-405b-512gpu-fp8-asynctp-1f1b-fsdp8-cp1-32k",
            "torchtitan-h100-llama3.1-405b-512gpu-fp8-asynctp-1f1b-fsdp4-cp2-64k",
            "torchtitan-h100-llama3.1-405b-512gpu-fp8-asynctp-1f1b-fsdp2-cp4-128k",
            "torchtitan-h100-llama3.1-405b-512gpu-fp8-asynctp-1f1b-fsdp1-cp8-256k",
        )
    }  # AsyncTP, and float8 weights all-gathered by FSDP (enable_fsdp_float8_all_gather = true in
    # train_configs/llama3_405b.toml at 9dec370)
)
RUN_CODE.update(
    {
        run: {"quantized_params": True}
        for run in (
            "torchtitan-h200-202506-llama3.1-8b-32gpu-fp8",
            "torchtitan-h200-202506-llama3.1-8b-64gpu-fp8",
        )
    }  # --quantize.linear.float8.enable_fsdp_float8_all_gather (the page's command)
)
#: Runs whose optimizer keeps its state in bf16 and no fp32 master copy: the Nemotron-4 340B
#: recipe's ``optim: {name: distributed_fused_adam, dtype: bf16}`` (nemotron4-340b-synth.yaml;
#: NeMo's MegatronGPTModel reads ``optim.dtype`` as Apex DistributedFusedAdam's state dtype, and
#: with the state in the model's dtype sets ``store_params=False``: the bf16 weights are updated
#: in place), so 2 + 2 bytes of Adam moments per parameter, sharded over DP, and no master copy.
RUN_STATE_BF16 = {
    "nvidia-dgxc-h100-nemotron4-340b-128gpu",
    "nvidia-dgxc-h100-nemotron4-340b-128gpu-fp8",
    "nvidia-dgxc-h100-nemotron4-340b-2048gpu",
    "nvidia-dgxc-h100-nemotron4-340b-2048gpu-fp8",
    # NeMo 24.07's own Nemotron-4 340B recipe, the launcher's training config at the release's
    # tag (NVIDIA/NeMo-Framework-Launcher 24.07, 8325688d:
    # launcher_scripts/conf/training/nemotron/nemotron_340b.yaml): the same
    # ``optim: {name: distributed_fused_adam, dtype: bf16}``.
    "nemo-24.07-h100-nemotron4-340b-128gpu-fp8",
}
RUN_ROPE_OFF = {"nvidia-dgxc-h100-gpt3-175b-128gpu", "nvidia-dgxc-h100-gpt3-175b-2048gpu"}
#: MosaicML rows whose MP mode is PURE (the table's column): gradients reduced in bf16.
RUN_GRADS: dict[str, str] = {
    run: "bf16"
    for run in (
        "mosaicml-mpt-a100-80gb-70b-64gpu",
        "mosaicml-mpt-a100-40gb-70b-128gpu",
        "mosaicml-mpt-a100-40gb-7b-128gpu",
        "mosaicml-mpt-a100-40gb-3b-128gpu",
    )
}


def _code_key(run: dict[str, Any]) -> str:
    url = str(run["source"].get("url", ""))
    if url in SOURCE_CODE:
        return url
    for key in ("megatron-core", "mosaicml", "nvidia-dgxc", "bigscience"):
        if run["id"].startswith(key):
            return key
    raise KeyError(f"published run {run['id']}: no code description for its source {url}")


@lru_cache(maxsize=1)
def load_runs() -> tuple[dict[str, Any], ...]:
    """The runs of ``resources/published_runs.json``, in file order."""
    text = read_resource_text("published_runs.json")
    return tuple(json.loads(text)["runs"])


def _spec(run: dict[str, Any], rope: bool) -> TransformerSpec:
    m, seq = run["model"], int(run["batch"]["seq"])
    return TransformerSpec(
        name=str(m["name"]),
        vocab=int(m["vocab"]),
        d_model=int(m["hidden"]),
        layers=int(m["layers"]),
        heads=int(m["heads"]),
        kv_heads=int(m["kv_heads"]),
        ffn=int(m["ffn"]),
        gated=m["act"] == "swiglu",
        tied=bool(m["tied"]),
        norm="layernorm" if m["norm"] == "layer" else "rmsnorm",
        bias=True if m.get("bias") is None else bool(m["bias"]),  # Megatron's GPT default
        max_pos=0 if rope else seq,
        seq=seq,
    )


@dataclass(frozen=True)
class Published:
    """One run, ready to plan: the input, the fixed layout dimensions, the reported throughput."""

    id: str
    source: str
    table: str
    inp: PlanInput
    constraints: Constraints
    tokens_per_s: float
    how: str
    code: str

    @property
    def complete(self) -> bool:
        """Whether the source states every layout dimension (nothing is searched)."""
        c = self.constraints
        return None not in (c.tp, c.pp, c.vpp, c.cp, c.sp, c.zero, c.micro_batch, c.recompute)


def _recipe(precision: str, grads: str | None = None, bf16_state: bool = False) -> Any:
    if bf16_state and precision != "fp16":
        return recipe("custom", params="bf16", grads=grads or "bf16", master="none",
                      state="bf16", acts="bf16")  # fmt: skip
    if precision == "fp16":
        return recipe(
            "custom", params="fp16", grads=grads or "fp16", master="fp32", state="fp32",
            acts="fp16",
        )  # fmt: skip
    if grads and grads != "bf16":
        return recipe(
            "custom", params="bf16", grads=grads, master="fp32", state="fp32", acts="bf16"
        )
    return recipe("amp")


def run_input(run: dict[str, Any], catalog: Any = None) -> tuple[PlanInput, Constraints, str]:
    """The plan input of a run, its known layout dimensions and how its code ran."""
    from core.roofline.hardware import load_catalog

    key = _code_key(run)
    code = SOURCE_CODE[key]
    impl = replace(code.implementation, **RUN_CODE.get(run["id"], {}))
    if run["precision"] == "fp8":  # the layers' GEMMs in fp8 (Transformer Engine), the rest bf16
        # NeMo's launch scripts set fp8_params: the weights are kept in fp8 only
        impl = replace(impl, gemm_dtype="fp8", quantized_params=True)
    elif run["precision"] not in ("bf16", "fp16"):  # a named low-precision recipe (torchao's
        # float8 tensorwise as fp8-current); the weights in fp8 only where the run says so
        impl = replace(impl, precision=run["precision"])
    rope = code.rope and run["id"] not in RUN_ROPE_OFF
    hw = run["hardware"]
    devices = catalog or load_catalog()
    device = devices.get(hw["device"])
    domain = hw.get("nvlink_domain")
    cluster = Cluster(device, int(hw["gpus"]), int(hw.get("gpus_per_node") or 8),
                      inter_node_bandwidth=hw.get("inter_node_bandwidth_per_gpu"),
                      nvlink_domain=int(domain) if domain else None)  # fmt: skip
    inp = PlanInput(
        model=_spec(run, rope),
        seq=int(run["batch"]["seq"]),
        global_batch=int(run["batch"]["global_batch"]),
        cluster=cluster,
        recipe=_recipe(
            run["precision"],
            RUN_GRADS.get(run["id"], code.grads),
            bf16_state=run["id"] in RUN_STATE_BF16,
        ),
        optimizer=optimizer("adam"),
        implementation=impl,
    )
    lay = run["layout"]
    zero = lay["zero"]
    if zero == 2 and (lay["pp"] or 1) > 1:
        # Llama 3's ZeRO-2-like sharding under a pipeline: the gradients are accumulated over the
        # micro-batches and reduce-scattered once per step, ZeRO-1's communication.
        zero = 1
    stated = {k: lay[k] for k in ("vpp", "sp", "recompute")}
    for name, value in code.defaults:
        if stated[name] is None:
            stated[name] = value
    constraints = Constraints(
        tp=lay["tp"], pp=lay["pp"], vpp=stated["vpp"], cp=lay["cp"], sp=stated["sp"],
        zero=zero, micro_batch=lay["micro_batch"], recompute=stated["recompute"],
        max_micro_batch=8,
    )  # fmt: skip
    return inp, constraints, code.reason


def _megatron2021_per_token(m: dict[str, Any], seq: int) -> float:
    n_l, h, v = m["layers"], m["hidden"], m["vocab"]
    return 96.0 * n_l * h * h * (1 + seq / (6 * h) + v / (16 * n_l * h))


def _korthikanti_mfu_per_token(m: dict[str, Any], seq: int) -> float:
    n_l, h, v = m["layers"], m["hidden"], m["vocab"]
    return 72.0 * n_l * h * h * (1 + seq / (6 * h) + v / (12 * n_l * h))


def _megatron_core_per_token(m: dict[str, Any], seq: int) -> float:
    n_l, h, a, g, f, v = m["layers"], m["hidden"], m["heads"], m["kv_heads"], m["ffn"], m["vocab"]
    gated = 1.5 if m["act"] == "swiglu" else 1.0
    q = h  # kv_channels × heads = hidden
    return 12.0 * n_l * h * h * ((1 + g / a + seq / h) * q / h + f / h * gated + v / (2 * n_l * h))


def _palm_per_token(m: dict[str, Any], seq: int) -> float:
    n_l, h, a, kv, f = m["layers"], m["hidden"], m["heads"], m["kv_heads"], m["ffn"]
    kv_dim = kv * h // a
    layer = 2 * h * h + 2 * h * kv_dim + (3 if m["act"] == "swiglu" else 2) * h * f
    n = n_l * layer + m["vocab"] * h
    return model_flops_per_token(n, n_l, a, h // a, seq)


def published_tokens_per_s(run: dict[str, Any]) -> tuple[float, str]:
    """The run's reported figure as tokens/s, and how it was converted (see the module docstring)."""
    rep, batch = run["reported"], run["batch"]
    gpus = run["hardware"]["gpus"]
    tokens = batch["global_batch"] * batch["seq"]
    also = rep.get("also") or {}
    step = rep["value"] if rep["metric"] == "step_time_s" else also.get("step_time_s")
    if step:
        return tokens / step, f"{tokens:,} tokens per step / {step} s"
    if rep["metric"] == "tokens_per_s" or "tokens_per_s" in also:
        value = rep["value"] if rep["metric"] == "tokens_per_s" else also["tokens_per_s"]
        return float(value), "tokens/s as reported"
    m, seq = run["model"], batch["seq"]
    url = run["source"].get("url", "")
    if rep["metric"] == "tflops_per_gpu":
        if url == "https://arxiv.org/abs/2104.04473" or run["id"].startswith("bigscience"):
            per, name = _megatron2021_per_token(m, seq), "96·l·h²·(1 + s/6h + V/16lh)"
        elif run["id"].startswith("megatron-core"):
            per, name = (
                _megatron_core_per_token(m, seq),
                "Megatron-Core num_floating_point_operations",
            )
        else:
            per, name = _palm_per_token(m, seq), "6·N + 12·L·H·Q·T (PaLM)"
        return rep[
            "value"
        ] * gpus / per, f"{rep['value'] / 1e12:g} TFLOP/s × {gpus:,} GPUs / {name} per token"
    if rep["metric"] == "mfu" and url == "https://arxiv.org/abs/2205.05198":
        peak = rep["peak_flops_used"]
        per = _korthikanti_mfu_per_token(m, seq)
        return rep["value"] * peak * gpus / per, "MFU × peak × GPUs / 72·l·h²·(1 + s/6h + V/12lh)"
    raise KeyError(f"published run {run['id']}: no conversion for {rep['metric']} from {url}")


def published(run: dict[str, Any], catalog: Any = None) -> Published:
    """A run ready to plan (:class:`Published`)."""
    inp, constraints, code = run_input(run, catalog)
    value, how = published_tokens_per_s(run)
    return Published(run["id"], run["source"].get("title", ""), run["source"].get("table", ""),
                     inp, constraints, value, how, code)  # fmt: skip


def predict_run(run: Published) -> PlanResult:
    """The plan of a run: its layout where the source states it all, else the fastest layout with
    the stated dimensions fixed (one that fits, or the fastest of all when none fits)."""
    from core.plan.model import plan
    from core.plan.search import search

    c = run.constraints
    if run.complete:
        lay = Layout(tp=c.tp or 1, pp=c.pp or 1, vpp=c.vpp or 1, cp=c.cp or 1, sp=bool(c.sp),
                     zero=c.zero or 0, micro_batch=c.micro_batch or 1,
                     recompute=c.recompute or "none")  # fmt: skip
        return plan(run.inp, lay)
    found = search(run.inp, c, top=1)
    if found:
        return found[0]
    return search(run.inp, replace(c, include_unfit=True), top=1)[0]


#: The training codebase each source's code description stands for (``plan --published``'s
#: per-framework breakdown): the names of ``--framework`` where one applies.
SOURCE_FRAMEWORK: dict[str, str] = {
    "https://arxiv.org/abs/2104.04473": "megatron",  # Megatron-LM 2021
    "https://arxiv.org/abs/2205.05198": "megatron",  # Megatron-LM 2022
    "https://arxiv.org/abs/2407.21783": "meta-internal",  # Llama 3's own training stack
    "megatron-core": "megatron",
    "mosaicml": "llm-foundry",
    "nvidia-dgxc": "nemo",
    "bigscience": "deepspeed",  # Megatron-DeepSpeed
}


def run_framework(run: dict[str, Any]) -> str:
    """The training codebase of a published run (:data:`SOURCE_FRAMEWORK`; ``"unknown"`` for a
    source without one)."""
    try:
        key = _code_key(run)
    except KeyError:
        return "unknown"
    return SOURCE_FRAMEWORK.get(key, "unknown")


# Sources added for issue 38's pre-registered checks (benchmarks/data/preregistered/): their code.
_NEMO_2024_25 = Implementation(
    flash=True,
    fused=True,
    dp_overlap=True,
    tp_overlap=True,
    attention_kernel="cudnn",
    fused_swiglu=True,
    cross_entropy="fp32-inplace",
    uneven_stages=True,
    framework="nemo",
)
_NEMO_REASON = (
    "Transformer Engine (cuDNN fused attention, fused kernels, FP8 GEMMs in the layers), the "
    "distributed optimizer with overlapped gradient reduce-scatter and parameter all-gather, TP "
    "communication overlap (userbuffers), ring context parallelism, Megatron-Core's fused SwiGLU "
    "and fused cross-entropy on an fp32 copy of the logits; gradients reduced in bf16 "
    "(NeMo 2.0's performance recipes set grad_reduce_in_fp32 False: "
    "nemo/collections/llm/recipes/llama3_70b.py, pretrain_performance_optimizations); "
    "Megatron-Core splits 126 layers over pipeline chunks that do not divide them unevenly; "
    "rotary positions (GPT-3: learned)"
)
_NEMO_DEFAULTS = (("recompute", "none"), ("vpp", 1))
SOURCE_CODE.update(
    {
        "https://github.com/NVIDIA/NeMo/blob/9c5c5e9709407d3511005fc966e45374998bb478/docs/source/"
        "performance/performance_summary.md": _Code(
            _NEMO_2024_25,
            rope=True,
            reason="NeMo 24.07 (Megatron-Core): as NVIDIA's DGXC NeMo recipes of the same "
            "months. " + _NEMO_REASON,
            defaults=_NEMO_DEFAULTS,
        ),
        "https://docs.nvidia.com/nemo-framework/user-guide/latest/performance/"
        "performance_summary.html": _Code(
            _NEMO_2024_25,
            rope=True,
            reason="NeMo 2.0 (25.02). " + _NEMO_REASON,
            defaults=_NEMO_DEFAULTS,
        ),
        "https://docs.nvidia.com/nemo-framework/user-guide/latest/performance/archive/"
        "25.04-performance-summary.html": _Code(
            _NEMO_2024_25,
            rope=True,
            reason="NeMo 2.0 (25.04). " + _NEMO_REASON,
            defaults=_NEMO_DEFAULTS,
        ),
        "https://github.com/NVIDIA-NeMo/Megatron-Bridge/blob/"
        "93ae2a0dc6e6e494a92ae38f05d224911ed0a3b3/docs/performance-summary-archive.md": _Code(
            _NEMO_2024_25,
            rope=True,
            reason="Megatron-Bridge (NeMo 25.11, 26.02; Megatron-Core). " + _NEMO_REASON,
            defaults=_NEMO_DEFAULTS,
        ),
        "https://github.com/NVIDIA-NeMo/Megatron-Bridge/blob/"
        "067f987df03b8355b03192d88d70f1709fedf51a/docs/performance-summary-archive.md": _Code(
            _NEMO_2024_25,
            rope=True,
            reason="Megatron-Bridge (NeMo 26.02 to 26.06; Megatron-Core). " + _NEMO_REASON,
            defaults=_NEMO_DEFAULTS,
        ),
        "https://github.com/pytorch/torchtitan/blob/3faaa1a0dee68ce028400e3dafd1735d152cb4f8/"
        "docs/performance.md": _Code(
            Implementation(
                flash=True,
                fused=False,
                dp_overlap=True,
                attention_kernel="flash2",
                fused_loss=False,
                cross_entropy="fp32",
                framework="torchtitan",
            ),
            rope=True,
            reason="torchtitan (Aug 2024): FSDP2 with its prefetching all-gathers and "
            "reduce-scatters overlapped with compute; PyTorch's scaled_dot_product_attention "
            "(FlashAttention-2 kernels on A100); eager PyTorch (torch.compile off by default); "
            "cross-entropy on an fp32 copy of the logits (train.py's pred.float()); bf16 "
            "parameters with fp32 gradient reduction (mixed_precision_reduce default float32); "
            "rotary positions, no dropout",
            grads="fp32",
        ),
        TORCHTITAN_H100_2024: _Code(
            replace(_TORCHTITAN_H100, fused=True),
            rope=True,
            reason="torchtitan (Dec 2024, 9dec370): FSDP2 per TransformerBlock over the data and "
            "context ranks (bf16 parameters, fp32 reduce), reshard after forward without PP "
            "and not with it; torch.compile on each block where the row says compile (the "
            "embedding, final norm, head and loss eager); torchao float8 with per-tensor "
            "dynamic scaling on every block linear (the head excluded); AsyncTP where the row "
            "says so (inductor's micro-pipelined TP); PyTorch's scaled_dot_product_attention "
            "(its FlashAttention-2 kernels); torch.distributed.pipelining with one layer fewer on "
            "the first and last stages of 126; PyTorch's context parallelism (all-gather of K "
            "and V); cross-entropy on fp32 logits; rotary positions, no dropout "
            "(parallelize_llama.py, pipelining_utils.py, float8.py, train.py at 9dec370)",
            grads="fp32",
        ),
        TORCHTITAN_H100_2025: _Code(
            _TORCHTITAN_2025,
            rope=True,
            reason="torchtitan (June 2025, 820504e): as in Dec 2024, with torch.compile on each "
            "block and on the cross-entropy (fp32 logits, compiled), and "
            "sdpa_kernel([FLASH_ATTENTION, EFFICIENT_ATTENTION, MATH]) "
            "(models/attention.py, components/loss.py, parallelize_llama.py at 820504e)",
            grads="fp32",
        ),
        TORCHTITAN_H200_TRAINY: _Code(
            _TORCHTITAN_2025,
            rope=True,
            reason="torchtitan (June 2025, e7c0cae; its compute code is 820504e's, the AsyncTP "
            "page's): FSDP2 per TransformerBlock over all GPUs (bf16 parameters, fp32 reduce), "
            "torch.compile on each block and on the cross-entropy, torchao Float8 with "
            "per-tensor dynamic scaling on every block linear (the output excluded), its float8 "
            "weights all-gathered by FSDP with one precomputed scale per step, selective "
            "activation checkpointing by op (core.plan.op_sac), SDPA's FlashAttention-2 kernels",
            grads="fp32",
        ),
        "https://arxiv.org/abs/2201.11990": _Code(
            Implementation(
                flash=False,
                fused=True,
                dropout=True,
                dp_overlap=False,
                fused_loss=False,
                cross_entropy="fp32-inplace",
                framework="deepspeed",
            ),
            rope=False,
            reason="Megatron-DeepSpeed (MT-NLG 530B, 2021): Megatron's fused kernels and unfused "
            "attention, Megatron's GPT dropout default (0.1), learned positions, Megatron's "
            "vocabulary-parallel cross-entropy on fp32 logits; DeepSpeed's pipeline engine "
            "(1F1B, no interleaving) reduces gradients after the pipeline flush; bf16 (the "
            "run's record) under ZeRO-1 runs DeepSpeed's BF16_Optimizer (fp32 gradients, "
            "accumulated by a pass after each micro-batch and reduced in fp32); activation "
            "checkpointing is whole layers: the Megatron code of 2021 had only "
            "--checkpoint-activations (selective recomputation came with Korthikanti et al. "
            "2022, arXiv 2205.05198), and the paper's TFLOP/s are Megatron's "
            "96·B·s·l·h²·(1 + s/6h + V/16lh) per iteration, the count with the forward run twice "
            "(126 TFLOP/s × 2,240 GPUs × 60.1 s over 1,920 × 2,048 tokens)",
            grads="fp32",
            defaults=(("recompute", "full"),),
        ),
        "https://github.com/NVIDIA-NeMo/Automodel/blob/e45812012456b0a6fb6b8d02eb9b29e2b5884d5a/"
        "docs/performance-summary.md": _Code(
            Implementation(
                flash=True,
                fused=True,
                dp_overlap=True,
                cp_comm="all-gather",
                attention_kernel="flash2",
                fused_loss=False,
                cross_entropy="fp32",
                framework="fsdp",
            ),
            rope=True,
            reason="NeMo AutoModel (PyTorch backend): FSDP2 with prefetch (enable_fsdp2_prefetch), "
            "torch.compile (enable_compile), PyTorch's scaled_dot_product_attention (its "
            "FlashAttention-2 kernels) with PyTorch's context parallelism (all-gather of K and V, "
            "its default rotation), a cross-entropy over fp32 logits (MaskedCrossEntropy); "
            "gradients reduced in fp32 (assumed: FSDP2 mixed precision with an fp32 reduce dtype)",
            grads="fp32",
        ),
    }
)
RUN_ROPE_OFF |= {
    "nemo-24.07-h100-gpt3-5b-64gpu-fp8",
    "nemo-24.07-h100-gpt3-20b-64gpu-fp8",
    "nemo-24.07-h100-gpt3-175b-128gpu-fp8",
    "nemo-24.07-h100-gpt3-175b-512gpu-fp8",
    "nemo-25.02-b200-gpt3-175b-512gpu-fp8",
    "nemo-25.04-gb200-gpt3-175b-128gpu-fp8",
}  # GPT-3: learned positions
SOURCE_FRAMEWORK.update(
    {
        url: framework
        for prefix, framework in (
            ("https://github.com/NVIDIA/NeMo/", "nemo"),
            ("https://docs.nvidia.com/nemo-framework/", "nemo"),
            ("https://github.com/NVIDIA-NeMo/Megatron-Bridge/", "nemo"),
            ("https://github.com/pytorch/torchtitan/", "torchtitan"),
            ("https://arxiv.org/abs/2201.11990", "deepspeed"),
            ("https://github.com/NVIDIA-NeMo/Automodel/", "fsdp"),
        )
        for url in SOURCE_CODE
        if url.startswith(prefix)
    }
)
