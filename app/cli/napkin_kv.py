"""``napkinlab napkin kv-cache``: one sequence's KV cache and the decode bound at batch 1."""

from __future__ import annotations

import argparse

from app.cli.options import checked
from app.cli.output import print_json
from core.errors import InputError
from core.validate import positive_float, positive_int

__all__ = ["add_kv_cache", "kv_cache_handler"]

#: The options that describe a model by hand instead of ``--model``.
_BY_HAND = ("layers", "kv_heads", "head_dim", "params")


def add_kv_cache(sub: argparse._SubParsersAction) -> None:
    """Add the ``kv-cache`` question to ``napkin``."""
    from core.inference.kv import KV_DTYPES
    from core.inference.weights import FORMAT_IDS

    p = sub.add_parser(
        "kv-cache",
        help="one sequence's KV cache and the decode bound at batch 1 (bytes per token ÷ bandwidth)",
    )
    p.add_argument("--model", default=None,
                   help="a preset (llama3-8b, llama2-7b, ...) or transformer:...; default "
                   "llama3-8b unless the model is given by hand (--layers, --kv-heads, "
                   "--head-dim, --params)")  # fmt: skip
    p.add_argument("--layers", default=None, type=checked(positive_int, "layers", high=100_000))
    p.add_argument("--kv-heads", default=None, type=checked(positive_int, "kv-heads", high=100_000))
    p.add_argument("--head-dim", default=None, type=checked(positive_int, "head-dim", high=100_000))
    p.add_argument("--params", default=None,
                   type=checked(positive_float, "params", low=1.0, high=1e16),
                   help="parameters N of a model given by hand (its weights: N × 2 bytes, bf16)")  # fmt: skip
    p.add_argument("--tokens", default="8192", type=checked(positive_int, "tokens", high=10_000_000),
                   help="tokens the sequence holds (prompt and output so far)")  # fmt: skip
    p.add_argument("--kv-dtype", default="bf16", choices=tuple(KV_DTYPES), help="KV-cache dtype")
    p.add_argument("--weights", default="bf16", choices=FORMAT_IDS,
                   help="weight format of a --model (block scales counted)")  # fmt: skip
    p.add_argument("--device", default="h100-sxm", help="device id: its datasheet bandwidth")
    p.add_argument("--bandwidth", default=None,
                   type=checked(positive_float, "bandwidth", low=1e6, high=1e16, unit="bytes/s"),
                   help="memory bandwidth instead of the device's (3.35TB/s)")  # fmt: skip
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(handler=kv_cache_handler)


def kv_cache_handler(args: argparse.Namespace) -> int:
    """Answer ``napkin kv-cache``."""
    from core.inference.kv import kv_bytes_per_element
    from core.inference.weights import napkin_inputs
    from core.memory.models import TransformerSpec, parse_model
    from core.napkin.kv_cache import kv_cache
    from core.roofline.hardware import load_catalog

    by_hand = [n for n in _BY_HAND if getattr(args, n) is not None]
    if by_hand and args.model:
        raise InputError("model: give --model or the model by hand (--layers, --kv-heads, "
                         "--head-dim, --params), not both", field="model")  # fmt: skip
    if by_hand:
        missing = [n for n in _BY_HAND if getattr(args, n) is None]
        if missing:
            raise InputError("model by hand: missing " + ", ".join(
                "--" + n.replace("_", "-") for n in missing) + "; give all of --layers, "
                "--kv-heads, --head-dim and --params", field="model")  # fmt: skip
        numbers = {"layers": args.layers, "kv_heads": args.kv_heads, "head_dim": args.head_dim,
                   "latent": 0, "weight_bytes": 2.0 * args.params}  # fmt: skip
        name = "the model given"
    else:
        spec = parse_model(args.model or "llama3-8b")
        if not isinstance(spec, TransformerSpec):
            raise InputError("model: the KV cache needs a transformer; allowed: a preset or "
                             "transformer:...", field="model")  # fmt: skip
        numbers, name = napkin_inputs(spec, args.weights), spec.name
    device = load_catalog().get(args.device)
    bandwidth = args.bandwidth if args.bandwidth is not None else device.bandwidth()
    answer = kv_cache(tokens=args.tokens, bytes_per_element=kv_bytes_per_element(args.kv_dtype),
                      bandwidth=bandwidth, **numbers)  # fmt: skip
    source = "--bandwidth" if args.bandwidth is not None else f"datasheet bandwidth of {device.id}"
    if args.json:
        print_json({**answer.to_dict(), "model": name, "kv_dtype": args.kv_dtype,
                    "bandwidth_source": source, "formula": answer.formula()})  # fmt: skip
        return 0
    from core.units import format_bytes, format_number

    print(f"{format_bytes(answer.sequence_bytes)} of KV cache for one {args.tokens:,}-token "
          f"sequence of {name}; decode at batch 1: at most {format_number(answer.tokens_per_s)} "
          "tokens/s")  # fmt: skip
    print(f"assumed: {source}, {args.kv_dtype} cache, weights read once per token")
    print(answer.formula())
    return 0
