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

import functools
import re
import threading
import time
import weakref
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass, field
from typing import Any

from core.collect import collect, collection_paused, only_new_objects
from core.memory.estimate import MemoryConfig
from core.memory.flops import FlopCount, formula_flops
from core.memory.modules import RECORDED_NAMESPACES, autocast, build_step
from core.texts import Text, translate

__all__ = ["PHASES", "TraceCancelled", "TraceResult", "exclusive_trace", "trace"]

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
_PHASE_ORDER = {phase: i for i, phase in enumerate(PHASES)}


class TraceCancelled(Exception):
    """Raised inside the traced step when the caller asked to stop."""


#: The process's one trace at a time (:func:`exclusive_trace`); re-entrant for nested calls.
_ONE_AT_A_TIME = threading.RLock()


@contextmanager
def exclusive_trace(
    progress: Callable[[float, Any], None] | None = None,
    should_cancel: Callable[[], bool] | None = None,
) -> Iterator[None]:
    """Hold the process's only trace slot while a trace runs; a second trace waits for it.

    Two traces in two threads (the Plan tab's layer and the Step tab's step, say) would corrupt
    each other: torch's module tracker hooks every module of the process
    (``register_module_forward_pre_hook``) and the default dtype is process-wide, so both failed
    with "The Module hierarchy tracking is wrong". A waiting trace says so through ``progress``
    and stops waiting when ``should_cancel()`` turns true (raising :class:`TraceCancelled`).
    While the slot is held, automatic cycle collection is paused
    (:func:`core.collect.collection_paused`).
    """
    if not _ONE_AT_A_TIME.acquire(blocking=False):
        if progress is not None:
            progress(0.0, translate("Memory", "waiting for another trace to finish"))
        while not _ONE_AT_A_TIME.acquire(timeout=0.05):
            if should_cancel is not None and should_cancel():
                raise TraceCancelled("trace cancelled")
    try:
        with collection_paused():  # the trace's imports and ops make next to no cyclic garbage
            yield
    finally:
        _ONE_AT_A_TIME.release()


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


def _categories(snapshot: dict[Any, int]) -> dict[str, float]:
    out = dict.fromkeys(TRACE_CATEGORIES, 0.0)
    # MemTracker's keys are enum members, whose hash is a Python call: a snapshot's keys (always
    # the same few, in the same order) are looked up once by their ids; the entry keeps the keys
    # alive, so the same ids are the same keys.
    ids = tuple(map(id, snapshot))
    found = _CATEGORY_OF.get(ids)
    if found is None:
        keys = tuple(snapshot)
        found = _CATEGORY_OF[ids] = (keys, tuple(_CATEGORY.get(key) for key in keys))
    for category, value in zip(found[1], snapshot.values(), strict=True):
        if category is not None:
            out[category] += float(value)
    return out


#: ``ids of a snapshot's keys -> (the keys, their categories or None)``.
_CATEGORY_OF: dict[tuple[int, ...], tuple[tuple[Any, ...], tuple[str | None, ...]]] = {}


def trace(
    cfg: MemoryConfig,
    *,
    progress: Callable[[float, str], None] | None = None,
    should_cancel: Callable[[], bool] | None = None,
    instrument: Callable[[Any, Any], AbstractContextManager[Any]] | None = None,
) -> TraceResult:
    """Run one forward, backward and optimizer step of ``cfg`` on fake tensors.

    With gradient accumulation two micro-batches are traced: the second runs its backward with
    the first one's gradients alive, as every later one does (a third would repeat the second's
    peak). ZeRO sharding is not traced: the result is for one unsharded device.

    Parameters
    ----------
    progress
        Called with ``(fraction, text)`` as layers pass, from the calling thread.
    should_cancel
        Polled before every module call and every 32 ops; returning ``True`` raises
        :class:`TraceCancelled`.
    instrument
        Called with ``(model, optimizer)`` once both exist on fake tensors; the context manager it
        returns is entered innermost around the traced step. When what it yields has a
        ``record(func, args, kwargs, out)`` method, the tracker calls it after every aten op, in
        its own dispatch (the Step tab records its ops this way: one dispatch layer for both,
        as each layer costs every op of the step a Python call).
    """
    with exclusive_trace(progress, should_cancel):
        return _trace(cfg, progress, should_cancel, instrument)


def _trace(
    cfg: MemoryConfig,
    progress: Callable[[float, str], None] | None,
    should_cancel: Callable[[], bool] | None,
    instrument: Callable[[Any, Any], AbstractContextManager[Any]] | None,
) -> TraceResult:
    import torch

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

    old_dtype = torch.get_default_dtype()
    report(0.0, translate("Memory", "building the model on fake tensors"))
    fake_mode_class, tracker_class = _tracking_classes()
    # Automatic collection is paused (exclusive_trace); the checkpointed backward collects at
    # each layer itself (_Recorder.sample), scanning only what the trace makes.
    scope = only_new_objects() if rec_.collect else nullcontext()
    try:
        with scope, fake_mode_class() as fake_mode:
            torch.set_default_dtype(dtypes[rec.params])
            model, opt, inputs = build_step(cfg)

            def check(_module: Any, _inputs: Any) -> None:
                # Not in backward: activation checkpointing runs these hooks again from inside
                # autograd's saved-tensor hooks, where an exception terminates the process.
                if not rec_.in_backward and cancel():
                    raise TraceCancelled("trace cancelled")

            for sub in model.modules():
                sub.register_forward_pre_hook(check)
            tracker = tracker_class(rec_, counter)
            tracker.track_external(model, opt)
            extra = instrument(model, opt) if instrument is not None else nullcontext()
            passes = min(cfg.accumulation, 2)
            with tracker, extra as observer:
                tracker.observer = getattr(observer, "record", None)
                fake_mode.tracker = tracker
                try:
                    for i in range(passes):
                        if i:
                            tracker.reset_mod_stats()  # MemTracker's per-module stats: one pass each
                        rec_.micro_batch(i, passes)
                        with autocast(rec, "cpu"):
                            loss = model(*inputs)
                        rec_.in_backward = True
                        loss.backward()
                        rec_.in_backward = False
                        del loss
                        if cancel():  # backward is never interrupted: see check() above
                            raise TraceCancelled("trace cancelled")
                    opt.step()
                    opt.zero_grad(set_to_none=True)
                finally:
                    fake_mode.tracker = None
                tracker.reset_mod_stats()
            flops = float(counter.total)
    finally:
        torch.set_default_dtype(old_dtype)
    if rec_.ops == 0:
        raise RuntimeError(
            f"torch {torch.__version__}: the memory tracker saw no op of the step; the trace "
            "cannot sample memory"
        )
    report(1.0, translate("Memory", "done"))
    return rec_.result(flops, time.perf_counter() - started)


@functools.cache
def _tracking_classes() -> tuple[Any, Any]:
    """``(TrackedFakeMode, Tracker)``, made once: the fake mode that tracks, and its tracker.

    The trace needs fake tensors, memory by category, FLOPs and (for the Step tab) every op, and
    every op it runs pays a Python call per dispatch mode it passes. So there is one mode: a
    ``FakeTensorMode`` that hands each op dispatched to it from outside (not the ones it runs
    itself while faking one) to a ``MemTracker`` that is not entered as a mode of its own. Per op,
    the tracker does what ``MemTracker.__torch_dispatch__`` does for a single-device fake step
    (track the new storages of the outputs as activations, temporaries or optimizer state, then
    sample) without the pytree walk, counts FLOPs (:mod:`core.memory.flops`) and calls the
    observer. Its module hooks keep what sets the categories (parameters, buffers and gradient
    hooks on a module's first call, the checkpointed region during backward) and drop the
    per-module snapshots, which nothing here reads. The Step tab's speed and the plan's depend
    on this path: it runs thousands of times per step.
    """
    import torch
    from torch._subclasses.fake_tensor import FakeTensor, FakeTensorMode
    from torch.distributed._tools import mem_tracker as mt
    from torch.utils._python_dispatch import TorchDispatchMode

    prim_device = torch.ops.prim.device.default
    graph_task_id = torch._C._current_graph_task_id
    tensor_type = torch.Tensor
    needed = ("_track", "_update_snap", "_curr_mem_snap", "_in_opt", "_in_ac", "_ac_mod", "_WINFO",
              "_mod_tracker", "memory_tracking", "_track_module_params_and_buffers",
              "_delete_callback")  # fmt: skip
    probe = mt.MemTracker()
    missing = [n for n in needed if not hasattr(probe, n)] + [
        n
        for n in ("_MemRefType", "_UpdateType", "_WeakRefInfo", "_TOTAL_KEY")
        if not hasattr(mt, n)
    ]
    if missing:
        raise RuntimeError(
            f"torch {torch.__version__}: MemTracker has no {', '.join(missing)} (its internals "
            "changed); the trace cannot track memory"
        )
    opt_ref, temp_ref, act_ref = mt._MemRefType.OPT, mt._MemRefType.TEMP, mt._MemRefType.ACT
    add_update, make_winfo = mt._UpdateType.ADD, mt._WeakRefInfo.create_winfo
    total_key, del_update = mt._TOTAL_KEY, mt._UpdateType.DEL
    # FakeTensorMode's own dispatch, inside the torch.compile guard every mode's dispatch gets
    # (``__wrapped__``): nothing is compiled here, and the guard costs each op a few calls.
    fake_dispatch = FakeTensorMode.__torch_dispatch__
    fake_dispatch = getattr(fake_dispatch, "__wrapped__", fake_dispatch)

    class Unpushed(TorchDispatchMode):
        """Entering and leaving it pushes no dispatch mode (MemTracker keeps its hooks)."""

        def __enter__(self) -> Any:
            return self

        def __exit__(self, *args: Any) -> None:
            return None

    class Tracker(mt.MemTracker, Unpushed):
        _in_ac: bool  # MemTracker's: inside a checkpointed region run again during backward
        _ac_mod: weakref.ref[Any] | None  # the outermost module of that region

        def __init__(self, sampler: _Recorder, counter: FlopCount) -> None:
            super().__init__()
            self.sampler, self.counter = sampler, counter
            self.observer: Callable[..., None] | None = None
            self._covered: set[int] = set()  # ids of modules whose parameters are tracked

        def track_output(self, ref: Any, t: Any) -> None:
            """``MemTracker._track`` of one output tensor (a fake tensor's one storage here)."""
            if type(t) is not FakeTensor:
                self._track(ref, t)
                return
            st = t.untyped_storage()
            winfo, _ = self._WINFO.get(st, (None, None))
            if winfo is not None:
                if winfo.size != st.size():
                    self._track(ref, t)  # a resized storage: MemTracker's own update
                return
            winfo, w_st = make_winfo(st, t.device, ref, self._delete_callback)
            self._WINFO[st] = (winfo, w_st)
            if winfo.mem_consumed > 0:
                self._update_snap(add_update, winfo)

        def sample(self) -> None:
            """Sample the current snapshot in the phase the step is in."""
            if self._in_opt:
                phase = "optimizer"
            elif graph_task_id() != -1:
                phase = "backward"
            else:
                phase = "forward"
            self.sampler.sample(phase, self._curr_mem_snap, self._mod_tracker.parents)

        def _update_snap(self, u_type: Any, winfo: Any, *args: Any, **kwargs: Any) -> None:
            snap = self._curr_mem_snap
            dev_snap = snap.get(winfo.device)
            if dev_snap is None or args or kwargs:
                super()._update_snap(u_type, winfo, *args, **kwargs)
            elif u_type is add_update:
                # MemTracker's own ADD and DEL on a device it holds already, without the fresh
                # per-device dict its ``setdefault`` builds (iterating an enum) on every call
                dev_snap[winfo.reftype] += winfo.mem_consumed
                dev_snap[total_key] += winfo.mem_consumed
            elif u_type is del_update:
                dev_snap[winfo.reftype] -= winfo.mem_consumed
                dev_snap[total_key] -= winfo.mem_consumed
                if dev_snap[total_key] == 0:
                    del snap[winfo.device]
            else:
                super()._update_snap(u_type, winfo, *args, **kwargs)
            self.sampler.dirty = True

        # Module hooks (called by MemTracker's ModTracker): only what decides categories.
        # ModTracker changes its running modules around each of them, so they also tell the
        # sampler to read the layer again.
        def _pre_fw_hook(self, module: Any, inputs: Any) -> None:
            self.sampler.moved = True
            if module not in self.memory_tracking:
                if id(module) not in self._covered:
                    # Every parameter and buffer below it, and their gradient hooks, once: a
                    # submodule's own call would only find them tracked already.
                    self._track_module_params_and_buffers(module, install_grad_hooks=True)
                    self._covered.update(id(m) for m in module.modules())
                self.memory_tracking[module] = None
            elif graph_task_id() != -1 and self._ac_mod is None:
                self._ac_mod = weakref.ref(module)  # the outermost module run again (recompute)
                self._in_ac = True

        def _post_fw_hook(self, module: Any, inputs: Any, outputs: Any) -> None:
            self.sampler.moved = True
            if graph_task_id() != -1 and self._ac_mod is not None and self._ac_mod() is module:
                self._ac_mod = None
                self._in_ac = False

        def _pre_bw_hook(self, module: Any, args: Any) -> None:
            self.sampler.moved = True

        def _post_bw_hook(self, module: Any, args: Any) -> None:
            self.sampler.moved = True

    class TrackedFakeMode(FakeTensorMode):
        """``FakeTensorMode`` that hands the ops dispatched to it to :attr:`tracker` (if set)."""

        def __init__(self) -> None:
            super().__init__()
            self.tracker: Tracker | None = None
            #: Inside FakeTensorMode's own dispatch of an op: the ops it runs meanwhile are not
            #: tracked (as a mode above it would not see them).
            self._faking = False
            self._inner = 0  # > 0 while a composite op runs as its decomposition
            #: ``id(op) -> (op, decomposes, formula, aten)``, worked out once per op.
            self._ops: dict[int, tuple[Any, bool, Any, bool]] = {}

        @classmethod
        def _should_skip_dynamo(cls) -> bool:
            return False  # no torch.compile guard around this dispatch either (see above)

        def __torch_dispatch__(
            self, func: Any, types: Any, args: Any = (), kwargs: Any = None
        ) -> Any:
            kwargs = kwargs or {}
            tracker = self.tracker
            if tracker is None or self._faking:
                return fake_dispatch(self, func, types, args, kwargs)
            if func is prim_device:  # the autograd engine asking a fake tensor its device
                self._faking = True  # (FakeTensorMode's own ops meanwhile are not tracked)
                try:
                    out = fake_dispatch(self, func, types, args, kwargs)
                finally:
                    self._faking = False
                # most of a step's dispatches: counted in place when nothing changed (as
                # _Recorder.sample would, without its two calls), sampled otherwise
                sampler = tracker.sampler
                if tracker._in_opt:
                    phase = "optimizer"
                elif graph_task_id() != -1:
                    phase = "backward"
                else:
                    phase = "forward"
                if (
                    not sampler.dirty
                    and not sampler.moved
                    and sampler.last_phase
                    and _PHASE_ORDER[phase] <= _PHASE_ORDER[sampler.last_phase]
                    and tracker._mod_tracker.parents is sampler._in
                    and (phase == "forward" or sampler.ops & 31)
                ):
                    sampler.ops += 1
                else:
                    sampler.sample(phase, tracker._curr_mem_snap, tracker._mod_tracker.parents)
                return out
            facts = self._ops.get(id(func))
            if facts is None or facts[0] is not func:
                decomposes, formula = tracker.counter.facts(func)
                facts = self._ops[id(func)] = (
                    func,
                    decomposes,
                    formula,
                    func.namespace in RECORDED_NAMESPACES,
                )
            # FlopCounterMode's rule: an op with a composite kernel runs (and is tracked and
            # counted) as its decomposition; the observer sees the op itself.
            if facts[1]:
                self._inner += 1
                try:
                    with self:
                        out = func.decompose(*args, **kwargs)
                finally:
                    self._inner -= 1
                if out is not NotImplemented:
                    if facts[3] and tracker.observer is not None and not self._inner:
                        tracker.observer(func, args, kwargs, out)
                    return out
            self._faking = True
            try:
                out = fake_dispatch(self, func, types, args, kwargs)
            finally:
                self._faking = False
            # MemTracker's tracking of the outputs, without its pytree walk
            if tracker._in_opt:
                ref = opt_ref
            elif graph_task_id() != -1 and not tracker._in_ac:
                ref = temp_ref
            else:
                ref = act_ref
            if isinstance(out, tensor_type):
                tracker.track_output(ref, out)
            elif isinstance(out, list | tuple | dict):
                _track_outputs(tracker.track_output, ref, out)
            tracker.sample()
            if facts[2] is not None:
                tracker.counter.total += formula_flops(facts[2], args, kwargs, out)
            if facts[3] and tracker.observer is not None and not self._inner:
                tracker.observer(func, args, kwargs, out)
            return out

    return TrackedFakeMode, Tracker


def _track_outputs(track: Callable[[Any, Any], None], ref: Any, out: Any) -> None:
    """``track(ref, t)`` for every tensor in an op's output (a tensor, or lists and tuples)."""
    import torch

    if isinstance(out, torch.Tensor):
        track(ref, out)
    elif isinstance(out, list | tuple):
        for item in out:
            _track_outputs(track, ref, item)
    elif isinstance(out, dict):
        for item in out.values():
            _track_outputs(track, ref, item)


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
        self._micro, self._passes = 0, 1
        #: Set by the tracker whenever its snapshot changes; the categories are summed again then.
        self.dirty = True
        #: Set by the tracker's module hooks whenever the modules running may have changed.
        self.moved = True
        self._in: Any = None  # the set of running modules the layer was last read from
        self._top = -1
        self.total, self.cats = 0.0, dict.fromkeys(TRACE_CATEGORIES, 0.0)

    def micro_batch(self, index: int, passes: int) -> None:
        """A micro-batch's forward begins: phases may start again from forward."""
        self._micro, self._passes = index, passes
        if index:
            self.last_phase = "forward"

    def _layer_of(self, module: str) -> int:
        """The highest ``.layers.N`` index in a module's name (-1 for none), read once per name."""
        found = self._layers_in.get(module)
        if found is None:
            found = self._layers_in[module] = max(
                (int(m) for m in self._LAYER.findall(module)), default=-1
            )
        return found

    def sample(self, phase: str, snap: dict[Any, dict[Any, int]], parents: Any) -> None:
        """Record one op's snapshot (and poll cancel, report progress).

        ``snap`` is the tracker's current snapshot, one dict per device; they are summed (a
        machine with CUDA, whose device may come first with nothing on it, samples the same fake
        CPU tensors as one without), only when the tracker changed it since the last op
        (:attr:`dirty`).
        """
        # Raising inside an op can abort the process (torch terminates on an exception crossing
        # some C++ frames: a forward op, or backward's recompute inside a saved-tensor hook of
        # activation checkpointing); forward is cancelled from module pre-hooks, backward when it
        # has returned, and only the optimizer step between its ops (polled every 32 ops).
        if phase == "optimizer" and not self.in_backward and not self.ops & 31 and self.cancel():
            raise TraceCancelled("trace cancelled")
        # Ops outside any module after backward began (zero_grad, bookkeeping) stay in the
        # latest phase, so the phases run forward → backward (per micro-batch) → optimizer.
        if phase != self.last_phase and (
            _PHASE_ORDER[phase] < _PHASE_ORDER[self.last_phase or "forward"]
        ):
            phase = self.last_phase
        self.ops += 1
        if not self.dirty and not self.moved and phase == self.last_phase and parents is self._in:
            return  # nothing changed since the last op: every figure below would stay the same
        if self.dirty:
            self.dirty = False
            summed: dict[Any, int]
            if len(snap) == 1:  # one device: its snapshot as it is
                (summed,) = snap.values()
            else:
                summed = {}
                for per_device in snap.values():
                    for key, value in per_device.items():
                        summed[key] = summed.get(key, 0) + int(value)
            self.total, self.cats = float(summed.get("Total", 0)), _categories(summed)
            for key, held in self.cats.items():
                if held > self.maxima[key]:
                    self.maxima[key] = held
        total, cats = self.total, self.cats
        if phase == "backward":
            self.saved = max(self.saved or 0.0, cats["activations"])
        if self.initial_opt is None:
            self.initial_opt = cats["optimizer"]
        if total > self.peak:
            self.peak, self.peak_phase, self.at_peak = total, phase, cats
        if total != self.last or phase != self.last_phase:
            self.samples.append((self.ops, phase, total, cats))
            self.last, self.last_phase = total, phase
        if self.moved or parents is not self._in:
            self.moved, self._in = False, parents
            top = -1  # the layer running, or -1
            for name in parents:
                layer = self._layers_in.get(name)
                if layer is None:
                    layer = self._layer_of(name)
                if layer > top:
                    top = layer
            self._top = top
        top = self._top
        if self.collect and phase == "backward" and top >= 0 and top != self.layer:
            # Recomputed (checkpointed) activations sit in reference cycles of the fake-tensor
            # step and would look alive until Python's collector runs; a real run frees them as
            # soon as the layer's backward is done, so collect once per layer.
            self.layer = top
            collect()  # in the GUI thread when a window runs this trace (core.collect)
        if phase == "forward":
            frac = 0.05 + 0.45 * ((top + 1) / self.layers if top >= 0 else 0.0)
        elif phase == "backward":
            frac = 0.95 - 0.45 * ((top + 1) / self.layers if top >= 0 else 1.0)
        else:
            frac = 0.97
        if phase != "optimizer" and self._passes > 1:
            frac = 0.05 + (self._micro + (frac - 0.05) / 0.9) * 0.9 / self._passes
        # Never back: the head after the last layer and the embedding after the first layer's
        # backward run outside the layers, which the formulas above place at the pass's start.
        frac = max(frac, self.shown)
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
