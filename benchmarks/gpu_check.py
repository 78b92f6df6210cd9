"""GPU check (prepared for a CUDA machine): the quick suite, then the runner against triton's do_bench.

1. Runs the quick suite on CUDA (MFU against the catalog entry matching the GPU's name) and prints
   every point; points are appended to ``$OUT/gpu_quick.jsonl`` when ``$OUT`` is set.
2. bf16 matmul 8192³ and a 1 GiB copy: the runner's median against
   ``triton.testing.do_bench(fn, quantiles=[0.5])`` on the same call and shapes (random inputs).
   Target: within 5%. Prints matmul TFLOP/s, copy TB/s and % of the datasheet.

Exit 0 when both comparisons are within 5%, 1 when one is not, 2 without CUDA or triton.

    PYTHONPATH=. python benchmarks/gpu_check.py
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

GIB = 1 << 30


def _do_bench_matmul(do_bench, n: int) -> float:
    import torch

    a = torch.randn(n, n, dtype=torch.bfloat16, device="cuda")
    b = torch.randn(n, n, dtype=torch.bfloat16, device="cuda")
    c = torch.empty(n, n, dtype=torch.bfloat16, device="cuda")
    return float(do_bench(lambda: torch.mm(a, b, out=c), quantiles=[0.5])) / 1e3


def _do_bench_copy(do_bench, elems: int) -> float:
    import torch

    src = torch.randn(elems, device="cuda")
    dst = torch.empty_like(src)
    return float(do_bench(lambda: dst.copy_(src), quantiles=[0.5])) / 1e3


def main() -> int:
    import torch

    if not torch.cuda.is_available():
        print("gpu_check: no CUDA device; nothing to check", file=sys.stderr)
        return 2
    try:
        from triton.testing import do_bench
    except ImportError:
        print("gpu_check: triton is not installed; cannot compare with do_bench", file=sys.stderr)
        return 2

    from core.bench.measurements import MeasurementWriter
    from core.bench.suites import Case, build_suite, device_name, run_case, run_suite
    from core.bench.this_machine import match_hardware
    from core.roofline.hardware import load_catalog

    catalog = load_catalog()
    name = device_name("cuda")
    match = match_hardware(name, catalog)
    ref = catalog.get(match) if match else None
    print(f"GPU: {name}; datasheet entry: {ref.name if ref else 'none'}; torch {torch.__version__}")

    out = os.environ.get("OUT")
    writer = MeasurementWriter(Path(out) / "gpu_quick.jsonl") if out else None
    cases = build_suite("quick", "cuda")
    start = time.perf_counter()
    for o in run_suite(cases, "cuda", reference=ref):
        if o.point is None:
            print(f"  [{o.index + 1}/{o.total}] skipped: {o.error}")
            continue
        p = o.point
        if writer is not None:
            writer.write(p)
        mfu = f" MFU {p['mfu']:.0%}" if p["mfu"] is not None else ""
        bw = f" BW {p['bw_util']:.0%}" if p["bw_util"] is not None else ""
        print(
            f"  [{o.index + 1}/{o.total}] {p['label']:<34} {p['seconds'] * 1e3:9.3f} ms "
            f"{p['flop_rate'] / 1e12:8.1f} TFLOP/s {p['byte_rate'] / 1e12:6.2f} TB/s "
            f"±{p['spread']:.0%}{mfu}{bw}"
        )
    if writer is not None:
        writer.close()
    print(f"quick suite: {len(cases)} cases in {time.perf_counter() - start:.1f} s")

    ok = True
    # bf16 matmul 8192³: the call the suite times, on random inputs of the same shape.
    n = 8192
    ours = run_case(Case("matmul", "bf16", {"m": n, "k": n, "n": n}, budget_s=1.0), "cuda")
    theirs_s = _do_bench_matmul(do_bench, n)
    flops = 2 * n**3
    ratio = theirs_s / ours["seconds"]
    ok &= 0.95 <= ratio <= 1.05
    tflops = flops / ours["seconds"] / 1e12
    peak = f", {tflops * 1e12 / ref.peak('bf16'):.0%} of datasheet" if ref else ""
    print(
        f"bf16 matmul {n}³: runner {tflops:.1f} TFLOP/s, do_bench {flops / theirs_s / 1e12:.1f} "
        f"TFLOP/s, ratio {ratio:.3f}{peak}"
    )

    # 1 GiB copy (fp32): bytes = read + write, as core.roofline.ops counts it.
    elems = GIB // 4
    ours = run_case(Case("copy", "fp32", {"n": elems}, budget_s=1.0), "cuda")
    theirs_s = _do_bench_copy(do_bench, elems)
    ratio = theirs_s / ours["seconds"]
    ok &= 0.95 <= ratio <= 1.05
    tbs = ours["bytes"] / ours["seconds"] / 1e12
    peak = f", {tbs * 1e12 / ref.mem_bandwidth:.0%} of datasheet" if ref else ""
    print(
        f"copy 1 GiB: runner {tbs:.2f} TB/s, do_bench {ours['bytes'] / theirs_s / 1e12:.2f} TB/s, "
        f"ratio {ratio:.3f}{peak}"
    )
    print("PASS: both within 5% of do_bench" if ok else "FAIL: a ratio is outside 0.95-1.05")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
