"""The step of a layout, by hand: MFU and HFU (PaLM's model FLOPs), the bubble, TP, CP, PP and DP
communication on the right links, overlap, the optimizer and the run's days."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.memory.recipes import optimizer, recipe
from core.plan import Cluster, Implementation, Layout, PlanInput, flops_per_step, plan
from core.plan.comm import comm_times, links
from core.plan.inputs import check_layout
from core.plan.memory import stage_params
from core.plan.result import BREAKDOWN
from tests.core.plan.conftest import SMALL

SEQ = 256


def _inp(device, gpus=8, batch=64, **impl):
    return PlanInput(SMALL, SEQ, batch, Cluster(device, gpus), recipe=recipe("bf16"),
                     optimizer=optimizer("adamw"), tokens=1e9,
                     implementation=Implementation(**impl))  # fmt: skip


def _hand_flops(recompute: str, batch: int) -> tuple[float, float]:
    # Llama-like small: d 256, 8 layers, 8 heads of 32, 4 KV heads (kv width 128), ffn 768, V 1024.
    d, layers, heads, q, ffn, v, kv = 256, 8, 8, 32, 768, 1024, 128
    layer_mm = 2 * d * d + 2 * d * kv + 3 * d * ffn
    n = layers * layer_mm + v * d  # every matmul weight, the LM head included
    tokens = batch * SEQ
    model = (6 * n + 12 * layers * heads * q * SEQ) * tokens  # PaLM appendix B
    attn_fwd = layers * 4 * batch * heads * SEQ * SEQ * q  # QKᵀ and P·V, full s²
    matmuls = 6 * n * tokens
    attention = 3 * attn_fwd + 0.5 * attn_fwd  # the flash backward's recomputed scores
    if recompute == "full":
        matmuls += 2 * layers * layer_mm * tokens
        attention += attn_fwd
    # executed: a causal kernel runs half the s² scores (FlashAttention-2, section 3.1.1)
    return model, matmuls + 0.5 * attention


@pytest.mark.parametrize("recompute", ["none", "full"])
def test_mfu_and_hfu_count_palms_model_flops(device, cal, recompute) -> None:
    inp = _inp(device)
    res = plan(inp, Layout(tp=2, micro_batch=2, recompute=recompute), calibration=cal)
    model, hardware = _hand_flops(recompute, 64)
    assert flops_per_step(inp, recompute) == pytest.approx((model, hardware), rel=1e-12)
    step = res.step_time_s
    assert res.mfu == pytest.approx(model / (step * 1e15 * 8), rel=1e-12)
    assert res.hfu == pytest.approx(hardware / (step * 1e15 * 8), rel=1e-12)
    assert res.tflops_per_gpu == pytest.approx(model / step / 8 / 1e12, rel=1e-12)
    assert res.tokens_per_s == pytest.approx(64 * SEQ / step)


def test_the_breakdown_adds_up_and_the_bubble_is_p_minus_1_over_v_m(device, cal) -> None:
    inp = _inp(device, gpus=8, batch=32)
    for v in (1, 2):
        res = plan(inp, Layout(pp=4, vpp=v, micro_batch=1, dp=2), calibration=cal)
        assert set(res.breakdown) == set(BREAKDOWN)
        assert sum(res.breakdown.values()) == pytest.approx(res.step_time_s)
        m = 32 // 2
        assert res.micro_batches == m
        pipeline = sum(
            res.breakdown[k] for k in ("compute", "recompute", "tp_comm", "cp_comm", "pp_comm")
        )
        assert res.breakdown["bubble"] / pipeline == pytest.approx(3 / (v * m))


def test_tp_collectives_by_hand_on_the_intra_node_link(device, cal) -> None:
    inp = _inp(device)
    lay = check_layout(inp, Layout(tp=4, micro_batch=2))
    link = links(inp, lay, cal)
    assert link.tp == pytest.approx(400e9 * 0.8) and not link.tp_crosses
    comm = comm_times(inp, lay, cal, link, 1e6)
    message = 2 * SEQ * 256 * 2  # b·s·h bf16
    ring = 2 * 3 / 4 * message / (400e9 * 0.8) + 1e-5  # all-reduce over 4 ranks + latency
    assert comm.tp_layer_fwd == pytest.approx(2 * ring)
    assert comm.tp_layer_bwd == pytest.approx(2 * ring)
    # Sequence parallel: an all-gather and a reduce-scatter per all-reduce, the same volume.
    sp = comm_times(inp, replace(lay, sp=True), cal, link, 1e6)
    assert sp.tp_layer_fwd == pytest.approx(2 * (2 * (3 / 4 * message / (400e9 * 0.8) + 1e-5)))


def test_dp_crossing_nodes_runs_at_the_network(device, cal) -> None:
    inp = _inp(device, gpus=32, batch=64)
    lay = check_layout(inp, Layout(tp=2, micro_batch=1))  # DP 16 with stride 2: 4 nodes
    link = links(inp, lay, cal)
    # 4 of the group's GPUs per node: NCCL's rings cross the node boundary at 4 NICs at once.
    net = 4 * 50e9 * 0.75
    assert link.dp_crosses and link.dp == pytest.approx(net)
    params = stage_params(SMALL, 2, 8.0, "only")
    comm = comm_times(inp, lay, cal, link, params)
    assert comm.dp_grads == pytest.approx(2 * 15 / 16 * params * 2 / net + 1e-5)
    zero1 = comm_times(inp, replace(lay, zero=1), cal, link, params)
    one_way = 15 / 16 * params * 2 / net + 1e-5
    assert zero1.dp_grads == pytest.approx(one_way) and zero1.dp_params == pytest.approx(one_way)
    # One GPU of the group per node (TP 8): every ring hop is a NIC's.
    wide = check_layout(inp, Layout(tp=8, micro_batch=1))
    assert links(inp, wide, cal).dp == pytest.approx(50e9 * 0.75)
    # A whole node per group on a 100 GB/s network: 8 NICs (600 GB/s) are capped at NVLink's busbw.
    fast = replace(inp, cluster=replace(inp.cluster, inter_node_bandwidth=100e9))
    assert links(fast, check_layout(fast, Layout(micro_batch=1)), cal).dp == pytest.approx(320e9)


def test_dp_overlap_hides_only_behind_the_last_backward(device, cal) -> None:
    lay = Layout(tp=1, micro_batch=1)
    hidden = plan(_inp(device, gpus=32, batch=32), lay, calibration=cal)
    exposed = plan(_inp(device, gpus=32, batch=32, dp_overlap=False), lay, calibration=cal)
    # (the small model's gradients fill one Megatron bucket, whose reduction ends the step: the
    # two are equal up to rounding)
    assert exposed.breakdown["dp_comm"] >= hidden.breakdown["dp_comm"] * (1 - 1e-12)
    assert exposed.breakdown["dp_comm"] == pytest.approx(
        hidden.breakdown["dp_comm"] + hidden.hidden["dp_comm"]
    )


def test_full_recomputation_repeats_the_forward_and_its_tp_collectives(device, cal) -> None:
    inp = _inp(device)
    none = plan(inp, Layout(tp=2, micro_batch=2), calibration=cal)
    full = plan(inp, Layout(tp=2, micro_batch=2, recompute="full"), calibration=cal)
    assert none.breakdown["recompute"] == 0
    assert full.breakdown["compute"] == pytest.approx(none.breakdown["compute"])
    assert full.breakdown["tp_comm"] > none.breakdown["tp_comm"]
    assert full.memory.activations < none.memory.activations
    assert full.hfu > full.mfu


def test_cp_exchange_hides_behind_attention_in_a_ring_and_not_as_an_all_gather(device, cal) -> None:
    ring = PlanInput(SMALL, 4096, 8, Cluster(device, 16), implementation=Implementation())
    gather = replace(ring, implementation=Implementation(cp_comm="all-gather"))
    lay = Layout(cp=16, micro_batch=1)
    a, b = plan(ring, lay, calibration=cal), plan(gather, lay, calibration=cal)
    assert b.breakdown["cp_comm"] > 0
    assert a.breakdown["cp_comm"] <= b.breakdown["cp_comm"]
    assert a.breakdown["cp_comm"] + a.hidden["cp_comm"] == pytest.approx(b.breakdown["cp_comm"])


def test_training_days_and_gpu_hours(device, cal) -> None:
    res = plan(_inp(device), Layout(tp=2, micro_batch=2), calibration=cal)
    run = res.training
    assert run is not None
    assert run.seconds == pytest.approx(1e9 / res.tokens_per_s)
    assert run.days == pytest.approx(run.seconds / 86400)
    assert run.gpu_hours == pytest.approx(run.seconds * 8 / 3600)
    out = res.to_dict()
    for key in ("layout", "step_time_s", "tokens_per_s", "tflops_per_gpu", "mfu", "hfu",
                "memory_per_gpu", "fits", "time_breakdown_s", "assumptions"):  # fmt: skip
        assert key in out
    assert set(out["layout"]) == {
        "tp",
        "pp",
        "vpp",
        "cp",
        "dp",
        "sp",
        "zero",
        "micro_batch",
        "recompute",
        "ep",
        "etp",
    }
    assert set(out["memory_per_gpu"]) == {
        "weights",
        "grads",
        "optimizer",
        "activations",
        "temporaries",
        "allowance",
        "peak",
        "expert_state",  # a mixture of experts' routed experts: 0 for this dense model
    }
    assert out["memory_per_gpu"]["expert_state"] == 0.0
    assert set(out["time_breakdown_s"]) == set(BREAKDOWN)


def test_a_device_change_replans_without_tracing(device, cal) -> None:
    from core.plan.ops import cached_shapes

    inp = _inp(device)
    plan(inp, Layout(tp=2, micro_batch=2), calibration=cal)
    before = cached_shapes()
    other = replace(inp, cluster=replace(inp.cluster, gpus=16))
    plan(other, Layout(tp=2, micro_batch=2), calibration=cal)
    assert cached_shapes() == before


def test_uneven_stages_give_the_first_and_last_fewer_layers(device, cal) -> None:
    from core.plan.inputs import stage_layers

    assert stage_layers(126, 16, 1) == {"first": (0, 7.0), "last": (15, 7.0), "middle": (1, 8.0)}
    assert stage_layers(70, 12, 1) == {"first": (0, 5.0), "last": (11, 5.0), "middle": (1, 6.0)}
    assert stage_layers(80, 3, 1) == {"first": (0, 26.0), "last": (2, 27.0), "middle": (1, 27.0)}
    assert stage_layers(8, 6, 1) is None  # 2 layers each would be 4 too many
    spec = replace(SMALL, layers=10)
    inp = PlanInput(
        spec, SEQ, 16, Cluster(device, 4), implementation=Implementation(uneven_stages=True)
    )
    res = plan(inp, Layout(pp=4, micro_batch=1), calibration=cal)
    assert res.step_time_s > 0


def test_dp_pays_the_ring_latency_once_per_bucket_on_its_nodes(device, cal) -> None:
    from core.roofline.achievable import with_values

    nccl = with_values(cal, nccl_base_latency_s=8.4e-6, ring_hop_latency_intra_s=3.4e-6,
                       ring_hop_latency_inter_s=14e-6, net_post_overhead_s=1e-6)  # fmt: skip
    inp = _inp(device, gpus=32, batch=64)
    lay = check_layout(inp, Layout(tp=2, micro_batch=1))  # DP 16, stride 2: 4 per node, 4 nodes
    link = links(inp, lay, nccl)
    assert (link.dp_nodes, link.tp_nodes) == (4, 1)
    params = stage_params(SMALL, 2, 8.0, "only")
    comm = comm_times(inp, lay, nccl, link, params, 8.0)
    ring = 8.4e-6 + (15 - 3) * 3.4e-6 + 3 * 14e-6  # 15 hops, 3 cross the network
    # Megatron: the small model's gradients fill one bucket of max(40M, 1M × 16) parameters
    whole = 2 * 15 / 16 * params * 2 / (4 * 50e9 * 0.75) + (8.4e-6 + (30 - 6) * 3.4e-6 + 6 * 14e-6)
    assert comm.dp_grads == pytest.approx(whole + 1e-5)
    # FSDP reduce-scatters per transformer block: 8 collectives of an eighth each
    fsdp = _inp(device, gpus=32, batch=64, framework="fsdp")
    zero1 = comm_times(fsdp, replace(lay, zero=1), nccl, link, params, 8.0)
    one_way = 15 / 16 * params / 8 * 2 / (4 * 50e9 * 0.75) + ring + 1e-5
    assert zero1.dp_grads == pytest.approx(8 * one_way)
    # TP 2 inside a node: one NVLink hop per all-gather, two per all-reduce.
    message = 1 * SEQ * 256 * 2
    assert comm.tp_layer_fwd == pytest.approx(
        2 * (2 * 1 / 2 * message / (400e9 * 0.8) + 8.4e-6 + 2 * 3.4e-6 + 1e-5)
    )


def test_an_unfused_loss_runs_each_head_op_as_its_own_kernel(device, cal) -> None:
    from core.plan.model import context, evaluate

    fused, unfused = _inp(device), _inp(device, fused_loss=False)
    lay = check_layout(fused, Layout(micro_batch=2))
    a = evaluate(context(fused, calibration=cal), lay).micro
    b = evaluate(context(unfused, calibration=cal), lay).micro
    # Only the head changes; its memory-bound ops now add up instead of the chain's largest.
    assert (b.layer_fwd, b.layer_bwd, b.embed_fwd) == (a.layer_fwd, a.layer_bwd, a.embed_fwd)
    assert b.head_fwd > a.head_fwd and b.head_bwd > a.head_bwd


def test_overlap_slows_the_compute_it_hides_behind(device, cal) -> None:
    from core.roofline.achievable import with_values

    slow = with_values(cal, overlap_compute_slowdown=0.2)
    lay = Layout(tp=1, micro_batch=1, zero=1)
    inp = _inp(device, gpus=32, batch=32, framework="fsdp")  # per-layer buckets: some hide
    free, paid = plan(inp, lay, calibration=cal), plan(inp, lay, calibration=slow)
    # The same collectives hide, and a fifth of the hidden time shows as slowed compute.
    assert free.hidden["dp_comm"] > 0
    assert paid.hidden["dp_comm"] == pytest.approx(free.hidden["dp_comm"])
    assert paid.breakdown["dp_comm"] == pytest.approx(
        free.breakdown["dp_comm"] + 0.2 * free.hidden["dp_comm"]
    )
    tp = _inp(device, tp_overlap=True)
    a = plan(tp, Layout(tp=4, sp=True, micro_batch=2), calibration=cal)
    b = plan(tp, Layout(tp=4, sp=True, micro_batch=2), calibration=slow)
    assert a.hidden["tp_comm"] > 0
    assert b.breakdown["tp_comm"] == pytest.approx(
        a.breakdown["tp_comm"] + 0.2 * a.hidden["tp_comm"]
    )


def test_fp8_casts_each_weight_gemms_operands_and_keeps_the_head_in_bf16(
    device, cal, monkeypatch
) -> None:
    import core.plan.timing as timing
    from core.plan.model import context, evaluate

    fp8, bf16 = _inp(device, gemm_dtype="fp8"), _inp(device)
    lay = check_layout(fp8, Layout(micro_batch=2))

    real = timing.quantize_seconds

    def micro(inp, moves_bytes: bool):
        monkeypatch.setattr(timing, "_CACHE", {})
        if not moves_bytes:  # the same kernels, no bytes: what the casts' bytes cost is the rest
            monkeypatch.setattr(timing, "quantize_seconds",
                                lambda rec, dev, n, bw, peak, launch: rec.kernels * launch)  # fmt: skip
        else:
            monkeypatch.setattr(timing, "quantize_seconds", real)
        return evaluate(context(inp, calibration=cal), lay).micro

    with_casts, no_bytes, plain = micro(fp8, True), micro(fp8, False), micro(bf16, True)
    # Hand count for SMALL (d 256, KV width 128, ffn 768), 2 sequences of 256 tokens: the layer's
    # seven weight GEMMs read inputs of K = 256 (q, k, v, o, gate, up) and 768 (down), and write
    # outputs of N = 256, 128, 128, 256, 768, 768, 256. Each forward cast moves 4 bytes per
    # element of X (M × K), each backward one 4 per element of dY (M × N), at 2 TB/s × 0.9.
    tokens, bw = 2 * 256, 2e12 * 0.9
    x_elems = tokens * (6 * 256 + 768)
    dy_elems = tokens * (256 + 128 + 128 + 256 + 768 + 768 + 256)
    assert with_casts.layer_fwd - no_bytes.layer_fwd == pytest.approx(4 * x_elems / bw)
    assert with_casts.layer_bwd - no_bytes.layer_bwd == pytest.approx(4 * dy_elems / bw)
    assert with_casts.kernels == plain.kernels + 2 * 7
    # The LM head is no Transformer Engine module: its GEMMs keep the bf16 rate.
    assert (with_casts.head_fwd, with_casts.head_bwd) == (plain.head_fwd, plain.head_bwd)
    assert with_casts.layer_gemm < plain.layer_gemm  # the layers' GEMMs do run at the fp8 rate


def test_fp8_mfu_is_against_the_fp8_peak_and_says_the_bf16_figure(device, cal) -> None:
    """Utilisation is against the peak of the precision that runs: against the bf16 peak an
    fp8 run's MFU reached 107.7 %."""
    inp = _inp(device, gemm_dtype="fp8")
    res = plan(inp, Layout(micro_batch=2), calibration=cal)
    # The test device's peaks: bf16 1e15, fp8 2e15, so against bf16 the figures double.
    assert res.peak_flops == pytest.approx(2e15)  # per GPU, the fp8 peak
    assert res.mfu == pytest.approx(res.model_flops / (res.step_time_s * 2e15 * res.gpus))
    said = [str(a) for a in res.assumptions if str(a).startswith("MFU and HFU with fp8")]
    assert said and f"{res.mfu * 2:.1%} and {res.hfu * 2:.1%}" in said[0]
    plain = plan(_inp(device), Layout(micro_batch=2), calibration=cal)
    assert not any(str(a).startswith("MFU and HFU with fp8") for a in plain.assumptions)


def test_unfused_attention_is_not_worded_as_a_flash_kernel(device, cal) -> None:
    res = plan(_inp(device, flash=False), Layout(micro_batch=2), calibration=cal)
    compute = next(str(a) for a in res.assumptions if str(a).startswith("compute:"))
    assert "flash" not in compute and "GEMMs at 80 % of the bf16 peak" in compute
    unfused = [str(a) for a in res.assumptions if str(a).startswith("attention unfused")]
    assert unfused and "dropout" not in unfused[0]  # no dropout in this run
    with_dropout = plan(
        _inp(device, flash=False, dropout=True), Layout(micro_batch=2), calibration=cal
    )
    assert any("softmax and dropout" in str(a) for a in with_dropout.assumptions)
    flash = plan(_inp(device), Layout(micro_batch=2), calibration=cal)
    assert "flash attention" in next(
        str(a) for a in flash.assumptions if str(a).startswith("compute:")
    )


def test_a_layout_fits_against_the_memory_the_driver_reports(device, cal) -> None:
    from core.roofline.hardware import device_from_dict
    from tests.core.plan.conftest import TEST_DEVICE

    # The same GPU with a driver total of 80 GiB (the datasheet's 80e9 rounded) holds 80·2^30.
    total = 80 * 2**30
    gib = device_from_dict({**TEST_DEVICE, "memory_total_bytes": total,
                            "memory_total_source": "a test figure"})  # fmt: skip
    res = plan(_inp(gib), Layout(micro_batch=2), calibration=cal)
    assert res.capacity == total
    said = [str(a) for a in res.assumptions if str(a).startswith("test-gpu: ")]
    assert said == ["test-gpu: 85.9 GB per GPU, the memory its driver reports; the datasheet's "
                    "80 GB is rounded in other units"]  # fmt: skip
    plain = plan(_inp(device), Layout(micro_batch=2), calibration=cal)
    assert plain.capacity == 80e9
    assert any("the datasheet's figure" in str(a) for a in plain.assumptions)


def test_the_attention_efficiency_stated_is_the_one_timed() -> None:
    from core.plan.words import percent
    from core.roofline.achievable import calibration
    from core.roofline.attention_width import head_width_factor
    from core.roofline.hardware import load_catalog

    # The step times a causal flash kernel (half the s² work) at the causal rate of the H100's
    # benchmark tables, lower than the non-causal one: the sentence must give the rate used,
    # recovered here from the timing function itself.
    h100 = load_catalog().get("h100-sxm")
    cal = calibration(h100)
    res = plan(_inp(h100), Layout(micro_batch=2), calibration=cal)
    said = next(str(a) for a in res.assumptions if str(a).startswith("compute:"))
    flops, peak = 1e12, h100.peak("bf16")
    kernel = cal.attention_kernel(None)
    for backward, word in ((False, "forward"), (True, "backward")):
        # SMALL's heads are 32 wide: the rate is the kernel's head-128 one times its 64/128 ratio
        width = head_width_factor(32, backward, True, SEQ, kernel)
        assert width < 1.0
        used = (
            width * (flops / 2) / (peak * cal.attention_seconds(flops, peak, backward, True, SEQ))
        )
        assert used < cal.attention_efficiency(backward, False, SEQ)
        assert f"{percent(used)} ({word})" in said
