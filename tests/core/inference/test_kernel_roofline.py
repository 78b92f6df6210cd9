"""Each kernel at its own roofline, by hand: a forward's kernels run one after the other, so a
compute-bound GEMM cannot hide a memory-bound attention's cache read; the step takes the sum
over kernels of the larger of each one's compute and memory time, not the larger of the sums."""

from __future__ import annotations

import math

import pytest

from core.inference.serve import InferenceInput
from core.memory.models import PRESETS
from core.roofline.achievable import calibration
from core.roofline.hardware import load_catalog

H100 = load_catalog().get("h100-sxm")
CAL = calibration(H100)
BW = CAL.bandwidth(H100)


def dep(name: str = "llama2-7b", **kw):
    return InferenceInput(PRESETS[name], H100, CAL, **kw).deployment


def test_llama2_7b_decode_at_batch_256_by_hand() -> None:
    # Llama 2 7B in bf16 (d 4096, 32 heads of 128, MLP 11008, vocab 32000, 32 layers), one H100,
    # 256 sequences holding 1,024 tokens each.
    d, f, v, layers, b, ctx = 4096, 11008, 32000, 32, 256, 1024
    gemms = [(b, d, d, layers)] * 4 + [(b, f, d, layers)] * 2 + [(b, d, f, layers), (b, v, d, 1)]
    deployment = dep()
    assert sorted(deployment.gemms(b, b)) == sorted(gemms)  # q, k, v, o, gate, up, down, head
    # each GEMM: FLOPs at the calibrated bf16 rate times the K loop's share (M = 256 fills the
    # 64-row tiles) over the reference 8192³ GEMM's; bytes: bf16 weights, input and output
    rate = H100.peak("bf16") * CAL.gemm_efficiency("bf16")
    ref_m, _, ref_k = CAL.gemm_reference("bf16")
    assert ref_m % 64 == 0  # the reference fills its tiles too
    ko = CAL.k_overhead
    ref_share = ref_k / (ref_k + ko)

    def compute(m, n, k, c):
        return 2 * m * n * k * c / (rate * min(1.0, (k / (k + ko)) / ref_share))

    def nbytes(m, n, k, c):
        return (n * k * 2 + (m * k + m * n) * 2) * c

    point = deployment.decode(b, ctx)
    # attention: the cache read (K and V of 32 heads × 128 per layer, bf16) and the new token's
    # write, against 2·heads·keys·(128 + 128) FLOPs per layer and token at flash attention's rate
    cache = b * (ctx * layers * 2 * d * 2 + layers * 2 * d * 2)
    assert point.parts["kv_cache"] == pytest.approx(cache)
    attention_flops = layers * 2.0 * b * 32 * ctx * (128 + 128)
    attention_s = CAL.attention_seconds(attention_flops, H100.peak("bf16"), False, False, None)
    rest = point.bytes - cache - sum(nbytes(*g) for g in gemms)  # norms' weights etc.
    hand = (
        max(attention_s, cache / BW)
        + sum(max(compute(*g), nbytes(*g) / BW) for g in gemms)
        + max(0.0, rest) / BW
    )
    assert point.serial_s == pytest.approx(hand, rel=1e-9)
    # here the GEMMs are compute-bound and the attention memory-bound: the serial time exceeds
    # both totals, and the step takes it
    assert all(compute(*g) > nbytes(*g) / BW for g in gemms[:-1])
    assert cache / BW > attention_s
    assert point.serial_s > max(point.compute_s, point.memory_s)
    assert point.gpu_s == pytest.approx(point.serial_s + point.comm_s + point.launch_s)


def test_all_memory_bound_is_the_bytes_over_the_bandwidth() -> None:
    # One sequence: every GEMM (M = 1) and the attention read bytes far longer than they
    # compute, so the kernels' sum is exactly the forward's bytes over the bandwidth.
    point = dep().decode(1, 512)
    assert point.serial_s == pytest.approx(point.memory_s, rel=1e-12)
    assert point.serial_s == pytest.approx(point.bytes / BW, rel=1e-12)


def test_never_below_the_larger_total() -> None:
    for batch, ctx in ((1, 100), (64, 4000), (1024, 200), (4096, 50)):
        p = dep("llama3-8b").decode(batch, ctx)
        assert p.serial_s >= max(p.compute_s, p.memory_s) * (1 - 1e-12)


def test_a_chunked_prefill_reads_its_weights_under_each_chunks_gemms() -> None:
    # Llama 2 7B, one prompt of 16,385 tokens over the 8,192-token budget: three forwards of
    # 16,385/3 tokens. Every layer GEMM of a chunk is compute-bound, so the weights each chunk reads
    # again hide under its GEMMs: the kernels' time is the GEMMs' compute, the attention's
    # compute (it reads no cache, writes it), and only the bytes no GEMM moves at the bandwidth.
    d, f, v, layers, prompt = 4096, 11008, 32000, 32, 16385
    deployment = dep()
    point = deployment.prefill(1, prompt)
    m = prompt / 3
    gemms = (
        [(m, d, d, layers)] * 4 + [(m, f, d, layers)] * 2 + [(m, d, f, layers), (1 / 3, v, d, 1)]
    )
    written = prompt * layers * 2 * d * 2  # the cache the prompt leaves, bf16
    assert point.parts["kv_cache"] == pytest.approx(written)
    # each chunk's GEMMs at the bf16 rate times the share of their M tiles and K loop
    rate = H100.peak("bf16") * CAL.gemm_efficiency("bf16")
    _, _, ref_k = CAL.gemm_reference("bf16")
    ko = CAL.k_overhead

    def compute(mm, n, k, c):
        tiles = math.ceil(mm / 64) * 64
        share = min(1.0, (mm / tiles) * (k / (k + ko)) / (ref_k / (ref_k + ko)))
        return 2 * mm * n * k * c / (rate * share)

    def nbytes(mm, n, k, c):
        return (n * k * 2 + (mm * k + mm * n) * 2) * c

    linear_s = 3 * sum(compute(*g) for g in gemms)
    # the layers' GEMMs are compute-bound (their weight reads hide); the head of the chunk's
    # share of one last token is not
    assert all(compute(*g) > nbytes(*g) / BW for g in gemms[:-1])
    assert compute(*gemms[-1]) < nbytes(*gemms[-1]) / BW
    # causal attention over the prompt: 2·heads·P·P·(128 + 128) per layer, half computed
    flops = layers * 2.0 * 32 * prompt * prompt * (128 + 128)
    attention_s = CAL.attention_seconds(flops, H100.peak("bf16"), False, True, float(prompt))
    assert point.compute_s == pytest.approx(linear_s + attention_s, rel=1e-12)
    rest = point.bytes - written - 3 * sum(nbytes(*g) for g in gemms)
    hand = (
        3 * sum(max(compute(*g), nbytes(*g) / BW) for g in gemms)
        + max(attention_s, written / BW)
        + max(0.0, rest) / BW
    )
    assert point.serial_s == pytest.approx(hand, rel=1e-12)
    # the three weight reads are counted in the bytes but cost no time beyond the GEMMs'
    assert point.parts["weights"] > 2.5 * 2 * (4 * d * d + 3 * d * f) * layers
