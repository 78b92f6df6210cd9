"""``napkinlab comm``: a collective's time, algbw and busbw on a device, or one DP step's traffic."""

from __future__ import annotations

import argparse

from app.cli.options import checked, refuse_unused
from app.cli.output import print_json
from core.comm import COLLECTIVES, STRATEGIES, dp_step_comm, estimate_collective, normalize_op
from core.comm.algorithms import NO_TRAFFIC
from core.errors import InputError
from core.roofline.hardware import Device, load_catalog, validate_dtype
from core.units import format_bytes, format_duration
from core.validate import fraction, positive_float, positive_int

__all__ = ["handler", "register"]


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``comm --op OP --bytes B --gpus N --device D [--nodes M] [--json]``."""
    parser = subparsers.add_parser(
        "comm",
        help="time, algbw and busbw of a collective (or one data-parallel step) on a device",
        description="A collective on paper: ring factors (all-reduce 2(n-1)/n, all-gather and "
        "reduce-scatter (n-1)/n, broadcast 1) over the slowest link the ring crosses; algbw and "
        "busbw as nccl-tests defines them. all-to-all: --bytes is what each rank sends in all, "
        "its NVLink and network parts at once, busbw = algbw (n-1)/n; also at the calibrated "
        "(achievable) rates with a per-call latency. With --params: the collectives of one "
        "data-parallel step instead.",
    )
    parser.add_argument(
        "--op",
        default="all-reduce",
        type=checked(normalize_op),
        help=f"one of {', '.join(COLLECTIVES)}",
    )
    parser.add_argument(
        "--bytes",
        type=checked(positive_float, "--bytes", high=1e18),
        help="message size in bytes (nccl-tests' size: 1e9, 4G, 4GiB)",
    )
    parser.add_argument(
        "--gpus",
        default="8",
        type=checked(positive_int, "--gpus", high=10**7),
        help="total GPUs (ranks), e.g. 1024",
    )
    parser.add_argument(
        "--nodes",
        default="1",
        type=checked(positive_int, "--nodes", high=10**7),
        help="nodes the GPUs span",
    )
    parser.add_argument("--device", default="h100-sxm", help="device id (napkinlab devices)")
    parser.add_argument(
        "--params",
        type=checked(positive_float, "--params", high=1e16),
        help="data-parallel step of a model with this many parameters",
    )
    parser.add_argument("--strategy", default="ddp", choices=list(STRATEGIES), help="with --params")
    parser.add_argument(
        "--grad-bytes",
        default="2",
        type=checked(positive_float, "--grad-bytes", high=16),
        help="bytes per gradient element (bf16 = 2)",
    )
    parser.add_argument(
        "--compute-s",
        type=checked(positive_float, "--compute-s", high=1e9),
        help="the step's compute time in seconds",
    )
    parser.add_argument(
        "--overlap", action="store_true", help="communication overlaps compute (needs --compute-s)"
    )
    train = parser.add_argument_group(
        "napkin training time with communication (with --params and --tokens)"
    )
    train.add_argument(
        "--tokens",
        type=checked(positive_float, "--tokens", high=1e18),
        help="training tokens D (15e12, 15T)",
    )
    train.add_argument(
        "--batch-tokens",
        default="4M",
        type=checked(positive_float, "--batch-tokens", high=1e18),
        help="tokens per optimizer step",
    )
    train.add_argument(
        "--mfu",
        default="0.5",
        type=checked(fraction, "--mfu"),
        help="model FLOPs utilisation for the compute",
    )
    train.add_argument(
        "--dtype",
        default="bf16",
        type=checked(validate_dtype),
        help="compute dtype whose peak is used",
    )
    fsdp = parser.add_argument_group("FSDP traced with fake ranks (per-rank memory, collectives)")
    fsdp.add_argument(
        "--fsdp-model", metavar="MODEL", help="trace MODEL (gpt2, mlp:d=..,layers=..)"
    )
    fsdp.add_argument(
        "--zero",
        default="3",
        type=checked(positive_int, "--zero", low=2, high=3),
        help="3 (FSDP) or 2 (no reshard after forward)",
    )
    fsdp.add_argument(
        "--batch",
        default="1",
        type=checked(positive_int, "--batch", high=10**6),
        help="sequences per rank",
    )
    fsdp.add_argument(
        "--seq",
        default=None,
        type=checked(positive_int, "--seq", high=10**7),
        help="sequence length (default: the model's)",
    )
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.set_defaults(handler=handler)


#: What each mode reads (anything else given is refused by name).
_ALWAYS = ("gpus", "nodes", "device", "json")
_MODES: dict[str, tuple[str, tuple[str, ...]]] = {
    "fsdp": ("comm --fsdp-model", ("fsdp_model", "zero", "batch", "seq")),
    "training": ("comm --params with --tokens",
                 ("params", "tokens", "batch_tokens", "mfu", "dtype", "strategy", "grad_bytes",
                  "overlap")),
    "step": ("comm --params (one data-parallel step)",
             ("params", "strategy", "grad_bytes", "compute_s", "overlap")),
    "collective": ("comm --bytes (one collective)", ("op", "bytes")),
}  # fmt: skip


def _mode(args: argparse.Namespace) -> str:
    if args.fsdp_model is not None:
        return "fsdp"
    if args.params is not None:
        return "training" if args.tokens is not None else "step"
    return "collective"


def handler(args: argparse.Namespace) -> int:
    """Estimate the collective (or the step) and print it."""
    mode = _mode(args)
    name, used = _MODES[mode]
    refuse_unused(args, used, name, _ALWAYS)
    gpus = positive_int(args.gpus, "--gpus", high=10**7)
    nodes = positive_int(args.nodes, "--nodes", high=10**7)
    device = load_catalog().get(args.device)
    if mode == "fsdp":
        return _fsdp(args, device, gpus, nodes)
    if mode == "training":
        return _training(args, device, gpus, nodes)
    if mode == "step":
        return _step(args, device, gpus, nodes)
    if args.bytes is None:
        raise InputError("--bytes: missing; give the message size (1e9, 4G) or --params")
    estimate = estimate_collective(
        normalize_op(args.op),
        positive_float(args.bytes, "--bytes", high=1e18),
        gpus,
        device,
        nodes,
    )
    achievable = None
    if estimate.op == "all-to-all" and estimate.traffic:
        from core.comm.alltoall import alltoall_estimate
        from core.roofline.achievable import calibration

        achievable = alltoall_estimate(estimate.size, gpus, device, nodes, calibration(device))
    if args.json:
        out = dict(estimate.to_dict(), device=device.id)
        if achievable is not None:
            out["achievable"] = achievable.to_dict()
        print_json(out)
        return 0
    print(
        f"{estimate.op} of {format_bytes(estimate.size, 4)} over {gpus} GPU{'s' * (gpus > 1)} "
        f"({nodes} node{'s' * (nodes > 1)}) on {device.name}"
    )
    if not estimate.traffic:
        print(f"  {NO_TRAFFIC}: time 0 s, no algbw or busbw")
        return 0
    assert estimate.algbw is not None and estimate.busbw is not None
    print(f"  time     {format_duration(estimate.time_s, 4)}")
    print(f"  algbw    {format_bytes(estimate.algbw, 4)}/s   (bytes / time)")
    print(f"  busbw    {format_bytes(estimate.busbw, 4)}/s   (algbw x {estimate.factor:.4g})")
    print(f"  per rank {format_bytes(estimate.bytes_per_rank, 4)} sent")
    for note in estimate.assumptions:
        print(f"  - {note}")
    if achievable is not None:
        assert achievable.busbw is not None
        print("achievable (calibrated fractions, with latency):")
        print(f"  time     {format_duration(achievable.time_s, 4)}")
        print(f"  busbw    {format_bytes(achievable.busbw, 4)}/s")
        for note in achievable.assumptions[2:]:
            print(f"  - {note}")
    return 0


def _step(args: argparse.Namespace, device: Device, gpus: int, nodes: int) -> int:
    compute = positive_float(args.compute_s, "--compute-s", high=1e9) if args.compute_s else None
    step = dp_step_comm(
        positive_float(args.params, "--params", high=1e16),
        device,
        gpus,
        nodes=nodes,
        strategy=args.strategy,
        grad_bytes=positive_float(args.grad_bytes, "--grad-bytes", high=16),
        param_bytes=positive_float(args.grad_bytes, "--grad-bytes", high=16),
        compute_s=compute,
        overlapped=args.overlap,
    )
    if args.json:
        print_json(dict(step.to_dict(), device=device.id))
        return 0
    print(f"{step.strategy} step over {gpus} GPU{'s' * (gpus > 1)} ({nodes} node(s)), per rank:")
    for estimate, count in step.collectives:
        print(
            f"  {count} x {estimate.op:<15} {format_bytes(estimate.size, 4):>10}  "
            f"{format_duration(estimate.time_s, 4):>10} each"
        )
    print(f"  communication {format_duration(step.time_s, 4)} per step", end="")
    print(f", exposed {format_duration(step.exposed_s, 4)}" if step.overlapped else "")
    for note in step.assumptions:
        print(f"  - {note}")
    return 0


def _training(args: argparse.Namespace, device: Device, gpus: int, nodes: int) -> int:
    from core.comm.training import train_time_with_comm
    from core.napkin.training import train_time

    params = positive_float(args.params, "--params", high=1e16)
    tokens = positive_float(args.tokens, "--tokens", high=1e18)
    compute = train_time(params, tokens, gpus, device.peak(args.dtype), args.mfu)
    answer = train_time_with_comm(
        compute.seconds,
        params,
        tokens,
        positive_float(args.batch_tokens, "--batch-tokens", high=1e18),
        device,
        gpus,
        nodes=nodes,
        strategy=args.strategy,
        grad_bytes=positive_float(args.grad_bytes, "--grad-bytes", high=16),
        overlapped=args.overlap,
    )
    if args.json:
        print_json(dict(answer.to_dict(), device=device.id, mfu=compute.mfu))
        return 0
    print(f"compute        {compute.summary()}")
    if answer.step.collectives[0][0].traffic:
        print(f"communication  +{answer.comm_added_s / 86400:.4g} days over {answer.steps:.4g} "
              "steps")  # fmt: skip
    else:
        print("communication  none (one GPU: no traffic)")
    print(f"total          {answer.total_s / 86400:.4g} days")
    print(f"  - {answer.assumption}")
    for note in answer.step.assumptions[1:]:
        print(f"  - {note}")
    return 0


def _fsdp(args: argparse.Namespace, device: Device, gpus: int, nodes: int) -> int:
    from core.comm.dp import traced_step_comm
    from core.memory.estimate import MemoryConfig
    from core.memory.fsdp_trace import MAX_WORLD, compare, trace_fsdp
    from core.memory.models import parse_model

    zero = positive_int(args.zero, "--zero", low=2, high=3)
    cfg = MemoryConfig(
        model=parse_model(args.fsdp_model),
        batch=positive_int(args.batch, "--batch", high=10**6),
        seq=positive_int(args.seq, "--seq", high=10**7) if args.seq else None,
        zero=zero,
        gpus=gpus,
    )
    if gpus > MAX_WORLD:
        raise InputError(f"--gpus: {gpus} ranks cannot be traced; allowed: 1 to {MAX_WORLD}")
    from app.cli.progress import TerminalProgress

    with TerminalProgress("comm") as progress:
        progress(0.0, "")
        trace = trace_fsdp(cfg, gpus, progress=progress)
    rows = compare(trace, cfg)
    timed = traced_step_comm(trace.collectives, device, gpus, nodes=nodes)
    comm_s = sum(e.time_s for e, _ in timed)
    if args.json:
        out = trace.to_dict() | {
            "versus_formula": rows,
            "comm": [dict(e.to_dict(), calls=k) for e, k in timed],
            "comm_time_s": comm_s,
            "device": device.id,
        }
        print_json(out)
        return 0
    print(f"FSDP (ZeRO-{zero}) of {args.fsdp_model} over {gpus} fake ranks, traced in "
          f"{trace.seconds:.1f} s; rank 0:")  # fmt: skip
    print(f"  peak {format_bytes(trace.peak, 4)}: " + ", ".join(
        f"{k} {format_bytes(v, 3)}" for k, v in sorted(trace.at_peak.items(), key=lambda kv: -kv[1])
    ))  # fmt: skip
    for row in rows:
        why = f"  ({row['why']})" if row["why"] else ""
        print(f"  {row['category']:<10} traced {format_bytes(row['traced'], 4):>10}  formula "
              f"{format_bytes(row['formula'], 4):>10}  gap {row['gap']:+.1%}{why}")  # fmt: skip
    for estimate, calls in timed:
        print(f"  {calls} x {estimate.op}: {format_bytes(estimate.size, 4)} in all, "
              f"{format_duration(estimate.time_s, 4)} on {device.name}")  # fmt: skip
    print(f"  communication per step {format_duration(comm_s, 4)} (not overlapped)")
    return 0
