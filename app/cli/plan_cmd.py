"""``napkinlab plan``: a training run's step on a cluster under a parallel layout, or searched."""

from __future__ import annotations

import argparse
import logging
from contextlib import contextmanager
from typing import Any

from app.cli.options import checked
from app.cli.output import print_json, unfit_mark
from core.units import format_bytes, format_count, format_duration
from core.validate import positive_float

__all__ = ["handler", "register"]


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``plan``."""
    p = subparsers.add_parser(
        "plan",
        help="predict a training run on a cluster: layout, step time, MFU, memory per GPU",
        description="Predict one training step of a decoder transformer on a cluster under a "
        "parallel layout (TP with or without sequence parallelism, PP 1F1B or interleaved, CP, "
        "DP with ZeRO 0-3, the micro-batch, recomputation), from one traced layer at the "
        "device's calibrated efficiency: step time broken down, tokens/s, TFLOP/s per GPU, MFU "
        "and HFU, memory per GPU. Without --search the layout is the one given (TP, PP, vpp, "
        "CP 1, ZeRO 0, micro-batch 1, no recomputation, no SP unless said); with --search the "
        "dimensions not given are searched and the fastest layouts that fit are listed.",
    )
    src = p.add_argument_group("model (one of)")
    src.add_argument("--model", default=None, help="a preset (llama2-7b, llama2-70b, gpt2, ...), "
                     "transformer:d=..,layers=..,heads=.. or a Hugging Face Hub id "
                     "org/name[@revision], read from the local hub cache (default: llama2-7b)")  # fmt: skip
    src.add_argument("--allow-download", action="store_true",
                     help="with a hub id not in the cache: fetch its config.json (never weights)")  # fmt: skip
    src.add_argument("--config", default=None, metavar="FILE.json",
                     help="a Hugging Face config.json (llama, mistral, qwen2, gpt2), read offline")  # fmt: skip
    src.add_argument("--dims", default=None, help="layers=L,hidden=H,heads=A[,kv_heads=K,ffn=F,"
                     "vocab=V,act=gelu|swiglu,norm=layer|rms,tied=0|1,bias=0|1,pos=P]")  # fmt: skip
    p.add_argument("--seq", default="4096", help="sequence length")
    p.add_argument("--global-batch", default="1024",
                   help="sequences per optimizer step (tokens with --batch-unit tokens: 4M)")  # fmt: skip
    p.add_argument("--batch-unit", default="sequences",
                   help="what --global-batch counts: sequences or tokens (a multiple of --seq)")  # fmt: skip
    p.add_argument("--device", default=None,
                   help="device id (napkinlab devices; default: h100-sxm), or one as deployed: "
                   "h100-sxm:memory=96GB,bandwidth=2.4TB/s,nvlink=400GB/s,network=50GB/s,"
                   "peak=835.5TFLOP/s (each key optional; peak: the dense BF16 peak its clocks "
                   "hold); with --published, only that device's runs")  # fmt: skip
    p.add_argument("--gpus", default="8", help="GPUs of the run (1,024 and 1k work)")
    p.add_argument("--gpus-per-node", default="8", help="GPUs per node")
    p.add_argument("--nvlink-domain", default=None, metavar="GPUS",
                   help="GPUs on one NVLink fabric, whole nodes (GB200/GB300 NVL72: 72 with "
                   "--gpus-per-node 4); TP/CP groups inside it ride NVLink, groups across domains "
                   "the network (default: the device's: 72 on an NVL72, else the node)")  # fmt: skip
    p.add_argument("--intra-bw", default=None, metavar="GB/s",
                   help="intra-node link bandwidth per GPU, one way: 450GB/s, 450G or 450e9 bytes/s "
                   "(default: the database's)")  # fmt: skip
    p.add_argument("--network-bw", default=None, metavar="GB/s",
                   help="network bandwidth per GPU, one way: 50GB/s, 50G or 50e9 bytes/s (default: "
                   "the database's)")  # fmt: skip
    lay = p.add_argument_group("layout (without --search: 1, 0, none when not given)")
    lay.add_argument("--tp", default=None, help="tensor-parallel GPUs")
    lay.add_argument("--pp", default=None, help="pipeline stages")
    lay.add_argument("--vpp", default=None, help="chunks per GPU (interleaved schedule)")
    lay.add_argument("--cp", default=None, help="context-parallel GPUs")
    lay.add_argument("--ep", default=None,
                     help="expert-parallel GPUs (a mixture-of-experts model; default 1)")  # fmt: skip
    lay.add_argument("--etp", default=None,
                     help="expert tensor-parallel GPUs (a mixture-of-experts model; default 1)")  # fmt: skip
    p.add_argument("--mtp", default=None, metavar="N",
                   help="multi-token-prediction modules (DeepSeek-V3's MTP depth: each one more "
                   "block, a 2d->d projection and one more LM-head pass, on the last stage)")  # fmt: skip
    p.add_argument("--capacity-factor", default=None, metavar="C",
                   help="a mixture of experts' token dropping: each expert's rows capped at C × "
                   "tokens·top_k/experts (default: dropless, balanced routing)")  # fmt: skip
    lay.add_argument(
        "--sp", action="store_true", default=None, help="sequence parallelism (with TP)"
    )
    lay.add_argument("--zero", default=None, help="ZeRO stage 0-3")
    lay.add_argument("--micro-batch", default=None, help="sequences per micro-batch")
    lay.add_argument("--recompute", default=None, help="none, selective or full")
    p.add_argument("--recipe", default="bf16", help="fp32, bf16, amp, fp16 or custom:...")
    p.add_argument("--optimizer", default="adamw", help="sgd, momentum, adam, adamw, ...")
    p.add_argument("--tokens", default=None, help="tokens to train (15T): days and GPU-hours")
    res = p.add_argument_group("checkpoints and failures (the days with --tokens)")
    res.add_argument("--checkpoint-bw", default=None, metavar="GB/s",
                     help="storage bandwidth the job writes its checkpoint at, all ranks together: "
                     "200GB/s, 200G or 2e11 bytes/s (default: the GPUs' share of Llama 3's "
                     "storage, 2 TB/s sustained for 16,384 GPUs: 122 MB/s per GPU)")  # fmt: skip
    res.add_argument("--failure-rate", default=None, metavar="PER_GPU_DAY",
                     help="interruptions per GPU-day (default: Llama 3's 419 unexpected "
                     "interruptions in 54 days on 16,384 GPUs, 4.74e-4); 0: none")  # fmt: skip
    res.add_argument("--no-failures", action="store_true",
                     help="a run that never fails (and so never needs a checkpoint)")  # fmt: skip
    res.add_argument("--restart-s", default=None, metavar="SECONDS",
                     help="seconds from a failure to training again (default: 600)")  # fmt: skip
    p.add_argument("--data-tokens-per-s", default=None,
                   type=checked(positive_float, "--data-tokens-per-s"),
                   help="tokens/s one node's data path delivers (default: napkinlab bench "
                   "--suite data's file, else not measured)")  # fmt: skip
    p.add_argument("--data-bandwidth", default=None,
                   type=checked(positive_float, "--data-bandwidth", unit="bytes/s"),
                   help="storage or network bytes/s per node feeding the data path (2 GB/s); "
                   "divided by 2 or 4 bytes per token")  # fmt: skip
    p.add_argument("--data-measurements", default="", metavar="FILE.jsonl",
                   help="a bench --suite data --out file (default: the app's data_path.jsonl)")  # fmt: skip
    p.add_argument("--search", action="store_true", help="search the dimensions not given")
    p.add_argument("--top", default="5", help="how many searched layouts to list")
    p.add_argument("--include-unfit", action="store_true",
                   help="also list searched layouts that do not fit, with the reason")  # fmt: skip
    p.add_argument("--max-micro-batch", default="16", help="largest micro-batch searched")
    p.add_argument("--changes", default="3", help="how many one-change re-plans to list (0: none)")
    p.add_argument("--csv", default="", metavar="FILE",
                   help="write the layouts as CSV (with --search every candidate listed, fastest first; "
                   "with --published the runs checked)")  # fmt: skip
    impl = p.add_argument_group("how the training code runs")
    impl.add_argument("--no-flash", action="store_true",
                      help="unfused attention (QKᵀ, softmax, P·V; the s² probabilities kept)")  # fmt: skip
    impl.add_argument("--eager", action="store_true",
                      help="every memory-bound op its own kernel (default: fused between GEMMs)")  # fmt: skip
    impl.add_argument("--dropout", action="store_true", help="attention and residual dropout")
    impl.add_argument("--no-dp-overlap", action="store_true",
                      help="the gradient reduction after the pipeline flush, not overlapped")  # fmt: skip
    impl.add_argument("--tp-overlap", action="store_true",
                      help="TP collectives hidden behind the GEMMs (Transformer Engine)")  # fmt: skip
    impl.add_argument("--cp-comm", default="ring", help="ring (overlapped) or all-gather (exposed)")
    impl.add_argument("--schedule", default=None, metavar="NAME",
                      help="pipeline schedule: 1f1b (Megatron's, the default; interleaved with "
                      "--vpp) or dualpipe (DeepSeek-V3's: bubble (PP/2-1)(F&B+B-3W), the expert "
                      "all-to-all and pipeline sends hidden behind the paired chunk, 2x "
                      "parameters, PP+1 micro-batches of activations)")  # fmt: skip
    impl.add_argument("--dispatcher", default=None, metavar="NAME",
                      help="a mixture of experts' token dispatcher: alltoall (Megatron's, the "
                      "default) or deepep (DeepSeek's: FP8 dispatch, a token crosses the network "
                      "once per destination node, then NVLink)")  # fmt: skip
    impl.add_argument("--route-nodes", default=None, metavar="M",
                      help="node-limited routing: each token to at most M nodes (DeepSeek-V3: 4); "
                      "with --dispatcher deepep")  # fmt: skip
    impl.add_argument("--recompute-modules", default=None, metavar="NAMES",
                      help="Megatron-Core's recomputation by module, comma-separated: core_attn, "
                      "moe_act, layernorm, mla_up_proj, mlp, moe, shared_experts (each one's "
                      "inputs kept, its outputs recomputed in backward)")  # fmt: skip
    impl.add_argument("--offload-modules", default=None, metavar="NAMES",
                      help="Megatron-Core's fine-grained activation offloading, comma-separated: "
                      "expert_fc1 (the experts' first GEMM's input), moe_act (the experts' "
                      "activation's input); their saved inputs go to the host in forward and "
                      "come back for backward (memory; the copies taken as hidden)")  # fmt: skip
    impl.add_argument("--cuda-graphs", default=None, metavar="SCOPES",
                      help="CUDA-graph scopes, comma-separated: attn, mlp, moe, moe_router, "
                      "moe_preprocess (Transformer Engine's per-layer graphs) or full_iteration "
                      "(the whole step): the captured ops cost the host nothing")  # fmt: skip
    impl.add_argument("--ep-overlap", action="store_true",
                      help="a mixture of experts' all-to-all hidden behind another micro-batch's "
                      "compute (Megatron-Core's overlap_moe_expert_parallel_comm: forward and "
                      "backward of two micro-batches paired layer by layer; ep > 1, pp 1 or vpp "
                      "> 1, no full recomputation)")  # fmt: skip
    impl.add_argument("--fp8-param-gather", action="store_true",
                      help="with a low-precision --precision: the linear weights kept only in their "
                      "quantized copies, no BF16 weights beside them (Megatron's "
                      "--fp8-param-gather, NeMo's fp8_params)")  # fmt: skip
    impl.add_argument("--activation-func-fp8-input-store", action="store_true",
                      help="with --recompute-modules moe_act and a low-precision --precision: the "
                      "experts' activation input kept in that precision for backward "
                      "(Megatron-Core's activation_func_fp8_input_store; the DeepSeek-V3 "
                      "report's FP8 SwiGLU inputs)")  # fmt: skip
    impl.add_argument("--fp8-attention", action="store_true",
                      help="with an FP8 --precision: attention in that format (Megatron-Bridge's "
                      "fp8_dot_product_attention; timed at cuDNN's measured FP8/BF16 time on "
                      "GB200/GB300, B200 and B300; BF16's elsewhere)")  # fmt: skip
    impl.add_argument("--fused-grouped-mlp", action="store_true",
                      help="with --precision mxfp8 or nvfp4: a mixture of experts' MLP as "
                      "Transformer Engine's fused grouped MLP, the activation and two "
                      "quantizations in the grouped GEMMs' epilogues (Megatron-Bridge's "
                      "cutedsl_fused_grouped_mlp; on a device whose tensor cores read block "
                      "scales)")  # fmt: skip
    impl.add_argument("--uneven-stages", action="store_true",
                      help="let the first and last pipeline stage take fewer layers")  # fmt: skip
    impl.add_argument("--pipeline-layout", default=None, metavar="LAYOUT",
                      help="which layers each pipeline stage holds, in Megatron-Core's notation "
                      "(--pipeline-model-parallel-layout): virtual stages separated by |, E the "
                      "embedding, t a layer, m an MTP module, L the loss, (…)*n to repeat, e.g. "
                      "'Et|(tt|)*30mL' for DeepSeek-V3 on pp 8 × vpp 4 (the stages must be pp × "
                      "vpp; default: the plan's split)")  # fmt: skip
    impl.add_argument("--bf16-end-layers", default=None, metavar="N",
                      help="under a low-precision recipe, keep the first N and the last N "
                      "transformer layers' GEMMs in BF16 (Megatron-Core's --first-last-layers-bf16 "
                      "with --num-layers-at-start/end-in-bf16; 0: every layer low, Megatron-Core's "
                      "default; default here: the recipe's own, NVFP4 2, the FP8 recipes 0)")  # fmt: skip
    impl.add_argument("--fp8", action="store_true",
                      help="the layers' GEMMs in FP8 with Transformer Engine's default recipe, "
                      "delayed scaling (the same as --precision fp8-delayed)")  # fmt: skip
    impl.add_argument("--precision", default=None, metavar="RECIPE",
                      help="low-precision recipe of the layers' GEMMs: bf16, fp8-delayed, "
                      "fp8-current, mxfp8 (block-scaled, Blackwell), fp8-blockwise (DeepSeek-V3's "
                      "1x128 and 128x128 scales; Hopper at its measured rate) or nvfp4 (Blackwell); "
                      "attention, norms, the embedding and the LM head stay BF16")  # fmt: skip
    impl.add_argument("--attention-kernel", default=None,
                      help="flash3, cudnn, flash2, triton or flash1 (default: the device's fastest)")  # fmt: skip
    impl.add_argument("--unfused-loss", action="store_true",
                      help="the LM head's cross-entropy as separate kernels (no loss fusion)")  # fmt: skip
    impl.add_argument("--cross-entropy", default=None, metavar="KIND",
                      help="the loss's memory per logit: fp32 (PyTorch on an fp32 copy: keeps 4 "
                      "bytes, backward allocates 8), fp32-inplace (Megatron: keeps 4, backward "
                      "allocates the activation dtype's) or native (a kernel on the logits' own "
                      "dtype, as flash-attention's: keeps and allocates the activation dtype's) "
                      "(default: the framework's; Megatron's: fp32)")  # fmt: skip
    impl.add_argument("--fused-swiglu", action="store_true",
                      help="a fused SwiGLU that keeps only its input (Megatron-Core, TE)")  # fmt: skip
    impl.add_argument("--framework", default=None, metavar="NAME",
                      help="the training framework whose mechanisms run the layout: megatron "
                      "(default), nemo, torchtitan, fsdp, deepspeed or llm-foundry; it presets "
                      "the switches above (its kernels, TP overlap, loss), each given switch "
                      "wins, and sets its pipeline engine, gradient buckets, prefetch and "
                      "reduce dtype")  # fmt: skip
    impl.add_argument("--fused-kernels", action="store_true",
                      help="memory-bound ops fused between GEMMs even where the framework runs "
                      "eager PyTorch (torchtitan or FSDP with torch.compile)")  # fmt: skip
    impl.add_argument("--dp-overlap", action="store_true",
                      help="the gradient reduction overlapped with backward where the framework's "
                      "preset does not (DeepSpeed's overlap_comm: true)")  # fmt: skip
    impl.add_argument("--no-tp-overlap", action="store_true",
                      help="TP collectives on the critical path where the framework's preset "
                      "overlaps them (NeMo)")  # fmt: skip
    p.add_argument("--published", nargs="?", const="all", default=None, metavar="DEVICE",
                   help="instead of one plan: plan every published training run the model is "
                   "checked against (those on DEVICE only, when given) and list the published "
                   "and predicted tokens/s, the error and the MAPE per source")  # fmt: skip
    p.add_argument("--group", default=None, metavar="GROUP",
                   help="with --published: which published runs, dense (default: the dense runs "
                   "of resources/published_runs.json) or moe (the mixture-of-experts runs of "
                   "resources/published_moe_runs.json, their own group: the prediction per run, "
                   "or why the plan refuses it, and the MAPE once their figures are in)")  # fmt: skip
    p.add_argument("--write-residuals", action="store_true",
                   help="with --published (all runs): write the plan's error on each run to "
                   "resources/plan_residuals.json, the pools of every plan's likely interval "
                   "(the dense runs; with --group moe the mixture-of-experts runs, which a MoE "
                   "plan's interval comes from; run both after any change to the model, the "
                   "calibration or the runs)")  # fmt: skip
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(handler=handler)
    _DEFAULTS.update({a.dest: a.default for a in p._actions if a.dest != "help"})


#: Every ``plan`` option's default, to tell which ones a ``--published`` run was given.
_DEFAULTS: dict[str, Any] = {}
#: What ``--published`` reads besides its device: each published run brings its own model,
#: cluster, layout and code, so every other option is refused rather than silently ignored.
_PUBLISHED_READS = frozenset(
    {"published", "device", "json", "csv", "handler", "write_residuals", "group"}
)


@contextmanager
def _quiet() -> Any:
    """Third-party loggers (torch, transformers) say nothing on stderr while the plan runs."""
    names = ("torch", "transformers", "huggingface_hub")
    saved = [(logging.getLogger(n), logging.getLogger(n).level) for n in names]
    for logger, _ in saved:
        logger.setLevel(logging.ERROR)
    try:
        yield
    finally:
        for logger, level in saved:
            logger.setLevel(level)


def _switch(on: bool, off: bool) -> bool | None:
    """A switch given as ``--x`` (True), ``--no-x`` (False) or neither (``None``: the
    framework's preset); both is an error that names them."""
    if on and off:
        from core.errors import InputError

        raise InputError(
            "framework switches: a switch and its opposite were both given; allowed: one of them",
            field="framework",
        )
    return True if on else False if off else None


def handler(args: argparse.Namespace) -> int:
    """Answer ``plan``."""
    if args.published is not None:
        return _published(args)
    if args.group is not None:
        from core.errors import InputError

        raise InputError(
            "--group: only with --published (it picks which published runs are checked); "
            "allowed: napkinlab plan --published --group moe",
            field="group",
        )
    if args.write_residuals:
        from core.errors import InputError

        raise InputError(
            "--write-residuals: only with --published (every published run is planned to "
            "write their errors); allowed: napkinlab plan --published --write-residuals",
            field="write_residuals",
        )
    from core.plan import best_change, plan, search, what_to_change
    from core.plan.options import (
        LayoutOptions,
        constraints_from,
        implementation_from,
        layout_from,
        planned_input,
    )
    from core.validate import positive_int

    impl = implementation_from(
        flash=not args.no_flash, fused=_switch(args.fused_kernels, args.eager),
        dropout=args.dropout, dp_overlap=_switch(args.dp_overlap, args.no_dp_overlap),
        tp_overlap=_switch(args.tp_overlap, args.no_tp_overlap),
        cp_comm=str(args.cp_comm).strip().lower(), uneven_stages=args.uneven_stages, fp8=args.fp8,
        attention_kernel=args.attention_kernel, fused_loss=False if args.unfused_loss else None,
        fused_swiglu=True if args.fused_swiglu else None,
        cross_entropy=None if args.cross_entropy is None else str(args.cross_entropy),
        framework=args.framework, precision=args.precision, schedule=args.schedule,
        dispatcher=args.dispatcher, route_nodes=args.route_nodes,
        recompute_modules=args.recompute_modules, cuda_graphs=args.cuda_graphs,
        ep_overlap=args.ep_overlap, pipeline_layout=args.pipeline_layout,
        bf16_end_layers=args.bf16_end_layers, quantized_params=args.fp8_param_gather,
        low_act_input=args.activation_func_fp8_input_store,
        offload_modules=args.offload_modules, fp8_attention=args.fp8_attention,
        fused_grouped_mlp=args.fused_grouped_mlp,
    )  # fmt: skip
    inp, notes = planned_input(
        model=args.model, config=args.config, dims=args.dims, seq=args.seq,
        global_batch=args.global_batch, device=args.device or "h100-sxm", gpus=args.gpus,
        gpus_per_node=args.gpus_per_node, intra_bw=args.intra_bw, network_bw=args.network_bw,
        nvlink_domain=args.nvlink_domain, recipe=args.recipe, optimizer_id=args.optimizer, tokens=args.tokens, implementation=impl,
        allow_download=args.allow_download, batch_unit=args.batch_unit,
        capacity_factor=args.capacity_factor, mtp=args.mtp,
    )  # fmt: skip
    opts = LayoutOptions(tp=args.tp, pp=args.pp, vpp=args.vpp, cp=args.cp, sp=args.sp,
                         zero=args.zero, micro_batch=args.micro_batch, recompute=args.recompute,
                         ep=args.ep, etp=args.etp)  # fmt: skip
    top = positive_int(args.top, "top", high=1000)
    n_changes = positive_int(args.changes, "changes", low=0, high=100)
    stats: dict[str, int] = {}
    with _quiet():
        if args.search:
            constraints = constraints_from(opts, include_unfit=args.include_unfit,
                                           max_micro_batch=args.max_micro_batch)  # fmt: skip
            from app.cli.progress import TerminalProgress

            with TerminalProgress("plan --search") as progress:
                progress(0.0, "")
                found = search(inp, constraints, top=top, stats=stats, progress=progress)
            if not found:
                from core.errors import InputError

                raise InputError(
                    f"search: none of the {stats.get('layouts', 0):,} layouts fits in "
                    f"{format_bytes(inp.cluster.device.capacity_bytes)} per GPU; try "
                    "--include-unfit to see them, more GPUs, recomputation or a larger device",
                    field="gpus",
                )
            best = found[0]
        else:
            found = []
            best = plan(inp, layout_from(opts))
        skipped: list = []  # changes that could not be planned, each with its reason
        changes = what_to_change(inp, best, skipped=skipped)[:n_changes] if n_changes else []
        helps = best_change(inp, best) if n_changes else None
    from core.plan.uncertainty import humble, uncertainty

    unc = uncertainty(best)
    changes = [(humble(s, best, r, unc), r) for s, r in changes]
    if args.csv:
        from app.cli.output import write_csv
        from core.plan.table import candidates_csv

        write_csv(args.csv, candidates_csv(found if args.search else [best]))
    days = _run_days(args, best)
    data = _data_path(best, args)
    report = best.to_dict()
    report["data_path"] = data.to_dict()
    report.update(unc.to_dict())  # the likely ranges: "interval" and "validated"
    if days is not None:  # "training" keeps the training days alone; these add the rest
        report["days_breakdown"] = days.to_dict()
        report["days_total"] = days.days_total
    report["precision"] = inp.implementation.recipe.id
    report["framework"] = inp.implementation.framework
    report["model"] = inp.model.to_dict()
    from core.plan import context

    report["calibration"] = context(best.inp).cal.to_dict()
    if notes:
        report["notes"] = [str(n) for n in notes]
    if args.search:
        report["candidates"] = [r.to_dict() for r in found]
        report["search"] = dict(stats)
    if n_changes:
        report["changes"] = [
            {"change": str(s), "layout": r.layout.to_dict(), "tokens_per_s": r.tokens_per_s,
             "mfu": r.mfu, "fits": r.fits, "device": r.inp.cluster.device.id}
            for s, r in changes
        ]  # fmt: skip
        report["best_change"] = str(helps) if helps is not None else None
        report["changes_skipped"] = [{"change": str(t), "reason": str(why)} for t, why in skipped]
    if args.json:
        print_json(report)
        return 0
    _print(inp, best, found, stats, changes, helps, skipped, unc, days)
    print(f"  {data.row()}")
    if args.csv:
        print(f"layouts written to {args.csv}")
    return 0


def _data_path(best: Any, args: argparse.Namespace) -> Any:
    """The data-path row: typed rate, typed bandwidth, the measurement file, or none."""
    from core.plan.data_path import data_path

    return data_path(
        best,
        tokens_per_s=args.data_tokens_per_s,  # validated when parsed
        bandwidth=args.data_bandwidth,
        measurements=args.data_measurements or None,
    )


def _print(
    inp: Any,
    best: Any,
    found: list,
    stats: dict,
    changes: list,
    helps: Any,
    skipped: list,
    unc: Any,
    days: Any = None,
) -> None:
    from core.plan.search import SPEED_TIE

    cl = inp.cluster
    nodes = f"{cl.nodes:,} node{'s' if cl.nodes > 1 else ''} of {cl.gpus_per_node} GPUs"
    if cl.domain != cl.gpus_per_node:
        nodes += f", NVLink domains of {cl.domain}"
    active = ""
    if inp.model.is_moe:  # total beside active, the N of 6·N·D
        active = f" ({format_count(inp.model.params_active, 'active')})"
    print(f"{inp.model.name}: {format_count(inp.model.param_count, 'params')}{active} on "
          f"{cl.gpus:,} × {cl.device.name} ({nodes}), "
          f"seq {inp.seq:,}, global batch {inp.global_batch:,} "
          f"({format_count(inp.tokens_per_step, 'tokens')} per step)")  # fmt: skip
    if stats:
        kept = sum(1 for r in found if r.fits)
        print(f"searched {stats.get('layouts', 0):,} layouts, {stats.get('fit', 0):,} fit; "
              f"{kept:,} kept (--top): the fastest, those within {SPEED_TIE:.1%} of each "
              "other's step time least memory first; the first:")  # fmt: skip
    print(f"  {best.layout.label()}" + ("" if best.fits else f"  (does not fit: {best.reason})"))
    print(f"  step {format_duration(best.step_time_s)}, {best.tokens_per_s:,.0f} tokens/s, "
          f"{best.tflops_per_gpu:.1f} TFLOP/s per GPU, MFU {best.mfu:.1%}, HFU {best.hfu:.1%}")  # fmt: skip
    _print_likely(best, unc)
    parts = ", ".join(
        f"{k} {format_duration(v)} ({best.share(k):.0%})"
        for k, v in best.breakdown.items()
        if v > 0
    )
    print(f"  time: {parts}")
    memory = best.memory
    print(f"  memory per GPU ({memory.stage} stage, {memory.moment}): "
          f"{format_bytes(memory.peak)} of {format_bytes(best.capacity)} — weights "
          f"{format_bytes(memory.weights)}, grads {format_bytes(memory.grads)}, optimizer "
          f"{format_bytes(memory.optimizer)}, activations {format_bytes(memory.activations)}, "
          f"temporaries {format_bytes(memory.temporaries)}, "
          + (f"expert state {format_bytes(memory.expert_state)}, " if memory.expert_state else "")
          + "allowance "
          f"{format_bytes(memory.allowance)}; {'fits' if best.fits else 'does not fit'}")  # fmt: skip
    print(f"  limits: {best.limits}")
    training = best.training
    if training is not None:
        low, high = unc.days
        print(f"  {format_count(training.tokens, 'tokens')}: {training.days:,.1f} days "
              f"(likely {low:,.1f}–{high:,.1f}), {training.gpu_hours:,.0f} GPU-hours")  # fmt: skip
    if days is not None:
        _print_days(days)
    if len(found) > 1:
        print("candidates:")
        for i, r in enumerate(found, start=1):
            mark = "" if r.fits else f"  [does not fit: {r.reason}]"
            print(f"  {i:>2}. {r.layout.label():<66} {format_duration(r.step_time_s):>9}  "
                  f"MFU {r.mfu:.1%}  {format_bytes(r.memory.peak):>9}  {r.limits}{mark}")  # fmt: skip
    if changes:
        print("one change at a time:")
        for sentence, _ in changes:
            print(f"  - {sentence}")
        if helps is not None:
            print(f"best change: {helps}")
    for text, why in skipped:
        print(f"not planned: {text} ({why})")
    print("assumptions:")
    for a in best.assumptions:
        print(f"  - {a}")


def _run_days(args: argparse.Namespace, best: Any) -> Any:
    """The run's days with checkpoints and failures at the flags' storage, rate and restart."""
    from core.checkpoint import failure_rate_from, storage_bw_from
    from core.errors import InputError
    from core.plan.days import run_days
    from core.validate import positive_float

    rate = failure_rate_from(args.failure_rate)
    if args.no_failures:
        if rate:
            raise InputError(
                "--no-failures and --failure-rate: both given; allowed: one of them",
                field="failure_rate",
            )
        rate = 0.0
    restart = None
    if args.restart_s is not None:
        restart = positive_float(args.restart_s, "restart-s", low=0.0, high=1e7, unit="count")
    return run_days(best, storage_bw=storage_bw_from(args.checkpoint_bw), failure_rate=rate,
                    restart_s=restart)  # fmt: skip


def _print_days(days: Any) -> None:
    """The days as rows: training, checkpoints, failures, in all, with their sources."""
    t, c = days.time, days.checkpoint
    print(f"  days: training {t.train_s / 86400:,.1f}")
    if t.checkpoints:
        print(f"    + checkpoints {t.checkpoint_s / 86400:,.2f}: {t.checkpoints:,.0f} of "
              f"{format_bytes(c.bytes)} ({format_bytes(c.bytes_per_rank)} per rank) in "
              f"{format_duration(t.save_s)} each, one every {format_duration(t.interval_s)} "
              f"(Young/Daly; storage {format_bytes(days.storage_bw)}/s: {days.storage_source})")  # fmt: skip
        print(f"    + failures {t.failure_s / 86400:,.2f}: {t.failures:,.0f} expected, one every "
              f"{format_duration(t.mtbf_s)} ({days.rate_source}), each losing half an interval "
              f"and a {format_duration(t.restart_s)} restart")  # fmt: skip
    else:
        print("    + no failures, no checkpoints (--no-failures or --failure-rate 0)")
    print(f"    = {days.days_total:,.1f} days in all")


def _print_likely(best: Any, unc: Any) -> None:
    """The likely ranges under the headline, and which published runs they come from."""
    (s0, s1), (t0, t1), (m0, m1) = unc.step_time_s, unc.tokens_per_s, unc.mfu
    print(f"  likely: step {format_duration(s0)}–{format_duration(s1)}, {t0:,.0f}–{t1:,.0f} "
          f"tokens/s, MFU {m0:.1%}–{m1:.1%}")  # fmt: skip
    print(f"  {unc.note()}")


def _published(args: argparse.Namespace) -> int:
    """``plan --published [DEVICE]``: the plan against every published run (on DEVICE)."""
    from app.cli.progress import TerminalProgress
    from core.errors import InputError
    from core.plan import validation

    given = sorted(
        "--" + dest.replace("_", "-")
        for dest, default in _DEFAULTS.items()
        if dest not in _PUBLISHED_READS and getattr(args, dest, default) != default
    )
    if given:
        raise InputError(
            f"--published: {', '.join(given)} cannot apply (each published run brings its own "
            "model, cluster, layout and code); allowed with it: --device DEVICE (or --published "
            "DEVICE), --group dense|moe, --json, --csv FILE",
            field="published",
        )
    group = "dense" if args.group is None else str(args.group).strip().lower()
    if group not in ("dense", "moe"):
        raise InputError(
            f"--group: {args.group!r}; allowed: dense (resources/published_runs.json) or moe "
            "(resources/published_moe_runs.json)",
            field="group",
        )
    if group == "moe":
        from app.cli.plan_published_moe import published_moe

        return published_moe(args, _quiet)
    device = str(args.published).strip().lower()
    if args.device is not None:
        chosen = str(args.device).strip().lower()
        if device not in ("all", chosen):
            raise InputError(
                f"--published: {args.published!r} and --device {args.device!r} name two "
                "devices; allowed: one of them",
                field="published",
            )
        device = chosen
    have = validation.devices_with_runs()
    if device != "all" and device not in have:
        raise InputError(
            f"--published: no published run used {device!r}; runs exist for: all, "
            + ", ".join(have),
            field="published",
        )
    if args.write_residuals and device != "all":
        raise InputError(
            f"--write-residuals: the file holds every published run, not only {device!r}'s; "
            "allowed: napkinlab plan --published --write-residuals",
            field="write_residuals",
        )
    with _quiet(), TerminalProgress("plan --published") as progress:
        progress(0.0, "")
        checks = validation.check_runs(None if device == "all" else device, progress=progress)
    total = validation.ErrorSummary.of(checks)
    groups = validation.breakdowns(checks)
    coverage = _interval_coverage(checks) if device == "all" else None
    if args.write_residuals:
        _write_residuals(checks)
    if args.csv:
        from app.cli.output import write_csv

        write_csv(args.csv, validation.checks_csv(checks))
    if args.json:
        print_json({
            "device": None if device == "all" else device,
            "error": "predicted / published - 1 (> 0: the plan is optimistic)",
            "summary": total.to_dict(),
            **{key: {name: s.to_dict() for name, s in group.items()}
               for key, group in groups.items()},
            "runs": [c.to_dict() for c in checks],
            "interval_coverage": coverage,
        })  # fmt: skip
        return 0
    width = max(len(c.run_id) for c in checks)
    print(f"the plan against {total.runs} published runs (error = predicted / published - 1; "
          "+ is optimistic)")  # fmt: skip
    print(f"{'run':<{width}}  {'device':<13} {'GPUs':>6}  {'published':>11}  {'predicted':>11}"
          f"  {'error':>7}  layout planned")  # fmt: skip
    for c in checks:
        print(f"{c.run_id:<{width}}  {c.device:<13} {c.gpus:>6,}  {c.published:>11,.0f}  "
              f"{c.predicted:>11,.0f}  {c.error:>+7.1%}  {c.layout}"
              f"{unfit_mark(c.fits, c.memory_verdict)}")  # fmt: skip
    print(f"MAPE {total.mape:.1%} over {total.runs} runs (median {total.median:.1%}, "
          f"{total.within_20} within ±20 %, worst {total.worst:+.1%}, signed mean "
          f"{total.signed:+.1%}); tokens/s per source's own FLOP convention")  # fmt: skip
    for key, heading, _group in validation.BREAKDOWNS:
        if key != "by_source":  # the sources follow the summary line, as they always have
            print(f"{heading}:")
        for name, s in groups[key].items():
            runs = "run" if s.runs == 1 else "runs"
            print(f"  {s.runs:>3} {runs:<4}  MAPE {s.mape:6.1%}  signed {s.signed:+6.1%}  {name}")
    if coverage is not None:
        print(f"likely intervals cover the published figure in {coverage:.1%} of runs (each "
              "run's interval from the other runs' errors, leave-one-out; target ≥ 80 %)")  # fmt: skip
    if args.write_residuals:
        print("errors written to resources/plan_residuals.json")
    if args.csv:
        print(f"runs written to {args.csv}")
    return 0


def _interval_coverage(checks: list) -> float:
    """Leave-one-out coverage of the likely intervals over these checks' errors."""
    from core.plan.published import load_runs
    from core.plan.uncertainty import leave_one_out, residuals_from

    return leave_one_out(residuals_from(checks, load_runs()))[0]


def _write_residuals(checks: list) -> None:
    """``--write-residuals``: every run's error into the resource file the intervals read."""
    from core.plan.published import load_runs
    from core.plan.uncertainty import write_residuals

    write_residuals(checks, load_runs())
