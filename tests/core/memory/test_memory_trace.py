"""The fake-tensor trace on tiny models: categories, FLOPs, peak phase, cancel, failure."""

from __future__ import annotations

import pytest

from core.memory import MemoryConfig, MLPSpec, checkpoint, estimate, parse_model, recipe

torch = pytest.importorskip("torch")

from core.memory.trace import TraceCancelled, trace  # noqa: E402

TINY_TF = "transformer:d=128,layers=2,heads=4,kv_heads=2,vocab=512,seq=64"


def test_mlp_trace_matches_hand_count() -> None:
    b, d, layers = 32, 128, 4
    cfg = MemoryConfig(MLPSpec(d, layers), batch=b, recipe=recipe("fp32"))
    result = trace(cfg)
    n = d * d * layers
    assert result.categories["params"] == 4 * n
    assert result.categories["grads"] == 4 * n
    assert result.categories["optimizer"] == 8 * n  # Adam: m and v in fp32
    # torch keeps every ReLU output (each is also the next matmul's input): L·B·D fp32 values,
    # plus a scalar loss; the input batch is data made before the step, not an activation.
    saved = result.categories["activations"]
    assert 4 * b * d * layers <= saved <= 4 * b * d * layers + 64
    # Forward 2·B·N, backward 4·B·N, except the input's gradient (2·B·D²) nobody needs.
    assert result.flops == 6 * b * n - 2 * b * d * d


@pytest.mark.parametrize("policy", ["none", "every"])
def test_flops_equal_an_independent_flop_counter_run(policy: str) -> None:
    # Reference: the same step under torch's own FlopCounterMode (with the attention formulas),
    # without the memory tracker, whose dispatch counts the trace's FLOPs.
    from torch._subclasses.fake_tensor import FakeTensorMode
    from torch.utils.flop_counter import FlopCounterMode

    from core.memory.flops import flop_mapping
    from core.memory.modules import build_module, build_optimizer, make_batch

    cfg = MemoryConfig(parse_model(TINY_TF), batch=2, checkpoint=checkpoint(policy))
    with FakeTensorMode():
        model = build_module(cfg.model, policy=cfg.checkpoint, flash=cfg.flash)
        opt = build_optimizer(model.parameters(), cfg.recipe, cfg.optimizer)
        inputs = make_batch(cfg.model, cfg.micro, cfg.seq_len)
        with FlopCounterMode(display=False, custom_mapping=flop_mapping()) as counter:
            model(*inputs).backward()
            opt.step()
    assert trace(cfg).flops == counter.get_total_flops() > 0


def test_bf16_recipe_traces_fp32_moments() -> None:
    cfg = MemoryConfig(MLPSpec(64, 2), batch=4, recipe=recipe("bf16"))
    result = trace(cfg)
    n = 64 * 64 * 2
    assert result.categories["params"] == 2 * n
    assert result.categories["optimizer"] == 8 * n
    assert torch.get_default_dtype() == torch.float32  # restored


@pytest.mark.parametrize("name", ["amp", "fp16"])
def test_mixed_precision_traces_the_master_copy(name: str) -> None:
    cfg = MemoryConfig(MLPSpec(64, 2), batch=4, recipe=recipe(name))
    result = trace(cfg)
    # 2-byte weights, fp32 master copy and Adam's two fp32 states, by hand.
    assert result.categories["params"] == 2 * 64 * 64 * 2
    assert result.categories["optimizer"] == (4 + 8) * 64 * 64 * 2


@pytest.mark.parametrize("flash", [True, False])
def test_tiny_transformer_estimate_agrees_with_trace(flash: bool) -> None:
    cfg = MemoryConfig(parse_model(TINY_TF), batch=2, flash=flash)
    est, result = estimate(cfg), trace(cfg)
    for key in ("params", "grads", "optimizer"):
        assert result.categories[key] == pytest.approx(est.bytes[key], rel=0.02)
    assert result.categories["activations"] == pytest.approx(est.bytes["activations"], rel=0.15)
    assert result.peak >= result.categories["params"] + result.categories["optimizer"]
    assert result.flops == pytest.approx(est.flops, rel=0.1)


def test_peak_without_checkpointing_is_in_backward() -> None:
    cfg = MemoryConfig(MLPSpec(64, 4), batch=4096, recipe=recipe("fp32"))
    result = trace(cfg)
    assert result.peak_phase == "backward"
    phases = [p for _, p, _, _ in result.timeline]
    assert phases.index("forward") < phases.index("backward") < phases.index("optimizer")


@pytest.mark.slow
@pytest.mark.parametrize("policy", ["none", "every", "4", "sqrt"])
def test_checkpointing_trace_matches_the_formula(policy: str) -> None:
    # MLP, L = 16: none keeps 16 B·D tensors; every layer keeps 16 inputs + 1 recomputed;
    # k = 4 (= √16) keeps 4 segment inputs + 4 recomputed layers: half of none.
    b, d, layers = 512, 64, 16
    cfg = MemoryConfig(MLPSpec(d, layers), batch=b, recipe=recipe("fp32"),
                       checkpoint=checkpoint(policy))  # fmt: skip
    held = trace(cfg).categories["activations"]
    expected = {"none": 16, "every": 17, "4": 8, "sqrt": 8}[policy] * 4 * b * d
    assert expected <= held <= expected + 64  # + the scalar loss
    assert estimate(cfg).bytes["activations"] == expected


@pytest.mark.slow
def test_checkpointed_transformer_recompute_is_freed() -> None:
    cfg = MemoryConfig(parse_model(TINY_TF.replace("layers=2", "layers=4")), batch=2,
                       checkpoint=checkpoint("every"))  # fmt: skip
    plain = MemoryConfig(parse_model(TINY_TF.replace("layers=2", "layers=4")), batch=2)
    held, est = trace(cfg).categories["activations"], estimate(cfg).bytes["activations"]
    assert held == pytest.approx(est, rel=0.25)
    assert held < trace(plain).categories["activations"]


def test_cancel_stops_and_restores_dtype() -> None:
    calls = []

    def cancel() -> bool:
        calls.append(1)
        return len(calls) > 5

    with pytest.raises(TraceCancelled):
        trace(MemoryConfig(MLPSpec(64, 4), batch=4, recipe=recipe("bf16")), should_cancel=cancel)
    assert torch.get_default_dtype() == torch.float32


def test_progress_is_reported_in_order() -> None:
    seen: list[float] = []
    trace(MemoryConfig(parse_model(TINY_TF), batch=1), progress=lambda f, _t: seen.append(f))
    assert seen[0] == 0.0 and seen[-1] == 1.0 and len(seen) > 3
    # never back: the head after the last layer and the embedding after the first layer's backward
    # run outside the layers, and read as the pass's start (0.05, then 0.5) before
    assert seen == sorted(seen), seen


def test_progress_texts_read_as_english_and_stay_translatable() -> None:
    import re

    from core.texts import Text

    texts: list[str] = []
    spec = parse_model(TINY_TF)
    trace(MemoryConfig(spec, batch=1), progress=lambda _f, t: texts.append(t))
    layered = [t for t in texts if "layer" in t]
    assert layered and all(isinstance(t, Text) and t.context == "Memory" for t in texts)
    pattern = re.compile(
        rf"^(forward|backward|optimizer): (layer [1-{spec.layers}] of {spec.layers}|outside the layers)$"
    )
    assert all(pattern.match(t) for t in layered), layered
    assert texts[-1] == "done"


def test_unsupported_recipe_fails_with_a_reason() -> None:
    cfg = MemoryConfig(MLPSpec(64, 2), batch=4, recipe=recipe("custom", params="fp8"))
    with pytest.raises(ValueError, match="fp8"):
        trace(cfg)
    assert torch.get_default_dtype() == torch.float32


@pytest.mark.skipif(torch.cuda.is_available(), reason="checks the no-CUDA path")
def test_measure_returns_none_without_cuda() -> None:
    from core.memory.measure import cuda_available, measure_cuda

    assert not cuda_available()
    assert measure_cuda(MemoryConfig(MLPSpec(64, 2), batch=4)) is None


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA device")
def test_measured_peak_is_near_the_traced_peak() -> None:
    from core.memory.measure import measure_cuda

    # Big enough (≈ 0.8 GB) that what max_memory_allocated counts beside the step's tensors
    # (cuBLAS workspaces and the allocator's rounding: +66 MB on TINY_TF, 25 MB traced, and
    # +117 MB here, on an H200 with torch 2.11) stays a modest share.
    spec = parse_model("transformer:d=512,layers=4,heads=8,kv_heads=4,vocab=8192,seq=256")
    cfg = MemoryConfig(spec, batch=8, recipe=recipe("fp32"))
    measured = measure_cuda(cfg)
    assert measured is not None
    # Measured peak counts the weights, state and batch made before the step too.
    assert measured["peak"] == pytest.approx(trace(cfg).peak, rel=0.25)
    assert measured["peak"] == pytest.approx(estimate(cfg).peak, rel=0.25)


#: Cancels once backward has begun (the n-th poll), under activation checkpointing: the hooks then
#: run again inside autograd's saved-tensor hooks, where raising terminated the process ("terminate
#: called after throwing an instance of 'python_error'", issue 19's GUI monkey). In a subprocess,
#: so that an abort fails this test, not the run.
CANCEL_IN_BACKWARD = """
import sys
from core.memory import MemoryConfig, MLPSpec, checkpoint, recipe
from core.memory.trace import TraceCancelled, trace
cfg = MemoryConfig(MLPSpec(64, 4), batch=4, recipe=recipe("fp32"), checkpoint=checkpoint("every"))
for after in range(1, 40, 3):
    calls = []
    def cancel():
        calls.append(1)
        return len(calls) > after
    try:
        trace(cfg, should_cancel=cancel)
    except TraceCancelled:
        pass
print("ok")
"""


def test_cancel_at_any_poll_under_checkpointing_never_aborts() -> None:
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    out = subprocess.run([sys.executable, "-c", CANCEL_IN_BACKWARD], cwd=root, capture_output=True,
                         text=True, timeout=300, env={**os.environ, "PYTHONPATH": str(root)})  # fmt: skip
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr[-2000:]
