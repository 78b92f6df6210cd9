"""Damaged and hostile state files for the fuzz tests: contents (hypothesis) and file kinds.

Contents: random bytes, deep nesting, a number out of range (NaN, Infinity, 1e400, 1e-320, a
400-digit integer) or a value of the wrong type where a real file has a number, invalid UTF-8 in an
otherwise good file, and any JSON at all. Kinds: a symlink to ``/dev/zero``, a FIFO, a folder, a
dangling symlink and a read-only file. :func:`no_hang` fails a call that blocks.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import stat
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

BAD_NUMBERS = ("NaN", "Infinity", "-Infinity", "1e400", "-1e400", "1e-320", "1e-400", "9" * 400)

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)

#: The placeholder a template puts where a number goes.
SLOT = "@@"


def _fill(template: str, value: str) -> bytes:
    return template.replace(f'"{SLOT}"', value, 1).encode("utf-8")


def contents(template: str) -> st.SearchStrategy[bytes]:
    """Hostile contents for a file whose good form is ``template`` (one ``"@@"`` number slot)."""
    good = _fill(template, "1")
    deep = st.tuples(st.integers(65, 3000), st.sampled_from([("[", "]"), ('{"a":', "}")])).map(
        lambda t: (t[1][0] * t[0] + "1" + t[1][1] * t[0]).encode()
    )
    bad_number = st.sampled_from(BAD_NUMBERS).map(lambda v: _fill(template, v))
    wrong_type = JSON_VALUES.map(lambda v: _fill(template, json.dumps(v)))
    not_utf8 = st.tuples(
        st.integers(0, len(good)), st.sampled_from([b"\xff", b"\xc3", b"\xed\xa0\x80"])
    ).map(lambda t: good[: t[0]] + t[1] + good[t[0] :])
    any_json = JSON_VALUES.map(lambda v: json.dumps(v).encode())
    return st.one_of(
        st.binary(max_size=600), deep, bad_number, wrong_type, not_utf8, any_json, st.just(good)
    )


SESSION = (
    '{"app": "napkinlab-session", "schema_version": 1, "device": "h100-sxm", "dtype": "bf16",\n'
    ' "tabs": {"napkin": {"gpus": "@@"}}}\n'
)
DEVICES = (
    '{"schema_version": 1, "devices": [\n'
    ' {"id": "mine", "name": "Mine", "peak_flops": {"bf16": 1e14},\n'
    '  "mem_bandwidth": "@@", "memory_bytes": 24e9, "source": "me"}]}\n'
)
MEASUREMENT = (
    '{"op": "dot", "dtype": "fp32", "shape": [8], "flops": 16, "bytes": 64,'
    ' "seconds": 1e-6, "spread": 0.0, "device": "cpu"}\n'
    '{"op": "dot", "dtype": "fp32", "shape": [8], "flops": 16, "bytes": 64,'
    ' "seconds": "@@", "spread": 0.0, "device": "cpu"}\n'
)
SETTINGS = "[view]\ntheme=dark\n"

#: File kinds that are not a regular file the app may read.
KINDS = ("dev-zero", "fifo", "folder", "dangling", "read-only")


def make_kind(path: Path, kind: str, content: bytes = b"") -> None:
    """Put a ``kind`` of file at ``path`` (a read-only file holds ``content``)."""
    if kind == "dev-zero":
        os.symlink("/dev/zero", path)
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    elif kind == "dangling":
        os.symlink(path.parent / "nowhere" / "target", path)
    elif kind == "read-only":
        path.write_bytes(content)
        path.chmod(stat.S_IRUSR | stat.S_IRGRP)
    else:
        raise ValueError(kind)


def snapshot(path: Path) -> Any:
    """What is at ``path`` (kind and, for a regular file, its bytes), to compare afterwards."""
    if path.is_symlink():
        return ("link", os.readlink(path))
    if not path.exists():
        return None
    mode = path.stat().st_mode
    if stat.S_ISREG(mode):
        return ("file", path.read_bytes(), stat.S_IMODE(mode))
    return ("other", stat.S_IFMT(mode))


def leftovers(folder: Path) -> list[str]:
    """Temporary files a writer left behind."""
    return [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]


@contextlib.contextmanager
def no_hang(seconds: int = 10) -> Iterator[None]:
    """Fail (instead of hanging the suite) if the body blocks, e.g. opening a FIFO."""

    def fail(*_: object) -> None:
        raise TimeoutError(f"blocked for {seconds} s")

    previous: Callable[..., Any] | int | None = signal.signal(signal.SIGALRM, fail)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
