"""The plan's DeepSeek-V3 layer beside DeepSeek's own training profile, per op.

The profile is ``train.json`` of deepseek-ai/profile-data: one DualPipe pair of 4-layer chunks (a
forward and a backward of two micro-batches) at DeepSeek-V3's pre-training layout (EP 64, TP 1,
4,096 tokens) on an H800, a PyTorch profiler trace. It is not in this repository; pass its path:

    python benchmarks/deepseek_profile.py path/to/train.json

Prints, per layer and micro-batch (forward and backward with the recomputed modules), the
profile's kernel time of the flash attention forward, its backward (with its pre- and
post-processing kernels), the GEMMs (the CUTLASS FP8 kernels and cuBLAS's BF16 ones), the compute
streams' busy time (their kernels' union) and the communication stream's kernel time, beside the
plan's figures for the DeepSeek-V3 report's run (``resources/published_moe_runs.json``, planned as
``napkinlab plan --published --group moe`` plans it). The plan's layer is ``layer_fwd +
layer_bwd`` with the recomputation spread over the step's layer passes.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

#: Layers in each of the profile's two chunks (the profile-data README).
LAYERS = 4
#: The profile's compute streams and its communication stream (DeepEP's kernels).
COMPUTE_STREAMS = (7, 23)
COMM_STREAM = 27


def _union(spans: list[tuple[float, float]]) -> float:
    """Microseconds covered by at least one of ``spans``."""
    busy, current = 0.0, None
    for start, end in sorted(spans):
        if current is None or start > current[1]:
            if current is not None:
                busy += current[1] - current[0]
            current = [start, end]
        else:
            current[1] = max(current[1], end)
    return busy + (current[1] - current[0] if current else 0.0)


def profile_per_layer(path: Path) -> dict[str, float]:
    """Milliseconds per layer and micro-batch of the profile's kernels, by kind."""
    trace = json.loads(path.read_text("utf-8"))
    kernels = [e for e in trace["traceEvents"] if e.get("cat") == "kernel"]

    def total(pick: Callable[[str], bool]) -> float:
        return sum(e["dur"] for e in kernels if pick(e["name"])) / 1e3 / LAYERS

    def flash(name: str) -> bool:
        return "flash" in name.lower()

    def gemm(name: str) -> bool:  # DeepSeek's CUTLASS FP8 kernels and cuBLAS's BF16 ones
        return ("cutlass::device_kernel" in name and not flash(name)) or "xmma_gemm" in name

    out = {
        "attention forward": total(lambda n: flash(n) and "compute_attn" in n),
        "attention backward": total(lambda n: flash(n) and "compute_attn" not in n),
        "GEMMs": total(gemm),
    }
    compute = [(e["ts"], e["ts"] + e["dur"]) for e in kernels if e["tid"] in COMPUTE_STREAMS]
    out["whole layer (compute streams busy)"] = _union(compute) / 1e3 / LAYERS
    out["communication kernels (resident)"] = (
        sum(e["dur"] for e in kernels if e["tid"] == COMM_STREAM) / 1e3 / LAYERS
    )
    return out


def plan_per_layer() -> dict[str, float]:
    """The plan's milliseconds per layer and micro-batch for the report's run."""
    from core.plan.inputs import Layout, check_layout
    from core.plan.model import context, evaluate
    from core.plan.published_moe import load_moe_runs, moe_run_input

    run = next(r for r in load_moe_runs() if r["id"].startswith("deepseek-v3-report"))
    inp, _c, _applied = moe_run_input(run)
    layout = check_layout(inp, Layout(tp=1, pp=16, vpp=1, cp=1, sp=False, zero=1, micro_batch=1,
                                      recompute="none", ep=64, etp=1))  # fmt: skip
    ev = evaluate(context(inp), layout)
    m = ev.micro
    passes = ev.micro_batches * inp.model.layers / layout.pp  # layer passes a GPU runs per step
    recompute = ev.breakdown.get("recompute", 0.0) / passes
    return {
        "attention forward": m.attn_fwd * 1e3,
        "attention backward": m.attn_bwd * 1e3,
        "GEMMs": m.layer_gemm * 1e3,
        "whole layer (compute streams busy)": (m.layer_fwd + m.layer_bwd + recompute) * 1e3,
        "communication kernels (resident)": float("nan"),
    }


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__)
        return 2
    measured = profile_per_layer(Path(argv[0]))
    planned = plan_per_layer()
    print("DeepSeek-V3 on H800, per layer and micro-batch (4,096 tokens), forward + backward")
    print(f"{'':38s} {'profile':>10s} {'plan':>10s} {'plan/profile':>13s}")
    for key, value in measured.items():
        mine = planned[key]
        ratio = f"{mine / value:13.2f}" if mine == mine and value else f"{'':>13s}"
        shown = f"{mine:8.2f} ms" if mine == mine else f"{'—':>10s}"
        print(f"{key:38s} {value:7.2f} ms {shown} {ratio}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
