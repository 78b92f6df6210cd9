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


# issue 11 ---------------------------------------------------------------------------------------
def test_a_nan_in_the_file_refuses_the_save_and_keeps_the_file(tmp_path: Path) -> None:
    path = tmp_path / "devices.json"
    text = '{"schema_version": 1, "devices": [\n {"id": "x", "mem_bandwidth": NaN}]}'
    path.write_text(text)
    with pytest.raises(InputError) as info:
        save_user_device(device_from_dict(ENTRY, user_defined=True), path)
    assert "line 2: NaN" in info.value.message and "it was not changed" in info.value.message
    assert path.read_text() == text


def test_a_failed_write_leaves_no_temp_file(tmp_path: Path, monkeypatch) -> None:
    import errno
    import os

    path = tmp_path / "devices.json"
    save_user_device(device_from_dict(ENTRY, user_defined=True), path)
    before = path.read_bytes()

    def disk_full(*_: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(InputError, match="No space left on device"):
        save_user_device(device_from_dict(ENTRY | {"id": "other"}, user_defined=True), path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["devices.json"]


def test_saving_writes_through_a_symlink_and_never_over_a_read_only_file(tmp_path: Path) -> None:
    real = tmp_path / "dotfiles" / "devices.json"
    real.parent.mkdir()
    link = tmp_path / "devices.json"
    link.symlink_to(real)
    save_user_device(device_from_dict(ENTRY, user_defined=True), link)
    assert link.is_symlink() and "lab-4090" in load_catalog([real]).ids()
    real.chmod(0o444)
    before = real.read_bytes()
    with pytest.raises(InputError, match="read-only"):
        save_user_device(device_from_dict(ENTRY | {"id": "other"}, user_defined=True), link)
    assert real.read_bytes() == before
