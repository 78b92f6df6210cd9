"""Context parallelism as PyTorch's ``context_parallel`` runs it under torchtitan.

torchtitan shards the sequence with ``torch.distributed.tensor.experimental.context_parallel``
(torchtitan ``torchtitan/utils.py``, ``create_context_parallel_ctx``). What that code moves and
computes per layer differs from Megatron-Core's ring attention in four ways, each read from the
code (torchtitan ``9dec370``, the PyTorch 2.6 ``_attention.py`` of late 2024; ``docs/plan.md``,
*Mechanism 43*):

* **K/V at the query heads.** torchtitan's Llama attention repeats the K/V heads to the query
  heads (``repeat_kv``) *before* ``F.scaled_dot_product_attention``, the call the CP ring
  replaces, so the ring moves ``heads / TP`` K/V heads per rank, not the grouped ``kv_heads``
  (:func:`kv_width`).
* **The backward gathers again and rings the K/V gradients in fp32.** ``_templated_ring_attention_
  backward`` builds a new rotater and all-gathers K/V again (the forward's gathered buffer is not
  kept), and passes the running dK/dV sums from rank to rank: ``P`` exchanges (one per ring step)
  of the rank's whole K/V gradient, in fp32 (``convert_to_f32``: ``accum_dtype = float32``).
  So a backward moves :data:`BACKWARD_GATHERS` gathers and ``P`` fp32 exchanges
  (:func:`backward_bytes`).
* **Exposed.** torchtitan compiles each block (``torch.compile(..., fullgraph=True)``); traced,
  a functional collective is waited on at once, and Inductor's compute/communication reordering
  (``reorder_for_compute_comm_overlap``) is off by default, so the plan takes the gathers and
  the exchanges as exposed, as it does the all-gather variant's.
* **The merges.** Every ring step's output is merged into the running output in fp32
  (``_SDPAMerger``: the block's output cast to fp32, ``out - sigmoid(Δlse)·(out - block)``), and
  every backward step adds its dQ, dK and dV into fp32 accumulators and packs dK/dV for the next
  rank (``torch.cat``). Compiled, each step's elementwise work fuses to one pass over what it
  must read and write (:data:`MERGE_BYTES_FORWARD`, :data:`MERGE_BYTES_BACKWARD`), at the
  achievable memory bandwidth (:func:`merge_seconds`).

The split of the causal work is balanced (``_cp_options.enable_load_balance`` is on by default:
head-tail chunks, every step ``2c²`` score entries on every rank), as the plan assumes for every
CP, so the attention kernels are timed as before.
"""

from __future__ import annotations

from core.memory.models import TransformerSpec

__all__ = [
    "BACKWARD_GATHERS",
    "MERGE_BYTES_BACKWARD",
    "MERGE_BYTES_FORWARD",
    "backward_bytes",
    "forward_bytes",
    "kv_width",
    "merge_seconds",
]

#: K/V all-gathers of one layer's backward (the forward ring's gathered buffer is a local of the
#: forward, so the backward gathers again).
BACKWARD_GATHERS = 1

#: Bytes per element of the rank's attention output that each forward ring step after the first
#: moves, fused: the running fp32 output read and written (4 + 4) and the step's bf16 block
#: output read (2).
MERGE_BYTES_FORWARD = 10

#: Bytes per element of the rank's attention output (= of its K, of its V: K/V are at the query
#: heads) that each backward ring step moves, fused: dQ's fp32 accumulator read and written and
#: the step's bf16 dQ read (4 + 4 + 2); for K and V each, the fp32 running sum received, the
#: step's bf16 gradient read and the packed fp32 sum written for the next rank (4 + 2 + 4).
MERGE_BYTES_BACKWARD = 10 + 2 * 10


def kv_width(spec: TransformerSpec, tp: int) -> float:
    """Elements per token of one rank's K (or V) as the ring moves it: ``heads / TP`` heads of
    ``head_dim`` (torchtitan's ``repeat_kv`` runs before the attention call the ring replaces)."""
    return spec.q_dim / tp


def forward_bytes(spec: TransformerSpec, tokens: float, tp: int, element_bytes: float) -> float:
    """Bytes of one rank's K and V that its forward ring gathers from each other rank:
    ``2 · tokens · kv_width · e`` (``tokens``: the rank's, the micro-batch's sequences included)."""
    return 2 * tokens * kv_width(spec, tp) * element_bytes


def backward_bytes(spec: TransformerSpec, tokens: float, tp: int) -> float:
    """Bytes of one fp32 dK/dV exchange of the backward ring: the rank's whole K and V gradient
    in fp32 (``2 · tokens · kv_width · 4``); a backward makes ``P`` of them."""
    return 2 * tokens * kv_width(spec, tp) * 4


def merge_seconds(
    spec: TransformerSpec, tokens: float, tp: int, cp: int, bandwidth: float
) -> tuple[float, float]:
    """``(forward, backward)`` seconds of one layer's ring merges on one rank per micro-batch: the
    forward's ``P − 1`` merges (:data:`MERGE_BYTES_FORWARD`) and the backward's ``P`` steps
    (:data:`MERGE_BYTES_BACKWARD`) over the rank's attention output, ``tokens · heads/TP ·
    head_dim`` elements, at ``bandwidth``; nothing without CP."""
    if cp <= 1 or bandwidth <= 0:
        return 0.0, 0.0
    elements = tokens * kv_width(spec, tp)
    forward = (cp - 1) * MERGE_BYTES_FORWARD * elements / bandwidth
    backward = cp * MERGE_BYTES_BACKWARD * elements / bandwidth
    return forward, backward
