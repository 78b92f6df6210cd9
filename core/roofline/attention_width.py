"""How a flash-attention kernel's rate falls with a narrower head: its rate at head dimension 64
over its rate at 128, as measured, so that a head of 64 (GPT-OSS) is not timed at the rate the
calibration's head-128 figures give.

A narrower head does half the matmul work per score while the softmax's exponentials per score
stay the same, so the kernels reach less of the peak. The figures are Shah et al.'s
FlashAttention-3 benchmarks on an H100 80GB SXM5 (arXiv 2407.08608), the same figures as the
calibration's head-128 tables (``resources/calibration.json``, ``h100-sxm``
``attention_kernels``):

- the forward panels at head dimension 64 and 128, causal and not, are read from the
  flash-attention README image ``assets/flash3_fp16_fwd.png`` (Dao-AILab/flash-attention at
  ``0251105a``, panels a to d);
- the backward at 64 and at 128 comes from the paper's "Attention backward speed" figures, as
  transcribed at subtext.edge.nugit.net (images ``40bf2854…`` and ``f60142e2…``).

The figures cover cuDNN (the kernel Transformer Engine runs), FlashAttention-3 and
FlashAttention-2, at sequence lengths 512 to 16K. They are used as ratios: a device's own
head-128 rate times the kernel's 64/128 ratio at that length. Two choices follow from that:

- A device or kernel that no figure covers (Blackwell, Triton, FlashAttention-1) takes cuDNN's
  ratio. On a GB300, flash-attention PR 2605's forward tables give FA4 0.65 (causal) and 0.71
  at 4K, against cuDNN's 0.70 and 0.67 here.
- Between 64 and 128 the ratio is taken linearly in the head width. At 128 and above it is 1:
  no figure says a wider head runs faster than the calibrated rate, so none is claimed.
"""

from __future__ import annotations

from core.roofline.log_interp import log2_interpolate

__all__ = ["HEAD_64_RATES", "head_width_factor"]

_SEQ = (512, 1024, 2048, 4096, 8192, 16384)

#: TFLOP/s on an H100 SXM5 per sequence length (:data:`_SEQ`), as ``(head 64, head 128)``, per
#: kernel and pass: ``fwd`` (not causal), ``fwd_causal`` and ``bwd`` (not causal; the figures
#: have no causal backward at 64).
HEAD_64_RATES: dict[str, dict[str, tuple[tuple[float, ...], tuple[float, ...]]]] = {
    "cudnn": {
        "fwd": ((335, 373, 395, 408, 412, 413), (497, 574, 617, 609, 600, 595)),
        "fwd_causal": ((225, 288, 334, 363, 379, 388), (315, 410, 484, 518, 529, 539)),
        "bwd": ((266, 348, 395, 417, 432, 433), (305, 408, 465, 499, 518, 516)),
    },
    "flash3": {
        "fwd": ((333, 392, 460, 476, 496, 497), (467, 565, 625, 638, 646, 648)),
        "fwd_causal": ((197, 265, 371, 420, 460, 473), (292, 423, 521, 579, 602, 616)),
        "bwd": ((272, 363, 422, 453, 472, 474), (316, 424, 501, 542, 559, 561)),
    },
    "flash2": {
        "fwd": ((282, 306, 318, 321, 322, 324), (309, 350, 362, 368, 370, 370)),
        "fwd_causal": ((180, 229, 262, 284, 295, 299), (191, 260, 298, 319, 333, 335)),
        "bwd": ((198, 238, 264, 279, 287, 291), (214, 260, 291, 310, 318, 322)),
    },
}


def _ratio_at(kernel: str, key: str, seq: float) -> float:
    """The 64/128 rate ratio of ``kernel``'s ``key`` pass at ``seq``, interpolated in log₂ s and
    held at the ends."""
    narrow, wide = HEAD_64_RATES[kernel][key]
    return log2_interpolate([(q, n / w) for q, n, w in zip(_SEQ, narrow, wide, strict=True)], seq)


def head_width_factor(
    head_dim: float, backward: bool, causal: bool, seq: float, kernel: str | None = None
) -> float:
    """The share of its head-128 rate a flash-attention ``kernel`` keeps at ``head_dim``: 1 at
    128 and wider, the measured 64/128 ratio at 64 and narrower, linear between (module
    docstring); ``kernel`` without figures (``None``, Triton, FlashAttention-1, any Blackwell
    kernel) takes cuDNN's."""
    if head_dim >= 128 or head_dim <= 0:
        return 1.0
    name = kernel if kernel in HEAD_64_RATES else "cudnn"
    key = "bwd" if backward else ("fwd_causal" if causal else "fwd")
    ratio = _ratio_at(name, key, seq)
    if head_dim <= 64:
        return ratio
    return 1.0 + (ratio - 1.0) * (128.0 - head_dim) / 64.0
