"""Issue 11's memory classes, each checked against an independent reference.

* the estimated peak against the fake-tensor trace's peak (item 4);
* the target's kernels: the estimate against a trace of the same kernels' saved tensors (item 5);
* recompute FLOPs against ``FlopCounterMode``'s count with and without checkpointing (item 6);
* a micro-batch that does not divide the batch is refused, in the config and the CLI (item 7);
* every formula text evaluates to the number it explains, for every option combination (item 8);
* the real CUDA step's seams: free memory, out of memory, cleanup, autocast (item 23).
"""

from __future__ import annotations

import itertools
import re

import pytest

from core.errors import InputError
from core.memory import MemoryConfig, MLPSpec, checkpoint, estimate, parse_model, recipe
from core.memory.activations import activation_model
from core.memory.options import config_from_options, kernels_for
from core.memory.recipes import parse_recipe

torch = pytest.importorskip("torch")

from core.memory.trace import trace  # noqa: E402

GPT = "transformer:d=128,layers=2,heads=4,vocab=2048,seq=64,gated=false,norm=layernorm,tied=true"
LLAMA = "transformer:d=128,layers=2,heads=4,kv_heads=2,vocab=512,seq=64"


# item 4: the headline predicts the traced peak ------------------------------------------------
@pytest.mark.parametrize("model", [GPT, LLAMA, "gpt2"])
@pytest.mark.parametrize("batch", [1, 4])
@pytest.mark.parametrize("rec", ["bf16", "fp32"])
def test_estimated_peak_is_within_ten_percent_of_the_trace(model: str, batch: int, rec: str):
    seq = 128 if model == "gpt2" else None
    cfg = MemoryConfig(parse_model(model), batch=batch, seq=seq, recipe=recipe(rec))
    est, tr = estimate(cfg), trace(cfg)
    assert est.peak == pytest.approx(tr.peak, rel=0.10)
    assert est.peak == pytest.approx(sum(est.at_peak.values()))
    assert est.temporaries == est.at_peak["temporaries"] > 0


@pytest.mark.parametrize("policy", ["every", "2"])
def test_estimated_peak_with_checkpointing(policy: str) -> None:
    cfg = MemoryConfig(parse_model(LLAMA.replace("layers=2", "layers=4")), batch=4,
                       checkpoint=checkpoint(policy))  # fmt: skip
    assert estimate(cfg).peak == pytest.approx(trace(cfg).peak, rel=0.10)


def test_loss_temporaries_are_the_fp32_gradients_of_the_logits() -> None:
    # At the start of backward: the log-softmax's and the logits' fp32 gradients, 2 × 4·s·b·V.
    cfg = MemoryConfig(parse_model(GPT), batch=4, recipe=recipe("bf16"))
    est = estimate(cfg)
    assert est.peak_moment == "start of backward"
    assert est.temporaries == 8 * 64 * 4 * 2048
    assert trace(cfg).at_peak["temporaries"] == pytest.approx(est.temporaries, rel=0.02)


# item 5: the target's kernels ----------------------------------------------------------------
@pytest.mark.parametrize(
    ("kernels", "flash", "dropout", "model"),
    list(itertools.product(["cuda", "cpu"], [True, False], [False, True], [GPT, LLAMA])),
)
def test_activations_follow_the_kernels_saved_tensors(
    kernels: str, flash: bool, dropout: bool, model: str
) -> None:
    cfg = MemoryConfig(parse_model(model), batch=2, flash=flash, dropout=dropout, kernels=kernels)
    est, tr = estimate(cfg), trace(cfg)
    assert tr.categories["activations"] == pytest.approx(est.bytes["activations"], rel=0.05)
    assert est.to_dict()["kernels"] == kernels
    assert f"{kernels} kernels" in est.formulas["activations"]


def test_cuda_and_cpu_kernels_keep_different_tensors() -> None:
    # Hand counts per layer (bf16, s·b·h = N): CUDA RMSNorm keeps its 2-byte input and an fp32
    # rstd per row, the CPU one fp32 copies (8 B); dropout masks are 1 byte on CUDA, 2 on CPU;
    # CPU attention with dropout falls back to the math path (three fp32 s² tensors).
    spec = parse_model(LLAMA)
    s, b, h, a = 64, 2, 128, 4
    n = s * b * h
    cuda = activation_model(spec, b, s, 2, dropout=True, kernels="cuda")
    cpu = activation_model(spec, b, s, 2, dropout=True, kernels="cpu")
    terms_cuda, terms_cpu = dict(cuda.terms), dict(cpu.terms)
    assert terms_cuda["norm inputs (2 × 2 B) + fp32 rstd"] == 2 * (2 * n + 4 * s * b)
    assert terms_cpu["norm inputs (2 × 8 B, fp32 copies)"] == 2 * 8 * n
    assert terms_cuda["dropout masks (2 × 1 B)"] == 2 * n
    assert terms_cpu["dropout masks (2 × 2 B)"] == 4 * n
    assert not any("s²" in k for k in terms_cuda)
    assert terms_cpu["CPU attention with dropout: 3 fp32 a·s²·b (probs, mask, dropped)"] == (
        12 * a * s * s * b
    )


def test_kernels_follow_the_device_and_are_validated() -> None:
    assert kernels_for("NVIDIA") == kernels_for("AMD") == "cuda"
    assert kernels_for("Google") == kernels_for("Apple") == "cpu"
    with pytest.raises(InputError, match="kernels: 'tpu'; allowed: cuda, cpu"):
        config_from_options(kernels="tpu")


def test_gqa_attention_flops_are_counted_on_any_torch() -> None:
    # torch < 2.12 rejects grouped-query shapes in its own formula; ours counts the query heads.
    from core.memory.flops import sdpa_backward_flops, sdpa_flops

    q, k = (2, 8, 64, 32), (2, 2, 64, 32)
    assert sdpa_flops(q, k, k) == 2 * (2 * 2 * 8 * 64 * 64 * 32)
    assert sdpa_backward_flops(q, k, k) == 5 * (2 * 2 * 8 * 64 * 64 * 32)
    cfg = MemoryConfig(parse_model(LLAMA), batch=2)
    assert trace(cfg).flops == pytest.approx(estimate(cfg).flops, rel=0.02)


# item 6: recompute FLOPs ---------------------------------------------------------------------
@pytest.mark.parametrize("model", [GPT, LLAMA, "mlp:d=64,layers=4"])
@pytest.mark.parametrize("policy", ["every", "2"])
@pytest.mark.parametrize("flash", [True, False])
def test_recompute_flops_are_the_checkpointed_layers_forward(
    model: str, policy: str, flash: bool
) -> None:
    plain = MemoryConfig(parse_model(model), batch=2, flash=flash)
    ckpt = MemoryConfig(parse_model(model), batch=2, flash=flash, checkpoint=checkpoint(policy))
    counted = trace(ckpt).flops - trace(plain).flops
    assert counted > 0
    assert estimate(ckpt).flops - estimate(plain).flops == pytest.approx(counted, rel=1e-6)
    assert "not the embeddings, the output layer" in estimate(ckpt).flops_text or "mlp" in model


# item 7: the micro-batch divides the batch -----------------------------------------------------
@pytest.mark.parametrize(("batch", "micro"), [(4, 3), (10, 4), (7, 2), (8, 16)])
def test_micro_batch_must_divide_the_batch(batch: int, micro: int) -> None:
    with pytest.raises(InputError, match=f"micro-batch: {micro} does not divide the batch"):
        config_from_options(model="gpt2", batch=str(batch), micro_batch=str(micro))
    ok = config_from_options(model="gpt2", batch=str(batch * micro), micro_batch=str(micro))
    assert ok.accumulation == batch


# item 8: formula texts evaluate to their numbers ------------------------------------------------
def _number(text: str) -> float:
    return float(text.replace(",", ""))


_PER_LAYER = re.compile(r"≈ s·b·h·([\d.]+)(?: \+ ([\d.]+)·a·s²·b)? bytes per layer")


@pytest.mark.parametrize(
    ("flash", "dropout", "kernels", "rec", "model"),
    list(itertools.product([True, False], [False, True], ["cuda", "cpu"],
                           ["bf16", "fp32", "custom:params=fp32,grads=fp32,master=none,"
                            "state=fp32,acts=bf16"], [GPT, LLAMA])),
)  # fmt: skip
def test_formula_texts_evaluate_to_their_numbers(
    flash: bool, dropout: bool, kernels: str, rec: str, model: str
) -> None:
    spec = parse_model(model)
    cfg = MemoryConfig(spec, batch=3, gpus=4, zero=3, flash=flash, dropout=dropout,
                       kernels=kernels, recipe=parse_recipe(rec))  # fmt: skip
    est = estimate(cfg)
    for key in ("params", "grads", "optimizer"):
        m = re.fullmatch(r"(\d+) B × ([\d,]+) params(?: / ([\d,]+) GPUs)?", est.formulas[key])
        assert m, est.formulas[key]
        value = _number(m[1]) * _number(m[2]) / (_number(m[3]) if m[3] else 1)
        assert value == pytest.approx(est.bytes[key])
    text = est.formulas["activations"]
    found = _PER_LAYER.findall(text)
    assert len(found) == 1, text  # the s² term appears once
    assert text.count("a·s²·b bytes") <= 1
    lin, quad = _number(found[0][0]), _number(found[0][1] or "0")
    s, b, h, a = cfg.seq_len, cfg.micro, spec.d_model, spec.heads
    per_layer = activation_model(spec, b, s, cfg.recipe.bytes("acts"), flash=flash,
                                 dropout=dropout, kernels=kernels,
                                 weight_bytes=cfg.recipe.bytes("params")).per_layer  # fmt: skip
    assert lin * s * b * h + quad * a * s * s * b == pytest.approx(per_layer, rel=1e-3)
    assert (quad > 0) == (not flash or (dropout and kernels == "cpu"))


def test_mlp_formula_matches_its_number() -> None:
    for full in (False, True):
        cfg = MemoryConfig(MLPSpec(256, 4), batch=8, mlp_full=full)
        est = estimate(cfg)
        per = activation_model(cfg.model, 8, 1, 2, mlp_full=full).per_layer
        assert est.bytes["activations"] == 4 * per
        assert est.formulas["activations"].startswith("L = 4 × per layer")


@pytest.mark.parametrize("model", [GPT, LLAMA])
def test_accumulated_gradients_are_alive_in_a_later_micro_batch(model: str) -> None:
    # Batch 4 in micro-batches of 2: the second micro-batch's backward runs with every gradient
    # the first made. The trace runs both; the estimate counts all gradients at every moment.
    cfg = MemoryConfig(parse_model(model), batch=4, micro_batch=2, recipe=recipe("bf16"))
    one = MemoryConfig(parse_model(model), batch=2, recipe=recipe("bf16"))
    est, tr = estimate(cfg), trace(cfg)
    assert est.at_peak["grads"] == pytest.approx(est.bytes["grads"])
    assert tr.at_peak["grads"] == pytest.approx(est.bytes["grads"], rel=0.02)
    assert est.peak == pytest.approx(tr.peak, rel=0.10)
    assert tr.peak > trace(one).peak  # the same micro-batch, with the gradients already there
    phases = [p for _, p, _, _ in tr.timeline]
    assert phases.count("forward") and phases.index("optimizer") > phases.index("backward")
