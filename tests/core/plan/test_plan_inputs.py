"""Layouts that cannot exist are refused with one line saying why; people's text is read once."""

from __future__ import annotations

import pytest

from core.errors import InputError
from core.memory.models import preset
from core.plan import Cluster, Implementation, Layout, PlanInput, check_layout
from core.plan.options import (
    LayoutOptions,
    constraints_from,
    layout_from,
    parse_dims,
    planned_input,
)


@pytest.fixture(scope="module")
def inp(device) -> PlanInput:
    return PlanInput(preset("llama2-70b"), 4096, 1024, Cluster(device, 1024))


@pytest.mark.parametrize(
    ("layout", "needle"),
    [
        (Layout(tp=3), "tp: 3 does not divide the 64 attention heads"),
        (Layout(pp=3), "pp: 3 × vpp 1 does not divide the 80 layers"),
        (Layout(pp=1, vpp=2), "need a pipeline"),
        (Layout(tp=8, pp=5, cp=4), "does not divide the 1,024 GPUs"),
        (Layout(tp=8, micro_batch=3), "global-batch: 1,024 sequences is not a multiple of dp 128"),
        (Layout(tp=8, pp=4, zero=2), "ZeRO-2"),
        (Layout(tp=8, dp=3), "dp: 3"),
        (Layout(tp=8, pp=4, vpp=2, micro_batch=16), "multiple of pp 4"),
    ],
)
def test_impossible_layouts_say_why(inp, layout, needle) -> None:
    with pytest.raises(InputError) as info:
        check_layout(inp, layout)
    assert needle in info.value.message
    assert "\n" not in info.value.message


def test_kv_heads_and_tp_must_divide_one_another(device) -> None:
    spec = parse_dims("layers=2,hidden=768,heads=48,kv_heads=8")
    inp = PlanInput(spec, 1024, 24, Cluster(device, 48))
    with pytest.raises(InputError, match="the 8 KV heads: one must divide the other"):
        check_layout(inp, Layout(tp=6, dp=8))
    assert check_layout(inp, Layout(tp=16, dp=3)).dp == 3  # KV heads replicated past 8


def test_cp_needs_flash_and_a_sequence_that_splits(device) -> None:
    inp = PlanInput(preset("llama2-7b"), 4096, 64, Cluster(device, 64),
                    implementation=Implementation(flash=False))  # fmt: skip
    with pytest.raises(InputError, match="flash attention"):
        check_layout(inp, Layout(cp=2))
    odd = PlanInput(preset("llama2-7b"), 4098, 64, Cluster(device, 64))
    with pytest.raises(InputError, match="2 × 4 equal chunks"):
        check_layout(odd, Layout(cp=4))


def test_sp_and_zero_without_their_groups_are_dropped(inp) -> None:
    small = PlanInput(preset("llama2-7b"), 4096, 8, Cluster(inp.cluster.device, 8))
    got = check_layout(small, Layout(tp=1, sp=True, zero=1, dp=8))
    assert got.sp is False and got.zero == 1
    one = PlanInput(preset("llama2-7b"), 4096, 8, Cluster(inp.cluster.device, 1))
    assert check_layout(one, Layout(zero=3)).zero == 0


def test_dims_parse_with_defaults_and_refusals() -> None:
    spec = parse_dims("layers=80,hidden=8192,heads=64,kv_heads=8,ffn=28672,vocab=32000")
    assert spec.param_count == preset("llama2-70b").param_count  # the preset's exact count
    gpt = parse_dims(
        "layers=12,hidden=768,heads=12,act=gelu,norm=layer,tied=1,bias=1,pos=1024,vocab=50257"
    )
    assert gpt.param_count == preset("gpt2").param_count
    assert parse_dims("layers=2,hidden=1024,heads=8").ffn == (8 * 1024 // 3 + 255) // 256 * 256
    for bad, needle in (("layers=2,hidden=64", "heads"), ("layers=2,hidden=64,heads=4,act=relu", "act"),
                        ("layers=2,hidden=64,heads=4,depth=3", "depth"), ("layers=2,,hidden=64", "empty"),
                        ("layers=2,hidden=64,heads=4,layers=3", "twice")):  # fmt: skip
        with pytest.raises(InputError, match=needle):
            parse_dims(bad)


def test_numbers_read_as_people_write_them() -> None:
    inp, _ = planned_input(model="llama2-70b", gpus="1,024", global_batch="1k", seq="4,096",
                           tokens="15T", device="h100-sxm", network_bw="50G")  # fmt: skip
    assert inp.cluster.gpus == 1024 and inp.global_batch == 1000 and inp.tokens == 15e12
    assert inp.cluster.inter_bw == 50e9
    with pytest.raises(InputError, match="one of --model, --config or --dims"):
        planned_input(model="gpt2", dims="layers=1,hidden=64,heads=4")
    with pytest.raises(InputError, match="learned positions"):
        planned_input(model="gpt2", seq=4096)
    with pytest.raises(InputError, match="whole nodes"):
        planned_input(model="gpt2", seq=1024, gpus=12)
    with pytest.raises(InputError, match="fp8"):
        planned_input(
            model="gpt2",
            seq=1024,
            device="a100-sxm",
            implementation=Implementation(gemm_dtype="fp8"),
        )


def test_layout_text_and_constraints() -> None:
    lay = layout_from(LayoutOptions(tp="8", pp="4", recompute="Selective"))
    assert (lay.tp, lay.pp, lay.vpp, lay.cp, lay.zero, lay.micro_batch, lay.recompute) == (
        8,
        4,
        1,
        1,
        0,
        1,
        "selective",
    )
    cn = constraints_from(LayoutOptions(tp="8"))
    assert cn.tp == 8 and cn.pp is None and cn.recompute is None
    with pytest.raises(InputError, match="recompute"):
        layout_from(LayoutOptions(recompute="half"))
    with pytest.raises(InputError, match="zero"):
        layout_from(LayoutOptions(zero="4"))


@pytest.mark.parametrize(
    ("mode", "words"), [("selective", "selective recompute"), ("full", "full recompute")]
)
def test_a_layout_label_names_its_recomputation_in_translatable_words(mode, words) -> None:
    label = Layout(tp=8, sp=True, pp=4, vpp=2, dp=32, zero=1, recompute=mode).label()
    # Written out by hand: the English the CLI prints and the CSV holds.
    assert label == f"TP 8+SP · PP 4×2 · DP 32 · ZeRO-1 · mb 1 · {words}"
    # No recomputation is left out, as CP 1 and ZeRO-0 are.
    assert Layout(tp=8, dp=32, cp=2).label() == "TP 8 · PP 1 · CP 2 · DP 32 · mb 1"
    # The window translates the recomputation words (a Text part the catalog looks up); the
    # dimensions stay as they are written in every language.
    last = label.args[max(label.args)]
    assert (last.context, last.template) == ("Plan", words)


def test_a_recipe_the_device_cannot_compute_in_names_those_it_can() -> None:
    from core.memory.recipes import recipe
    from core.roofline.hardware import load_catalog

    v100 = load_catalog().get("v100")
    assert not v100.supports("bf16") and v100.supports("fp16")  # the datasheet: no bf16 units
    with pytest.raises(InputError) as info:
        PlanInput(preset("gpt2"), 1024, 64, Cluster(v100, 8))  # the default bf16 recipe
    assert info.value.field == "recipe"
    assert "allowed here: fp32, fp16" in info.value.message
    inp = PlanInput(preset("gpt2"), 1024, 64, Cluster(v100, 8), recipe=recipe("fp16"))
    assert inp.compute_dtype == "fp16"
