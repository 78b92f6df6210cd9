"""The Qt binding keeps Python's reference counts right (PySide6 6.12.0 on Python 3.11 did not)."""

from __future__ import annotations

import sys

from PySide6.QtGui import QPen


def test_void_and_bool_calls_keep_singleton_refcounts() -> None:
    pen = QPen()
    none_before, true_before = sys.getrefcount(None), sys.getrefcount(True)
    for _ in range(2_000):
        pen.setCosmetic(True)  # returns None
        pen.isCosmetic()  # returns True
    # A binding that forgets to take a reference loses one per call (2,000 here); allow noise.
    assert abs(sys.getrefcount(None) - none_before) < 100
    assert abs(sys.getrefcount(True) - true_before) < 100
