"""``napkinlab memory``: the training-memory estimate of one step, optionally traced."""

from __future__ import annotations

import argparse
from typing import Any

from app.cli.output import print_json, print_warnings
from core.memory import CATEGORIES, derive, estimate
from core.memory.options import DEFAULTS, config_from_options, kernels_for
from core.memory.recipes import OPTIMIZERS
from core.roofline.hardware import capacity_text, load_catalog, validate_dtype
from core.roofline.utilization import HFU_DEFINITION, MFU_DEFINITION
from core.step.hf import load_config, resolve_model_source
from core.units import format_bytes, format_count, format_duration, format_flops, format_percent
from core.validate import fraction

__all__ = ["handler", "register"]


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``memory``."""
    p = subparsers.add_parser(
        "memory",
        help="training memory: params, grads, optimizer state, activations",
        description="Bytes per device of one training step (the lecture's accounting), the largest "
        "batch and model that fit, and with --trace a fake-tensor trace of the real model.",
    )
    p.add_argument(
        "--model",
        default=None,
        help=f"(default {DEFAULTS['model']}) mlp:d=4096,layers=8, a preset (gpt2, llama2-7b, ...), "
        "transformer:d=..,layers=..,heads=..[,kv_heads,ffn,vocab,gated,tied,seq] or a Hugging "
        "Face Hub id org/name[@revision] (llama, mistral, qwen2, gpt2), read from the local cache",
    )
    p.add_argument("--allow-download", action="store_true",
                   help="with a hub id not in the cache: fetch its config.json (never weights)")  # fmt: skip
    p.add_argument("--config", default="", metavar="FILE.json",
                   help="a Hugging Face config.json, read offline (llama, mistral, qwen2, gpt2), "
                   "as step and plan read it; instead of --model")  # fmt: skip
    p.add_argument(
        "--batch", default=DEFAULTS["batch"], help="batch per device (sequences or rows)"
    )
    p.add_argument("--seq", default=None, help="sequence length (transformers)")
    p.add_argument("--micro-batch", default=None, help="micro-batch for gradient accumulation")
    p.add_argument(
        "--recipe",
        default="bf16",
        help="fp32, bf16, amp, fp16 or custom:params=bf16,grads=fp32,master=none,state=fp32",
    )
    p.add_argument(
        "--optimizer", default="adam", help=", ".join(OPTIMIZERS)
    )
    p.add_argument("--checkpoint", default="none", help="none, every, sqrt or K (layers/segment)")
    p.add_argument(
        "--zero",
        default="0",
        help="ZeRO stage 0-3 (3 = FSDP); with --trace and --gpus N > 1, stages 1-3 are also "
        "traced per rank with N fake ranks",
    )
    p.add_argument("--gpus", default="1", help="data-parallel devices")
    p.add_argument(
        "--ep",
        default="1",
        help="expert parallelism (a mixture of experts): each GPU holds experts/EP "
        "routed experts; EP divides the experts and EP × ETP divides --gpus",
    )
    p.add_argument(
        "--etp",
        default="1",
        help="expert tensor parallelism: each expert's hidden width split over ETP GPUs",
    )
    p.add_argument("--capacity-factor", default="", metavar="X",
                   help="cap each GPU's rows per expert at ⌈X·tokens·top_k/experts⌉, dropping "
                   "the rest (default: dropless; routing is assumed balanced)")  # fmt: skip
    p.add_argument("--device", default="h100-sxm", help="device id (napkinlab devices)")
    p.add_argument("--dtype", default="bf16", help="compute dtype whose peak times the step")
    p.add_argument("--mfu", default="0.5",
                   help="model FLOPs utilisation (of model FLOPs: no recomputation) for the step "
                   "time; the HFU it implies is printed")  # fmt: skip
    p.add_argument("--no-flash", action="store_true", help="attention keeps the s² softmax")
    p.add_argument("--dropout", action="store_true", help="count dropout masks")
    p.add_argument(
        "--mlp-full",
        action="store_true",
        help="MLP: count pre- and post-ReLU tensors (default: the lecture's 2·B·D·L)",
    )
    p.add_argument(
        "--kernels",
        default=None,
        help="cuda or cpu: whose kernels decide what is saved for backward (default: cuda for "
        "NVIDIA and AMD devices, cpu otherwise)",
    )
    p.add_argument("--trace", action="store_true", help="also trace one step on fake tensors")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(handler=handler)  # fmt: skip


def handler(args: argparse.Namespace) -> int:
    """Answer ``memory``."""
    device = load_catalog().get(args.device)
    kernels = args.kernels if args.kernels is not None else kernels_for(device.vendor)
    model: Any = args.model if args.model is not None else DEFAULTS["model"]
    notes: list[Any] = []
    if args.config:
        if args.model is not None:
            from core.errors import InputError

            raise InputError(
                "config: give --config FILE.json or --model, not both (the file is the model)",
                field="config",
            )
        model, notes = load_config(args.config)
    else:
        hub = resolve_model_source(model, allow_download=args.allow_download)
        if hub is not None:  # a Hugging Face Hub id: its cached config.json (core.step.hf)
            model, notes = load_config(*hub)
    print_warnings([str(n) for n in notes])
    cfg = config_from_options(
        model=model, batch=args.batch, seq=args.seq, micro_batch=args.micro_batch,
        recipe=args.recipe, optimizer=args.optimizer, checkpoint=args.checkpoint,
        zero=args.zero, gpus=args.gpus, flash=not args.no_flash, dropout=args.dropout,
        mlp_full=args.mlp_full, kernels=kernels, ep=args.ep, etp=args.etp,
        capacity_factor=args.capacity_factor,
    )  # fmt: skip
    print_warnings(cfg.warnings)
    mfu = fraction(args.mfu, "mfu")
    dtype = validate_dtype(args.dtype)  # validated even when the device lacks its peak
    peak = device.peak(dtype) if device.supports(dtype) else None
    est = estimate(cfg)
    answer = derive(est, device.capacity_bytes, peak_flops=peak, mfu=mfu)
    traced: dict[str, Any] | None = None
    fsdp: dict[str, Any] | None = None
    if args.trace:
        from app.cli.progress import TerminalProgress
        from core.memory.trace import trace

        with TerminalProgress("memory --trace") as progress:
            progress(0.0, "")
            traced = trace(cfg, progress=progress).to_dict()
        if cfg.zero in (1, 2, 3) and cfg.gpus > 1 and not cfg.experts.parallel:
            fsdp = _fsdp_trace(cfg)  # (with expert parallelism the trace is one EP rank's)
    if args.json:
        out = {
            **est.to_dict(),
            "model": cfg.model.to_dict(),
            "recipe": cfg.recipe.sum_text(cfg.optimizer),
            "device": args.device,
            "gpus": cfg.gpus,
            "derived": answer.to_dict(),
            "utilization": {"mfu": MFU_DEFINITION, "hfu": HFU_DEFINITION},
            "warnings": list(cfg.warnings),
        }
        if traced is not None:
            out["traced"] = traced
        if fsdp is not None:
            out["fsdp_traced"] = fsdp
        print_json(out)
        return 0
    count = format_count(est.param_count, "params")
    if getattr(cfg.model, "is_moe", False):  # the total beside the active count
        count += f", {format_count(cfg.model.params_active, 'active')}"
    print(f"{cfg.model.describe()} — {count}")
    print(f"recipe: {cfg.recipe.sum_text(cfg.optimizer)}")
    width = max(len(k) for k in CATEGORIES)
    for key in CATEGORIES:
        line = f"  {key:<{width}}  {format_bytes(est.bytes[key]):>11}   {est.formulas[key]}"
        if traced is not None:
            line += f"   (traced {format_bytes(traced[key])})"
        print(line)
    print(f"  {'total':<{width}}  {format_bytes(est.total):>11}   per device (the four above)")
    line = (
        f"  {'temps':<{width}}  {format_bytes(est.temporaries):>11}   {est.formulas['temporaries']}"
    )
    if traced is not None:
        line += f"   (traced {format_bytes(traced['at_peak'].get('temporaries', 0.0))} at its peak)"
    print(line)
    _print_experts(est, width)
    line = f"  {'peak':<{width}}  {format_bytes(est.peak):>11}   {est.formulas['peak']}"
    if traced is not None:
        line += f"   (traced {format_bytes(traced['peak'])})"
    print(line)
    print(f"  kernels: {cfg.kernels} (what {cfg.kernels.upper()} kernels keep for backward)")
    print(f"  + {format_bytes(est.allowance)} {device.name_allowance(est.allowance_text)}")
    verdict = "fits" if answer.fits else "does not fit"
    largest = (f"{answer.max_micro_batch:,}" if answer.max_micro_batch
               else f"none ({answer.no_batch_reason})")  # fmt: skip
    print(f"{verdict} on {device.name} ({capacity_text(device)}) × {cfg.gpus:,}; "
          f"largest micro-batch that fits: {largest}; deepest model of this "
          f"shape: {answer.max_layers:,} layers ({format_count(answer.max_params, 'params')})")  # fmt: skip
    print(f"FLOPs per step: {format_flops(est.flops)} executed (model FLOPs "
          f"{format_flops(est.model_flops)}) = {est.flops_text}")  # fmt: skip
    if answer.step_seconds is not None and answer.hfu is not None:
        print(f"step time: {format_duration(answer.step_seconds)} at {format_percent(mfu)} MFU "
              f"(HFU {format_percent(answer.hfu)})")  # fmt: skip
        print(f"  {MFU_DEFINITION}")
        print(f"  {HFU_DEFINITION}")
    if traced is not None:
        print(f"traced peak: {format_bytes(traced['peak'])} in the {traced['peak_phase']} phase; "
              f"temporaries {format_bytes(traced['temporaries'])}; counted FLOPs "
              f"{format_flops(traced['flops'])} ({traced['seconds']:.1f} s)")  # fmt: skip
    if fsdp is not None:
        how = "FSDP" if cfg.zero > 1 else "torch's ZeroRedundancyOptimizer"
        print(f"traced per rank under {how} (ZeRO-{cfg.zero}, {cfg.gpus:,} fake ranks): peak "
              f"{format_bytes(fsdp['trace']['peak_bytes'])} ({fsdp['trace']['seconds']:.1f} s)")  # fmt: skip
        if cfg.zero == 1:
            print("  ZeRO-1: parameters and gradients replicated (gradients all-reduced per "
                  "tensor as DDP does), optimizer state of whole tensors per rank; "
                  "optimizer_mean = rank 0's state / its share of the parameters / ranks")  # fmt: skip
        for row in fsdp["compare"]:
            gap = f"{row['gap']:+.1%}"
            why = f"   {row['why']}" if row["why"] else ""
            print(f"  {row['category']:<{width}}  traced {format_bytes(row['traced']):>11}   "
                  f"formula {format_bytes(row['formula']):>11}   {gap}{why}")  # fmt: skip
    return 0


def _print_experts(est: Any, width: int) -> None:
    """A mixture of experts' lines: the experts' share of the state, the all-to-all's buffers
    and the routing (nothing for a dense model)."""
    if not est.routing:
        return
    r = est.routing
    state = est.to_dict()["expert_state"]
    print(f"  {'experts':<{width}}  {format_bytes(state):>11}   of the three above: "
          f"{r['experts_per_gpu']:,} routed experts per GPU (EP {r['ep']}, ETP {r['etp']}), "
          f"sharded over EDP = {r['edp']:,}")  # fmt: skip
    if est.dispatch_buffers:
        print(f"  {'dispatch':<{width}}  {format_bytes(est.dispatch_buffers):>11}   "
              f"{est.formulas['dispatch_buffers']}")  # fmt: skip
    if r["capacity"] is not None:
        print(f"  capacity {r['capacity']:,} rows per expert from each GPU: "
              f"{r['dropped_rows']:,.0f} token copies dropped per micro-batch")  # fmt: skip


def _fsdp_trace(cfg: Any) -> dict[str, Any]:
    """Rank 0's memory traced under FSDP with ``cfg.gpus`` fake ranks, beside the ZeRO formula."""
    from app.cli.progress import TerminalProgress
    from core.memory.fsdp_trace import compare, trace_fsdp

    with TerminalProgress("memory --trace") as progress:
        progress(0.0, "")
        result = trace_fsdp(cfg, cfg.gpus, progress=progress)
    return {"trace": result.to_dict(), "compare": compare(result, cfg)}
