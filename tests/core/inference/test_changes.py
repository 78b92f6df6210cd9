"""What to change: each candidate is the input served again with one field changed; the figures
that move are checked against hand counts of llama3-8b's shapes (config.json: 32 layers, d 4096,
32 heads, 8 KV heads of 128, ffn 14336, vocabulary 128256, untied)."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from core.inference.changes import best_device, candidate_changes, what_to_change
from core.inference.serve import InferenceInput, infer
from core.memory.models import PRESETS, TransformerSpec
from core.roofline.achievable import calibration
from core.roofline.hardware import load_catalog

CATALOG = load_catalog()
H100 = CATALOG.get("h100-sxm")
CAL = calibration(H100)
LAYERS, D, KV_HEADS, HEAD, FFN, VOCAB = 32, 4096, 8, 128, 14336, 128256
#: K and V of 8 heads of 128 in 32 layers, 2 bytes each (bf16).
KV_TOKEN_BF16 = 2 * LAYERS * KV_HEADS * HEAD * 2


def make(**kw) -> InferenceInput:
    return InferenceInput(PRESETS["llama3-8b"], H100, CAL, **kw)


def _by_key(changes):
    return {c.key: c for c in changes}


def test_candidates_on_an_h100_from_bf16():
    # H100 has an fp8 peak and no fp4 one: 8 bits as fp8, 4 bits as int4 (weight-only).
    keys = [f"{f}={v}" for f, v, _, _ in candidate_changes(make())]
    assert keys == ["weights=fp8", "weights=int4", "kv_dtype=fp8", "tp=2"]


def test_nothing_narrower_to_quantize_to():
    keys = [f"{f}={v}" for f, v, _, _ in candidate_changes(make(weights="int4", kv_dtype="fp8"))]
    assert keys == ["tp=2"]


def test_fp4_where_the_device_has_it():
    b200 = CATALOG.get("b200")
    assert b200.supports("fp4")
    inp = InferenceInput(PRESETS["llama3-8b"], b200, calibration(b200))
    assert [v for f, v, _, _ in candidate_changes(inp) if f == "weights"] == ["fp8", "nvfp4"]


def test_fp8_kv_cache_halves_the_cache_the_decode_reads():
    batch, prompt, output = 64, 1024, 256
    change = _by_key(what_to_change(make(batch=batch, prompt=prompt, output=output)))[
        "kv_dtype=fp8"
    ]
    before, after = change.before, change.after
    assert after.memory.kv_cache == batch * (prompt + output) * KV_TOKEN_BF16 / 2
    # The decode's cache bytes: every sequence reads its P + O/2 tokens and writes one, at one
    # byte per element instead of two.
    held = prompt + output / 2
    assert before.decode.parts["kv_cache"] == batch * (held + 1) * KV_TOKEN_BF16
    assert after.decode.parts["kv_cache"] == batch * (held + 1) * KV_TOKEN_BF16 / 2
    # Memory-bound at batch 64 without TP: the attention kernel reads the cache at the calibrated
    # bandwidth, so the step saves exactly the cache bytes no longer read over that bandwidth; the
    # launch gaps and the other kernels stay as they were.
    assert before.decode.bound == after.decode.bound == "memory"
    saved = (
        before.decode.parts["kv_cache"] - after.decode.parts["kv_cache"]
    ) / before.decode.bandwidth
    assert before.decode.gpu_s - after.decode.gpu_s == pytest.approx(saved, rel=1e-9)
    assert after.decode.launch_s == before.decode.launch_s
    assert change.tpot_ratio == pytest.approx(after.tpot_s / before.tpot_s, rel=1e-12)
    assert change.tpot_ratio < 1
    assert change.gain == pytest.approx(
        after.tokens_per_s_per_gpu / before.tokens_per_s_per_gpu, rel=1e-12
    )


def test_fp8_kv_cache_doubles_room_for_sequences():
    # Fits while weights + cache + activations plus 1 GB and 10 % of them stay within the
    # capacity. The activations are one 8,192-token chunk's (the same at every batch of 8 or
    # more) plus each sequence's last-token logits in fp32 (4 bytes × the vocabulary):
    # batch × (cache + logits) <= (capacity - 1 GB) / 1.1 - weights - chunk activations.
    inp = make(batch=None, prompt=1024, output=256)
    change = _by_key(what_to_change(inp))["kv_dtype=fp8"]
    mem, batch = change.before.memory, change.before.batch
    logits = 4 * VOCAB
    chunk = mem.activations - batch * logits
    room = (H100.memory_total_bytes - 1e9) / 1.1 - mem.weights - chunk
    per_sequence = 1280 * KV_TOKEN_BF16
    assert change.before.max_batch == math.floor(room / (per_sequence + logits))
    assert change.after.max_batch == math.floor(room / (per_sequence / 2 + logits))


def test_fp8_weights_hand_count():
    change = _by_key(what_to_change(make()))["weights=fp8"]
    # Layers' matrices in one byte each plus one fp32 scale per matrix (q, k, v, o, gate, up,
    # down); embedding and head stay bf16, as do the norms (two per layer and the final one).
    matrices = LAYERS * (2 * D * D + 2 * D * KV_HEADS * HEAD + 3 * D * FFN)
    weights = matrices + LAYERS * 7 * 4 + 2 * VOCAB * D * 2 + (2 * LAYERS + 1) * D * 2
    assert change.after.memory.weights == weights
    assert change.before.memory.weights == 2 * PRESETS["llama3-8b"].param_count


def test_more_tp_grows_the_gpus_to_whole_replicas():
    by = _by_key(what_to_change(make(gpus=1)))
    assert by["tp=2"].after.input.gpus == 2
    by = _by_key(what_to_change(make(gpus=8)))
    assert by["tp=2"].after.input.gpus == 8
    # Split over two GPUs, each holds half the KV heads' cache of a sequence.
    assert by["tp=2"].after.memory.kv_cache == by["tp=2"].before.memory.kv_cache / 2


def test_a_tp_the_heads_refuse_is_left_out():
    spec = TransformerSpec("odd", 1000, 384, 4, 3, 3, 1536, gated=True, tied=True, seq=2048)
    inp = InferenceInput(spec, H100, CAL, prompt=128, output=16)
    assert "tp" not in [f for f, *_ in candidate_changes(inp)]


def test_best_device_is_the_one_serving_most():
    inp = make(batch=None)
    offered = [CATALOG.get(i) for i in ("h100-sxm", "h200", "a100-sxm", "mi300x")]
    best = best_device(inp, offered, calibration)
    each = {d.id: infer(replace(inp, device=d, calibration=calibration(d))) for d in offered[1:]}
    top = max(each, key=lambda i: each[i].tokens_per_s_per_gpu)
    assert best is not None and best.value == top
    assert best.after.tokens_per_s_per_gpu == each[top].tokens_per_s_per_gpu


def test_a_change_that_makes_it_fit_ranks_first():
    # llama3-70b in bf16 (141 GB of weights) fits no H100: quantizing to 4 bits (~35 GB) does.
    inp = InferenceInput(PRESETS["llama3-70b"], H100, CAL, batch=1)
    changes = what_to_change(inp)
    assert changes[0].before.max_batch == 0 and changes[0].after.max_batch > 0
    assert changes[0].helps
    fitting = [c for c in changes if c.after.max_batch > 0]
    assert changes[: len(fitting)] == fitting
