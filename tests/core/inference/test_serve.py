"""Memory per GPU, the largest batch, the rates' definitions and the input's refusals."""

from __future__ import annotations

import math

import pytest

from core.errors import InputError
from core.inference.serve import InferenceInput, infer, max_batch, memory_per_gpu, sweep
from core.memory.models import PRESETS
from core.roofline.achievable import calibration
from core.roofline.hardware import load_catalog
from tests.core.inference.standins import deepseek_v3, mixtral_8x7b

CATALOG = load_catalog()
H100 = CATALOG.get("h100-sxm")
CAL = calibration(H100)


def make(spec=None, **kw) -> InferenceInput:
    return InferenceInput(spec or PRESETS["llama3-8b"], H100, CAL, **kw)


def test_memory_parts():
    spec = PRESETS["llama3-8b"]
    mem = memory_per_gpu(make(prompt=1000, output=24), 10)
    assert mem.weights == 2 * spec.param_count
    assert mem.kv_cache == 10 * 1024 * 32 * 2 * 8 * 128 * 2  # 10 sequences of 1,024 tokens
    tensors = mem.weights + mem.kv_cache + mem.activations
    assert mem.allowance == pytest.approx(1e9 + 0.1 * tensors)  # CUDA context and reserve
    assert mem.capacity == H100.memory_total_bytes


def test_largest_batch_is_the_edge_of_fitting():
    inp = make(prompt=2048, output=512)
    most = max_batch(inp)
    assert memory_per_gpu(inp, most).fits and not memory_per_gpu(inp, most + 1).fits


def test_kv_fraction_caps_the_cache():
    # Half of what the weights, activations and their allowance leave: the batch's cache must fit
    # in it. At 1,024-token prompts and batches of 8 or more, one prefill chunk holds 8,192
    # tokens, so the activations are the same at every such batch.
    inp = make(prompt=1024, output=1024, kv_fraction=0.5)
    spec = PRESETS["llama3-8b"]
    weights = 2 * spec.param_count
    acts = memory_per_gpu(inp, 64).activations
    free = H100.memory_total_bytes - weights - acts - 1e9 - 0.1 * (weights + acts)
    per_sequence = 2048 * 32 * 2 * 8 * 128 * 2
    assert max_batch(inp) == math.floor(0.5 * free / per_sequence)


def test_tensor_parallel_splits_weights_and_cache():
    one, four = memory_per_gpu(make(), 8), memory_per_gpu(make(gpus=4, tp=4), 8)
    assert four.kv_cache == pytest.approx(one.kv_cache / 4)
    vectors = (2 * 32 + 1) * 4096 * 2  # norms: on every GPU
    assert four.weights == pytest.approx((one.weights - vectors) / 4 + vectors)


def test_experts_spread_over_expert_parallel_gpus():
    spec = mixtral_8x7b()
    tp8 = make(spec, gpus=8, tp=8).deployment
    ep8 = make(spec, gpus=8, tp=8, ep=8).deployment
    experts = tp8.weight_bytes.by_group["expert"]
    assert ep8.weights_per_gpu == pytest.approx(tp8.weights_per_gpu)  # 1/8 either way
    assert experts / 8 == pytest.approx(8 * 32 * tp8.weight_bytes.expert_each / 8)


def test_rates_follow_their_definitions():
    one = infer(make(batch=4, prompt=512, output=128))
    eight = infer(make(gpus=8, batch=4, prompt=512, output=128))
    assert one.ttft_s == one.prefill.seconds and one.tpot_s == one.decode.seconds
    assert one.output_tokens_per_s == pytest.approx(4 * 128 / (one.ttft_s + 127 * one.tpot_s))
    assert eight.output_tokens_per_s == pytest.approx(8 * one.output_tokens_per_s)
    assert eight.tokens_per_s_per_gpu == pytest.approx(one.tokens_per_s_per_gpu)


def test_batch_max_takes_the_largest_that_fits():
    found = infer(make(batch=None))
    assert found.batch == found.max_batch > 1 and found.fits
    keys = {"ttft_s", "tpot_s", "output_tokens_per_s", "tokens_per_s_per_gpu", "memory_per_gpu",
            "max_batch", "fits", "prefill", "decode"}  # fmt: skip
    out = found.to_dict()
    assert keys <= set(out)
    assert set(out["memory_per_gpu"]) >= {"weights", "kv_cache", "activations", "allowance", "peak"}
    assert set(out["decode"]) >= {"flops", "bytes", "intensity", "bound"}


def test_decode_becomes_compute_bound_as_the_batch_grows():
    dep = make().deployment
    assert dep.decode(1, 1024).bound == "memory"
    assert dep.decode(4096, 1024).intensity > dep.decode(1, 1024).intensity * 100


def test_a_model_that_does_not_fit():
    found = infer(make(deepseek_v3(), batch=None))
    assert found.max_batch == 0 and not found.fits and found.batch == 1 and found.notes


@pytest.mark.parametrize(
    ("kw", "needle"),
    [
        ({"tp": 3}, "tp: 3 does not divide the 32 attention heads"),
        ({"gpus": 6, "tp": 4}, "gpus: 6 is not a multiple of tp 4"),
        ({"ep": 2, "gpus": 2}, "has no routed experts"),
        ({"weights": "int3"}, "allowed: bf16, fp8"),
        ({"kv_dtype": "fp4"}, "allowed: bf16, fp8"),
        ({"kv_fraction": 0}, "kv-fraction"),
        ({"prompt": 0}, "prompt"),
        ({"batch": 0}, "batch"),
    ],
)
def test_refusals(kw, needle):
    with pytest.raises(InputError, match=needle):
        make(**kw)


def test_expert_parallel_must_divide_the_experts():
    with pytest.raises(InputError, match="ep: 3 must divide the 8 experts"):
        make(mixtral_8x7b(), gpus=3, ep=3)


def test_learned_positions_bound_the_sequence():
    with pytest.raises(InputError, match="1,024 learned positions"):
        make(PRESETS["gpt2"], prompt=1000, output=100)


def test_a_deep_mlp_is_refused():
    from core.memory.models import MLPSpec

    with pytest.raises(InputError, match="needs a transformer"):
        make(MLPSpec(64, 2))


def test_sweep_is_infer_at_each_batch():
    inp = make(prompt=1024, output=256)
    found = sweep(inp, [1, 8, 64, 256])
    for result in found:
        alone = infer(make(prompt=1024, output=256, batch=result.batch))
        assert result.to_dict() == alone.to_dict()
    rates = [r.output_tokens_per_s for r in found]
    assert rates == sorted(rates)  # memory-bound decode: a larger batch serves more tokens/s
    assert [r.tpot_s for r in found] == sorted(r.tpot_s for r in found)
