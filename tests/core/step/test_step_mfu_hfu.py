"""MFU counts model FLOPs, HFU executed ones (issue 19 item 5), on traced steps.

References: PaLM appendix B's ``6·N + 12·L·H·Q·T`` per token, written out by hand here from the
shapes (``N`` = every matmul weight, the LM head included), and the recorder's recomputation tags
checked against the forward ops each checkpointed layer runs.
"""

from __future__ import annotations

import json

import pytest

from core.memory import MemoryConfig, checkpoint, parse_model, preset, recipe
from core.memory.recipes import optimizer

torch = pytest.importorskip("torch")

from core.roofline.hardware import load_catalog  # noqa: E402
from core.step.predict import predict  # noqa: E402
from core.step.trace import trace_config  # noqa: E402

LLAMA = "transformer:d=64,layers=3,heads=4,kv_heads=2,ffn=96,vocab=128,seq=32"
GPT = "transformer:d=48,layers=2,heads=4,ffn=192,vocab=100,gated=false,norm=layernorm,seq=32"


def _palm_per_token(spec, seq: int) -> float:
    """``6N + 12·L·H·Q·T`` from the shapes, by hand (not through the code under test)."""
    d, kv, f = spec.d_model, spec.kv_heads * (spec.d_model // spec.heads), spec.ffn
    per_layer = d * d + 2 * d * kv + d * d + (3 if spec.gated else 2) * d * f
    n = spec.layers * per_layer + spec.vocab * d  # the LM head is a matmul, tied or not
    return 6.0 * n + 12.0 * spec.layers * spec.heads * (d // spec.heads) * seq


def _trace(model: str, ckpt: str = "none", batch: int = 2, seq: int = 32):
    spec = preset(model) if ":" not in model else parse_model(model)
    cfg = MemoryConfig(spec, batch=batch, seq=seq, recipe=recipe("bf16"),
                       optimizer=optimizer("adamw"), checkpoint=checkpoint(ckpt))  # fmt: skip
    return spec, trace_config(cfg)


@pytest.fixture(scope="module")
def llama_traces():
    return {c: _trace(LLAMA, c) for c in ("none", "every", "2")}


@pytest.mark.parametrize("model", [LLAMA, GPT])
def test_model_flops_are_palms_6n_plus_12lhqt(model: str) -> None:
    spec, tr = _trace(model)
    tokens = 2 * 32
    assert tr.model_flops == pytest.approx(_palm_per_token(spec, 32) * tokens, rel=1e-3)
    # and equal to the shared formula of core.roofline.utilization
    from core.roofline.utilization import model_flops_per_token

    d = spec.d_model
    n = (_palm_per_token(spec, 32) - 12.0 * spec.layers * d * 32) / 6
    assert model_flops_per_token(n, spec.layers, spec.heads, d // spec.heads, 32) * tokens == (
        pytest.approx(tr.model_flops, rel=1e-3)
    )
    # Without recomputation the executed count differs by the flash backward's Q·Kᵀ (torch's
    # SDPA formula: backward 2.5× the forward, the model's 2×) and by the causal kernel running
    # half the s × s scores (FlashAttention-2, section 3.1.1), which model FLOPs count in full.
    fwd_attention = sum(op.flops for op in tr.ops if op.kind == "attention" and
                        op.phase == "forward")  # fmt: skip
    executed = 0.5 * (1.0 + 2.5) * fwd_attention
    assert tr.hardware_flops - tr.model_flops == pytest.approx(executed - 3.0 * fwd_attention)
    assert not any(op.recompute for op in tr.ops)


def test_checkpointing_tags_the_recomputed_forward(llama_traces) -> None:
    spec, plain = llama_traces["none"]
    forward_mm = [op.flops for op in plain.ops if op.phase == "forward" and op.kind == "matmul"]
    head = spec.vocab * spec.d_model * 2 * 2 * 32  # the LM head is outside every checkpoint
    for ckpt in ("every", "2"):
        _, tr = llama_traces[ckpt]
        again = [op for op in tr.ops if op.recompute]
        assert again and all(op.phase == "backward" for op in again)
        assert {op.module.split(".")[0] for op in again} == {"layers"}
        # every layer's forward matmuls run once more, nothing else
        assert sum(op.flops for op in again if op.kind == "matmul") == sum(forward_mm) - head
        assert tr.model_flops == plain.model_flops
        assert tr.hardware_flops > plain.hardware_flops


def test_mfu_does_not_rise_with_checkpointing_hfu_may(llama_traces) -> None:
    device = load_catalog().get("a100-sxm")
    base = predict(llama_traces["none"][1], device)
    assert 0 < base.hfu <= 1 and 0 < base.mfu <= 1
    for ckpt in ("every", "2"):
        pred = predict(llama_traces[ckpt][1], device)
        assert pred.step_time_s > base.step_time_s
        assert pred.mfu <= base.mfu
        assert pred.hfu / pred.mfu > base.hfu / base.mfu  # the recomputed forward, in HFU only
        assert pred.mfu == pytest.approx(base.mfu * base.step_time_s / pred.step_time_s)


def test_mlp_checkpoint_keeps_attribution_after_an_early_stopped_recompute() -> None:
    # The lecture MLP checkpoints non-reentrantly; torch stops that recompute early, inside a
    # block. The backward ops after it are real backward: not recompute, not the stale block.
    cfg = MemoryConfig(parse_model("mlp:d=16,layers=3"), batch=4, recipe=recipe("fp32"),
                       optimizer=optimizer("sgd"), checkpoint=checkpoint("every"))  # fmt: skip
    tr = trace_config(cfg)
    again = [op for op in tr.ops if op.recompute]
    assert [op.name for op in again if op.kind == "matmul"] == ["mm", "mm", "mm"]
    assert not [op for op in tr.ops if op.recompute and op.name == "threshold_backward"]
    assert sum(op.flops for op in again if op.kind == "matmul") == 3 * 2 * 4 * 16 * 16


@pytest.mark.slow
def test_issue_example_gpt2_on_a100(capsys: pytest.CaptureFixture[str]) -> None:
    from app.cli import main

    out = {}
    for ckpt in ("none", "every"):
        assert main(["step", "--model", "gpt2", "--batch", "1", "--seq", "1024", "--device",
                     "a100-sxm", "--checkpoint", ckpt, "--top", "0", "--json"]) == 0  # fmt: skip
        out[ckpt] = json.loads(capsys.readouterr().out)
    spec = preset("gpt2")
    assert out["none"]["model_flops"] == pytest.approx(_palm_per_token(spec, 1024) * 1024, rel=1e-3)
    assert out["every"]["model_flops"] == out["none"]["model_flops"]
    assert out["every"]["mfu"] <= out["none"]["mfu"]
    assert out["every"]["hfu"] > out["every"]["mfu"]
    assert set(out["none"]["utilization"]) == {"mfu", "hfu"}


def test_mfu_on_a_device_without_the_recipes_peak_says_which_peak_it_uses(llama_traces) -> None:
    _, tr = llama_traces["none"]
    catalog = load_catalog()
    v100, h100 = catalog.get("v100"), catalog.get("h100-sxm")
    assert not v100.supports("bf16")  # the datasheet: Volta has no bf16 tensor cores
    on_v100, on_h100 = predict(tr, v100), predict(tr, h100)
    assert (on_h100.compute_dtype, on_h100.peak_dtype) == ("bf16", "bf16")
    assert (on_v100.compute_dtype, on_v100.peak_dtype) == ("bf16", "fp32")
    # By hand: model FLOPs / (step time × the V100's fp32 peak from its datasheet, 15.7 TFLOP/s).
    assert on_v100.peak == v100.peak_flops["fp32"] == pytest.approx(15.7e12)
    assert on_v100.mfu == pytest.approx(tr.model_flops / (on_v100.step_time_s * 15.7e12))
