"""GPU facts the estimates depend on, read on a real CUDA device (prepared for a lent GPU).

1. What each kernel saves for backward on CUDA vs CPU (``saved_tensors_hooks``): rms_norm,
   layer_norm, dropout (mask dtype), gelu, softmax, SDPA, cross-entropy, in fp32 and bf16.
2. Small memory-bound ops: the runner's per-sample sync against many launches and one sync
   (``triton.testing.do_bench``-style) and a CUDA graph: how much a host sync per sample costs.
3. The real CUDA memory step of every preset that fits at batch 1 and 4: measured peak against the
   estimate's peak and the fake-tensor trace's peak.

Prints a table per part and writes ``$OUT/gpu_probe.json`` when ``$OUT`` is set.

    PYTHONPATH=. python benchmarks/gpu_probe.py
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def saved_tensors(device: str, dtype_name: str) -> dict[str, list[list]]:
    """{op: [[shape, dtype, bytes], ...]} of what each op's autograd node saves on ``device``."""
    import torch
    import torch.nn.functional as F

    dtype = {"fp32": torch.float32, "bf16": torch.bfloat16}[dtype_name]
    b, s, h, heads = 2, 128, 256, 4
    out: dict[str, list[list]] = {}

    def record(name, fn):
        saved: list[list] = []

        def pack(t):
            if isinstance(t, torch.Tensor):
                saved.append(
                    [
                        list(t.shape),
                        str(t.dtype).replace("torch.", ""),
                        t.numel() * t.element_size(),
                    ]
                )
            return t

        try:
            with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
                fn()
            out[name] = saved
        except Exception as exc:
            out[name] = [["error", f"{type(exc).__name__}: {exc}"[:200], 0]]

    def leaf(*shape):
        return torch.randn(*shape, device=device, dtype=dtype, requires_grad=True)

    x = leaf(b, s, h)
    w = torch.ones(h, device=device, dtype=dtype, requires_grad=True)
    bias = torch.zeros(h, device=device, dtype=dtype, requires_grad=True)
    record("rms_norm(F)", lambda: F.rms_norm(x, (h,), w, 1e-6))
    rms = torch.nn.RMSNorm(h, device=device, dtype=dtype)
    record("nn.RMSNorm", lambda: rms(x))
    record("layer_norm", lambda: F.layer_norm(x, (h,), w, bias))
    record("dropout(p=0.1)", lambda: F.dropout(x, 0.1, training=True))
    record("gelu", lambda: F.gelu(x))
    record("gelu(tanh)", lambda: F.gelu(x, approximate="tanh"))
    record("silu", lambda: F.silu(x))
    record("softmax", lambda: torch.softmax(x, -1))
    record("linear", lambda: F.linear(x, leaf(h, h)))
    q, k, v = (leaf(b, heads, s, h // heads) for _ in range(3))
    record("sdpa(causal)", lambda: F.scaled_dot_product_attention(q, k, v, is_causal=True))
    record(
        "sdpa(causal,dropout)",
        lambda: F.scaled_dot_product_attention(q, k, v, is_causal=True, dropout_p=0.1),
    )
    logits = leaf(b * s, 1000)
    target = torch.randint(0, 1000, (b * s,), device=device)
    record("cross_entropy", lambda: F.cross_entropy(logits, target))
    record("cross_entropy(fp32 upcast)", lambda: F.cross_entropy(logits.float(), target))
    return out


def small_op_timing() -> list[dict]:
    """Runner (sync per sample) vs do_bench vs CUDA graph on small memory-bound ops."""
    import torch
    from triton.testing import do_bench

    from core.bench.timing import time_op

    rows = []
    for n in (1 << 12, 1 << 16, 1 << 20, 1 << 24):
        x = torch.randn(n, device="cuda")
        y = torch.empty_like(x)

        def fn(x=x, y=y):
            return y.copy_(x).relu_()

        ours = time_op(fn, device="cuda", budget_s=0.2).median
        theirs = do_bench(fn, quantiles=[0.5]) / 1e3
        g = torch.cuda.CUDAGraph()
        s = torch.cuda.Stream()
        s.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(s):
            for _ in range(3):
                fn()
        torch.cuda.current_stream().wait_stream(s)
        with torch.cuda.graph(g):
            for _ in range(100):
                fn()
        g.replay()
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        for _ in range(20):
            g.replay()
        torch.cuda.synchronize()
        graph = (time.perf_counter() - t0) / 2000
        rows.append({"n": n, "runner_s": ours, "do_bench_s": theirs, "graph_s": graph})
        print(
            f"  copy+relu n={n:>9}: runner {ours * 1e6:8.2f} us  do_bench {theirs * 1e6:8.2f} us"
            f"  graph {graph * 1e6:8.2f} us  runner/graph {ours / graph:5.2f}"
        )
    return rows


def memory_steps() -> list[dict]:
    """Measured CUDA peak vs estimate peak vs traced peak for the presets at batch 1 and 4."""
    from core.memory import PRESETS, MemoryConfig, estimate, parse_model, recipe
    from core.memory.measure import measure_cuda
    from core.memory.trace import trace

    rows = []
    names = [p for p in PRESETS if p not in ("llama2-13b", "llama2-70b", "llama3-70b")]
    for name in names:
        for batch in (1, 4):
            for rec in ("fp32", "bf16"):
                cfg = MemoryConfig(parse_model(name), batch=batch, seq=512, recipe=recipe(rec))
                row = {"model": name, "batch": batch, "recipe": rec}
                try:
                    est = estimate(cfg)
                    row["estimate_total"] = est.total
                    row["estimate_peak"] = getattr(est, "peak", est.total)
                    if est.total > 60e9:
                        row["skipped"] = "over 60 GB"
                        rows.append(row)
                        continue
                    t0 = time.perf_counter()
                    row["trace_peak"] = trace(cfg).peak
                    row["trace_s"] = time.perf_counter() - t0
                    m = measure_cuda(cfg)
                    row.update({f"measured_{k}": v for k, v in (m or {}).items()})
                except Exception as exc:
                    row["error"] = f"{type(exc).__name__}: {exc}"[:300]
                rows.append(row)
                print("  ", json.dumps(row))
                if time.perf_counter() - START > BUDGET_S:
                    print("  memory: time budget spent, stopping")
                    return rows
    return rows


START = time.perf_counter()
BUDGET_S = float(os.environ.get("PROBE_BUDGET_S", "150"))


def main() -> int:
    import torch

    if not torch.cuda.is_available():
        print("gpu_probe: no CUDA", file=sys.stderr)
        return 2
    result: dict = {"torch": torch.__version__, "gpu": torch.cuda.get_device_name()}
    print(f"gpu_probe: {result['gpu']}, torch {result['torch']}")
    for part, fn in (
        (
            "saved",
            lambda: {
                f"{dev}/{dt}": saved_tensors(dev, dt)
                for dev in ("cuda", "cpu")
                for dt in ("fp32", "bf16")
            },
        ),
        ("small_ops", small_op_timing),
        ("memory", memory_steps),
    ):
        t0 = time.perf_counter()
        try:
            result[part] = fn()
        except Exception as exc:
            result[part] = {"error": f"{type(exc).__name__}: {exc}"}
        print(f"[{part}] {time.perf_counter() - t0:.1f} s")
        if part == "saved":
            for key, ops in result[part].items():
                print(f"  {key}")
                for op, saved in ops.items():
                    print(f"    {op:<28} {saved}")
    out = os.environ.get("OUT")
    if out:
        Path(out, "gpu_probe.json").write_text(json.dumps(result, indent=1, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
