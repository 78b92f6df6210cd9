"""The label layout's geometry against Qt's own: which segments touch a rectangle, and that
:func:`place` never hands out a box that touches a line, a point or another box."""

from __future__ import annotations

import numpy as np
from hypothesis import example, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainterPath, QPainterPathStroker

from widgets.label_layout import Label, around_point, off_horizontal, place, segments_hit

coord = st.floats(-50, 150, allow_nan=False)


def _qt_touches(rect, seg, width: float = 0.01) -> bool:
    path = QPainterPath(QPointF(seg[0], seg[1]))
    path.lineTo(QPointF(seg[2], seg[3]))
    stroker = QPainterPathStroker()
    stroker.setWidth(width)
    left, top, right, bottom = rect
    return stroker.createStroke(path).intersects(QRectF(left, top, right - left, bottom - top))


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.tuples(coord, coord, coord, coord), st.floats(0, 100), st.floats(0, 100))
def test_segments_hit_agrees_with_qt(seg, x, y) -> None:
    rect = (x, y, x + 20.0, y + 10.0)
    ours = bool(segments_hit(rect, np.asarray([seg], float))[0])
    # The razor's edge (a segment within rounding of the box: grazing a corner, an end on an edge)
    # is where the box shrunk and grown by 0.005 disagree; there both answers are fine.
    e = 0.005
    inner = _qt_touches((rect[0] + e, rect[1] + e, rect[2] - e, rect[3] - e), seg, 1e-6)
    outer = _qt_touches((rect[0] - e, rect[1] - e, rect[2] + e, rect[3] + e), seg, 1e-6)
    if inner == outer:
        assert ours == inner


def test_a_segment_ending_just_off_a_corner_misses_it() -> None:
    """The case that found the test's old tolerance (0.0039 below the corner): no hit."""
    seg = (0.0, -0.00390625, 1.0, -1.0)
    assert not segments_hit((0.0, 0.0, 20.0, 10.0), np.asarray([seg], float))[0]
    assert not _qt_touches((0.0, 0.0, 20.0, 10.0), seg, 1e-6)


@settings(max_examples=60, deadline=None)
@example(segments=[(0.0, 0.0, 0.0, 13.0)], centres=[(0.0, 0.0), (9.0, 0.0)])  # a newer Hypothesis's
@given(st.lists(st.tuples(coord, coord, coord, coord), max_size=12),
       st.lists(st.tuples(st.floats(0, 100), st.floats(0, 100)), min_size=1, max_size=10))  # fmt: skip
def test_placed_boxes_touch_nothing(segments, centres) -> None:
    points = [(x, y, 3.0) for x, y in centres]
    labels = [Label(str(i), around_point(18.0, 8.0, x, y, 4.0)) for i, (x, y) in enumerate(centres)]
    chosen = place(labels, segments, points, (0.0, 0.0, 100.0, 100.0))
    boxes = [lab.candidates[i] for lab, i in ((lab, chosen[lab.key]) for lab in labels)
             if i is not None]  # fmt: skip
    for n, box in enumerate(boxes):
        assert box[0] >= 0 and box[2] <= 100 and box[1] >= 0 and box[3] <= 100
        for seg in segments:  # the box's inside: a thin stroke (a 0.01 one's square cap
            # reaches 0.005 past a segment's end, into a box that only meets the end at a corner)
            assert not _qt_touches((box[0] + 1e-3, box[1] + 1e-3, box[2] - 1e-3, box[3] - 1e-3),
                                   seg, 1e-6)  # fmt: skip
        for px, py, r in points:
            assert not (px + r > box[0] and px - r < box[2] and py + r > box[1] and py - r < box[3])
        for other in boxes[n + 1 :]:
            assert not (box[0] < other[2] and other[0] < box[2] and box[1] < other[3]
                        and other[1] < box[3])  # fmt: skip


def test_a_label_off_its_line_has_a_leader_strip_from_its_middle_to_the_line() -> None:
    """:func:`off_horizontal`: each box lies wholly above or below the line at ``y``, at least a
    gap plus half a line away, and its strip joins the box's edge to the line at the box's
    middle (a hand derivation of the geometry)."""
    width, height, y, gap = 40.0, 10.0, 100.0, 1.0
    found = off_horizontal(width, height, y, 0.0, 200.0, gap, 20.0, 30.0)
    assert found
    offsets = set()
    for (left, top, right, bottom), (s0, s1, s2, s3) in found:
        assert right - left == width and bottom - top == height
        assert (s0 + s2) / 2 == (left + right) / 2
        above = bottom <= y
        offsets.add(round(y - bottom if above else top - y, 6))
        if above:
            assert (s1, s3) == (bottom, y - gap)
        else:
            assert (s1, s3) == (y + gap, top)
    # gap + height/2, then half a line farther each time, up to the reach
    assert sorted(offsets) == [6.0, 11.0, 16.0, 21.0, 26.0]
    first = found[0][0]
    assert first[2] == 200.0  # the right end first
