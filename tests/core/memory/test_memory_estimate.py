"""The estimate against hand derivations from the lecture and Korthikanti et al. 2022."""

from __future__ import annotations

import math

import pytest

from core.errors import InputError
from core.memory import (
    MemoryConfig,
    MLPSpec,
    checkpoint,
    derive,
    estimate,
    optimizer,
    parse_model,
    preset,
    recipe,
)
from core.memory.activations import activation_model


def test_lecture_twelve_bytes_per_param() -> None:
    # bf16 weights (2) + bf16 grads (2) + fp32 Adam m and v (4 + 4).
    rec, opt = recipe("bf16"), optimizer("adam")
    assert rec.total_per_param(opt) == 2 + 2 + 2 * 4 == 12
    assert rec.sum_text(opt).startswith("2 (bf16 weights) + 2 (bf16 grads) + 8 (fp32 m + v)")
    assert rec.sum_text(opt).endswith("= 12 bytes/param")


def test_naive_fp32_adamw_is_sixteen_and_amp_is_sixteen_with_master() -> None:
    assert recipe("fp32").total_per_param(optimizer("adamw")) == 4 + 4 + 8
    amp = recipe("amp")
    assert amp.per_param(optimizer("adam")) == {"params": 2, "grads": 2, "optimizer": 4 + 8}
    assert "4 (fp32 master copy)" in amp.sum_text(optimizer("adam"))


def test_fp16_mixed_precision_is_amp_in_fp16() -> None:
    # ZeRO (Rajbhandari et al. 2020, §3.1): mixed-precision Adam keeps 2Ψ + 2Ψ + 12Ψ = 16Ψ bytes:
    # fp16 weights (2) + fp16 grads (2) + fp32 master copy (4) + fp32 m and v (4 + 4).
    fp16 = recipe("fp16")
    assert fp16.per_param(optimizer("adam")) == {"params": 2, "grads": 2, "optimizer": 4 + 8}
    assert (fp16.params, fp16.grads, fp16.master, fp16.state, fp16.acts) == (
        "fp16", "fp16", "fp32", "fp32", "fp16",
    )  # fmt: skip
    assert fp16.sum_text(optimizer("adam")).startswith("2 (fp16 weights) + 2 (fp16 grads)")


def test_adagrad_keeps_four_bytes_in_the_lecture_recipe() -> None:
    # The lecture's table: AdaGrad 4·P, Adam 8·P of fp32 optimizer state.
    assert recipe("bf16").per_param(optimizer("adagrad"))["optimizer"] == 4


@pytest.mark.parametrize(
    ("ours", "make"),
    [
        ("sgd", lambda p, o: o.SGD(p, lr=0.1)),
        ("momentum", lambda p, o: o.SGD(p, lr=0.1, momentum=0.9)),
        ("adagrad", lambda p, o: o.Adagrad(p)),
        ("rmsprop", lambda p, o: o.RMSprop(p)),
        ("adam", lambda p, o: o.Adam(p)),
        ("adamw", lambda p, o: o.AdamW(p)),
    ],
)
def test_optimizer_state_matches_torch_optim(ours: str, make) -> None:
    torch = pytest.importorskip("torch")
    model = torch.nn.Linear(32, 16, bias=False)
    opt = make(model.parameters(), torch.optim)
    model(torch.randn(4, 32)).sum().backward()
    opt.step()
    state_bytes = sum(
        t.numel() * t.element_size()
        for s in opt.state.values()
        for t in s.values()
        if isinstance(t, torch.Tensor) and t.numel() == model.weight.numel()
    )
    per = recipe("fp32").per_param(optimizer(ours))["optimizer"]
    assert state_bytes == per * model.weight.numel()


def test_mlp_activations_are_the_lectures_2BDL() -> None:
    b, d, layers = 64, 4096, 8
    est = estimate(MemoryConfig(MLPSpec(d, layers), batch=b, recipe=recipe("bf16")))
    assert est.bytes["activations"] == 2 * b * d * layers
    assert est.bytes["params"] == 2 * d * d * layers
    assert est.bytes["optimizer"] == 8 * d * d * layers
    assert est.total == 12 * d * d * layers + 2 * b * d * layers


def test_mlp_full_count_keeps_pre_and_post_relu() -> None:
    b, d, layers = 16, 512, 6
    full = estimate(MemoryConfig(MLPSpec(d, layers), batch=b, mlp_full=True))
    assert full.bytes["activations"] == 2 * (2 * b * d * layers)


def test_micro_batch_divides_activations() -> None:
    # The lecture: micro-batch B/4 gives a quarter of the activation memory.
    spec = MLPSpec(1024, 8)
    big = estimate(MemoryConfig(spec, batch=64))
    small = estimate(MemoryConfig(spec, batch=64, micro_batch=16))
    assert small.bytes["activations"] * 4 == big.bytes["activations"]
    assert small.bytes["grads"] == big.bytes["grads"]
    assert small.flops == big.flops


def test_sqrt_checkpointing_is_order_sqrt_L() -> None:
    # L = 16, k = √16 = 4: keep ⌈16/4⌉ = 4 segment inputs + recompute 4 layers = 8 tensors of B·D.
    b, d, layers = 8, 256, 16
    cfg = MemoryConfig(MLPSpec(d, layers), batch=b, checkpoint=checkpoint("sqrt"))
    assert estimate(cfg).bytes["activations"] == 2 * b * d * (4 + 4)
    # Full count (pre + post ReLU) with a checkpoint at every layer: L inputs + one layer's 2.
    every = MemoryConfig(MLPSpec(d, layers), batch=b, checkpoint=checkpoint("every"),
                         mlp_full=True)  # fmt: skip
    none = MemoryConfig(MLPSpec(d, layers), batch=b, mlp_full=True)
    assert estimate(every).bytes["activations"] == 2 * b * d * (layers + 2)
    assert estimate(none).bytes["activations"] == 2 * b * d * 2 * layers


def test_sqrt_memory_grows_like_sqrt() -> None:
    acts = [
        estimate(MemoryConfig(MLPSpec(64, n * n), batch=1, checkpoint=checkpoint("sqrt"))).bytes[
            "activations"
        ]
        for n in (4, 16)
    ]
    assert acts[1] / acts[0] == pytest.approx(4.0)  # √L grows 4× when L grows 16×


def test_korthikanti_per_layer_formula() -> None:
    # 2-byte activations, LayerNorm, GELU MLP with ffn = 4h, MHA, no flash, dropout:
    # s·b·h·(34 + 5·a·s/h) bytes per layer (Korthikanti et al. 2022, eq. 1).
    spec = parse_model("transformer:d=1024,layers=2,heads=16,gated=false,norm=layernorm")
    s, b, h, a = 512, 3, 1024, 16
    # CUDA kernels (1-byte masks, as in the paper) also keep each LayerNorm's fp32 mean and
    # rstd per row, which the paper leaves out: 2 norms × 2 × 4·s·b.
    stats = 2 * 2 * 4 * s * b
    model = activation_model(spec, b, s, 2, flash=False, dropout=True)
    assert model.per_layer == s * b * h * (34 + 5 * a * s / h) + stats
    no_drop = activation_model(spec, b, s, 2, flash=False, dropout=False)
    assert no_drop.per_layer == s * b * h * 32 + 2 * a * s * s * b + stats
    # CPU kernels keep masks in the activation dtype (2 bytes) and statistics in it too.
    cpu = activation_model(spec, b, s, 2, flash=False, dropout=True, kernels="cpu")
    assert cpu.per_layer == s * b * h * 36 + 6 * a * s * s * b + 2 * 2 * 2 * s * b


def test_flash_removes_the_s_squared_term() -> None:
    spec = parse_model("transformer:d=1024,layers=2,heads=16,gated=false,norm=layernorm")
    short = activation_model(spec, 1, 1024, 2, flash=True)
    long = activation_model(spec, 1, 2048, 2, flash=True)
    assert long.per_layer == pytest.approx(2 * short.per_layer)  # linear in s


def test_zero_stages_shard_in_order() -> None:
    spec, n = preset("gpt2"), preset("gpt2").param_count
    base = {"model": spec, "batch": 1, "gpus": 8}
    z = [estimate(MemoryConfig(**base, zero=k)).bytes for k in range(4)]
    assert z[0]["optimizer"] == 8 * n and z[1]["optimizer"] == 8 * n / 8
    assert z[1]["grads"] == 2 * n and z[2]["grads"] == 2 * n / 8
    assert z[2]["params"] == 2 * n and z[3]["params"] == 2 * n / 8
    assert len({x["activations"] for x in z}) == 1


def test_flops_are_six_N_D_for_the_mlp() -> None:
    spec = MLPSpec(1024, 4)
    est = estimate(MemoryConfig(spec, batch=32))
    assert est.flops == 6 * 32 * spec.param_count


def test_transformer_flops_add_the_attention_term() -> None:
    spec = preset("llama2-7b")
    est = estimate(MemoryConfig(spec, batch=2, seq=4096))
    tokens = 2 * 4096
    dense = 6 * (spec.param_count - spec.vocab * spec.d_model) * tokens
    attention = 12 * spec.layers * 2 * 4096**2 * spec.d_model
    assert est.model_flops == dense + attention
    # executed: flash attention's backward computes QKᵀ again (2.5× the forward 4·L·B·s²·d)
    assert est.flops == dense + attention + 2 * spec.layers * 2 * 4096**2 * spec.d_model


def test_llama2_7b_does_not_fit_one_h100_even_before_activations() -> None:
    est = estimate(MemoryConfig(preset("llama2-7b"), batch=1))
    assert est.bytes["params"] + est.bytes["grads"] + est.bytes["optimizer"] > 80e9
    answer = derive(est, 80e9)
    assert not answer.fits and answer.max_micro_batch == 0


def test_largest_batch_and_depth_are_tight() -> None:
    spec = MLPSpec(4096, 8)
    cfg = MemoryConfig(spec, batch=64)
    capacity = 24e9
    answer = derive(estimate(cfg), capacity)

    def need(cfg: MemoryConfig) -> float:
        e = estimate(cfg)
        return e.peak + e.allowance

    m = answer.max_micro_batch
    assert need(MemoryConfig(spec, batch=m)) <= capacity < need(MemoryConfig(spec, batch=m + 1))
    n = answer.max_layers
    assert need(MemoryConfig(MLPSpec(4096, n), batch=64)) <= capacity
    assert need(MemoryConfig(MLPSpec(4096, n + 1), batch=64)) > capacity
    assert answer.max_params == 4096 * 4096 * n


def test_step_time_at_mfu() -> None:
    est = estimate(MemoryConfig(MLPSpec(1024, 4), batch=32, gpus=2))
    answer = derive(est, 80e9, peak_flops=1e15, mfu=0.5)
    assert answer.step_seconds == pytest.approx(est.flops / (2 * 1e15 * 0.5))
    assert answer.hfu == pytest.approx(0.5)  # the MLP recomputes nothing


def test_mfu_counts_model_flops_and_hfu_the_recomputed_ones() -> None:
    # The same MFU gives the same step time with or without checkpointing (model FLOPs do not
    # change); the executed FLOPs then run at a higher HFU. Hand count for the MLP: one more
    # forward, 2·N·D on top of 6·N·D, so HFU = MFU × 8/6.
    spec = MLPSpec(1024, 4)
    plain = derive(estimate(MemoryConfig(spec, batch=32)), 80e9, peak_flops=1e15, mfu=0.4)
    ckpt = derive(estimate(MemoryConfig(spec, batch=32, checkpoint=checkpoint("every"))), 80e9,
                  peak_flops=1e15, mfu=0.4)  # fmt: skip
    assert ckpt.step_seconds == pytest.approx(plain.step_seconds)
    assert ckpt.hfu == pytest.approx(0.4 * 8 / 6)
    assert plain.hfu == pytest.approx(0.4)


def test_allowance_is_separate_from_the_total() -> None:
    est = estimate(MemoryConfig(MLPSpec(1024, 4), batch=32))
    assert est.total == sum(est.bytes.values())
    assert est.allowance > 0 and "allowance" in est.allowance_text


@pytest.mark.parametrize(
    ("kwargs", "needle"),
    [
        ({"batch": 0}, "batch"),
        ({"batch": 8, "micro_batch": 16}, "does not divide the batch 8"),
        ({"batch": 8, "micro_batch": 3}, r"does not divide the batch 8; allowed: .*1, 2, 4, 8"),
        ({"zero": 4}, "zero"),
        ({"gpus": 0}, "gpus"),
        ({"seq": 10**12}, "seq"),
    ],
)
def test_bad_config_is_refused(kwargs: dict, needle: str) -> None:
    with pytest.raises(InputError, match=needle):
        MemoryConfig(MLPSpec(64, 2), **kwargs)


@pytest.mark.parametrize("text", ["sometimes", "0", "-3", "1e9", ""])
def test_bad_checkpoint_policy(text: str) -> None:
    with pytest.raises(InputError, match="checkpoint"):
        checkpoint(text)


def test_checkpoint_every_k() -> None:
    policy = checkpoint("4")
    assert policy.segment(32) == 4 and policy.to_text() == "4"
    assert checkpoint("sqrt").segment(32) == round(math.sqrt(32))


def test_core_memory_imports_neither_qt_nor_torch() -> None:
    import subprocess
    import sys

    code = (
        "import sys, core.memory, core.memory.trace, core.memory.modules, core.memory.measure, "
        "core.memory.compare, core.memory.options; "
        "bad = [m for m in ('torch', 'PySide6', 'pyqtgraph') if m in sys.modules]; "
        "assert not bad, bad"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_explain_gives_both_numbers_the_gap_and_a_reason() -> None:
    from core.memory.compare import explain, gap

    est = estimate(MemoryConfig(MLPSpec(1024, 4), batch=32, zero=2, gpus=4))
    traced = {k: v * 1.1 for k, v in est.bytes.items()}
    lines = explain(est, traced, peak=est.peak * 0.9)
    assert "+10.0%" in lines["activations"] and "saved" in lines["activations"]
    assert "ZeRO-2" in lines["grads"] and "unsharded" in lines["grads"]
    assert "-10.0%" in lines["total"]
    assert gap(0.0, 0.0) == 0.0 and gap(2.0, 1.0) == -0.5
