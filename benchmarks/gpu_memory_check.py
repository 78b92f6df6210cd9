"""GPU memory check (prepared for a CUDA machine): estimate and trace against a real step.

For a few configurations the estimate's peak (``kernels="cuda"``: what CUDA kernels keep for
backward), the fake-tensor trace's peak (traced with the CUDA kernels' saved tensors, see
:mod:`core.memory.modules`) and ``torch.cuda.max_memory_allocated`` over one real training step
(:func:`core.memory.measure.measure_cuda`, the same model, optimizer and autocast) are printed
with their ratios. The real peak also holds the input batch and cuBLAS workspaces, which neither
the estimate nor the trace counts. Target: measured / estimated peak within 0.85-1.15.

Exit 0 when every ratio is within target, 1 when one is not, 2 without CUDA. Runs in about a
minute on an H200. The lead wires :func:`main` into ``benchmarks/gpu_check.py``.

    PYTHONPATH=. python benchmarks/gpu_memory_check.py
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

#: (name, model, batch, seq, recipe, options): small enough that the whole check stays short.
CASES: tuple[tuple[str, str, int, int, str, dict[str, bool]], ...] = (
    ("gpt2 fp32", "gpt2", 4, 512, "fp32", {}),
    ("gpt2 bf16", "gpt2", 4, 512, "bf16", {}),
    ("gpt2 bf16 dropout", "gpt2", 4, 512, "bf16", {"dropout": True}),
    ("gpt2 bf16 no-flash dropout", "gpt2", 2, 512, "bf16", {"flash": False, "dropout": True}),
    ("gpt2 amp", "gpt2", 4, 512, "amp", {}),
    ("gpt2 fp32 weights, bf16 autocast", "gpt2", 4, 512,
     "custom:params=fp32,grads=fp32,master=none,state=fp32,acts=bf16", {}),
    ("llama-like bf16 (RMSNorm, SwiGLU, GQA)",
     "transformer:d=2048,layers=8,heads=16,kv_heads=4,ffn=5632,vocab=32000,seq=1024",
     4, 1024, "bf16", {}),
    ("llama-like bf16 dropout",
     "transformer:d=2048,layers=8,heads=16,kv_heads=4,ffn=5632,vocab=32000,seq=1024",
     4, 1024, "bf16", {"dropout": True}),
    ("gpt2-xl bf16", "gpt2-xl", 4, 512, "bf16", {}),
)  # fmt: skip
LOW, HIGH = 0.85, 1.15


def main() -> int:
    """Print estimate, trace and measured peaks with ratios; 0 within target, 1 not, 2 no CUDA."""
    import torch

    from core.memory import MemoryConfig, estimate, parse_model
    from core.memory.measure import MeasurementError, measure_cuda
    from core.memory.recipes import parse_recipe
    from core.memory.trace import trace

    if not torch.cuda.is_available():
        print("gpu memory check: no CUDA device")
        return 2
    print(f"gpu memory check: {torch.cuda.get_device_name()}, torch {torch.__version__}")
    print(f"{'case':<42} {'estimate':>9} {'trace':>9} {'measured':>9} {'meas/est':>9} "
          f"{'meas/trace':>10}  est moment")  # fmt: skip
    ok, rows = True, []
    started = time.perf_counter()
    for name, model, batch, seq, rec, opts in CASES:
        cfg = MemoryConfig(parse_model(model), batch=batch, seq=seq, recipe=parse_recipe(rec),
                           kernels="cuda", **opts)  # fmt: skip
        est = estimate(cfg)
        tr = trace(cfg)
        try:
            measured = measure_cuda(cfg)
        except MeasurementError as exc:
            print(f"{name:<42} {exc}")
            ok = False
            continue
        assert measured is not None
        real = measured["peak"] - 0.0
        r_est, r_tr = real / est.peak, real / tr.peak
        good = LOW <= r_est <= HIGH
        ok &= good
        print(f"{name:<42} {est.peak / 1e9:8.2f}G {tr.peak / 1e9:8.2f}G {real / 1e9:8.2f}G "
              f"{r_est:9.3f} {r_tr:10.3f}  {est.peak_moment}{'' if good else '  ✗'}",
              flush=True)  # fmt: skip
        rows.append({"case": name, "estimate_peak": est.peak, "estimate_total": est.total,
                     "estimate_activations": est.bytes["activations"],
                     "trace_peak": tr.peak, "trace_activations": tr.categories["activations"],
                     "measured_peak": real, "measured_static": measured["static"],
                     "measured_reserved": measured["reserved"]})  # fmt: skip
    print(
        f"gpu memory check: {time.perf_counter() - started:.1f} s; "
        f"{'all within' if ok else 'NOT all within'} {LOW}-{HIGH}"
    )
    out = os.environ.get("OUT")
    if out:
        Path(out, "gpu_memory_check.json").write_text(json.dumps(rows, indent=1))
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
