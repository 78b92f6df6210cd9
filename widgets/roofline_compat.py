"""Work around PySide6 6.12 on Python 3.11 dropping references to ``None``, ``True``, ``False``.

PySide6 6.12's wheels return ``None`` from void Qt methods (and ``True``/``False`` from bool ones)
without taking a reference, which is fine on Python 3.12+, where these objects are immortal. On
Python 3.11 every such call lowers the object's reference count by one, and after a few thousand
calls (a few repaints of a busy chart) the interpreter aborts with "Fatal Python error:
none_dealloc" (or bool_dealloc). Until the dependency is pinned or Python 3.12 is required,
:func:`keep_none_alive` gives these singletons (and the small ints) enough references never to
reach zero. It is idempotent and a no-op on Python 3.12+ and on interpreters other than CPython.
"""

from __future__ import annotations

import ctypes
import sys

__all__ = ["keep_none_alive"]

_BOOST = 1 << 40


def keep_none_alive() -> None:
    """Give the singletons a huge reference count (CPython < 3.12 only; once per process)."""
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return
    for obj in (None, True, False, Ellipsis, NotImplemented, *range(-5, 257)):
        refcount = ctypes.c_ssize_t.from_address(id(obj))
        if refcount.value < _BOOST // 2:
            refcount.value += _BOOST


keep_none_alive()
