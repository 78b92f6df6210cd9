"""A filter proxy's criteria changed: tell the view, on every Qt release the app supports.

Qt 6.9 added ``QSortFilterProxyModel.beginFilterChange()`` / ``endFilterChange()`` around a change
of criteria and deprecated ``invalidateFilter()``, which earlier releases (PySide6 6.6 to 6.8)
only have. :func:`filter_change` uses the pair where it exists and ``invalidateFilter()`` after
the change elsewhere, so the Step and Plan tables filter under any PySide6 ``pyproject.toml``
allows.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import QSortFilterProxyModel

__all__ = ["filter_change"]


@contextmanager
def filter_change(proxy: QSortFilterProxyModel) -> Iterator[None]:
    """Change ``proxy``'s filter criteria inside the ``with`` block; the rows are filtered anew
    after it."""
    begin = getattr(proxy, "beginFilterChange", None)
    if begin is None:
        yield
        proxy.invalidateFilter()
        return
    begin()
    try:
        yield
    finally:
        proxy.endFilterChange()
