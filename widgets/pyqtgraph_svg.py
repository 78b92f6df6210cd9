"""Work-around for pyqtgraph 0.14's SVG exporter on current Qt (every plot export goes through it).

Qt 6.11+ ends closed paths with ``Z``, which pyqtgraph's ``correctCoordinates`` cannot parse
(``ValueError: not enough values to unpack``, pyqtgraph issue #3485), so every SVG export fails.
:func:`patch_svg_exporter` rewrites ``Z`` as an explicit line to the sub-path's start before
pyqtgraph reads the path. It is idempotent and fixes SVG export for every plot in the process.
"""

from __future__ import annotations

__all__ = ["patch_svg_exporter"]


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
    """Let pyqtgraph 0.14's SVG exporter read the closed paths (``... Z``) current Qt writes."""
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
