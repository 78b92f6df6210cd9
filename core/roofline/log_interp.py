"""Interpolation in log₂ of a sequence length, the way attention kernels' measured figures are read.

Kernel benchmarks measure at lengths that double (2K, 4K, 8K, …); between two of them a figure is
taken linearly in log₂ of the length, and beyond the ends it is held at the nearest one.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

__all__ = ["log2_interpolate"]


def log2_interpolate(points: Sequence[tuple[float, float]], seq: float) -> float:
    """The value at ``seq`` of ``points`` (``(length, value)`` pairs, lengths increasing): linear
    in log₂(seq) between two measured lengths, flat beyond them."""
    if seq <= points[0][0]:
        return points[0][1]
    for (q0, r0), (q1, r1) in itertools.pairwise(points):
        if seq <= q1:
            t = (math.log2(seq) - math.log2(q0)) / (math.log2(q1) - math.log2(q0))
            return r0 + t * (r1 - r0)
    return points[-1][1]
