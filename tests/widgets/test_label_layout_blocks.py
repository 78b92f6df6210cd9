"""The slider-speed paths of the label layout give the answers of the plain ones."""

import numpy as np

from widgets.label_layout import Label, all_free, around_point, around_point_array, first_free, hits


def test_around_point_array_equals_the_list():
    rng = np.random.default_rng(7)
    for _ in range(200):
        args = (rng.uniform(20, 200), rng.uniform(8, 40), rng.uniform(0, 600), rng.uniform(0, 600),
                rng.uniform(2, 12))  # fmt: skip
        boxes = around_point_array(*args, step=1.4)
        assert [tuple(r) for r in boxes.tolist()] == around_point(*args, step=1.4)


def test_first_free_in_blocks_equals_one_by_one():
    rng = np.random.default_rng(3)
    bounds = (0.0, 0.0, 600.0, 600.0)
    for _ in range(200):
        boxes = around_point_array(60.0, 14.0, *rng.uniform(0, 600, 2), 5.0, step=1.0)
        segments = rng.uniform(0, 600, size=(20, 4))
        points = np.c_[rng.uniform(0, 600, (4, 2)), rng.uniform(2, 9, (4, 1))]
        own = frozenset({1, 4})
        expected = next((i for i, b in enumerate(boxes.tolist())
                         if bounds[0] <= b[0] and bounds[1] <= b[1] and b[2] <= bounds[2]
                         and b[3] <= bounds[3] and not hits(tuple(b), segments, points, (), own)),
                        None)  # fmt: skip
        assert first_free(boxes, segments, own, points, np.empty((0, 4)), bounds) == expected
        free = [not hits(tuple(b), segments, points) for b in boxes[:5].tolist()]
        assert all_free(boxes[:5], segments, points) == all(free)
        assert Label("x", boxes).candidates is boxes
