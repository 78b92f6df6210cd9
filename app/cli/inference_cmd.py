"""``napkinlab inference``: a model served on GPUs: KV cache, memory, largest batch, TTFT, TPOT,
tokens/s, and where prefill and decode sit on the roofline (:mod:`core.inference`)."""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import Any

from app.cli.options import checked
from app.cli.output import print_json, print_warnings
from core.errors import InputError
from core.units import format_bytes, format_duration, format_flops, format_number
from core.validate import fraction, positive_float, positive_int

__all__ = ["handler", "register", "run_inputs"]

_MAX_TOKENS = 10_000_000


def _batch(text: str) -> int | None:
    """``max`` (``None``: the largest that fits) or a whole number of sequences."""
    if isinstance(text, str) and text.strip().lower() == "max":
        return None
    from core.inference.serve import MAX_BATCH

    try:
        return positive_int(text, "batch", high=MAX_BATCH)
    except InputError as exc:
        raise InputError(
            f"{exc.message} (or max: the largest batch that fits)", field="batch"
        ) from None


def _choice(name: str, allowed: tuple[str, ...]) -> Any:
    def convert(text: str) -> str:
        key = text.strip().lower()
        if key not in allowed:
            raise InputError(f"{name}: {text!r}; allowed: {', '.join(allowed)}", field=name)
        return key

    convert.__name__ = name
    return convert


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``inference``."""
    from core.inference.kv import KV_DTYPES
    from core.inference.weights import FORMAT_IDS

    p = subparsers.add_parser(
        "inference",
        help="serve a model: KV cache, memory per GPU, largest batch, TTFT, TPOT, tokens/s",
        description="Serve a decoder transformer on GPUs: the weights in their format and the KV "
        "cache of the tokens each sequence holds, per GPU; the largest batch that fits; the "
        "prefill of the prompts (TTFT) and one decode step (TPOT) on the device's calibrated "
        "roofline, with TP's all-reduces; output tokens/s. Decode reads every weight once per "
        "step plus each sequence's cache: memory-bound until the batch is large.",
    )
    src = p.add_argument_group("model (one of)")
    src.add_argument("--model", default=None, help="a preset (llama2-7b, llama3-8b, llama3-70b, "
                     "gpt2, ...), transformer:d=..,layers=..,heads=.. or a Hugging Face Hub id "
                     "org/name[@revision] from the local hub cache (default: llama3-8b)")  # fmt: skip
    src.add_argument("--allow-download", action="store_true",
                     help="with a hub id not in the cache: fetch its config.json (never weights)")  # fmt: skip
    src.add_argument("--config", default=None, metavar="FILE.json",
                     help="a Hugging Face config.json, read offline")  # fmt: skip
    src.add_argument("--dims", default=None, help="layers=L,hidden=H,heads=A[,kv_heads=K,ffn=F,"
                     "vocab=V,act=gelu|swiglu,norm=layer|rms,tied=0|1,bias=0|1,pos=P]")  # fmt: skip
    p.add_argument("--device", default="h100-sxm",
                   help="device id (napkinlab devices), or a deployed variant such as "
                   "h100-sxm:memory=96GB,bandwidth=3.9TB/s")  # fmt: skip
    p.add_argument("--gpus", default=1, type=checked(positive_int, "gpus", high=10_000_000),
                   help="GPUs serving: gpus / tp replicas side by side")  # fmt: skip
    p.add_argument("--tp", default=1, type=checked(positive_int, "tp", high=1024),
                   help="tensor-parallel GPUs of one replica")  # fmt: skip
    p.add_argument("--ep", default=1, type=checked(positive_int, "ep", high=1_000_000),
                   help="expert-parallel GPUs (MoE): each layer's routed experts spread whole "
                   "over them (a multiple of tp)")  # fmt: skip
    p.add_argument("--batch", default="1", type=checked(_batch),
                   help="sequences per replica, or max: the largest that fits")  # fmt: skip
    p.add_argument("--prompt", default=1024, type=checked(positive_int, "prompt", high=_MAX_TOKENS),
                   help="prompt tokens per sequence")  # fmt: skip
    p.add_argument("--output", default=256, type=checked(positive_int, "output", high=_MAX_TOKENS),
                   help="output tokens per sequence")  # fmt: skip
    p.add_argument("--weights", default="bf16", type=checked(_choice("weights", FORMAT_IDS)),
                   help=f"weight format: {', '.join(FORMAT_IDS)} (block scales counted; "
                   "embeddings, LM head, router and norms stay bf16)")  # fmt: skip
    p.add_argument("--kv-dtype", default="bf16", type=checked(_choice("kv-dtype", tuple(KV_DTYPES))),
                   help="KV-cache dtype: bf16 or fp8")  # fmt: skip
    p.add_argument("--kv-fraction", default=1.0, type=checked(fraction, "kv-fraction"),
                   help="share of the memory left after weights, activations and the allowance "
                   "the engine gives the KV cache (TensorRT-LLM's kv_cache_free_gpu_mem_fraction)")  # fmt: skip
    p.add_argument("--dp-attention", action="store_true",
                   help="attention data parallelism over the tp GPUs (TensorRT-LLM's "
                   "enable_attention_dp, SGLang's --enable-dp-attention): each GPU holds the "
                   "attention weights whole and serves batch/tp sequences with their whole KV "
                   "cache (a latent cache is not copied on every GPU); MoE layers use --ep")  # fmt: skip
    p.add_argument("--max-num-seqs", default=None, type=checked(positive_int, "max-num-seqs", high=1 << 24),
                   help="with --batch max: the engine's largest running batch (vLLM "
                   "max_num_seqs, TensorRT-LLM max_batch_size)")  # fmt: skip
    p.add_argument("--max-num-tokens", default=None, type=checked(positive_int, "max-num-tokens", high=_MAX_TOKENS),
                   help="with --batch max: the engine's tokens per iteration (TensorRT-LLM "
                   "max_num_tokens, vLLM max_num_batched_tokens); in-flight batching's steady "
                   "state needs batch × (1 + prompt/output) of them")  # fmt: skip
    p.add_argument("--ttft-target", default=None, type=checked(positive_float, "ttft-target", low=0.0, allow_low=False, high=1e9),
                   metavar="SECONDS", help="with --batch max: the largest batch whose TTFT (the "
                   "prefill of its prompts) is at most this")  # fmt: skip
    p.add_argument("--tpot-target", default=None, type=checked(positive_float, "tpot-target", low=0.0, allow_low=False, high=1e9),
                   metavar="SECONDS", help="with --batch max: the largest batch whose TPOT (one "
                   "decode step) is at most this")  # fmt: skip
    p.add_argument("--request-rate", default=None, type=checked(positive_float, "request-rate", low=0.0, allow_low=False, high=1e9),
                   metavar="PER_S", help="requests/s arriving over all replicas: the JSON adds "
                   "served_output_tokens_per_s = min(capacity, rate × output) and the "
                   "concurrency by Little's law")  # fmt: skip
    p.add_argument("--host-overhead", default=0.0, type=checked(positive_float, "host-overhead", low=0.0, high=1.0),
                   metavar="SECONDS", help="the engine's host time per running sequence per "
                   "decode step (scheduler, sampler, request bookkeeping), overlapped with the "
                   "GPU's step; a step takes the longer of the two (default 0: the GPU alone; "
                   "TensorRT-LLM's PyTorch backend: about 2.9e-5, docs/inference.md)")  # fmt: skip
    p.add_argument("--kv-on-demand", action="store_true",
                   help="the engine allocates KV blocks as tokens arrive (vLLM) instead of "
                   "reserving each request's prompt + output up front (TensorRT-LLM's default): "
                   "the running sequences hold prompt + output/2 on average")  # fmt: skip
    p.add_argument("--kv-read-per-query-head", action="store_true",
                   help="the decode attention kernel reads each KV head's cache once per query "
                   "head sharing it (one thread block per query head: TensorRT-LLM's masked MHA "
                   "kernel, before its XQA kernel for MQA/GQA of early 2024); grouped-query "
                   "models then read their cache heads/kv_heads times per step")  # fmt: skip
    p.add_argument("--host-op-seconds", default=0.0, type=checked(positive_float, "host-op-seconds", low=0.0, high=1.0),
                   metavar="SECONDS", help="the host's time to issue one kernel of a step not "
                   "replayed from a CUDA graph (the prefill; the decode with --eager-decode): "
                   "such a step takes at least kernels × this (default 0: not charged; an eager "
                   "PyTorch op measured here: 6.8e-6, core/roofline/host.py)")  # fmt: skip
    p.add_argument("--eager-decode", action="store_true",
                   help="decode steps run without CUDA graphs (vLLM --enforce-eager), so they "
                   "too pay --host-op-seconds per kernel")  # fmt: skip
    p.add_argument("--published", action="store_true",
                   help="predict every row of resources/published_inference.json from its inputs "
                   "and print predicted against published, with the MAPE and signed mean error "
                   "per source and metric (the other flags are then not used)")  # fmt: skip
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(handler=handler)


def _spec(args: argparse.Namespace) -> tuple[Any, list[str]]:
    """The model from ``--model``, ``--config`` or ``--dims`` (one of them), with notes."""
    given = [n for n in ("model", "config", "dims") if getattr(args, n)]
    if len(given) > 1:
        raise InputError(
            f"model: give one of --model, --config or --dims, not {' and '.join('--' + g for g in given)}",
            field="model",
        )
    if args.dims:
        from core.plan.options import parse_dims

        return parse_dims(args.dims), []
    from core.step.hf import load_config, resolve_model_source

    if args.config:
        found, notes = load_config(args.config)
        return found, list(notes)
    if args.model and (hub := resolve_model_source(args.model, allow_download=args.allow_download)):
        found, notes = load_config(hub[0], hub[1])
        return found, list(notes)
    from core.memory.models import TransformerSpec, parse_model

    spec = parse_model(args.model or "llama3-8b")
    if not isinstance(spec, TransformerSpec):
        raise InputError(
            "model: inference needs a transformer; allowed: a preset, transformer:…, --config or "
            "--dims",
            field="model",
        )
    return spec, []


def _calibration(device: Any) -> Any:
    """The device's calibration as the Plan takes it: measured here, overrides, built-in."""
    from core.plan.model import measured_device
    from core.roofline.achievable import calibration, read_overrides

    overrides, problem = read_overrides()
    cal = calibration(device, measured=measured_device(device.id), overrides=overrides)
    return cal, [problem] if problem else []


def _infer(args: argparse.Namespace) -> tuple[Any, list[str]]:
    """The serving result of the parsed flags, and the notes on the model and calibration."""
    from core.inference.serve import InferenceInput, infer
    from core.roofline.hardware import load_catalog

    spec, notes = _spec(args)
    device = load_catalog().get(str(args.device).strip())
    cal, problems = _calibration(device)
    inp = InferenceInput(
        spec, device, cal, gpus=args.gpus, tp=args.tp, ep=args.ep, batch=args.batch,
        prompt=args.prompt, output=args.output, weights=args.weights, kv_dtype=args.kv_dtype,
        kv_fraction=args.kv_fraction, dp_attention=args.dp_attention,
        max_num_seqs=args.max_num_seqs, max_num_tokens=args.max_num_tokens,
        ttft_target=args.ttft_target, tpot_target=args.tpot_target,
        request_rate=args.request_rate, host_overhead=args.host_overhead,
        kv_on_demand=args.kv_on_demand, kv_read_per_query_head=args.kv_read_per_query_head,
        host_op_seconds=args.host_op_seconds, eager_decode=args.eager_decode,
    )  # fmt: skip
    return infer(inp), [*notes, *problems]


def handler(args: argparse.Namespace) -> int:
    """Answer ``inference``."""
    if getattr(args, "published", False):
        from app.cli.inference_published import answer_published

        return answer_published(args.json, run_inputs)
    result, notes = _infer(args)
    if args.json:
        out = result.to_dict()
        out["notes"] = [*notes, *out["notes"]]
        print_json(out)
        return 0
    _print(result)
    print_warnings(notes)
    return 0


def run_inputs(inputs: Mapping[str, Any]) -> dict[str, Any]:
    """``napkinlab inference`` with ``inputs`` (flag name → value, ``kv_dtype`` for
    ``--kv-dtype``) as ``--json`` gives it: the same parsing, model and calibration."""
    parser = argparse.ArgumentParser(prog="napkinlab")
    register(parser.add_subparsers())
    argv = ["inference"]
    for name, value in inputs.items():
        if value is True:
            argv.append("--" + name.replace("_", "-"))
        elif value is not False and value is not None:
            argv += ["--" + name.replace("_", "-"), str(value)]
    result, notes = _infer(parser.parse_args(argv))
    out = result.to_dict()
    out["notes"] = [*notes, *out["notes"]]
    return out


def _point_line(name: str, point: Any) -> str:
    ridge = point.peak / point.bandwidth
    return (
        f"{name:<8} {format_flops(point.flops)}, {format_bytes(point.bytes)} per GPU → "
        f"{format_number(point.intensity)} FLOP/B, {point.bound}-bound (ridge "
        f"{format_number(ridge)} FLOP/B); compute {format_duration(point.compute_s)}, memory "
        f"{format_duration(point.memory_s)}, TP/EP comm {format_duration(point.comm_s)}"
    )


def _print(result: Any) -> None:
    """The answer for a terminal."""
    from core.inference.kv import held_tokens, kv_bytes_per_token
    from core.inference.serve import decode_context

    inp, s, mem = result.input, result.input.shape, result.memory
    dev = inp.deployment
    gemm, weight_only = dev.gemm()
    chosen = "as given"
    if inp.batch is None:
        limits = [name for name, v in (("--max-num-seqs", inp.max_num_seqs),
                  ("--max-num-tokens", inp.max_num_tokens), ("the targets", inp.ttft_target
                  or inp.tpot_target)) if v]  # fmt: skip
        chosen = "the largest that fits" + (f", within {' and '.join(limits)}" if limits else "")
    print(f"{s.name} on {inp.gpus:,} × {inp.device.name} ({inp.device.id}): TP {inp.tp}"
          + (f", EP {inp.ep}" if inp.ep > 1 else "")
          + (", attention data-parallel" if inp.dp_attention else "")
          + f", {inp.replicas:,} replica{'s' if inp.replicas != 1 else ''}")  # fmt: skip
    print(f"batch {result.batch:,} per replica ({chosen}), prompt {inp.prompt:,} + output "
          f"{inp.output:,} tokens; weights {inp.weights} (GEMMs in {gemm}"
          f"{', weight-only' if weight_only else ''}), KV cache {inp.kv_dtype}")  # fmt: skip
    print()
    per_token = kv_bytes_per_token(s, inp.kv_dtype)
    held = held_tokens(s, inp.kv_tokens)
    share = dev.kv_share
    print(f"  TTFT        {format_duration(result.ttft_s):>12}   the prefill of "
          f"{result.batch:,} × {inp.prompt:,} tokens")  # fmt: skip
    print(f"  TPOT        {format_duration(result.tpot_s):>12}   one decode step, each cache "
          f"holding {decode_context(inp):,.0f} tokens")  # fmt: skip
    print(f"  output      {format_number(result.output_tokens_per_s):>12}   tokens/s "
          f"({format_number(result.tokens_per_s_per_gpu)} per GPU)")  # fmt: skip
    if inp.request_rate is not None:
        print(f"  served      {format_number(result.served_output_tokens_per_s):>12}   tokens/s at "
              f"{format_number(inp.request_rate)} requests/s, "
              f"{format_number(result.concurrency)} in flight")  # fmt: skip
    if inp.ttft_target is not None or inp.tpot_target is not None:
        print("  targets     " + ("met" if result.meets_targets else "NOT met, even at batch 1"))
    if result.prefill.host_s > result.prefill.gpu_s:
        print(f"  host-bound  the prefill's kernel issue ({format_duration(result.prefill.host_s)}) "
              f"outlasts the GPU's ({format_duration(result.prefill.gpu_s)})")  # fmt: skip
    if result.decode.host_s > result.decode.gpu_s:
        print(f"  host-bound  the decode step's host work ({format_duration(result.decode.host_s)}) "
              f"outlasts the GPU's ({format_duration(result.decode.gpu_s)})")  # fmt: skip
    print()
    print(f"memory per GPU (of {format_bytes(mem.capacity)}):")
    rows = (
        ("weights", mem.weights, f"{inp.weights} layers" + ("" if inp.weights == "bf16" else
         "; embeddings, head, router and norms bf16") + (f"; split over TP {inp.tp}" if inp.tp > 1
         else "")),
        ("KV cache", mem.kv_cache, f"{result.batch:,} sequences × {format_bytes(per_token)} per "
         f"token × {held:,.0f} tokens" + (f" × {share:.4g} (this GPU's share)" if share < 1 else "")
         + (f" (mean over the layers: {s.windowed_layers} of {s.layers} keep the last {s.window:,})"
            if 0 < s.windowed_layers < s.layers else "")),
        ("activations", mem.activations, "one layer's, the largest forward"),
        ("allowance", mem.allowance, "CUDA context ≈ 1 GB + 10 % of the tensors"),
        ("peak", mem.peak, ("fits" if result.fits else "does NOT fit")
         + f"; largest batch {result.max_batch:,}"),
    )  # fmt: skip
    for name, value, why in rows:
        print(f"  {name:<11} {format_bytes(value):>12}   {why}")
    print()
    print(_point_line("prefill", result.prefill))
    print(_point_line("decode", result.decode))
    for note in result.notes:
        print(f"note: {note}")
