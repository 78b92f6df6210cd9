"""``napkinlab napkin checkpoint``: the bytes of a resumable checkpoint, per rank, and the seconds
to write it (:mod:`core.checkpoint.size`)."""

from __future__ import annotations

import argparse

from app.cli.output import print_json

__all__ = ["add_checkpoint", "checkpoint"]


def add_checkpoint(sub: argparse._SubParsersAction) -> None:
    """Add ``napkin checkpoint`` to ``napkin``'s subcommands."""
    p = sub.add_parser("checkpoint", help="bytes of a resumable checkpoint and seconds to write it")
    p.add_argument("--model", default="gpt2",
                   help="a preset (gpt2, llama2-70b, ...), transformer:d=..,layers=..,heads=.. or "
                   "mlp:d=..,layers=..")  # fmt: skip
    p.add_argument("--recipe", default="bf16", help="fp32, bf16, amp, fp16 or custom:...")
    p.add_argument("--optimizer", default="adamw", help="sgd, momentum, adam, adamw, ...")
    p.add_argument("--gpus", default="1", help="ranks that write it")
    p.add_argument("--zero", default="0", help="ZeRO stage 0-3 (3: FSDP)")
    p.add_argument("--tp", default="1", help="tensor-parallel GPUs")
    p.add_argument("--pp", default="1", help="pipeline stages")
    p.add_argument("--storage-bw", default=None, metavar="GB/s",
                   help="storage bandwidth of all ranks together: 200GB/s, 200G or 2e11 (default: "
                   "the GPUs' share of Llama 3's 2 TB/s for 16,384 GPUs, 122 MB/s per GPU)")  # fmt: skip
    p.add_argument("--writer", default="dcp",
                   help="dcp (torch.distributed.checkpoint: a file per rank and a metadata file) "
                   "or torch.save (one file, the lecture's dictionary)")  # fmt: skip
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(handler=checkpoint)


def checkpoint(args: argparse.Namespace) -> int:
    """Answer ``napkin checkpoint``."""
    from core.checkpoint import checkpoint_size, storage_bw_from
    from core.memory.models import parse_model
    from core.memory.recipes import optimizer, parse_recipe

    spec = parse_model(args.model)
    rec, opt = parse_recipe(args.recipe), optimizer(args.optimizer)
    bw = storage_bw_from(args.storage_bw)
    size = checkpoint_size(spec, rec, opt, gpus=args.gpus, tp=args.tp, pp=args.pp,
                           zero=args.zero, writer=str(args.writer).strip().lower())  # fmt: skip
    if args.json:
        print_json({**size.to_dict(bw), "model": spec.name, "recipe": rec.id,
                    "optimizer": opt.id, "formula": size.formula(rec, opt, bw)})  # fmt: skip
        return 0
    print(size.formula(rec, opt, bw))
    return 0
