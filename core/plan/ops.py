"""The ops of one representative layer, the embedding and the head, from the Step trace, ready to
be divided by tensor and context parallelism and scaled to any micro-batch without tracing again.

One model shape is traced twice (:func:`core.step.trace.trace_config`, fake tensors, one layer of
the model's full width, CUDA kernels' saved tensors): with two sequences and with three (with one,
a few reshapes are views that are copies from two on; a mixture of experts whose rows do not deal
evenly to its experts takes a multiple of both, :func:`trace_batches`). Every op's FLOPs and bytes are then
``fixed + per_sequence × b`` (exact for any cost linear in the batch: activations scale, weights
do not), and a GEMM's token dimension is the one that grew by half. The
trace of a 405B-wide layer takes about a second; the search then evaluates thousands of layouts
from these two traces alone (:data:`_TRACES` caches them by shape, sequence, recipe and kernels).

Where each op runs and how parallelism divides it:

* **region** ``layer`` (the ops of ``layers.1``: two layers are traced, and the second stands for
  every layer; the first one's ops that the second also runs are dropped), ``embed (everything before the first layer in
  forward and after the last in backward: the lookup, position embeddings, rotary tables) or
  ``head`` (the final norm, the LM head, the loss).
* **TP** (Megatron-LM's tensor parallelism, Shoeybi et al. 2019; what each rank keeps per
  Korthikanti et al. 2022, §4.2.2): column-parallel linears (``q``, ``k``, ``v``, ``gate``, ``up``
  and the LM head over the vocabulary) split their output features, row-parallel ones (``o``,
  ``down``) their input features; the attention core splits its heads (KV heads split as far as
  they go, then are replicated); ops on ``ffn``-wide, head-shaped or vocabulary-wide tensors split
  by TP; ops on the ``h``-wide residual stream (norms, residual adds, dropout) are replicated
  unless sequence parallelism splits them along the sequence. The embedding is vocabulary-parallel:
  its table's gradient splits, its ``[tokens, h]`` output does not.
* **CP** splits the tokens of every op (and the attention's ``s²`` work) evenly; the embedding
  lookup reads only the rows it needs (not the whole table, which the op's minimum-traffic count
  would charge).
* **selective recomputation** runs the attention core's forward again: the flash kernel, or the
  ``QKᵀ`` … ``P·V`` span of the unfused path (Korthikanti et al. 2022, §5).
* **fused kernels**: consecutive memory-bound ops between two GEMMs (or attention kernels) form
  one chain, run as one kernel that moves as much as the chain's largest member (it reads each
  input once and writes each output once; the chain's members are elementwise over tensors of the
  same size). Unfused (eager), each op is its own kernel.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from core.errors import InputError
from core.memory.estimate import MemoryConfig
from core.memory.models import TransformerSpec
from core.memory.recipes import Recipe, optimizer
from core.roofline.achievable import gemm_dims
from core.roofline.hardware import DTYPE_BYTES

__all__ = ["LayerOps", "PlanOp", "cached_shapes", "layer_ops"]

_COMPUTE = ("matmul", "attention")
_COLUMN = {"q": "q", "k": "kv", "v": "kv", "gate": "ffn", "up": "ffn", "q_b": "q_up",
           "kv_b": "kv_up"}  # fmt: skip
_ROW = {"o": "d", "down": "ffn"}


@dataclass(frozen=True, slots=True)
class PlanOp:
    """One traced op, as a function of the sequences ``b`` in a micro-batch.

    ``flops = flops0 + flops1·b`` (likewise bytes). ``dims`` is a GEMM's ``(batch, M, K, N)`` for
    one sequence; ``token_axis`` is the index that grows with the tokens, ``tp_axis`` the one TP
    divides (-1: none). ``tp`` says how TP divides the op's other costs: ``all`` (by TP), ``kv``
    (by ``min(TP, kv_heads)``), ``sp`` (by TP only with sequence parallelism) or ``none``.
    """

    region: str
    phase: str
    kind: str
    name: str
    dtype: str
    flops0: float
    flops1: float
    bytes0: float
    bytes1: float
    dims: tuple[float, float, float, float] | None
    token_axis: int
    tp_axis: int
    tp: str
    vocab: bool
    core: bool
    chain: int


@dataclass(frozen=True)
class LayerOps:
    """The classified ops of one model shape at one sequence length."""

    spec: TransformerSpec
    seq: int
    ops: tuple[PlanOp, ...]
    trace_seconds: float
    key: tuple = ()


def _shapes(text: str) -> list[list[int]]:
    out = []
    for part in text.split():
        try:
            out.append([int(v) for v in part.strip("[]").split(",") if v])
        except ValueError:
            continue
    return out


def _largest(text: str) -> list[int]:
    shapes = _shapes(text)
    return max(shapes, key=lambda s: math.prod(s) if s else 0) if shapes else []


def _tp_rule(spec: TransformerSpec, region: str, name: str, shapes: str) -> tuple[str, bool]:
    """How TP divides a memory-bound or attention op, and whether it touches the vocabulary."""
    dims = _shapes(shapes)
    vocab = any(spec.vocab in s for s in dims)
    if region == "embed":
        return "none", vocab
    big = _largest(shapes)
    if not big:
        return "none", vocab
    if len(big) == 4:
        if big[1] == spec.heads:
            return "all", vocab
        if big[1] == spec.kv_heads:
            return "kv", vocab
    last = big[-1]
    if spec.is_moe and len(big) == 3 and big[0] == spec.experts:
        return "all", vocab  # the experts' rows: a GPU's share falls with TP (core.plan.moe)
    if region == "head":
        return ("all" if last == spec.vocab else "sp" if last == spec.d_model else "none"), vocab
    if last == spec.ffn:
        return "all", vocab
    if last == spec.kv_dim and spec.kv_dim != spec.d_model:
        return "kv", vocab
    if last == spec.d_model:
        return "sp", vocab
    return "none", vocab


def _feature(spec: TransformerSpec, key: str) -> tuple[int, str]:
    if key == "q_up":  # latent attention's up-projections, column-parallel over the heads
        return spec.heads * (spec.qk_nope_head_dim + spec.qk_rope_head_dim), "all"
    if key == "kv_up":
        return spec.heads * (spec.qk_nope_head_dim + spec.v_head_dim), "all"
    width = {"q": spec.d_model, "kv": spec.kv_dim, "ffn": spec.ffn, "d": spec.d_model}[key]
    return width, ("kv" if key == "kv" else "all")


def _gemm_axes(
    spec: TransformerSpec, region: str, module: str, phase: str, d1: tuple, d2: tuple
) -> tuple[int, int, str]:
    """``(token_axis, tp_axis, tp rule)`` of a GEMM from its shapes at two and three sequences
    (``d1``: the dimensions of one sequence)."""
    grown = [i for i in range(4) if 2 * d2[i] == 3 * d1[i] and d1[i] > 0]
    token = grown[0] if grown else -1
    leaf = module.rsplit(".", 1)[-1]
    if region == "layer" and leaf == "attn":  # the unfused attention core: batch = b·heads
        return token, 0, "all"
    if region == "layer" and leaf in _COLUMN:
        width, rule = _feature(spec, _COLUMN[leaf])
        column = True
    elif region == "layer" and leaf in _ROW:
        width, rule = _feature(spec, _ROW[leaf])
        column = False
    elif region == "head" and spec.vocab in d1[1:]:
        width, rule, column = spec.vocab, "all", True
    else:
        return token, -1, "none"
    candidates = [i for i in (1, 2, 3) if i != token and d1[i] == width]
    if not candidates and spec.is_moe and leaf in ("gate", "up", "down"):
        # an MoE block's shared experts: one MLP of their summed width
        shared = spec.shared_experts * (spec.shared_ffn or spec.moe_ffn)
        candidates = [i for i in (1, 2, 3) if i != token and d1[i] == shared]
    if phase == "forward":
        usual = 3 if column else 2
    elif token == 2:  # the weight's gradient: [out, tokens] × [tokens, in]
        usual = 1 if column else 3
    else:  # the input's gradient: [tokens, out] × [out, in]
        usual = 2 if column else 3
    if usual in candidates:
        return token, usual, rule
    return token, (candidates[0] if candidates else -1), rule


def _regions(ops1: list) -> list[str]:
    fwd_layer = [
        i for i, o in enumerate(ops1) if o.phase == "forward" and o.module.startswith("layers.")
    ]
    bwd_layer = [
        i for i, o in enumerate(ops1) if o.phase == "backward" and o.module.startswith("layers.")
    ]
    if not fwd_layer:
        raise InputError("plan: the traced model has no layers.0 module")
    out = []
    for i, op in enumerate(ops1):
        if op.phase == "optimizer":
            out.append("optimizer")
        elif op.module.startswith("layers.1"):
            out.append("layer")
        elif op.module.startswith("layers."):
            out.append("first")
        elif op.phase == "forward":
            out.append("embed" if i < fwd_layer[0] else "head")
        else:
            out.append("head" if bwd_layer and i < bwd_layer[0] else "embed")
    return _first_layer(ops1, out)


def _first_layer(ops1: list, regions: list[str]) -> list[str]:
    """The first layer's ops that the second (the representative) also runs are dropped; the rest
    belong to the embedding (a learned position embedding's gradient reduces in the first layer's
    backward, which the recorder attributes to that layer's first norm)."""
    from collections import Counter

    def key(op: Any) -> tuple[str, str, str]:
        return op.phase, op.module.split(".", 2)[-1] if op.module.count(".") > 1 else "", op.name

    left = Counter(key(op) for op, r in zip(ops1, regions, strict=True) if r == "layer")
    out = []
    for op, region in zip(ops1, regions, strict=True):
        if region == "first":
            k = key(op)
            if left[k] > 0:
                left[k] -= 1
                region = "skip"
            else:
                region = "embed"
        out.append(region)
    return out


def _core(ops1: list, regions: list[str]) -> set[int]:
    """Indices of the attention core's forward (what selective recomputation runs again)."""
    marks = [
        i for i, o in enumerate(ops1)
        if regions[i] == "layer" and o.phase == "forward" and o.flops > 0
        and (o.kind == "attention" or (o.kind == "matmul" and o.module.endswith(".attn")))
    ]  # fmt: skip
    if not marks:
        return set()
    return {
        i for i in range(marks[0], marks[-1] + 1)
        if ops1[i].phase == "forward" and ops1[i].module.endswith(".attn")
    }  # fmt: skip


def trace_batches(spec: TransformerSpec, seq: int) -> tuple[int, int]:
    """The two batch sizes traced: two and three sequences, times the smallest factor that
    deals a mixture of experts' ``tokens·top_k`` rows to its experts in whole groups at both
    (the trace's dispatch pads the rows to a whole number per expert only where they do not
    divide, so a pad in one trace and not the other would make the two dispatch different ops:
    Kimi-K2's 384 experts take 3 × 2 and 3 × 3 sequences of 4,096)."""
    g = 1
    if spec.is_moe and spec.experts:
        g = spec.experts // math.gcd(spec.experts, seq * max(1, spec.top_k))
    return 2 * g, 3 * g


def _classify(
    spec: TransformerSpec, ops1: list, ops2: list, batches: tuple[int, int] = (2, 3)
) -> tuple[PlanOp, ...]:
    if len(ops1) != len(ops2) or any(a.name != b.name for a, b in zip(ops1, ops2, strict=True)):
        raise InputError("plan: the traces at two and three sequences dispatch different ops")
    first, step = batches[0], batches[1] - batches[0]
    regions = _regions(ops1)
    core = _core(ops1, regions)
    out: list[PlanOp] = []
    chain, last_key, open_chain = -1, None, False
    for i, (a, b) in enumerate(zip(ops1, ops2, strict=True)):
        region = regions[i]
        if region in ("optimizer", "skip") or a.kind == "host sync":
            continue
        f1, y1 = float(b.flops - a.flops) / step, float(b.bytes - a.bytes) / step
        f0, y0 = float(a.flops) - first * f1, float(a.bytes) - first * y1
        if a.flops == 0 and a.bytes == 0:
            continue  # a view: no kernel
        if a.name == "embedding":  # the lookup reads the rows it needs, not the whole table
            table = _shapes(a.shapes)[:1]
            y0 -= math.prod(table[0]) * DTYPE_BYTES.get(a.dtype, 2) if table else 0.0
        dims = None
        token, tp_axis = -1, -1
        if a.kind == "matmul":
            d2, d3 = gemm_dims(a.name, a.shapes), gemm_dims(b.name, b.shapes)
            if d2 is not None and d3 is not None:
                token, tp_axis, rule = _gemm_axes(spec, region, a.module, a.phase, d2, d3)
                one = list(d2)
                if token >= 0:
                    one[token] /= first  # the first trace holds `first` sequences
                dims = (one[0], one[1], one[2], one[3])
                vocab = rule == "all" and region == "head"
            else:
                rule, vocab = _tp_rule(spec, region, a.name, a.shapes)
        else:
            rule, vocab = _tp_rule(spec, region, a.name, a.shapes)
        compute = a.kind in _COMPUTE and a.flops > 0
        key = (region, a.phase)
        if compute:
            open_chain = False
            link = -1
        else:
            if not open_chain or key != last_key:
                chain += 1
                open_chain = True
            link = chain
        last_key = key
        out.append(PlanOp(region, a.phase, a.kind, a.name, a.dtype, max(0.0, f0), f1,
                          max(0.0, y0), y1, dims, token, tp_axis, rule, vocab, i in core,
                          link))  # fmt: skip
    return tuple(out)


def _attention_dropout(
    spec: TransformerSpec, seq: int, e: int, ops: tuple[PlanOp, ...]
) -> tuple[PlanOp, ...]:
    """The attention probabilities' dropout, which the trace's CUDA stand-in records as free
    (it makes its mask and output with ``empty``): forward reads the probabilities and writes the
    output and a 1-byte mask, backward reads the gradient and the mask and writes the gradient,
    ``a·s²`` elements per sequence each (its own kernel, as Megatron-LM runs it after the fused
    scale-mask-softmax); part of the attention core."""
    elements = spec.heads * float(seq) * seq
    per = (2 * e + 1) * elements
    chain = max((op.chain for op in ops), default=0)
    return tuple(
        PlanOp(
            "layer",
            phase,
            "pointwise",
            "dropout (stand-in)",
            "bf16" if e == 2 else "fp32",
            0.0,
            elements,
            0.0,
            per,
            None,
            -1,
            -1,
            "all",
            False,
            phase == "forward",
            chain + k,
        )
        for k, phase in ((1, "forward"), (2, "backward"))
    )


@lru_cache(maxsize=32)
def _traces(spec: TransformerSpec, seq: int, rec: Recipe, flash: bool, dropout: bool) -> LayerOps:
    import logging

    from core.plan.trace_store import load_ops, store_ops, trace_key
    from core.step.trace import trace_config

    one = spec.with_layers(2)
    key = trace_key(one, seq, rec, flash, dropout)  # kept on disk (core.plan.trace_store)
    kept = load_ops(key, PlanOp) if key is not None else None
    if kept is not None:
        return LayerOps(spec, seq, kept[0], kept[1], (spec, seq, rec, flash, dropout))
    found = []
    seconds = 0.0
    quiet = logging.getLogger("torch")
    level = quiet.level
    quiet.setLevel(logging.ERROR)
    try:
        batches = trace_batches(one, seq)
        for batch in batches:
            cfg = MemoryConfig(model=one, batch=batch, seq=seq, recipe=rec, optimizer=optimizer("sgd"),
                               flash=flash, dropout=dropout, kernels="cuda")  # fmt: skip
            traced = trace_config(cfg)
            seconds += traced.seconds
            found.append(traced.ops)
    finally:
        quiet.setLevel(level)
    ops = _classify(one, found[0], found[1], batches)
    if dropout and not flash:
        ops = ops + _attention_dropout(one, seq, rec.bytes("acts"), ops)
    if key is not None:
        store_ops(key, ops, seconds)
    return LayerOps(spec, seq, ops, seconds, (spec, seq, rec, flash, dropout))


def layer_ops(spec: TransformerSpec, seq: int, rec: Recipe, *, flash: bool = True,
              dropout: bool = False) -> LayerOps:  # fmt: skip
    """The classified ops of ``spec`` at ``seq`` (traced once per shape, then cached).

    The trace depends on the width, the sequence, the recipe and the kernels, not on the depth:
    ``spec`` with any number of layers shares one trace.
    """
    # The sliding window is not traced (each layer's trace is its full causal attention): the
    # time charges the windowed layers their share (core.plan.timing.micro_times, ``window``).
    key = replace(spec, layers=2, name="", seq=seq, window=0, window_layers=0)
    return _traces(key, seq, rec, flash, dropout)


def cached_shapes() -> int:
    """How many shapes are traced and cached now (for benchmarks and tests)."""
    return _traces.cache_info().currsize
