""".npy files and every other reader through core.safe_io (issue 19 item 11).

References: numpy's own .npy writer (``numpy.lib.format``) makes the headers, including a header
that claims 1e11 values over a file of a few bytes; the file kinds come from hostile_files.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import numpy as np
import pytest
from numpy.lib import format as npy

from core.errors import InputError
from core.safe_io import read_npy
from tests.core.hostile_files import KINDS, make_kind, no_hang


def _header(shape: tuple[int, ...], descr: str = "<f4", version: int = 1) -> bytes:
    buf = io.BytesIO()
    write = npy.write_array_header_1_0 if version == 1 else npy.write_array_header_2_0
    write(buf, {"descr": descr, "fortran_order": False, "shape": shape})
    return buf.getvalue()


@pytest.mark.parametrize("shape", [(10**11,), (10**6, 10**6), (2**40, 2)])
def test_a_header_claiming_too_many_values_is_refused_before_allocating(
    shape: tuple[int, ...], tmp_path: Path
) -> None:
    path = tmp_path / "big.npy"
    path.write_bytes(_header(shape) + b"\0" * 64)
    with pytest.raises(InputError, match="its header says shape"):
        read_npy(path, max_elements=10**6)


def test_round_trips_numpys_own_files(tmp_path: Path) -> None:
    for array in (np.arange(12, dtype=np.float32).reshape(3, 4), np.asfortranarray(
            np.arange(6.0).reshape(2, 3)), np.array([1, 2, 3], dtype=np.int16)):  # fmt: skip
        np.save(tmp_path / "a.npy", array)
        assert np.array_equal(read_npy(tmp_path / "a.npy", max_elements=100), array)


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        (b"not numpy at all", "not a .npy file"),
        (_header((4,)) + b"\0" * 8, "truncated"),
        (_header((4,)) + b"\0" * 17, "truncated"),
        (_header((2,), "|O"), "no objects"),
        (_header((2,), "<U3") + b"\0" * 24, "numeric array"),
    ],
)
def test_damaged_or_foreign_files_say_why(content: bytes, needle: str, tmp_path: Path) -> None:
    path = tmp_path / "x.npy"
    path.write_bytes(content)
    with pytest.raises(InputError, match=needle):
        read_npy(path, max_elements=100)


@pytest.mark.parametrize("kind", KINDS)
def test_file_kinds_are_refused_without_blocking(kind: str, tmp_path: Path) -> None:
    path = tmp_path / "x.npy"
    make_kind(path, kind, content=_header((1,)) + b"\0" * 4)
    if kind == "read-only":
        assert read_npy(path, max_elements=10).shape == (1,)
        return
    with no_hang(), pytest.raises(InputError) as info:
        read_npy(path, max_elements=10)
    if kind == "dev-zero":
        assert "is a device" in info.value.message and "pickle" not in info.value.message


def test_dtype_input_on_a_fifo_exits_2_at_once(tmp_path: Path) -> None:
    import subprocess
    import sys

    fifo = tmp_path / "v.npy"
    os.mkfifo(fifo)
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-m", "app", "dtype", "--quantize", "nvfp4", "--input", str(fifo)],
        capture_output=True, text=True, timeout=60, cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
    )  # fmt: skip
    assert done.returncode == 2 and "named pipe" in done.stderr


def test_collectives_file_is_read_through_safe_io(tmp_path: Path) -> None:
    from core.comm.results import read_collectives

    path = tmp_path / "c.jsonl"
    make_kind(path, "fifo")
    with no_hang(), pytest.raises(InputError, match="named pipe"):
        read_collectives(path)
