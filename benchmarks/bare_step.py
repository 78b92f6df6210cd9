"""A bare fake-tensor training step: the yardstick the Step tab's trace is measured against.

The model built, then forward, backward and ``optimizer.step()`` under ``FakeTensorMode`` with no
tracker, no FLOP counting and no op records: what any fake-tensor trace of the same step costs at
least. ``benchmarks/step.py`` times it beside the trace in one process; ``benchmarks/startup.py``
runs it in a fresh process beside a cold ``screenshot --tab step``.
"""

from __future__ import annotations

from typing import Any


def bare_fake_step(cfg: Any) -> None:
    """Run one training step of ``cfg`` (a :class:`~core.memory.estimate.MemoryConfig`) on fake
    tensors, as :func:`core.memory.trace.trace` builds it, with nothing watching."""
    import torch
    from torch._subclasses.fake_tensor import FakeTensorMode

    from core.memory.modules import autocast, build_step

    dtypes = {"fp32": torch.float32, "bf16": torch.bfloat16, "fp16": torch.float16}
    old = torch.get_default_dtype()
    try:
        with FakeTensorMode():
            torch.set_default_dtype(dtypes[cfg.recipe.params])
            model, opt, inputs = build_step(cfg)
            with autocast(cfg.recipe, "cpu"):
                loss = model(*inputs)
            loss.backward()
            opt.step()
            opt.zero_grad(set_to_none=True)
    finally:
        torch.set_default_dtype(old)
