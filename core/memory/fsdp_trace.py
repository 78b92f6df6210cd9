"""Memory per rank under ZeRO-1, ZeRO-2 and ZeRO-3 (FSDP) traced in one process with N fake ranks.

torch.distributed's fake process group (``backend="fake"`` with ``FakeStore``: every collective
returns at once, moving nothing) stands in for N ranks; the model of a
:class:`~core.memory.estimate.MemoryConfig` is built on fake tensors. One warm-up step creates the
optimizer state; the second step is the one reported. Ranks are symmetric, so rank 0 stands for all
(except under ZeRO-1, see below). A dispatch mode counts the collectives issued (all-gather,
reduce-scatter, all-reduce, broadcast) with their tensor sizes.

ZeRO-2 and ZeRO-3 run torch's FSDP2: a CPU ``DeviceMesh`` of N, ``fully_shard`` on every layer and
the root (parameters become ``DTensor`` shards), and torch's ``FSDPMemTracker`` for rank 0's peak by
category (sharded and unsharded parameters and gradients, all-gather and reduce-scatter buffers,
activations, temporaries, optimizer state). ``zero=2`` is FSDP's SHARD_GRAD_OP
(``reshard_after_forward=False``): parameters stay gathered from forward to the end of backward,
but between steps FSDP keeps only a 1/N shard, where the ZeRO-2 formula keeps full weights. FSDP
pads each parameter's first dimension to a multiple of N, so at large N small parameters take more
than 1/N.

ZeRO-1 (only the optimizer state sharded) is not an FSDP mode. It is traced with torch's own
ZeRO-1, ``torch.distributed.optim.ZeroRedundancyOptimizer``, over replicated parameters, and torch's
``MemTracker``; gradients are all-reduced one tensor at a time after backward, as
``DistributedDataParallel`` does in buckets (DDP itself cannot wrap a fake-tensor model: it copies
real data at construction). ``ZeroRedundancyOptimizer`` gives each rank whole parameter tensors
(largest first, to the least-loaded rank), so rank 0's share of the optimizer state is 1/N only
when the tensors split evenly; :func:`compare` reports the mean over ranks (the formula's 1/N) and
rank 0's own share. More ranks than parameter tensors cannot be traced (a rank would hold nothing).

What the trace cannot see: the CUDA context, the caching allocator, NCCL's own buffers, and timing
(the fake group moves nothing).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from core.echo import brief
from core.errors import InputError
from core.memory.estimate import MemoryConfig
from core.memory.modules import build_module, build_optimizer, make_batch, optimizer_class
from core.texts import Text, join_texts, translate
from core.units import format_bytes, format_percent

__all__ = [
    "FSDP_CATEGORIES",
    "MAX_WORLD",
    "FsdpTrace",
    "check",
    "check_weights",
    "compare",
    "explain_rank",
    "rank_bar",
    "trace_fsdp",
]

#: FSDPMemTracker's categories -> ours.
FSDP_CATEGORIES: dict[str, str] = {
    "SHARDED_PARAM": "sharded_params",
    "UNSHARDED_PARAM": "unsharded_params",
    "BUFFER": "buffers",
    "SHARDED_GRAD": "sharded_grads",
    "UNSHARDED_GRAD": "unsharded_grads",
    "ACT": "activations",
    "TEMP": "temporaries",
    "ALL_GATHER": "all_gather_buffers",
    "REDUCE_SCATTER": "reduce_scatter_buffers",
    "OPT": "optimizer",
    "INP": "inputs",
}
#: MemTracker's categories (ZeRO-1: parameters and gradients replicated) -> ours.
_REPLICATED_CATEGORIES: dict[str, str] = {
    "PARAM": "params",
    "BUFFER": "buffers",
    "GRAD": "grads",
    "ACT": "activations",
    "TEMP": "temporaries",
    "OPT": "optimizer",
    "OTH": "other",
}
_COLLECTIVES = {
    "_allgather_base_": "all-gather",
    "allgather_into_tensor_coalesced_": "all-gather",
    "_reduce_scatter_base_": "reduce-scatter",
    "reduce_scatter_tensor_coalesced_": "reduce-scatter",
    "allreduce_": "all-reduce",
    "allreduce_coalesced_": "all-reduce",
    "broadcast_": "broadcast",
}
MAX_WORLD = 1024
_STEPS = 2  # a warm-up step, then the one reported

#: How each stage is traced (the JSON's ``method``).
METHODS: dict[int, str] = {
    1: "ZeroRedundancyOptimizer (torch's ZeRO-1) over replicated parameters; gradients "
    "all-reduced per tensor as DDP does",
    2: "FSDP2 fully_shard with reshard_after_forward=False (SHARD_GRAD_OP)",
    3: "FSDP2 fully_shard (FULL_SHARD)",
}

Progress = Callable[[float, Text], None]


@dataclass
class FsdpTrace:
    """Rank 0's memory under ZeRO-``zero`` with ``world_size`` ranks, in bytes.

    ``optimizer_share`` is rank 0's fraction of all optimizer state (ZeRO-1 hands out whole
    tensors; 1/N under FSDP).
    """

    world_size: int
    zero: int
    peak: float
    at_peak: dict[str, float]
    after_step: dict[str, float]
    collectives: dict[str, dict[str, float]] = field(default_factory=dict)
    seconds: float = 0.0
    optimizer_share: float | None = None

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "world_size": self.world_size,
            "zero": self.zero,
            "method": METHODS[self.zero],
            "peak_bytes": self.peak,
            "at_peak": dict(self.at_peak),
            "after_step": dict(self.after_step),
            "collectives": {k: dict(v) for k, v in self.collectives.items()},
            "optimizer_share": self.optimizer_share,
            "seconds": self.seconds,
        }


def _ours(snapshot: dict[Any, int], names: dict[str, str]) -> dict[str, float]:
    out: dict[str, float] = {}
    for key, value in snapshot.items():
        name = getattr(key, "name", str(key))
        if name in names and value:
            ours = names[name]
            out[ours] = out.get(ours, 0.0) + float(value)
    return out


def check(cfg: MemoryConfig, world_size: object) -> None:
    """Refuse what cannot be traced per rank, before any work (the UI calls it up front).

    Raises
    ------
    InputError
        For a world size that is not a whole number from 1 to 1024, ``cfg.zero`` of 0, or weights
        in a dtype the trace cannot build.
    """
    if isinstance(world_size, bool) or not isinstance(world_size, int):
        raise InputError(
            translate("Memory", "GPUs: {value} is not a whole number").format(
                value=brief(world_size)
            ),
            field="gpus",
        )
    if not 1 <= world_size <= MAX_WORLD:
        raise InputError(
            translate(
                "Memory", "GPUs: {ranks} ranks cannot be traced per rank; allowed: 1 to {most}"
            ).format(ranks=f"{world_size:,}", most=f"{MAX_WORLD:,}"),
            field="gpus",
        )
    if cfg.zero not in (1, 2, 3):
        raise InputError(
            translate(
                "Memory",
                "ZeRO: stage {zero} is not traced per rank (every rank holds everything, as in "
                "the one-device trace); allowed: 1, 2 or 3",
            ).format(zero=str(cfg.zero)),
            field="zero",
        )
    if cfg.experts.parallel:
        raise InputError(
            translate(
                "Memory",
                "EP {ep} × ETP {etp}: the per-rank trace shards every weight over all ranks and "
                "does not lay experts out by expert parallelism (the one-device trace is one "
                "expert-parallel rank's share); allowed per rank: EP 1 and ETP 1",
            ).format(ep=str(cfg.ep), etp=str(cfg.etp)),
            field="ep",
        )
    check_weights(cfg)


def check_weights(cfg: MemoryConfig) -> None:
    """Refuse weights in a dtype that no trace can build (fp8 storage)."""
    if cfg.recipe.params not in ("fp32", "bf16", "fp16"):
        raise InputError(
            translate(
                "Memory",
                "Recipe: tracing {dtype} weights is not supported; allowed: fp32, bf16 or fp16",
            ).format(dtype=cfg.recipe.params),
            field="recipe",
        )


def trace_fsdp(
    cfg: MemoryConfig,
    world_size: int,
    progress: Progress | None = None,
    should_cancel: Callable[[], bool] | None = None,
) -> FsdpTrace:
    """Trace one training step of ``cfg`` under ZeRO-``cfg.zero`` with ``world_size`` fake ranks.

    Parameters
    ----------
    progress
        Called with the fraction done and what is happening (a translatable sentence).
    should_cancel
        Polled between layers and ops; returning ``True`` raises
        :class:`~core.memory.trace.TraceCancelled`.

    Raises
    ------
    InputError
        See :func:`check`; also for a process group already running in this process, and under
        ZeRO-1 for more ranks than the model has parameter tensors.
    """
    import torch.distributed as dist

    check(cfg, world_size)
    if dist.is_initialized():
        raise InputError(
            translate("Memory", "trace: a torch.distributed process group is already running here")
        )
    from torch.testing._internal.distributed.fake_pg import FakeStore

    from core.memory.trace import exclusive_trace

    with exclusive_trace(progress, should_cancel):  # one trace at a time in this process
        started = time.perf_counter()
        dist.init_process_group("fake", store=FakeStore(), rank=0, world_size=world_size)
        try:
            result = _traced_step(cfg, world_size, progress, should_cancel)
        finally:
            dist.destroy_process_group()
    result.seconds = time.perf_counter() - started
    return result


class _Watch:
    """Progress per layer forward, cancel between layers and between backward's ops."""

    def __init__(self, cfg: MemoryConfig, world: int, progress: Progress | None,
                 should_cancel: Callable[[], bool] | None) -> None:  # fmt: skip
        self.report = progress or (lambda _f, _t: None)
        self.cancel = should_cancel or (lambda: False)
        self.world, self.zero = world, cfg.zero
        self.step, self.layers, self.in_backward = 0, 1, False

    def stop_if_cancelled(self) -> None:
        from core.memory.trace import TraceCancelled

        if self.cancel():
            raise TraceCancelled("trace cancelled")

    def hook(self, model: Any) -> None:
        layers = list(getattr(model, "layers", ()))
        self.layers = max(1, len(layers))
        for index, layer in enumerate(layers):
            layer.register_forward_pre_hook(lambda _m, _i, i=index: self.layer(i))

    def layer(self, index: int) -> None:
        if not self.in_backward:  # recompute in backward runs these hooks again (see _counter)
            self.stop_if_cancelled()
        done = (self.step + (index + 1) / self.layers / 2) / _STEPS
        self.report(
            done,
            translate(
                "Memory",
                "per-rank trace (ZeRO-{zero}, {ranks} fake ranks): step {step} of {steps}, "
                "forward of layer {layer} of {layers}",
            ).format(
                zero=str(self.zero), ranks=f"{self.world:,}", step=str(self.step + 1),
                steps=str(_STEPS), layer=str(index + 1), layers=str(self.layers),
            ),
        )  # fmt: skip


def _counter(watch: _Watch) -> Any:
    import torch
    from torch.utils._python_dispatch import TorchDispatchMode

    class _Collectives(TorchDispatchMode):
        def __init__(self) -> None:
            super().__init__()
            self.seen: dict[str, dict[str, float]] = {}

        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            # No cancel inside an op: raising in a forward op, or in backward's recompute under
            # a saved-tensor hook, terminates the process; the watch stops between phases.
            name = func._schema.name.split("::")[-1]
            kind = _COLLECTIVES.get(name)
            if kind is not None:
                sizes = [
                    t.numel() * t.element_size()
                    for t in torch.utils._pytree.tree_leaves((args, kwargs))
                    if isinstance(t, torch.Tensor)
                ]
                row = self.seen.setdefault(kind, {"calls": 0, "bytes": 0.0})
                row["calls"] += 1
                row["bytes"] += float(max(sizes, default=0))
            return func(*args, **(kwargs or {}))

    return _Collectives()


def _traced_step(
    cfg: MemoryConfig,
    world_size: int,
    progress: Progress | None,
    should_cancel: Callable[[], bool] | None,
) -> FsdpTrace:
    import torch
    from torch._subclasses.fake_tensor import FakeTensorMode

    dtypes = {"fp32": torch.float32, "bf16": torch.bfloat16, "fp16": torch.float16}
    watch = _Watch(cfg, world_size, progress, should_cancel)
    mesh = None
    if cfg.zero > 1:  # a real (CPU) mesh: made outside fake mode
        from torch.distributed.device_mesh import init_device_mesh

        mesh = init_device_mesh("cpu", (world_size,))
    old = torch.get_default_dtype()
    try:
        with FakeTensorMode():
            torch.set_default_dtype(dtypes[cfg.recipe.params])
            model = build_module(cfg.model, policy=cfg.checkpoint, flash=cfg.flash)
            inputs = make_batch(cfg.model, cfg.micro, cfg.seq_len)
            if cfg.zero == 1:
                return _zero1(cfg, world_size, model, inputs, watch)
            return _fsdp(cfg, world_size, mesh, model, inputs, watch)
    finally:
        torch.set_default_dtype(old)


def _run_steps(model: Any, inputs: Any, opt: Any, tracker: Any, watch: _Watch, counter: Any,
               after_backward: Callable[[], None] = lambda: None) -> dict[Any, int]:  # fmt: skip
    """Two steps under ``tracker``; returns the snapshot after the second optimizer step."""
    after: dict[Any, int] = {}
    with tracker:
        for step in range(_STEPS):
            watch.step, watch.in_backward = step, False
            if step == 1:
                tracker.reset_mod_stats()
                counter.seen.clear()
            with counter:
                loss = model(*inputs)
                watch.stop_if_cancelled()
                watch.in_backward = True
                loss.backward()
                after_backward()
                watch.in_backward = False
                watch.stop_if_cancelled()
                opt.step()
            after = next(iter(tracker.get_tracker_snapshot("current").values()))
            opt.zero_grad(set_to_none=True)
    return after


def _fsdp(cfg: MemoryConfig, world_size: int, mesh: Any, model: Any, inputs: Any,
          watch: _Watch) -> FsdpTrace:  # fmt: skip
    from torch.distributed._tools.fsdp2_mem_tracker import FSDPMemTracker
    from torch.distributed.fsdp import fully_shard

    reshard = cfg.zero == 3
    for layer in getattr(model, "layers", ()):
        fully_shard(layer, mesh=mesh, reshard_after_forward=reshard)
    fully_shard(model, mesh=mesh, reshard_after_forward=reshard)
    watch.hook(model)
    opt = build_optimizer(model.parameters(), cfg.recipe, cfg.optimizer)
    tracker = FSDPMemTracker(model, opt)
    tracker.track_inputs(inputs)
    counter = _counter(watch)
    after = _ours(_run_steps(model, inputs, opt, tracker, watch, counter), FSDP_CATEGORIES)
    return _result(cfg, world_size, tracker, FSDP_CATEGORIES, after, counter, 1 / world_size)


def _zero1(cfg: MemoryConfig, world_size: int, model: Any, inputs: Any, watch: _Watch) -> FsdpTrace:
    import torch.distributed as dist
    from torch.distributed._tools.mem_tracker import MemTracker
    from torch.distributed.optim import ZeroRedundancyOptimizer

    params = list(model.parameters())
    if world_size > len(params):
        raise InputError(
            translate(
                "Memory",
                "GPUs: ZeRO-1 over {ranks} ranks cannot be traced: the model has {tensors} "
                "parameter tensors and each rank's optimizer state is made of whole tensors; "
                "allowed: 1 to {tensors} ranks",
            ).format(ranks=f"{world_size:,}", tensors=f"{len(params):,}"),
            field="gpus",
        )
    watch.hook(model)
    opt = ZeroRedundancyOptimizer(
        params, optimizer_class=optimizer_class(cfg.recipe, cfg.optimizer)
    )
    sizes = [sum(p.numel() for group in groups for p in group["params"])
             for groups in opt._partition_parameters()]  # type: ignore[attr-defined]  # fmt: skip
    share = sizes[0] / max(1, sum(sizes))
    tracker = MemTracker()
    tracker.track_external(model, opt.optim, *inputs)

    def all_reduce_grads() -> None:  # what DDP does after backward, one bucket per tensor here
        for p in params:
            if p.grad is not None:
                dist.all_reduce(p.grad)

    counter = _counter(watch)
    snap = _run_steps(model, inputs, opt, tracker, watch, counter, all_reduce_grads)
    after = _ours(snap, _REPLICATED_CATEGORIES)
    return _result(cfg, world_size, tracker, _REPLICATED_CATEGORIES, after, counter, share)


def _result(cfg: MemoryConfig, world_size: int, tracker: Any, names: dict[str, str],
            after: dict[str, float], counter: Any, share: float) -> FsdpTrace:  # fmt: skip
    peak_snap = next(iter(tracker.get_tracker_snapshot("peak").values()))
    at_peak = _ours(peak_snap, names)
    total = next(
        (float(v) for k, v in peak_snap.items() if str(k) == "Total"), sum(at_peak.values())
    )
    return FsdpTrace(world_size, cfg.zero, total, at_peak, after, counter.seen,
                     optimizer_share=share)  # fmt: skip


#: Estimate category -> the traced categories it corresponds to (after the step: persistent state).
_AGAINST: dict[int, dict[str, tuple[str, ...]]] = {
    1: {"params": ("params", "buffers"), "grads": ("grads",), "optimizer": ("optimizer",)},
    2: {"params": ("sharded_params", "buffers"), "grads": ("sharded_grads",),
        "optimizer": ("optimizer",)},
    3: {"params": ("sharded_params", "buffers"), "grads": ("sharded_grads",),
        "optimizer": ("optimizer",)},
}  # fmt: skip


def compare(trace: FsdpTrace, cfg: MemoryConfig) -> list[dict[str, Any]]:
    """Traced persistent bytes per rank beside the ZeRO formula of :func:`estimate`, with gaps.

    Each row: ``category``, ``traced`` (rank 0, after the step), ``formula`` (the estimate's bytes
    per device), ``gap`` and ``why`` (a sentence when the gap is above 10 %, else empty). Under
    ZeRO-1 a row ``optimizer_mean`` adds the optimizer state averaged over the ranks (what the
    formula's 1/N describes), derived from rank 0's bytes and the partition's sizes.
    """
    from dataclasses import replace

    from core.memory.estimate import estimate

    formula = estimate(replace(cfg, gpus=trace.world_size, zero=trace.zero))
    rows = []
    for name, parts in _AGAINST[trace.zero].items():
        traced = sum(trace.after_step.get(p, 0.0) for p in parts)
        want = float(formula.bytes.get(name, 0.0))
        rows.append(_row(name, traced, want, _why(trace, name, traced, want)))
    if trace.zero == 1 and trace.optimizer_share:
        traced = trace.after_step.get("optimizer", 0.0) / trace.optimizer_share
        mean = traced / trace.world_size
        want = float(formula.bytes.get("optimizer", 0.0))
        rows.append(_row("optimizer_mean", mean, want, _why(trace, "optimizer", mean, want)))
    return rows


def _row(name: str, traced: float, want: float, why: str) -> dict[str, Any]:
    gap = traced / want - 1 if want else 0.0
    return {"category": name, "traced": traced, "formula": want, "gap": gap,
            "why": why if abs(gap) > 0.10 else ""}  # fmt: skip


def _why(trace: FsdpTrace, name: str, traced: float, want: float) -> str:
    """Why rank 0's ``name`` differs from the formula (used only when the gap is above 10 %)."""
    n = f"{trace.world_size:,}"
    if trace.zero == 2 and name == "params" and traced < want:
        return translate(
            "Memory",
            "FSDP's ZeRO-2 (SHARD_GRAD_OP) keeps only a 1/{ranks} shard of the weights between "
            "steps and gathers them whole from forward to the end of backward; the ZeRO-2 "
            "formula keeps full weights on every rank",
        ).format(ranks=n)
    if trace.zero == 1 and name == "optimizer" and trace.optimizer_share is not None:
        return translate(
            "Memory",
            "ZeroRedundancyOptimizer gives each rank whole parameter tensors, largest first: "
            "rank 0 holds {share} of the optimizer state, not 1/{ranks}",
        ).format(share=format_percent(trace.optimizer_share), ranks=n)
    if traced > want and trace.zero > 1:
        return translate(
            "Memory",
            "FSDP pads every parameter's first dimension to a multiple of {ranks} ranks: "
            "parameters with fewer rows than ranks still take a whole row per rank",
        ).format(ranks=n)
    if traced > want:
        return translate("Memory", "the trace keeps state the formula does not count")
    return translate("Memory", "the formula counts state this optimizer does not keep")


#: Names of the compared categories in sentences.
_NAMES: dict[str, Text] = {
    "params": translate("Memory", "weights"),
    "grads": translate("Memory", "gradients"),
    "optimizer": translate("Memory", "optimizer state"),
    "optimizer_mean": translate("Memory", "optimizer state (mean of the ranks)"),
    "activations": translate("Memory", "activations"),
    "temporaries": translate("Memory", "temporaries"),
}
#: The estimate's categories -> the traced ones drawn in their place (bars at the peak).
_BAR: dict[str, tuple[str, ...]] = {
    "params": ("params", "sharded_params", "unsharded_params", "buffers", "all_gather_buffers"),
    "grads": ("grads", "sharded_grads", "unsharded_grads", "reduce_scatter_buffers"),
    "optimizer": ("optimizer",),
    "activations": ("activations", "inputs", "other"),
    "temporaries": ("temporaries",),
}


def rank_bar(trace: FsdpTrace) -> dict[str, float]:
    """Rank 0's bytes at its peak in the estimate's categories (gather buffers join weights,
    reduce-scatter buffers join gradients, inputs join activations)."""
    return {k: sum(trace.at_peak.get(p, 0.0) for p in parts) for k, parts in _BAR.items()}


def explain_rank(trace: FsdpTrace, cfg: MemoryConfig) -> Text:
    """The per-rank trace beside the estimate in sentences; every gap above 10 % explained."""
    from dataclasses import replace

    from core.memory.estimate import estimate

    est = estimate(replace(cfg, gpus=trace.world_size, zero=trace.zero))
    gap = trace.peak / est.peak - 1 if est.peak else 0.0
    parts: list[str] = [
        translate(
            "Memory",
            "Rank 0 of {ranks} fake ranks under ZeRO-{zero} ({how}): traced peak {traced}, "
            "estimated peak {estimated} ({gap}).",
        ).format(
            ranks=f"{trace.world_size:,}",
            zero=str(trace.zero),
            how="ZeroRedundancyOptimizer" if trace.zero == 1 else "FSDP",
            traced=format_bytes(trace.peak),
            estimated=format_bytes(est.peak),
            gap=f"{gap:+.1%}",
        )
    ]
    if abs(gap) > 0.10:
        parts.append(translate("Memory", "The peaks differ by more than 10 %; at each peak:"))
        traced_bar = rank_bar(trace)
        for key, traced in traced_bar.items():
            wanted = float(est.at_peak.get(key, 0.0))
            if abs(traced - wanted) > 0.02 * max(trace.peak, est.peak):
                parts.append(
                    translate(
                        "Memory", "{category} {traced} traced, {estimated} estimated;"
                    ).format(
                        category=_NAMES.get(key, key),
                        traced=format_bytes(traced),
                        estimated=format_bytes(wanted),
                    )
                )
        moving = sum(
            trace.at_peak.get(k, 0.0)
            for k in ("unsharded_params", "unsharded_grads", "all_gather_buffers",
                      "reduce_scatter_buffers")
        )  # fmt: skip
        if moving:
            parts.append(
                translate(
                    "Memory",
                    "the trace holds {moving} of gathered weights, unsharded gradients and "
                    "communication buffers, which the ZeRO formulas do not count.",
                ).format(moving=format_bytes(moving))
            )
        extra = trace.at_peak.get("optimizer", 0.0) - trace.after_step.get("optimizer", 0.0)
        if extra > 0.01 * trace.peak:
            parts.append(
                translate(
                    "Memory",
                    "The traced peak falls in the optimizer step, whose temporaries ({extra}) "
                    "count as optimizer state.",
                ).format(extra=format_bytes(extra))
            )
    for row in compare(trace, cfg):
        if row["why"]:
            parts.append(
                translate(
                    "Memory", "{category}: traced {traced}, formula {formula} ({gap}): {why}."
                ).format(
                    category=_NAMES[row["category"]],
                    traced=format_bytes(row["traced"]),
                    formula=format_bytes(row["formula"]),
                    gap=f"{row['gap']:+.1%}",
                    why=row["why"],
                )
            )
    if len(parts) == 1:
        parts.append(
            translate(
                "Memory",
                "Weights, gradients and optimizer state per rank agree with the ZeRO formulas "
                "within 10 %.",
            )
        )
    return join_texts(parts)
