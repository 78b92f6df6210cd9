"""The array and scalar paths of the codec agree for every format (issue 11, class 7).

``round_array`` is the vectorised ``encode``: for any float64 input, in every format and under both
overflow policies, it returns ``encode(x).value`` (NaN where encode stores NaN or cannot store the
input; the sign of zero included).
"""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from core.numbers.codec import encode, round_array
from core.numbers.formats import FORMATS, POLICIES

SPECIAL = [
    0.0,
    -0.0,
    math.inf,
    -math.inf,
    math.nan,
    5e-324,
    -5e-324,
    2.0**-127,
    2.0**-140,
    1.5 * 2.0**-127,
    2.0**127,
    1.5 * 2.0**127,
    2.0**128,
    1e308,
    -1e308,
    0.75,
    1.5,
    -1.5,
]


def _same(a: float, b: float) -> bool:
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return a == b and math.copysign(1.0, a) == math.copysign(1.0, b)


def _check(values: list[float]) -> None:
    x = np.array(values, dtype=np.float64)
    for fmt in FORMATS.values():
        for policy in POLICIES:
            arr = round_array(fmt, x, policy)
            for value, got in zip(values, arr.tolist(), strict=True):
                want = encode(fmt, value, policy).value
                assert _same(got, want), (fmt.id, policy, value, got, want)


def test_special_values_agree_in_every_format() -> None:
    # E8M0 of 0.0: encode stores 2^-127 (torch's convention), round_array used to give 0.5.
    _check(SPECIAL)


def test_every_representable_value_and_its_neighbours_agree() -> None:
    from core.numbers.formats import decode_array

    for fmt in FORMATS.values():
        if fmt.bits > 8:  # 16-bit formats: sampled by the random test
            continue
        values = decode_array(fmt, np.arange(fmt.code_count))
        finite = np.unique(values[np.isfinite(values)])
        mids = (finite[:-1] + finite[1:]) / 2
        _check([*finite.tolist(), *mids.tolist(), *np.nextafter(mids, np.inf).tolist()])


@settings(max_examples=80, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.floats(allow_nan=True, allow_infinity=True),
            st.floats(min_value=-600.0, max_value=600.0),
            st.floats(min_value=-1e-3, max_value=1e-3),
        ),
        min_size=1,
        max_size=20,
    )
)
def test_random_values_agree_in_every_format(values: list[float]) -> None:
    _check(values)
