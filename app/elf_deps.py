"""Which shared libraries a Linux binary needs and cannot find, as ``ldd`` would say.

Qt's platform plugins are ELF shared objects; when one of the libraries they need is missing, Qt
only says the plugin "could not be loaded". :func:`missing_libraries` names the missing ones: with
``ldd`` where it exists (the dynamic loader itself answers), else with :func:`elf_missing`, a small
reader of the ELF dynamic section that searches the loader's directories (``DT_RPATH``,
``LD_LIBRARY_PATH``, ``DT_RUNPATH`` with ``$ORIGIN``, ``/etc/ld.so.conf`` and the default
directories) and follows every library it finds, as the loader would.
"""

from __future__ import annotations

import glob
import os
import shutil
import struct
import subprocess
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from core.errors import InputError
from core.safe_io import read_bytes

__all__ = ["ElfInfo", "Resolver", "elf_missing", "ldd_missing", "missing_libraries", "read_elf"]

#: A resolver takes a binary's path and returns the sonames it needs and cannot find.
Resolver = Callable[[Path], list[str]]

_PT_LOAD, _PT_DYNAMIC = 1, 2
#: Qt's largest shared library is ~10 MB; a file past this is no library the loader would take.
_MAX_ELF_BYTES = 512 << 20
_DT_NEEDED, _DT_STRTAB, _DT_RPATH, _DT_RUNPATH = 1, 5, 15, 29


@dataclass(frozen=True)
class ElfInfo:
    """What the loader reads from one ELF file: its kind and its dynamic section's names."""

    bits: int  # 32 or 64
    machine: int  # e_machine (62 = x86-64, 183 = aarch64)
    needed: tuple[str, ...]
    rpath: tuple[str, ...]
    runpath: tuple[str, ...]


def read_elf(path: Path) -> ElfInfo | None:
    """The dynamic section of ``path`` (``None`` when it is no readable ELF file)."""
    try:
        data = read_bytes(path, limit=_MAX_ELF_BYTES)
    except InputError:  # missing, not a regular file, unreadable or far too large
        return None
    if data[:4] != b"\x7fELF" or len(data) < 64:
        return None
    bits = 64 if data[4] == 2 else 32
    end = "<" if data[5] == 1 else ">"
    if bits == 64:
        (machine,) = struct.unpack_from(end + "H", data, 18)
        (phoff,) = struct.unpack_from(end + "Q", data, 32)
        phentsize, phnum = struct.unpack_from(end + "HH", data, 54)
    else:
        (machine,) = struct.unpack_from(end + "H", data, 18)
        (phoff,) = struct.unpack_from(end + "I", data, 28)
        phentsize, phnum = struct.unpack_from(end + "HH", data, 42)
    loads: list[tuple[int, int, int]] = []  # (vaddr, offset, filesz)
    dynamic: tuple[int, int] | None = None
    for i in range(phnum):
        at = phoff + i * phentsize
        if bits == 64:
            p_type, _flags, offset, vaddr, _paddr, filesz = struct.unpack_from(
                end + "IIQQQQ", data, at
            )
        else:
            p_type, offset, vaddr, _paddr, filesz = struct.unpack_from(end + "IIIII", data, at)
        if p_type == _PT_LOAD:
            loads.append((vaddr, offset, filesz))
        elif p_type == _PT_DYNAMIC:
            dynamic = (offset, filesz)
    if dynamic is None:
        return ElfInfo(bits, machine, (), (), ())
    entry = struct.Struct(end + ("qQ" if bits == 64 else "iI"))
    tags: list[tuple[int, int]] = []
    for at in range(dynamic[0], dynamic[0] + dynamic[1] - entry.size + 1, entry.size):
        tag, value = entry.unpack_from(data, at)
        if tag == 0:
            break
        tags.append((tag, value))
    strtab = next((v for t, v in tags if t == _DT_STRTAB), None)
    base = next(
        (off + strtab - va for va, off, size in loads if va <= (strtab or -1) < va + size), None
    )
    if base is None:
        return ElfInfo(bits, machine, (), (), ())

    def text(offset: int) -> str:
        stop = data.index(b"\0", base + offset)
        return data[base + offset : stop].decode("utf-8", "replace")

    def paths(tag: int) -> tuple[str, ...]:
        return tuple(p for t, v in tags if t == tag for p in text(v).split(":") if p)

    needed = tuple(text(v) for t, v in tags if t == _DT_NEEDED)
    return ElfInfo(bits, machine, needed, paths(_DT_RPATH), paths(_DT_RUNPATH))


def _ld_so_conf(path: Path = Path("/etc/ld.so.conf"), depth: int = 0) -> Iterator[str]:
    """The directories ``ldconfig`` puts in the loader's cache (``include`` lines followed)."""
    try:
        lines = read_bytes(path, limit=1 << 20).decode("utf-8", errors="replace").splitlines()
    except InputError:
        return
    for raw in lines:
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("include") and depth < 8:
            pattern = line.split(None, 1)[1] if " " in line else ""
            if not os.path.isabs(pattern):
                pattern = str(path.parent / pattern)
            for name in sorted(glob.glob(pattern)):
                yield from _ld_so_conf(Path(name), depth + 1)
        elif line.startswith("/"):
            yield line


def _default_dirs(bits: int) -> list[str]:
    lib = "lib64" if bits == 64 else "lib"
    return [*_ld_so_conf(), f"/{lib}", f"/usr/{lib}", "/lib", "/usr/lib"]


def _expand(entry: str, origin: Path, bits: int) -> str:
    lib = "lib64" if bits == 64 else "lib"
    for token, value in (("$ORIGIN", str(origin)), ("$LIB", lib)):
        entry = entry.replace("${" + token[1:] + "}", value).replace(token, value)
    return entry


def _find(soname: str, owner: Path, info: ElfInfo, defaults: list[str]) -> Path | None:
    """Where the loader finds ``soname`` for ``owner`` (``None``: not found)."""
    if "/" in soname:
        return Path(soname) if Path(soname).exists() else None
    env = [p for p in os.environ.get("LD_LIBRARY_PATH", "").split(":") if p]
    dirs = [*(() if info.runpath else info.rpath), *env, *info.runpath, *defaults]
    for entry in dirs:
        candidate = Path(_expand(entry, owner.parent, info.bits)) / soname
        if candidate.is_file():
            found = read_elf(candidate)
            if found is not None and (found.bits, found.machine) == (info.bits, info.machine):
                return candidate
    return None


def elf_missing(path: Path) -> list[str]:
    """The libraries ``path`` needs, directly or through the ones it loads, that are not found."""
    path = Path(path)
    first = read_elf(path)
    if first is None:
        return []
    defaults = _default_dirs(first.bits)
    missing: set[str] = set()
    seen: set[str] = set()
    queue = [(path, first)]
    while queue:
        owner, info = queue.pop()
        for soname in info.needed:
            if soname in seen:
                continue
            seen.add(soname)
            found = _find(soname, owner, info, defaults)
            if found is None:
                missing.add(soname)
                continue
            child = read_elf(found)
            if child is not None:
                queue.append((found.resolve(), child))
    return sorted(missing)


def ldd_missing(path: Path) -> list[str]:
    """The libraries ``ldd`` reports as ``not found`` for ``path``."""
    run = subprocess.run(
        ["ldd", str(path)], capture_output=True, text=True, timeout=30, check=False
    )
    missing = {
        line.split("=>", 1)[0].strip()
        for line in run.stdout.splitlines()
        if "=>" in line and "not found" in line.split("=>", 1)[1]
    }
    return sorted(missing)


def missing_libraries(path: Path, resolver: Resolver | None = None) -> list[str]:
    """The sonames ``path`` cannot load, sorted: ``ldd`` if installed, else :func:`elf_missing`."""
    if resolver is None:
        resolver = ldd_missing if shutil.which("ldd") else elf_missing
    return sorted(set(resolver(Path(path))))
