"""``napkinlab step``: one training step traced op by op, predicted on a device, optionally measured."""

from __future__ import annotations

import argparse
from typing import Any

from app.cli.output import print_json, print_warnings, write_csv
from core.step.options import DEFAULTS, HFInputs, step_inputs
from core.units import format_bytes, format_count, format_duration, format_flops
from core.validate import positive_int

__all__ = ["handler", "register"]


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``step``."""
    p = subparsers.add_parser(
        "step",
        help="one training step op by op: FLOPs, bytes, predicted time, MFU and HFU",
        description="Trace one forward, backward and optimizer step on fake tensors (nothing is "
        "allocated), count every aten op's FLOPs and bytes, predict its time on a device by the "
        "roofline (ops summed, no overlap) and, with --measure, run it for real here (a CUDA GPU "
        "where torch sees one, else this CPU).",
    )
    p.add_argument("--model", default=DEFAULTS["model"],
                   help="a preset (gpt2, llama2-7b, ...), mlp:d=..,layers=.., transformer:... "
                   "or a Hugging Face Hub id org/name[@revision], read from the local hub cache")  # fmt: skip
    p.add_argument("--allow-download", action="store_true",
                   help="with a hub id not in the cache: fetch its config.json (never weights)")  # fmt: skip
    p.add_argument("--config", default="", metavar="FILE.json",
                   help="a Hugging Face config.json, read offline (llama, mistral, qwen2, gpt2; any "
                   "other architecture with the extra napkinlab[hf])")  # fmt: skip
    p.add_argument("--batch", default=DEFAULTS["batch"], help="sequences (or MLP rows) per step")
    p.add_argument("--seq", default=DEFAULTS["seq"], help="sequence length (transformers)")
    p.add_argument(
        "--recipe", default=DEFAULTS["recipe"], help="fp32, bf16, amp, fp16 or custom:..."
    )
    p.add_argument("--optimizer", default=DEFAULTS["optimizer"], help="sgd, momentum, adam, adamw…")
    p.add_argument("--checkpoint", default="none", help="none, every, sqrt or K layers/segment")
    p.add_argument("--device", default=DEFAULTS["device"],
                   help="device id (napkinlab devices), or this-machine: the ceilings measured by "
                   "napkinlab bench (see --measurements)")  # fmt: skip
    p.add_argument(
        "--dtype", default="", help="one ceiling for every op (default: each op's dtype)"
    )
    p.add_argument("--upper-bound", action="store_true",
                   help="predict by the roofline (every op at 100 %% of peak or bandwidth) instead "
                   "of the device's calibrated efficiency")  # fmt: skip
    p.add_argument("--measure", action="store_true",
                   help="also run the step for real here (CUDA GPU if present, else CPU) "
                        "under torch.profiler")  # fmt: skip
    p.add_argument("--measurements", default="", metavar="FILE.jsonl",
                   help="benchmark points for the 'This machine' ceilings (default: the app's); a "
                   "CPU --measure is compared with them")  # fmt: skip
    p.add_argument("--gpus", default="1", metavar="N",
                   help="data-parallel GPUs: the step also pays the gradient ring all-reduce over "
                   "the device's interconnect (8 GPUs per node; not overlapped with compute)")  # fmt: skip
    p.add_argument("--top", default="10", help="how many of the slowest ops to list")
    p.add_argument("--depth", default="2", help="module depth of the rollup")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="machine-readable output")
    out.add_argument("--csv", default="", metavar="FILE", help="write the op table as CSV")
    p.set_defaults(handler=handler)


def handler(args: argparse.Namespace) -> int:
    """Answer ``step``."""
    from core.bench.this_machine import measured_machine, not_measured, resolve_device
    from core.step.comm import nodes_for
    from core.step.compare import measured_comparison
    from core.step.predict import predict
    from core.step.trace import trace_config

    inputs = step_inputs(
        measure=args.measure, model=args.model, config=args.config, batch=args.batch,
        seq=args.seq, recipe=args.recipe, optimizer=args.optimizer, checkpoint=args.checkpoint,
        device=args.device, dtype=args.dtype, allow_download=args.allow_download,
    )  # fmt: skip
    top = positive_int(args.top, "top", low=0, high=100_000)
    depth = positive_int(args.depth, "depth", high=64)
    gpus = positive_int(args.gpus, "gpus", high=1_000_000)
    nodes_for(gpus)  # refused before the trace
    device = resolve_device(inputs.device, args.measurements or None)
    if isinstance(inputs, HFInputs):
        return _hf_handler(args, inputs, device, top, depth, gpus)
    config = inputs.config
    if args.measure:
        from core.step.measure import check_fits, measurable

        config = measurable(config)  # trace with the kernels of the device the run is on
        check_fits(config)  # refused before the trace, and before anything is built
    from app.cli.progress import TerminalProgress

    with TerminalProgress("step: tracing on fake tensors") as progress:
        progress(0.0, "")
        trace = trace_config(config, progress=progress)
    trace.notes.extend(inputs.notes)
    model = "roofline" if args.upper_bound else "calibrated"
    pred = predict(trace, device, inputs.dtype, model=model)
    measured = None
    note = ""
    compare: dict[str, Any] = {}
    if args.measure:
        from core.step.measure import measure_config

        measured = measure_config(config, trace)
        machine = measured_machine(args.measurements or None, measured.device)
        compare, note = measured_comparison(trace, pred, measured.seconds, measured.device,
                                            machine, not_measured(args.measurements or None))  # fmt: skip
    report = _report(args, trace, pred, device, gpus, measured.seconds if measured else None,
                     top, depth)  # fmt: skip
    report["model"] = inputs.config.model.to_dict()
    report["inputs"] = inputs.label
    if measured is not None:
        report["measured"] = {
            "step_wall_s": measured.step_s,
            "device": measured.device,
            "matched": measured.matched,
            "ops": len(trace.ops),
            "mismatch": measured.mismatch,
            "compare": compare,
        }
        if note:
            report["measured"]["note"] = note
    return _finish(args, report)


def _report(
    args: argparse.Namespace,
    trace: Any,
    pred: Any,
    device: Any,
    gpus: int,
    measured: Any,
    top: int,
    depth: int,
) -> dict[str, Any]:
    """The report, the CSV written, and the all-reduce added for ``gpus`` > 1."""
    from core.step.comm import step_comm, with_comm
    from core.step.report import ops_csv, step_report, top_ops

    comm = None
    if gpus > 1:
        comm = step_comm(trace, device, gpus)
        pred = with_comm(pred, comm)
    if args.csv:
        write_csv(args.csv, ops_csv(trace, pred, measured))
    report = step_report(trace, pred, measured=measured, top=top, depth=depth, comm=comm)
    report["_text"] = (trace, pred, top_ops(pred, top))
    return report


def _finish(args: argparse.Namespace, report: dict[str, Any]) -> int:
    trace, pred, top = report.pop("_text")
    print_warnings(trace.warnings)
    if args.json:
        print_json(report)
        return 0
    _print_text(report, trace, pred, top)
    if args.csv:
        print(f"op table written to {args.csv}")
    return 0


def _hf_handler(
    args: argparse.Namespace, inputs: HFInputs, device: Any, top: int, depth: int, gpus: int
) -> int:
    """``step --config FILE`` for an architecture that ``transformers`` builds (napkinlab[hf])."""
    from core.step.hf_build import trace_hf_config
    from core.step.predict import predict

    trace = trace_hf_config(inputs.path, batch=inputs.batch, seq=inputs.seq,
                            dtype=inputs.weights, optimizer=inputs.optimizer)  # fmt: skip
    pred = predict(trace, device, inputs.dtype,
                   model="roofline" if args.upper_bound else "calibrated")  # fmt: skip
    report = _report(args, trace, pred, device, gpus, None, top, depth)
    report["model"] = {"kind": "transformers", "config": inputs.path}
    report["inputs"] = (f"{trace.source}, batch {inputs.batch} × seq {inputs.seq}, "
                        f"{inputs.weights} weights, {inputs.optimizer}")  # fmt: skip
    return _finish(args, report)


def _print_text(report: dict[str, Any], trace: Any, pred: Any, top: list[int]) -> None:
    from core.step.kernels import device_op_name

    print(f"{report['source']} — {report['inputs']}")
    print(
        f"traced {len(trace.ops):,} ops in {trace.seconds:.1f} s (fake tensors, nothing allocated)"
    )
    for row in ("params", "grads", "optimizer", "activations"):
        r = report[row]
        print(f"  {row:<11} {r['dtype']:>9}  {format_count(r['elements'], 'elements'):>18}  "
              f"{format_bytes(r['bytes']):>10}")  # fmt: skip
    phases = report["totals"]["phase"]
    for name, r in phases.items():
        print(f"  {name:<9} {format_flops(r['flops']):>14}  {format_duration(r['predicted_s']):>10}"
              f"  ({pred.share(r['predicted_s']):.0%})")  # fmt: skip
    print(f"backward/forward FLOPs: {report['backward_forward_flops']:.2f} (the lecture: ≈ 2)")
    bound = "roofline upper bound" if pred.model == "roofline" else "calibrated"
    print(f"on {pred.device_name} ({bound}): step {format_duration(pred.step_time_s)}, MFU "
          f"{pred.mfu:.1%}, HFU {pred.hfu:.1%} ({report['assumption']})")  # fmt: skip
    if pred.peak_dtype and pred.peak_dtype != pred.compute_dtype:
        print(f"  MFU and HFU against the {pred.peak_dtype} peak: {pred.device_name} has no "
              f"{pred.compute_dtype} peak, and its {pred.compute_dtype} ops are predicted at the "
              f"{pred.peak_dtype} rate")  # fmt: skip
    print(f"  {report['utilization']['mfu']}")
    print(f"  {report['utilization']['hfu']}")
    print(f"  {report['conventions']}")
    print(report["explanation"]["sentence"])
    moe = report["totals"].get("moe")
    if moe:  # a mixture of experts: its parts apart from the dense matmuls
        parts = ", ".join(f"{role} {pred.share(r['predicted_s']):.0%} ({format_flops(r['flops'])})"
                          for role, r in moe.items())  # fmt: skip
        print(f"mixture of experts, share of the step: {parts}")
    comm = report.get("communication")
    if comm:
        print(f"communication: all-reduce {format_duration(comm['time_s'])} "
              f"({comm['share']:.0%} of the step); {comm['assumption']}")  # fmt: skip
    if top:
        print("slowest ops:")
        for i in top:
            op = trace.ops[i]
            name = device_op_name(op.name, pred.kernels, op.dtype)
            print(f"  #{op.index:<6} {op.phase:<9} {op.kind:<12} {name:<28} {op.module:<24} "
                  f"{format_duration(pred.seconds[i]):>10}")  # fmt: skip
    measured = report.get("measured")
    if measured:
        where = "a CUDA GPU" if measured.get("device") == "cuda" else "this CPU"
        print(f"measured on {where}: {format_duration(measured['step_wall_s'])} per step "
              f"({measured['matched']:,} of {measured['ops']:,} ops matched)")  # fmt: skip
        for key, comp in measured["compare"].items():
            print(f"  predicted from {key} ({comp['device_name']}): "
                  f"{format_duration(comp['predicted_s'])}, ratio {comp['ratio']:.2f}")  # fmt: skip
        if measured.get("note"):
            print(f"  {measured['note']}")
