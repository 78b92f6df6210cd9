"""The seconds of Megatron's vocabulary-parallel cross-entropy, kernel by kernel.

The plan's trace runs PyTorch's ``F.cross_entropy`` on an fp32 copy of the logits (a cast, a
log-softmax and a gather forward; their three backward kernels): 18 + 26 bytes per logit. Megatron's
loss (``Implementation.cross_entropy == "fp32-inplace"``, ``megatron/core/tensor_parallel/
cross_entropy.py``) runs other kernels over the ``tokens × V/TP`` fp32 logits of each rank, each
reading and writing the whole logits tensor:

* **unfused** (Megatron's default; Megatron-LM 2021's ``mpu/cross_entropy.py`` is the same):
  forward ``.float()`` (read 2, write 4), ``max`` (read 4), ``sub_`` (4 + 4), ``exp(out=)``
  (4 + 4), ``sum`` (4), ``div_`` (4 + 4): 38 bytes in 6 kernels; backward ``mul_`` by the output
  gradient (4 + 4) and autograd's cast of the fp32 gradient back to the logits' dtype (4 + 2):
  14 bytes in 2 kernels;
* **fused** (``--cross-entropy-loss-fusion``, ``megatron/core/fusions/fused_cross_entropy.py``,
  its steps compiled by ``jit_fuser``): the cast fused with the max (2 + 4), the in-place
  ``exp(x − max)`` (4 + 4), the row sum (4), the in-place ``div_`` (4 + 4): 26 bytes in 4 kernels;
  backward the in-place scaling (4 + 4) and the cast back (4 + 2): 14 bytes in 2 kernels. This is
  the newest code's count, where each in-place step is compiled on its own; the code of the
  published runs (Megatron-Core r0.8.0 to August 2026) compiled the steps whole, where, by the
  newer file's own note, Inductor also copies the mutated logits back (one more pass each), so for
  them it is a lower bound.

The per-token work (the target gather and scatter, the two small all-reduces) is left out; TP's
all-reduces of the per-token sums are in the TP communication.
"""

from __future__ import annotations

__all__ = ["MEGATRON_LOSS", "megatron_loss_seconds"]

#: ``(forward bytes, forward kernels, backward bytes, backward kernels)`` per logit, for
#: Megatron's unfused (``False``) and fused (``True``) vocabulary-parallel cross-entropy, logits
#: in a 2-byte dtype (read from the code named in the module docstring).
MEGATRON_LOSS: dict[bool, tuple[float, int, float, int]] = {
    False: (2 + 4 + 4 + 4 + 4 + 4 + 4 + 4 + 4 + 4, 6, 4 + 4 + 4 + 2, 2),
    True: (2 + 4 + 4 + 4 + 4 + 4 + 4, 4, 4 + 4 + 4 + 2, 2),
}


def megatron_loss_seconds(
    logits: float, fused: bool, bandwidth: float, launch_s: float
) -> tuple[float, float]:
    """``(forward, backward)`` seconds of Megatron's cross-entropy over ``logits`` logits on one
    GPU (tokens × the rank's share of the vocabulary), at ``bandwidth`` bytes/s with a launch of
    ``launch_s`` per kernel."""
    if logits <= 0:
        return 0.0, 0.0
    fwd_bytes, fwd_kernels, bwd_bytes, bwd_kernels = MEGATRON_LOSS[fused]
    return (
        logits * fwd_bytes / bandwidth + fwd_kernels * launch_s,
        logits * bwd_bytes / bandwidth + bwd_kernels * launch_s,
    )
