"""Memory per GPU: equal to the Memory tab's estimate at TP = PP = CP = 1 (and its per-rank ZeRO
figures), and sharded by TP, SP, CP and the pipeline schedule as Korthikanti et al. 2022 says."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.errors import InputError
from core.memory.activations import Checkpoint, activation_model
from core.memory.estimate import MemoryConfig, estimate
from core.memory.models import preset
from core.memory.recipes import optimizer, recipe
from core.plan.inputs import Cluster, Implementation, Layout, PlanInput
from core.plan.memory import layer_params_local, loss_bytes, memory_per_gpu, stage_params
from tests.core.plan.conftest import SMALL, SMALL_GPT

CASES = [
    (name, rec, rc, zero, gpus, flash, dropout)
    for name in ("gpt2", "llama2-7b")
    for rec in ("bf16", "amp", "fp32")
    for rc, zero, gpus in (("none", 0, 1), ("full", 0, 1), ("none", 1, 8), ("full", 2, 8),
                           ("none", 3, 8), ("full", 3, 16))
    for flash, dropout in ((True, False), (False, True))
]  # fmt: skip


@pytest.mark.parametrize(("name", "rec", "recompute", "zero", "gpus", "flash", "dropout"), CASES)
def test_equals_the_memory_tab_at_tp_pp_cp_one(
    device, name, rec, recompute, zero, gpus, flash, dropout
) -> None:
    spec = preset(name)
    impl = Implementation(flash=flash, dropout=dropout)
    inp = PlanInput(spec, 512, 2 * gpus, Cluster(device, gpus), recipe=recipe(rec),
                    optimizer=optimizer("adamw"), implementation=impl)  # fmt: skip
    got = memory_per_gpu(inp, Layout(micro_batch=2, zero=zero, recompute=recompute, dp=gpus), 1)
    ref = estimate(MemoryConfig(model=spec, batch=2, seq=512, recipe=recipe(rec),
                                optimizer=optimizer("adamw"),
                                checkpoint=Checkpoint("every" if recompute == "full" else "none"),
                                zero=zero, gpus=gpus, flash=flash, dropout=dropout))  # fmt: skip
    pairs = (("weights", "params"), ("grads", "grads"), ("optimizer", "optimizer"),
             ("activations", "activations"), ("temporaries", "temporaries"))  # fmt: skip
    for mine, theirs in pairs:
        assert getattr(got, mine) == pytest.approx(ref.at_peak[theirs], rel=1e-12, abs=1e-6)
    assert got.allowance == pytest.approx(ref.allowance, rel=1e-12)
    assert got.peak == pytest.approx(ref.peak + ref.allowance, rel=1e-12)
    assert got.moment == ref.peak_moment


def test_tp_splits_matmul_weights_and_replicates_norms_and_row_biases() -> None:
    # Hand count for GPT-style small (d 256, ffn 1024, biases, LayerNorm), TP 4: q, k, v, o
    # 4·d²/4; MLP 2·d·f/4; biases: q, k, v (3d)/4 + o's d + up's f/4 + down's d; norms 2·2d.
    d, f, t = 256, 1024, 4
    hand = 4 * d * d / t + 2 * d * f / t + 3 * d / t + d + f / t + d + 2 * 2 * d
    assert layer_params_local(SMALL_GPT, t) == hand
    assert layer_params_local(SMALL_GPT, 1) == SMALL_GPT.layer_params()
    # GQA with TP beyond the KV heads: K and V are replicated once TP passes them (4 KV heads).
    kv = SMALL.kv_dim
    small8 = 2 * 256 * 256 / 8 + 2 * 256 * kv / 4 + 3 * 256 * 768 / 8 + 2 * 256
    assert layer_params_local(SMALL, 8) == small8


def test_stages_hold_their_layers_and_the_embedding_or_the_head() -> None:
    spec, t = preset("llama2-7b"), 2
    layer = layer_params_local(spec, t)
    v, d = spec.vocab, spec.d_model
    assert stage_params(spec, t, 8.0, "first") == 8 * layer + v * d / t
    assert stage_params(spec, t, 8.0, "last") == 8 * layer + d + v * d / t
    assert stage_params(spec, t, 8.0, "middle") == 8 * layer
    assert stage_params(spec, 1, 32.0, "only") == spec.param_count


def _acts(spec, b, s, e=2):
    return activation_model(spec, b, s, e, flash=True, kernels="cuda")


def test_sequence_parallel_shards_the_residual_terms_by_tp(device) -> None:
    # One layer's activations under TP t: the Q/K/V, attention output, flash and MLP terms / t;
    # the norm inputs and the attention/MLP inputs only with SP (Korthikanti et al. 2022, §4.2.2).
    spec, b, s, t = preset("llama2-7b"), 1, 4096, 4
    acts = _acts(spec, b, s)
    terms = dict(acts.terms)
    residual = sum(
        v for k, v in terms.items() if k.startswith(("norm inputs", "attention and MLP"))
    )
    sharded = acts.per_layer - residual
    inp = PlanInput(spec, s, 8, Cluster(device, 8))
    base = Layout(tp=t, micro_batch=b, dp=2)
    no_sp = memory_per_gpu(inp, base, 4)
    with_sp = memory_per_gpu(inp, replace(base, sp=True), 4)
    per_no_sp = residual + sharded / t
    per_sp = residual / t + sharded / t
    # Start of backward: 32 layers plus what the head keeps; the final norm's input and the head's
    # input are on the residual stream too, the fp32 log-softmax (4·s·b·V) is vocabulary-parallel.
    head_residual = acts.outside - acts.loss_saved
    want = spec.layers * (per_no_sp - per_sp) + head_residual * (1 - 1 / t)
    assert no_sp.activations - with_sp.activations == pytest.approx(want, rel=1e-9)
    assert no_sp.moment == with_sp.moment == "start of backward"


def test_context_parallel_divides_the_tokens(device) -> None:
    spec = preset("llama2-7b")
    inp = PlanInput(spec, 8192, 8, Cluster(device, 8))
    one = memory_per_gpu(inp, Layout(micro_batch=1, dp=8), 1)
    two = memory_per_gpu(inp, Layout(micro_batch=1, cp=2, dp=4), 1)
    half = _acts(spec, 1, 4096)
    full = _acts(spec, 1, 8192)
    # Everything with flash attention is linear in the tokens: half the sequence, half the bytes.
    assert half.per_layer == pytest.approx(full.per_layer / 2)
    assert two.activations < one.activations


@pytest.mark.parametrize(("p", "v"), [(4, 1), (8, 1), (4, 2), (8, 4)])
def test_the_first_stage_keeps_the_micro_batches_of_its_schedule(device, p, v) -> None:
    # 1F1B: p micro-batches of L/p layers on stage 0 = L layers' worth (Narayanan et al. 2021);
    # interleaved: × (1 + (p − 1)/(p·v)) (Korthikanti et al. 2022, §4.2.3).
    spec = replace(preset("llama2-7b"), layers=64)
    inp = PlanInput(spec, 2048, 64 * p, Cluster(device, 8 * p), implementation=Implementation())
    lay = Layout(tp=8, pp=p, vpp=v, micro_batch=1, dp=1)
    got = memory_per_gpu(inp, lay, 64 * p)
    factor = 1 + (p - 1) / (p * v) if v > 1 else 1.0
    assert got.stage == "first"
    assert got.in_flight == pytest.approx(spec.layers * factor)


def test_few_micro_batches_keep_fewer_in_flight(device) -> None:
    spec = replace(preset("llama2-7b"), layers=64)
    inp = PlanInput(spec, 2048, 2, Cluster(device, 64))
    got = memory_per_gpu(inp, Layout(tp=8, pp=8, micro_batch=1, dp=1), 2)
    assert got.in_flight == pytest.approx(64 / 8 * 2)


@pytest.mark.parametrize(("name", "recompute", "zero"), [("gpt2", "none", 0), ("llama2-7b", "full", 1),
                                                          ("llama2-7b", "none", 3)])  # fmt: skip
def test_equals_the_memory_tab_under_gradient_accumulation(device, name, recompute, zero) -> None:
    # Four micro-batches of 2: every gradient alive in the later micro-batches' backward, in the
    # Memory tab (batch 8, micro-batch 2) as in the plan.
    spec, gpus = preset(name), 8
    inp = PlanInput(spec, 512, 8 * gpus, Cluster(device, gpus), recipe=recipe("amp"),
                    optimizer=optimizer("adamw"))  # fmt: skip
    got = memory_per_gpu(inp, Layout(micro_batch=2, zero=zero, recompute=recompute, dp=gpus), 4)
    ref = estimate(MemoryConfig(model=spec, batch=8, micro_batch=2, seq=512, recipe=recipe("amp"),
                                optimizer=optimizer("adamw"), zero=zero, gpus=gpus,
                                checkpoint=Checkpoint("every" if recompute == "full" else "none")))  # fmt: skip
    # ZeRO-3 adds the whole gradient of the layer being made (its reduce-scatter's input); by
    # hand: one layer's parameters at the recipe's gradient bytes
    made = spec.layer_params() * recipe("amp").bytes("grads") if zero == 3 else 0.0
    assert ref.at_peak["grads"] == pytest.approx(ref.bytes["grads"] + made)
    assert got.grads == pytest.approx(ref.at_peak["grads"], rel=1e-12)
    assert got.peak == pytest.approx(ref.peak + ref.allowance, rel=1e-12)


def test_a_fused_swiglu_keeps_three_of_the_four_ffn_wide_tensors(device) -> None:
    # Megatron-Core's bias_swiglu_impl saves its input only: gate and up (2·f) plus the down
    # projection's input (f), where eager PyTorch also keeps silu(gate) (4·f per token).
    spec, s, t = preset("llama2-7b"), 4096, 2
    terms = dict(_acts(spec, 1, s).terms)
    hidden = terms["MLP hidden (4 × s·b·ffn)"]
    assert hidden == 4 * s * spec.ffn * 2
    eager = PlanInput(spec, s, 8, Cluster(device, 8))
    fused = replace(eager, implementation=Implementation(fused_swiglu=True))
    lay = Layout(tp=t, sp=True, micro_batch=1, dp=4)
    a, b = memory_per_gpu(eager, lay, 2), memory_per_gpu(fused, lay, 2)
    assert a.activations - b.activations == pytest.approx(spec.layers * hidden / 4 / t, rel=1e-9)


def test_the_loss_keeps_and_allocates_what_its_kernel_does(device) -> None:
    # Per logit, by hand from each kernel's code: PyTorch's F.cross_entropy on an fp32 copy keeps
    # the fp32 log-softmax (4) and its backward allocates the fp32 gradients of the log-softmax
    # and of the logits (4 + 4); Megatron's keeps the softmax it computed in place on its fp32
    # copy (4), and its in-place backward allocates only the cast back to bf16 (2);
    # flash-attention's kernel keeps the bf16 logits (2) and a fp32 log-sum-exp per token, and
    # allocates a bf16 gradient (2).
    rows, vocab = 4096.0, 16000.0
    n = rows * vocab
    assert loss_bytes("fp32", 2, rows, vocab) == (4 * n, 8 * n)
    assert loss_bytes("fp32-inplace", 2, rows, vocab) == (4 * n, 2 * n)
    assert loss_bytes("native", 2, rows, vocab) == (2 * n + 4 * rows, 2 * n)
    # In the plan, TP 2 splitting the vocabulary: the start of backward holds the kept bytes and
    # the allocated ones.
    spec = preset("llama2-7b")
    lay = Layout(tp=2, micro_batch=1, dp=4)

    def plan_memory(ce: str):
        impl = Implementation(cross_entropy=ce)
        return memory_per_gpu(
            PlanInput(spec, 4096, 8, Cluster(device, 8), implementation=impl), lay, 4
        )

    got = {ce: plan_memory(ce) for ce in ("fp32", "native")}
    assert got["fp32"].moment == got["native"].moment == "start of backward"
    share = 4096 * spec.vocab / 2
    assert got["fp32"].activations - got["native"].activations == pytest.approx(
        2 * share - 4 * 4096
    )
    assert got["fp32"].temporaries - got["native"].temporaries == pytest.approx(6 * share)


def test_an_unknown_loss_kernel_is_refused_with_the_allowed_ones() -> None:
    with pytest.raises(
        InputError, match="cross-entropy: 'bf16'; allowed: fp32, fp32-inplace, native"
    ):
        Implementation(cross_entropy="bf16")


@pytest.mark.parametrize("flash", [True, False])
@pytest.mark.parametrize("fused", [True, False])
def test_fp8_gemms_keep_one_byte_copies_of_their_inputs(device, flash, fused) -> None:
    # Transformer Engine's Linear and LayerNormLinear with FP8 save the quantized input (1 byte
    # per element) for the weight gradient, not the input. By hand, per layer at e = 2 bytes,
    # TP t with SP (the residual stream split by t as well): the two norm outputs (QKV's and the
    # MLP's input) keep (e - 1)·s·b·h/t fewer bytes each; the down projection's ffn-wide input
    # (e - 1)·s·b·f/t fewer; the attention output is kept by flash attention for its own backward,
    # so the projection's FP8 copy adds s·b·h/t, while unfused it is the projection's alone and
    # keeps (e - 1)·s·b·h/t fewer.
    spec, s, t, e = preset("llama2-7b"), 4096, 2, 2
    impl = Implementation(flash=flash, fused_swiglu=fused)
    base = PlanInput(spec, s, 8, Cluster(device, 8), implementation=impl)
    fp8 = replace(base, implementation=replace(impl, gemm_dtype="fp8"))
    lay = Layout(tp=t, sp=True, micro_batch=1, dp=4)
    a, b = memory_per_gpu(base, lay, 2), memory_per_gpu(fp8, lay, 2)
    # every layer's activations are kept at either moment (start of backward, or the top layer's
    # backward when the unfused s² temporaries make that the fuller one)
    assert a.moment == b.moment and a.in_flight == spec.layers
    sbh, sbf = s * spec.d_model, s * spec.ffn
    attention = -sbh if flash else (e - 1) * sbh
    per_layer = (2 * (e - 1) * sbh + (e - 1) * sbf + attention) / t
    assert a.activations - b.activations == pytest.approx(spec.layers * per_layer, rel=1e-9)
    assert (a.grads, a.optimizer) == (b.grads, b.optimizer)
    # TE keeps each linear weight's fp8 copy and its transpose (Hopper): 2 bytes per weight
    d, f = spec.d_model, spec.ffn
    linear = (4 * d * d + 3 * d * f) / t  # q, k, v, o (32 KV heads) and SwiGLU's three
    assert b.weights - a.weights == pytest.approx(spec.layers * 2 * linear, rel=1e-9)
