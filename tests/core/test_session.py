"""Session files: round trip, atomic writes, and refusal of bad files without losing data."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.errors import InputError
from core.session import SESSION_SCHEMA_VERSION, Session, read_session, write_session


def test_round_trip(tmp_path: Path) -> None:
    session = Session(device="h200", dtype="fp8", tabs={"napkin": {"params": "7e9", "gpus": "8"}})
    path = write_session(tmp_path / "s.json", session)
    assert read_session(path) == session
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ("", "not valid JSON"),
        ('{"app": "napkinlab-session", "schema_version": 1, "device": "h1', "truncated"),
        ("[1, 2]", "not a Napkin Lab session"),
        (
            '{"app": "napkinlab-session", "schema_version": 99, "device": "a", "dtype": "b"}',
            "newer",
        ),
        (
            '{"app": "napkinlab-session", "schema_version": "1", "device": "a", "dtype": "b"}',
            "integer",
        ),
        ('{"app": "napkinlab-session", "schema_version": 1, "device": 3, "dtype": "b"}', "strings"),
        (
            '{"app": "napkinlab-session", "schema_version": 1, "device": "a", "dtype": "b", "tabs": [1]}',
            "tabs",
        ),
        ('{"app": "napkinlab-session", "schema_version": 1, "device": NaN, "dtype": "b"}', "JSON"),
    ],
)
def test_bad_files_are_refused_naming_the_file(tmp_path: Path, content: str, problem: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(InputError) as info:
        read_session(path)
    assert str(path) in info.value.message and problem in info.value.message
    assert path.read_text() == content  # nothing overwritten


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file"):
        read_session(tmp_path / "absent.json")


def test_failed_write_keeps_the_old_file(tmp_path: Path) -> None:
    path = write_session(tmp_path / "s.json", Session())
    before = path.read_text()
    with pytest.raises(InputError, match="nan"):
        write_session(path, Session(tabs={"napkin": {"mfu": float("nan")}}))
    assert path.read_text() == before
    assert json.loads(before)["schema_version"] == SESSION_SCHEMA_VERSION


# issue 11 ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("NaN", "line 3: NaN is not a number"),
        ("1e400", "line 3: the number 1e400 is out of range"),
        ("1e-320", "line 3: the number 1e-320 is too small"),
        ("[" * 5000 + "]" * 5000, "line 3: nested deeper than 64 levels"),
    ],
)
def test_bad_numbers_and_deep_nesting_name_the_line(tmp_path: Path, value: str, words: str) -> None:
    path = tmp_path / "s.json"
    text = (
        '{"app": "napkinlab-session", "schema_version": 1,\n "device": "h100-sxm", "dtype": "bf16",'
        '\n "tabs": {"napkin": {"gpus": ' + value + "}}}"
    )
    path.write_text(text)
    with pytest.raises(InputError) as info:
        read_session(path)
    assert info.value.message.startswith(f"{path}, ") and words in info.value.message
    assert path.read_text() == text


def test_writes_go_through_symlinks_and_never_over_read_only_files(tmp_path: Path) -> None:
    real = tmp_path / "kept" / "s.json"
    real.parent.mkdir()
    link = tmp_path / "s.json"
    link.symlink_to(real)
    write_session(link, Session(device="h200"))
    assert link.is_symlink() and read_session(real).device == "h200"
    real.chmod(0o444)
    with pytest.raises(InputError, match="read-only; it was not changed"):
        write_session(link, Session(device="b200"))
    assert read_session(real).device == "h200"
