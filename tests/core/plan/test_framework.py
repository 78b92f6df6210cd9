"""The framework as an input, and overlaps by mechanism, each checked by hand: bucketed reductions
on one stream, decomposed TP collectives, the frameworks' bucket sizes, reduce dtype and engine
rules, and the CLI's presets with explicit switches winning."""

from __future__ import annotations

import json
import math
from dataclasses import replace

import pytest

from app.cli import main
from core.errors import InputError
from core.memory.recipes import optimizer, recipe
from core.plan import Cluster, Implementation, Layout, PlanInput, plan
from core.plan.comm import comm_times, links
from core.plan.frameworks import (
    FRAMEWORKS,
    framework,
    gradient_buckets,
    reduction_overlaps,
)
from core.plan.inputs import Constraints, check_layout
from core.plan.memory import stage_params
from core.plan.options import implementation_from
from core.plan.overlap import bucketed_exposed, gather_exposed, scatter_exposed
from core.plan.search import search
from tests.core.plan.conftest import SMALL

SEQ = 256


def _inp(device, gpus=8, batch=64, **impl):
    return PlanInput(SMALL, SEQ, batch, Cluster(device, gpus), recipe=recipe("bf16"),
                     optimizer=optimizer("adamw"), implementation=Implementation(**impl))  # fmt: skip


# -- bucketed reductions ----------------------------------------------------------------------
def test_one_chunk_exposes_the_last_bucket_and_the_excess() -> None:
    # 4 buckets of 1 s filled every 2 s (window 8 s): each runs while the next fills; the last
    # one, ready at 8 s, ends at 9 s: 1 s exposed (the old model: max(0, 4 − 8) = 0).
    assert bucketed_exposed(4.0, 4, 8.0) == pytest.approx(1.0)
    # Filled every 0.5 s (window 2 s): ends at 1.5, 2.5, 3.5, 4.5 s against 2 s: 2.5 s exposed,
    # r + (N − 1)(r − w/N) = 1 + 3 × 0.5.
    assert bucketed_exposed(4.0, 4, 2.0) == pytest.approx(2.5)
    assert bucketed_exposed(0.0, 4, 2.0) == 0.0


def test_interleaved_chunks_finish_p_backwards_apart() -> None:
    # 2 chunks (window 2 s: 1 s each), PP 4: chunk 0's bucket ready at 1 s runs to 2 s; chunk
    # 1's backward starts at 1 × 4 × 1 = 4 s, its bucket ready at 5 s, done at 6 s; the step's
    # compute ends at 5 s: 1 s exposed.
    assert bucketed_exposed(2.0, 2, 2.0, chunks=2, stages=4) == pytest.approx(1.0)
    # 4 buckets of 1 s, 2 per chunk: chunk 0 ready at 0.5 and 1 → done 2.5; chunk 1 (start 4 s)
    # ready at 4.5 and 5 → done 5.5 and 6.5; end of compute 5 s: 1.5 s exposed.
    assert bucketed_exposed(4.0, 4, 2.0, chunks=2, stages=4) == pytest.approx(1.5)


# -- decomposed TP collectives ----------------------------------------------------------------
def test_decomposed_gather_and_scatter_by_hand() -> None:
    # All-gather of 0.7 ms over a ring of 8: 7 steps of 0.1 ms beside chunk GEMMs of 0.05 ms:
    # 7 × 0.05 = 0.35 ms shows; beside 0.2 ms chunks nothing does.
    assert gather_exposed(0.7, 0.05, 8) == pytest.approx(0.35)
    assert gather_exposed(0.7, 0.2, 8) == 0.0
    # Reduce-scatter of 0.8 ms in 4 pieces of 0.2 ms beside 0.1 ms GEMMs: the last piece (0.2)
    # plus 3 × 0.1 of excess.
    assert scatter_exposed(0.8, 0.1, 4) == pytest.approx(0.5)
    assert scatter_exposed(0.8, 0.3, 4) == pytest.approx(0.2)


def test_tp_overlap_without_sequence_parallelism_hides_nothing(device, cal) -> None:
    # Transformer Engine and AsyncTP decompose SP's all-gathers and reduce-scatters only
    # (Megatron asserts --sequence-parallel for --tp-comm-overlap): with TP all-reduces the
    # overlap switch changes nothing (before: everything up to the GEMMs' time was hidden).
    lay = Layout(tp=2, sp=False, micro_batch=2)
    on = plan(_inp(device, tp_overlap=True), lay, calibration=cal)
    off = plan(_inp(device, tp_overlap=False), lay, calibration=cal)
    assert on.breakdown["tp_comm"] == pytest.approx(off.breakdown["tp_comm"])
    assert on.hidden["tp_comm"] == 0.0


def test_tp_overlap_hides_less_than_all(device, cal) -> None:
    # With SP the decomposition hides part of the collectives: something still shows beyond
    # the calibrated slowdown of the hidden part (the old model showed exactly that slowdown).
    lay = Layout(tp=4, sp=True, micro_batch=1)
    res = plan(_inp(device, tp_overlap=True), lay, calibration=cal)
    total = (
        res.breakdown["tp_comm"]
        + res.hidden["tp_comm"]
        - cal.overlap_slowdown * res.hidden["tp_comm"]
    )
    assert res.hidden["tp_comm"] > 0.0
    assert res.breakdown["tp_comm"] > cal.overlap_slowdown * res.hidden["tp_comm"]
    assert res.hidden["tp_comm"] < total


# -- the frameworks' mechanisms ---------------------------------------------------------------
def test_bucket_counts_from_the_frameworks_defaults() -> None:
    kw = {"params": 1e9, "layers": 10, "vpp": 1, "dp": 64, "grad_bytes": 2.0}
    # Megatron-Core: max(40M, 1M × 64) = 64M parameters per bucket: ⌈1e9 / 64e6⌉ = 16.
    assert gradient_buckets(framework("megatron"), zero=1, **kw) == 16
    # 2 model chunks of 5e8: ⌈5e8 / 64e6⌉ = 8 each.
    assert gradient_buckets(framework("megatron"), zero=1, **{**kw, "vpp": 2}) == 16
    # DeepSpeed: reduce_bucket_size 5e8 elements: 2.
    assert gradient_buckets(framework("deepspeed"), zero=1, **kw) == 2
    # PyTorch DDP (torchtitan without sharding): 2e9 bytes / 25 MiB = 76.3 → 77.
    assert gradient_buckets(framework("torchtitan"), zero=0, **kw) == math.ceil(2e9 / (25 * 2**20))
    # FSDP: one reduce-scatter per transformer block; ZeRO-3 anywhere: per layer.
    assert gradient_buckets(framework("fsdp"), zero=3, **kw) == 10
    assert gradient_buckets(framework("megatron"), zero=3, **kw) == 10


def test_deepspeed_overlaps_only_as_its_engine_allows() -> None:
    ds = framework("deepspeed")
    assert not reduction_overlaps(ds, True, pp=2, zero=1)  # PipelineEngine: after the flush
    assert not reduction_overlaps(ds, True, pp=1, zero=1)  # overlap_comm off below ZeRO-3
    assert reduction_overlaps(ds, True, pp=1, zero=3)
    assert reduction_overlaps(framework("megatron"), True, pp=2, zero=1)
    assert not reduction_overlaps(framework("megatron"), False, pp=1, zero=1)


def test_deepspeed_pipeline_reduces_after_the_flush(device, cal) -> None:
    lay = Layout(pp=2, dp=4, zero=1, micro_batch=1)
    ds = plan(_inp(device, framework="deepspeed"), lay, calibration=cal)
    off = plan(_inp(device, dp_overlap=False, framework="deepspeed"), lay, calibration=cal)
    assert ds.breakdown["dp_comm"] == pytest.approx(off.breakdown["dp_comm"])
    assert ds.hidden["dp_comm"] == 0.0


def test_deepspeed_has_no_interleaved_schedule(device, cal) -> None:
    inp = _inp(device, framework="deepspeed")
    with pytest.raises(InputError, match="no interleaved schedule"):
        check_layout(inp, Layout(pp=2, vpp=2))
    found = search(inp, Constraints(pp=2, include_unfit=True), top=50, calibration=cal)
    assert found and all(r.layout.vpp == 1 for r in found)


def test_torchtitan_reduces_gradients_in_fp32(device, cal) -> None:
    # ZeRO-3 on 8 GPUs: the backward's reduce-scatter moves 4 bytes per gradient under
    # torchtitan (mixed_precision_reduce float32) and 2 under plain FSDP2 (reduce_dtype None:
    # the bf16 param dtype); the all-gathers are the same.
    lay = check_layout(_inp(device), Layout(zero=3, micro_batch=1))
    params = stage_params(SMALL, 1, 8.0, "only")
    times = {}
    for fw in ("torchtitan", "fsdp"):
        inp = _inp(device, framework=fw)
        times[fw] = comm_times(inp, lay, cal, links(inp, lay, cal), params, 8.0)
    gather = times["fsdp"].zero3_fwd
    assert times["torchtitan"].zero3_fwd == pytest.approx(gather)
    rs_fsdp = times["fsdp"].zero3_bwd - gather
    rs_titan = times["torchtitan"].zero3_bwd - gather
    # per layer: (n−1)/n × bytes / busbw + the same latency: the bandwidth part doubles
    latency = rs_fsdp - (rs_titan - rs_fsdp)
    assert rs_titan - latency == pytest.approx(2 * (rs_fsdp - latency))
    assert rs_titan > rs_fsdp


def test_fsdp2_casts_add_memory_bound_time(device, cal) -> None:
    # torchtitan's FSDP2 casts (the shard before each gather, the gradients to fp32 before each
    # reduce-scatter) and FSDP2's copy-out after each gather and copy-in before each
    # reduce-scatter run on the compute stream: its compute exceeds plain FSDP2's by the hand
    # count of those bytes at the achievable bandwidth plus a launch per kernel and layer.
    lay = Layout(zero=3, micro_batch=1)
    titan = plan(_inp(device, fused=True, framework="torchtitan"), lay, calibration=cal)
    fsdp = plan(_inp(device, fused=True, framework="fsdp"), lay, calibration=cal)
    megatron = plan(_inp(device), lay, calibration=cal)
    params = stage_params(SMALL, 1, 8.0, "only")
    shard = params / 8
    bw = cal.bandwidth(device)
    m = titan.micro_batches
    # and the copy-out after each of the two gathers: every unsharded bf16 parameter read and
    # written (foreach_all_gather_copy_out's split_with_sizes_copy on the compute stream)
    common = (2 * shard * (4 + 2) + 2 * params * (2 + 2)) / bw + 4 * 8 * cal.launch_s
    # foreach_reduce's copy-in of the unsharded bf16 gradients into the reduce-scatter's input,
    # always (chunk_cat): in bf16 for plain FSDP2 (2 + 2 bytes), cast to torchtitan's fp32
    # reduce dtype (2 + 4); one kernel per layer
    fsdp_cast = common + params * (2 + 2) / bw + 8 * cal.launch_s
    titan_cast = common + params * (2 + 4) / bw + 8 * cal.launch_s
    assert fsdp.breakdown["compute"] - megatron.breakdown["compute"] == pytest.approx(m * fsdp_cast)
    assert titan.breakdown["compute"] - megatron.breakdown["compute"] == pytest.approx(
        m * titan_cast
    )
    # torchtitan's published recipe keeps fp32 gradients (the shards): the copy-in still reads
    # the bf16 unsharded gradients autograd wrote and writes fp32, 2 + 4 bytes
    fp32 = recipe("custom", params="bf16", grads="fp32", master="fp32", state="fp32",
                  acts="bf16")  # fmt: skip
    titan32 = plan(PlanInput(SMALL, SEQ, 64, Cluster(device, 8), recipe=fp32,
                             optimizer=optimizer("adamw"),
                             implementation=Implementation(fused=True, framework="torchtitan")),
                   lay, calibration=cal)  # fmt: skip
    mega32 = plan(PlanInput(SMALL, SEQ, 64, Cluster(device, 8), recipe=fp32,
                            optimizer=optimizer("adamw")), lay, calibration=cal)  # fmt: skip
    assert titan32.breakdown["compute"] - mega32.breakdown["compute"] == pytest.approx(
        m * titan_cast
    )


# -- presets and the CLI ----------------------------------------------------------------------
def test_presets_and_explicit_switches() -> None:
    # Megatron stays the default; its experts apply the router's weights themselves
    megatron = Implementation(probs_in_experts=True)
    assert implementation_from() == megatron
    assert implementation_from(framework="megatron") == megatron
    assert implementation_from(framework="nemo").probs_in_experts
    assert not implementation_from(framework="torchtitan").probs_in_experts
    titan = implementation_from(framework="torchtitan")
    assert titan.fused is False and titan.framework == "torchtitan"
    assert implementation_from(framework="torchtitan", fused=True).fused is True
    nemo = implementation_from(framework="nemo")
    assert nemo.tp_overlap and nemo.fused_swiglu and nemo.cross_entropy == "fp32-inplace"
    assert implementation_from(framework="nemo", tp_overlap=False).tp_overlap is False
    assert implementation_from(framework="llm-foundry").cross_entropy == "native"
    with pytest.raises(InputError, match="allowed: megatron, nemo, torchtitan"):
        implementation_from(framework="jax")
    assert FRAMEWORKS[0] == "megatron"


def test_cli_framework_key_and_words(capsys: pytest.CaptureFixture[str]) -> None:
    small = ["--dims", "layers=8,hidden=256,heads=8,kv_heads=4,ffn=768,vocab=1024", "--seq",
             "256", "--global-batch", "64", "--gpus", "8", "--zero", "3", "--changes", "0"]  # fmt: skip
    assert main(["plan", *small, "--framework", "torchtitan", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["framework"] == "torchtitan"
    said = " ".join(out["assumptions"])
    assert "framework torchtitan" in said and "gradients reduced in fp32" in said
    assert main(["plan", *small, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["framework"] == "megatron"
    assert main(["plan", *small, "--framework", "nope"]) == 2
    assert "framework: 'nope'; allowed:" in capsys.readouterr().err


def test_a_framework_changes_nothing_it_has_no_mechanism_for(device, cal) -> None:
    # One GPU, no TP, no pipeline, nothing to reduce: Megatron and NeMo (same kernels given
    # explicitly) plan the same step.
    lay = Layout(micro_batch=1)
    inp = PlanInput(SMALL, SEQ, 8, Cluster(device, 1), recipe=recipe("bf16"),
                    optimizer=optimizer("adamw"))  # fmt: skip
    nemo = replace(inp, implementation=Implementation(framework="nemo"))
    assert plan(nemo, lay, calibration=cal).step_time_s == pytest.approx(
        plan(inp, lay, calibration=cal).step_time_s
    )


def test_nemo_keeps_fp8_weights_only_where_its_precision_presets_do() -> None:
    """Megatron-Bridge's mixed-precision presets (``training/mixed_precision.py``) set
    ``fp8_param_gather=True`` for delayed, current-scaling and MXFP8 FP8 and ``False`` for
    blockwise (subchannel) FP8 and NVFP4: under ``--framework nemo`` the plan's
    ``quantized_params`` follows; Megatron's own default is off; the switch turns it on anyway."""
    for recipe_id, expected in (
        ("fp8-delayed", True),
        ("fp8-current", True),
        ("mxfp8", True),
        ("fp8-blockwise", False),
        ("nvfp4", False),
        ("bf16", False),
    ):
        nemo = implementation_from(framework="nemo", precision=recipe_id)
        assert nemo.quantized_params is expected, recipe_id
        assert implementation_from(precision=recipe_id).quantized_params is False
    assert implementation_from(framework="nemo", fp8=True).quantized_params
    assert implementation_from(precision="fp8-blockwise", quantized_params=True).quantized_params
