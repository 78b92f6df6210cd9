"""The texts of an SVG file with the box each one takes, for tests that check what an export shows.

Each ``<text>`` element's transforms (pyqtgraph's exporter writes ``matrix(...)`` on the groups
around it) are composed from the root down, and its width measured with Qt's metrics for the
family, size and weight the file names. A viewer that substitutes another sans face draws it a
few per cent wider or narrower: :data:`VIEWER_SLACK` is the share a test allows for that.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

__all__ = ["VIEWER_SLACK", "SvgText", "svg_texts", "view_box"]

#: How much wider than Qt measures it a viewer may draw a text (DejaVu Sans against Liberation
#: Sans, Arial or Helvetica differ by up to ~12 % in advance width).
VIEWER_SLACK = 0.12

_MATRIX = re.compile(r"matrix\(([^)]*)\)")
_NS = "{http://www.w3.org/2000/svg}"


@dataclass(frozen=True)
class SvgText:
    """One text of the file: its string and its box in the file's user units."""

    text: str
    left: float
    right: float
    top: float
    bottom: float


def view_box(path: Path) -> tuple[float, float, float, float]:
    """The root's ``viewBox``: x, y, width, height."""
    root = ET.parse(path).getroot()
    return tuple(float(v) for v in root.get("viewBox", "").split())  # type: ignore[return-value]


def _compose(a: tuple[float, ...], b: tuple[float, ...]) -> tuple[float, ...]:
    """The affine ``a`` then applied to the result of ``b`` (SVG's a b c d e f order)."""
    a1, b1, c1, d1, e1, f1 = a
    a2, b2, c2, d2, e2, f2 = b
    return (a1 * a2 + c1 * b2, b1 * a2 + d1 * b2, a1 * c2 + c1 * d2, b1 * c2 + d1 * d2,
            a1 * e2 + c1 * f2 + e1, b1 * e2 + d1 * f2 + f1)  # fmt: skip


def svg_texts(path: Path) -> list[SvgText]:
    """Every non-empty text of the SVG at ``path`` with its box (Qt's metrics; a QApplication
    must exist)."""
    from PySide6.QtGui import QFont, QFontMetricsF

    out: list[SvgText] = []

    def walk(node: ET.Element, matrix: tuple[float, ...]) -> None:
        found = _MATRIX.search(node.get("transform", ""))
        if found:
            values = tuple(float(v) for v in found.group(1).split(","))
            matrix = _compose(matrix, values)
        if node.tag == f"{_NS}text" and (node.text or "").strip():
            font = QFont(node.get("font-family", "").strip('"'))
            font.setPixelSize(max(1, round(float(node.get("font-size", "12")))))
            font.setWeight(QFont.Weight(int(node.get("font-weight", "400"))))
            metrics = QFontMetricsF(font)
            x, y = float(node.get("x", "0")), float(node.get("y", "0"))
            width = metrics.horizontalAdvance(node.text or "")
            corners = [(x, y - metrics.ascent()), (x + width, y - metrics.ascent()),
                       (x, y + metrics.descent()), (x + width, y + metrics.descent())]  # fmt: skip
            a, b, c, d, e, f = matrix
            xs = [a * px + c * py + e for px, py in corners]
            ys = [b * px + d * py + f for px, py in corners]
            out.append(SvgText(node.text or "", min(xs), max(xs), min(ys), max(ys)))
        for child in node:
            walk(child, matrix)

    walk(ET.parse(path).getroot(), (1.0, 0.0, 0.0, 1.0, 0.0, 0.0))
    return out
