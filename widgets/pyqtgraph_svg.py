"""Work-around for pyqtgraph 0.14's SVG exporter on current Qt (every plot export goes through it).

Qt 6.11+ ends closed paths with ``Z``, which pyqtgraph's ``correctCoordinates`` cannot parse
(``ValueError: not enough values to unpack``, pyqtgraph issue #3485), so every SVG export fails.
:func:`patch_svg_exporter` rewrites ``Z`` as an explicit line to the sub-path's start before
pyqtgraph reads the path. It is idempotent and fixes SVG export for every plot in the process.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

__all__ = ["clipped_to_view", "full_profile", "patch_svg_exporter"]

_TINY = b'version="1.2" baseProfile="tiny"'


def full_profile(svg: bytes) -> bytes:
    """Declare pyqtgraph's SVG as full SVG 1.1 instead of SVG Tiny 1.2.

    pyqtgraph clips each plot's data to its axes with ``clipPath``, which SVG Tiny does not have:
    renderers that honour the declared profile (Inkscape-style ones, strict viewers) then draw
    lines past the axes. Under the full profile every renderer applies the clip paths (browsers,
    Inkscape, and Qt's own renderer, which supports ``clipPath`` since Qt 6.7).
    """
    return svg.replace(_TINY, b'version="1.1"', 1)


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


def _clip_segments(x: Any, y: Any, box: tuple[float, float, float, float]) -> tuple[Any, Any]:
    """Clip the polyline (x, y) to ``box`` (x0, x1, y0, y1); breaks are NaN (Liang–Barsky)."""
    import numpy as np

    x0, x1, y0, y1 = box
    out_x: list[float] = []
    out_y: list[float] = []
    for i in range(len(x) - 1):
        ax, ay, bx, by = float(x[i]), float(y[i]), float(x[i + 1]), float(y[i + 1])
        if not all(map(math.isfinite, (ax, ay, bx, by))):
            continue
        dx, dy = bx - ax, by - ay
        t0, t1 = 0.0, 1.0
        ok = True
        for p, q in ((-dx, ax - x0), (dx, x1 - ax), (-dy, ay - y0), (dy, y1 - ay)):
            if p == 0:
                if q < 0:
                    ok = False
                    break
                continue
            t = q / p
            if p < 0:
                t0 = max(t0, t)
            else:
                t1 = min(t1, t)
            if t0 > t1:
                ok = False
                break
        if not ok:
            continue
        sx, sy, ex, ey = ax + t0 * dx, ay + t0 * dy, ax + t1 * dx, ay + t1 * dy
        if out_x and (out_x[-1] != sx or out_y[-1] != sy):
            out_x.append(math.nan)
            out_y.append(math.nan)
        if not out_x or math.isnan(out_x[-1]):
            out_x.append(sx)
            out_y.append(sy)
        out_x.append(ex)
        out_y.append(ey)
    return np.array(out_x, dtype=float), np.array(out_y, dtype=float)


def _plot_items(item: Any) -> list[Any]:
    """``item`` if it is a plot, else the plots it lays out (a ``GraphicsLayout`` of several)."""
    import pyqtgraph as pg

    if isinstance(item, pg.PlotItem):
        return [item]
    found: list[Any] = []
    stack = list(item.childItems()) if hasattr(item, "childItems") else []
    while stack:
        child = stack.pop()
        if isinstance(child, pg.PlotItem):
            found.append(child)
        else:
            stack.extend(child.childItems())
    return found


@contextmanager
def clipped_to_view(plot_item: Any) -> Iterator[None]:
    """Cut every curve of ``plot_item`` at its axes while exporting, then restore it.

    pyqtgraph relies on a ``clipPath`` to hide the parts of a curve outside the axes; renderers
    that ignore clip paths (Qt's own ``QSvgRenderer``, SVG Tiny viewers) draw them past the axes.
    With the geometry cut here the file looks the same in every renderer. ``plot_item`` may also
    be a layout of several plots (each is cut at its own axes). Step curves (histograms) are cut
    as the polyline they draw.
    """
    import pyqtgraph as pg

    saved = []
    for plot in _plot_items(plot_item):
        view = plot.getViewBox()
        if not isinstance(view, pg.ViewBox):
            continue
        (x0, x1), (y0, y1) = view.viewRange()
        for item in list(view.addedItems):
            curves = [item.curve] if isinstance(item, pg.PlotDataItem) else [item]
            for curve in curves:
                if not isinstance(curve, pg.PlotCurveItem) or not curve.isVisible():
                    continue
                x, y = curve.getData()
                if x is None or len(x) < 2 or curve.opts.get("fillLevel") is not None:
                    continue
                if curve.opts.get("connect", "all") not in ("all", "finite"):
                    continue
                step = curve.opts.get("stepMode")
                px, py = (x, y) if not step else curve._generateStepModeData(step, x, y, None)
                cx, cy = _clip_segments(px, py, (x0, x1, y0, y1))
                saved.append((curve, x, y, curve.opts.get("connect", "all"), step))
                curve.setData(cx, cy, connect="finite", stepMode=None)
    try:
        yield
    finally:
        for curve, x, y, connect, step in saved:
            curve.setData(x, y, connect=connect, stepMode=step)
