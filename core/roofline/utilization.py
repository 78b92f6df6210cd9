"""MFU and HFU, each defined once: which FLOPs a step's utilization counts.

Every tab, the CLI and the plan use these definitions; nothing else in the app defines them.

* **Model FLOPs** are what the model needs for one step, whatever the implementation does (Chowdhery
  et al. 2022, *PaLM*, appendix B): the forward and backward matmuls and attention, **no
  recomputation**. Per token that is ``6·N + 12·L·H·Q·T`` for ``N`` matmul parameters, ``L`` layers,
  ``H`` heads of width ``Q`` and sequence length ``T``:

  - ``N`` counts every parameter that takes part in a matmul, the LM head (output projection)
    included, tied or not; the input embedding table (a lookup), norms and biases are not matmuls;
  - attention is counted over the full ``T × T`` scores: **causal attention is not halved** (PaLM's
    ``12·L·H·Q·T``; Megatron-LM's formula does the same);
  - the backward pass costs **2×** the forward: the extra ``Q·Kᵀ`` that a flash-attention backward
    computes again is recomputation, so it belongs to HFU only.

* **Hardware FLOPs** are what the GPU executes: every matmul, activation recomputation (a
  checkpointed layer's forward run again in the backward pass, or only its attention core under
  selective recomputation) and the flash backward's recompute (torch's SDPA backward formula,
  ``torch.utils.flop_counter``, counts **2.5×** the forward for that reason), with **causal
  attention at the share a causal kernel executes** (:data:`CAUSAL_EXECUTED`, half the ``s × s``
  scores: FlashAttention skips the blocks above the diagonal, and the time models charge exactly
  that work, :meth:`core.roofline.achievable.Calibration.attention_seconds`). Counting the masked
  half, which no kernel runs, made HFU exceed 100 % once attention dominated (``seq`` 131,072).

* **MFU** = model FLOPs / (step time × peak); **HFU** = hardware FLOPs / (step time × peak), with the
  dense datasheet peak of the precision the step's FLOPs run in (:func:`utilization_peak`: fp8 when
  its GEMMs run in fp8), summed over the GPUs that run the step. Every FLOP HFU counts is charged
  by the time model at no more than that peak, so HFU ≤ 100 %. Without recomputation and causal
  attention the two are equal; recomputation raises HFU, causal attention lowers it below MFU
  (MFU keeps PaLM's full scores, so it stays comparable with published figures).

* **A sliding attention window** (Mistral's ``sliding_window``; GPT-OSS's and Gemma 2's on every
  other layer): a windowed layer's query attends only to the last ``w`` positions, and a
  flash kernel skips the key blocks outside the window as it skips those above the diagonal.
  Both counts take such a layer's attention at :func:`window_share` of a full causal layer's
  (:func:`attention_layers`: the model's layers as full-attention equivalents), so model FLOPs
  keep PaLM's full-scores convention on the full layers and scale it by the same share on the
  windowed ones.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from core.texts import Text, translate

__all__ = [
    "ATTENTION_BACKWARD_HARDWARE",
    "ATTENTION_BACKWARD_MODEL",
    "CAUSAL_EXECUTED",
    "FULL_RECOMPUTE_RATIO",
    "HFU_DEFINITION",
    "MFU_DEFINITION",
    "attention_forward_flops",
    "attention_layers",
    "hardware_attention_flops",
    "model_flops_per_token",
    "utilization",
    "utilization_peak",
    "window_share",
]

#: Attention backward FLOPs as a multiple of its forward, for model FLOPs (PaLM: 2×) and for what a
#: flash-attention backward executes (torch's SDPA formula: 2.5×, the scores computed again).
ATTENTION_BACKWARD_MODEL = 2.0
ATTENTION_BACKWARD_HARDWARE = 2.5

#: Hardware over model FLOPs of ``6·N·D`` with full activation recomputation: every layer's
#: forward (``2·N`` per token) runs once more in the backward pass, ``8·N / 6·N`` (Korthikanti et
#: al. 2022, *Reducing Activation Recomputation in Large Transformer Models*, section 5).
FULL_RECOMPUTE_RATIO = 8.0 / 6.0

#: The share of the full ``s × s`` attention work a causal kernel executes: FlashAttention
#: iterates only over the key blocks at or below each query block's diagonal (Dao 2023,
#: *FlashAttention-2*, section 3.1.1: "we can skip the computation of about half of the
#: blocks"); for ``s ≫ block`` the share is ``(s/B + 1) / (2·s/B)`` → ½.
CAUSAL_EXECUTED = 0.5

MFU_DEFINITION: Text = translate(
    "Utilization",
    "MFU (model FLOPs utilization, PaLM appendix B): the FLOPs the model needs per step (forward and "
    "backward matmuls and attention, no recomputation; attention over the full sequence, not halved "
    "for causal masks; the LM head included) / (step time × dense peak of the precision that runs)",
)
HFU_DEFINITION: Text = translate(
    "Utilization",
    "HFU (hardware FLOPs utilization): the FLOPs the GPU executes per step (model FLOPs plus "
    "activation recomputation and the flash-attention backward's recompute; causal attention at "
    "the half a causal kernel executes, which MFU counts in full) / (step time × dense peak of the "
    "precision that runs)",
)


def utilization(flops: float, seconds: float, peak_flops_per_s: float, gpus: int = 1) -> float:
    """The share of ``gpus`` devices' peak that ``flops`` done in ``seconds`` reaches.

    Parameters
    ----------
    flops
        Model FLOPs (for MFU) or hardware FLOPs (for HFU) of the whole step, on all devices.
    seconds
        The step's wall time.
    peak_flops_per_s
        One device's dense peak for the step's compute dtype.
    gpus
        How many devices share the work.

    Returns
    -------
    float
        ``flops / (seconds · peak · gpus)``; 0 when the time or the peak is not positive.
    """
    denominator = seconds * peak_flops_per_s * gpus
    return float(flops) / denominator if denominator > 0 else 0.0


def hardware_attention_flops(flops: float, causal: bool = True) -> float:
    """The FLOPs an attention kernel executes for ``flops`` counted over the full ``s × s``
    scores: :data:`CAUSAL_EXECUTED` of them when it is causal."""
    return float(flops) * (CAUSAL_EXECUTED if causal else 1.0)


def utilization_peak(peaks: Mapping[str, float], dtypes: Iterable[str]) -> float:
    """The dense peak utilization is measured against: the highest of ``peaks`` (a device's
    FLOP/s by dtype) among the ``dtypes`` the step's FLOPs run in (the compute dtype, and fp8 when
    the GEMMs run in fp8); 0 when the device has none of them.

    Against the compute dtype's peak alone, an fp8 step's MFU reached 107.7 % (its GEMMs ran at
    twice the bf16 peak).
    """
    return max((float(peaks[d]) for d in dtypes if peaks.get(d)), default=0.0)


def attention_forward_flops(batch: int, seq: int, heads: int, head_dim: int) -> float:
    """Forward FLOPs of attention's two matmuls (``Q·Kᵀ`` and ``P·V``) in one layer.

    ``2 · 2·b·h·s²·q``: each of the two is a batched matmul of ``b·h`` products of ``s × q`` by
    ``q × s`` (or ``s × s`` by ``s × q``), 2 FLOPs per multiply-add; the full ``s × s`` scores.
    """
    return 4.0 * batch * heads * float(seq) * float(seq) * head_dim


def window_share(seq: float, window: int) -> float:
    """The share of a causal layer's attention work that is left when each query attends only to
    the last ``window`` positions (itself included).

    A causal layer computes ``s(s + 1)/2`` query-key pairs; a window of ``w < s`` leaves
    ``w(w + 1)/2`` for the first ``w`` queries and ``w`` for each of the ``s − w`` others, so
    ``(s·w − w(w − 1)/2) / (s(s + 1)/2)``; 1 when the window covers the sequence (``w ≥ s``) or
    there is none (``w`` = 0).
    """
    s, w = float(seq), float(window)
    if w <= 0 or w >= s:
        return 1.0
    return (s * w - w * (w - 1.0) / 2.0) / (s * (s + 1.0) / 2.0)


def attention_layers(layers: int, seq: float, window: int = 0, window_layers: int = 0) -> float:
    """The model's layers as full-attention layers for its attention work: the ``layers`` with
    a sliding ``window`` (``window_layers`` of them, every layer when 0) count
    :func:`window_share` each, the others 1."""
    if not window:
        return float(layers)
    windowed = min(int(window_layers or layers), int(layers))
    return float(layers - windowed) + windowed * window_share(seq, window)


def model_flops_per_token(
    matmul_params: float, layers: float, heads: int, head_dim: int, seq: int
) -> float:
    """Model FLOPs of one trained token, forward and backward (PaLM appendix B, ``6N + 12LHQT``).

    Parameters
    ----------
    matmul_params
        ``N``: parameters that take part in a matmul (every linear layer and the LM head).
    layers, heads, head_dim, seq
        ``L``, ``H``, ``Q`` and ``T`` (``L``: the attention layers, :func:`attention_layers` for
        a model with a sliding window).
    """
    return 6.0 * matmul_params + 12.0 * layers * heads * head_dim * seq
