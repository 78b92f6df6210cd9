"""Leave a person's model and optimizer as they were: the notebook trace runs real steps on them.

:func:`core.step.trace.trace_module` runs a warm-up step and the traced step on the model it is
given, which updates the weights, the buffers (batch-norm statistics), the gradients and the
optimizer's state, and draws random numbers. :func:`preserved` snapshots all of that before and
writes it back afterwards **in place** (the same tensor objects hold the same bits), so a trace
never changes what the person trains. It costs a copy of the weights, gradients, buffers and
optimizer state while the trace runs (nothing for a model built under ``FakeTensorMode``).
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

__all__ = ["preserved"]


def _clone(value: Any) -> Any:
    import torch

    return value.detach().clone() if isinstance(value, torch.Tensor) else copy.deepcopy(value)


@contextmanager
def preserved(model: Any, optimizer: Any) -> Iterator[None]:
    """Run the block, then restore ``model``'s and ``optimizer``'s state and the RNG, in place."""
    import torch

    params = [(p, p.detach().clone(), p.grad, None if p.grad is None else p.grad.detach().clone())
              for p in model.parameters()]  # fmt: skip
    buffers = [(b, b.detach().clone()) for b in model.buffers()]
    modes = [(m, m.training) for m in model.modules()]
    state: dict[Any, dict[str, tuple[Any, Any]]] = {}
    if optimizer is not None:
        for p, entries in optimizer.state.items():
            state[p] = {k: (v, _clone(v)) for k, v in entries.items()}
    groups = [{k: copy.deepcopy(v) for k, v in g.items() if k != "params"}
              for g in getattr(optimizer, "param_groups", [])]  # fmt: skip
    devices = sorted({p.device.index or 0 for p, *_ in params if p.device.type == "cuda"})
    try:
        with torch.random.fork_rng(devices=devices):
            yield
    finally:
        with torch.no_grad():
            for p, value, grad, grad_value in params:
                p.copy_(value)
                if grad is not None:
                    grad.copy_(grad_value)
                p.grad = grad
            for b, value in buffers:
                b.copy_(value)
        for m, training in modes:
            m.training = training
        if optimizer is not None:
            _restore_optimizer(optimizer, state, groups)


def _restore_optimizer(optimizer: Any, state: dict[Any, Any], groups: list[dict[str, Any]]) -> None:
    import torch

    for p in list(optimizer.state):
        if p not in state:
            del optimizer.state[p]
    for p, entries in state.items():
        now = optimizer.state[p]
        for key in list(now):
            if key not in entries:
                del now[key]
        for key, (original, value) in entries.items():
            if isinstance(original, torch.Tensor) and original.shape == value.shape:
                with torch.no_grad():
                    original.copy_(value)
                now[key] = original
            else:
                now[key] = value
    for group, saved in zip(optimizer.param_groups, groups, strict=False):
        group.update(saved)
