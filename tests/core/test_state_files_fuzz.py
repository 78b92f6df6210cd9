"""Fuzz every state file core reads or writes (sessions, devices.json, measurements).

Whatever the content (random bytes, deep nesting, NaN/Infinity, huge or tiny numbers, wrong types,
invalid UTF-8) or the kind of file (a symlink to /dev/zero, a FIFO, a folder, a dangling symlink, a
read-only file): the call returns or raises InputError, never anything else; it never blocks; and
the user's bytes are still there afterwards.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from hostile_files import (
    DEVICES,
    KINDS,
    MEASUREMENT,
    SESSION,
    contents,
    leftovers,
    make_kind,
    no_hang,
    snapshot,
)
from hypothesis import HealthCheck, given, settings

from core.bench.measurements import MeasurementWriter, read_measurements
from core.errors import InputError
from core.roofline.hardware import device_from_dict, load_catalog
from core.roofline.user_devices import save_user_device
from core.session import Session, read_session, write_session

FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
MINE = device_from_dict(
    {"id": "lab-gpu", "name": "Lab GPU", "peak_flops": {"bf16": 1e14}, "mem_bandwidth": 1e12,
     "memory_bytes": 24e9},
    user_defined=True,
)  # fmt: skip
POINT = {"op": "dot", "dtype": "fp32", "shape": [8], "flops": 16, "bytes": 64, "seconds": 1e-6,
         "spread": 0.0, "device": "cpu"}  # fmt: skip


def _only_input_errors(call, *args):
    with no_hang():
        try:
            return call(*args)
        except InputError as exc:
            assert "\n" not in exc.message and exc.message
            return exc


# sessions ---------------------------------------------------------------------------------------
@FUZZ
@given(data=contents(SESSION))
def test_session_read_never_crashes_and_keeps_the_file(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "s.json"
        path.write_bytes(data)
        result = _only_input_errors(read_session, path)
        assert isinstance(result, Session | InputError)
        assert path.read_bytes() == data


@pytest.mark.parametrize("kind", KINDS)
def test_session_read_and_write_on_hostile_kinds(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "s.json"
    make_kind(path, kind, SESSION.replace('"@@"', "8").encode())
    before = snapshot(path)
    read = _only_input_errors(read_session, path)
    assert isinstance(read, InputError) == (kind != "read-only")
    written = _only_input_errors(write_session, path, Session())
    assert isinstance(written, InputError)
    assert snapshot(path) == before and not leftovers(tmp_path)


# devices.json -----------------------------------------------------------------------------------
@FUZZ
@given(data=contents(DEVICES))
def test_devices_load_and_save_never_lose_the_file(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "devices.json"
        path.write_bytes(data)
        catalog = _only_input_errors(load_catalog, [path])
        assert not isinstance(catalog, InputError) and "h100-sxm" in catalog.ids()
        assert path.read_bytes() == data
        saved = _only_input_errors(save_user_device, MINE, path)
        if isinstance(saved, InputError):
            assert path.read_bytes() == data and "not changed" in saved.message
        else:  # a good file: every entry it had is still there, plus the new one
            old = json.loads(data)["devices"]
            new = json.loads(path.read_text())["devices"]
            assert [e for e in new if e.get("id") != "lab-gpu"] == [
                e for e in old if not (isinstance(e, dict) and e.get("id") == "lab-gpu")
            ]
        assert not leftovers(Path(folder))


@pytest.mark.parametrize("kind", KINDS)
def test_devices_on_hostile_kinds(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "devices.json"
    make_kind(path, kind, DEVICES.replace('"@@"', "1e12").encode())
    before = snapshot(path)
    catalog = _only_input_errors(load_catalog, [path])
    assert not isinstance(catalog, InputError)
    assert bool(catalog.problems) == (kind != "read-only")
    saved = _only_input_errors(save_user_device, MINE, path)
    assert isinstance(saved, InputError)
    assert snapshot(path) == before and not leftovers(tmp_path)


# measurements -----------------------------------------------------------------------------------
@FUZZ
@given(data=contents(MEASUREMENT))
def test_measurements_read_and_append_never_lose_the_file(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "m.jsonl"
        path.write_bytes(data)
        result = _only_input_errors(read_measurements, path)
        assert not isinstance(result, InputError)
        for point in result.points:  # every point kept is one the roofline can draw
            assert 0 <= point["flops"] <= 1e30 and 1e-12 <= point["seconds"] <= 1e6
        assert path.read_bytes() == data

        def append() -> None:
            with MeasurementWriter(path, sync=False) as writer:
                writer.write(POINT)

        _only_input_errors(append)
        after = path.read_bytes()
        assert after.startswith(data) and after.endswith(
            json.dumps(POINT, separators=(",", ":")).encode() + b"\n"
        )


@pytest.mark.parametrize("kind", KINDS)
def test_measurements_on_hostile_kinds(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "m.jsonl"
    make_kind(path, kind, MEASUREMENT.replace('"@@"', "1e-6").encode())
    before = snapshot(path)
    result = _only_input_errors(read_measurements, path)
    assert isinstance(result, InputError) == (kind != "read-only")

    def append() -> None:
        with MeasurementWriter(path, sync=False) as writer:
            writer.write(POINT)

    assert isinstance(_only_input_errors(append), InputError)
    assert snapshot(path) == before
