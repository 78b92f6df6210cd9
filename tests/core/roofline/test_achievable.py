"""Calibrated efficiencies: the file's schema (null = unsourced, this project's measurements first),
the fallbacks (a sibling, the family's median), the user's overrides, the shape model and the
time of one op, each against a hand derivation."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from core.errors import InputError
from core.roofline.achievable import (
    Calibration,
    calibration,
    gemm_dims,
    gemm_shape_efficiency,
    load_builtin,
    parse_calibration,
    read_overrides,
    user_calibration_path,
)
from core.roofline.hardware import device_from_dict, load_catalog

DEVICE = {
    "id": "test-gpu", "name": "Test GPU", "vendor": "nvidia",
    "peak_flops": {"bf16": 1e15, "fp8": 2e15}, "mem_bandwidth": 2e12, "memory_bytes": 80e9,
    "source": "test",
}  # fmt: skip
FULL = {
    "gemm_efficiency": {"value": 0.8, "source": "a matmul benchmark"},
    "attention_forward_efficiency": {"value": 0.6, "source": "FA", "causal_value": 0.54},
    "attention_backward_efficiency": {"value": 0.5, "source": "FA"},
    "memory_bandwidth_fraction": {"value": 0.9, "source": "stream"},
    "intra_node_busbw_fraction": {"value": 0.8, "source": "nccl-tests"},
    "inter_node_busbw_fraction": {"value": 0.7, "source": "nccl-tests"},
    "kernel_launch_overhead_s": {"value": 3e-6, "source": "graph"},
    "sm_count": {"value": 100, "source": "query"},
    "gemm_tile": {"value": [128, 128], "source": "guide"},
}


def _table(**devices: dict) -> dict:
    return parse_calibration({"schema_version": 1, "devices": devices}, "test")


def test_the_builtin_file_calibrates_the_devices_the_plan_checks() -> None:
    table = load_builtin()
    catalog = load_catalog()
    for dev_id in ("a100-sxm", "h100-sxm", "h200"):
        cal = calibration(catalog.get(dev_id))
        for name in (
            "gemm_efficiency",
            "attention_forward_efficiency",
            "memory_bandwidth_fraction",
        ):
            assert 0 < cal[name] <= 1
            assert cal.sources[name]
    assert table["a100-sxm"]["sm_count"][0] == 108  # the A100's 108 SMs (NVIDIA's GEMM guide)


def test_null_is_unsourced_and_a_project_measurement_wins() -> None:
    table = _table(d={
        "gemm_efficiency": {"value": 0.8, "source": "MAMF",
                            "measured": {"value": 0.68, "source": "docs/gpu.md"}},
        "kernel_launch_overhead_s": {"value": None, "source": "none found"},
        "intra_node_allreduce_nvls_busbw": {"value": 4.8e11, "source": "informational"},
    })  # fmt: skip
    assert table["d"]["gemm_efficiency"][0] == 0.68
    assert "measured by this project" in table["d"]["gemm_efficiency"][1]
    assert "kernel_launch_overhead_s" not in table["d"]


@pytest.mark.parametrize(
    ("entry", "needle"),
    [
        ({"gemm_efficiency": {"value": 1.5}}, "gemm_efficiency"),
        ({"gemm_efficiency": {"value": True}}, "gemm_efficiency"),
        ({"gemm_tile": {"value": [128]}}, "gemm_tile"),
        ({"sm_count": {"value": 10.5}}, "sm_count"),
        ({"bogus": {"value": 1}}, "unknown field 'bogus'"),
    ],
)
def test_bad_values_are_refused_by_name(entry: dict, needle: str) -> None:
    with pytest.raises(InputError, match=needle):
        _table(d=entry)


def test_the_causal_ratio_comes_from_the_causal_figure() -> None:
    table = _table(d=FULL)
    assert table["d"]["attention_causal_ratio"][0] == pytest.approx(0.54 / 0.6)


def test_a_device_without_values_takes_its_sibling_then_the_family_median() -> None:
    catalog = load_catalog()
    builtin = _table(
        **{"h100-sxm": FULL, "a100-sxm": {**FULL, "gemm_efficiency": {"value": 0.9, "source": "x"}}}
    )
    h200 = calibration(catalog.get("h200"), builtin=builtin)  # the H100's die
    assert h200["gemm_efficiency"] == 0.8
    assert any("takes the values of h100-sxm" in n for n in h200.notes)
    l4 = calibration(catalog.get("l4"), builtin=builtin)  # no sibling: the CUDA devices' median
    assert l4["gemm_efficiency"] == pytest.approx((0.8 + 0.9) / 2)
    assert any("median of a100-sxm, h100-sxm" in n for n in l4.notes)


def test_nothing_to_assume_from_is_an_input_error() -> None:
    with pytest.raises(InputError, match="no calibration"):
        calibration(device_from_dict(DEVICE), builtin={})


def test_the_same_die_takes_this_projects_fixed_shape_gemm() -> None:
    catalog = load_catalog()
    measured = {"value": 0.8, "source": "MAMF best shape",
                "measured": {"value": 0.68, "source": "docs/gpu.md"}}  # fmt: skip
    builtin = _table(**{"h100-sxm": FULL, "h200": {**FULL, "gemm_efficiency": measured}})
    h100 = calibration(catalog.get("h100-sxm"), builtin=builtin)
    assert h100["gemm_efficiency"] == 0.68
    assert any("measurement on h200" in n for n in h100.notes)
    # A person's override still wins.
    mine = {"h100-sxm": {"gemm_efficiency": (0.75, "mine")}}
    assert (
        calibration(catalog.get("h100-sxm"), builtin=builtin, overrides=mine)["gemm_efficiency"]
        == 0.75
    )


def test_overrides_from_the_config_folder(tmp_path: Path) -> None:
    path = user_calibration_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        json.dumps({"schema_version": 1, "devices": {"h100-sxm": {"gemm_efficiency": 0.7}}})
    )
    found, problem = read_overrides()
    assert problem == "" and found["h100-sxm"]["gemm_efficiency"][0] == 0.7
    assert found["h100-sxm"]["gemm_efficiency"][1] == "your override"
    path.write_text(
        '{"schema_version": 1, "devices": {"h100-sxm": {"gemm_efficiency": 0.7}}, "devices": {}}'
    )
    found, problem = read_overrides()
    assert found == {} and "appears twice" in problem
    path.write_text('{"schema_version": 1, "devices": {"h100-sxm": {"gemm_efficiency": 7}}}')
    found, problem = read_overrides()
    assert found == {} and "gemm_efficiency" in problem


def test_wave_and_tile_quantization_by_hand() -> None:
    # 256×256 output, 128×128 tiles: 4 tiles on 4 SMs, one full wave.
    assert gemm_shape_efficiency(256, 256, 4, (128, 128)) == 1.0
    # 384×384: 9 tiles on 4 SMs run in 3 waves of 4 slots of 128² each.
    assert gemm_shape_efficiency(384, 384, 4, (128, 128)) == pytest.approx(
        384 * 384 / (3 * 4 * 128 * 128)
    )
    # 100×128: one tile, a 100/128 share of it used, 1 of 4 SMs busy.
    assert gemm_shape_efficiency(100, 128, 4, (128, 128)) == pytest.approx(
        100 * 128 / (4 * 128 * 128)
    )
    assert gemm_shape_efficiency(100, 128, None, None) == 1.0


def test_gemm_dims_from_recorded_shapes() -> None:
    assert gemm_dims("mm", "[4096,8192] [8192,1024]") == (1.0, 4096.0, 8192.0, 1024.0)
    assert gemm_dims("addmm", "[1024] [4096,8192] [8192,1024]") == (1.0, 4096.0, 8192.0, 1024.0)
    assert gemm_dims("bmm", "[64,2048,128] [64,128,2048]") == (64.0, 2048.0, 128.0, 2048.0)
    assert gemm_dims("mm", "[4096,8192] [4096,1024]") is None


def _cal(**changes: dict) -> Calibration:
    return calibration(
        device_from_dict(DEVICE), builtin=_table(**{"test-gpu": {**FULL, **changes}})
    )


def test_op_seconds_by_hand() -> None:
    cal, dev = _cal(), device_from_dict(DEVICE)
    peak = dev.peak("bf16")
    # A memory-bound op: bytes at 90 % of 2 TB/s, plus the 3 µs launch.
    assert cal.op_seconds(dev, "pointwise", 1e6, 1.8e9, peak) == pytest.approx(
        1.8e9 / 1.8e12 + 3e-6
    )
    # A GEMM of 8192³ on 100 SMs with 128² tiles: 4096 tiles, 41 waves; the reference is 8192³,
    # so the efficiency is the calibrated 0.8 exactly.
    flops = 2 * 8192**3
    t = cal.op_seconds(dev, "matmul", flops, 3 * 8192**2 * 2, peak, dims=(1, 8192, 8192, 8192))
    assert t == pytest.approx(flops / (0.8 * peak) + 3e-6)
    # A 384×384 output is quantized: 0.75 of the waves' slots, against the reference's.
    ref = gemm_shape_efficiency(8192, 8192, 100, (128, 128))
    small = gemm_shape_efficiency(384, 384, 100, (128, 128))
    t = cal.op_seconds(dev, "matmul", 2 * 384 * 384 * 8192, 1.0, peak, dims=(1, 384, 8192, 384))
    assert t == pytest.approx(2 * 384 * 384 * 8192 / (peak * 0.8 * small / ref) + 3e-6)
    # Causal flash attention: half the work at the causal efficiency (0.54 forward; backward 0.5
    # times the forward's causal ratio 0.9).
    f = 4e12
    assert cal.op_seconds(dev, "attention", f, 1.0, peak) == pytest.approx(
        f / 2 / (0.54 * peak) + 3e-6
    )
    back = cal.op_seconds(dev, "attention", f, 1.0, peak, backward=True)
    assert back == pytest.approx(f / 2 / (0.5 * 0.9 * peak) + 3e-6)
    assert cal.op_seconds(dev, "pointwise", 0, 0, peak) == 0.0


def test_busbw_and_bandwidth() -> None:
    cal, dev = _cal(), device_from_dict(DEVICE)
    assert cal.busbw(400e9, inter_node=False) == pytest.approx(320e9)
    assert cal.busbw(50e9, inter_node=True) == pytest.approx(35e9)
    assert cal.bandwidth(dev) == pytest.approx(1.8e12)
    assert math.isclose(cal.launch_s, 3e-6)


def test_this_machine_is_its_own_calibration() -> None:
    from core.bench.this_machine import this_machine

    points = [{"op": "matmul", "dtype": "fp32", "flop_rate": 1e11, "device": "cpu",
               "device_name": "cpu", "threads": 1},
              {"op": "copy", "dtype": "fp32", "byte_rate": 1e10, "device": "cpu"}]  # fmt: skip
    machine = this_machine(points)
    cal = calibration(machine, measured=machine, builtin=load_builtin())
    assert cal["gemm_efficiency"] == 1.0 and cal["memory_bandwidth_fraction"] == 1.0
    assert cal.launch_s == 0.0
    assert any("measured here" in str(s) for s in cal.sources.values())


def test_ring_latency_is_nccls_own_model_by_hand() -> None:
    # NCCL src/graph/tuning.cc (ring, Simple): base + (steps - net steps) * intra + net * inter,
    # an intra-node hop on a multi-node ring costing at least 3 network post overheads.
    cal = _cal(
        nccl_base_latency_s={"value": 8.4e-6, "source": "nccl"},
        ring_hop_latency_intra_s={"value": 3.4e-6, "source": "nccl"},
        ring_hop_latency_inter_s={"value": 14e-6, "source": "nccl"},
        net_post_overhead_s={"value": 2e-6, "source": "nccl"},
    )
    # 8 GPUs of one node: 7 hops (all-gather), 14 (all-reduce), all over NVLink.
    assert cal.ring_latency_s("all-gather", 8, 1) == pytest.approx(8.4e-6 + 7 * 3.4e-6)
    assert cal.ring_latency_s("all-reduce", 8, 1) == pytest.approx(8.4e-6 + 14 * 3.4e-6)
    # 512 ranks on 64 nodes: 511 hops, 63 of them over the network; the other 448 cost
    # max(3.4, 3 x 2) = 6 µs each.
    want = 8.4e-6 + 448 * 6e-6 + 63 * 14e-6
    assert cal.ring_latency_s("reduce-scatter", 512, 64) == pytest.approx(want)
    assert cal.ring_latency_s("all-reduce", 512, 64) == pytest.approx(
        8.4e-6 + (1022 - 126) * 6e-6 + 126 * 14e-6
    )
    assert cal.ring_latency_s("all-gather", 1, 1) == 0.0
    assert cal.hop_latency_s(True) == 14e-6 and cal.hop_latency_s(False) == 3.4e-6
    # Without the constants there is no latency (a device the file gives none for).
    assert _cal().ring_latency_s("all-reduce", 512, 64) == 0.0


TABLE = {
    "peak_flops": 1e15,
    "default": "flash3",
    "kernels": {
        "flash3": {
            "fwd": {"seq": [1024, 4096], "tflops": [500, 700]},
            "fwd_causal": {"seq": [1024, 4096], "tflops": [300, 600]},
            "bwd": {"seq": [1024, 4096], "tflops": [400, 560]},
        },
        "flash1": {"fwd_bwd": {"seq": [2048], "tflops": [200]},
                   "fwd_bwd_causal": {"seq": [2048], "tflops": [150]}},
        "triton": {"fwd": {"seq": [1024, 4096], "tflops": [350, 350]}},
    },
}  # fmt: skip


def test_attention_kernels_from_benchmark_figures_by_hand() -> None:
    cal = _cal(attention_kernels={"value": TABLE, "source": "FA papers"})
    # The default kernel at a measured length: its figure over the figures' peak.
    assert cal.attention_efficiency(False, False, 4096) == pytest.approx(0.7)
    # Between lengths, linear in log2(seq): 2048 is halfway from 1024 to 4096.
    assert cal.attention_efficiency(False, True, 2048) == pytest.approx(0.45)
    # Beyond the measured lengths: flat.
    assert cal.attention_efficiency(True, False, 65536) == pytest.approx(0.56)
    # A causal backward: the backward times the forward's causal ratio at that length.
    assert cal.attention_efficiency(True, True, 1024) == pytest.approx(0.4 * 300 / 500)
    # Measured only forward+backward together: both run at that rate.
    assert cal.attention_efficiency(False, True, 2048, "flash1") == pytest.approx(0.15)
    assert cal.attention_efficiency(True, False, 8192, "flash1") == pytest.approx(0.2)
    # Measured only forward: the backward at the default kernel's backward/forward ratio.
    assert cal.attention_efficiency(True, False, 1024, "triton") == pytest.approx(0.35 * 0.8)
    # A kernel the table does not measure takes the default's figures; no length, the scalars.
    assert cal.attention_efficiency(False, False, 4096, "cudnn") == pytest.approx(0.7)
    assert cal.attention_kernel("cudnn") == "flash3" == cal.attention_kernel(None)
    assert cal.attention_efficiency(False, False) == pytest.approx(0.6)
    assert _cal().attention_kernel("flash2") is None
    # Causal work is half the full-s² FLOPs the trace counts.
    assert cal.attention_seconds(4e12, 1e15, False, True, 4096) == pytest.approx(2e12 / 0.6e15)
    out = cal.to_dict()["values"]["attention_kernels"]
    assert out["kernels"]["flash3"]["fwd"] == {"seq": [1024, 4096], "tflops": [500, 700]}


@pytest.mark.parametrize(
    "table, needle",
    [
        ({**TABLE, "default": "cudnn"}, "default"),
        ({**TABLE, "kernels": {"flash9": TABLE["kernels"]["flash1"]}, "default": "flash9"},
         "flash9"),
        ({**TABLE, "kernels": {"flash3": {"fwd": {"seq": [4096, 1024], "tflops": [1, 2]}}}},
         "increasing"),
        ({**TABLE, "kernels": {"flash3": {"bwd": {"seq": [1024], "tflops": [1]}}}},
         "needs fwd"),
        ({**TABLE, "peak_flops": True}, "peak_flops"),
    ],
)  # fmt: skip
def test_bad_attention_tables_are_refused_by_name(table: dict, needle: str) -> None:
    with pytest.raises(InputError, match=needle):
        _table(d={**FULL, "attention_kernels": {"value": table, "source": "x"}})


def test_the_k_loop_fixed_cost_and_the_measured_shape_by_hand() -> None:
    # A tile's fixed cost worth 256 K-iterations: K = 768 does 768/1024 of useful work.
    assert gemm_shape_efficiency(256, 256, 4, (128, 128), 1, 768, 256) == pytest.approx(0.75)
    assert gemm_shape_efficiency(256, 256, None, None, 1, 256, 256) == pytest.approx(0.5)
    # The efficiency measured at its shape comes back at that shape, whatever the shape model.
    cal = _cal(
        gemm_efficiency={"value": 0.8, "source": "mamf", "shape": [1024, 4096, 1024]},
        gemm_k_overhead={"value": 256, "source": "sweep"},
    )
    assert cal.values["gemm_reference"] == (1024, 4096, 1024)
    assert cal.gemm_rate(1e15, 1024, 4096, 1, "bf16", 1024) == pytest.approx(0.8e15)
    # K = 256 on the same output: (256/512) / (1024/1280) of it.
    assert cal.gemm_rate(1e15, 1024, 4096, 1, "bf16", 256) == pytest.approx(
        0.8e15 * (256 / 512) / (1024 / 1280)
    )
    # K = 4096 is a shape the model rates better than the measured one: capped at what was
    # measured (uncapped it would be (4096/4352) / (1024/1280) = 1.18 of it).
    assert cal.gemm_rate(1e15, 1024, 4096, 1, "bf16", 4096) == pytest.approx(0.8e15)
    # A project measurement wins with its own shape.
    measured = _cal(gemm_efficiency={"value": 0.8, "source": "mamf", "shape": [1024, 4096, 1024],
                                     "measured": {"value": 0.7, "source": "docs/gpu.md",
                                                  "shape": [8192, 8192, 8192]}})  # fmt: skip
    assert measured.values["gemm_reference"] == (8192, 8192, 8192)
    assert measured["gemm_efficiency"] == 0.7
