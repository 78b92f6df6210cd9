"""The hardware database: checked against the reference CSV and the lecture's H100 numbers."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from core.errors import InputError
from core.roofline.hardware import DTYPES, builtin_devices, load_catalog

REFERENCE = next(
    (
        parent / "shared" / "reference" / "hardware.csv"
        for parent in Path(__file__).resolve().parents
        if (parent / "shared" / "reference" / "hardware.csv").exists()
    ),
    Path("shared/reference/hardware.csv"),
)

# Entries the reference CSV lacks, checked against the datasheet numbers written out here
# (NVIDIA H100 datasheet, NVL column; A100 datasheet 2020, 40 GB SXM column; dense = sparse / 2).
NOT_IN_CSV = {
    "h100-nvl": {
        "bf16": 1671e12 / 2,
        "fp8": 3341e12 / 2,
        "tf32": 835e12 / 2,
        "fp32": 60e12,
        "mem_bandwidth": 3.9e12,
        "memory_bytes": 94e9,
    },
    "a100-sxm-40gb": {
        "bf16": 624e12 / 2,
        "tf32": 312e12 / 2,
        "fp32": 19.5e12,
        "mem_bandwidth": 1555e9,
        "memory_bytes": 40e9,
    },
    # H800 SXM: the H100 SXM datasheet's tensor figures (sparse / 2), FP64 cut to 1 TF, NVLink
    # 400 GB/s bidirectional = 200e9 each way (the file's convention).
    "h800": {
        "bf16": 1979e12 / 2,
        "fp8": 3958e12 / 2,
        "fp64": 1e12,
        "mem_bandwidth": 3.35e12,
        "memory_bytes": 80e9,
        "intra_node_bandwidth": 400e9 / 2,
    },
    # HGX B300 8-GPU totals over 8: BF16 36 PF and FP8 72 PF sparse, FP4 108 PF dense, 2.3 TB,
    # 14.4 TB/s NVLink (1.8 TB/s per GPU both ways), 1.6 TB/s of ConnectX-8 per board both ways
    # (the HGX B200's 8 x 400 Gb/s count as 0.8 TB/s there).
    "b300": {
        "bf16": 36e15 / 8 / 2,
        "fp8": 72e15 / 8 / 2,
        "fp4": 108e15 / 8,
        "mem_bandwidth": 64e12 / 8,
        "memory_bytes": 288e9,
        "intra_node_bandwidth": 14.4e12 / 8 / 2,
        "inter_node_bandwidth": 1.6e12 / 8 / 2,
    },
    # GB300 NVL72 rack totals over 72: FP4 1,080 PF dense, FP8 720 PF sparse, 576 TB/s,
    # 130 TB/s NVLink (both ways), one 72-GPU NVLink domain.
    "gb300": {
        "fp4": 1080e15 / 72,
        "fp8": 720e15 / 72 / 2,
        "mem_bandwidth": 576e12 / 72,
        "intra_node_bandwidth": 1.8e12 / 2,
        "nvlink_domain": 72,
    },
}


def test_h100_ridge_is_295() -> None:
    h100 = load_catalog().get("h100-sxm")
    # Lecture: 1979e12 / 2 dense bf16 and 3.35e12 B/s.
    assert h100.peak("bf16") == 1979e12 / 2
    assert h100.mem_bandwidth == 3.35e12
    assert round(h100.peak("bf16") / h100.mem_bandwidth) == 295


def test_at_least_twenty_devices_with_required_ids() -> None:
    ids = load_catalog().ids()
    assert len(ids) >= 20 and len(set(ids)) == len(ids)
    for required in ("h100-sxm", "h200", "a100-sxm", "b200", "mi300x", "rtx-4090", "tpu-v5e"):
        assert required in ids


def test_every_device_has_a_source_and_sane_numbers() -> None:
    for device in builtin_devices():
        assert device.source.strip()
        assert device.peak_flops and set(device.peak_flops) <= set(DTYPES)
        assert 1e10 < device.mem_bandwidth < 1e14 and 1e9 < device.memory_bytes < 1e13
        # Dense peaks: a narrower dtype is never slower than a wider one on the same device.
        order = [d for d in ("fp32", "tf32", "bf16", "fp8", "fp4") if d in device.peak_flops]
        rates = [device.peak_flops[d] for d in order]
        assert rates == sorted(rates), device.id


@pytest.mark.skipif(not REFERENCE.exists(), reason="shared/reference not beside the checkout")
def test_matches_reference_csv() -> None:
    with REFERENCE.open(newline="") as handle:
        rows = {r["name"]: r for r in csv.DictReader(handle)}
    for device in builtin_devices():
        if device.id in NOT_IN_CSV:
            assert device.name not in rows and "Not in the shared reference CSV" in device.source
            for key, value in NOT_IN_CSV[device.id].items():
                got = device.peak_flops.get(key, getattr(device, key, None))
                assert got == pytest.approx(value, rel=1e-12), (device.id, key)
            continue
        row = rows[device.name]
        assert device.mem_bandwidth == float(row["mem_bw_Bps"])
        for dtype in DTYPES:
            expected = float(row[dtype]) if row[dtype] else None
            assert device.peak_flops.get(dtype) == expected, (device.id, dtype)


def test_missing_dtype_message_lists_what_it_has() -> None:
    t4 = load_catalog().get("t4")
    with pytest.raises(
        InputError, match="has no published bf16 peak; it has: fp64, fp32, fp16, int8"
    ):
        t4.peak("bf16")


def test_unknown_device_lists_known() -> None:
    with pytest.raises(InputError, match="known: h100-sxm"):
        load_catalog().get("h1000")


def test_user_devices_are_added_and_bad_files_reported(tmp_path: Path) -> None:
    good = tmp_path / "devices.json"
    good.write_text(
        json.dumps(
            {
                "schema_version": 1,
                "devices": [
                    {
                        "id": "lab-box",
                        "name": "Lab box",
                        "peak_flops": {"fp32": 1e12},
                        "mem_bandwidth": 5e10,
                        "memory_bytes": 3.2e10,
                    },
                    {
                        "id": "broken",
                        "peak_flops": {"fp33": 1},
                        "mem_bandwidth": 1,
                        "memory_bytes": 1,
                    },
                ],
            }
        )
    )
    corrupt = tmp_path / "corrupt.json"
    corrupt.write_text("{not json")
    catalog = load_catalog([good, corrupt])
    assert catalog.get("lab-box").user_defined
    assert "broken" not in catalog.ids()
    assert any("fp33" in p for p in catalog.problems)
    assert any("corrupt.json" in p and "JSON" in p for p in catalog.problems)
    assert "h100-sxm" in catalog.ids()


# issue 11 ---------------------------------------------------------------------------------------
ENTRY = '{"id": "mine", "peak_flops": {"bf16": 1e14}, "mem_bandwidth": %s, "memory_bytes": 1e9}'


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("NaN", "line 3: NaN is not a number"),
        ("Infinity", "line 3: Infinity is not a number"),
        ("1e400", "line 3: the number 1e400 is out of range"),
        ("1e-320", "line 3: the number 1e-320 is too small"),
        ("1e-5", "line 3: device 'mine': 'mem_bandwidth' = 1e-05 is out of range"),
        ('"fast"', "line 3: device 'mine': 'mem_bandwidth' must be a number"),
    ],
)
def test_bad_numbers_in_user_devices_are_reported_by_line(
    tmp_path: Path, value: str, words: str
) -> None:
    path = tmp_path / "devices.json"
    path.write_text('{"schema_version": 1,\n "devices": [\n  ' + ENTRY % value + "\n]}")
    catalog = load_catalog([path])
    assert "mine" not in catalog.ids() and "h100-sxm" in catalog.ids()
    (problem,) = catalog.problems
    assert problem.startswith(f"{path}, ") and words in problem


def test_a_deeply_nested_device_file_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    path = tmp_path / "devices.json"
    path.write_text('{"schema_version": 1, "devices": ' + "[" * 100_000)
    (problem,) = load_catalog([path]).problems
    assert "nested deeper than 64 levels" in problem


def test_many_user_devices_load_in_one_merge(tmp_path: Path, monkeypatch) -> None:
    from core.roofline import hardware

    devices = [json.loads(ENTRY % "1e12") | {"id": f"dev{i}"} for i in range(300)]
    path = tmp_path / "devices.json"
    path.write_text(json.dumps({"schema_version": 1, "devices": devices}))
    made = []
    original = hardware.DeviceCatalog.__post_init__

    def counted(self) -> None:
        made.append(len(self.devices))
        original(self)

    monkeypatch.setattr(hardware.DeviceCatalog, "__post_init__", counted)
    catalog = load_catalog([path])
    assert len(catalog.ids()) == len(hardware.builtin_devices()) + 300
    assert len(made) == 2  # the built-ins, then one merge: not one catalog per device


def test_families_name_the_runtime_each_device_has():
    catalog = load_catalog()
    assert catalog.get("h100-sxm").family == "cuda"
    assert "CUDA context" in catalog.get("h100-sxm").runtime_allowance_name
    for device_id in ("tpu-v5e", "m3-max", "mi300x"):
        device = catalog.get(device_id)
        assert "CUDA" not in device.runtime_allowance_name, device_id
    assert catalog.get("tpu-v5e").family == "tpu" and catalog.get("mi300x").family == "rocm"
    assert catalog.get("m4-max").family == "apple"


def test_sub_byte_storage_takes_whole_bytes():
    from core.roofline.hardware import storage_bytes

    # Packed fp4: two per byte, but an odd count still needs the last whole byte.
    assert [storage_bytes("fp4", n) for n in (0, 1, 2, 3, 7)] == [0, 1, 1, 2, 4]
    assert storage_bytes("bf16", 3) == 6 and storage_bytes("fp8", 5) == 5


def test_the_memory_allowance_names_the_runtime_of_the_device():
    from core.memory import MemoryConfig, estimate, parse_model

    text = estimate(MemoryConfig(parse_model("gpt2"), batch=1)).allowance_text
    catalog = load_catalog()
    assert "CUDA context" in catalog.get("h100-sxm").name_allowance(text)
    for device_id in ("tpu-v5e", "m4-max", "mi300x"):
        named = catalog.get(device_id).name_allowance(text)
        assert "CUDA" not in named, (device_id, named)
        assert catalog.get(device_id).runtime_allowance_name in named


def test_a_run_fills_the_memory_the_driver_reports() -> None:
    # nvidia-smi's total on an H100 80GB is 81,559 MiB (modal-labs/modal-client#2797): the card
    # holds 80 GiB, and 81,559 · 2^20 bytes is 7 % more than the datasheet's 80e9.
    h100 = load_catalog().get("h100-sxm")
    assert h100.memory_bytes == 80e9
    assert h100.capacity_bytes == 81559 * 2**20
    known = [d for d in builtin_devices() if d.memory_total_bytes]
    assert {"h100-sxm", "a100-sxm", "a100-sxm-40gb", "b200"} <= {d.id for d in known}
    for device in known:
        # the datasheet's figure rounds the same memory: within its GB/GiB gap (7.4 %)
        assert 1.0 <= device.memory_total_bytes / device.memory_bytes <= 1.075, device.id
        assert "http" in device.memory_total_source, device.id
        assert device.to_dict()["memory_total_bytes"] == device.memory_total_bytes
    # without a driver figure the datasheet's stands
    h200 = load_catalog().get("h200")
    assert h200.memory_total_bytes is None and h200.capacity_bytes == h200.memory_bytes


def test_a_memory_total_needs_a_source_unless_the_user_gives_it() -> None:
    from core.roofline.hardware import device_from_dict

    entry = {"id": "x", "name": "X", "peak_flops": {"bf16": 1e14}, "mem_bandwidth": 1e12,
             "memory_bytes": 24e9, "source": "datasheet", "memory_total_bytes": 25e9}  # fmt: skip
    with pytest.raises(InputError, match="memory_total_source"):
        device_from_dict(entry)
    mine = device_from_dict(entry, user_defined=True)
    assert mine.capacity_bytes == 25e9 and mine.memory_total_source == "user-defined"
    with pytest.raises(InputError, match="memory_total_bytes"):
        device_from_dict({**entry, "memory_total_bytes": -1}, user_defined=True)
