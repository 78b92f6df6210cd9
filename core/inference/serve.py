"""Serving a model: memory per GPU, the largest batch that fits, TTFT, TPOT and tokens/s.

Conventions (one place; :mod:`core.inference.step` states how a forward is timed):

* A **replica** is ``tp`` GPUs holding one copy of the model; ``gpus / tp`` replicas serve
  side by side, each a batch of ``B`` sequences of ``P`` prompt tokens and ``O`` output tokens.
  ``ep > 1`` spreads each layer's routed experts whole over ``ep`` GPUs (a multiple of ``tp``)
  instead of splitting each over the TP group.
* **TTFT** (time to first token): the prefill of the batch's ``B`` prompts, which yields each
  sequence's first output token; no queueing, scheduling or network.
* **TPOT** (time per output token): one decode step, every sequence gaining one token, at the
  mean cache the ``O − 1`` decode steps hold, ``P + O/2`` tokens (the step's time is linear in
  the cache it reads).
* **output tokens/s**: all replicas' output tokens over the time a batch takes,
  ``replicas × B × O / (TTFT + (O − 1) × TPOT)`` (prefill included, as serving benchmarks'
  output throughput is); **tokens/s per GPU** is that over ``gpus``.
* **Memory per GPU**: the weights (:meth:`~core.inference.step.Deployment.weights_per_gpu`),
  the KV cache of ``B`` sequences at their longest, ``P + O`` tokens
  (:mod:`core.inference.kv`), the activations of one layer of the largest forward — inference
  keeps only the current layer's: the residual stream and its normed copy (``2·d``) and the
  widest intermediate (``q, k, v`` and the attention output, or the MLP's gate, up and their
  product) for at most ``chunk`` tokens, and the last tokens' fp32 logits — and the allowance
  for the CUDA context, workspaces and the allocator (:data:`core.memory.estimate.CONTEXT_BYTES`
  plus :data:`~core.memory.estimate.RESERVE_FRACTION` of the tensors). **Fits** when the peak is
  at most the GPU's memory (the driver's total where known).
* **max_batch**: the largest ``B`` that fits; with a KV fraction ``f`` (TensorRT-LLM's
  ``kv_cache_free_gpu_mem_fraction``) the cache may take only ``f`` of the memory left after the
  weights, the activations and their allowance. (vLLM's ``gpu_memory_utilization`` is a share of
  the whole memory instead: ``f = (u·M − rest) / (M − rest)``.)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from core.errors import InputError
from core.inference.kv import kv_bytes_per_sequence, kv_bytes_per_token, kv_dtype
from core.inference.shapes import Shape, shape_of
from core.inference.step import ACT_BYTES, DEFAULT_CHUNK, Deployment, Point
from core.inference.weights import weight_format
from core.memory.estimate import CONTEXT_BYTES, RESERVE_FRACTION
from core.roofline.achievable import Calibration
from core.roofline.hardware import Device
from core.texts import Text, translate
from core.validate import positive_float, positive_int

__all__ = [
    "MAX_BATCH",
    "InferenceInput",
    "InferenceResult",
    "Memory",
    "engine_batch",
    "infer",
    "max_batch",
    "meets_targets",
    "memory_per_gpu",
    "sweep",
    "target_batch",
]

#: The largest batch searched or accepted.
MAX_BATCH = 1 << 24
_MAX_TOKENS = 10_000_000


def _fail(text: Text, name: str) -> InputError:
    return InputError(text, field=name)


@dataclass(frozen=True)
class InferenceInput:
    """What to serve, where and how; validated on construction.

    ``batch`` is sequences per replica, or ``None`` for the largest that fits.
    """

    spec: Any
    device: Device
    calibration: Calibration
    gpus: int = 1
    tp: int = 1
    ep: int = 1
    batch: int | None = 1
    prompt: int = 1024
    output: int = 256
    weights: str = "bf16"
    kv_dtype: str = "bf16"
    kv_fraction: float = 1.0
    gpus_per_node: int = 8
    chunk: int = DEFAULT_CHUNK
    dp_attention: bool = False
    max_num_seqs: int | None = None
    max_num_tokens: int | None = None
    ttft_target: float | None = None
    tpot_target: float | None = None
    request_rate: float | None = None
    host_overhead: float = 0.0
    kv_on_demand: bool = False
    kv_read_per_query_head: bool = False
    host_op_seconds: float = 0.0
    eager_decode: bool = False

    def __post_init__(self) -> None:
        if not all(hasattr(self.spec, k) for k in ("d_model", "heads", "kv_heads", "vocab")):
            raise _fail(translate("Inference", "model: serving needs a transformer; allowed: a preset, a config.json or --dims"), "model")  # fmt: skip
        object.__setattr__(self, "weights", weight_format(self.weights).id)
        object.__setattr__(self, "kv_dtype", kv_dtype(self.kv_dtype))
        positive_int(self.gpus, "gpus", high=10_000_000)
        positive_int(self.tp, "tp", high=10_000_000)
        positive_int(self.ep, "ep", high=10_000_000)
        positive_int(self.prompt, "prompt", high=_MAX_TOKENS)
        positive_int(self.output, "output", high=_MAX_TOKENS)
        positive_int(self.chunk, "chunk", high=_MAX_TOKENS)
        if self.batch is not None:
            positive_int(self.batch, "batch", high=MAX_BATCH)
        positive_float(self.kv_fraction, "kv-fraction", low=0.0, allow_low=False, high=1.0)
        if self.max_num_seqs is not None:
            positive_int(self.max_num_seqs, "max-num-seqs", high=MAX_BATCH)
        if self.max_num_tokens is not None:
            positive_int(self.max_num_tokens, "max-num-tokens", high=_MAX_TOKENS)
        if self.host_overhead:
            positive_float(self.host_overhead, "host-overhead", low=0.0, high=1.0)
        if self.host_op_seconds:
            positive_float(self.host_op_seconds, "host-op-seconds", low=0.0, high=1.0)
        for name in ("ttft_target", "tpot_target", "request_rate"):
            value = getattr(self, name)
            if value is not None:
                positive_float(value, name.replace("_", "-"), low=0.0, allow_low=False, high=1e9)
        s = self.shape
        t = self.tp
        if s.heads % t:
            raise _fail(translate("Inference", "tp: {tp} does not divide the {heads} attention heads; allowed: a divisor of {heads}").format(tp=str(t), heads=str(s.heads)), "tp")  # fmt: skip
        if not s.is_mla and s.kv_heads % t and t % s.kv_heads:
            raise _fail(translate("Inference", "tp: {tp} and the {kv} KV heads: one must divide the other").format(tp=str(t), kv=str(s.kv_heads)), "tp")  # fmt: skip
        if self.gpus % t:
            raise _fail(translate("Inference", "gpus: {gpus} is not a multiple of tp {tp}; allowed: whole replicas of tp GPUs").format(gpus=f"{self.gpus:,}", tp=str(t)), "gpus")  # fmt: skip
        if self.ep > 1:
            if not s.is_moe:
                raise _fail(translate("Inference", "ep: {ep}, but {model} has no routed experts; allowed: ep 1").format(ep=str(self.ep), model=s.name), "ep")  # fmt: skip
            if s.experts % self.ep or self.ep % t or self.gpus % self.ep:
                raise _fail(translate("Inference", "ep: {ep} must divide the {experts} experts and the {gpus} GPUs and be a multiple of tp {tp}").format(ep=str(self.ep), experts=str(s.experts), gpus=f"{self.gpus:,}", tp=str(t)), "ep")  # fmt: skip
        if s.max_pos and self.prompt + self.output > s.max_pos:
            raise _fail(translate("Inference", "prompt + output: {tokens} tokens is beyond {model}'s {positions} learned positions; allowed: up to {positions}").format(tokens=f"{self.prompt + self.output:,}", model=s.name, positions=f"{s.max_pos:,}"), "prompt")  # fmt: skip

    @property
    def shape(self) -> Shape:
        """The model's inference shape."""
        return shape_of(self.spec)

    @property
    def forward_tokens(self) -> int:
        """Tokens of one prefill forward: the engine's per-iteration budget ``max_num_tokens``
        where given, else ``chunk``."""
        return self.max_num_tokens if self.max_num_tokens is not None else self.chunk

    @property
    def deployment(self) -> Deployment:
        """The model on the device in its formats and parallel layout."""
        return Deployment(self.shape, self.device, self.calibration, weight_format(self.weights),
                          self.kv_dtype, self.tp, self.ep, self.gpus_per_node,
                          self.forward_tokens, self.dp_attention, self.host_overhead,
                          self.kv_read_per_query_head, self.host_op_seconds,
                          self.eager_decode)  # fmt: skip

    @property
    def replicas(self) -> int:
        """Copies of the model serving side by side."""
        return self.gpus // self.tp

    @property
    def context(self) -> int:
        """Tokens a sequence holds at its longest: prompt and output."""
        return self.prompt + self.output

    @property
    def kv_tokens(self) -> float:
        """Tokens of cache each running sequence takes in memory: its longest, ``P + O``, when
        the engine reserves a request's blocks up front (TensorRT-LLM's default capacity
        policy, GUARANTEED_NO_EVICT); with blocks allocated as tokens arrive (vLLM's
        PagedAttention, Kwon et al. 2023 §4.2) the running sequences are spread evenly over
        their decode in the steady state and hold ``P + O/2`` on average."""
        return self.prompt + self.output / 2 if self.kv_on_demand else float(self.context)


@dataclass(frozen=True)
class Memory:
    """Bytes per GPU at one batch (see the module docstring)."""

    weights: float
    kv_cache: float
    activations: float
    allowance: float
    capacity: float
    kv_fraction: float = 1.0

    @property
    def peak(self) -> float:
        """Everything at once."""
        return self.weights + self.kv_cache + self.activations + self.allowance

    @property
    def kv_budget(self) -> float:
        """Bytes the KV cache may take: ``kv_fraction`` of what the rest leaves free."""
        rest = self.weights + self.activations
        free = self.capacity - rest - CONTEXT_BYTES - RESERVE_FRACTION * rest
        return max(0.0, self.kv_fraction * free)

    @property
    def fits(self) -> bool:
        """Whether the peak fits the GPU and the cache its share."""
        return self.peak <= self.capacity and self.kv_cache <= self.kv_budget * (1 + 1e-12)

    def to_dict(self) -> dict[str, float]:
        """The JSON form (``memory_per_gpu``)."""
        return {"weights": self.weights, "kv_cache": self.kv_cache,
                "activations": self.activations, "allowance": self.allowance, "peak": self.peak,
                "capacity": self.capacity, "kv_budget": self.kv_budget}  # fmt: skip


def _activations(dep: Deployment, tokens: float, sequences: float) -> float:
    """One layer's live activations for ``tokens`` tokens on one GPU, plus the last tokens'
    fp32 logits."""
    s, t = dep.shape, dep.tp
    if s.is_mla:
        attn = s.heads * s.qk_head_dim + s.kv_lora_rank + s.qk_rope_head_dim
        attn += s.heads * (s.qk_nope_head_dim + s.v_head_dim) + s.heads * s.v_head_dim
    else:
        attn = 2 * s.heads * s.head_dim + 2 * s.kv_heads * s.head_dim
    mats = 3 if s.gated else 2
    widest = [attn / t]
    if s.layers > s.moe_layers:
        widest.append(mats * s.ffn / t)
    if s.is_moe:
        widest.append(mats * (s.top_k * s.moe_ffn + s.shared_experts * s.shared_width) / t)
    live = tokens * (2 * s.d + max(widest)) * ACT_BYTES
    return live + sequences * s.vocab / t * 4


def memory_per_gpu(inp: InferenceInput, batch: int, dep: Deployment | None = None) -> Memory:
    """Bytes per GPU serving ``batch`` sequences per replica."""
    dep = dep or inp.deployment
    weights = dep.weights_per_gpu
    kv = batch * kv_bytes_per_sequence(dep.shape, inp.kv_tokens, inp.kv_dtype) * dep.kv_share
    tokens = min(float(batch) * inp.prompt, float(inp.forward_tokens)) if batch else 0.0
    acts = _activations(dep, tokens, min(batch, tokens)) if batch else 0.0
    allowance = CONTEXT_BYTES + RESERVE_FRACTION * (weights + kv + acts)
    return Memory(weights, kv, acts, allowance, inp.device.capacity_bytes, inp.kv_fraction)


def max_batch(inp: InferenceInput, dep: Deployment | None = None) -> int:
    """The largest batch per replica that fits (0 when not even one sequence does)."""
    dep = dep or inp.deployment

    def fits(b: int) -> bool:
        return memory_per_gpu(inp, b, dep).fits

    if not fits(1):
        return 0
    low, high = 1, 2
    while high <= MAX_BATCH and fits(high):
        low, high = high, high * 2
    if high > MAX_BATCH:
        return MAX_BATCH
    while high - low > 1:
        mid = (low + high) // 2
        low, high = (mid, high) if fits(mid) else (low, mid)
    return low


@dataclass(frozen=True)
class InferenceResult:
    """The answer for one input: the two forwards, the memory and the rates."""

    input: InferenceInput
    batch: int
    max_batch: int
    memory: Memory
    prefill: Point
    decode: Point
    notes: tuple[str, ...] = field(default_factory=tuple)

    @property
    def ttft_s(self) -> float:
        """Time to the first token: the batch's prefill."""
        return self.prefill.seconds

    @property
    def tpot_s(self) -> float:
        """Time per output token: one decode step at the mean cache."""
        return self.decode.seconds

    @property
    def batch_seconds(self) -> float:
        """A batch from its prompts to its last token."""
        return self.ttft_s + (self.input.output - 1) * self.tpot_s

    @property
    def output_tokens_per_s(self) -> float:
        """Every replica's output tokens over the batch's time."""
        return self.input.replicas * self.batch * self.input.output / self.batch_seconds

    @property
    def tokens_per_s_per_gpu(self) -> float:
        """Output tokens/s over the GPUs."""
        return self.output_tokens_per_s / self.input.gpus

    @property
    def fits(self) -> bool:
        """Whether the batch fits on each GPU."""
        return self.memory.fits

    @property
    def meets_targets(self) -> bool:
        """Whether the TTFT and TPOT meet the input's targets (``True`` without targets)."""
        inp = self.input
        ttft_ok = inp.ttft_target is None or self.ttft_s <= inp.ttft_target
        return ttft_ok and (inp.tpot_target is None or self.tpot_s <= inp.tpot_target)

    @property
    def served_output_tokens_per_s(self) -> float:
        """Output tokens/s at the input's request rate: a server that keeps up completes what
        arrives, ``rate × O``, at most :attr:`output_tokens_per_s` (its capacity)."""
        if self.input.request_rate is None:
            return self.output_tokens_per_s
        return min(self.output_tokens_per_s, self.input.request_rate * self.input.output)

    @property
    def concurrency(self) -> float:
        """Sequences in flight at the request rate (Little's law: arrivals/s × the time one
        spends, TTFT plus its decode steps), or every replica's batch without a rate."""
        if self.input.request_rate is None:
            return float(self.input.replicas * self.batch)
        return self.input.request_rate * self.batch_seconds

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (``napkinlab inference --json``)."""
        inp, s = self.input, self.input.shape
        dep = inp.deployment
        return {
            "model": s.name, "device": inp.device.id, "gpus": inp.gpus, "tp": inp.tp,
            "ep": inp.ep, "replicas": inp.replicas, "batch": self.batch, "prompt": inp.prompt,
            "output": inp.output, "weights": inp.weights, "kv_dtype": inp.kv_dtype,
            "kv_fraction": inp.kv_fraction, "dp_attention": inp.dp_attention,
            "max_num_seqs": inp.max_num_seqs, "max_num_tokens": inp.max_num_tokens,
            "ttft_target": inp.ttft_target, "tpot_target": inp.tpot_target,
            "host_overhead": inp.host_overhead, "kv_on_demand": inp.kv_on_demand,
            "kv_read_per_query_head": inp.kv_read_per_query_head,
            "host_op_seconds": inp.host_op_seconds, "eager_decode": inp.eager_decode,
            "meets_targets": self.meets_targets, "request_rate": inp.request_rate,
            "served_output_tokens_per_s": self.served_output_tokens_per_s,
            "concurrency": self.concurrency,
            "ttft_s": self.ttft_s, "tpot_s": self.tpot_s,
            "output_tokens_per_s": self.output_tokens_per_s,
            "tokens_per_s_per_gpu": self.tokens_per_s_per_gpu,
            "memory_per_gpu": self.memory.to_dict(), "max_batch": self.max_batch,
            "fits": self.fits, "prefill": self.prefill.to_dict(), "decode": self.decode.to_dict(),
            "decode_context": decode_context(inp),
            "kv_bytes_per_token": kv_bytes_per_token(s, inp.kv_dtype),
            "kv_bytes_per_sequence": kv_bytes_per_sequence(s, inp.context, inp.kv_dtype),
            "weight_bytes": dep.weight_bytes.to_dict(),
            "params_total": s.params_total,
            "gemm_dtype": dep.gemm()[0], "weight_only": dep.gemm()[1],
            "calibration": {k: inp.calibration.sources.get(k, "") for k in
                            ("gemm_efficiency", "memory_bandwidth_fraction",
                             "attention_forward_efficiency", "intra_node_busbw_fraction")},
            "notes": [str(n) for n in self.notes],
        }  # fmt: skip


def decode_context(inp: InferenceInput) -> float:
    """The cache a decode step holds on average: ``P + O/2`` (``P + 1`` for one output token)."""
    return inp.prompt + max(inp.output, 2) / 2


def _notes(inp: InferenceInput, dep: Deployment, most: int) -> tuple[str, ...]:
    """What the figures assume beyond the input: a batch that does not fit, weight-only GEMMs,
    the calibration's own notes."""
    notes: list[str] = []
    if inp.batch is None and most == 0:
        notes.append(
            translate("Inference", "batch: not one sequence fits; the figures are for a batch of 1")
        )
    gemm, weight_only = dep.gemm()
    if weight_only:
        notes.append(
            translate("Inference", "{device} has no {dtype} peak: the {fmt} weights are dequantized and multiplied in {gemm}").format(
                device=inp.device.name, dtype=dep.weights.gemm, fmt=inp.weights, gemm=gemm
            )
        )  # fmt: skip
    notes.extend(str(n) for n in inp.calibration.notes)
    return tuple(notes)


def engine_batch(inp: InferenceInput, most: int) -> int:
    """The batch an engine runs when asked for the most it can (``batch`` ``None``): the largest
    that fits (``most``), at most its ``max_num_seqs``, and at most what its per-iteration token
    budget ``max_num_tokens`` allows. With in-flight batching each iteration carries one token
    of every running sequence and, in the steady state, the prompts of the ``B/O`` sequences
    that replace the ones finishing (each lives ``O`` iterations): ``B·(1 + P/O)`` tokens, so
    ``B ≤ max_num_tokens / (1 + P/O)`` (TensorRT-LLM's trtllm-bench sizes its budget so:
    ``tensorrt_llm/bench/build/tuning.py``, ``finetune_setting``)."""
    batch = max(1, most)
    if inp.max_num_seqs is not None:
        batch = min(batch, inp.max_num_seqs)
    if inp.max_num_tokens is not None:
        per_seq = 1.0 + inp.prompt / inp.output
        batch = min(batch, max(1, int(inp.max_num_tokens / per_seq)))
    return batch


def meets_targets(inp: InferenceInput, batch: int, dep: Deployment | None = None) -> bool:
    """Whether ``batch`` meets ``inp``'s TTFT and TPOT targets (each ``None``: no target)."""
    dep = dep or inp.deployment
    if inp.ttft_target is not None and dep.prefill(batch, inp.prompt).seconds > inp.ttft_target:
        return False
    if inp.tpot_target is not None:
        return dep.decode(batch, decode_context(inp)).seconds <= inp.tpot_target
    return True


def target_batch(inp: InferenceInput, most: int, dep: Deployment | None = None) -> int:
    """The largest batch up to ``most`` that meets the TTFT and TPOT targets (both grow with
    the batch, so a bisection finds it); 1 when not even one sequence meets them."""
    dep = dep or inp.deployment
    if meets_targets(inp, most, dep):
        return most
    low, high = 1, most
    if not meets_targets(inp, low, dep):
        return 1
    while high - low > 1:
        mid = (low + high) // 2
        low, high = (mid, high) if meets_targets(inp, mid, dep) else (low, mid)
    return low


def infer(inp: InferenceInput) -> InferenceResult:
    """Serve ``inp``: memory, the largest batch, the prefill and decode points, the rates.

    With ``batch`` ``None`` the batch is the engine's (:func:`engine_batch`) and, with a TTFT
    or TPOT target, the largest of those that meets them (:func:`target_batch`)."""
    dep = inp.deployment
    most = max_batch(inp, dep)
    batch = inp.batch if inp.batch is not None else engine_batch(inp, most)
    if inp.batch is None and (inp.ttft_target is not None or inp.tpot_target is not None):
        batch = target_batch(inp, batch, dep)
    return InferenceResult(
        inp, batch, most, memory_per_gpu(inp, batch, dep), dep.prefill(batch, inp.prompt),
        dep.decode(batch, decode_context(inp)), _notes(inp, dep, most),
    )  # fmt: skip


def sweep(inp: InferenceInput, batches: Sequence[int]) -> list[InferenceResult]:
    """:func:`infer` at each batch of ``batches`` (the curves against the batch), the model's
    deployment and largest batch computed once."""
    dep = inp.deployment
    most = max_batch(inp, dep)
    context = decode_context(inp)
    notes = _notes(inp, dep, most)
    out = []
    for b in batches:
        batch = positive_int(b, "batch", high=MAX_BATCH)
        out.append(
            InferenceResult(inp, batch, most, memory_per_gpu(inp, batch, dep),
                            dep.prefill(batch, inp.prompt), dep.decode(batch, context), notes)
        )  # fmt: skip
    return out
