"""Trace one training step into ops, in one fake-tensor pass, and keep the lecture's closing table.

:func:`trace_config` runs the Memory tab's trace (:func:`core.memory.trace.trace`: the model built on
fake tensors under ``MemTracker``, FLOPs by ``FlopCounterMode``'s formulas) with a :class:`~core.step.recorder.Recorder`
fed by the tracker's own dispatch in the same pass, so the op list, the memory categories and
torch's own FLOP count come from one run of the model, through one dispatch layer. :func:`trace_module` is the notebook API: a person's
``nn.Module``, example batch, loss and optimizer (real tensors, or built under ``FakeTensorMode``).

What the trace sees: every aten op the step dispatches (forward, backward, optimizer), with shapes
and dtypes. What it cannot see: kernels fused by a compiler, overlap between ops, communication.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from core.errors import InputError
from core.memory.estimate import MemoryConfig
from core.memory.models import MLPSpec, TransformerSpec
from core.memory.recipes import DTYPE_SIZES
from core.step.costs import dtype_id
from core.step.moe import expert_row_share, moe_blocks, moe_role
from core.step.recorder import OpRecord, Recorder

__all__ = [
    "MAX_TRACE_LAYERS",
    "TABLE_ROWS",
    "StepTrace",
    "check_size",
    "trace_config",
    "trace_module",
]

#: Deeper models are refused: their op list would not fit a table (and takes minutes to trace).
MAX_TRACE_LAYERS = 512
#: The four rows of the lecture's table.
TABLE_ROWS: tuple[str, ...] = ("params", "grads", "optimizer", "activations")


@dataclass
class StepTrace:
    """The ops of one traced step and the lecture's four-row table.

    Attributes
    ----------
    ops
        Every aten op in dispatch order.
    table
        ``{"params" | "grads" | "optimizer" | "activations": {"dtype", "elements", "bytes"}}``.
    compute_dtype
        The dtype whose peak the step's MFU is measured against (the recipe's weights).
    counter_flops
        ``FlopCounterMode``'s total for the same pass (with the CPU attention formulas).
    peak_bytes, peak_phase
        The memory trace's peak (``None`` for the notebook API, which has no memory trace).
    warnings
        What the inputs exceed without being refused (:func:`core.memory.models.seq_limits`).
    from_cache
        Read back from the trace cache (:mod:`core.step.cache`) rather than traced just now;
        ``seconds`` is then the original trace's.
    """

    source: str
    ops: list[OpRecord]
    table: dict[str, dict[str, Any]]
    compute_dtype: str
    tokens: int
    counter_flops: float
    seconds: float
    peak_bytes: float | None = None
    peak_phase: str = ""
    notes: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    from_cache: bool = False
    expert_row_share: float = 1.0

    @property
    def model_flops(self) -> float:
        """Model FLOPs (what MFU counts, :mod:`core.roofline.utilization`): the matmuls that are
        not recomputation, plus attention at 3× its forward (the backward at
        :data:`~core.roofline.utilization.ATTENTION_BACKWARD_MODEL` × the forward, without the
        scores a flash backward computes again). For a mixture of experts these are the
        active-parameter FLOPs: the matmuls one token uses (attention, router, its top-k routed
        experts, shared experts, LM head), the grouped expert GEMMs without their padding rows
        (``expert_row_share``, :mod:`core.step.moe`)."""
        from core.roofline.utilization import ATTENTION_BACKWARD_MODEL

        share = self.expert_row_share
        blocks = moe_blocks(self.ops) if share != 1.0 else frozenset()
        matmul = attention_forward = 0.0
        for op in self.ops:
            if op.recompute:
                continue
            if op.kind == "matmul":
                padded = blocks and moe_role(op, blocks) == "expert GEMM"
                matmul += op.flops * share if padded else op.flops
            elif op.kind == "attention" and op.phase == "forward":
                attention_forward += op.flops
        return float(matmul + (1.0 + ATTENTION_BACKWARD_MODEL) * attention_forward)

    @property
    def hardware_flops(self) -> float:
        """Hardware FLOPs (what HFU counts): every matmul and attention op the step executes,
        recomputed forward included, the attention backward as torch's SDPA formula counts it,
        each (causal) attention op at the share its kernel executes
        (:func:`~core.roofline.utilization.hardware_attention_flops`, as the prediction charges
        it)."""
        from core.roofline.utilization import hardware_attention_flops

        matmul = sum(op.flops for op in self.ops if op.kind == "matmul")
        attention = sum(op.flops for op in self.ops if op.kind == "attention")
        return float(matmul) + hardware_attention_flops(attention)

    @property
    def recompute_flops(self) -> float:
        """FLOPs of the ops that recompute a checkpointed forward (every kind)."""
        return float(sum(op.flops for op in self.ops if op.recompute))

    @property
    def total_flops(self) -> float:
        """FLOPs of every op, per the stated conventions."""
        return float(sum(op.flops for op in self.ops))


def check_size(cfg: MemoryConfig) -> None:
    """Refuse (:class:`InputError`) a model too deep or a batch too large to trace op by op."""
    if cfg.model.layers > MAX_TRACE_LAYERS:
        raise InputError(
            f"model: {cfg.model.layers:,} layers is too large to trace op by op; allowed: up to "
            f"{MAX_TRACE_LAYERS} layers",
            field="model",
        )
    tokens = cfg.micro * cfg.seq_len
    if tokens > 10**8:
        raise InputError(
            f"batch × seq: {tokens:,} tokens is too large to trace; allowed: up to 100,000,000",
            field="batch",
        )


def _tensor_row(tensors: list[Any]) -> dict[str, Any]:
    by_dtype: dict[str, int] = {}
    total = 0
    for t in tensors:
        key = dtype_id(t.dtype)
        by_dtype[key] = by_dtype.get(key, 0) + int(t.numel())
        total += int(t.numel()) * int(t.element_size())
    return {
        "dtype": "+".join(by_dtype) or "-",
        "elements": sum(by_dtype.values()),
        "bytes": float(total),
    }


def _state_tensors(model: Any, opt: Any) -> list[Any]:
    import torch

    out: list[Any] = []
    for p in model.parameters():
        for value in opt.state.get(p, {}).values():
            if isinstance(value, torch.Tensor) and value.numel() > 1:
                out.append(value)
    return out


def trace_config(
    cfg: MemoryConfig,
    *,
    progress: Callable[[float, str], None] | None = None,
    should_cancel: Callable[[], bool] | None = None,
) -> StepTrace:
    """Trace one step of a Memory-tab configuration (preset, custom transformer, lecture MLP).

    Raises :class:`InputError` for a model too large to trace op by op.
    """
    from core.memory.trace import trace

    check_size(cfg)
    started = time.perf_counter()
    holder: dict[str, Any] = {}

    def instrument(model: Any, opt: Any) -> Any:
        rec = Recorder(model, opt, auto_backward=True)
        holder["rec"] = rec
        holder["params"] = list(model.parameters())
        holder["state"] = _state_tensors(model, opt)
        return rec.hooks()  # the memory trace's own dispatch calls rec.record for every op

    mem = trace(cfg, progress=progress, should_cancel=should_cancel, instrument=instrument)
    rec: Recorder = holder["rec"]
    params = _tensor_row(holder["params"])
    acts_dtype = cfg.recipe.acts
    acts_bytes = float(mem.categories.get("activations", 0.0))
    table = {
        "params": params,
        "grads": {
            "dtype": params["dtype"],
            "elements": params["elements"],
            "bytes": params["bytes"],
        },
        "optimizer": _tensor_row(holder["state"]),
        "activations": {
            "dtype": acts_dtype,
            "elements": int(acts_bytes // DTYPE_SIZES.get(acts_dtype, 4)),
            "bytes": acts_bytes,
        },
    }
    if cfg.recipe.grads != cfg.recipe.params:
        table["grads"]["dtype"] = params["dtype"]
    spec = cfg.model
    source = spec.describe() if isinstance(spec, MLPSpec | TransformerSpec) else str(spec)
    return StepTrace(
        source=source,
        ops=rec.ops,
        table=table,
        compute_dtype=cfg.recipe.params,
        tokens=cfg.micro * cfg.seq_len,
        counter_flops=mem.flops,
        seconds=time.perf_counter() - started,
        peak_bytes=mem.peak,
        peak_phase=mem.peak_phase,
        expert_row_share=expert_row_share(spec, cfg.micro * cfg.seq_len),
        notes=[
            "activations: saved for backward at their largest (the memory trace); elements = "
            f"bytes / {acts_dtype} size",
        ],
        warnings=list(cfg.warnings),
    )


def trace_module(
    model: Any,
    batch: Any,
    loss_fn: Callable[[Any, Any], Any] | None,
    optimizer: Any,
    *,
    warmup: bool = True,
    name: str = "",
) -> StepTrace:
    """Trace one step of a person's model: ``loss = loss_fn(model(inputs), batch)``.

    Parameters
    ----------
    model
        An ``nn.Module`` (on any device; built under ``FakeTensorMode`` nothing is allocated).
    batch
        A tensor (the model's input) or a tuple ``(inputs, target)``; inputs may be a tuple.
    loss_fn
        ``loss_fn(output, target)``; ``None`` when the model returns its loss.
    optimizer
        A ``torch.optim.Optimizer`` over the model's parameters.
    warmup
        Run one unrecorded step first so the optimizer's state exists (the steady state).

    Nothing of the model or the optimizer changes: the weights, buffers, gradients, optimizer
    state, training flags and random state are written back bit for bit afterwards
    (:func:`core.step.preserve.preserved`; a copy of them is held meanwhile).

    Examples
    --------
    See docs/step.md ("From a notebook"): ``trace_module`` → ``predict`` → ``summary_table``.
    """
    import torch
    from torch.utils.flop_counter import FlopCounterMode

    from core.memory.flops import flop_mapping

    if not isinstance(model, torch.nn.Module):
        raise InputError(f"model: expected an nn.Module, got {type(model).__name__}", field="model")
    inputs, target = batch if isinstance(batch, tuple) and len(batch) == 2 else (batch, None)
    args = inputs if isinstance(inputs, tuple) else (inputs,)

    def step(rec: Recorder | None) -> None:
        out = model(*args)
        loss = out if loss_fn is None else loss_fn(out, target)
        if rec is not None:
            rec.phase = "backward"
        loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)

    from core.step.preserve import preserved

    started = time.perf_counter()
    saved: list[Any] = []
    seen: set[int] = set()

    def pack(t: Any) -> Any:
        if id(t) not in seen and not isinstance(t, torch.nn.Parameter):
            seen.add(id(t))
            saved.append(t)
        return t

    rec = Recorder(model, optimizer, auto_backward=False)
    counter = FlopCounterMode(display=False, custom_mapping=flop_mapping())
    from core.memory.trace import exclusive_trace

    with exclusive_trace(), preserved(model, optimizer):  # the recorder hooks modules globally
        model.train()
        if warmup:
            step(None)
        with counter, rec.active(), torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
            step(rec)
        state_row = _tensor_row(_state_tensors(model, optimizer))
    params = list(model.parameters())
    param_ids = {id(p) for p in params}
    acts = [t for t in saved if id(t) not in param_ids]
    prow = _tensor_row(params)
    floats = [p for p in params if p.is_floating_point()]
    tokens = int(args[0].shape[0] * (args[0].shape[1] if args[0].dim() > 1 else 1))
    return StepTrace(
        source=name or type(model).__name__,
        ops=rec.ops,
        table={
            "params": prow,
            "grads": dict(prow),
            "optimizer": state_row,
            "activations": _tensor_row(acts),
        },
        compute_dtype=dtype_id(floats[0].dtype) if floats else "fp32",
        tokens=tokens,
        counter_flops=float(counter.get_total_flops()),
        seconds=time.perf_counter() - started,
        notes=["activations: tensors saved for backward (each counted once)"],
    )
