"""How long FP8 attention takes against BF16 attention, as cuDNN's own benchmark measured it on
Blackwell: the time a training step's attention takes when Transformer Engine runs it in FP8
(Megatron-Bridge's ``fp8_dot_product_attention``; under an MXFP8 recipe, cuDNN's MXFP8 attention).

The figures are NVIDIA cudnn-frontend's SDPA training benchmark
(``benchmark/sdpa_benchmark_training/results``, commit ``fb682ce7``: cuDNN 9.22, frontend 1.21.1),
the same runs as the calibration's GB200 and GB300 BF16 tables (``resources/calibration.json``,
``attention_kernels``), in milliseconds per call, batch 2, non-deterministic backward,
``top_left`` (causal) mask:

- ``causal``: the Llama 3.1 configuration (64 query and 8 key-value heads of 128),
  ``llama3.1/{gb200,gb300}/llama3.1_20260424_*.csv``;
- ``window``: the GPT-OSS configuration with a 128-token sliding window (128 heads of 64),
  ``gpt_oss/{gb200,gb300}/gpt_oss_20260424_*.csv``.

They are used as ratios, FP8's time over BF16's at the same length, on top of the plan's BF16
timing. Two measured facts follow:

- Full causal attention: the forward runs in 0.67 to 0.83 of BF16's time, the backward in 0.70 to
  1.19 (slower below 8K under MXFP8).
- With the sliding window the FP8 and MXFP8 *backward* grows as ``s²`` where BF16's grows as
  ``s``: 2.7× BF16's time at 2K, 4.5× at 4K, 29× at 32K (MXFP8, GB200). It covers the whole causal
  band rather than the window's.

The B200 and B300 take the GB200's and GB300's ratios (the same dies); no other device has a
figure, and on them FP8 attention is timed as BF16's (said in the plan's assumptions).
"""

from __future__ import annotations

from core.roofline.log_interp import log2_interpolate

__all__ = ["FP8_ATTENTION_MS", "fp8_attention_factor", "measured_device"]

_SEQ = (2048, 4096, 8192, 16384, 32768)

#: Milliseconds per call per sequence length (:data:`_SEQ`), per measured device and mask, as
#: ``{(dtype, pass): times}`` with dtype ``bf16``, ``fp8`` (per-tensor scales) or ``mxfp8``.
FP8_ATTENTION_MS: dict[tuple[str, str], dict[tuple[str, str], tuple[float, ...]]] = {
    ("gb200", "causal"): {
        ("bf16", "fwd"): (0.125, 0.391, 1.397, 5.150, 21.692),
        ("fp8", "fwd"): (0.097, 0.305, 1.074, 4.084, 16.012),
        ("mxfp8", "fwd"): (0.103, 0.326, 1.156, 4.400, 17.201),
        ("bf16", "bwd"): (0.389, 1.198, 4.127, 16.554, 71.756),
        ("fp8", "bwd"): (0.414, 1.167, 3.781, 13.476, 52.155),
        ("mxfp8", "bwd"): (0.461, 1.305, 4.272, 15.315, 61.716),
    },
    ("gb300", "causal"): {
        ("bf16", "fwd"): (0.100, 0.323, 1.185, 4.593, 18.014),
        ("fp8", "fwd"): (0.070, 0.217, 0.759, 2.880, 11.319),
        ("mxfp8", "fwd"): (0.079, 0.242, 0.856, 3.225, 12.632),
        ("bf16", "bwd"): (0.356, 1.101, 3.832, 14.593, 59.024),
        ("fp8", "bwd"): (0.364, 0.985, 3.087, 10.805, 41.328),
        ("mxfp8", "bwd"): (0.424, 1.203, 3.917, 14.072, 55.340),
    },
    ("gb200", "window"): {
        ("bf16", "fwd"): (0.109, 0.210, 0.414, 0.822, 2.634),
        ("fp8", "fwd"): (0.101, 0.195, 0.385, 0.766, 1.529),
        ("mxfp8", "fwd"): (0.109, 0.210, 0.417, 0.826, 1.637),
        ("bf16", "bwd"): (0.237, 0.465, 0.911, 1.818, 3.692),
        ("fp8", "bwd"): (0.536, 1.731, 6.176, 23.231, 90.348),
        ("mxfp8", "bwd"): (0.642, 2.080, 7.427, 27.940, 108.370),
    },
    ("gb300", "window"): {
        ("bf16", "fwd"): (0.104, 0.202, 0.397, 0.790, 2.530),
        ("fp8", "fwd"): (0.086, 0.167, 0.327, 0.650, 1.296),
        ("mxfp8", "fwd"): (0.092, 0.175, 0.342, 0.676, 1.345),
        ("bf16", "bwd"): (0.227, 0.442, 0.862, 1.712, 3.450),
        ("fp8", "bwd"): (0.467, 1.480, 5.189, 19.354, 74.763),
        ("mxfp8", "bwd"): (0.581, 1.871, 6.648, 24.996, 96.913),
    },
}

#: The device whose figures a device takes (the same die).
_MEASURED = {"gb200": "gb200", "b200": "gb200", "gb300": "gb300", "b300": "gb300"}


def measured_device(device_id: str) -> str | None:
    """The measured device whose ratios ``device_id`` (a variant's base) takes, or ``None``."""
    return _MEASURED.get(str(device_id).split(":")[0])


def fp8_attention_factor(
    device_id: str, dtype: str, window: bool, backward: bool, seq: float
) -> float:
    """FP8 attention's time over BF16's on ``device_id`` for ``dtype`` (``fp8`` or ``mxfp8``), the
    sliding-window kernel or the causal one, at sequence length ``seq``: interpolated in log₂ s,
    held at the ends; 1 where nothing was measured (the module docstring)."""
    base = measured_device(device_id)
    if base is None or dtype not in ("fp8", "mxfp8"):
        return 1.0
    table = FP8_ATTENTION_MS[(base, "window" if window else "causal")]
    pas = "bwd" if backward else "fwd"
    times = zip(_SEQ, table[(dtype, pas)], table[("bf16", pas)], strict=True)
    return log2_interpolate([(q, f / b) for q, f, b in times], seq)
