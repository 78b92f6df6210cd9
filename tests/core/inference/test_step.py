"""Prefill and decode against torch's FLOP counter and hand derivations of bytes and time."""

from __future__ import annotations

import numpy as np
import pytest

from core.inference.serve import InferenceInput, decode_context
from core.inference.step import distinct_experts
from core.memory.models import PRESETS, TransformerSpec
from core.roofline.achievable import calibration
from core.roofline.hardware import load_catalog
from tests.core.inference.standins import deepseek_v3, mixtral_8x7b

H100 = load_catalog().get("h100-sxm")
CAL = calibration(H100)


def deployment(spec, **kw):
    return InferenceInput(spec, H100, CAL, **kw).deployment


@pytest.fixture(scope="module")
def traced_forward() -> tuple[TransformerSpec, int, int, int]:
    """A small GQA model's forward of 2 × 64 tokens, counted by torch's FlopCounterMode."""
    import torch
    from torch.utils.flop_counter import FlopCounterMode

    from core.memory.flops import flop_mapping
    from core.memory.modules import build_module, make_batch

    spec = TransformerSpec("small", 1000, 256, 2, 4, 2, 512, gated=True, tied=False)
    with torch.device("meta"):
        model = build_module(spec).eval()
        batch = make_batch(spec, 2, 64)
        with torch.no_grad(), FlopCounterMode(display=False, custom_mapping=flop_mapping()) as fc:
            model(*batch)
    return spec, 2, 64, int(fc.get_total_flops())


def test_prefill_flops_are_the_traced_forward(traced_forward):
    spec, batch, prompt, traced = traced_forward
    point = deployment(spec).prefill(batch, prompt)
    # The traced forward computes every position's logits; serving computes the last one's.
    head_not_needed = 2 * spec.d_model * spec.vocab * batch * (prompt - 1)
    assert point.flops == traced - head_not_needed


def test_prefill_flops_of_latent_attention_and_experts():
    # DeepSeek-V3 by hand, one 128-token prompt: q_a, q_b, kv_a, kv_b, o per layer; 3 dense MLPs;
    # 58 MoE layers of 8 routed + 1 shared expert and the router; the head for the last token.
    d, h, tokens = 7168, 128, 128
    attention = (d * 1536 + 1536 * h * 192 + d * 576 + 512 * h * 256 + h * 128 * d) * 61
    mlp = 3 * d * 18432 * 3 + 58 * (9 * 3 * d * 2048 + 256 * d)
    linear = 2 * (attention + mlp) * tokens + 2 * d * 129280
    scores = 61 * 2 * h * tokens * tokens * (192 + 128)
    assert deployment(deepseek_v3()).prefill(1, tokens).flops == linear + scores


def test_decode_at_batch_one_reads_the_weights():
    # llama2-7b, bf16, one GPU: every weight but the embedding table once, the sequence's cache
    # (1,152 tokens on average over 256 output tokens after a 1,024-token prompt) and the new
    # token's K and V, and each matrix's input and output once.
    spec = PRESETS["llama2-7b"]
    inp = InferenceInput(spec, H100, CAL, prompt=1024, output=256)
    point = inp.deployment.decode(1, decode_context(inp))
    d, f, layers, vocab = 4096, 11008, 32, 32000
    weights = 2 * (spec.param_count - vocab * d)
    kv = layers * 2 * 32 * 128 * 2 * (1024 + 128 + 1)
    acts = 2 * layers * (4 * (d + d) + 3 * (d + f))
    bandwidth = 3.35e12 * CAL["memory_bandwidth_fraction"]  # datasheet × calibrated fraction
    # kernels: 32 layers × (2 norms, QKV, attention, output, gate-up, activation, down) + the
    # embedding, final norm, head and sampler; each pays the calibrated launch gap
    kernels = 32 * 8 + 4
    launch = kernels * CAL["kernel_launch_overhead_s"]
    assert point.bytes == weights + kv + acts
    assert point.kernels == kernels
    assert point.seconds == pytest.approx((weights + kv + acts) / bandwidth + launch, rel=1e-12)
    assert point.bound == "memory" and point.comm_s == 0
    # the lecture's napkin: decode at batch 1 is the weights over the bandwidth (plus launches)
    assert point.memory_s == pytest.approx(weights / bandwidth, rel=0.06)


def test_tensor_parallel_all_reduces():
    # llama3-70b on TP 8, 16 sequences: two ring all-reduces of 16 × 8,192 × 2 bytes per layer at
    # the calibrated NVLink bus bandwidth, with NCCL's ring latency (14 hops in one node).
    point = deployment(PRESETS["llama3-70b"], gpus=8, tp=8).decode(16, 2048)
    size = 16 * 8192 * 2
    busbw = 450e9 * CAL["intra_node_busbw_fraction"]
    latency = CAL["nccl_base_latency_s"] + 14 * CAL["ring_hop_latency_intra_s"]
    one = 2 * 7 / 8 * size / busbw + latency + CAL.collective_latency_s
    assert point.comm_s == pytest.approx(80 * 2 * one, rel=1e-12)


def test_distinct_experts_against_sampled_routing():
    rng = np.random.default_rng(7)
    experts, k, tokens, trials = 64, 6, 10, 4000
    counts = [
        len({int(e) for _ in range(tokens) for e in rng.choice(experts, k, replace=False)})
        for _ in range(trials)
    ]
    assert distinct_experts(experts, k, tokens) == pytest.approx(np.mean(counts), rel=0.01)
    assert distinct_experts(8, 2, 1) == pytest.approx(2)


def test_moe_decode_reads_the_experts_the_batch_touches():
    dep = deployment(mixtral_8x7b())
    one, many = dep.decode(1, 1000), dep.decode(64, 1000)
    each = dep.weight_bytes.expert_each
    experts_one = one.parts["weights"] - dep.dense_read()
    assert experts_one == pytest.approx(32 * 2 * each)  # one token: its 2 experts per layer
    experts_many = many.parts["weights"] - dep.dense_read()
    assert experts_many == pytest.approx(32 * 8 * (1 - 0.75**64) * each)  # nearly all 8
