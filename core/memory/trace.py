"""Trace one real training step on fake tensors: bytes per category, the peak, FLOPs, a timeline.

:func:`trace` builds the ``nn.Module`` of a :class:`~core.memory.estimate.MemoryConfig` inside
``torch._subclasses.fake_tensor.FakeTensorMode`` (tensors have shapes and dtypes but no storage),
then runs forward, backward and the optimizer step under torch's ``MemTracker``, which also counts
the FLOPs (:mod:`core.memory.flops`: ``FlopCounterMode``'s formulas and count, without its extra
dispatch mode). Nothing is allocated, so a 70B model traces on a laptop.

What the trace sees: every tensor the step creates, by category (MemTracker's parameter, buffer,
gradient, activation, temporary and optimizer state). What it does not see: the CUDA context,
library workspaces and the allocator's caching and fragmentation (the estimate's *allowance*).
The model is built with ``torch.set_default_dtype`` rather than ``.to(dtype)``, which fails under
fake mode; the default dtype is restored afterwards. Optimizer state is created before tracking
(the steady state of training: moments exist, gradients do not yet).
"""

from __future__ import annotations

import gc
import re
import time
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from typing import Any

from core.memory.estimate import MemoryConfig
from core.memory.flops import FlopCount
from core.memory.modules import autocast, build_module, build_optimizer, make_batch
from core.texts import Text, translate

__all__ = ["PHASES", "TraceCancelled", "TraceResult", "trace"]

#: Phases of one step, in order.
PHASES: tuple[str, ...] = ("forward", "backward", "optimizer")

#: MemTracker's category names -> ours (buffers and "other" join parameters; temps stay apart).
_CATEGORY = {
    "Parameter": "params",
    "Buffer": "params",
    "Gradient": "grads",
    "Optstate": "optimizer",
    "Activation": "activations",
    "Temp": "temporaries",
    "Other": "other",
}
TRACE_CATEGORIES: tuple[str, ...] = (
    "params",
    "grads",
    "optimizer",
    "activations",
    "temporaries",
    "other",
)
_MAX_POINTS = 1500


class TraceCancelled(Exception):
    """Raised inside the traced step when the caller asked to stop."""


@dataclass
class TraceResult:
    """What one traced step measured.

    Attributes
    ----------
    at_peak
        Bytes per category at the moment of the peak.
    categories
        The numbers to hold against an estimate: weights and gradients at their largest, the
        optimizer state before the step (its in-step temporaries excluded), activations at their
        largest during backward (what was saved for it, plus any recomputed segment when
        checkpointing) and temporaries at their largest.
    max_by_category
        The largest value each category reached during the step.
    peak, peak_phase
        Peak total bytes and the phase it happened in.
    flops
        FLOPs by ``FlopCounterMode``'s formulas (:mod:`core.memory.flops`: matmuls and attention;
        elementwise ops count 0).
    timeline
        ``(op index, phase, total bytes, {category: bytes})`` samples, at most ~1500.
    seconds
        Wall time of the trace.
    """

    at_peak: dict[str, float]
    max_by_category: dict[str, float]
    categories: dict[str, float]
    peak: float
    peak_phase: str
    flops: float
    timeline: list[tuple[int, str, float, dict[str, float]]] = field(default_factory=list)
    seconds: float = 0.0
    measured: dict[str, float] | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON form: :attr:`categories` (``params`` ... ``activations``), ``peak`` and its phase."""
        return {
            **{k: self.categories.get(k, 0.0) for k in TRACE_CATEGORIES},
            "max_by_category": dict(self.max_by_category),
            "peak": self.peak,
            "peak_phase": self.peak_phase,
            "at_peak": dict(self.at_peak),
            "flops": self.flops,
            "seconds": self.seconds,
        }


def _categories(snapshot: dict[str, int]) -> dict[str, float]:
    out = dict.fromkeys(TRACE_CATEGORIES, 0.0)
    for key, value in snapshot.items():
        name = _CATEGORY.get(key)
        if name is not None:
            out[name] += float(value)
    return out


def trace(
    cfg: MemoryConfig,
    *,
    progress: Callable[[float, str], None] | None = None,
    should_cancel: Callable[[], bool] | None = None,
    instrument: Callable[[Any, Any], AbstractContextManager[Any]] | None = None,
) -> TraceResult:
    """Run one forward, backward and optimizer step of ``cfg`` on fake tensors.

    One micro-batch is traced (accumulation repeats it with the same peak). ZeRO sharding is not
    traced: the result is for one unsharded device.

    Parameters
    ----------
    progress
        Called with ``(fraction, text)`` as layers pass, from the calling thread.
    should_cancel
        Polled between ops; returning ``True`` raises :class:`TraceCancelled`.
    instrument
        Called with ``(model, optimizer)`` once both exist on fake tensors; the context manager it
        returns is entered innermost around the traced step, so a dispatch mode of the caller sees
        every op of the same single pass (the Step tab records its ops this way).
    """
    import torch
    from torch._subclasses.fake_tensor import FakeTensorMode
    from torch.distributed._tools.mem_tracker import MemTracker

    started = time.perf_counter()
    report = progress or (lambda _f, _t: None)
    cancel = should_cancel or (lambda: False)
    spec, rec = cfg.model, cfg.recipe
    layers = spec.layers
    dtypes = {"fp32": torch.float32, "bf16": torch.bfloat16, "fp16": torch.float16}
    if rec.params not in dtypes:
        raise ValueError(f"tracing {rec.params} weights is not supported; use fp32, bf16 or fp16")
    rec_ = _Recorder(layers, report, cancel, collect=cfg.checkpoint.mode != "none")
    counter = FlopCount()

    class _Tracker(MemTracker):
        def __torch_dispatch__(
            self, func: Any, types: Any, args: Any = (), kwargs: Any = None
        ) -> Any:
            # FlopCounterMode's rule, in the one mode every op passes anyway: an op with a
            # composite kernel runs (and is tracked and counted) as its decomposition.
            kwargs = kwargs or {}
            if counter.decomposes(func):
                with self:
                    out = func.decompose(*args, **kwargs)
                if out is not NotImplemented:
                    return out
            out = super().__torch_dispatch__(func, types, args, kwargs)
            if out is not NotImplemented:
                counter.add(func, args, kwargs, out)
            return out

        def _update_peak_stats(self, peak_state: Any) -> None:
            # Replaces MemTracker's per-module peak bookkeeping (a loop over every module on
            # every op: quadratic in model size) with one global sample per op.
            phase = (
                "optimizer"
                if self._in_opt
                else "backward"
                if self._mod_tracker.is_bw
                else "forward"
            )
            # One snapshot per device; summed, so a machine with CUDA (whose device may come
            # first with nothing on it) samples the same fake CPU tensors as one without.
            snap: dict[str, int] = {}
            for per_device in self._curr_mem_snap.values():
                for key, value in per_device.items():
                    snap[key] = snap.get(key, 0) + int(value)
            rec_.sample(phase, snap, self._mod_tracker.parents)

    old_dtype = torch.get_default_dtype()
    report(0.0, translate("Memory", "building the model on fake tensors"))
    try:
        with FakeTensorMode():
            torch.set_default_dtype(dtypes[rec.params])
            model = build_module(
                spec, policy=cfg.checkpoint, flash=cfg.flash, dropout=cfg.dropout,
                emulate="cuda" if cfg.kernels == "cuda" else None,
            )  # fmt: skip
            model.train()
            opt = build_optimizer(model.parameters(), rec, cfg.optimizer)
            inputs = make_batch(spec, cfg.micro, cfg.seq_len)

            def check(_module: Any, _inputs: Any) -> None:
                # Not in backward: activation checkpointing runs these hooks again from inside
                # autograd's saved-tensor hooks, where an exception terminates the process.
                if not rec_.in_backward and cancel():
                    raise TraceCancelled("trace cancelled")

            for sub in model.modules():
                sub.register_forward_pre_hook(check)
            tracker = _Tracker()
            tracker.track_external(model, opt)
            extra = instrument(model, opt) if instrument is not None else nullcontext()
            with tracker, extra:
                with autocast(rec, "cpu"):
                    loss = model(*inputs)
                rec_.in_backward = True
                loss.backward()
                rec_.in_backward = False
                if cancel():  # backward is never interrupted: see check() above
                    raise TraceCancelled("trace cancelled")
                opt.step()
                opt.zero_grad(set_to_none=True)
                tracker.reset_mod_stats()
            flops = float(counter.total)
    finally:
        torch.set_default_dtype(old_dtype)
    if rec_.ops == 0:
        raise RuntimeError(
            f"torch {torch.__version__}: MemTracker reported no op of the step (its private "
            "_update_peak_stats hook changed); the trace cannot sample memory"
        )
    report(1.0, translate("Memory", "done"))
    return rec_.result(flops, time.perf_counter() - started)


class _Recorder:
    """Samples the tracker's snapshot after every op: peak, maxima, timeline, progress, cancel."""

    _LAYER = re.compile(r"\.layers\.(\d+)")

    def __init__(
        self,
        layers: int,
        report: Callable[[float, str], None],
        cancel: Callable[[], bool],
        collect: bool = False,
    ) -> None:
        self.layers, self.report, self.cancel = layers, report, cancel
        self.in_backward = False  # set while loss.backward() runs (no cancel inside it)
        self.collect, self.layer = collect, -1
        self.ops = 0
        self.peak, self.peak_phase = -1.0, "forward"
        self.at_peak: dict[str, float] = {}
        self.maxima = dict.fromkeys(TRACE_CATEGORIES, 0.0)
        self.saved: float | None = None
        self.initial_opt: float | None = None
        self.samples: list[tuple[int, str, float, dict[str, float]]] = []
        self.last, self.last_phase, self.shown = -1.0, "", -1.0
        self._layers_in: dict[str, int] = {}

    def _layer_of(self, module: str) -> int:
        """The highest ``.layers.N`` index in a module's name (-1 for none), read once per name."""
        found = self._layers_in.get(module)
        if found is None:
            found = self._layers_in[module] = max(
                (int(m) for m in self._LAYER.findall(module)), default=-1
            )
        return found

    def sample(self, phase: str, snap: dict[str, int], parents: Any) -> None:
        """Record one op's snapshot (and poll cancel, report progress)."""
        # Raising inside an op can abort the process (torch terminates on an exception crossing
        # some C++ frames: a forward op, or backward's recompute inside a saved-tensor hook of
        # activation checkpointing); forward is cancelled from module pre-hooks, backward when it
        # has returned, and only the optimizer step between its ops.
        if phase == "optimizer" and not self.in_backward and self.cancel():
            raise TraceCancelled("trace cancelled")
        # Ops outside any module after backward began (zero_grad, bookkeeping) stay in the
        # latest phase, so the phases run forward → backward → optimizer once each.
        if PHASES.index(phase) < PHASES.index(self.last_phase or "forward"):
            phase = self.last_phase
        self.ops += 1
        total = float(snap.get("Total", 0))
        cats = _categories(snap)
        for key, value in cats.items():
            self.maxima[key] = max(self.maxima[key], value)
        if phase == "backward":
            self.saved = max(self.saved or 0.0, cats["activations"])
        if self.initial_opt is None:
            self.initial_opt = cats["optimizer"]
        if total > self.peak:
            self.peak, self.peak_phase, self.at_peak = total, phase, cats
        if total != self.last or phase != self.last_phase:
            self.samples.append((self.ops, phase, total, cats))
            self.last, self.last_phase = total, phase
        top = max((self._layer_of(p) for p in parents), default=-1)  # the layer running, or -1
        if self.collect and phase == "backward" and top >= 0 and top != self.layer:
            # Recomputed (checkpointed) activations sit in reference cycles of the fake-tensor
            # step and would look alive until Python's collector runs; a real run frees them as
            # soon as the layer's backward is done, so collect once per layer.
            self.layer = top
            gc.collect()
        done = (top + 1) / self.layers if top >= 0 else (1.0 if phase != "forward" else 0.0)
        frac = {"forward": 0.05 + 0.45 * done, "backward": 0.95 - 0.45 * done}.get(phase, 0.97)
        if abs(frac - self.shown) >= 0.02:
            self.shown = frac
            self.report(frac, _progress(phase, top, self.layers))

    def result(self, flops: float, seconds: float) -> TraceResult:
        """The :class:`TraceResult` of everything sampled."""
        categories = dict(self.maxima)
        if self.initial_opt is not None:
            categories["optimizer"] = self.initial_opt
        if self.saved is not None:
            categories["activations"] = self.saved
        return TraceResult(
            at_peak=dict(self.at_peak),
            max_by_category=dict(self.maxima),
            categories=categories,
            peak=self.peak,
            peak_phase=self.peak_phase,
            flops=flops,
            timeline=_thin(self.samples),
            seconds=seconds,
        )


def _thin(samples: list[tuple[int, str, float, dict[str, float]]]) -> list[Any]:
    """Keep at most ~1500 samples, always keeping each phase's local maxima."""
    if len(samples) <= _MAX_POINTS:
        return samples
    step = len(samples) / _MAX_POINTS
    out, i = [], 0.0
    while int(i) < len(samples):
        chunk = samples[int(i) : int(i + step) or int(i) + 1]
        out.append(max(chunk, key=lambda s: s[2]))
        i += step
    return out


def _progress(phase: str, layer: int, layers: int) -> Text:
    """``forward: layer 3 of 12`` (or ``backward: outside the layers``), translatable."""
    name = {
        "forward": translate("Memory", "forward"),
        "backward": translate("Memory", "backward"),
        "optimizer": translate("Memory", "optimizer"),
    }.get(phase, Text("", phase, {}))
    if layer < 0:
        return translate("Memory", "{phase}: outside the layers").format(phase=name)
    return translate("Memory", "{phase}: layer {layer} of {layers}").format(
        phase=name, layer=str(layer + 1), layers=str(layers)
    )
