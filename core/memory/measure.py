"""An optional real training step on a CUDA device: ``torch.cuda.max_memory_allocated``.

Only runs where ``torch.cuda.is_available()``; elsewhere :func:`measure_cuda` returns ``None``.
The model is built on the GPU in the recipe's weight dtype with the same optimizer as the trace,
so the measured peak can be held against the traced one (the difference is the allocator's
rounding and cuBLAS workspaces).
"""

from __future__ import annotations

from core.memory.estimate import MemoryConfig
from core.memory.modules import build_module, build_optimizer, make_batch

__all__ = ["cuda_available", "measure_cuda"]


def cuda_available() -> bool:
    """Whether torch sees a CUDA device (False when torch has no CUDA build)."""
    import torch

    return bool(torch.cuda.is_available())


def measure_cuda(cfg: MemoryConfig, capacity: float | None = None) -> dict[str, float] | None:
    """Run one real step on ``cuda:0`` and return ``{"peak": bytes, "reserved": bytes}``.

    Returns ``None`` without CUDA, or when the estimate says the step cannot fit ``capacity``.
    """
    import torch

    if not torch.cuda.is_available():
        return None
    from core.memory.estimate import estimate

    if capacity is not None and estimate(cfg).total > capacity:
        return None
    dtypes = {"fp32": torch.float32, "bf16": torch.bfloat16, "fp16": torch.float16}
    old = torch.get_default_dtype()
    try:
        torch.set_default_dtype(dtypes[cfg.recipe.params])
        torch.cuda.empty_cache()
        torch.cuda.reset_peak_memory_stats()
        with torch.device("cuda"):
            model = build_module(cfg.model, policy=cfg.checkpoint, flash=cfg.flash,
                                 dropout=cfg.dropout)  # fmt: skip
            opt = build_optimizer(model.parameters(), cfg.recipe, cfg.optimizer)
            inputs = make_batch(cfg.model, cfg.micro, cfg.seq_len)
        base = torch.cuda.memory_allocated()
        torch.cuda.reset_peak_memory_stats()
        model(*inputs).backward()
        opt.step()
        opt.zero_grad(set_to_none=True)
        torch.cuda.synchronize()
        peak = float(torch.cuda.max_memory_allocated())
        reserved = float(torch.cuda.max_memory_reserved())
        del model, opt, inputs
        torch.cuda.empty_cache()
        return {"peak": peak, "reserved": reserved, "static": float(base)}
    finally:
        torch.set_default_dtype(old)
