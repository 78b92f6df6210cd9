"""Run the traced step for real on this machine under ``torch.profiler`` and match the ops.

The step runs on a CUDA GPU where torch sees one, on the CPU otherwise (``device="auto"``). The
model, optimizer and batch are built exactly as the fake trace builds them (same classes, same
default dtype, same autocast), with real storage, on that device. One warm-up step runs unmeasured;
the next is profiled with every aten op wrapped in ``record_function("#k")``. On the CPU an op's
time is the CPU time of its range; on CUDA it is the device time of the kernels launched inside the
range (the profiler attributes each kernel to the range that launched it), measured after
``torch.cuda.synchronize``.

Profiled op ``k`` is matched to a traced op by aligning the two sequences of op names (a longest
common subsequence, :func:`align_ops`): on the CPU the fake and real runs dispatch the same sequence,
so op ``k`` is traced op ``k``; on CUDA the trace's stand-ins for fused kernels may dispatch a few
other ops, which stay unmatched (``nan``) and are reported, not hidden.
Each op's CPU time on the calling thread is read around it as well (``cpu_seconds``): with torch on
one thread that is the op's run time without the time other processes took the core away, which a
wall-clock time of a long op on a shared machine includes (a 20 ms matmul is preempted, a 0.3 ms
benchmark repetition mostly is not). With more threads it misses the other threads' work.
A run that would not fit in the device's available memory is refused before anything is built.
"""

from __future__ import annotations

import math
import os
import time
from dataclasses import dataclass
from typing import Any

from core.echo import brief
from core.errors import InputError
from core.memory.estimate import MemoryConfig, estimate
from core.step.trace import StepTrace

__all__ = [
    "Measured",
    "align_ops",
    "available_memory",
    "check_fits",
    "measurable",
    "measure_config",
    "measure_device",
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
    device: str = "cpu"


def measure_device(device: str = "auto") -> str:
    """Where a measured step runs: ``"cuda"`` where torch sees a GPU (for ``auto``), else ``"cpu"``.

    Raises :class:`InputError` for an unknown name, or for ``cuda`` on a machine without one.
    """
    if device not in ("auto", "cpu", "cuda"):
        raise InputError(
            f"measure device: {brief(device)}; allowed: auto, cpu or cuda", field="measure_device"
        )
    if device == "cpu":
        return "cpu"
    import torch

    has_cuda = bool(torch.cuda.is_available())
    if device == "cuda" and not has_cuda:
        raise InputError(
            "measure device: cuda, but torch sees no CUDA GPU on this machine; "
            "allowed here: cpu (or auto)",
            field="measure_device",
        )
    return "cuda" if has_cuda else "cpu"


def align_ops(traced: list[str], run: list[str]) -> list[int | None]:
    """For each traced op, the index of the profiled op it matches (``None``: unmatched).

    The longest common subsequence of the two name sequences (``difflib``, no junk heuristic): the
    identity when they are equal, and otherwise matches in order around the ops one side lacks.
    """
    if traced == run:
        return list(range(len(traced)))
    from difflib import SequenceMatcher

    matched: list[int | None] = [None] * len(traced)
    matcher = SequenceMatcher(None, traced, run, autojunk=False)
    for block in matcher.get_matching_blocks():
        for offset in range(block.size):
            matched[block.a + offset] = block.b + offset
    return matched


def _available(device: str) -> float:
    if device == "cuda":
        import torch

        return float(torch.cuda.mem_get_info()[0])
    return available_memory()


def available_memory() -> float:
    """Bytes this machine can still give (``MemAvailable``; total RAM where unknown)."""
    from core.safe_io import read_text

    try:
        for line in read_text("/proc/meminfo", limit=1 << 20).splitlines():
            if line.startswith("MemAvailable:"):
                return float(line.split()[1]) * 1024
    except (InputError, ValueError, IndexError):
        pass
    try:
        return float(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES"))
    except (ValueError, OSError, AttributeError):
        return 8e9


def check_fits(cfg: MemoryConfig, available: float | None = None, device: str = "auto") -> float:
    """The estimated bytes of the run; :class:`InputError` when they exceed the allowed share.

    ``available`` defaults to what the measuring device has free (host RAM, or the GPU's free
    memory from ``torch.cuda.mem_get_info``).
    """
    from core.units import format_bytes

    need = estimate(cfg).total
    where = measure_device(device) if available is None else "cpu"
    have = _available(where) if available is None else available
    if need > MEMORY_SHARE * have:
        place = "the GPU" if where == "cuda" else "this machine"
        raise InputError(
            f"measure: the step needs about {format_bytes(need)} but {place} has "
            f"{format_bytes(have)} available (a measured run may use {MEMORY_SHARE:.0%}); "
            "allowed: a smaller batch, sequence or model",
            field="measure",
        )
    return need


def measurable(cfg: MemoryConfig, device: str = "auto") -> MemoryConfig:
    """``cfg`` as the measured run executes it: with the kernels of the device it runs on.

    The trace that a measured run is matched against must dispatch the same ops: a trace made
    with CUDA's kernels (fused RMSNorm, bool dropout masks) runs other ops than the CPU does.
    """
    from dataclasses import replace

    kernels = measure_device(device)
    return cfg if cfg.kernels == kernels else replace(cfg, kernels=kernels)


def measure_config(
    cfg: MemoryConfig, trace: StepTrace, repeats: int = 1, device: str = "auto"
) -> Measured:
    """Run ``cfg``'s step for real (on ``device``, see :func:`measure_device`) and time each op.

    With ``repeats`` > 1 the step is profiled that many times and each op keeps its median (a
    shared machine's interference mostly lands on some repeats, not all).
    """
    import statistics

    import torch
    from torch.utils._python_dispatch import TorchDispatchMode

    from core.memory.modules import autocast, build_step

    where = measure_device(device)
    if cfg.kernels != where:
        runs_on = "a CUDA GPU" if where == "cuda" else "this CPU"
        raise InputError(
            f"measure: the step was traced with {cfg.kernels.upper()} kernels but runs on "
            f"{runs_on}; trace measurable(cfg) so the two dispatch the same ops",
            field="kernels",
        )
    check_fits(cfg, device=where)
    dtypes = {"fp32": torch.float32, "bf16": torch.bfloat16, "fp16": torch.float16}
    rec = cfg.recipe
    old = torch.get_default_dtype()
    try:
        torch.set_default_dtype(dtypes[rec.params])
        with torch.device(where):
            model, opt, inputs = build_step(cfg, emulate_kernels=False)  # as the trace makes them
    finally:
        torch.set_default_dtype(old)
    cuda = where == "cuda"

    def sync() -> None:
        if cuda:
            torch.cuda.synchronize()

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
        with autocast(rec, where):
            loss = model(*inputs)
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)

    step()
    sync()
    from torch.profiler import ProfilerActivity, profile

    activities = [ProfilerActivity.CPU, *([ProfilerActivity.CUDA] if cuda else [])]
    runs: dict[int, list[float]] = {}
    cpu_runs: dict[int, list[float]] = {}
    walls = []
    from core.quiet import native_stderr_silenced

    for _ in range(max(1, repeats)):
        names.clear()
        cpu.clear()
        # kineto prints "USDT: … profiler_start" (and "gpuGetDeviceCount failed" with a CUDA
        # build and no GPU) to file descriptor 2 itself: stderr carries only our line
        with native_stderr_silenced():
            with profile(activities=activities) as prof:
                sync()
                started = time.perf_counter()
                with Wrap():
                    step()
                sync()
                walls.append(time.perf_counter() - started)
            events = list(prof.events())
        for event in events:
            if event.name.startswith("#"):
                us = _device_us(event) if cuda else event.cpu_time_total
                runs.setdefault(int(event.name[1:]), []).append(us * 1e-6)
        for k, value in enumerate(cpu):
            cpu_runs.setdefault(k, []).append(value)
    per = {k: statistics.median(v) for k, v in runs.items()}
    per_cpu = {k: statistics.median(v) for k, v in cpu_runs.items()}
    wall = statistics.median(walls)
    traced = [op.name for op in trace.ops]
    match = align_ops(traced, list(names))
    matched = sum(1 for k in match if k is not None)
    mismatch = ""
    if matched != len(traced) or len(names) != len(traced):
        first = next((i for i, k in enumerate(match) if k != i), len(traced))
        mismatch = (
            f"the real run dispatched {len(names)} ops, the trace {len(traced)}; {matched} "
            f"matched by name in order; first difference at op {first}"
        )
    seconds = tuple(math.nan if k is None else per.get(k, math.nan) for k in match)
    cpu_s = tuple(math.nan if k is None else per_cpu.get(k, math.nan) for k in match)
    return Measured(seconds, wall, matched, tuple(names), mismatch, cpu_s, where)


def _device_us(event: Any) -> float:
    """Microseconds the GPU spent in the kernels an event's range launched."""
    for name in ("device_time_total", "cuda_time_total"):
        value = getattr(event, name, None)
        if value is not None:
            return float(value)
    return 0.0
