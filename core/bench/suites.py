"""Benchmark suites: which operators to time at which sizes, and the point each measurement becomes.

A suite is a list of :class:`Case` (operator, dtype, sizes). :func:`run_suite` times each case with
:func:`core.bench.timing.time_op` on random inputs and yields an :class:`Outcome` per case: a point (a
plain dict ready for JSON and the roofline) or the reason the case could not run (out of memory,
a dtype the device does not support); the run goes on either way. FLOPs and bytes come from
:func:`core.roofline.ops.op_cost`, the same counts the Roofline tab uses. torch is imported lazily.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import os
import platform
import re
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from core.bench.host_link import host_link
from core.bench.timing import Cancelled, time_op
from core.echo import brief
from core.errors import InputError
from core.roofline.hardware import Device
from core.roofline.ops import op_cost
from core.texts import translate

__all__ = [
    "SUITES",
    "Case",
    "Outcome",
    "build_suite",
    "cpu_name",
    "default_threads",
    "device_name",
    "eta_seconds",
    "run_case",
    "run_suite",
    "utilisation",
    "warm_clocks",
]

#: fp8 matmuls use ``torch._scaled_mm`` with fp32 per-tensor scales of 1.0 and a bf16 output,
#: with fast accumulation OFF (full-precision accumulation, as training uses for gradients); fast
#: accumulation is faster on Hopper and changes results. Recorded in every fp8 point.
FP8_FAST_ACCUM = False

#: Suite names ``napkinlab bench --suite`` accepts.
SUITES: tuple[str, ...] = ("quick", "full")

_TORCH_DTYPES = {"fp32": "float32", "tf32": "float32", "bf16": "bfloat16", "fp16": "float16"}


@dataclass(frozen=True)
class Case:
    """One measurement to make.

    Attributes
    ----------
    op
        ``matmul``, ``relu``, ``gelu``, ``dot``, ``matvec``, ``copy``, ``softmax``, ``layernorm``
        (ids of :mod:`core.roofline.ops`) or ``h2d`` (host-to-device copy, CUDA only).
    dtype
        Compute dtype id (``tf32`` means fp32 storage with TF32 tensor cores allowed).
    sizes
        Named sizes as :func:`core.roofline.ops.op_cost` takes them (``h2d`` uses ``n``).
    variant
        ``pageable`` or ``pinned`` for ``h2d``; empty otherwise.
    budget_s
        Timed seconds to spend on this case.
    """

    op: str
    dtype: str
    sizes: Mapping[str, int] = field(hash=False)
    variant: str = ""
    budget_s: float = 0.25

    @property
    def shape(self) -> list[int]:
        """The sizes in :mod:`core.roofline.ops` order."""
        return list(self.sizes.values())

    @property
    def label(self) -> str:
        """Display text: ``matmul 512×512×512 fp32``."""
        dims = "×".join(str(v) for v in self.sizes.values())
        op = f"{self.op} ({self.variant})" if self.variant else self.op
        return f"{op} {dims} {self.dtype}"


@dataclass(frozen=True)
class Outcome:
    """What happened to case ``index`` of ``total``: a point, or an error message."""

    index: int
    total: int
    case: Case
    point: dict[str, Any] | None = None
    error: str | None = None
    elapsed_s: float = 0.0


def _sq(n: int) -> dict[str, int]:
    return {"m": n, "k": n, "n": n}


def _cuda_fp8_ok(device: str) -> bool:
    import torch

    return torch.cuda.get_device_capability(device) >= (8, 9)


def build_suite(name: str, device: str = "cpu") -> list[Case]:
    """The cases of suite ``name`` (:data:`SUITES`) for ``device`` (``cpu`` or ``cuda``).

    ``quick`` takes under a minute on a 2-core CPU; ``full`` has more sizes and longer budgets.
    """
    if name not in SUITES:
        raise InputError(
            f"suite: unknown {brief(name)}; allowed: {', '.join(SUITES)}", field="suite"
        )
    quick = name == "quick"
    cuda = device.startswith("cuda")
    budget = 0.4 if quick else 0.8
    cases: list[Case] = []
    if cuda:
        sizes = [1024, 4096, 8192] if quick else [512, 1024, 2048, 4096, 8192, 16384]
        dtypes = ["fp32", "tf32", "bf16", "fp16"] + (["fp8"] if _cuda_fp8_ok(device) else [])
        elem, rows, copy_n = (1 << 26, 8192, 1 << 28) if quick else (1 << 28, 32768, 1 << 29)
    else:
        sizes = [256, 512, 1024] if quick else [256, 512, 1024, 2048]
        dtypes = ["fp32", "bf16", "fp16"]  # CPU fp8 matmul is a reference loop (~0.04 GFLOP/s)
        # The copy (the bandwidth ceiling of "this machine") uses 256 MiB+ per buffer so that it
        # streams from DRAM even past a large shared L3 (300 MiB on some cloud Xeons).
        elem, rows, copy_n = (1 << 22, 2048, 1 << 26) if quick else (1 << 24, 8192, 1 << 27)
    for dtype in dtypes:
        for n in sizes if dtype in ("fp32", "bf16") or not quick else sizes[-2:]:
            cases.append(Case("matmul", dtype, _sq(n), budget_s=budget))
    vec = 2048 if quick else 4096
    for dtype in ("fp32", "bf16"):
        cases.append(Case("relu", dtype, {"n": elem}, budget_s=budget))
        cases.append(Case("gelu", dtype, {"n": elem}, budget_s=budget))
        cases.append(Case("softmax", dtype, {"m": rows, "n": 1024}, budget_s=budget))
        cases.append(Case("layernorm", dtype, {"m": rows, "n": 1024}, budget_s=budget))
    cases.append(Case("dot", "fp32", {"n": elem}, budget_s=budget))
    cases.append(Case("matvec", "fp32", {"m": vec, "n": vec}, budget_s=budget))
    cases.append(Case("copy", "fp32", {"n": copy_n}, budget_s=budget))
    if cuda:
        h2d = 1 << 26 if quick else 1 << 28
        for variant in ("pageable", "pinned"):
            cases.append(Case("h2d", "fp32", {"n": h2d}, variant=variant, budget_s=budget))
    return cases


def cpu_name() -> str:
    """The CPU's model name (``/proc/cpuinfo`` on Linux, else :func:`platform.processor`)."""
    from core.safe_io import read_text

    try:
        for line in read_text("/proc/cpuinfo", limit=16 << 20).splitlines():
            if line.startswith("model name"):
                name = re.sub(r"\((R|TM)\)", "", line.split(":", 1)[1], flags=re.I)
                return " ".join(name.split())
    except InputError:
        pass
    return platform.processor() or platform.machine() or "unknown CPU"


def device_name(device: str) -> str:
    """The GPU name on CUDA, the CPU name otherwise."""
    if device.startswith("cuda"):
        import torch

        return str(torch.cuda.get_device_name(device))
    return cpu_name()


def _randn(shape: tuple[int, ...], dtype: str, device: str) -> Any:
    import torch

    if dtype == "fp8":  # float32 whatever the process default dtype is
        return torch.randn(shape, dtype=torch.float32, device=device).to(torch.float8_e4m3fn)
    if dtype not in _TORCH_DTYPES:
        raise InputError(
            f"dtype {dtype} is not benchmarked; allowed: {', '.join([*_TORCH_DTYPES, 'fp8'])}"
        )
    return torch.randn(shape, dtype=getattr(torch, _TORCH_DTYPES[dtype]), device=device)


def _prepare(case: Case, device: str) -> Callable[[], Any]:
    """Allocate random inputs and preallocated outputs; return the call to time."""
    import torch

    s, dt = case.sizes, case.dtype
    aten = torch.ops.aten
    if case.op == "matmul":
        m, k, n = s["m"], s["k"], s["n"]
        a = _randn((m, k), dt, device)
        if dt == "fp8":
            bt = _randn((n, k), dt, device)  # _scaled_mm wants B column-major
            one = torch.tensor(1.0, dtype=torch.float32, device=device)  # scales must be fp32
            return lambda: torch._scaled_mm(
                a, bt.t(), one, one, out_dtype=torch.bfloat16, use_fast_accum=FP8_FAST_ACCUM
            )
        b = _randn((k, n), dt, device)
        c = torch.empty((m, n), dtype=a.dtype, device=device)
        return lambda: torch.mm(a, b, out=c)
    if case.op in ("relu", "gelu", "copy"):
        x = _randn((s["n"],), dt, device)
        y = torch.empty_like(x)
        if case.op == "relu":
            # torch.relu is clamp_min(x, 0) inside; aten's relu.out is a slower composite on CPU.
            return lambda: torch.clamp_min(x, 0, out=y)
        if case.op == "gelu":
            return lambda: aten.gelu.out(x, out=y)
        return lambda: y.copy_(x)
    if case.op == "dot":
        x, w = _randn((s["n"],), dt, device), _randn((s["n"],), dt, device)
        return lambda: torch.dot(x, w)
    if case.op == "matvec":
        w, x = _randn((s["m"], s["n"]), dt, device), _randn((s["n"],), dt, device)
        y = torch.empty((s["m"],), dtype=w.dtype, device=device)
        return lambda: torch.mv(w, x, out=y)
    if case.op in ("softmax", "layernorm"):
        x = _randn((s["m"], s["n"]), dt, device)
        if case.op == "softmax":
            y = torch.empty_like(x)
            return lambda: aten._softmax.out(x, -1, False, out=y)
        gamma, beta = _randn((s["n"],), dt, device), _randn((s["n"],), dt, device)
        # The allocating kernel: native_layer_norm.out is a generated wrapper that runs it into
        # fresh tensors and then copies them into out= (extra traffic the count does not have).
        # The caching allocator (CUDA) and the reused block (CPU) make the allocation cheap.
        return lambda: torch.native_layer_norm(x, [s["n"]], gamma, beta, 1e-5)
    if case.op == "h2d":
        if not device.startswith("cuda"):
            raise InputError("h2d copies need a CUDA device")
        host = _randn((s["n"],), dt, "cpu")
        if case.variant == "pinned":
            host = host.pin_memory()
        dst = torch.empty(host.shape, dtype=host.dtype, device=device)
        pinned = case.variant == "pinned"
        return lambda: dst.copy_(host, non_blocking=pinned)
    raise InputError(f"op: cannot benchmark {brief(case.op)}")


def _cost(case: Case) -> tuple[float, float]:
    """FLOPs and bytes of ``case`` from :func:`core.roofline.ops.op_cost`."""
    if case.op == "h2d":
        # One pass over the link: the copy's bytes read (host side) are the bytes moved.
        cost = op_cost("copy", case.dtype, n=case.sizes["n"])
        return 0.0, cost.bytes_read
    out = "bf16" if case.op == "matmul" and case.dtype == "fp8" else None
    cost = op_cost(case.op, case.dtype, out_dtype=out, **case.sizes)
    return cost.flops, cost.bytes


def _describe(exc: BaseException, case: Case) -> str:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    if "out of memory" in text.lower() or isinstance(exc, MemoryError):
        return translate("Bench", "{case}: out of memory ({detail})").format(
            case=case.label, detail=text[:160]
        )
    if isinstance(exc, InputError):
        return translate("Bench", "{case}: {problem}").format(case=case.label, problem=exc.message)
    return translate("Bench", "{case}: not supported here ({error}: {detail})").format(
        case=case.label, error=type(exc).__name__, detail=text[:160]
    )


def run_case(
    case: Case,
    device: str = "cpu",
    *,
    reference: Device | None = None,
    threads: int | None = None,
    should_cancel: Callable[[], bool] | None = None,
) -> dict[str, Any]:
    """Time ``case`` on ``device`` and return its point.

    ``reference`` is the device whose peak gives the MFU (and whose bandwidth the bandwidth
    utilisation); the point's ``mfu`` is None when it has no peak for the dtype.

    Raises
    ------
    Cancelled
        If ``should_cancel`` returned True.
    Exception
        Whatever torch raised (out of memory, unsupported dtype): :func:`run_suite` reports it.
    """
    import torch

    flops, nbytes = _cost(case)
    tf32 = case.dtype == "tf32"
    old_tf32 = torch.backends.cuda.matmul.allow_tf32
    torch.backends.cuda.matmul.allow_tf32 = tf32
    fn: Callable[[], Any] | None = None
    cuda = device.startswith("cuda")
    try:
        with torch.cuda.device(device) if cuda else contextlib.nullcontext():
            fn = _prepare(case, device)  # inputs on that device, not the current one
        memory_bound = case.op != "matmul"
        timing = time_op(
            fn,
            device=device,
            budget_s=case.budget_s,
            flush=memory_bound and case.op != "h2d",
            should_cancel=should_cancel,
        )
    finally:
        torch.backends.cuda.matmul.allow_tf32 = old_tf32
        del fn
    seconds = timing.median
    point: dict[str, Any] = {
        "op": case.op,
        "variant": case.variant,
        "label": case.label,
        "shape": case.shape,
        "sizes": dict(case.sizes),
        "dtype": case.dtype,
        "device": "cuda" if device.startswith("cuda") else "cpu",
        "device_name": device_name(device),
        "threads": threads if threads is not None else torch.get_num_threads(),
        "flops": flops,
        "bytes": nbytes,
        "intensity": flops / nbytes if nbytes else 0.0,
        "seconds": seconds,
        "q1": timing.q1,
        "q3": timing.q3,
        "spread": timing.spread,
        "noisy": timing.noisy,
        "reps": timing.reps,
        "flop_rate": flops / seconds,
        "byte_rate": nbytes / seconds,
        "reference": reference.id if reference is not None else None,
        "mfu": None,
        "hfu": None,
        "bw_util": None,
        "time": _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"),
    }
    point["timing"] = timing.method
    if case.dtype == "fp8" and case.op == "matmul":
        point["fp8_fast_accum"] = FP8_FAST_ACCUM
    if reference is not None:
        point.update(utilisation(case, point["flop_rate"], point["byte_rate"], reference))
    return point


def utilisation(
    case: Case, flop_rate: float, byte_rate: float, reference: Device
) -> dict[str, Any]:
    """``mfu``, ``bw_util`` and ``bw_ref`` of a measured rate against ``reference``.

    MFU uses the dtype's dense peak (None when the device has none or the op has no FLOPs). One
    timed op recomputes nothing, so its ``hfu`` (:mod:`core.roofline.utilization`) equals its
    ``mfu``. A host-to-device copy is compared with the host link (:mod:`core.bench.host_link`,
    e.g. PCIe 5.0 x16), every other op with the memory bandwidth; None where that is unknown.
    """
    mfu = flop_rate / reference.peak(case.dtype) if reference.supports(case.dtype) else None
    mfu = mfu if flop_rate > 0 else None
    out: dict[str, Any] = {"mfu": mfu, "hfu": mfu, "bw_util": None, "bw_ref": None}
    if case.op == "h2d":
        link = host_link(reference.id)
        if link is not None:
            out["bw_util"], out["bw_ref"] = byte_rate / link.bandwidth, link.name
    elif reference.mem_bandwidth is not None:
        out["bw_util"], out["bw_ref"] = byte_rate / reference.mem_bandwidth, "memory"
    return out


def run_suite(
    cases: list[Case],
    device: str = "cpu",
    *,
    reference: Device | None = None,
    threads: int | None = None,
    should_cancel: Callable[[], bool] | None = None,
    warm_s: float = 1.0,
) -> Iterator[Outcome]:
    """Run ``cases`` one by one, yielding an :class:`Outcome` per case; stops quietly on cancel.

    ``threads`` (default :func:`default_threads`) is applied with ``torch.set_num_threads`` in the
    calling thread (torch keeps the setting per thread, so call this from the thread that works).
    On CUDA, :func:`warm_clocks` first runs a sustained matmul for ``warm_s`` seconds.
    """
    import torch

    if threads is None:
        threads = default_threads()
    torch.set_num_threads(threads)
    cancelled = should_cancel or (lambda: False)
    start = time.perf_counter()
    if device.startswith("cuda") and warm_s > 0:
        warm_clocks(device, warm_s, should_cancel=cancelled)
    for index, case in enumerate(cases):
        if cancelled():
            return
        try:
            point = run_case(
                case, device, reference=reference, threads=threads, should_cancel=cancelled
            )
        except Cancelled:
            return
        except Exception as exc:  # reported per point; the run goes on
            if device.startswith("cuda"):
                torch.cuda.empty_cache()
            elapsed = time.perf_counter() - start
            yield Outcome(index, len(cases), case, error=_describe(exc, case), elapsed_s=elapsed)
            continue
        yield Outcome(index, len(cases), case, point=point, elapsed_s=time.perf_counter() - start)


def warm_clocks(
    device: str, seconds: float = 1.0, *, should_cancel: Callable[[], bool] | None = None
) -> int:
    """Run bf16 matmuls 4096³ on ``device`` for about ``seconds`` so the GPU reaches its sustained
    clocks before anything is timed (a cold H200 timed the first 8192³ matmul ~5 % slow).
    Returns the matmuls run; stops early when ``should_cancel`` says so."""
    import torch

    cancelled = should_cancel or (lambda: False)
    with torch.cuda.device(device):
        a = torch.randn(4096, 4096, dtype=torch.bfloat16, device=device)
        c = torch.empty_like(a)
        done, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds and not cancelled():
            for _ in range(20):  # ~3 ms of work per batch on an H100; sync per batch
                torch.mm(a, a, out=c)
            torch.cuda.synchronize(device)
            done += 20
        del a, c
    return done


def default_threads() -> int:
    """The cores this process may use (its CPU affinity), the default thread count."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def eta_seconds(cases: list[Case], done: int, elapsed_s: float) -> float:
    """Seconds left, scaling the remaining cases' budgets by how long the done ones took."""
    spent = sum(c.budget_s for c in cases[:done])
    left = sum(c.budget_s for c in cases[done:])
    if done == 0 or spent <= 0:
        return left * 2.0  # warm-up and allocation roughly double a budget
    return elapsed_s * left / spent
