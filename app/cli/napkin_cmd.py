"""``napkinlab napkin``: training time, largest model that fits, and the inverse questions.

Every answer says what it assumed: the device, the dtype whose dense peak was used (or the peak
given with ``--peak``) and the MFU, as a line of text and as JSON fields.

A mixture of experts trains on 6·N_active·D: ``--active-params`` (with ``--params`` the total) or
``--model`` (a preset such as deepseek-v3, or ``transformer:...,experts=E,top_k=K,moe_ffn=F``)
gives both counts; JSON carries ``params_total`` and ``params_active`` (``params`` stays the N of
6·N·D).
"""

from __future__ import annotations

import argparse
from typing import Any

from app.cli.output import print_json
from core import napkin
from core.napkin.tensor import tensor_memory
from core.roofline.hardware import capacity_text, load_catalog, validate_dtype
from core.roofline.utilization import MFU_DEFINITION
from core.units import format_bytes, format_count, format_duration, format_flop_rate, format_percent

__all__ = ["register"]


def _assumed(args: argparse.Namespace) -> dict[str, Any]:
    """The device, dtype, peak and MFU an answer rests on (validated; ``mfu`` absent if unused)."""
    device = load_catalog().get(args.device)
    args.dtype = validate_dtype(args.dtype)  # checked (and spelled as an id) even with --peak
    if args.peak is not None:
        peak, source = napkin.VALIDATORS["peak"](args.peak), "--peak"
    else:
        peak, source = device.peak(args.dtype), f"dense {args.dtype} peak of {device.id}"
    assumed: dict[str, Any] = {
        "device": device.id,
        "device_name": device.name,
        "dtype": args.dtype,
        "peak_flops": peak,
        "peak_source": source,
    }
    if getattr(args, "mfu", None) is not None:
        assumed["mfu"] = napkin.VALIDATORS["mfu"](args.mfu)
    return assumed


def _assumed_text(assumed: dict[str, Any]) -> str:
    """``assumed: H100 SXM5 (h100-sxm), bf16 dense peak 989.5 TFLOP/s per GPU, MFU 50%``."""
    peak = format_flop_rate(assumed["peak_flops"])
    parts = [f"{assumed['device_name']} ({assumed['device']})"]
    if assumed["peak_source"] == "--peak":
        parts.append(f"peak {peak} per GPU (--peak)")
    else:
        parts.append(f"{assumed['dtype']} dense peak {peak} per GPU")
    if "mfu" in assumed:
        parts.append(f"MFU {format_percent(assumed['mfu'])}")
    return "assumed: " + ", ".join(parts)


def _counts(args: argparse.Namespace) -> tuple[float, float | None]:
    """``(N of 6·N·D, total or None)`` from ``--params``/``--active-params`` or ``--model``."""
    from core.errors import InputError
    from core.memory.models import TransformerSpec, parse_model

    model = getattr(args, "model", None)
    if model:
        if args.params is not None or args.active_params is not None:
            raise InputError(
                "params: give --model or --params (with --active-params), not both", field="params"
            )
        spec = parse_model(model)
        if isinstance(spec, TransformerSpec) and spec.is_moe:
            return float(spec.params_active), float(spec.params_total)
        return float(spec.param_count), None
    if args.params is None:
        raise InputError(
            "params: missing; allowed: --params N (70e9, 70B), with --active-params for a "
            "mixture of experts, or --model NAME (a preset: napkinlab memory --help lists them)",
            field="params",
        )
    return napkin.split_params(args.params, args.active_params)


def _param_fields(n: float, total: float | None) -> dict[str, float]:
    return {"params_total": n if total is None else total, "params_active": n}


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``napkin train-time|max-params|gpus-needed|mfu-needed|tokens|tensor|kv-cache``."""
    parser = subparsers.add_parser("napkin", help="back-of-envelope training math (6·N·D)")
    sub = parser.add_subparsers(dest="question", metavar="QUESTION", required=True)

    def counts(p: argparse.ArgumentParser) -> None:
        p.add_argument("--params", default=None,
                       help="parameters N (70e9, 70B); a mixture of experts' total")  # fmt: skip
        p.add_argument("--active-params", default=None,
                       help="a mixture of experts' active parameters per token (37B): the N of "
                       "6·N_active·D")  # fmt: skip
        p.add_argument("--model", default=None,
                       help="take both counts from a model (a preset such as mixtral-8x7b or "
                       "deepseek-v3, or transformer:...) instead of --params")  # fmt: skip

    def common(p: argparse.ArgumentParser, gpus: bool = True) -> None:
        p.add_argument("--device", default="h100-sxm", help="device id (napkinlab devices)")
        p.add_argument("--dtype", default="bf16", help="compute dtype whose dense peak is used")
        p.add_argument("--peak", default=None, help="override the peak FLOP/s per GPU")
        if gpus:
            p.add_argument("--gpus", default="1024", help="number of GPUs")
        p.add_argument("--json", action="store_true", help="machine-readable output")

    p = sub.add_parser("train-time", help="how long 6·N·D takes")
    counts(p)
    p.add_argument("--tokens", required=True, help="tokens D (15e12, 15T)")
    p.add_argument("--mfu", default="0.5",
                   help="model FLOPs utilisation (0.5 or 50%%) of the model FLOPs 6·N·D (no "
                   "recomputation)")  # fmt: skip
    common(p)
    p.set_defaults(handler=train_time)

    p = sub.add_parser("max-params", help="largest model whose training state fits")
    p.add_argument("--gpus", default="8", help="number of GPUs")
    p.add_argument("--device", default="h100-sxm", help="device id (its memory is used)")
    p.add_argument("--memory", default=None,
                   help="override memory per GPU in bytes (80e9, 80G, 80GB, 80GiB)")  # fmt: skip
    group = p.add_mutually_exclusive_group()
    group.add_argument("--bytes-per-param", default=None, help="bytes per parameter (12)")
    group.add_argument(
        "--recipe",
        default=None,
        help=f"one of: {', '.join(napkin.RECIPES)} (the memory and plan commands' names, with "
        "AdamW; default bf16; the earlier "
        f"{', '.join(napkin.RECIPE_ALIASES)} still read)",
    )
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(handler=max_params)

    p = sub.add_parser("gpus-needed", help="GPUs to finish within a deadline")
    counts(p)
    p.add_argument("--tokens", required=True, help="tokens D (15e12, 15T)")
    p.add_argument("--days", required=True, help="the deadline in days")
    p.add_argument("--mfu", default="0.5", help="model FLOPs utilisation (0.5 or 50%%)")
    common(p, gpus=False)
    p.set_defaults(handler=gpus_needed)

    p = sub.add_parser("mfu-needed", help="MFU needed to finish within a deadline")
    counts(p)
    p.add_argument("--tokens", required=True, help="tokens D (15e12, 15T)")
    p.add_argument("--days", required=True, help="the deadline in days")
    common(p)
    p.set_defaults(handler=mfu_needed)

    p = sub.add_parser("tensor", help="memory of one tensor: elements × bytes per element")
    p.add_argument("--shape", required=True, help="e.g. 4,8 or 12288*4,12288 ('' = a scalar)")
    p.add_argument("--dtype", default="fp32",
                   help="element dtype (fp32 or float32, bf16 or bfloat16, fp8, fp4, ...)")  # fmt: skip
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(handler=tensor)

    from app.cli.napkin_checkpoint import add_checkpoint

    add_checkpoint(sub)

    p = sub.add_parser("tokens", help="tokens a GPU-time budget buys")
    counts(p)
    p.add_argument("--days", required=True, help="days of the GPUs' time")
    p.add_argument("--mfu", default="0.5", help="model FLOPs utilisation (0.5 or 50%%)")
    common(p)
    p.set_defaults(handler=tokens)

    from app.cli.napkin_kv import add_kv_cache

    add_kv_cache(sub)
    p = sub.add_parser("compute-optimal",
                       help="compute-optimal tokens for a size, or the size for a FLOP budget "
                       "(Hoffmann et al. 2022)")  # fmt: skip
    given = p.add_mutually_exclusive_group(required=True)
    given.add_argument("--params", help="parameters N (70e9, 70B)")
    given.add_argument("--flops", help="training FLOP budget C (5.76e23)")
    p.add_argument("--tokens-per-param", default="20",
                   help="tokens per parameter (default 20: Chinchilla, Table 3)")  # fmt: skip
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(handler=compute_optimal)

    p = sub.add_parser("cost", help="a run's cost, energy (MWh) and emissions from its GPU-hours")
    p.add_argument("--gpu-hours", required=True, help="GPU-hours of the run (1.08e6)")
    p.add_argument("--device", default="h100-sxm", help="device id whose TDP is the GPU power")
    p.add_argument("--price", default=None, help="price per GPU-hour (default 2.50)")
    p.add_argument("--power", default=None, help="GPU power in W (default: the device's TDP)")
    p.add_argument("--overhead", default=None,
                   help="node overhead: node energy over GPU energy (default 1.59, BLOOM)")  # fmt: skip
    p.add_argument("--pue", default=None, help="data-centre PUE (default 1.10)")
    p.add_argument("--grid", default=None,
                   help="grid intensity in gCO2e/kWh (default 57, the BLOOM paper's French grid)")  # fmt: skip
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(handler=cost)


def train_time(args: argparse.Namespace) -> int:
    """Answer ``napkin train-time``."""
    assumed = _assumed(args)
    n, total = _counts(args)
    answer = napkin.train_time(
        n, args.tokens, args.gpus, assumed["peak_flops"], assumed["mfu"], params_total=total
    )
    if args.json:
        print_json({**assumed, **answer.to_dict(), "formula": answer.formula()})
    else:
        print(
            f"{format_duration(answer.seconds)} on {answer.gpus:,} × {assumed['device_name']} "
            f"({args.dtype}, MFU {format_percent(answer.mfu)}; HFU {format_percent(answer.hfu)}, "
            f"{format_percent(answer.hfu_full_recompute)} with full recomputation)"
        )
        print(f"  {MFU_DEFINITION}")
        print(_assumed_text(assumed))
        print(answer.formula())
    return 0


def max_params(args: argparse.Namespace) -> int:
    """Answer ``napkin max-params``."""
    device = load_catalog().get(args.device)
    memory = device.memory_bytes if args.memory is None else args.memory
    if args.bytes_per_param is not None:
        bpp: object = args.bytes_per_param
    else:
        bpp = napkin.recipe(args.recipe or "bf16")
    answer = napkin.max_params(args.gpus, memory, bpp)
    source = "--memory" if args.memory is not None else f"memory of {device.id}"
    if args.json:
        print_json(
            {
                **answer.to_dict(),
                "device": device.id,
                "device_name": device.name,
                "memory_source": source,
                "counts": str(napkin.TOTAL_NOTE),
                "formula": answer.formula(),
            }
        )
    else:
        print(f"{format_count(answer.params, 'params')} on {answer.gpus:,} × {device.name}")
        print(f"  {napkin.TOTAL_NOTE}")
        print(
            f"assumed: {device.name} ({device.id}), "
            + (
                f"{format_bytes(answer.memory_bytes)} per GPU (--memory)"
                if args.memory is not None
                else f"{capacity_text(device)} per GPU: the datasheet's, as the lecture"
            )
            + ", activations excluded"
        )
        print(answer.formula())
    return 0


def _print_budget(
    args: argparse.Namespace,
    key: str,
    answer: napkin.BudgetAnswer,
    assumed: dict[str, Any],
    counts: tuple[float, float | None],
) -> int:
    if args.json:
        print_json(
            {
                **assumed,
                **_param_fields(*counts),
                key: answer.value,
                "feasible": answer.feasible,
                "note": answer.note,
                "formula": answer.formula,
            }
        )
    else:
        print(_assumed_text(assumed))
        print(answer.formula)
        if answer.note:
            print(f"note: {answer.note}")
    return 0


def gpus_needed(args: argparse.Namespace) -> int:
    """Answer ``napkin gpus-needed``."""
    a = _assumed(args)
    n = _counts(args)
    answer = napkin.gpus_needed(n[0], args.tokens, args.days, a["peak_flops"], a["mfu"])
    return _print_budget(args, "gpus", answer, a, n)


def mfu_needed(args: argparse.Namespace) -> int:
    """Answer ``napkin mfu-needed`` (the MFU is the answer, so none is assumed)."""
    a = _assumed(args)
    n = _counts(args)
    answer = napkin.mfu_needed(n[0], args.tokens, args.gpus, args.days, a["peak_flops"])
    return _print_budget(args, "mfu", answer, a, n)


def tokens(args: argparse.Namespace) -> int:
    """Answer ``napkin tokens``."""
    a = _assumed(args)
    n = _counts(args)
    answer = napkin.tokens_in_budget(n[0], args.gpus, args.days, a["peak_flops"], a["mfu"])
    return _print_budget(args, "tokens", answer, a, n)


def tensor(args: argparse.Namespace) -> int:
    """Answer ``napkin tensor``."""
    answer = tensor_memory(args.shape, args.dtype)
    if args.json:
        print_json({**answer.to_dict(), "formula": answer.formula()})
    else:
        print(answer.summary())
        print(answer.formula())
    return 0


def compute_optimal(args: argparse.Namespace) -> int:
    """Answer ``napkin compute-optimal``."""
    from core.napkin.scaling import CHINCHILLA_SOURCE
    from core.napkin.scaling import compute_optimal as optimal

    answer = optimal(params=args.params, flops=args.flops, ratio=args.tokens_per_param)
    if args.json:
        print_json(answer.to_dict())
    else:
        print(answer.summary())
        print(f"rule: {answer.rule}")
        print(f"source: {CHINCHILLA_SOURCE}")
        print(answer.formula())
    return 0


def cost(args: argparse.Namespace) -> int:
    """Answer ``napkin cost``."""
    from core.errors import InputError
    from core.napkin.cost import DEFAULTS, SOURCES, run_cost

    sources = {key: str(text) for key, text in SOURCES.items()}
    power: object = args.power
    if power is None:
        device = load_catalog().get(args.device)
        if device.tdp_w is None:
            raise InputError(
                f"--device {device.id}: no TDP in the database; give --power (watts per GPU)"
            )
        power, sources["power"] = device.tdp_w, f"TDP of {device.id} ({device.name})"
    picked = {key: getattr(args, key) for key in ("price", "overhead", "pue", "grid")}
    for key, value in picked.items():
        if value is not None:
            sources[key] = f"--{key}"
    if args.power is not None:
        sources["power"] = "--power"
    answer = run_cost(
        args.gpu_hours, power, **{k: (DEFAULTS[k] if v is None else v) for k, v in picked.items()}
    )
    if args.json:
        print_json({**answer.to_dict(), "sources": sources})
    else:
        print(
            f"{answer.cost:,.0f} at {answer.price:g} per GPU-hour; {answer.energy_mwh:,.4g} MWh; "
            f"{answer.emissions_t:,.4g} t CO2e"
        )
        print(answer.formula())
        for key, text in sources.items():
            print(f"  {key}: {text}")
    return 0
