"""Which version of a library is installed, found without importing it.

The Dtypes tab names the torch whose casts it reproduces ("torch 2.14.1 (e4m3fn saturates)"): it
must be the torch installed here, not the one the code was written against. Importing torch takes
seconds and ``importlib.metadata`` ~90 ms on a cold start, both too slow for the first paint, so
:func:`installed_version` locates the package (``importlib.util.find_spec`` imports nothing) and
reads the ``__version__`` line of its ``version.py`` through :mod:`core.safe_io`.
"""

from __future__ import annotations

import functools
import importlib.util
import re
from pathlib import Path

from core.errors import InputError
from core.safe_io import decode_utf8, read_bytes

__all__ = ["installed_version"]

_VERSION = re.compile(r"""^__version__\s*=\s*['"]([^'"]+)['"]""", re.MULTILINE)


@functools.cache
def installed_version(package: str) -> str | None:
    """The public version of ``package`` as installed (``2.14.1`` for ``2.14.1+cu130``), or
    ``None`` when it is not installed or says no version."""
    try:
        spec = importlib.util.find_spec(package)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.origin:
        return None
    source = Path(spec.origin).parent / "version.py"
    try:
        text = decode_utf8(read_bytes(source, limit=1 << 16), source)
    except InputError:
        return None
    found = _VERSION.search(text)
    return found.group(1).split("+")[0] if found else None
