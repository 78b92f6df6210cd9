"""A key given twice in one JSON object is refused in every state file, with the file, the key
and its line named, as NaN is; adding a device never drops entries (issue 19 item 13).

Reference: Python's json keeps the last of two equal keys (RFC 8259 leaves it undefined), so a file
rewritten from what was read would lose the first.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.errors import InputError

DEVICE = {"id": "mine", "name": "My GPU", "peak_flops": {"bf16": 1e14}, "mem_bandwidth": 1e12,
          "memory_bytes": 2.4e10, "source": "me"}  # fmt: skip


def _dup_devices(path: Path) -> bytes:
    first = json.dumps([DEVICE])
    second = json.dumps([{**DEVICE, "id": "other"}])
    data = f'{{"schema_version": 1,\n"devices": {first},\n"devices": {second}}}\n'.encode()
    path.write_bytes(data)
    return data


def test_devices_json_with_two_device_lists_is_reported_and_never_rewritten(tmp_path: Path):
    from core.roofline.hardware import device_from_dict, load_catalog
    from core.roofline.user_devices import remove_user_device, save_user_device

    path = tmp_path / "devices.json"
    data = _dup_devices(path)
    catalog = load_catalog([path])
    (problem,) = catalog.problems
    assert str(path) in problem and "'devices' appears twice" in problem and "line 3" in problem
    assert "mine" not in catalog.ids() and "other" not in catalog.ids()
    new = device_from_dict({**DEVICE, "id": "third"}, user_defined=True)
    with pytest.raises(InputError, match="appears twice"):
        save_user_device(new, path)
    with pytest.raises(InputError, match="appears twice"):
        remove_user_device("mine", path)
    assert path.read_bytes() == data  # nothing lost


def test_a_session_with_a_key_twice(tmp_path: Path) -> None:
    from core.session import read_session

    path = tmp_path / "s.json"
    path.write_text('{"app": "napkinlab", "schema_version": 1,\n"tabs": {},\n"tabs": {}}')
    with pytest.raises(InputError, match=r"s\.json, line 3: the key 'tabs' appears twice"):
        read_session(path)


def test_a_measurements_line_with_a_key_twice_is_skipped_by_number(tmp_path: Path) -> None:
    from core.bench.measurements import read_measurements

    path = tmp_path / "m.jsonl"
    good = {"op": "copy", "dtype": "fp32", "shape": "1", "flops": 0, "bytes": 8, "seconds": 1e-6,
            "spread": 0.0, "device": "cpu"}  # fmt: skip
    path.write_text(json.dumps(good) + "\n" + json.dumps(good)[:-1] + ', "seconds": 1}\n')
    result = read_measurements(path)
    assert len(result.points) == 1
    assert "line 2" in result.problems[0] and "'seconds' appears twice" in result.problems[0]


def test_a_config_json_with_a_key_twice(tmp_path: Path) -> None:
    from core.step.hf import read_config

    path = tmp_path / "config.json"
    path.write_text('{"model_type": "gpt2", "n_layer": 2,\n "n_layer": 48}')
    with pytest.raises(InputError, match="'n_layer' appears twice") as info:
        read_config(path)
    assert str(path) in info.value.message or "config.json" in info.value.message


def test_equal_keys_in_different_objects_are_fine() -> None:
    from core.safe_io import check_json

    assert check_json('[{"id": 1}, {"id": 2, "x": {"id": 3}}]')[1]["x"]["id"] == 3
