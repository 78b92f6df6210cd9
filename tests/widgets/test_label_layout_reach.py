"""``beside_vertical``'s farther candidates: beside a ridge line with another a few pixels away
(the Inference tab's achievable and datasheet ridges), a label finds room farther out, after
every nearer spot, and never nearer than the gap."""

from __future__ import annotations

from widgets.label_layout import beside_vertical


def test_no_reach_gives_the_near_spots_only():
    near = beside_vertical(40, 10, 100, 200, 150, 3, 5)
    # Right then left of the line at each height, from the bottom (200) up to 150: 9 heights.
    assert len(near) == 2 * 9
    assert near[0] == (103, 190, 143, 200) and near[1] == (57, 190, 97, 200)


def test_reach_adds_farther_spots_after_the_near_ones():
    near = beside_vertical(40, 10, 100, 200, 150, 3, 5)
    far = beside_vertical(40, 10, 100, 200, 150, 3, 5, reach=8, x_step=4)
    assert far[: len(near)] == near  # the near spots first, unchanged
    offsets = sorted({round(r[0] - 100, 6) for r in far if r[0] > 100})
    assert offsets == [3, 7, 11]  # the gap, then every 4 px up to the gap + 8
    lefts = sorted({round(100 - r[2], 6) for r in far if r[2] < 100})
    assert lefts == [3, 7, 11]
    assert all(r[3] - r[1] == 10 and r[2] - r[0] == 40 for r in far)
