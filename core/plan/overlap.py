"""What an overlapped collective can hide, by the mechanism that overlaps it.

Two mechanisms, each hiding only what its decomposition leaves room for:

* **Bucketed reductions and gathers** (:func:`bucketed_exposed`). The gradient reduction is cut
  into buckets (:func:`core.plan.frameworks.gradient_buckets`); a bucket's collective starts
  once its layers' backward has produced every gradient in it, and the buckets run one after
  another on one communication stream. The backward of the layers that fill the last bucket
  ends the step's compute, so that bucket's collective is always exposed; the others show only
  where they outrun the backward. Under the interleaved schedule each model chunk's buckets fill
  during that chunk's last micro-batch backward, and the chunks finish ``p`` micro-batch
  backwards apart (the cooldown runs ``p`` micro-batches of one chunk before the next); the
  last chunk's reductions have only its own last backward. ZeRO's parameter all-gathers are the
  mirror image: the first bucket is needed before the first layer's forward.
* **Decomposed TP collectives** (:func:`tp_decomposed`). Transformer Engine's userbuffers and
  PyTorch's AsyncTP split each sequence-parallel all-gather and reduce-scatter into ``n = TP``
  chunks and run the GEMM on one chunk while the next moves. Each chunk's GEMM has ``1/n`` of
  the rows, at that shape's own (lower) efficiency, so the decomposed GEMMs take longer; the
  all-gather's first chunk is local (its GEMM starts at once, nothing exposed), the
  reduce-scatter's last chunk has no GEMM after it (its transfer exposed); every other chunk
  shows only where its transfer outlasts its GEMM. Without sequence parallelism neither
  decomposes anything (Megatron requires ``--sequence-parallel`` for ``--tp-comm-overlap``).
"""

from __future__ import annotations

import math

from core.plan.ops import LayerOps
from core.plan.timing import op_cost
from core.roofline.achievable import Calibration
from core.roofline.hardware import DTYPE_BYTES, Device

__all__ = ["bucketed_exposed", "gather_exposed", "scatter_exposed", "tp_decomposed"]


def bucketed_exposed(total: float, buckets: int, window: float, chunks: int = 1,
                     stages: int = 1) -> float:  # fmt: skip
    """Seconds of a bucketed collective of ``total`` seconds that show after the compute.

    ``buckets`` collectives of ``total / buckets`` each, spread evenly over ``chunks`` model
    chunks; chunk ``k`` (in the order they finish) fills its buckets evenly during a backward of
    ``window / chunks`` seconds that starts ``k · stages`` such backwards after the first. The
    collectives run in order on one stream, each once its bucket is full and the previous one is
    done; what runs past the end of the last backward is exposed. With one chunk this is
    ``r + (N − 1) · max(0, r − w/N)`` for ``N`` buckets of ``r`` seconds over a window ``w``.
    """
    if total <= 0.0:
        return 0.0
    buckets = max(1, buckets)
    chunks = max(1, min(chunks, buckets))
    r = total / buckets
    chunk_window = window / chunks
    per_chunk = [buckets // chunks + (1 if k < buckets % chunks else 0) for k in range(chunks)]
    end = 0.0
    for k, n in enumerate(per_chunk):
        if n == 0:
            continue
        # ``end = max(end, ready_i) + r`` over the chunk's buckets, ready every ``δ = window/n``
        # from ``start``, in closed form (a search times thousands of layouts with thousands of
        # buckets): the last one ends ``n·r`` after the first could start, or ``r`` after it
        # is ready, whichever is later.
        start = k * stages * chunk_window
        step = chunk_window / n
        first = max(end, start + step)
        end = max(first + n * r, start + chunk_window + r)
    finish = (chunks - 1) * stages * chunk_window + chunk_window
    return max(0.0, end - finish)


#: Per GEMM group: phase, seconds whole, chunked in TP pieces, chunked in 4, its weight gradients.
_Group = tuple[str, float, float, float, float]
_Dims = list[float]
_CACHE: dict[tuple, tuple[_Group, ...]] = {}
#: Transformer Engine's userbuffers: chunks of a decomposed GEMM in flight at once
#: (``_NUM_MAX_UB_STREAMS``) and the pieces of its pipelined reduce-scatter (``num_splits``).
TE_STREAMS = 3
TE_PIPELINE_SPLITS = 4


def _groups(ops: LayerOps, b_eff: float, t: int, sp: bool) -> list[tuple[str, _Dims, list[_Dims]]]:
    """The layer's GEMMs beside its TP collectives, ``(phase, [batch, M, K, N], wgrad seconds
    placeholder)`` in trace order: forward ``qkv`` (after an all-gather), ``proj`` (before a
    reduce-scatter), ``fc1``, ``fc2``; backward the input-gradient GEMMs ``fc2``, ``fc1``,
    ``proj``, ``qkv`` (after an all-gather, before a reduce-scatter, alternately).

    Forward: consecutive GEMMs reading the same gathered input (``q``, ``k``, ``v``; ``gate``,
    ``up``) are one GEMM of their summed ``N``, as Megatron-Core's fused ``linear_qkv`` and
    ``linear_fc1`` are. Backward: consecutive input-gradient GEMMs writing the same output are
    one GEMM of their summed ``K``; a weight-gradient GEMM (the tokens are its ``K``) is not
    decomposed, its dims are kept beside the input-gradient GEMM of the same linear (the next
    one in the trace) for Transformer Engine's bulk overlap.
    """
    out: list[tuple[str, _Dims, list[_Dims]]] = []
    pending: list[_Dims] = []
    for op in ops.ops:
        if op.region != "layer" or op.core or op.kind != "matmul" or op.chain >= 0:
            continue
        if op.dims is None:
            continue
        _flops, _nbytes, dims = op_cost(op, b_eff, t, sp, ops.spec.kv_heads)
        if dims is None:
            continue
        batch, m, k, n = dims
        if op.token_axis != 1:
            if op.phase != "forward":
                pending.append([batch, m, k, n])
            continue
        last = out[-1] if out else None
        if last and last[0] == op.phase and op.phase == "forward" and last[1][1:3] == [m, k]:
            last[1][3] += n
        elif (
            last
            and last[0] == op.phase
            and op.phase != "forward"
            and (last[1][1] == m and last[1][3] == n)
        ):
            last[1][2] += k
            last[2].extend(pending)
        else:
            out.append((op.phase, [batch, m, k, n], list(pending)))
        pending = []
    return out


def _gemm(cal: Calibration, device: Device, batch: float, m: float, k: float, n: float,
          peak: float, dtype: str) -> float:  # fmt: skip
    size = DTYPE_BYTES.get(dtype, 2)
    flops = 2.0 * batch * m * k * n
    nbytes = size * batch * (m * k + k * n + m * n)
    return cal.op_seconds(device, "matmul", flops, nbytes, peak, dims=(batch, m, k, n),
                          dtype=dtype)  # fmt: skip


def gather_exposed(comm: float, chunk_gemm: float, n: int) -> float:
    """An all-gather of ``comm`` seconds over a ring of ``n`` decomposed beside a GEMM: the local
    chunk's GEMM first, then each of the ``n − 1`` ring steps (``comm/(n − 1)``) beside the next
    chunk's GEMM (``chunk_gemm`` seconds each): ``(n − 1)·max(0, comm/(n − 1) − chunk_gemm)``."""
    if n <= 1:
        return comm
    return (n - 1) * max(0.0, comm / (n - 1) - chunk_gemm)


def scatter_exposed(comm: float, chunk_gemm: float, pieces: int) -> float:
    """A reduce-scatter of ``comm`` seconds in ``pieces``, each started when its chunk's GEMM
    (``chunk_gemm`` seconds) is done and run beside the next one; the last has no GEMM after it:
    ``comm/pieces + (pieces − 1)·max(0, comm/pieces − chunk_gemm)``."""
    piece = comm / max(1, pieces)
    return piece + (pieces - 1) * max(0.0, piece - chunk_gemm)


def tp_decomposed(
    ops: LayerOps, device: Device, cal: Calibration, *, b: int, t: int, c: int,
    compute_dtype: str, gemm_dtype: str, kind: str, comm_fwd: float, comm_bwd: float,
) -> tuple[float, float, float, float]:  # fmt: skip
    """``(exposed forward, exposed backward, extra GEMM seconds forward, backward)`` of one
    layer's sequence-parallel TP collectives decomposed by ``kind``.

    Each direction has four collectives of equal size (``comm/4`` each), beside the GEMMs of
    :func:`_groups`, alternately all-gather then reduce-scatter. ``userbuffers`` (Transformer
    Engine's defaults in ``initialize_ub``): the all-gathers by ring exchange in ``t`` chunks,
    the forward reduce-scatters pipelined in 4 pieces, up to 3 chunk GEMMs in flight at once;
    the backward reduce-scatters (of ``qkv`` and ``fc1``'s input gradients) in bulk beside the
    same linear's weight-gradient GEMM, hidden up to its duration. ``async-tp`` (PyTorch's
    micro-pipelined TP): every all-gather and reduce-scatter in ``t`` chunks, one after
    another. A chunked GEMM is timed at its own rows' shape (the chunks together take longer
    than the whole GEMM: the extra seconds are returned).
    """
    device_key = (device.id, device.mem_bandwidth, tuple(sorted(device.peak_flops.items())))
    key = (ops.key, device_key, cal.key, b, t, c, compute_dtype, gemm_dtype, kind)
    found = _CACHE.get(key)
    if found is None:
        if len(_CACHE) > 4096:
            _CACHE.clear()
        dtype = gemm_dtype if device.supports(gemm_dtype) else compute_dtype
        peak = device.peak(dtype)
        streams = TE_STREAMS if kind == "userbuffers" else 1
        found_list: list[_Group] = []
        for phase, (batch, m, k, n), wgrads in _groups(ops, b / c, t, True):
            whole = _gemm(cal, device, batch, m, k, n, peak, dtype)

            def chunked(parts: int, batch=batch, m=m, k=k, n=n) -> float:
                together = max(1, min(streams, parts))
                height = max(1.0, math.ceil(m / parts)) * together
                return parts / together * _gemm(cal, device, batch, height, k, n, peak, dtype)

            wgrad = sum(_gemm(cal, device, w[0], w[1], w[2], w[3], peak, dtype) for w in wgrads)
            found_list.append((phase, whole, chunked(t), chunked(TE_PIPELINE_SPLITS), wgrad))
        found = _CACHE[key] = tuple(found_list)
    exposed = {"forward": 0.0, "backward": 0.0}
    extra = {"forward": 0.0, "backward": 0.0}
    index = {"forward": 0, "backward": 0}
    for phase, whole, by_t, by_4, wgrad in found:
        one = (comm_fwd if phase == "forward" else comm_bwd) / 4.0
        gather = index[phase] % 2 == 0
        index[phase] += 1
        if gather:
            exposed[phase] += gather_exposed(one, by_t / t, t)
            extra[phase] += max(0.0, by_t - whole)
        elif kind == "async-tp":
            exposed[phase] += scatter_exposed(one, by_t / t, t)
            extra[phase] += max(0.0, by_t - whole)
        elif phase == "forward":
            exposed[phase] += scatter_exposed(one, by_4 / TE_PIPELINE_SPLITS, TE_PIPELINE_SPLITS)
            extra[phase] += max(0.0, by_4 - whole)
        else:
            exposed[phase] += max(0.0, one - wgrad)
    for phase, comm in (("forward", comm_fwd), ("backward", comm_bwd)):
        seen = index[phase]
        if seen < 4:  # a layer without the four GEMMs: the rest of its collectives exposed
            exposed[phase] += comm * (4 - seen) / 4.0
    return exposed["forward"], exposed["backward"], extra["forward"], extra["backward"]
