"""Run the traced step for real on this machine (CPU) under ``torch.profiler`` and match the ops.

The model, optimizer and batch are built exactly as the fake trace builds them (same classes, same
default dtype, same autocast), with real storage. One warm-up step runs unmeasured; the next is
profiled with every aten op wrapped in ``record_function("#k")``, so profiled op ``k`` is traced op
``k`` (fake and real runs dispatch the same sequence; a mismatch is reported, not hidden).
Each op's CPU time on the calling thread is read around it as well (``cpu_seconds``): with torch on
one thread that is the op's run time without the time other processes took the core away, which a
wall-clock time of a long op on a shared machine includes (a 20 ms matmul is preempted, a 0.3 ms
benchmark repetition mostly is not). With more threads it misses the other threads' work.
A run that would not fit in this machine's available memory is refused before anything is built.
"""

from __future__ import annotations

import math
import os
import time
from contextlib import nullcontext
from dataclasses import dataclass
from typing import Any

from core.errors import InputError
from core.memory.estimate import MemoryConfig, estimate
from core.step.trace import StepTrace

__all__ = [
    "Measured",
    "available_memory",
    "check_fits",
    "measurable",
    "measure_config",
]

#: Share of the available memory a measured run may plan to use.
MEMORY_SHARE = 0.5


@dataclass(frozen=True)
class Measured:
    """Measured seconds per traced op (``nan`` where unmatched) and the step's wall time.

    ``seconds`` are profiler (wall-clock) times; ``cpu_seconds`` the calling thread's CPU time
    per op (see the module docstring), both medians over the repeats.
    """

    seconds: tuple[float, ...]
    step_s: float
    matched: int
    names: tuple[str, ...]
    mismatch: str = ""
    cpu_seconds: tuple[float, ...] = ()


def available_memory() -> float:
    """Bytes this machine can still give (``MemAvailable``; total RAM where unknown)."""
    try:
        with open("/proc/meminfo", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("MemAvailable:"):
                    return float(line.split()[1]) * 1024
    except OSError:
        pass
    try:
        return float(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES"))
    except (ValueError, OSError, AttributeError):
        return 8e9


def check_fits(cfg: MemoryConfig, available: float | None = None) -> float:
    """The estimated bytes of the run; :class:`InputError` when they exceed the allowed share."""
    from core.units import format_bytes

    need = estimate(cfg).total
    have = available_memory() if available is None else available
    if need > MEMORY_SHARE * have:
        raise InputError(
            f"measure: the step needs about {format_bytes(need)} but this machine has "
            f"{format_bytes(have)} available (a measured run may use {MEMORY_SHARE:.0%}); "
            "allowed: a smaller batch, sequence or model",
            field="measure",
        )
    return need


def measurable(cfg: MemoryConfig) -> MemoryConfig:
    """``cfg`` as the measured run executes it: on this CPU, so with the CPU's kernels.

    The trace that a measured run is matched against must dispatch the same ops: a trace made
    with CUDA's kernels (fused RMSNorm, bool dropout masks) runs other ops than the CPU does.
    """
    from dataclasses import replace

    return cfg if cfg.kernels == "cpu" else replace(cfg, kernels="cpu")


def measure_config(cfg: MemoryConfig, trace: StepTrace, repeats: int = 1) -> Measured:
    """Run ``cfg``'s step for real on the CPU and time each op of ``trace``.

    With ``repeats`` > 1 the step is profiled that many times and each op keeps its median (a
    shared machine's interference mostly lands on some repeats, not all).
    """
    import statistics

    import torch
    from torch.utils._python_dispatch import TorchDispatchMode

    from core.memory.modules import build_module, build_optimizer, make_batch

    if cfg.kernels != "cpu":
        raise InputError(
            f"measure: the step was traced with {cfg.kernels.upper()} kernels but runs on this CPU; "
            "trace measurable(cfg) so the two dispatch the same ops",
            field="kernels",
        )
    check_fits(cfg)
    dtypes = {"fp32": torch.float32, "bf16": torch.bfloat16, "fp16": torch.float16}
    rec = cfg.recipe
    old = torch.get_default_dtype()
    try:
        torch.set_default_dtype(dtypes[rec.params])
        model = build_module(cfg.model, policy=cfg.checkpoint, flash=cfg.flash,
                             dropout=cfg.dropout)  # fmt: skip
        model.train()
        opt = build_optimizer(model.parameters(), rec, cfg.optimizer)
        inputs = make_batch(cfg.model, cfg.micro, cfg.seq_len)  # as the trace makes it
    finally:
        torch.set_default_dtype(old)
    names: list[str] = []
    cpu: list[float] = []

    class Wrap(TorchDispatchMode):
        def __torch_dispatch__(self, func: Any, types: Any, args: Any = (), kwargs: Any = None):
            if func.namespace != "aten":
                return func(*args, **(kwargs or {}))
            k = len(names)
            names.append(str(func.overloadpacket.__name__))
            with torch.profiler.record_function(f"#{k}"):
                started = time.thread_time()
                out = func(*args, **(kwargs or {}))
                cpu.append(time.thread_time() - started)
                return out

    def step() -> None:
        with (
            torch.autocast("cpu", dtype=dtypes[rec.acts])
            if rec.acts != rec.params and rec.acts in dtypes
            else nullcontext()
        ):
            loss = model(*inputs)
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)

    step()
    from torch.profiler import ProfilerActivity, profile

    runs: dict[int, list[float]] = {}
    cpu_runs: dict[int, list[float]] = {}
    walls = []
    for _ in range(max(1, repeats)):
        names.clear()
        cpu.clear()
        with profile(activities=[ProfilerActivity.CPU]) as prof:
            started = time.perf_counter()
            with Wrap():
                step()
            walls.append(time.perf_counter() - started)
        for event in prof.events():
            if event.name.startswith("#"):
                runs.setdefault(int(event.name[1:]), []).append(event.cpu_time_total * 1e-6)
        for k, value in enumerate(cpu):
            cpu_runs.setdefault(k, []).append(value)
    per = {k: statistics.median(v) for k, v in runs.items()}
    per_cpu = {k: statistics.median(v) for k, v in cpu_runs.items()}
    wall = statistics.median(walls)
    traced = [op.name for op in trace.ops]
    n = min(len(traced), len(names))
    same = [i for i in range(n) if traced[i] == names[i]]
    mismatch = ""
    if len(traced) != len(names) or len(same) != n:
        first = next((i for i in range(n) if traced[i] != names[i]), n)
        mismatch = (
            f"the real run dispatched {len(names)} ops, the trace {len(traced)}; first difference "
            f"at op {first}"
        )
    ok = [i < n and traced[i] == names[i] for i in range(len(traced))]
    seconds = tuple(per.get(i, math.nan) if ok[i] else math.nan for i in range(len(traced)))
    cpu_s = tuple(per_cpu.get(i, math.nan) if ok[i] else math.nan for i in range(len(traced)))
    return Measured(seconds, wall, len(same), tuple(names), mismatch, cpu_s)
