"""One forward of a serving engine on the roofline: the prefill of the prompts and one decode step.

Per GPU of a replica of ``tp`` GPUs (each figure is the replica's divided by ``tp``, except the
weights, counted exactly as each GPU holds them: :meth:`Deployment.weights_per_gpu`):

* **Prefill**: one forward of the batch's prompts, ``B·P`` tokens. FLOPs ``2 × (matrix parameters
  a token multiplies through) × B·P`` (routed experts: ``top_k`` per token), the LM head for the
  last token of each sequence only (``2·d·V·B``: an engine needs no other logits), plus attention
  ``2·B·heads·P·keys·(d_qk + d_v)`` per layer with ``keys = P`` counted over the full ``P × P``
  scores as the trace and MFU count them (the causal kernel does half, which its time takes
  into account) or, in a layer with a sliding window shorter than the prompt, the band of
  ``P·window`` scores actually computed (where only some layers slide, the others stay causal
  ``P × P``). Bytes: every weight read once per forward of at most ``chunk``
  tokens (engines prefill in chunks of a token budget) — MoE: the experts the tokens touch —
  the KV cache written, and each matrix's input and output once per token (16-bit activations).
* **Decode**: one token per sequence, ``B`` tokens, each sequence's cache holding ``c`` tokens.
  FLOPs as above for ``B`` tokens, attention ``2·heads·held(c)·(d_qk + d_v)`` per token and
  layer; multi-head latent attention decodes in its absorbed form (the up-projections folded
  into the query and the output: ``d_qk = kv_lora_rank + rope``, ``d_v = kv_lora_rank``, DeepSeek-V2
  §2.1.2). Bytes: **every weight read once per step**, plus each sequence's cache, plus the new
  token's KV written. MoE decode reads the experts the batch's tokens touch: with ``T`` tokens
  routed, each to ``k`` of ``E`` experts, the expected number of distinct experts per layer is
  ``E·(1 − (1 − k/E)^T)`` (each expert missed by a token with probability ``1 − k/E``,
  tokens routing independently and uniformly), not ``k``.
* **Time**: the kernels one after the other, each at its own roofline — every GEMM the larger
  of its compute and its bytes (weights in their format, input and output) over the bandwidth,
  the attention kernel the larger of its FLOPs' time and its cache read — plus communication
  (so a compute-bound GEMM does not hide the attention's cache read; at least
  ``max(compute, memory)`` of the totals, which ``bound`` names). Compute: the GEMMs' FLOPs at the peak of
  their dtype (:func:`core.inference.weights.gemm_dtype`) × the calibrated large-GEMM efficiency,
  attention at the bf16 peak × the calibrated flash-attention efficiency; memory: bytes over the
  calibrated achievable bandwidth (:mod:`core.roofline.achievable`, the Plan's one calibration).
  Each kernel adds the calibration's launch gap. The bound is the larger of compute and memory.
* **Host issue** (``host_op_s``, default 0): a step not replayed from a CUDA graph takes at least
  the host's time to issue its kernels, ``kernels × host_op_s`` (:data:`core.roofline.host.HOST_OP_S`,
  this project's measurement of an eager PyTorch op): the prefill always, a decode step with
  ``eager_decode``. The step takes ``max(GPU time, host time)``: the CPU runs ahead of the GPU
  unless it is the slower of the two.
* **Communication**: tensor parallelism all-reduces the layer's output twice per layer (after
  attention and after the MLP), ``tokens × d × 2`` bytes each, as a ring at the calibrated bus
  bandwidth with NCCL's ring latency (:func:`core.comm.algorithms.bus_factor`,
  :meth:`core.roofline.achievable.Calibration.ring_latency_s`), not overlapped. Expert
  parallelism adds a dispatch and a combine all-to-all per MoE layer: each GPU sends
  ``(ep − 1)/ep`` of its tokens' ``top_k`` copies of ``d × 2`` bytes, each way.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from core.comm.algorithms import bus_factor
from core.errors import InputError
from core.inference.kv import held_tokens, kv_bytes_per_sequence, kv_bytes_per_token, kv_gpu_share
from core.inference.shapes import Shape
from core.inference.weights import WeightBytes, WeightFormat, gemm_dtype, weight_bytes
from core.roofline.achievable import Calibration
from core.roofline.hardware import Device
from core.texts import translate

__all__ = [
    "ACT_BYTES",
    "DEFAULT_CHUNK",
    "Deployment",
    "Point",
    "distinct_experts",
    "kernels_per_forward",
]

#: Bytes of one activation element (bf16).
ACT_BYTES = 2
#: Tokens of one prefill forward (vLLM V1's default token budget of an offline run).
DEFAULT_CHUNK = 8192


def distinct_experts(experts: int, top_k: int, tokens: float) -> float:
    """Expected distinct experts ``T`` tokens touch, each routed to ``k`` of ``E``:
    ``E·(1 − (1 − k/E)^T)``."""
    if experts <= 0 or tokens <= 0:
        return 0.0
    return experts * (1.0 - (1.0 - top_k / experts) ** tokens)


#: The smallest M side of cuBLAS's typical GEMM tiles (NVIDIA, *Matrix Multiplication
#: Background User's Guide*, §2.3: 256×128, 128×256, 128×128, 256×64, 64×256, 128×64, 64×128,
#: 64×64): an ``M``-row GEMM computes at least ``64·⌈M/64⌉`` rows.
M_TILE = 64


def small_m_share(m: float, k: float, k_overhead: float = 0.0) -> float:
    """The useful share of a GEMM with ``M`` rows (tokens) and inner dimension ``K``: tile
    quantization in ``M`` (``M / (64·⌈M/64⌉)``, :data:`M_TILE`) times the K loop's share
    ``K / (K + k_overhead)`` (each output tile's fixed prologue and epilogue, the calibration's
    ``gemm_k_overhead``). Wave quantization is not counted: for the small-``M`` GEMMs of
    serving, libraries split ``K`` or the work stream over the SMs (cuBLAS split-K; CUTLASS
    Stream-K, Osama et al. 2023), so the SMs stay filled."""
    if m <= 0:
        return 0.0
    tiles = math.ceil(m / M_TILE)
    loop = k / (k + k_overhead) if k > 0 and k_overhead > 0 else 1.0
    return (m / (tiles * M_TILE)) * loop


def kernels_per_forward(shape: Shape, tp: int = 1, ep: int = 1) -> int:
    """Kernels one forward launches, counted from the layer's ops as serving engines fuse them
    (TensorRT-LLM and vLLM fuse the q, k, v projections into one GEMM and gate with up into one):

    * every layer: two RMS/LayerNorms, the QKV GEMM, attention (rotary fused), the output GEMM
      — 5; multi-head latent attention instead runs ``q_a`` (or ``q``), ``q_b``, ``kv_a``, the
      latent's two norms, the absorbed ``kv_b`` halves for keys and values, attention and the
      output GEMM — 10 with ``q_lora_rank`` (9 without) plus the two layer norms;
    * a dense MLP (or a shared expert): gate-up GEMM, activation, down GEMM — 3;
    * a MoE layer: router GEMM, top-k, permute, grouped gate-up GEMM, activation, grouped down
      GEMM, un-permute with the weighted sum — 7 (plus its shared experts' 3 each);
    * TP > 1: two all-reduces per layer; EP > 1: a dispatch and a combine per MoE layer;
    * once: the embedding gather, the final norm, the LM head and the sampler — 4.
    """
    s = shape
    attention = 2 + (10 if s.q_lora_rank else 9) if s.is_mla else 5
    dense = s.layers - s.moe_layers
    total = s.layers * attention + 3 * dense + 4
    total += s.moe_layers * (7 + 3 * s.shared_experts)
    if tp > 1:
        total += 2 * s.layers
    if ep > 1:
        total += 2 * s.moe_layers
    return total


@dataclass(frozen=True)
class Point:
    """One forward of one GPU on the roofline.

    ``flops`` and ``bytes`` per GPU; ``compute_s`` and ``memory_s`` their calibrated times;
    ``comm_s`` the collectives' time; ``peak`` (the GEMMs' calibrated FLOP/s) and ``bandwidth``
    (the calibrated bytes/s) what the GPU achieves: the roofline the point sits under.
    """

    phase: str
    tokens: float
    flops: float
    bytes: float
    compute_s: float
    memory_s: float
    comm_s: float
    dtype: str
    peak: float
    bandwidth: float
    parts: dict[str, float] = field(default_factory=dict)
    launch_s: float = 0.0
    kernels: int = 0
    host_s: float = 0.0
    serial_s: float = 0.0

    @property
    def intensity(self) -> float:
        """FLOPs per byte."""
        return self.flops / self.bytes if self.bytes else float("inf")

    @property
    def bound(self) -> str:
        """``compute`` or ``memory``: the larger of the two times."""
        return "compute" if self.compute_s >= self.memory_s else "memory"

    @property
    def gpu_s(self) -> float:
        """The GPU's time: the kernels' (the larger of compute and memory of each group of
        kernels, ``serial_s``, at least the larger of the totals), plus communication, plus the
        kernels' launch gaps."""
        return max(self.compute_s, self.memory_s, self.serial_s) + self.comm_s + self.launch_s

    @property
    def seconds(self) -> float:
        """The forward's time: the GPU's, or the host's work for the step when that is longer
        (an overlap scheduler prepares the next step while the GPU runs this one)."""
        return max(self.gpu_s, self.host_s)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "tokens": self.tokens, "flops": self.flops, "bytes": self.bytes,
            "intensity": self.intensity, "bound": self.bound, "seconds": self.seconds,
            "compute_s": self.compute_s, "memory_s": self.memory_s, "comm_s": self.comm_s,
            "gemm_dtype": self.dtype, "achievable_flops": self.peak,
            "achievable_bandwidth": self.bandwidth, "bytes_by_part": dict(self.parts),
            "launch_s": self.launch_s, "kernels": self.kernels, "host_s": self.host_s,
            "gpu_s": self.gpu_s, "serial_s": self.serial_s,
        }  # fmt: skip


@dataclass(frozen=True)
class Deployment:
    """A model served on a device: its weight and KV formats, TP and EP degrees, calibration."""

    shape: Shape
    device: Device
    calibration: Calibration
    weights: WeightFormat
    kv_dtype: str = "bf16"
    tp: int = 1
    ep: int = 1
    gpus_per_node: int = 8
    chunk: int = DEFAULT_CHUNK
    dp_attention: bool = False
    host_per_seq_s: float = 0.0
    kv_read_per_query_head: bool = False
    host_op_s: float = 0.0
    eager_decode: bool = False

    @cached_property
    def weight_bytes(self) -> WeightBytes:
        """The model's weight bytes in its format."""
        return weight_bytes(self.shape, self.weights)

    @property
    def expert_group(self) -> int:
        """GPUs one layer's routed experts are spread over: ``ep``, or the TP group."""
        return self.ep if self.ep > 1 else self.tp

    @cached_property
    def weights_per_gpu(self) -> float:
        """Weight bytes one GPU holds: matrices split over TP (the embedding and head by
        vocabulary), routed experts over the expert group, router and norms replicated."""
        g = self.weight_bytes.by_group
        split = sum(g.get(k, 0.0) for k in ("mlp", "embedding", "head")) / self.tp
        return (
            split + g.get("attention", 0.0) / self.attention_split
            + g.get("expert", 0.0) / self.expert_group + g.get("router", 0.0) + g["vectors"]
        )  # fmt: skip

    @property
    def kv_reads(self) -> float:
        """Times a decode step reads each cached K and V element: once, or with
        ``kv_read_per_query_head`` (a decode kernel that runs one thread block per query head,
        as TensorRT-LLM's masked multi-head attention kernel before its XQA kernel) once per
        query head sharing it, ``heads / kv_heads`` of one GPU (grouped-query attention; 1 for
        multi-head attention; a latent cache is read once)."""
        s = self.shape
        if not self.kv_read_per_query_head or s.is_mla or s.kv_heads <= 0:
            return 1.0
        if self.dp_attention:
            return s.heads / s.kv_heads
        kv_here = max(1.0, s.kv_heads / self.tp)
        return (s.heads / self.tp) / kv_here

    @property
    def attention_split(self) -> int:
        """GPUs one layer's attention weights are split over: ``tp``, or 1 with attention data
        parallelism (each GPU holds all of them and serves its own sequences)."""
        return 1 if self.dp_attention else self.tp

    @property
    def kv_share(self) -> float:
        """The share of a replica's KV cache (its batch's sequences) one GPU keeps: the TP
        split of the heads (:func:`core.inference.kv.kv_gpu_share`), or with attention data
        parallelism ``1/tp``: each GPU keeps its own ``B/tp`` sequences whole."""
        return 1.0 / self.tp if self.dp_attention else kv_gpu_share(self.shape, self.tp)

    def dense_read(self) -> float:
        """Bytes of the weights one GPU reads every forward, routed experts aside: the layers'
        matrices and the LM head (the embedding's matrix when tied), router, norms."""
        g = self.weight_bytes.by_group
        head = g.get("head", g["embedding"] if self.shape.tied else 0.0)
        split = (g.get("mlp", 0.0) + head) / self.tp + g.get(
            "attention", 0.0
        ) / self.attention_split
        return split + g.get("router", 0.0) + g["vectors"]

    def experts_read(self, tokens: float) -> float:
        """Routed-expert bytes one GPU reads in a forward of ``tokens`` tokens of its replica."""
        s = self.shape
        if not s.is_moe:
            return 0.0
        routed = tokens * max(1.0, self.ep / self.tp)  # the expert group's tokens
        touched = distinct_experts(s.experts, s.top_k, routed)
        return s.moe_layers * touched * self.weight_bytes.expert_each / self.expert_group

    @cached_property
    def _moe_moves_per_token(self) -> float:
        """Bytes one token moves through a MoE layer's kernels beside its GEMMs, summed over the
        MoE layers: the permute copies its hidden vector to its ``top_k`` experts (reads ``d``
        16-bit values, writes ``k·d`` in the grouped GEMM's input format: quantized to fp8 or
        NVFP4 on the way, 16-bit when the GEMM runs in bf16), the gated activation reads the
        first GEMM's ``k·2·moe_ffn`` outputs and writes ``k·moe_ffn`` inputs of the second, and
        the un-permute reads the ``k`` expert outputs and writes their weighted sum (TensorRT-LLM's
        CUTLASS MoE: ``expandInputRowsKernel``, ``doActivationKernel``,
        ``finalizeMoeRoutingKernel`` in ``cutlass_kernels/moe_gemm/moe_kernels.cu``)."""
        s = self.shape
        if not s.is_moe:
            return 0.0
        quantized = {"fp4": 0.5 + 1 / 16, "fp8": 1.0, "int8": 1.0}.get(self.gemm()[0], ACT_BYTES)
        d, f, k = s.d, s.moe_ffn, s.top_k
        permute = d * ACT_BYTES + k * d * quantized
        activation = k * (2 if s.gated else 1) * f * ACT_BYTES + k * f * quantized
        unpermute = k * d * ACT_BYTES + d * ACT_BYTES
        return s.moe_layers * (permute + activation + unpermute)

    @cached_property
    def _io_per_token(self) -> float:
        """Activation bytes one token moves through the layers' matrices (input and output of
        each once, 16-bit), the head aside."""
        s = self.shape
        total = 0.0
        for m in s.matrices:
            if m.group in ("attention", "mlp", "router"):
                total += (m.rows + m.cols) * m.count
            elif m.group == "expert":
                total += (m.rows + m.cols) * s.top_k * s.moe_layers
        return total * ACT_BYTES

    def gemm(self) -> tuple[str, bool]:
        """The GEMMs' dtype on the device and whether the weights are dequantized (weight-only)."""
        return gemm_dtype(self.weights, self.device)

    def _attention_peak(self) -> float:
        for dtype in ("bf16", "fp16", "fp32"):
            if self.device.supports(dtype):
                return self.device.peak(dtype)
        return self.device.peak(self.gemm()[0])

    def _linear_flops(self, tokens: float, sequences: float) -> float:
        s = self.shape
        return 2.0 * s.active_linear_params * tokens + 2.0 * s.head_params * sequences

    def gemms(self, tokens: float, sequences: float) -> list[tuple[float, float, float, float]]:
        """The GEMMs one GPU runs in a forward of ``tokens`` tokens of its replica (``sequences``
        of them reach the LM head): ``(M, N, K, count)`` each. Column-parallel matrices (q, k, v,
        gate, up, the head) split their output ``N`` over TP, row-parallel ones (the attention
        output, down) their input ``K`` (Megatron-LM's layout, which serving engines keep); with
        attention data parallelism each GPU runs the attention matrices whole on its
        ``tokens/tp``. A routed expert gets ``M = T·k/E`` tokens of the ``T`` its expert group
        routes, and a GPU runs the experts the tokens touch among those it holds."""
        return [(m, n, k, c) for m, n, k, c, _ in self._grouped_gemms(tokens, sequences)]

    def _grouped_gemms(
        self, tokens: float, sequences: float
    ) -> list[tuple[float, float, float, float, str]]:
        """The GEMMs of :meth:`gemms`, each with its matrix group."""
        s, t = self.shape, self.tp
        out: list[tuple[float, float, float, float, str]] = []
        row_parallel = (".down", "o")
        for m in s.matrices:
            if m.group == "embedding":
                continue
            if m.group == "head":
                out.append((sequences, m.rows / t, m.cols, 1, m.group))
            elif m.group == "router":
                out.append((tokens, m.rows, m.cols, m.count, m.group))
            elif m.group == "expert":
                routed = tokens * max(1.0, self.ep / t)
                touched = distinct_experts(s.experts, s.top_k, routed) / self.expert_group
                per_expert = routed * s.top_k / s.experts
                split = t if self.ep <= 1 else 1
                k_split = m.name.endswith(".down")
                n, k = (m.rows, m.cols / split) if k_split else (m.rows / split, m.cols)
                out.append(
                    (
                        per_expert,
                        n,
                        k,
                        touched * s.moe_layers * (m.count / (s.moe_layers * s.experts)),
                        m.group,
                    )
                )
            elif m.group == "attention" and self.dp_attention:
                out.append((tokens / t, m.rows, m.cols, m.count, m.group))
            elif m.name.endswith(row_parallel):
                out.append((tokens, m.rows, m.cols / t, m.count, m.group))
            else:
                out.append((tokens, m.rows / t, m.cols, m.count, m.group))
        return out

    def _linear_seconds(self, tokens: float, sequences: float, dtype: str) -> float:
        """The GEMMs' time on one GPU: each at the calibrated large-GEMM rate times
        :func:`small_m_share` of its ``M`` and ``K`` over that of the reference shape."""
        return sum(c for c, _ in self._gemm_times(tokens, sequences, dtype))

    @cached_property
    def _bytes_per_weight(self) -> dict[str, float]:
        """Bytes per weight element of each matrix group in the weight format, scales included."""
        params: dict[str, float] = {}
        for m in self.shape.matrices:
            params[m.group] = params.get(m.group, 0.0) + m.params
        g = self.weight_bytes.by_group
        return {k: g.get(k, 0.0) / v for k, v in params.items() if v}

    def _gemm_times(self, tokens: float, sequences: float, dtype: str) -> list[tuple[float, float]]:
        """``(compute seconds, bytes)`` of each GEMM one GPU runs: its FLOPs at the calibrated
        rate times its small-``M`` share, and its weights (in their format) with its input and
        output activations (16-bit)."""
        cal, peak = self.calibration, self.device.peak(dtype)
        rate = peak * min(1.0, cal.gemm_efficiency(dtype))
        ref_m, _, ref_k = cal.gemm_reference(dtype)
        reference = small_m_share(ref_m, ref_k, cal.k_overhead)
        bpe = self._bytes_per_weight
        out: list[tuple[float, float]] = []
        for m, n, k, count, group in self._grouped_gemms(tokens, sequences):
            if m <= 0 or count <= 0:
                continue
            share = min(1.0, small_m_share(m, k, cal.k_overhead) / reference)
            nbytes = (n * k * bpe.get(group, ACT_BYTES) + (m * k + m * n) * ACT_BYTES) * count
            out.append((2.0 * m * n * k * count / (rate * share), nbytes))
        return out

    def _allreduce_s(self, size: float) -> float:
        """One TP all-reduce of ``size`` bytes."""
        if self.tp <= 1 or size <= 0:
            return 0.0
        cal, dev = self.calibration, self.device
        crosses = self.tp > self.gpus_per_node
        link = dev.inter_node_bandwidth if crosses else dev.intra_node_bandwidth
        if not link:
            raise InputError(
                translate("Inference", "tp: {device} has no {which} bandwidth in the database, so TP {tp} cannot be timed; allowed: tp 1, or a device with one").format(
                    device=dev.name, which="network" if crosses else "intra-node link", tp=str(self.tp)
                ),
                field="tp",
            )  # fmt: skip
        nodes = -(-self.tp // self.gpus_per_node)
        busbw = cal.busbw(float(link), crosses)
        return (
            bus_factor("all-reduce", self.tp) * size / busbw
            + cal.ring_latency_s("all-reduce", self.tp, nodes)
            + cal.collective_latency_s
        )

    def _all_to_all_s(self, tokens: float) -> float:
        """Dispatch and combine of one MoE layer's tokens over the expert group.

        Each GPU sends its ``tokens/tp`` tokens' ``top_k`` copies to the experts' GPUs and gets
        the results back. Inside a node every copy bound to another GPU crosses NVLink. Across
        nodes a token crosses the network once per other node holding one of its experts
        (DeepEP's normal kernels forward over RDMA to the node and over NVLink inside it): with
        the experts spread evenly over ``n`` nodes and the ``k`` picks independent, a token
        reaches ``(n − 1)·(1 − (1 − 1/n)^k)`` other nodes on average; the NVLink forwarding runs
        beside it and the slower of the two is the time. The dispatch carries 1-byte elements
        when the expert GEMMs run in fp8 or fp4 (DeepEP's FP8 dispatch: the activations are
        quantized before they are sent), the combine 16-bit ones. Bandwidth: the calibration's
        all-to-all bus bandwidth of the link (DeepEP's measured fractions), plus its per-call
        latency, twice per layer."""
        s = self.shape
        if self.ep <= 1 or not s.is_moe:
            return 0.0
        crosses = self.ep > self.gpus_per_node
        intra = self.device.intra_node_bandwidth
        inter = self.device.inter_node_bandwidth
        if not intra or (crosses and not inter):
            raise InputError(
                translate("Inference", "ep: {device} has no link bandwidth in the database, so EP {ep} cannot be timed; allowed: ep 1").format(
                    device=self.device.name, ep=str(self.ep)
                ),
                field="ep",
            )  # fmt: skip
        cal = self.calibration
        mine = tokens / self.tp
        dispatch = 1.0 if self.gemm()[0] in ("fp8", "fp4", "int8") else ACT_BYTES
        per_byte = (dispatch + ACT_BYTES) * s.d  # one copy there and back
        gpus = min(self.ep, self.gpus_per_node)
        copies_intra = mine * s.top_k * (gpus - 1) / self.ep if not crosses else mine * s.top_k
        time = copies_intra * per_byte / cal.alltoall_busbw(float(intra), False)
        time += 2 * cal.alltoall_latency_s(False)
        if crosses:
            nodes = self.ep / self.gpus_per_node
            remote = (nodes - 1) * (1 - (1 - 1 / nodes) ** s.top_k)
            network = mine * remote * per_byte / cal.alltoall_busbw(float(inter or 0.0), True)
            time = max(time, network + 2 * cal.alltoall_latency_s(True))
        return time

    def _point(self, phase: str, tokens: float, sequences: float, attention_flops: float,
               read: dict[str, float], causal: bool, seq: float | None,
               forwards: int = 1, banded_flops: float = 0.0) -> Point:  # fmt: skip
        """The point of a forward; ``banded_flops``: the part of ``attention_flops`` that
        sliding-window layers compute over their band (timed without the causal half), the rest
        timed as ``causal`` says."""
        cal, dev = self.calibration, self.device
        dtype, _ = self.gemm()
        linear = self._linear_flops(tokens, sequences) / self.tp
        attention = attention_flops / self.tp
        rate = dev.peak(dtype) * cal.gemm_efficiency(dtype)
        # each forward (a prefill chunk) runs its own GEMMs over its share of the tokens
        gemms = self._gemm_times(tokens / forwards, sequences / forwards, dtype)
        linear_s = forwards * sum(c for c, _ in gemms)
        attention_s = 0.0
        band = banded_flops / self.tp
        if attention - band > 0:
            attention_s = cal.attention_seconds(
                attention - band, self._attention_peak(), False, causal, seq
            )
        if band > 0:
            attention_s += cal.attention_seconds(band, self._attention_peak(), False, False, seq)
        compute = linear_s + attention_s
        nbytes = sum(read.values())
        bandwidth = cal.bandwidth(dev)
        memory = nbytes / bandwidth
        # the kernels run one after the other, each at its own roofline: attention reads the KV
        # cache, each GEMM its weights and activations (once per forward); the bytes no GEMM
        # accounts for (norms, embedding rows) at the bandwidth
        cache = read.get("kv_cache", 0.0)
        gemm_bytes = forwards * sum(b for _, b in gemms)
        serial = max(attention_s, cache / bandwidth)
        serial += forwards * sum(max(c, b / bandwidth) for c, b in gemms)
        serial += max(0.0, nbytes - cache - gemm_bytes) / bandwidth
        s = self.shape
        comm = s.layers * 2 * self._allreduce_s(tokens * s.d * ACT_BYTES)
        comm += s.moe_layers * self._all_to_all_s(tokens)
        kernels = forwards * self.kernels
        return Point(phase, tokens, linear + attention, nbytes, compute, memory, comm, dtype,
                     rate, bandwidth, read, kernels * cal.launch_s, kernels, 0.0,
                     serial)  # fmt: skip

    @cached_property
    def kernels(self) -> int:
        """Kernels of one forward (:func:`kernels_per_forward`)."""
        return kernels_per_forward(self.shape, self.tp, self.ep)

    def issue_s(self, phase: str, forwards: int = 1) -> float:
        """The host's time to issue a step's kernels one by one, ``forwards × kernels ×
        host_op_s``, where the step is not replayed from a CUDA graph: a prefill always (engines
        capture decode batches only: vLLM's CUDA graphs, TensorRT-LLM's ``GptSession`` its
        generation steps), a decode step with ``eager_decode`` (vLLM's ``--enforce-eager``);
        else 0. ``host_op_s`` 0 (the default) charges nothing."""
        if self.host_op_s <= 0 or (phase == "decode" and not self.eager_decode):
            return 0.0
        return forwards * self.kernels * self.host_op_s

    def prefill(self, batch: int, prompt: int) -> Point:
        """The forward of ``batch`` prompts of ``prompt`` tokens (see the module docstring)."""
        s = self.shape
        tokens = float(batch) * prompt
        # full-attention layers compute the causal P × P scores, sliding-window layers the band
        # of P·min(P, window) (every score of it: no causal half to skip)
        per_key = 2.0 * batch * s.heads * prompt * (s.qk_head_dim + s.v_dim)
        windowed = s.windowed_layers
        keys = min(float(prompt), float(s.window)) if windowed else float(prompt)
        full = (s.layers - windowed) * per_key * prompt
        band = windowed * per_key * keys
        banded = keys < prompt
        attention = full + band
        chunks = -(-int(tokens) // self.chunk)
        per_chunk = tokens / chunks
        read = {
            "weights": chunks * (self.dense_read() + self.experts_read(per_chunk)),
            "kv_cache": batch * kv_bytes_per_sequence(s, prompt, self.kv_dtype) * self.kv_share,
            "activations": tokens * (self._io_per_token + self._moe_moves_per_token) / self.tp,
        }
        point = self._point("prefill", tokens, batch, attention, read, True, float(prompt),
                            chunks, band if banded else 0.0)  # fmt: skip
        # a prefill is never graphed: the host issues each chunk's kernels one by one
        return replace(point, host_s=self.issue_s("prefill", chunks))

    def decode(self, batch: int, context: float) -> Point:
        """One step of ``batch`` sequences whose caches hold ``context`` tokens."""
        s = self.shape
        held = held_tokens(s, context)
        if s.is_mla:
            qk, v = s.kv_lora_rank + s.qk_rope_head_dim, s.kv_lora_rank
        else:
            qk, v = s.qk_head_dim, s.v_dim
        attention = s.layers * 2.0 * batch * s.heads * held * (qk + v)
        per_token = kv_bytes_per_token(s, self.kv_dtype) * self.kv_share
        read = {
            "weights": self.dense_read() + self.experts_read(float(batch)),
            "kv_cache": batch * (held * per_token * self.kv_reads + per_token),
            "activations": batch * (self._io_per_token + self._moe_moves_per_token) / self.tp,
        }
        point = self._point("decode", float(batch), batch, attention, read, False, None)
        # the host's per-sequence work of the step (per GPU of attention DP: its own sequences)
        # and, in an eager step, its issue of every kernel: both on the one host thread
        mine = batch / self.tp if self.dp_attention else batch
        return replace(point, host_s=mine * self.host_per_seq_s + self.issue_s("decode"))
