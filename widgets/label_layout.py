"""Where a chart's texts go (the Roofline's and the Memory bars'): each label in the first free
spot among its candidates.

Everything here is plain geometry in scene pixels (x to the right, y down), so it can be tested
without a chart. A rectangle is ``(left, top, right, bottom)``; a segment ``(x0, y0, x1, y1)``; a
point obstacle ``(x, y, radius)``. :func:`place` takes labels in priority order, each with its
candidate rectangles in order of preference, and gives each the first candidate that stays inside
the plotting area and touches no line, no point, no blocked area and no label placed
before it; a label with no such candidate is left out (``None``), never drawn over something.
:func:`free_spot` finds room for a legend among the points (and blocked areas).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

__all__ = [
    "Label",
    "Rect",
    "all_free",
    "around_point",
    "around_point_array",
    "beside_vertical",
    "first_free",
    "free_spot",
    "hits",
    "off_horizontal",
    "on_horizontal",
    "place",
    "point_gap",
    "segments_hit",
]

Rect = tuple[float, float, float, float]


@dataclass
class Label:
    """One text to place: its key, its candidate rectangles (best first; a list of rectangles or
    an ``(n, 4)`` array) and the indices of the segments it may cover (a roof's label sits on its
    own roof, which is broken under the text)."""

    key: str
    candidates: list[Rect] | np.ndarray = field(default_factory=list)
    own: frozenset[int] = frozenset()


def _as_array(values: Sequence[Sequence[float]], width: int) -> np.ndarray:
    array = np.asarray(values, dtype=float)
    return array.reshape(-1, width) if array.size else np.empty((0, width))


def segments_hit(rect: Rect, segments: np.ndarray) -> np.ndarray:
    """Which of ``segments`` (an ``(n, 4)`` array) touch ``rect`` (exact, vectorised).

    A segment touches a rectangle when their bounding boxes overlap and the rectangle's corners
    are not all strictly on one side of the segment's line.
    """
    if not len(segments):
        return np.zeros(0, dtype=bool)
    left, top, right, bottom = rect
    x0, y0, x1, y1 = segments.T
    boxes = (
        (np.minimum(x0, x1) <= right)
        & (np.maximum(x0, x1) >= left)
        & (np.minimum(y0, y1) <= bottom)
        & (np.maximum(y0, y1) >= top)
    )
    dx, dy = x1 - x0, y1 - y0
    sides = np.stack(
        [
            dx * (cy - y0) - dy * (cx - x0)
            for cx, cy in ((left, top), (right, top), (left, bottom), (right, bottom))
        ]
    )
    split = ~((sides > 0).all(axis=0) | (sides < 0).all(axis=0))
    return boxes & split


def _points_hit(rect: Rect, points: np.ndarray) -> bool:
    if not len(points):
        return False
    left, top, right, bottom = rect
    x, y, r = points.T
    return bool(np.any((x + r > left) & (x - r < right) & (y + r > top) & (y - r < bottom)))


def _overlap(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _inside(rect: Rect, bounds: Rect) -> bool:
    return (
        rect[0] >= bounds[0]
        and rect[1] >= bounds[1]
        and rect[2] <= bounds[2]
        and rect[3] <= bounds[3]
    )


def hits(
    rect: Rect,
    segments: np.ndarray,
    points: np.ndarray,
    blocked: Sequence[Rect] = (),
    own: frozenset[int] = frozenset(),
) -> bool:
    """Whether ``rect`` touches a segment (other than those in ``own``), a point or a blocked
    rectangle."""
    crossed = segments_hit(rect, segments)
    if own and len(crossed):
        crossed[[i for i in own if i < len(crossed)]] = False
    return (
        bool(crossed.any()) or _points_hit(rect, points) or any(_overlap(rect, b) for b in blocked)
    )


def first_free(
    boxes: np.ndarray,
    segments: np.ndarray,
    own: frozenset[int],
    points: np.ndarray,
    taken: np.ndarray,
    bounds: Rect,
) -> int | None:
    """The index of the first of ``boxes`` (``(c, 4)``) inside ``bounds`` that touches no
    segment outside ``own``, no point and no ``taken`` rectangle: vectorised over the candidates,
    a block of :data:`_BLOCK` at a time in order (the answer is the same as all at once)."""
    if not len(boxes):
        return None
    if len(segments):
        keep = np.ones(len(segments), dtype=bool)
        keep[[i for i in own if i < len(segments)]] = False
        segments = segments[keep]
        # Only the segments whose bounding box meets the candidates' own can touch one.
        segments = segments[
            (np.minimum(segments[:, 0], segments[:, 2]) <= boxes[:, 2].max())
            & (np.maximum(segments[:, 0], segments[:, 2]) >= boxes[:, 0].min())
            & (np.minimum(segments[:, 1], segments[:, 3]) <= boxes[:, 3].max())
            & (np.maximum(segments[:, 1], segments[:, 3]) >= boxes[:, 1].min())
        ]
    # In blocks, best first: the first free box is usually among the first few, and testing
    # all of ~1,000 candidates against every line cost most of a slider step.
    for start in range(0, len(boxes), _BLOCK):
        found = _first_free_block(boxes[start : start + _BLOCK], segments, points, taken, bounds)
        if found is not None:
            return start + found
    return None


#: Candidates tested at once by :func:`first_free`.
_BLOCK = 128


def _first_free_block(
    boxes: np.ndarray, seg: np.ndarray, points: np.ndarray, taken: np.ndarray, bounds: Rect
) -> int | None:
    """:func:`first_free` of ``boxes`` against segments already stripped of the label's own."""
    hits = np.flatnonzero(_free_mask(boxes, seg, points, taken, bounds))
    return int(hits[0]) if len(hits) else None


def all_free(boxes: np.ndarray, segments: np.ndarray, points: np.ndarray) -> bool:
    """Whether none of ``boxes`` (``(c, 4)``) touches a segment or a point (no bounds, nothing
    taken): the check that placed labels may stay where they are, for all of them at once."""
    if not len(boxes):
        return True
    unbounded = (-math.inf, -math.inf, math.inf, math.inf)
    return bool(_free_mask(boxes, segments, points, np.empty((0, 4)), unbounded).all())


def _free_mask(
    boxes: np.ndarray, seg: np.ndarray, points: np.ndarray, taken: np.ndarray, bounds: Rect
) -> np.ndarray:
    """Which of ``boxes`` are inside ``bounds`` and touch no segment, point or taken box."""
    left, top, right, bottom = (boxes[:, i : i + 1] for i in range(4))
    free = (
        (boxes[:, 0] >= bounds[0])
        & (boxes[:, 1] >= bounds[1])
        & (boxes[:, 2] <= bounds[2])
        & (boxes[:, 3] <= bounds[3])
    )
    if not free.any():
        return free
    if len(seg):
        x0, y0, x1, y1 = (seg[:, i][None, :] for i in range(4))
        crossed = (
            (np.minimum(x0, x1) <= right)
            & (np.maximum(x0, x1) >= left)
            & (np.minimum(y0, y1) <= bottom)
            & (np.maximum(y0, y1) >= top)
        )
        dx, dy = x1 - x0, y1 - y0
        above = np.zeros(crossed.shape, dtype=bool)
        below = np.zeros(crossed.shape, dtype=bool)
        first = True
        for cx, cy in ((left, top), (right, top), (left, bottom), (right, bottom)):
            side = dx * (cy - y0) - dy * (cx - x0)
            if first:
                above, below, first = side > 0, side < 0, False
            else:
                above &= side > 0
                below &= side < 0
        free &= ~(crossed & ~(above | below)).any(axis=1)
    if len(points):
        near = points[
            (points[:, 0] + points[:, 2] > boxes[:, 0].min())
            & (points[:, 0] - points[:, 2] < boxes[:, 2].max())
            & (points[:, 1] + points[:, 2] > boxes[:, 1].min())
            & (points[:, 1] - points[:, 2] < boxes[:, 3].max())
        ]
        if len(near):
            x, y, r = (near[:, i][None, :] for i in range(3))
            free &= ~((x + r > left) & (x - r < right) & (y + r > top) & (y - r < bottom)).any(
                axis=1
            )
    if len(taken):
        t0, t1, t2, t3 = (taken[:, i][None, :] for i in range(4))
        free &= ~((left < t2) & (t0 < right) & (top < t3) & (t1 < bottom)).any(axis=1)
    return free


def place(
    labels: Sequence[Label],
    segments: Sequence[Sequence[float]],
    points: Sequence[Sequence[float]],
    bounds: Rect,
    blocked: Sequence[Rect] = (),
) -> dict[str, int | None]:
    """The index of the candidate each label gets (``None``: none is free), in priority order."""
    seg = _as_array(segments, 4)
    pts = _as_array(points, 3)
    taken = list(blocked)
    out: dict[str, int | None] = {}
    for label in labels:
        boxes = _as_array(label.candidates, 4)
        index = first_free(boxes, seg, label.own, pts, _as_array(taken, 4), bounds)
        out[label.key] = index
        if index is not None:
            taken.append(tuple(float(v) for v in boxes[index]))  # type: ignore[arg-type]
    return out


def on_horizontal(
    width: float, height: float, y: float, x_from: float, x_to: float, gap: float, step: float
) -> list[Rect]:
    """Candidates for a roof's label along its flat part at height ``y``, from ``x_to`` (the
    right end, best) leftwards to ``x_from``: on the line (which is broken under the text, so
    the label needs half its height of room on each side), then just above it, then below."""
    out: list[Rect] = []
    right = x_to
    while right - width >= x_from:
        out.append((right - width, y - height / 2, right, y + height / 2))
        out.append((right - width, y - gap - height, right, y - gap))
        out.append((right - width, y + gap, right, y + gap + height))
        right -= step
    return out


def off_horizontal(
    width: float,
    height: float,
    y: float,
    x_from: float,
    x_to: float,
    gap: float,
    step: float,
    reach: float,
) -> list[tuple[Rect, Rect]]:
    """Candidates for a roof's label that finds no room beside its line (another roof a few
    pixels away): farther above or below it, up to ``reach`` pixels, each with the thin strip a
    leader line from the text's middle to the line takes, ``(box, strip)``; nearest first, from
    the right end leftwards."""
    out: list[tuple[Rect, Rect]] = []
    offset = gap + height / 2
    while offset <= reach:
        right = x_to
        while right - width >= x_from:
            middle = right - width / 2
            above = (right - width, y - offset - height, right, y - offset)
            below = (right - width, y + offset, right, y + offset + height)
            out.append((above, (middle - 1.0, above[3], middle + 1.0, y - gap)))
            out.append((below, (middle - 1.0, y + gap, middle + 1.0, below[1])))
            right -= step
        offset += height / 2
    return out


def beside_vertical(
    width: float,
    height: float,
    x: float,
    y_from: float,
    y_to: float,
    gap: float,
    step: float,
    reach: float = 0.0,
    x_step: float = 4.0,
) -> list[Rect]:
    """Candidates beside a vertical line at ``x``, from ``y_from`` (the bottom, best) up to
    ``y_to`` in steps of ``step``: right of the line, then left of it; then, up to ``reach``
    pixels farther from the line in steps of ``x_step``, the same farther out (another line a few pixels beside this one
    leaves no room next to it: the Inference tab's achievable and datasheet ridges)."""
    out: list[Rect] = []
    offset = gap
    while True:
        bottom = y_from
        while bottom - height >= y_to:
            out.append((x + offset, bottom - height, x + offset + width, bottom))
            out.append((x - offset - width, bottom - height, x - offset, bottom))
            bottom -= step
        offset += x_step
        if offset > gap + reach or step <= 0 or x_step <= 0:
            break
    return out


#: Directions (degrees, y down: 90 is straight down) tried around a point, in order of preference
#: at equal distance: the diagonals (upper left first), the sides, then the 15° steps between.
_PREFERRED = (-135.0, -45.0, 135.0, 45.0, 180.0, 0.0, -90.0, 90.0)
_DIRECTIONS = _PREFERRED + tuple(
    float(a) for a in range(-165, 181, 15) if float(a) not in _PREFERRED and a != -180
)


def point_gap(rect: Rect, x: float, y: float) -> float:
    """How far ``rect`` is from the point ``(x, y)``: the distance to its nearest edge or corner
    (0 when the point is inside it)."""
    dx = max(rect[0] - x, 0.0, x - rect[2])
    dy = max(rect[1] - y, 0.0, y - rect[3])
    return float(np.hypot(dx, dy))


def around_point(
    width: float, height: float, x: float, y: float, radius: float, **options: Any
) -> list[Rect]:
    """Candidates around a point, nearest first (``options``: :func:`around_point_array`'s
    ``reach``, ``step`` and ``angles``): boxes whose nearest edge or corner lies from
    ``radius`` + 1 to ``radius`` + ``reach`` pixels from the point, in ``step`` rings.

    In each ring a box sits in 24 directions (every 15°; the diagonals, upper left first, then
    the sides win at equal distance) and in the extra ``angles`` (degrees, y down: a caller
    passes the perpendiculars to the line a point sits on, where the nearest room across a
    neighbouring line is). A box in direction θ touches the ring with the point of its outline
    that faces the point: a corner on a diagonal, an edge's middle on a side, in between
    elsewhere. Near rings around a point on a slanted line are crossed by it and its neighbours;
    the finer rings and directions let a label land as near as the lines allow (the old eight
    boxes at two distances had put them 25 to 50 px off).
    """
    boxes = around_point_array(width, height, x, y, radius, **options)
    return [tuple(row) for row in boxes.tolist()]  # type: ignore[misc]


def around_point_array(
    width: float,
    height: float,
    x: float,
    y: float,
    radius: float,
    *,
    reach: float | None = None,
    step: float = 2.0,
    angles: Sequence[float] = (),
) -> np.ndarray:
    """:func:`around_point`'s candidates as an ``(n, 4)`` array (what :func:`place` takes
    without converting ~1,000 tuples back; a slider step places two such labels)."""
    reach = 0.6 * height + 2.0 + 3.0 * step if reach is None else reach
    extra = tuple(float(a) for a in angles if math.isfinite(a))
    theta = np.radians(np.asarray(_DIRECTIONS + extra, dtype=float))
    cos, sin = np.cos(theta), np.sin(theta)
    # The outline point facing the centre: (ax, ay) of the box from its top left corner.
    ax, ay = (1.0 - np.clip(cos * 1.5, -1, 1)) / 2, (1.0 - np.clip(sin * 1.5, -1, 1)) / 2
    # Every ring × direction at once (ring-major, as the boxes are ranked on ties), then nearest
    # first: a Python loop over the ~1,000 boxes cost ~4 ms per label on every slider step.
    rings = np.arange(radius + 1.0, radius + reach + 1e-9, step)
    left = (x + np.outer(rings, cos) - width * ax).ravel()
    top = (y + np.outer(rings, sin) - height * ay).ravel()
    rank = np.tile(np.arange(len(theta)), len(rings))
    dx = np.maximum(np.maximum(left - x, 0.0), x - (left + width))
    dy = np.maximum(np.maximum(top - y, 0.0), y - (top + height))
    gap = np.hypot(dx, dy)
    keep = gap > radius  # never over the marker itself
    left, top, rank = left[keep], top[keep], rank[keep]
    bucket = np.floor((gap[keep] - radius) / step)
    order = np.lexsort((rank, bucket))  # stable: ring order breaks the remaining ties
    left, top = left[order], top[order]
    # The first box of each half-pixel position, in that order.
    keys = np.round(left * 2) + 1j * np.round(top * 2)
    _, first = np.unique(keys, return_index=True)
    first.sort()
    left, top = left[first], top[first]
    return np.stack([left, top, left + width, top + height], axis=1)


def free_spot(
    width: float,
    height: float,
    bounds: Rect,
    margin: float,
    segments: Sequence[Sequence[float]],
    points: Sequence[Sequence[float]],
    blocked: Sequence[Rect] = (),
) -> Rect | None:
    """Where a box of ``width`` × ``height`` (the legend) covers no point and no ``blocked``
    area, crossing the fewest lines: the four corners first (top left, bottom right, top right, bottom left), then a grid
    over the area; ``None`` when every spot covers a point or the box does not fit."""
    seg = _as_array(segments, 4)
    pts = _as_array(points, 3)
    left, top, right, bottom = bounds
    if right - left < width + 2 * margin or bottom - top < height + 2 * margin:
        return None
    x0, x1 = left + margin, right - margin - width
    y0, y1 = top + margin, bottom - margin - height
    spots = [(x0, y0), (x1, y1), (x1, y0), (x0, y1)]
    step = max(min(width, height) / 2, 12.0)
    ys = np.arange(y0, y1 + 0.5, step)
    for x in np.arange(x0, x1 + 0.5, step):
        spots += [(float(x), float(y)) for y in ys]
    best: tuple[int, Rect] | None = None
    for x, y in spots:
        rect = (x, y, x + width, y + height)
        if _points_hit(rect, pts) or any(_overlap(rect, b) for b in blocked):
            continue
        crossed = int(segments_hit(rect, seg).sum())
        if best is None or crossed < best[0]:
            best = (crossed, rect)
            if crossed == 0:
                break
    return None if best is None else best[1]
