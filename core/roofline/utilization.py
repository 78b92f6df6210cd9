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

* **Hardware FLOPs** are what the GPU executes: the model FLOPs plus activation recomputation
  (a checkpointed layer's forward run again in the backward pass, or only its attention core under
  selective recomputation) plus the flash backward's recompute. torch's SDPA backward formula
  (``torch.utils.flop_counter``) counts **2.5×** the forward for that reason.

* **MFU** = model FLOPs / (step time × peak); **HFU** = hardware FLOPs / (step time × peak), with the
  dense datasheet peak of the step's compute dtype, summed over the GPUs that run the step. HFU ≥ MFU,
  and they are equal for a step without any recomputation.
"""

from __future__ import annotations

from core.texts import Text, translate

__all__ = [
    "ATTENTION_BACKWARD_HARDWARE",
    "ATTENTION_BACKWARD_MODEL",
    "FULL_RECOMPUTE_RATIO",
    "HFU_DEFINITION",
    "MFU_DEFINITION",
    "attention_forward_flops",
    "model_flops_per_token",
    "utilization",
]

#: Attention backward FLOPs as a multiple of its forward, for model FLOPs (PaLM: 2×) and for what a
#: flash-attention backward executes (torch's SDPA formula: 2.5×, the scores computed again).
ATTENTION_BACKWARD_MODEL = 2.0
ATTENTION_BACKWARD_HARDWARE = 2.5

#: Hardware over model FLOPs of ``6·N·D`` with full activation recomputation: every layer's
#: forward (``2·N`` per token) runs once more in the backward pass, ``8·N / 6·N`` (Korthikanti et
#: al. 2022, *Reducing Activation Recomputation in Large Transformer Models*, section 5).
FULL_RECOMPUTE_RATIO = 8.0 / 6.0

MFU_DEFINITION: Text = translate(
    "Utilization",
    "MFU (model FLOPs utilization, PaLM appendix B): the FLOPs the model needs per step (forward and "
    "backward matmuls and attention, no recomputation; attention over the full sequence, not halved "
    "for causal masks; the LM head included) / (step time × dense peak)",
)
HFU_DEFINITION: Text = translate(
    "Utilization",
    "HFU (hardware FLOPs utilization): the FLOPs the GPU executes per step (model FLOPs plus "
    "activation recomputation and the flash-attention backward's recompute) / (step time × dense "
    "peak); equal to MFU without recomputation",
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


def attention_forward_flops(batch: int, seq: int, heads: int, head_dim: int) -> float:
    """Forward FLOPs of attention's two matmuls (``Q·Kᵀ`` and ``P·V``) in one layer.

    ``2 · 2·b·h·s²·q``: each of the two is a batched matmul of ``b·h`` products of ``s × q`` by
    ``q × s`` (or ``s × s`` by ``s × q``), 2 FLOPs per multiply-add; the full ``s × s`` scores.
    """
    return 4.0 * batch * heads * float(seq) * float(seq) * head_dim


def model_flops_per_token(
    matmul_params: float, layers: int, heads: int, head_dim: int, seq: int
) -> float:
    """Model FLOPs of one trained token, forward and backward (PaLM appendix B, ``6N + 12LHQT``).

    Parameters
    ----------
    matmul_params
        ``N``: parameters that take part in a matmul (every linear layer and the LM head).
    layers, heads, head_dim, seq
        ``L``, ``H``, ``Q`` and ``T``.
    """
    return 6.0 * matmul_params + 12.0 * layers * heads * head_dim * seq
