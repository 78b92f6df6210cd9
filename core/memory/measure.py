"""An optional real training step on a CUDA device: ``torch.cuda.max_memory_allocated``.

Only runs where ``torch.cuda.is_available()``; elsewhere :func:`measure_cuda` returns ``None``.
The model is built on the GPU in the recipe's weight dtype with the same optimizer and the same
autocast as the trace (mixed recipes compute in the activation dtype), so the measured peak can
be held against the traced one (the difference is the allocator's rounding and workspaces).

Whether the step can run is decided by the memory the driver reports free on the installed GPU
(``torch.cuda.mem_get_info``), not by the device picked for the estimate. A step that would not
fit, or that runs out of memory, raises :class:`MeasurementError`; the model and the optimizer
are freed and the cache emptied whatever happens. ``backend`` (default ``torch.cuda``) and
``device`` are seams for tests without a GPU.
"""

from __future__ import annotations

from typing import Any

from core.memory.estimate import MemoryConfig
from core.memory.modules import autocast, build_module, build_optimizer, make_batch
from core.texts import Text, translate

__all__ = ["MEASURING", "MeasurementError", "cuda_available", "failed_text", "measure_cuda"]

#: What the window says while the real step runs.
MEASURING = translate("Memory", "measuring a real step on CUDA")


def failed_text(which: str, detail: str) -> Text:
    """Why a run beside the trace failed: ``which`` is ``"real"`` (the CUDA step) or ``"per-rank"``."""
    if which == "per-rank":
        return translate("Memory", "per-rank trace failed: {detail}").format(detail=detail)
    return translate("Memory", "real step failed: {detail}").format(detail=detail)


class MeasurementError(RuntimeError):
    """The real step was not run (it cannot fit the free memory) or ran out of memory."""


def cuda_available() -> bool:
    """Whether torch sees a CUDA device (False when torch has no CUDA build)."""
    import torch

    return bool(torch.cuda.is_available())


def measure_cuda(
    cfg: MemoryConfig,
    capacity: float | None = None,
    *,
    backend: Any = None,
    device: str = "cuda",
) -> dict[str, float] | None:
    """Run one real step on the current CUDA device; ``{"peak", "reserved", "static"}`` bytes.

    Returns ``None`` without CUDA. ``capacity`` is ignored (kept for callers of the earlier
    API): the free memory the driver reports decides. Raises :class:`MeasurementError` when the
    estimated peak (plus its allowance) exceeds the free memory, or when the step runs out of
    memory.
    """
    import torch

    from core.units import format_bytes

    cuda = torch.cuda if backend is None else backend
    if not cuda.is_available():
        return None
    from core.memory.estimate import estimate

    est = estimate(cfg)
    free = float(cuda.mem_get_info()[0])
    need = est.peak + est.allowance
    if need > free:
        raise MeasurementError(
            translate(
                "Memory",
                "real step not run: it needs about {need} (estimated peak + allowance) and the "
                "GPU has {free} free",
            ).format(need=format_bytes(need), free=format_bytes(free))
        )
    dtypes = {"fp32": torch.float32, "bf16": torch.bfloat16, "fp16": torch.float16}
    old = torch.get_default_dtype()
    model = opt = inputs = None
    failure = ""
    try:
        torch.set_default_dtype(dtypes[cfg.recipe.params])
        cuda.empty_cache()
        with torch.device(device):
            model = build_module(cfg.model, policy=cfg.checkpoint, flash=cfg.flash,
                                 dropout=cfg.dropout)  # fmt: skip
            opt = build_optimizer(model.parameters(), cfg.recipe, cfg.optimizer)
            inputs = make_batch(cfg.model, cfg.micro, cfg.seq_len)
        cuda.synchronize()
        base = cuda.memory_allocated()
        cuda.reset_peak_memory_stats()
        with autocast(cfg.recipe, device):
            loss = model(*inputs)
        loss.backward()
        del loss
        opt.step()
        opt.zero_grad(set_to_none=True)
        cuda.synchronize()
        result = {
            "peak": float(cuda.max_memory_allocated()),
            "reserved": float(cuda.max_memory_reserved()),
            "static": float(base),
        }
    except torch.cuda.OutOfMemoryError as exc:
        # Keep only the text: the exception's traceback would keep the step's tensors alive.
        lines = str(exc).strip().splitlines()
        failure = translate("Memory", "real step ran out of memory: {detail}").format(
            detail=lines[0] if lines else "CUDA out of memory"
        )
    finally:
        del model, opt, inputs
        torch.set_default_dtype(old)
        cuda.empty_cache()
    if failure:
        raise MeasurementError(failure)
    return result
