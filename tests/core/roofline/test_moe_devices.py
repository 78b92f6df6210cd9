"""The devices MoE plans need (H800, B300, GB300) and the all-to-all fractions: each figure is
derived here by hand from the source's own numbers (datasheets, nccl-tests, DeepEP's tables),
and the calibration follows the one method: a measurement of the device or its die, else the
conservative end, said in the notes."""

from __future__ import annotations

import re

import pytest

from core.roofline.achievable import builtin_stand_ins, calibration
from core.roofline.hardware import device_from_dict, load_catalog


def _cal(dev_id: str):
    return calibration(load_catalog().get(dev_id))


def test_h800_is_an_h100_with_less_nvlink() -> None:
    catalog = load_catalog()
    h800, h100 = catalog.get("h800"), catalog.get("h100-sxm")
    for dtype in ("bf16", "fp16", "fp8", "tf32", "fp32"):
        assert h800.peak(dtype) == h100.peak(dtype)
    # NVLink 400 GB/s bidirectional: 200e9 each way, the file's per-direction convention
    # (the H100's 900 GB/s is 450e9 there).
    assert h800.intra_node_bandwidth == 400e9 / 2 and h100.intra_node_bandwidth == 900e9 / 2
    assert h800.inter_node_bandwidth == 400e9 / 8  # one CX7 400 Gb/s per GPU
    assert h800.nvlink_domain is None  # an HGX board: the NVLink domain is the node


def test_h800_takes_the_gh100_gemm_and_its_own_all_to_all() -> None:
    cal = _cal("h800")
    # This project's sustained 8192³ run on the H200 (the same GH100 die at the same peak).
    assert cal["gemm_efficiency"] == pytest.approx(670.6 / 989.5, abs=1e-4)
    # DeepEP's H800 normal kernels: intranode EP 8 dispatch 153 GB/s over 200 GB/s each way;
    # internode, the lowest of 43/58/51 (dispatch) and 43/57/50 (combine) over a 50 GB/s NIC.
    assert cal["intra_node_alltoall_busbw_fraction"] == pytest.approx(153 / 200, abs=1e-3)
    assert cal["inter_node_alltoall_busbw_fraction"] == pytest.approx(min(43, 58, 51) / 50)
    assert any("conservative end" in str(n) for n in cal.notes)


def test_the_all_to_all_fractions_follow_from_their_measurements() -> None:
    # nccl-tests alltoall on 4 H100s, 500 MiB: busbw 334.90 GB/s (= algbw 446.53 × 3/4).
    assert _cal("h100-sxm")["intra_node_alltoall_busbw_fraction"] == pytest.approx(
        334.90 / 450, abs=1e-3
    )
    # DeepEP V2 on SM100, EP 8 over NVLink 5, the fewest SMs: dispatch 643 GB/s of 900.
    assert _cal("b200")["intra_node_alltoall_busbw_fraction"] == pytest.approx(643 / 900, abs=1e-3)
    # GB200 and GB300 take their die's (B200, B300) figures.
    assert (
        _cal("gb200")["intra_node_alltoall_busbw_fraction"]
        == _cal("b200")["intra_node_alltoall_busbw_fraction"]
    )


def test_a_device_without_an_all_to_all_figure_uses_its_ring_fraction() -> None:
    cal = _cal("a100-sxm")
    assert "intra_node_alltoall_busbw_fraction" not in cal.values
    assert cal.alltoall_fraction_source(False) == "ring"
    assert cal.alltoall_busbw(300e9, False) == pytest.approx(
        300e9 * cal["intra_node_busbw_fraction"]
    )
    h100 = _cal("h100-sxm")
    assert h100.alltoall_fraction_source(True) == "alltoall"
    assert h100.alltoall_busbw(50e9, True) == pytest.approx(50e9 * 0.86)


def test_the_all_to_all_latency_is_one_step_of_nccls_model() -> None:
    cal = _cal("h100-sxm")
    # NCCL's tuner constants: base 8.4 µs, NVLink hop 3.4 µs, network hop 14 µs.
    assert cal.alltoall_latency_s(False) == pytest.approx(8.4e-6 + 3.4e-6)
    assert cal.alltoall_latency_s(True) == pytest.approx(8.4e-6 + 14e-6)


def test_b300_and_gb300_datasheet_figures() -> None:
    catalog = load_catalog()
    b300, gb300, b200 = catalog.get("b300"), catalog.get("gb300"), catalog.get("b200")
    assert b300.peak("bf16") == b200.peak("bf16") == 2.25e15  # BF16 unchanged on Blackwell Ultra
    assert b300.peak("fp4") == 108e15 / 8 > b200.peak("fp4")
    assert gb300.peak("bf16") == 360e15 / 72 / 2  # NVL72: 360 PF BF16 sparse
    assert gb300.memory_bytes == pytest.approx(20.1e12 / 72, rel=0.01)
    assert gb300.nvlink_domain == 72 and catalog.get("gb200").nvlink_domain == 72
    assert b300.nvlink_domain is None  # HGX: the board is the domain


def test_b300_and_gb300_are_calibrated_at_the_conservative_end() -> None:
    rate = 2 * 8192**3 / 7.74e-4  # the B200's fixed-shape figure (pytorch/ao)
    b300, gb300 = _cal("b300"), _cal("gb300")
    assert b300["gemm_efficiency"] == pytest.approx(rate / 2.25e15, abs=1e-4)
    # the GB300's bf16 GEMM is measured: torch.matmul at 8192^3 in 0.640230 ms on a GB300
    # (facebookexperimental/triton#740, FP16 inputs: the datasheet's FP16 and BF16 rates agree)
    assert gb300["gemm_efficiency"] == pytest.approx(2 * 8192**3 / 0.640230e-3 / 2.5e15, abs=1e-4)
    assert gb300["gemm_efficiency"] > rate / 2.5e15  # above the conservative stand-in it replaced
    assert b300["gemm_efficiency_fp8"] == pytest.approx(2764981863158106 / 4.5e15, abs=1e-4)
    # attention: cuDNN's GB300 benchmark (2017 / 1531 TFLOP/s at 8K, forward / backward), the
    # B300 at the same fractions of its own peak (tests/core/roofline/test_calibration_method.py)
    assert gb300["attention_forward_efficiency"] == pytest.approx(2017e12 / 2.5e15, abs=1e-4)
    assert b300["attention_backward_efficiency"] == pytest.approx(1531e12 / 2.5e15, abs=1e-4)
    # the network: the lower of the two measured NVIDIA ring fractions (H200 0.912, B200 0.943)
    assert b300["inter_node_busbw_fraction"] == pytest.approx(364.87 / (8 * 50), abs=1e-3)
    assert b300.sm_count == 160
    for cal in (b300, gb300):
        for name in ("gemm_efficiency", "memory_bandwidth_fraction", "kernel_launch_overhead_s",
                     "overlap_compute_slowdown", "gemm_k_overhead"):  # fmt: skip
            assert cal.origins[name] in ("builtin", "sibling"), name  # never a family median
        text = " ".join(str(n) for n in cal.notes)
        assert "gemm_efficiency = " in text and "conservative end" in text


def test_a_stand_in_of_the_new_devices_is_not_lent_to_others() -> None:
    # A CUDA device with no calibration assumes the family's medians of measured figures only.
    dev = device_from_dict({
        "id": "t", "name": "T", "vendor": "NVIDIA", "peak_flops": {"bf16": 1e15},
        "mem_bandwidth": 2e12, "memory_bytes": 80e9, "source": "test",
    })  # fmt: skip
    cal = calibration(dev)
    stand_ins = builtin_stand_ins()
    for name in ("gemm_efficiency", "intra_node_busbw_fraction", "inter_node_busbw_fraction"):
        lent = re.findall(r"[\w-]+", cal.sources[name].split("median of", 1)[1])
        assert "b300" not in lent, name  # every B300 figure is a stand-in
        assert not [d for d in lent if (d, name) in stand_ins], name
    # the GB300's bf16 GEMM is a measurement now: it joins the family's median
    assert "gb300" in re.findall(r"[\w-]+", cal.sources["gemm_efficiency"])
