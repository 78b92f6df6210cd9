"""DeepEP's dispatch dtype in the MoE plan, by hand: FP8 (DeepSeek-V3 §3.3) by default, the
activations' BF16 where the training code hands DeepEP its hidden states as they are
(Megatron-Core's flex dispatcher), and the published Megatron runs planned so."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.errors import InputError
from core.plan import Layout, check_layout, context
from core.plan import moe as moe_plan
from core.plan.options import implementation_from, planned_input
from core.plan.published_moe import load_moe_runs, moe_run_input


@pytest.fixture(scope="module")
def deepseek():
    impl = implementation_from(fp8=True, uneven_stages=True, dispatcher="deepep", route_nodes="4")
    inp, _ = planned_input(model="deepseek-v3", device="h800", gpus=2048, seq=4096,
                           global_batch=15360, implementation=impl)  # fmt: skip
    return inp


def test_bf16_dispatch_by_hand(deepseek) -> None:
    inp = replace(deepseek, implementation=replace(deepseek.implementation, fp8_dispatch=False))
    cal = context(inp).cal
    lay = check_layout(inp, Layout(pp=16, ep=64, zero=1))
    t, d = 4096, 7168
    # EP 64 over 8 nodes of 8, at most 4 nodes a token: the dispatch and the combine both in
    # BF16 (2 bytes), the links at once
    inter, intra = t * 4 * 7 / 8 * d, t * 8 * 7 / 8 * d
    one = max(inter * 2 / cal.alltoall_busbw(50e9, True),
              intra * 2 / cal.alltoall_busbw(200e9, False)) + cal.alltoall_latency_s(True)  # fmt: skip
    assert moe_plan.alltoall_layer_seconds(inp, lay, cal) == pytest.approx(2 * one, rel=1e-12)
    fp8 = moe_plan.alltoall_layer_seconds(deepseek, lay, cal)
    assert fp8 < moe_plan.alltoall_layer_seconds(inp, lay, cal)


def test_published_runs_dispatch_as_their_code_does() -> None:
    seen = set()
    for run in load_moe_runs():
        if run["moe"]["dispatcher"] != "deepep":
            continue
        try:
            inp, _, _ = moe_run_input(run)
        except InputError:  # a refused run says nothing about the dtype
            continue
        megatron = run["id"].startswith(("megatron-bridge", "megatron-core", "megatron-lm"))
        assert inp.implementation.fp8_dispatch is (not megatron), run["id"]
        # Megatron-Core's TEGroupedMLP and DeepSeek's own kernels (deepseek-ai/profile-data:
        # swiglu_forward_with_weight_…) weight the experts' activation; AutoModel's is not read
        automodel = run["id"].startswith("automodel")
        assert inp.implementation.probs_in_experts is not automodel, run["id"]
        seen.add(megatron)
    assert seen == {True, False}  # Megatron's runs and DeepSeek-V3's own


def test_the_assumptions_say_the_dispatch_dtype_and_the_kernels_planned(deepseek) -> None:
    """The words follow the plan: FP8 dispatch only where the plan dispatches FP8, DeepEP's
    kernels (not Megatron-Core's alltoall dispatcher) named where DeepEP is planned."""
    from core.plan import plan

    lay = Layout(pp=16, ep=64, zero=1)
    fp8_words = [str(a) for a in plan(deepseek, lay).assumptions]
    bf16 = replace(deepseek, implementation=replace(deepseek.implementation, fp8_dispatch=False))
    bf16_words = [str(a) for a in plan(bf16, lay).assumptions]
    alltoall = replace(deepseek, implementation=replace(deepseek.implementation,
                                                        dispatcher="alltoall"))  # fmt: skip
    a2a_words = [str(a) for a in plan(alltoall, lay).assumptions]
    assert any("FP8 dispatch (1 + 4/128 bytes" in w for w in fp8_words)
    assert not any("FP8 dispatch" in w for w in bf16_words)
    assert any("in the activations' dtype (2 bytes per element" in w for w in bf16_words)
    for words in (fp8_words, bf16_words):
        assert any(w.startswith("expert all-to-all (DeepEP's kernels)") for w in words)
        assert not any("Megatron-Core's alltoall dispatcher" in w for w in words)
    assert any(w.startswith("expert all-to-all (Megatron-Core's alltoall dispatcher)")
               for w in a2a_words)  # fmt: skip
    assert not any(w.startswith("DeepEP") for w in a2a_words)  # (a calibration source may cite it)
