"""Memory per rank under FSDP (ZeRO-3) traced in one process with N fake ranks.

torch.distributed's fake process group (``backend="fake"`` with ``FakeStore``: every collective
returns at once, moving nothing) stands in for N ranks; a CPU ``DeviceMesh`` of N; the model of a
:class:`~core.memory.estimate.MemoryConfig` built on fake tensors; ``fully_shard`` on every layer and
the root (parameters become ``DTensor`` shards); torch's ``FSDPMemTracker`` for the peak of rank 0
by category; a dispatch mode counting the collectives FSDP issues (all-gather, reduce-scatter,
all-reduce) with their tensor sizes. One warm-up step creates the optimizer state; the second step
is the one reported.

What it sees: rank 0's tensors by FSDP category (sharded and unsharded parameters and gradients,
all-gather and reduce-scatter buffers, activations, temporaries, optimizer state), at the peak and
after the step. Ranks are symmetric, so rank 0 stands for all. What it cannot see: the CUDA context,
the caching allocator, NCCL's own buffers, and timing (the fake group moves nothing). FSDP pads each
parameter's first dimension to a multiple of N, so at large N small parameters take more than 1/N.
``zero=2`` keeps parameters unsharded between forward and backward (``reshard_after_forward=False``).
ZeRO-1 (only the optimizer state sharded) is not an FSDP mode and is not traced.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from core.errors import InputError
from core.memory.estimate import MemoryConfig
from core.memory.modules import build_module, build_optimizer, make_batch

__all__ = ["FSDP_CATEGORIES", "MAX_WORLD", "FsdpTrace", "compare", "trace_fsdp"]

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
_COLLECTIVES = {
    "_allgather_base_": "all-gather",
    "allgather_into_tensor_coalesced_": "all-gather",
    "_reduce_scatter_base_": "reduce-scatter",
    "reduce_scatter_tensor_coalesced_": "reduce-scatter",
    "allreduce_": "all-reduce",
    "allreduce_coalesced_": "all-reduce",
}
MAX_WORLD = 1024


@dataclass
class FsdpTrace:
    """Rank 0's memory under FSDP with ``world_size`` ranks, in bytes."""

    world_size: int
    zero: int
    peak: float
    at_peak: dict[str, float]
    after_step: dict[str, float]
    collectives: dict[str, dict[str, float]] = field(default_factory=dict)
    seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "world_size": self.world_size,
            "zero": self.zero,
            "peak_bytes": self.peak,
            "at_peak": dict(self.at_peak),
            "after_step": dict(self.after_step),
            "collectives": {k: dict(v) for k, v in self.collectives.items()},
            "seconds": self.seconds,
        }


def _ours(snapshot: dict[Any, int]) -> dict[str, float]:
    out: dict[str, float] = {}
    for key, value in snapshot.items():
        name = getattr(key, "name", str(key))
        if name in FSDP_CATEGORIES and value:
            ours = FSDP_CATEGORIES[name]
            out[ours] = out.get(ours, 0.0) + float(value)
    return out


def trace_fsdp(cfg: MemoryConfig, world_size: int) -> FsdpTrace:
    """Trace one FSDP training step of ``cfg`` with ``world_size`` fake ranks.

    Raises
    ------
    InputError
        For a world size outside 1 to 1024, ``cfg.zero`` of 0 or 1, or a process group already
        running in this process.
    """
    import torch.distributed as dist

    if isinstance(world_size, bool) or not isinstance(world_size, int):
        raise InputError(f"gpus: {world_size!r} is not a whole number", field="gpus")
    if not 1 <= world_size <= MAX_WORLD:
        raise InputError(
            f"gpus: {world_size} ranks cannot be traced; allowed: 1 to {MAX_WORLD}", field="gpus"
        )
    if cfg.zero not in (2, 3):
        raise InputError(
            f"zero: {cfg.zero} is not traced under FSDP; allowed: 3 (FSDP) or 2 (parameters kept "
            "unsharded between forward and backward)",
            field="zero",
        )
    if dist.is_initialized():
        raise InputError("trace: a torch.distributed process group is already running here")
    from torch.testing._internal.distributed.fake_pg import FakeStore

    started = time.perf_counter()
    dist.init_process_group("fake", store=FakeStore(), rank=0, world_size=world_size)
    try:
        result = _traced_step(cfg, world_size)
    finally:
        dist.destroy_process_group()
    result.seconds = time.perf_counter() - started
    return result


def _traced_step(cfg: MemoryConfig, world_size: int) -> FsdpTrace:
    import torch
    from torch._subclasses.fake_tensor import FakeTensorMode
    from torch.distributed._tools.fsdp2_mem_tracker import FSDPMemTracker
    from torch.distributed.device_mesh import init_device_mesh
    from torch.distributed.fsdp import fully_shard
    from torch.utils._python_dispatch import TorchDispatchMode

    class _Collectives(TorchDispatchMode):
        def __init__(self) -> None:
            super().__init__()
            self.seen: dict[str, dict[str, float]] = {}

        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
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

    dtypes = {"fp32": torch.float32, "bf16": torch.bfloat16, "fp16": torch.float16}
    rec = cfg.recipe
    if rec.params not in dtypes:
        raise InputError(f"recipe: tracing {rec.params} weights is not supported; use fp32/bf16")
    mesh = init_device_mesh("cpu", (world_size,))
    old = torch.get_default_dtype()
    try:
        with FakeTensorMode():
            torch.set_default_dtype(dtypes[rec.params])
            model = build_module(cfg.model, policy=cfg.checkpoint, flash=cfg.flash)
            reshard = cfg.zero == 3
            for layer in getattr(model, "layers", ()):
                fully_shard(layer, mesh=mesh, reshard_after_forward=reshard)
            fully_shard(model, mesh=mesh, reshard_after_forward=reshard)
            opt = build_optimizer(model.parameters(), rec, cfg.optimizer)
            inputs = make_batch(cfg.model, cfg.micro, cfg.seq_len)
            tracker = FSDPMemTracker(model, opt)
            tracker.track_inputs(inputs)
            counter = _Collectives()
            with tracker:
                for step in range(2):
                    if step == 1:
                        tracker.reset_mod_stats()
                        counter.seen.clear()
                    with counter:
                        model(*inputs).backward()
                        opt.step()
                    after = _ours(next(iter(tracker.get_tracker_snapshot("current").values())))
                    opt.zero_grad(set_to_none=True)
                peak_snap = next(iter(tracker.get_tracker_snapshot("peak").values()))
    finally:
        torch.set_default_dtype(old)
    at_peak = _ours(peak_snap)
    total = next(
        (float(v) for k, v in peak_snap.items() if str(k) == "Total"), sum(at_peak.values())
    )
    return FsdpTrace(world_size, cfg.zero, total, at_peak, after, counter.seen)


#: Estimate category -> the traced categories it corresponds to (after the step: persistent state).
_AGAINST = {
    "params": ("sharded_params", "buffers"),
    "grads": ("sharded_grads",),
    "optimizer": ("optimizer",),
}


def compare(trace: FsdpTrace, cfg: MemoryConfig) -> list[dict[str, Any]]:
    """Traced persistent bytes per rank beside the ZeRO formula of :func:`estimate`, with gaps.

    A gap above 10 % is explained: FSDP pads each parameter's first dimension to a multiple of N
    (small parameters at large N), and a rank holds whole shards only.
    """
    from dataclasses import replace

    from core.memory.estimate import estimate

    formula = estimate(replace(cfg, gpus=trace.world_size, zero=trace.zero))
    rows = []
    for name, parts in _AGAINST.items():
        traced = sum(trace.after_step.get(p, 0.0) for p in parts)
        want = float(formula.bytes.get(name, 0.0))
        gap = traced / want - 1 if want else 0.0
        why = ""
        if abs(gap) > 0.10:
            why = (
                "FSDP pads every parameter's first dimension to a multiple of "
                f"{trace.world_size} ranks: parameters with fewer rows than ranks still take a "
                "whole row per rank"
                if gap > 0
                else "the formula counts state this optimizer does not keep"
            )
        rows.append({"category": name, "traced": traced, "formula": want, "gap": gap, "why": why})
    return rows
