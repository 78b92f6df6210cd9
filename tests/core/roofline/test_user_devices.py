"""User devices are saved atomically and never overwrite an unreadable file."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.errors import InputError
from core.roofline.hardware import device_from_dict, load_catalog
from core.roofline.user_devices import remove_user_device, save_user_device

ENTRY = {
    "id": "lab-4090",
    "name": "Lab 4090",
    "peak_flops": {"bf16": 1.6e14},
    "mem_bandwidth": 1e12,
    "memory_bytes": 24e9,
    "source": "measured",
}


def test_save_then_load_then_remove(tmp_path: Path) -> None:
    path = tmp_path / "devices.json"
    save_user_device(device_from_dict(ENTRY, user_defined=True), path)
    save_user_device(device_from_dict(ENTRY | {"name": "Lab 4090 v2"}, user_defined=True), path)
    catalog = load_catalog([path])
    assert catalog.get("lab-4090").name == "Lab 4090 v2" and not catalog.problems
    assert remove_user_device("lab-4090", path) and "lab-4090" not in load_catalog([path]).ids()


def test_builtin_id_refused(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="built-in"):
        save_user_device(
            device_from_dict(ENTRY | {"id": "h100-sxm"}, user_defined=True), tmp_path / "d.json"
        )


def test_unreadable_file_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "devices.json"
    path.write_text("{broken")
    with pytest.raises(InputError, match="was not changed"):
        save_user_device(device_from_dict(ENTRY, user_defined=True), path)
    assert path.read_text() == "{broken"
