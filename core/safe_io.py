"""Reading and writing the user's files safely: every state file and export goes through here.

What the app reads from disk (sessions, ``last-session.json``, ``devices.json``, measurement files,
settings) may be damaged or hostile, and what it writes must never lose what was there:

* **Reading** opens only regular files. The path is opened with ``O_NONBLOCK`` (a FIFO cannot
  block) and checked with ``fstat`` after opening (a symlink to ``/dev/zero``, a FIFO, a device or
  a folder is refused), then at most ``limit + 1`` bytes are read, so a file that grows while it is
  read, or whose ``st_size`` lies, cannot exhaust memory.
* **.npy** arrays (:func:`read_npy`) have their header read first: dtype (numeric only, never
  pickled objects), shape and data size are checked before the array is allocated.
* **JSON** is parsed strictly: no ``NaN``/``Infinity`` literals, every number finite and within
  ``1e-300 <= |x| <= 1e300`` (or zero), nesting at most :data:`MAX_DEPTH` levels, no invalid
  UTF-8 or lone surrogates, no key twice in one object (a reader keeps the last, so a file
  rewritten from it loses the first). A problem names the line it is on (:class:`JSONProblem`).
* **Writing** is atomic: a temporary file in the target's folder, written, ``fsync``'ed, renamed
  over the target, then the folder ``fsync``'ed. A symlink is written through to its target (the
  link stays a link); a read-only file, a folder or a device is refused, not replaced. On any
  failure the temporary file is removed, the original is untouched, and one
  :class:`~core.errors.InputError` line says why. A temporary file left by a save that was
  killed (``.NAME.PID.xxxxxxxx.tmp``) is removed by the next save of that file, and at the app's
  start (:func:`clean_stale_temporaries`): only ours, only when its writer is gone.
"""

from __future__ import annotations

import codecs
import contextlib
import functools
import json
import math
import os
import re
import stat
import tempfile
from pathlib import Path
from typing import IO, Any

from core.echo import brief
from core.errors import InputError
from core.texts import Text, translate

__all__ = [
    "MAX_DEPTH",
    "JSONProblem",
    "atomic_write",
    "brief",
    "check_json",
    "clean_stale_temporaries",
    "decode_utf8",
    "load_json",
    "open_append",
    "parse_json",
    "read_bytes",
    "read_head",
    "read_npy",
    "read_resource_text",
    "read_text",
    "resource_path",
]

#: Deepest nesting of arrays and objects a state file may have (real ones use fewer than 8).
MAX_DEPTH = 64
#: Largest magnitude of a JSON number (and smallest non-zero one) a state file may hold.
NUMBER_RANGE = (1e-300, 1e300)

_OPEN_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_BINARY", 0)
)
_CHUNK = 1 << 20


def _kind(mode: int) -> Text:
    if stat.S_ISDIR(mode):
        return translate("SafeIO", "a folder")
    if stat.S_ISFIFO(mode):
        return translate("SafeIO", "a named pipe (FIFO)")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return translate("SafeIO", "a device")
    if stat.S_ISSOCK(mode):
        return translate("SafeIO", "a socket")
    return translate("SafeIO", "not a regular file")


def _size_text(limit: int) -> str:
    if limit >= 1_000_000:
        return f"{limit / 1e6:g} MB"
    return translate("SafeIO", "{count} bytes").format(count=f"{limit:,}")


def _not_regular(source: Path, mode: int) -> Text:
    return translate("SafeIO", "{file}: is {kind}; only regular files can be read").format(
        file=str(source), kind=_kind(mode)
    )


def _unreadable(source: Path, exc: OSError) -> Text:
    return translate("SafeIO", "{file}: cannot be read ({why})").format(
        file=str(source), why=_why(exc)
    )


def _why(exc: OSError) -> str:
    return exc.strerror or str(exc) or type(exc).__name__


def _named(path: str | os.PathLike[str]) -> Path:
    """``path`` as a :class:`Path`, refused with one line when no file can have that name: a NUL
    character (the system's calls raise ``ValueError: embedded null byte``, not ``OSError``)."""
    text = str(os.fspath(path))
    if "\x00" in text:
        raise InputError(
            translate("SafeIO", "{file}: a file name cannot hold a NUL character").format(
                file=text.replace("\x00", "\\x00")
            )
        )
    return Path(text)


def read_bytes(path: str | os.PathLike[str], *, limit: int) -> bytes:
    """The bytes of the regular file ``path``, refusing anything else or anything over ``limit``.

    Raises
    ------
    InputError
        Naming the file: missing, not a regular file (folder, FIFO, device, socket), larger than
        ``limit`` bytes, or unreadable.
    """
    data = read_head(path, limit + 1)
    if len(data) > limit:
        raise InputError(
            translate("SafeIO", "{file}: larger than {size}; not a file Napkin Lab wrote").format(
                file=str(path), size=_size_text(limit)
            )
        )
    return data


def read_head(path: str | os.PathLike[str], count: int) -> bytes:
    """At most the first ``count`` bytes of the regular file ``path`` (all of a shorter one).

    Opened as :func:`read_bytes` opens (non-blocking, regular files only, checked after opening).

    Raises
    ------
    InputError
        Naming the file: missing, not a regular file, or unreadable.
    """
    source = _named(path)
    try:
        before = os.stat(source)  # refuse devices and FIFOs before even opening them
        if not stat.S_ISREG(before.st_mode):
            raise InputError(_not_regular(source, before.st_mode))
        fd = os.open(source, _OPEN_FLAGS)
    except FileNotFoundError:
        raise InputError(
            translate("SafeIO", "{file}: no such file").format(file=str(source))
        ) from None
    except OSError as exc:
        raise InputError(_unreadable(source, exc)) from None
    try:
        info = os.fstat(fd)  # what was opened, not what the path named a moment before
        if not stat.S_ISREG(info.st_mode):
            raise InputError(_not_regular(source, info.st_mode))
        chunks: list[bytes] = []
        total = 0
        while total < count:  # st_size is only a hint: read at most count bytes
            chunk = os.read(fd, min(_CHUNK, count - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as exc:
        raise InputError(_unreadable(source, exc)) from None
    finally:
        os.close(fd)
    return b"".join(chunks)


def read_text(path: str | os.PathLike[str], *, limit: int) -> str:
    """:func:`read_bytes` decoded as UTF-8 (:func:`decode_utf8`)."""
    return decode_utf8(read_bytes(path, limit=limit), path)


def _package_folder(package: str) -> str | None:
    """The one folder a regular package is installed in (a wheel, an editable install); ``None``
    for anything else (a zip, a frozen app, a namespace package over several folders)."""
    import importlib

    spec = importlib.import_module(package).__spec__
    folders = list(spec.submodule_search_locations or []) if spec is not None else []
    return folders[0] if len(folders) == 1 and os.path.isdir(folders[0]) else None


def resource_path(name: str, package: str = "resources") -> Path:
    """Where the data file ``name`` shipped inside the app lies (for Qt to load it itself)."""
    folder = _package_folder(package)
    if folder is not None:
        return Path(folder, name)
    from importlib import resources

    return Path(str(resources.files(package).joinpath(name)))


def read_resource_text(name: str, package: str = "resources") -> str:
    """The text of a data file shipped inside the app (``importlib.resources``), not a user's file.

    Package data is installed with the app and read-only, so it needs none of the checks above;
    this is the one place that reads it, so that every other file access goes through them.

    A package installed as a folder is read from that folder directly: ``importlib.resources``
    answers the same for it, but importing it costs the window's first paint about 2 ms.
    Anything else (a zip, a frozen app) goes through it.
    """
    folder = _package_folder(package)
    if folder is not None:
        return Path(folder, name).read_text(encoding="utf-8")
    from importlib import resources

    return resources.files(package).joinpath(name).read_text(encoding="utf-8")


#: Bytes of a ``.npy`` header read before the array (numpy writes at most 64 KiB of them).
_NPY_HEADER_BYTES = 1 << 16


def read_npy(path: str | os.PathLike[str], *, max_elements: int) -> Any:
    """The numeric array in the ``.npy`` file ``path``, its header checked before anything is
    allocated; never unpickles.

    The header (format version, dtype, shape) is read first: an object dtype, a non-numeric one,
    more than ``max_elements`` values or a data size that differs from the file's is refused
    without allocating the array (a header claiming shape ``(1e11,)`` is one line, not a
    ``MemoryError``).

    Raises
    ------
    InputError
        Naming the file and what is wrong with it.
    """
    import io

    import numpy as np
    from numpy.lib import format as npy

    source = _named(path)
    head = read_head(source, _NPY_HEADER_BYTES)
    stream = io.BytesIO(head)
    try:
        version = npy.read_magic(stream)
        if version == (1, 0):
            shape, fortran, dtype = npy.read_array_header_1_0(stream)
        elif version == (2, 0):
            shape, fortran, dtype = npy.read_array_header_2_0(stream)
        else:
            raise ValueError(f"format version {version[0]}.{version[1]} is not read here")
    except (ValueError, EOFError, SyntaxError, TypeError) as exc:
        raise InputError(
            translate("SafeIO", "{file}: not a .npy file ({why})").format(
                file=str(source), why=brief(str(exc), 80)
            )
        ) from None
    if dtype.hasobject or dtype.kind not in "fiub":
        raise InputError(
            translate(
                "SafeIO", "{file}: holds {dtype} values; allowed: a numeric array (no objects)"
            ).format(file=str(source), dtype=str(dtype))
        )
    count = math.prod(int(n) for n in shape)
    if count > max_elements:
        raise InputError(
            translate(
                "SafeIO", "{file}: its header says shape {shape} = {count} values; allowed: up to {high}"
            ).format(file=str(source), shape=brief(tuple(shape)), count=f"{count:,}",
                     high=f"{max_elements:,}")
        )  # fmt: skip
    start = stream.tell()
    size = count * dtype.itemsize
    data = read_head(source, start + size + 1)
    if len(data) != start + size:
        raise InputError(
            translate(
                "SafeIO",
                "{file}: its header says {size} bytes of data, the file holds {held}; it is "
                "truncated or not a .npy file",
            ).format(file=str(source), size=f"{size:,}", held=f"{max(0, len(data) - start):,}")
        )
    array = np.frombuffer(data, dtype=dtype, count=count, offset=start)
    return array.reshape(shape, order="F" if fortran else "C")


def decode_utf8(data: bytes, source: str | os.PathLike[str]) -> str:
    """``data`` as UTF-8 text (a leading byte-order mark is dropped); bad bytes name their line."""
    try:
        return data.decode("utf-8-sig" if data.startswith(codecs.BOM_UTF8) else "utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise InputError(
            translate(
                "SafeIO",
                "{file}, line {line}: not UTF-8 text (byte {byte}); "
                "the file may be corrupt or not a Napkin Lab file",
            ).format(file=str(source), line=line, byte=f"0x{data[exc.start]:02x}")
        ) from None


class JSONProblem(InputError):
    """Why a JSON text was refused and on which line (``message`` is ``"line 3: ..."``).

    ``syntax`` is the decoder's own words when the text is not JSON at all (else ``""``).
    """

    def __init__(self, reason: str, line: int, syntax: str = "") -> None:
        super().__init__(
            translate("SafeIO", "line {line}: {reason}").format(line=line, reason=reason)
        )
        self.reason = reason
        self.line = line
        self.syntax = syntax


class _Refused(ValueError):
    def __init__(self, token: str, reason: str) -> None:
        super().__init__(reason)
        self.token = token
        self.reason = reason


_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[^\s\[\]{}:,"]+|[\[\]{}]', re.DOTALL)
_SURROGATE = re.compile(r"\\u[dD][89abcdefABCDEF]")


def _line_of(text: str, token: str | None = None, depth: int | None = None) -> int:
    """The line of the first ``token`` outside strings, or where nesting first exceeds ``depth``."""
    level = 0
    for match in _TOKENS.finditer(text):
        found = match.group()
        if depth is not None and found in "[{":
            level += 1
            if level > depth:
                return text.count("\n", 0, match.start()) + 1
        elif depth is not None and found in "]}":
            level -= 1
        elif token is not None and found == token:
            return text.count("\n", 0, match.start()) + 1
    return 1


def _deeper_than(text: str, depth: int) -> bool:
    """Whether arrays and objects outside strings nest deeper than ``depth`` anywhere in ``text``."""
    level = 0
    for match in _TOKENS.finditer(text):
        found = match.group()
        if found in "[{":
            level += 1
            if level > depth:
                return True
        elif found in "]}":
            level -= 1
    return False


def _number_problem(token: str, value: float) -> str | None:
    low, high = NUMBER_RANGE
    shown = token if len(token) <= 24 else token[:21] + "..."
    if not math.isfinite(value) or abs(value) > high:
        return translate(
            "SafeIO", "the number {number} is out of range; allowed: magnitudes up to {high}"
        ).format(number=shown, high=f"{high:g}")
    if value == 0 and any(c in "123456789" for c in token.lower().split("e")[0]):
        return translate(
            "SafeIO",
            "the number {number} is too small (it underflows to 0); allowed: 0 or {low} and up",
        ).format(number=shown, low=f"{low:g}")
    if value != 0 and abs(value) < low:
        return translate(
            "SafeIO", "the number {number} is too small; allowed: 0 or magnitudes from {low}"
        ).format(number=shown, low=f"{low:g}")
    return None


def _parse_float(token: str) -> float:
    value = float(token)
    if NUMBER_RANGE[0] <= abs(value) <= NUMBER_RANGE[1]:
        return value  # the common case, checked without a call
    problem = _number_problem(token, value)
    if problem is not None:
        raise _Refused(token, problem)
    return value


#: Integers of at most this many characters are 0 or from 1 to below 10**this: inside
#: NUMBER_RANGE, so they are parsed without the check (nearly every integer of a file).
_SHORT_INT = int(math.log10(NUMBER_RANGE[1])) if NUMBER_RANGE[0] <= 1 else 0


def _parse_int(token: str) -> int:
    if len(token) <= _SHORT_INT:
        return int(token)
    if len(token.lstrip("-")) > 301:
        raise _Refused(token, _number_problem(token, math.inf) or "out of range")
    value = int(token)
    problem = _number_problem(token, float(value))
    if problem is not None:
        raise _Refused(token, problem)
    return value


def _parse_constant(token: str) -> Any:
    raise _Refused(
        token,
        translate("SafeIO", "{token} is not a number JSON allows; write a finite number").format(
            token=token
        ),
    )


def _too_deep() -> Text:
    return translate("SafeIO", "nested deeper than {depth} levels; not a Napkin Lab file").format(
        depth=MAX_DEPTH
    )


def _check_tree(doc: Any, text: str) -> None:
    """Refuse nesting deeper than :data:`MAX_DEPTH` and strings holding lone surrogates."""
    check_strings = _SURROGATE.search(text) is not None
    stack: list[tuple[Any, int]] = [(doc, 0)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict | list):
            if depth >= MAX_DEPTH:
                raise JSONProblem(
                    _too_deep(),
                    _line_of(text, depth=MAX_DEPTH),
                )
            items = [*node.keys(), *node.values()] if isinstance(node, dict) else node
            stack.extend((item, depth + 1) for item in items)
        elif check_strings and isinstance(node, str):
            try:
                node.encode("utf-8")
            except UnicodeEncodeError:
                at = _SURROGATE.search(text)
                raise JSONProblem(
                    translate(
                        "SafeIO",
                        "a string holds a lone UTF-16 surrogate (\\ud800-\\udfff); not valid text",
                    ),
                    text.count("\n", 0, at.start()) + 1 if at is not None else 1,
                ) from None


class _Duplicate(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object's members; a key given twice is refused (``json`` would keep the last one)."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Duplicate(key)
        out[key] = value
    return out


_STRUCTURE = re.compile(r'"(?:[^"\\]|\\.)*"|[{}\[\],:]', re.DOTALL)


def _duplicate_line(text: str) -> int:
    """The line where a key first repeats within one object (1 if it cannot be told)."""
    stack: list[tuple[set[str] | None, list[bool]]] = []
    for match in _STRUCTURE.finditer(text):
        token = match.group()
        if token == "{":
            stack.append((set(), [True]))
        elif token == "[":
            stack.append((None, [False]))
        elif token in "}]":
            if stack:
                stack.pop()
        elif stack and stack[-1][0] is not None:
            keys, expect = stack[-1]
            if token == ",":
                expect[0] = True
            elif token == ":":
                expect[0] = False
            elif expect[0] and keys is not None:
                try:
                    key = json.loads(token)
                except ValueError:
                    continue
                if key in keys:
                    return text.count("\n", 0, match.start()) + 1
                keys.add(key)
    return 1


def check_json(text: str) -> Any:
    """Parse ``text`` as strict JSON within the limits above.

    Raises
    ------
    JSONProblem
        With the reason and the line: syntax, ``NaN``/``Infinity``, a number out of range, nesting
        deeper than :data:`MAX_DEPTH`, a lone surrogate, a key given twice in one object (JSON
        readers keep only the last, so a file rewritten from it would lose the first).
    """
    try:
        doc = json.loads(
            text,
            parse_float=_parse_float,
            parse_int=_parse_int,
            parse_constant=_parse_constant,
            object_pairs_hook=_unique_keys,
        )
    except _Duplicate as exc:
        raise JSONProblem(
            translate(
                "SafeIO",
                "the key {key} appears twice in one object (which one is meant cannot be told); "
                "keep one",
            ).format(key=brief(exc.key)),
            _duplicate_line(text),
        ) from None
    except _Refused as exc:
        raise JSONProblem(exc.reason, _line_of(text, token=exc.token)) from None
    except json.JSONDecodeError as exc:
        if _deeper_than(text, MAX_DEPTH):  # Python 3.12+ stops deep nesting with a syntax error
            raise JSONProblem(
                _too_deep(),
                _line_of(text, depth=MAX_DEPTH),
            ) from None
        syntax = f"{exc.msg}, column {exc.colno}"
        raise JSONProblem(
            translate(
                "SafeIO", "not valid JSON ({syntax}); the file may be truncated or corrupt"
            ).format(syntax=syntax),
            exc.lineno,
            syntax,
        ) from None
    except RecursionError:
        raise JSONProblem(
            _too_deep(),
            _line_of(text, depth=MAX_DEPTH),
        ) from None
    except ValueError as exc:  # e.g. an integer literal beyond Python's digit limit
        raise JSONProblem(
            translate("SafeIO", "not valid JSON ({why})").format(why=str(exc)), 1
        ) from None
    _check_tree(doc, text)
    return doc


def parse_json(text: str, source: str | os.PathLike[str]) -> Any:
    """:func:`check_json` whose error names ``source``: ``"<file>, line 3: ..."``."""
    try:
        return check_json(text)
    except JSONProblem as exc:
        raise InputError(
            translate("SafeIO", "{file}, {problem}").format(file=str(source), problem=exc.message)
        ) from None


def load_json(path: str | os.PathLike[str], *, limit: int) -> Any:
    """Read, decode and parse the JSON file ``path`` (see :func:`read_bytes`, :func:`check_json`)."""
    return parse_json(decode_utf8(read_bytes(path, limit=limit), path), path)


# writing --------------------------------------------------------------------------------------
@functools.cache
def _umask() -> int:
    """The process umask, read once (reading it means setting it for an instant)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _check_replaceable(shown: Path, real: Path) -> os.stat_result | None:
    try:
        info = os.stat(real)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise InputError(
            translate("SafeIO", "{file}: cannot be written ({why}); nothing was changed").format(
                file=str(shown), why=_why(exc)
            )
        ) from None
    if not stat.S_ISREG(info.st_mode):
        raise InputError(
            translate(
                "SafeIO", "{file}: is {kind}, not a regular file; it was not replaced"
            ).format(file=str(shown), kind=_kind(info.st_mode))
        )
    if not info.st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH) or not os.access(
        real, os.W_OK
    ):
        raise InputError(
            translate(
                "SafeIO",
                "{file}: is read-only; it was not changed (make it writable or choose another file)",
            ).format(file=str(shown))
        )
    return info


def _fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return  # platforms that cannot open a folder (Windows) have nothing to sync
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


#: A temporary file of :func:`atomic_write` older than this is stale even without a writer's
#: process id in its name (one written before the id was recorded). A save takes milliseconds.
STALE_SECONDS = 3600.0
#: ``.NAME.PID.random.tmp`` (``PID.`` absent in files of older versions): what mkstemp makes with
#: :func:`_temp_prefix`; nothing else is ever removed.
_TEMP = re.compile(r"^\.(?P<name>.+?)\.(?:(?P<pid>\d{1,10})\.)?[a-z0-9_]{8}\.tmp$")


def _temp_prefix(name: str) -> str:
    return f".{name}.{os.getpid()}."


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True  # ours: another thread may be writing it now
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError, OverflowError):
        return True  # someone else's live process, or cannot be told: keep the file
    return True


def clean_stale_temporaries(
    folder: str | os.PathLike[str], name: str | None = None, *, dead_writers: bool = False
) -> list[str]:
    """Remove :func:`atomic_write`'s temporary files that a killed save left in ``folder``.

    Only files of our own pattern (``.NAME.PID.xxxxxxxx.tmp``, regular files, for target
    ``name`` when given) and only stale ones: the process that wrote it is gone, or (no process
    id in the name) it is older than :data:`STALE_SECONDS`. ``dead_writers``: also, whatever
    their target, the files whose writer's process id is recorded and gone (a killed export of
    ``a.png`` leaves a temporary file as large as the picture; the next save in that folder, of
    any name, removes it). Never raises; returns the names removed.
    """
    import time

    removed: list[str] = []
    try:
        entries = list(os.scandir(folder))
    except (OSError, ValueError):  # ValueError: a NUL in the name
        return removed
    now = time.time()
    for entry in entries:
        match = _TEMP.match(entry.name)
        if match is None:
            continue
        if name is not None and match["name"] != name and not (dead_writers and match["pid"]):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if not stat.S_ISREG(info.st_mode):
                continue
            pid = match["pid"]
            stale = not _alive(int(pid)) if pid else now - info.st_mtime > STALE_SECONDS
            if stale:
                os.unlink(entry.path)
                removed.append(entry.name)
        except OSError:
            continue
    return removed


def atomic_write(
    path: str | os.PathLike[str],
    data: bytes | str,
    *,
    make_folder: bool = False,
    follow_symlinks: bool = True,
) -> Path:
    """Replace the file ``path`` with ``data`` atomically; returns ``path``.

    A symlink is written through (its target is replaced, the link kept): a person's own file
    may be a link on purpose. With ``follow_symlinks=False`` (files the app alone names and owns,
    such as cache entries) a symlink at ``path`` is never followed: the new file replaces the link
    itself (``os.replace`` of a temporary file in the folder renames over the link, not into its
    target), so whatever it pointed to is left as it was. The new file keeps the old one's
    permissions (a new file gets the usual ``0o666 & ~umask``).

    Raises
    ------
    InputError
        One line naming ``path``: read-only, not a regular file, missing folder, disk full...; the
        original file is untouched and no temporary file is left behind.
    """
    shown = _named(path)
    payload = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    if follow_symlinks:
        real = Path(os.path.realpath(shown))
        info = _check_replaceable(shown, real)
    else:  # the link itself is the entry replaced; only its folder is resolved
        real = Path(os.path.realpath(Path(os.path.abspath(shown)).parent)) / Path(shown).name
        info = None if os.path.islink(real) else _check_replaceable(shown, real)
    folder = real.parent
    if not folder.is_dir():
        if follow_symlinks and real != Path(os.path.abspath(shown)):
            raise InputError(
                translate(
                    "SafeIO",
                    "{file}: is a symlink to {target}, whose folder does not exist; "
                    "nothing was written",
                ).format(file=str(shown), target=str(real))
            )
        if not make_folder:
            raise InputError(
                translate("SafeIO", "{file}: folder {folder} does not exist; nothing was written")
                .format(file=str(shown), folder=str(folder))
            )  # fmt: skip
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise InputError(
                translate("SafeIO", "{file}: folder cannot be created ({why})").format(
                    file=str(shown), why=_why(exc)
                )
            ) from None
    clean_stale_temporaries(folder, real.name, dead_writers=True)
    tmp: str | None = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=_temp_prefix(real.name), suffix=".tmp", dir=folder)
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, stat.S_IMODE(info.st_mode) if info is not None else 0o666 & ~_umask())
        os.replace(tmp, real)
        tmp = None
        _fsync_folder(folder)
    except OSError as exc:
        raise InputError(
            translate("SafeIO", "{file}: cannot be written ({why}); it was not changed").format(
                file=str(shown), why=_why(exc)
            )
        ) from None
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
    return shown


def open_append(path: str | os.PathLike[str]) -> IO[bytes]:
    """Open the regular file ``path`` (created if missing) for appending bytes.

    Raises
    ------
    InputError
        If it is not a regular file (a FIFO, a device, a folder), is read-only, or cannot be opened.
    """
    shown = _named(path)
    real = Path(os.path.realpath(shown))
    _check_replaceable(shown, real)
    flags = (
        os.O_RDWR
        | os.O_APPEND
        | os.O_CREAT
        | getattr(os, "O_NONBLOCK", 0)
        | getattr(os, "O_CLOEXEC", 0)
        | getattr(os, "O_BINARY", 0)
    )
    try:
        fd = os.open(real, flags, 0o666)
    except OSError as exc:
        raise InputError(
            translate("SafeIO", "{file}: cannot be written ({why})").format(
                file=str(shown), why=_why(exc)
            )
        ) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise InputError(
                translate("SafeIO", "{file}: is {kind}, not a regular file").format(
                    file=str(shown), kind=_kind(info.st_mode)
                )
            )
        return os.fdopen(fd, "ab")
    except BaseException:
        os.close(fd)
        raise
