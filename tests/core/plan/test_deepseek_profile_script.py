"""``benchmarks/deepseek_profile.py``: the profile's kernels sorted into the plan's kinds and divided
over the chunk's four layers, checked on a small trace made here by hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.benchmark_scripts import load_script


def _script():
    return load_script("deepseek_profile", "deepseek_profile_script")


def _kernel(name: str, ts: float, dur: float, tid: int) -> dict:
    return {"cat": "kernel", "ph": "X", "name": name, "ts": ts, "dur": dur, "tid": tid}


def test_kernels_by_kind_per_layer_by_hand(tmp_path: Path) -> None:
    events = [
        _kernel("void flash::compute_attn_ws<Flash_fwd_kernel_traits<192>>", 0, 400, 7),
        _kernel("void cutlass::device_kernel<flash::FlashAttnBwd<...>>", 400, 1200, 7),
        _kernel("void cutlass::device_kernel<dpsk::grouped_gemm::fp8>", 1600, 2000, 7),
        _kernel("sm90_xmma_gemm_bf16bf16_bf16f32_f32_nn_n", 3600, 400, 7),
        _kernel("void cutlass::device_kernel<dpsk::grouped_gemm::fp8>", 3800, 1000, 23),  # overlaps
        _kernel("void layer_norm::ln_fwd_kernel", 6000, 200, 7),
        _kernel("void dpsk::ep::internode::combine", 0, 5000, 27),
        {"cat": "cpu_op", "ph": "X", "name": "aten::mm", "ts": 0, "dur": 9999, "tid": 1},
    ]
    path = tmp_path / "train.json"
    path.write_text(json.dumps({"traceEvents": events}), "utf-8")
    got = _script().profile_per_layer(path)
    ms_per_layer = 1 / 1000 / 4  # microseconds of four layers -> milliseconds of one
    assert got["attention forward"] == pytest.approx(400 * ms_per_layer)
    assert got["attention backward"] == pytest.approx(1200 * ms_per_layer)
    assert got["GEMMs"] == pytest.approx((2000 + 400 + 1000) * ms_per_layer)
    # compute streams busy: 0-4800 (the stream-23 GEMM overlaps 3800-4000) and 6000-6200
    assert got["whole layer (compute streams busy)"] == pytest.approx((4800 + 200) * ms_per_layer)
    assert got["communication kernels (resident)"] == pytest.approx(5000 * ms_per_layer)
