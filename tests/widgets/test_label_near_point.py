"""A point's label lands as near the point as the lines around it allow.

The case of the Roofline's lecture operators: a point on a slanted line with parallel lines a
few pixels above and below (the compared devices' roofs). The reference is a brute-force search
over every box position on a half-pixel grid, each checked with Qt's own path geometry (not the
layout's): the label :func:`~widgets.label_layout.place` picks among
:func:`~widgets.label_layout.around_point`'s candidates must be within a pixel and a half of the
nearest free position. The old eight candidates at two distances were 3 to 6 px farther here
(and 20 to 40 px off on the chart, where the labels are wider than these boxes).
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainterPath, QPainterPathStroker

from widgets.label_layout import Label, around_point, place, point_gap

BOUNDS = (0.0, 0.0, 400.0, 400.0)
CENTRE = (200.0, 200.0)


def _lines(slope_deg: float, gap: float) -> list[tuple[float, float, float, float]]:
    """Three parallel lines through the centre and ``gap`` px above and below it (vertically)."""
    t = math.tan(math.radians(slope_deg))
    x, y = CENTRE
    return [(x - 200, y + 200 * t + off, x + 200, y - 200 * t + off) for off in (-gap, 0.0, gap)]


def _stroke(seg) -> QPainterPath:
    path = QPainterPath(QPointF(seg[0], seg[1]))
    path.lineTo(QPointF(seg[2], seg[3]))
    stroker = QPainterPathStroker()
    stroker.setWidth(0.01)
    return stroker.createStroke(path)


def _best_gap(width: float, height: float, radius: float, lines) -> float:
    """The smallest gap (box to point, less the radius) of a box touching no line, by search."""
    paths = [_stroke(seg) for seg in lines]
    x, y = CENTRE
    best = math.inf
    for left in np.arange(x - 70 - width, x + 70, 0.5):
        for top in np.arange(y - 70 - height, y + 70, 0.5):
            box = (float(left), float(top), float(left + width), float(top + height))
            gap = point_gap(box, x, y) - radius
            if gap <= 0 or gap >= best:
                continue
            rect = QRectF(box[0] + 1e-3, box[1] + 1e-3, width - 2e-3, height - 2e-3)
            if not any(p.intersects(rect) for p in paths):
                best = gap
    return best


@pytest.mark.parametrize(("slope", "gap", "width"),
                         [(40.0, 26.0, 30.0), (40.0, 26.0, 80.0), (55.0, 30.0, 24.0),
                          (40.0, 60.0, 30.0)])  # fmt: skip
def test_a_label_lands_as_near_as_the_lines_allow(slope: float, gap: float, width: float) -> None:
    height, radius = 14.0, 6.0
    lines = _lines(slope, gap)
    across = (-slope - 90.0, -slope + 90.0)  # y down: the line rises to the right at -slope°
    candidates = around_point(width, height, *CENTRE, radius, reach=60.0, step=1.0, angles=across)
    chosen = place([Label("a", candidates)], lines, [(*CENTRE, radius)], BOUNDS)["a"]
    assert chosen is not None
    ours = point_gap(candidates[chosen], *CENTRE) - radius
    best = _best_gap(width, height, radius, lines)
    assert ours <= best + 1.5, (ours, best)


def test_candidates_come_nearest_first() -> None:
    x, y, radius, step = 50.0, 40.0, 5.0, 2.0
    boxes = around_point(20.0, 10.0, x, y, radius, reach=30.0, step=step, angles=(-30.0,))
    gaps = [point_gap(b, x, y) - radius for b in boxes]
    assert all(g > 0 for g in gaps)  # never over the marker
    assert max(gaps) <= 30.0 + 1.0 + step
    assert all(b - a > -step for a, b in itertools.pairwise(gaps))  # rings in order
    # The first ring offers all four diagonals, upper left first (the old order's first pick).
    assert boxes[0][2] <= x and boxes[0][3] <= y
