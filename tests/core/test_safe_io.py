"""core.safe_io: reading only regular files with a cap, strict JSON, atomic writes that lose nothing."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest
from hostile_files import leftovers, no_hang

from core import safe_io
from core.errors import InputError
from core.safe_io import (
    MAX_DEPTH,
    JSONProblem,
    atomic_write,
    check_json,
    load_json,
    open_append,
    read_bytes,
)


# 15: only regular files, never more than the cap ------------------------------------------------
def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "state.json"
    os.mkfifo(fifo)
    with no_hang(), pytest.raises(InputError, match=r"named pipe \(FIFO\); only regular files"):
        read_bytes(fifo, limit=100)


def test_a_symlink_to_dev_zero_is_refused(tmp_path: Path) -> None:
    link = tmp_path / "state.json"
    link.symlink_to("/dev/zero")
    with no_hang(), pytest.raises(InputError, match="is a device; only regular files"):
        load_json(link, limit=100)


def test_a_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="is a folder"):
        read_bytes(tmp_path, limit=100)


def test_reads_at_most_the_cap_plus_one_byte(tmp_path: Path, monkeypatch) -> None:
    big = tmp_path / "big.json"
    big.write_bytes(b" " * 100_000)
    asked: list[int] = []
    real_read = os.read

    def counting_read(fd: int, n: int) -> bytes:
        asked.append(n)
        return real_read(fd, n)

    monkeypatch.setattr(safe_io.os, "read", counting_read)
    with pytest.raises(InputError, match="larger than 1,000 bytes"):
        read_bytes(big, limit=1000)
    assert sum(asked) <= 1001
    assert read_bytes(big, limit=100_000) == b" " * 100_000


# 14: numbers finite and in range, nesting bounded, the line named -------------------------------
@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ('{"a": 1,\n "b": NaN}', 2, "NaN is not a number JSON allows"),
        ('{"a": 1,\n\n "b": [Infinity]}', 3, "Infinity is not a number"),
        ('{"a":\n 1e400}', 2, "1e400 is out of range"),
        ('{"a":\n -1e400}', 2, "-1e400 is out of range"),
        ('{"s": "1e-320",\n "a": 1e-320}', 2, "1e-320 is too small"),
        ('{"a": 1e-400}', 1, "underflows to 0"),
        ('{"a":\n' + "9" * 400 + "}", 2, "out of range"),
        ('{"a":\n' + "[" * 200 + "]" * 200 + "}", 2, f"nested deeper than {MAX_DEPTH} levels"),
        ("[\n" + "[" * 100 + "]" * 101, 2, f"nested deeper than {MAX_DEPTH} levels"),
        ("[" * 100_000, 1, f"nested deeper than {MAX_DEPTH}"),
        ('{"a": "\\ud800"}', 1, "lone UTF-16 surrogate"),
    ],
)
def test_bad_numbers_and_nesting_name_the_line(text: str, line: int, words: str) -> None:
    with pytest.raises(JSONProblem) as info:
        check_json(text)
    assert info.value.line == line and words in info.value.reason


def test_good_numbers_pass() -> None:
    assert check_json('{"a": [0, -0.0, 1e-300, 1e300, 7, "NaN"]}') == {
        "a": [0, -0.0, 1e-300, 1e300, 7, "NaN"]
    }
    assert check_json("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None


def test_invalid_utf8_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_bytes(b'{\n"a":\n "\xff"}')
    with pytest.raises(InputError, match=r"s\.json, line 3: not UTF-8"):
        load_json(path, limit=1000)


# 17: atomic writes: through symlinks, never over read-only files, nothing left on failure -------
def test_write_goes_through_a_symlink_to_its_target(tmp_path: Path) -> None:
    target = tmp_path / "real" / "session.json"
    target.parent.mkdir()
    target.write_text("old")
    link = tmp_path / "session.json"
    link.symlink_to(target)
    atomic_write(link, "new")
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_text() == "new" and not leftovers(target.parent)


def test_a_read_only_file_is_not_replaced(tmp_path: Path) -> None:
    path = tmp_path / "export.png"
    path.write_bytes(b"mine")
    path.chmod(stat.S_IRUSR)
    with pytest.raises(InputError, match="is read-only; it was not changed"):
        atomic_write(path, b"new")
    assert path.read_bytes() == b"mine" and stat.S_IMODE(path.stat().st_mode) == stat.S_IRUSR


@pytest.mark.parametrize("failing", ["fsync", "replace"])
def test_a_failed_write_leaves_the_original_and_no_temp_file(
    tmp_path: Path, monkeypatch, failing: str
) -> None:
    path = tmp_path / "devices.json"
    path.write_text("original")

    def disk_full(*_: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(safe_io.os, failing, disk_full)
    with pytest.raises(InputError) as info:
        atomic_write(path, "x" * 1000)
    monkeypatch.undo()
    assert (
        info.value.message
        == f"{path}: cannot be written (No space left on device); it was not changed"
    )
    assert path.read_text() == "original" and not leftovers(tmp_path)


def test_permissions_are_kept_and_new_files_follow_the_umask(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("a")
    path.chmod(0o640)
    atomic_write(path, "b")
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    mask = os.umask(0o022)
    os.umask(mask)
    fresh = atomic_write(tmp_path / "new.svg", "c")
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o666 & ~mask


@pytest.mark.parametrize("kind", ["folder", "fifo", "dev-zero"])
def test_writes_over_what_is_not_a_regular_file_are_refused(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "out"
    if kind == "folder":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to("/dev/zero")
    with no_hang(), pytest.raises(InputError, match="not a regular file"):
        atomic_write(path, "x")
    with no_hang(), pytest.raises(InputError, match="not a regular file"):
        open_append(path)
    assert not leftovers(tmp_path)


def test_a_missing_folder_is_created_only_when_asked(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="does not exist; nothing was written"):
        atomic_write(tmp_path / "absent" / "a.png", b"x")
    assert atomic_write(tmp_path / "made" / "a.json", "x", make_folder=True).read_text() == "x"


def test_deep_nesting_is_named_even_when_the_parser_reports_a_syntax_error() -> None:
    # Python 3.11 raises RecursionError on deep nesting, 3.12 a JSONDecodeError: one message both.
    from core.safe_io import MAX_DEPTH, JSONProblem, check_json

    for text in ("[" * 5000, '{"a": ' + "[" * 5000 + " }", "[" * (MAX_DEPTH + 1) + "]"):
        with pytest.raises(JSONProblem, match="nested deeper than"):
            check_json(text)
    assert check_json('["[[[[[[["]') == ["[[[[[[["]  # brackets inside strings do not count


@pytest.mark.parametrize("name", ["hardware.json", "styles/app.qss", "calibration.json"])
def test_resource_text_is_what_importlib_resources_reads(name: str) -> None:
    from importlib import resources

    from core.safe_io import read_resource_text, resource_path

    expected = resources.files("resources").joinpath(name).read_text(encoding="utf-8")
    assert read_resource_text(name) == expected
    assert resource_path(name) == Path(str(resources.files("resources").joinpath(name)))


def test_resource_text_of_a_zipped_package_goes_through_importlib_resources(
    tmp_path, monkeypatch
) -> None:
    import zipfile

    from core.safe_io import read_resource_text

    archive = tmp_path / "bundle.zip"
    with zipfile.ZipFile(archive, "w") as bundle:
        bundle.writestr("zipped_data/__init__.py", "")
        bundle.writestr("zipped_data/table.txt", "row 1\nrow 2\n")
    monkeypatch.syspath_prepend(str(archive))
    assert read_resource_text("table.txt", package="zipped_data") == "row 1\nrow 2\n"


@pytest.mark.parametrize("name", ["\x00", "config\x00.json", "a/\x00/b"])
def test_a_name_with_a_nul_is_one_input_error_everywhere(tmp_path, name: str) -> None:
    """The system's calls raise ValueError (not OSError) for a NUL in a file name; the CLI
    fuzz found `step --config` answering exit 1 with it. Every entry point refuses it."""
    from core import safe_io

    for call in (
        lambda: safe_io.read_bytes(name, limit=10),
        lambda: safe_io.read_head(name, 10),
        lambda: safe_io.read_text(name, limit=10),
        lambda: safe_io.load_json(name, limit=10),
        lambda: safe_io.read_npy(name, max_elements=10),
        lambda: safe_io.atomic_write(str(tmp_path / name), "x"),
        lambda: safe_io.open_append(str(tmp_path / name)),
    ):
        with pytest.raises(InputError, match="cannot hold a NUL character") as info:
            call()
        assert "\x00" not in info.value.message and "\\x00" in info.value.message
    assert safe_io.clean_stale_temporaries(name) == []
    assert list(tmp_path.iterdir()) == []  # nothing was written
