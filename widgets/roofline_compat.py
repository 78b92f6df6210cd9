"""Work-arounds for the pinned-down stack: PySide6 6.12 on Python 3.11, pyqtgraph 0.14 on Qt 6.12.

1. PySide6 dropping references to ``None``, ``True``, ``False`` (see below).
2. pyqtgraph's SVG exporter failing on every plot with Qt 6.12 (:func:`patch_svg_exporter`).

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

__all__ = ["keep_none_alive", "patch_svg_exporter"]

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


def _close_paths_explicitly(d: str) -> str:
    """Rewrite SVG close-path tokens (``Z``) as a line back to the sub-path's start point."""
    out: list[str] = []
    start = ""
    for token in d.split():
        if token[0] in "Zz":
            if start:
                out.append(f"L{start}")
            continue
        if token[0] == "M":
            start = token[1:]
        out.append(token)
    return " ".join(out) + " "


def patch_svg_exporter() -> None:
    """Let pyqtgraph 0.14's SVG exporter read the paths Qt 6.12 writes.

    Qt 6.12 ends closed paths with ``Z``, which pyqtgraph's ``correctCoordinates`` cannot parse
    (``ValueError: not enough values to unpack``, pyqtgraph issue #3485), so every SVG export
    fails. The patch rewrites ``Z`` as an explicit line to the start point before pyqtgraph reads
    the path. Idempotent.
    """
    import importlib

    module = importlib.import_module("pyqtgraph.exporters.SVGExporter")
    original = module.correctCoordinates
    if getattr(original, "_napkinlab_patched", False):
        return

    def correct_coordinates(node, defs, item, options):  # type: ignore[no-untyped-def]
        for element in (node, *defs):
            if not hasattr(element, "getElementsByTagName"):
                continue
            for path in element.getElementsByTagName("path"):
                d = path.getAttribute("d")
                if "Z" in d or "z" in d:
                    path.setAttribute("d", _close_paths_explicitly(d))
        return original(node, defs, item, options)

    correct_coordinates._napkinlab_patched = True  # type: ignore[attr-defined]
    module.correctCoordinates = correct_coordinates
