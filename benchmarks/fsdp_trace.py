"""Performance: trace gpt2 under FSDP (ZeRO-3) with 8 fake ranks; target under 15 s on this machine.

Prints the wall time (torch already imported, as in the app after warm-up) of :func:`core.memory.fsdp_trace.trace_fsdp` (process group, mesh, model on
fake tensors, two steps under FSDPMemTracker) and rank 0's peak; exit 1 above the target.

    PYTHONPATH=. python benchmarks/fsdp_trace.py [--model gpt2] [--gpus 8] [--seq 128]
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.memory.estimate import MemoryConfig
from core.memory.fsdp_trace import trace_fsdp
from core.memory.models import parse_model


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default="gpt2")
    parser.add_argument("--gpus", type=int, default=8)
    parser.add_argument("--seq", type=int, default=128)
    parser.add_argument("--target", type=float, default=15.0)
    args = parser.parse_args()
    cfg = MemoryConfig(model=parse_model(args.model), batch=1, seq=args.seq, zero=3, gpus=args.gpus)
    started = time.perf_counter()
    importlib.import_module("torch.distributed._tools.fsdp2_mem_tracker")  # torch, once

    imports = time.perf_counter() - started
    started = time.perf_counter()
    trace = trace_fsdp(cfg, args.gpus)
    wall = time.perf_counter() - started
    print(f"{args.model} FSDP x{args.gpus}: traced in {wall:.1f} s (target < {args.target:g} s; "
          f"importing torch first took {imports:.1f} s); rank 0 peak {trace.peak / 1e6:.1f} MB")  # fmt: skip
    return 0 if wall < args.target else 1


if __name__ == "__main__":
    sys.exit(main())
