"""Suites, points and "This machine": costs from core.roofline.ops, per-case errors, ceilings from points."""

from __future__ import annotations

import pytest

from core.bench.suites import Case, build_suite, eta_seconds, run_case, run_suite
from core.bench.this_machine import THIS_MACHINE_ID, match_hardware, this_machine
from core.errors import InputError
from core.roofline.hardware import load_catalog

torch = pytest.importorskip("torch")

TINY = 0.005  # seconds of timed work per case: enough to exercise the path, not to measure


def test_quick_suite_covers_the_issue_ops_on_cpu():
    cases = build_suite("quick", "cpu")
    ops = {c.op for c in cases}
    assert {"matmul", "relu", "gelu", "dot", "matvec", "copy", "softmax", "layernorm"} <= ops
    assert {c.dtype for c in cases if c.op == "matmul"} >= {"fp32", "bf16", "fp16"}
    assert "h2d" not in ops  # host-to-device copies only where there is a device
    assert sum(c.budget_s for c in cases) < 20  # leaves room for warm-up inside a minute
    with pytest.raises(InputError, match="allowed: quick, full"):
        build_suite("huge")


def test_matmul_point_counts_by_hand_and_uses_the_reference_peak():
    h100 = load_catalog().get("h100-sxm")
    n = 64
    p = run_case(Case("matmul", "fp32", {"m": n, "k": n, "n": n}, budget_s=TINY), reference=h100)
    assert p["flops"] == 2 * n**3  # one multiply and one add per (i, j, k)
    assert p["bytes"] == 3 * n * n * 4  # read A and B, write C, 4 bytes each
    assert p["seconds"] > 0 and p["spread"] >= 0
    assert p["flop_rate"] == pytest.approx(p["flops"] / p["seconds"])
    assert p["mfu"] == pytest.approx(p["flop_rate"] / h100.peak("fp32"))
    assert p["bw_util"] == pytest.approx(p["byte_rate"] / h100.mem_bandwidth)
    assert p["device"] == "cpu" and p["shape"] == [n, n, n]


def test_a_failing_case_is_reported_and_the_run_goes_on():
    cases = [
        Case("h2d", "fp32", {"n": 16}, variant="pinned", budget_s=TINY),  # needs CUDA
        Case("matmul", "fp4", {"m": 8, "k": 8, "n": 8}, budget_s=TINY),  # no torch fp4 tensors
        Case("copy", "fp32", {"n": 1024}, budget_s=TINY),
    ]
    outcomes = list(run_suite(cases, threads=1))
    assert [o.point is not None for o in outcomes] == [False, False, True]
    assert "CUDA" in outcomes[0].error and "fp4" in outcomes[1].error
    assert outcomes[2].point["bytes"] == 2 * 1024 * 4


def test_eta_scales_remaining_budget_by_observed_pace():
    cases = [Case("copy", "fp32", {"n": 8}, budget_s=b) for b in (1.0, 1.0, 2.0)]
    # Two 1 s budgets took 4 s: the remaining 2 s budget should take about 4 s.
    assert eta_seconds(cases, 2, 4.0) == pytest.approx(4.0)
    assert eta_seconds(cases, 3, 9.0) == 0


def test_this_machine_takes_the_best_matmul_per_dtype_and_the_copy_bandwidth():
    base = {"device": "cpu", "device_name": "Test CPU", "threads": 2, "flops": 1, "bytes": 1}
    points = [
        {**base, "op": "matmul", "dtype": "fp32", "flop_rate": 50e9, "byte_rate": 1e9},
        {**base, "op": "matmul", "dtype": "fp32", "flop_rate": 80e9, "byte_rate": 1e9},
        {**base, "op": "matmul", "dtype": "bf16", "flop_rate": 300e9, "byte_rate": 1e9},
        {**base, "op": "copy", "dtype": "fp32", "flop_rate": 0, "byte_rate": 20e9},
        {**base, "op": "relu", "dtype": "fp32", "flop_rate": 1e9, "byte_rate": 25e9},
    ]
    dev = this_machine(points, memory_bytes=64e9)
    assert dev.id == THIS_MACHINE_ID
    assert dict(dev.peak_flops) == {"fp32": 80e9, "bf16": 300e9}
    assert dev.mem_bandwidth == 20e9  # the copy, not the faster-looking cached relu
    assert "Test CPU, 2 threads" in dev.name and dev.extra["threads"] == 2
    with pytest.raises(InputError, match="no matmul"):
        this_machine(points[3:])


@pytest.mark.parametrize(
    ("gpu", "expected"),
    [
        # Names as torch.cuda.get_device_name reports them; None where the catalog has no entry
        # of that model, variant and memory size (a near miss is a wrong ceiling, not a match).
        ("NVIDIA H100 80GB HBM3", "h100-sxm"),
        ("NVIDIA H100 PCIe", "h100-pcie"),
        ("NVIDIA H100 NVL", "h100-nvl"),
        ("NVIDIA H200", "h200"),
        ("NVIDIA A100-SXM4-80GB", "a100-sxm"),
        ("NVIDIA A100-SXM4-40GB", "a100-sxm-40gb"),
        ("NVIDIA A100 80GB PCIe", None),
        ("NVIDIA A100-PCIE-40GB", None),
        ("NVIDIA GeForce RTX 4090", "rtx-4090"),
        ("NVIDIA GeForce RTX 4080", None),
        ("NVIDIA RTX 6000 Ada Generation", None),
        ("NVIDIA L40S", "l40s"),
        ("Tesla T4", "t4"),
        ("Tesla V100-SXM2-16GB", None),
        ("NVIDIA B200", "b200"),
        ("AMD Instinct MI300X", "mi300x"),
        ("NVIDIA A10G", "a10g"),
        ("Some Unknown GPU", None),
        ("", None),
    ],
)
def test_gpu_names_match_their_hardware_entry(gpu, expected):
    assert match_hardware(gpu, load_catalog()) == expected


def test_every_catalog_name_matches_its_own_entry_only():
    catalog = load_catalog()
    for device in catalog.devices:
        assert match_hardware(device.name, catalog) == device.id


def test_a_run_without_a_copy_gives_no_bandwidth_not_a_placeholder():
    # A cancelled run: one matmul, a relu, no copy. The old code made up 1 B/s (ReLU: 97 days).
    base = {"device": "cpu", "device_name": "Test CPU", "threads": 2, "flops": 1, "bytes": 1}
    points = [
        {**base, "op": "matmul", "dtype": "fp32", "flop_rate": 50e9, "byte_rate": 1e9},
        {**base, "op": "relu", "dtype": "fp32", "flop_rate": 1e9, "byte_rate": 25e9},
    ]
    dev = this_machine(points, memory_bytes=64e9)
    assert dev.mem_bandwidth is None
    assert "no copy was measured" in dev.source
    with pytest.raises(InputError, match="no memory bandwidth"):
        dev.bandwidth()
    # Every roofline consumer says "not measured" instead of a number.
    from core.roofline.bounds import ceilings, evaluate, vector_ceiling
    from core.roofline.ops import op_cost

    assert ceilings(dev) == [] and vector_ceiling(dev) is None
    with pytest.raises(InputError, match="no copy was measured"):
        evaluate(op_cost("relu", "fp32", n=1024), dev)
    # A copy that measured nothing usable (0 B/s, NaN) is no measurement either.
    bad = [
        {**base, "op": "copy", "dtype": "fp32", "flop_rate": 0, "byte_rate": r}
        for r in (0.0, float("nan"))
    ]
    assert this_machine(points + bad, memory_bytes=1e9).mem_bandwidth is None


def test_a_measured_gpu_takes_the_matched_entrys_capacity_and_family():
    point = {
        "device": "cuda",
        "device_name": "NVIDIA A100-SXM4-40GB",
        "op": "matmul",
        "dtype": "bf16",
        "flop_rate": 250e12,
        "byte_rate": 1e9,
    }
    copy = {**point, "op": "copy", "flop_rate": 0.0, "byte_rate": 1.3e12}
    dev = this_machine([point, copy], catalog=load_catalog())
    assert dev.extra["matches"] == "a100-sxm-40gb"
    assert dev.memory_bytes == 40e9  # the datasheet's 40 GB, not a guessed 80 GB
    assert dev.mem_bandwidth == 1.3e12 and dev.family == "cuda"


def test_host_to_device_copies_are_compared_with_the_host_link_not_hbm():
    from core.bench.host_link import host_link
    from core.bench.suites import utilisation

    h200 = load_catalog().get("h200")
    h2d = Case("h2d", "fp32", {"n": 1 << 26}, variant="pinned")
    # The H200 measured 55 GB/s pinned: 87 % of PCIe 5.0 x16 (32 GT/s × 16 × 128/130 / 8 bytes).
    got = utilisation(h2d, 0.0, 55e9, h200)
    assert got["bw_ref"] == "PCIe 5.0 x16"
    assert got["bw_util"] == pytest.approx(55e9 / (32e9 * 16 * 128 / 130 / 8))
    assert got["mfu"] is None and got["hfu"] is None
    matmul = utilisation(Case("matmul", "bf16", {"m": 64, "k": 64, "n": 64}), 5e14, 0.0, h200)
    assert matmul["mfu"] == matmul["hfu"] == pytest.approx(5e14 / 989.5e12)  # one op: HFU = MFU
    copy = utilisation(Case("copy", "fp32", {"n": 1 << 28}), 0.0, 4.25e12, h200)
    assert copy["bw_ref"] == "memory" and copy["bw_util"] == pytest.approx(4.25e12 / 4.8e12)
    # Every NVIDIA and AMD catalog entry knows its link; TPUs and Apple GPUs have none here.
    for device in load_catalog().devices:
        if device.vendor in ("NVIDIA", "AMD"):
            assert host_link(device.id) is not None, device.id
    assert utilisation(h2d, 0.0, 1e9, load_catalog().get("tpu-v5e"))["bw_util"] is None


def test_fp8_matmul_pins_fp32_scales_whatever_the_default_dtype():
    torch = pytest.importorskip("torch")
    from core.bench.suites import FP8_FAST_ACCUM, _prepare

    old = torch.get_default_dtype()
    torch.set_default_dtype(torch.float64)
    try:
        fn = _prepare(Case("matmul", "fp8", {"m": 32, "k": 32, "n": 32}), "cpu")
        out = fn()
    except RuntimeError as exc:  # a torch build without CPU _scaled_mm
        pytest.skip(f"no fp8 matmul here: {exc}")
    finally:
        torch.set_default_dtype(old)
    assert out.dtype == torch.bfloat16 and out.shape == (32, 32)
    assert FP8_FAST_ACCUM is False  # stated in every fp8 point


def test_layer_norm_is_timed_with_the_allocating_kernel():
    torch = pytest.importorskip("torch")
    from core.bench.suites import _prepare

    fn = _prepare(Case("layernorm", "fp32", {"m": 8, "n": 16}), "cpu")
    recorded = []

    class Spy(torch.utils._python_dispatch.TorchDispatchMode):
        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            recorded.append(str(func))
            return func(*args, **(kwargs or {}))

    with Spy():
        fn()
    assert recorded == ["aten.native_layer_norm.default"]  # not the .out wrapper (extra copies)
