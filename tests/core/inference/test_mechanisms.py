"""The serving mechanisms by hand: kernel launch gaps, small-M GEMM shares, the GEMM list and its
TP splits, engine limits, attention data parallelism, TTFT/TPOT targets and a request rate, and
the KV cache of every named preset against a hand count."""

from __future__ import annotations

import pytest

from core.inference.kv import kv_bytes_per_sequence, kv_bytes_per_token
from core.inference.serve import (
    InferenceInput,
    decode_context,
    engine_batch,
    infer,
    max_batch,
    memory_per_gpu,
)
from core.inference.step import M_TILE, kernels_per_forward, small_m_share
from core.memory.models import PRESETS
from core.roofline.achievable import calibration
from core.roofline.hardware import load_catalog

H100 = load_catalog().get("h100-sxm")
H200 = load_catalog().get("h200")
CAL = calibration(H100)
CAL200 = calibration(H200)


def inp(name: str = "llama2-7b", device=H100, cal=CAL, **kw) -> InferenceInput:
    return InferenceInput(PRESETS[name], device, cal, **kw)


# --- KV cache of the five models the issue names, every preset against a hand count -----------


@pytest.mark.parametrize(
    ("name", "hand"),
    [
        ("llama2-7b", 32 * 2 * 32 * 128 * 2),  # MHA: 32 layers × K and V × 32 heads × 128 × bf16
        ("llama3-8b", 32 * 2 * 8 * 128 * 2),  # GQA: 8 KV heads
        ("llama3-70b", 80 * 2 * 8 * 128 * 2),  # GQA: 80 layers, 8 KV heads
        ("mixtral-8x7b", 32 * 2 * 8 * 128 * 2),  # GQA: 8 KV heads (experts do not cache)
        ("deepseek-v3", 61 * (512 + 64) * 2),  # MLA: latent 512 + rotary key 64, every head's
    ],
)
def test_kv_bytes_per_token_of_the_presets(name: str, hand: int) -> None:
    spec = PRESETS[name]
    assert kv_bytes_per_token(spec) == hand
    assert kv_bytes_per_token(spec, "fp8") == hand // 2
    assert kv_bytes_per_sequence(spec, 3000) == 3000 * hand  # the tokens held, not the context


# --- kernels and launch gaps -------------------------------------------------------------------


def test_kernels_of_a_dense_layer_stack() -> None:
    # llama2-7b: 32 layers × (2 norms, QKV, attention, output, gate-up, activation, down) and
    # once the embedding, final norm, head and sampler.
    shape = inp().shape
    assert kernels_per_forward(shape) == 32 * 8 + 4
    # TP adds two all-reduces per layer
    assert kernels_per_forward(shape, tp=2) == 32 * 8 + 4 + 2 * 32


def test_kernels_of_moe_and_latent_attention() -> None:
    mixtral = inp("mixtral-8x7b").shape
    # every layer MoE: 5 attention + 7 routed-expert kernels
    assert kernels_per_forward(mixtral) == 32 * (5 + 7) + 4
    assert kernels_per_forward(mixtral, tp=8, ep=8) == 32 * (5 + 7) + 4 + 2 * 32 + 2 * 32
    ds = inp("deepseek-v3").shape
    # MLA with a q latent: 2 layer norms + 10; 3 dense layers × 3; 58 MoE layers × (7 + shared 3)
    assert kernels_per_forward(ds) == 61 * 12 + 3 * 3 + 58 * 10 + 4


def test_every_forward_pays_its_launch_gaps() -> None:
    i = inp(prompt=8192 * 2 + 1, output=16)
    dep = i.deployment
    decode = dep.decode(4, decode_context(i))
    assert decode.launch_s == pytest.approx(dep.kernels * CAL.launch_s)
    # the prefill of 3 chunks (16,385 tokens over an 8,192-token budget) launches three forwards
    prefill = dep.prefill(1, i.prompt)
    assert prefill.kernels == 3 * dep.kernels
    assert prefill.seconds == pytest.approx(
        max(prefill.compute_s, prefill.memory_s, prefill.serial_s)
        + prefill.comm_s
        + 3 * dep.kernels * CAL.launch_s
    )


# --- GEMMs at small M --------------------------------------------------------------------------


def test_small_m_share_pads_to_the_smallest_tile() -> None:
    assert M_TILE == 64
    assert small_m_share(1, 4096) == pytest.approx(1 / 64)
    assert small_m_share(64, 4096) == 1.0
    assert small_m_share(65, 4096) == pytest.approx(65 / 128)
    assert small_m_share(8192, 4096) == 1.0
    # the K loop's fixed share per tile
    assert small_m_share(128, 768, 256.0) == pytest.approx(768 / (768 + 256))
    assert small_m_share(0, 4096) == 0.0


def test_gemm_list_and_tensor_parallel_splits() -> None:
    # llama2-7b on TP 2, 10 tokens of 3 sequences: q, k, v, gate, up split N; o and down split K;
    # the head splits the vocabulary and runs on the sequences' last tokens only.
    dep = inp(gpus=2, tp=2).deployment
    found: dict[tuple[float, float], tuple[float, float]] = {}
    for m, n, k, c in dep.gemms(10, 3):
        found[(n, k)] = (m, found.get((n, k), (m, 0))[1] + c)
    assert found[(2048, 4096)] == (10, 32 * 3)  # q, k, v: 4096 → 2048 each, 32 layers
    assert found[(4096, 2048)] == (10, 32)  # o: K split
    assert found[(5504, 4096)] == (10, 32 * 2)  # gate and up: 11008 / 2
    assert found[(4096, 5504)] == (10, 32)  # down: K split
    assert found[(16000, 4096)] == (3, 1)  # LM head: 32,000 / 2, the last tokens
    flops = sum(2 * m * n * k * c for m, n, k, c in dep.gemms(10, 3))
    spec = PRESETS["llama2-7b"]
    matrices = spec.param_count - 2 * 32000 * 4096 - (2 * 32 + 1) * 4096  # no embedding, norms
    assert flops == pytest.approx((2 * matrices * 10 + 2 * 32000 * 4096 * 3) / 2)


def test_routed_expert_rows_per_expert() -> None:
    # mixtral on one GPU, 64 tokens: each expert gets 64 · 2 / 8 = 16 rows on average, all 8
    # touched with probability 1 − (6/8)^64, in every one of the 32 layers.
    dep = inp("mixtral-8x7b", device=H200, cal=CAL200).deployment
    experts = [g for g in dep.gemms(64, 64) if g[1] == 14336 and g[2] == 4096]  # gate and up
    assert len(experts) == 2
    m, _, _, count = experts[0]
    assert m == pytest.approx(16)
    assert count == pytest.approx(32 * 8 * (1 - (6 / 8) ** 64))


# --- the engine's batch, attention DP, targets, request rate ------------------------------------


def test_engine_batch_limits() -> None:
    i = inp(batch=None, prompt=1000, output=1000)
    most = max_batch(i)
    assert engine_batch(i, most) == most
    capped = inp(batch=None, prompt=1000, output=1000, max_num_seqs=7)
    assert engine_batch(capped, most) == min(7, most)
    # in-flight steady state: B × (1 + P/O) tokens per iteration ≤ the budget
    budget = inp(batch=None, prompt=3000, output=1000, max_num_tokens=400)
    assert engine_batch(budget, 10_000) == 100  # 400 / (1 + 3)
    assert infer(budget).batch == min(100, max_batch(budget))


def test_attention_data_parallelism_keeps_each_latent_once() -> None:
    # DeepSeek-V3 over 8 GPUs: with TP each GPU keeps every sequence's whole latent; with
    # attention DP each keeps its own batch/8 sequences: 1/8 of the bytes at the same batch.
    common = dict(gpus=8, tp=8, ep=8, weights="fp8", kv_dtype="fp8", prompt=1000, output=1000)
    tp = InferenceInput(PRESETS["deepseek-v3"], H200, CAL200, **common)
    dp = InferenceInput(PRESETS["deepseek-v3"], H200, CAL200, dp_attention=True, **common)
    per_seq = kv_bytes_per_sequence(PRESETS["deepseek-v3"], 2000, "fp8")
    assert memory_per_gpu(tp, 64).kv_cache == pytest.approx(64 * per_seq)
    assert memory_per_gpu(dp, 64).kv_cache == pytest.approx(64 * per_seq / 8)
    # the attention weights are whole on each GPU instead of split 8 ways
    attention = dp.deployment.weight_bytes.by_group["attention"]
    assert dp.deployment.weights_per_gpu - tp.deployment.weights_per_gpu == pytest.approx(
        attention * (1 - 1 / 8)
    )
    assert max_batch(dp) > 4 * max_batch(tp)


def test_targets_give_the_largest_batch_meeting_them() -> None:
    base = inp(batch=None, prompt=512, output=128)
    free = infer(base)
    target = free.tpot_s / 2
    found = infer(inp(batch=None, prompt=512, output=128, tpot_target=target))
    dep = base.deployment
    assert found.tpot_s <= target and found.meets_targets
    assert dep.decode(found.batch + 1, decode_context(base)).seconds > target
    ttft = infer(inp(batch=None, prompt=512, output=128, ttft_target=0.5))
    assert ttft.ttft_s <= 0.5 < dep.prefill(ttft.batch + 1, 512).seconds


def test_request_rate_caps_the_served_rate() -> None:
    r = infer(inp(batch=16, prompt=512, output=100, request_rate=2.0))
    assert r.served_output_tokens_per_s == pytest.approx(min(r.output_tokens_per_s, 200.0))
    assert r.concurrency == pytest.approx(2.0 * r.batch_seconds)
    out = r.to_dict()
    assert out["served_output_tokens_per_s"] == r.served_output_tokens_per_s
    assert out["request_rate"] == 2.0 and out["meets_targets"] is True


@pytest.mark.parametrize("field", ["ttft_target", "tpot_target", "request_rate"])
def test_bad_targets_say_what_is_allowed(field: str) -> None:
    from core.errors import InputError

    with pytest.raises(InputError, match="above 0"):
        inp(**{field: 0.0})


def test_all_to_all_inside_a_node_and_across_nodes() -> None:
    # DeepSeek-V3 in fp8 over EP 8 in a node, 1,000 tokens on each GPU (tp 1): 7 of 8 copies of
    # each token's 8 picks leave the GPU, 1-byte dispatch and 2-byte combine of 7,168 elements.
    ds = PRESETS["deepseek-v3"]
    h100 = H100
    one = InferenceInput(ds, h100, CAL, gpus=8, tp=1, ep=8, weights="fp8").deployment
    busbw = CAL.alltoall_busbw(float(h100.intra_node_bandwidth), False)
    hand = 1000 * 8 * 7 / 8 * (1 + 2) * 7168 / busbw + 2 * CAL.alltoall_latency_s(False)
    assert one._all_to_all_s(1000) == pytest.approx(hand)
    # EP 32 over 4 nodes: a token reaches 3·(1 − (3/4)^8) other nodes over the network
    four = InferenceInput(ds, h100, CAL, gpus=32, tp=1, ep=32, weights="fp8").deployment
    net = CAL.alltoall_busbw(float(h100.inter_node_bandwidth), True)
    remote = 3 * (1 - 0.75**8)
    network = 1000 * remote * 3 * 7168 / net + 2 * CAL.alltoall_latency_s(True)
    nvlink = 1000 * 8 * 3 * 7168 / busbw + 2 * CAL.alltoall_latency_s(False)
    assert four._all_to_all_s(1000) == pytest.approx(max(network, nvlink))
    # bf16 experts dispatch 2-byte elements
    wide = InferenceInput(ds, h100, CAL, gpus=8, tp=1, ep=8).deployment
    assert wide._all_to_all_s(1000) - 2 * CAL.alltoall_latency_s(False) == pytest.approx(
        (hand - 2 * CAL.alltoall_latency_s(False)) * 4 / 3
    )


def test_host_overhead_overlaps_the_gpu_step() -> None:
    # 29.4 µs of host work per running sequence: at 16 sequences the GPU's step is longer and
    # the host work hides behind it; at 4,096 sequences of 24 cached tokens the host's 120 ms is
    # the step (the GPU's 2·8e9 FLOPs per token take less than 29.4 µs each).
    per_seq = 45.11e-3 / 1536
    small = inp("llama3-8b", batch=16, prompt=128, output=128, host_overhead=per_seq)
    bare = inp("llama3-8b", batch=16, prompt=128, output=128).deployment
    step = small.deployment.decode(16, decode_context(small))
    assert step.host_s == pytest.approx(16 * per_seq)
    assert step.seconds == step.gpu_s == bare.decode(16, decode_context(small)).seconds
    big = small.deployment.decode(4096, 24.0)
    assert big.host_s == pytest.approx(4096 * per_seq) and big.seconds == max(big.gpu_s, big.host_s)
    assert big.seconds == pytest.approx(4096 * per_seq)
    # with attention DP each GPU's host serves its own batch/tp sequences
    ds = InferenceInput(PRESETS["deepseek-v3"], H200, CAL200, gpus=8, tp=8, ep=8,
                        dp_attention=True, weights="fp8", host_overhead=per_seq)  # fmt: skip
    assert ds.deployment.decode(800, 1000).host_s == pytest.approx(100 * per_seq)


def test_kv_on_demand_holds_half_the_output_on_average() -> None:
    reserve = inp("llama3-8b", prompt=1000, output=400)
    demand = inp("llama3-8b", prompt=1000, output=400, kv_on_demand=True)
    per_token = 32 * 2 * 8 * 128 * 2
    assert memory_per_gpu(reserve, 10).kv_cache == 10 * 1400 * per_token
    assert memory_per_gpu(demand, 10).kv_cache == 10 * 1200 * per_token
    assert max_batch(demand) > max_batch(reserve)


def test_the_token_budget_sizes_a_prefill_forward() -> None:
    # 4 prompts of 3,000 tokens: 12,000 tokens are 2 forwards of the default 8,192-token chunk,
    # 1 forward under a 16,384-token budget (the weights read once, one set of launches)
    plain = inp(batch=4, prompt=3000, output=100)
    budget = inp(batch=4, prompt=3000, output=100, max_num_tokens=16384)
    assert plain.deployment.prefill(4, 3000).kernels == 2 * plain.deployment.kernels
    assert budget.deployment.prefill(4, 3000).kernels == budget.deployment.kernels
    weights = plain.deployment.dense_read()
    assert plain.deployment.prefill(4, 3000).parts["weights"] == pytest.approx(2 * weights)
    assert budget.deployment.prefill(4, 3000).parts["weights"] == pytest.approx(weights)
