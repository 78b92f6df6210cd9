"""How fast the plan searches: 70B on 1,024 H100, 405B on 16,384 H100, and a mixture of experts
(Qwen3-235B-A22B on 256 H100, EP and ETP searched too: issue 40's target ≤ 3 s after the trace).

Run: ``python benchmarks/plan.py`` from the repository root. Prints, for each case, the layouts
enumerated and fitting, the time to trace the model's shape (two one-layer-wide traces, once per
shape), the search time with the traces cached (a device or GPU-count change re-plans this fast),
and the ratio to the issue's target (≤ 2 s for 70B on 1,024 GPUs, ≤ 10 s for 405B on 16,384, on a
2-core machine), then the machine's load (``os.getloadavg``), since other processes share the
cores. torch is imported before the clock starts; the traces are made, not read from the plan's
trace folder.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from core.memory.models import TransformerSpec, preset  # noqa: E402
from core.plan import Cluster, Implementation, PlanInput, context, search  # noqa: E402
from core.roofline.hardware import load_catalog  # noqa: E402

LLAMA3_405B = TransformerSpec("llama3-405b", 128256, 16384, 126, 128, 8, 53248, gated=True,
                              tied=False, seq=8192)  # fmt: skip


def _case(name: str, inp: PlanInput, target: float) -> None:
    started = time.perf_counter()
    context(inp)
    traced = time.perf_counter() - started
    stats: dict[str, int] = {}
    started = time.perf_counter()
    best = search(inp, top=5, stats=stats)[0]
    warm = time.perf_counter() - started
    print(f"{name}: {stats['layouts']:,} layouts, {stats['fit']:,} fit; trace {traced:.2f} s (once "
          f"per shape); search {warm:.2f} s = {warm / target:.2f} × the {target:g} s target; "
          f"cold (trace + search) {traced + warm:.2f} s")  # fmt: skip
    print(f"  best: {best.summary()}; limits: {best.limits}")


def main() -> int:
    import tempfile

    import torch  # noqa: F401  (imported before timing: the CLI pays it once per process)

    # the traces timed cold: an empty folder for the layer traces the plan keeps on disk
    # (core.plan.trace_store), which would otherwise answer a shape traced by an earlier run
    os.environ["NAPKINLAB_PLAN_TRACE_DIR"] = tempfile.mkdtemp(prefix="napkinlab-plan-traces-")

    h100 = load_catalog().get("h100-sxm")
    _case("llama2-70b, seq 4,096, 1,024 sequences, 1,024 × H100",
          PlanInput(preset("llama2-70b"), 4096, 1024, Cluster(h100, 1024)), 2.0)  # fmt: skip
    _case("llama3-405b, seq 8,192, 2,048 sequences, 16,384 × H100 (uneven stages allowed)",
          PlanInput(LLAMA3_405B, 8192, 2048, Cluster(h100, 16384),
                    implementation=Implementation(uneven_stages=True)), 10.0)  # fmt: skip
    _case("llama3-405b, seq 8,192, 2,048 sequences, 16,384 × H100 (pp dividing the layers)",
          PlanInput(LLAMA3_405B, 8192, 2048, Cluster(h100, 16384)), 10.0)  # fmt: skip
    _case("qwen3-235b-a22b, seq 4,096, 1,024 sequences, 256 × H100 (EP and ETP searched)",
          PlanInput(preset("qwen3-235b-a22b"), 4096, 1024, Cluster(h100, 256)), 3.0)  # fmt: skip
    load = os.getloadavg()
    print(f"load average: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
