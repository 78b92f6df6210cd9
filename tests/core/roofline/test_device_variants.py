"""Devices as deployed (issue 38 item 7): ``--device h100-sxm:memory=96GB,nvlink=400GB/s`` is the
H100 SXM's chip with the memory and links a published run used; its peaks and calibration stay
the base's, bad keys and values are refused by name, and a power limit is refused with the
reason (no measured power-to-clock relation); ``peak=`` gives the chip's dense BF16 peak at the
clocks it holds as deployed, every dtype's peak scaled alike, the calibration's fractions kept."""

from __future__ import annotations

import pytest

from core.errors import InputError
from core.roofline.achievable import calibration
from core.roofline.hardware import VARIANT_KEYS, device_variant, load_catalog


def test_a_variant_changes_memory_and_links_and_keeps_the_chip() -> None:
    catalog = load_catalog()
    base = catalog.get("h100-sxm")
    v = catalog.get("h100-sxm:memory=96GB,bandwidth=3.9TB/s,nvlink=200GB/s,network=25GB/s")
    assert v.memory_bytes == 96e9 and v.capacity_bytes == 96e9  # the stated size, no driver total
    assert v.mem_bandwidth == 3.9e12 and v.bandwidth() == 3.9e12
    assert v.intra_node_bandwidth == 200e9 and v.inter_node_bandwidth == 25e9
    assert v.peak("bf16") == base.peak("bf16") and v.peak("fp8") == base.peak("fp8")
    assert v.extra["variant_of"] == "h100-sxm" and v.id.startswith("h100-sxm:")
    # One key changes one field: the rest is the base's.
    only = catalog.get("h100-sxm:nvlink=200GB/s")
    assert only.memory_bytes == base.memory_bytes
    assert only.capacity_bytes == base.capacity_bytes
    assert only.mem_bandwidth == base.mem_bandwidth


def test_a_variant_is_calibrated_as_its_chip_on_its_own_memory_and_links() -> None:
    catalog = load_catalog()
    base, v = catalog.get("h100-sxm"), catalog.get("h100-sxm:bandwidth=3.9TB/s,nvlink=200GB/s")
    cb, cv = calibration(base), calibration(v)
    assert cv.device_id == v.id
    assert dict(cv.values) == dict(cb.values)
    assert any("a variant of h100-sxm" in str(n) for n in cv.notes)
    # The base's fractions on the variant's figures: 0.916 of 3.9 TB/s, 0.816 of 200 GB/s.
    frac = cb["memory_bandwidth_fraction"]
    assert cv.bandwidth(v) == pytest.approx(3.9e12 * frac)
    assert cv.busbw(v.intra_node_bandwidth, inter_node=False) == pytest.approx(
        200e9 * cb["intra_node_busbw_fraction"]
    )


@pytest.mark.parametrize(
    ("spec", "needle"),
    [
        ("h100-sxm:memory", "is not KEY=VALUE"),
        ("h100-sxm:hbm=96GB", "unknown key"),
        ("h100-sxm:memory=lots", "device memory"),
        ("h100-sxm:memory=0GB", "above 0"),
        ("h100-sxm:memory=96GB,memory=80GB", "given twice"),
        ("h100-sxm:power=500W", "power limit is not modelled"),
        ("h100-sxm:peak=fast", "device peak"),
        ("h100-sxm:peak=0TFLOP/s", "above 0"),
        ("h100-sxm:peak=2000TFLOP/s", "above h100-sxm's datasheet 989.5 TFLOP/s"),
        ("h999:memory=96GB", "unknown"),
    ],
)
def test_bad_variants_are_refused_by_name(spec: str, needle: str) -> None:
    with pytest.raises(InputError, match=needle) as info:
        load_catalog().get(spec)
    if "KEY=VALUE" in needle or "unknown key" in needle or "power" in needle:
        for key in VARIANT_KEYS:
            assert f"{key}=" in info.value.message


def test_a_variant_id_reads_back_as_the_same_device() -> None:
    catalog = load_catalog()
    v = catalog.get("h100-sxm: network=25GB/s , memory=96GB")
    again = catalog.get(v.id)
    assert again == v and again.id == "h100-sxm:memory=96GB,network=25GB/s"
    assert device_variant(catalog.get("h100-sxm"), "memory=96e9").memory_bytes == 96e9


def test_a_peak_scales_every_dtype_by_the_clocks_and_keeps_the_fractions() -> None:
    catalog = load_catalog()
    base = catalog.get("h100-sxm")
    nvl = catalog.get("h100-nvl")
    # the torchtitan pages' H100 at 500 W: a peak "between SXM and NVL", its conservative end
    v = catalog.get("h100-sxm:memory=96GB,bandwidth=2400GB/s,peak=835.5TFLOP/s")
    ratio = nvl.peak("bf16") / base.peak("bf16")
    assert v.peak("bf16") == nvl.peak("bf16")
    for dtype in base.dtypes:
        assert v.peak(dtype) == pytest.approx(base.peak(dtype) * ratio, rel=1e-12)
    assert v.peak("fp8") == pytest.approx(nvl.peak("fp8"), rel=1e-3)  # the datasheet's, rounded
    assert v.memory_bytes == 96e9 and v.mem_bandwidth == 2.4e12
    assert v.id == "h100-sxm:memory=96GB,bandwidth=2400GB/s,peak=835.5TFLOP/s"
    assert catalog.get(v.id) == v
    cb, cv = calibration(base), calibration(v)
    assert dict(cv.values) == dict(cb.values)
    # a GEMM runs at the base's fraction of the variant's peak: the clocks' ratio of the base's
    shape = (8192.0, 8192.0, 1, "bf16", 8192.0)
    assert cv.gemm_rate(v.peak("bf16"), *shape) == pytest.approx(
        cb.gemm_rate(base.peak("bf16"), *shape) * ratio, rel=1e-12
    )


def test_the_power_refusal_points_to_the_peak() -> None:
    with pytest.raises(InputError, match="peak=") as info:
        load_catalog().get("h100-sxm:power=500W")
    assert "calibration --set" in info.value.message
