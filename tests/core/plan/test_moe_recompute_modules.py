"""Recomputation by module (Megatron-Core's ``--recompute-modules``) and the experts' FP8 kept
input copies in the MoE plan, each against a hand derivation from the model's config."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.errors import InputError
from core.memory.models import PRESETS
from core.memory.recipes import recipe
from core.plan.inputs import Implementation
from core.plan.memory import _sharded
from core.plan.moe_kept import moe_kept
from core.plan.recompute_modules import RECOMPUTE_MODULES, module_matmul_share

S, B = 256, 1
#: DeepSeek-V3's config.json: hidden 7168, 128 heads, q_lora 1536, kv_lora 512, nope 128,
#: rope 64, v 128, 256 routed experts of 2048, top-8, one shared expert, 3 dense layers of 18432,
#: 61 layers, vocabulary 129280.
D, H, QL, KVL, NOPE, ROPE, VD = 7168, 128, 1536, 512, 128, 64, 128
E_, K, MF, FFN, L, DENSE = 256, 8, 2048, 18432, 61, 3
DSV3 = replace(PRESETS["deepseek-v3"], seq=S)
BF16 = 2


def _per_layer(
    modules: tuple[str, ...], spec=DSV3, low: float = 0.0, kernels: str = "cuda"
) -> float:
    rec = recipe("amp")
    return _sharded(spec, S, rec, True, False, B, 1, 1, False, "none", False, "fp32", low,
                    modules, kernels=kernels).per_layer  # fmt: skip


def test_megatron_keeps_v_unpadded_and_the_output_once() -> None:
    # Megatron-Core on Transformer Engine (multi_latent_attention.py pads V only for packed
    # sequences): Q and K at nope + rope, V at its own width, and the kernel's output of the value
    # width, viewed as the projection's input; the transformers flash path pads V to nope + rope
    # and keeps its padded output beside the projection's input
    padded = 3 * H * (NOPE + ROPE) + H * (NOPE + ROPE + VD)
    te = H * (2 * (NOPE + ROPE) + VD) + H * VD
    gap = _per_layer(()) - _per_layer((), kernels="te")
    assert gap == pytest.approx(S * B * (padded - te) * BF16)
    # with the FP8 recipe's copies the projection's input adds its FP8 copy to the kept output
    gap8 = _per_layer((), low=1.0) - _per_layer((), low=1.0, kernels="te")
    out_padded, out_te = H * (NOPE + ROPE + VD), H * VD
    assert gap8 == pytest.approx(
        S * B * (3 * H * (NOPE + ROPE) - H * (2 * (NOPE + ROPE) + VD)) * BF16
        + S * B * (out_padded - out_te) * (BF16 + 1)
    )


def test_mla_up_proj_drops_q_k_v_at_their_own_widths_under_megatron() -> None:
    saved = _per_layer((), kernels="te") - _per_layer(("mla_up_proj",), kernels="te")
    assert saved == pytest.approx(S * B * H * (2 * (NOPE + ROPE) + VD) * BF16)


def test_mla_up_proj_drops_the_up_projected_q_k_v() -> None:
    # Q and K of H heads at nope + rope, V padded to the same width: 3·s·b·H·(nope+rope)·2 B
    saved = _per_layer(()) - _per_layer(("mla_up_proj",))
    assert saved == pytest.approx(3 * S * B * H * (NOPE + ROPE) * BF16)


def test_layernorm_drops_the_two_norm_outputs() -> None:
    saved = _per_layer(()) - _per_layer(("layernorm",))
    assert saved == pytest.approx(2 * S * B * D * BF16)


def test_moe_act_keeps_only_the_activation_input() -> None:
    # of 4 s·b·k·moe_ffn tensors in the 58 MoE layers of 61, the SiLU and its output go
    saved = _per_layer(()) - _per_layer(("moe_act",))
    assert saved == pytest.approx(2 * S * B * K * MF * BF16 * (L - DENSE) / L)


def test_modules_add_up_and_full_recompute_ignores_them() -> None:
    both = _per_layer(()) - _per_layer(("mla_up_proj", "layernorm"))
    assert both == pytest.approx(3 * S * B * H * (NOPE + ROPE) * BF16 + 2 * S * B * D * BF16)
    rec = recipe("amp")
    full = [_sharded(DSV3, S, rec, True, False, B, 1, 1, False, "full", False, "fp32", 0.0, m)
            for m in ((), ("moe",))]  # fmt: skip
    assert full[0] == full[1]


def test_an_unknown_module_names_the_allowed_ones() -> None:
    with pytest.raises(InputError) as err:
        Implementation(recompute_modules=("attention",))
    for name in RECOMPUTE_MODULES:
        assert name in str(err.value)
    assert Implementation(recompute_modules=["moe_act"]).recompute_modules == ("moe_act",)


def test_up_projection_share_of_deepseek_v3s_layer_weights() -> None:
    qk = NOPE + ROPE
    up = QL * H * qk + KVL * H * (NOPE + VD)
    attn = D * QL + QL * H * qk + D * (KVL + ROPE) + KVL * H * (NOPE + VD) + H * VD * D
    moe_layer = D * E_ + K * 3 * D * MF + 3 * D * MF  # router, top-8 routed, one shared
    dense_layer = 3 * D * FFN
    mean = attn + ((L - DENSE) * moe_layer + DENSE * dense_layer) / L
    assert module_matmul_share(DSV3, ("mla_up_proj",), mean) == pytest.approx(up / mean)
    shared = 3 * D * MF * (L - DENSE) / L
    assert module_matmul_share(DSV3, ("shared_experts",), mean) == pytest.approx(shared / mean)
    # the plan's own per-layer weights (what model.py passes) are the same hand count
    from core.plan.moe import active_matmul_params

    ours = (active_matmul_params(DSV3) - DSV3.vocab * D) / L
    assert ours == pytest.approx(mean, rel=1e-9)


@pytest.mark.parametrize(("low", "name"), [(1.0, "fp8"), (1 + 1 / 32, "mxfp8")])
def test_expert_gemm_inputs_are_kept_quantized(low, name) -> None:
    v = 1000.0
    assert moe_kept("dispatched tokens (x)", v, 2, low, True, False) == pytest.approx(v * low / 2)
    # gate-and-up (2), SiLU, its output (the down projection's input, kept at `low` bytes)
    assert moe_kept("expert hidden (4 x)", v, 2, low, True, False) == pytest.approx(
        v / 4 * (3 + low / 2)
    )
    # fused SwiGLU: no SiLU tensor
    assert moe_kept("expert hidden (4 x)", v, 2, low, True, True) == pytest.approx(
        v / 4 * (2 + low / 2)
    )
    # moe_act: the activation's input alone (gate and up), fused or not
    for fused in (False, True):
        assert moe_kept("expert hidden (4 x)", v, 2, low, True, fused, ("moe_act",)) == v / 2
    assert moe_kept("expert outputs before the weighted combine", v, 2, low, True, True) == v
    assert moe_kept("dispatched tokens", v, 2, 0.0, True, True) == v


def test_probs_in_the_experts_drop_the_combines_copy() -> None:
    v = 1000.0
    name = "expert outputs before the weighted combine (s·b·k·h)"
    assert moe_kept(name, v, 2, 0.0, True, True, (), True) == 0.0
    assert moe_kept(name, v, 2, 0.0, True, True, (), False) == v
    # in the layer: s·b·k·h BF16 elements in each of the 58 MoE layers of 61
    rec = recipe("amp")
    with_probs = _sharded(DSV3, S, rec, True, False, B, 1, 1, False, "none", False, "fp32", 0.0,
                          (), True).per_layer  # fmt: skip
    assert _per_layer(()) - with_probs == pytest.approx(S * B * K * D * BF16 * (L - DENSE) / L)


def test_fused_swiglu_reaches_the_expert_shared_and_dense_terms() -> None:
    v = 1000.0
    for name in ("expert hidden", "shared experts hidden", "dense MLP hidden"):
        assert moe_kept(name, v, 2, 0.0, True, True) == pytest.approx(3 * v / 4)
        assert moe_kept(name, v, 2, 0.0, True, False) == v
        assert moe_kept(name, v, 2, 0.0, False, True) == v  # not gated: nothing fused away


def test_moe_act_under_mxfp8_keeps_only_the_bf16_activation_input() -> None:
    # without moe_act: gate-and-up (2 tensors) and the SiLU in BF16, the down projection's input
    # at MXFP8's 1 + 1/32 bytes; with it: gate-and-up only
    low = 1 + 1 / 32
    saved = _per_layer((), low=low) - _per_layer(("moe_act",), low=low)
    per_tensor = S * B * K * MF * (L - DENSE) / L
    assert saved == pytest.approx(per_tensor * (BF16 + low))


@pytest.fixture(scope="module")
def qwen_inp():
    from core.plan.options import implementation_from, planned_input

    impl = implementation_from()
    inp, _ = planned_input(model="qwen3-30b-a3b", device="h100-sxm", gpus=8, seq=4096,
                           global_batch=64, implementation=impl)  # fmt: skip
    return inp


def _times(layer_gemm: float, core_fwd: float):
    from core.plan.timing import MicroTimes

    return MicroTimes(layer_fwd=1.0, layer_bwd=2.0, core_fwd=core_fwd, layer_gemm=layer_gemm,
                      attn_fwd=0.0, attn_bwd=0.0, embed_fwd=0.0, embed_bwd=0.0, head_fwd=0.0,
                      head_bwd=0.0, memory_bound=0.0, kernels=0)  # fmt: skip


def test_memory_bound_modules_cost_their_bytes(qwen_inp) -> None:
    from core.plan import Layout, context
    from core.plan.recompute_modules import recompute_seconds

    inp = replace(qwen_inp, implementation=replace(qwen_inp.implementation,
                                                   recompute_modules=("layernorm", "moe_act")))  # fmt: skip
    cal = context(inp).cal
    lay = Layout(ep=8, micro_batch=2)
    # Qwen3-30B-A3B: hidden 2048, 48 MoE layers of 128 experts of 768, top-8; 2·4096 tokens
    tokens, d, k, f = 2 * 4096, 2048, 8, 768
    swiglu = tokens * k * 3 * f * BF16  # reads gate and up, writes the product
    norms = 2 * 2 * d * BF16 * tokens  # two norms, each reads and writes d
    want = (swiglu + norms) / cal.bandwidth(inp.cluster.device)
    got = recompute_seconds(inp, lay, _times(0.0, 0.0), inp.cluster.device, cal)
    assert got == pytest.approx(want, rel=1e-12)
    assert recompute_seconds(inp, replace(lay, recompute="full"), _times(0.0, 0.0),
                             inp.cluster.device, cal) == 0.0  # fmt: skip


def test_gemm_modules_cost_their_share_of_the_forward(qwen_inp) -> None:
    from core.plan import Layout, context
    from core.plan.recompute_modules import recompute_seconds

    inp = replace(qwen_inp, implementation=replace(qwen_inp.implementation,
                                                   recompute_modules=("moe", "core_attn")))  # fmt: skip
    cal = context(inp).cal
    # all 48 layers MoE: the router (2048·128), 8 experts of 3·2048·768 of a layer's matmul
    # weights, whose other part is attention: q 2048·4096, k and v 2048·512 each, o 4096·2048
    d = 2048
    moe = d * 128 + 8 * 3 * d * 768
    attn = d * 4096 + 2 * d * 512 + 4096 * d
    share = moe / (moe + attn)
    # the forward is a third of the layer's GEMM time (3 s here); core_attn adds core_fwd (0.25 s);
    # moe also its dispatch and combine again (0.5 s)
    got = recompute_seconds(inp, Layout(ep=8), _times(3.0, 0.25), inp.cluster.device, cal, 0.5,
                            moe + attn)  # fmt: skip
    assert got == pytest.approx(share + 0.25 + 0.5, rel=1e-9)


@pytest.mark.parametrize("recomputed", [False, True])
def test_offloaded_modules_leave_the_gpu(recomputed: bool) -> None:
    modules = ("moe_act",) if recomputed else ()
    hidden = ("expert hidden (4 × s·b·k·moe_ffn)", 400.0, 2.0, 0.0, True, True, modules, True)
    tokens = ("dispatched tokens (ETP·s·b·k rows of h)", 100.0, 2.0, 0.0, True, True, modules, True)
    assert moe_kept(*tokens, offload=("expert_fc1",)) == 0.0
    assert moe_kept(*tokens, offload=("moe_act",)) == moe_kept(*tokens)
    # the activation's input is two of the four hidden-wide tensors (200 of the 400 bytes)
    assert moe_kept(*hidden) - moe_kept(*hidden, offload=("moe_act",)) == 200.0
    assert moe_kept(*hidden, offload=("expert_fc1",)) == moe_kept(*hidden)


def test_an_unknown_offloaded_module_names_the_allowed_ones() -> None:
    with pytest.raises(InputError) as err:
        Implementation(offload_modules=("core_attn",))
    assert "expert_fc1, moe_act" in err.value.message and err.value.field == "offload_modules"
