"""A filter proxy's criteria changed: tell the view, on every Qt release the app supports.

Qt 6.10 has ``QSortFilterProxyModel.beginFilterChange()`` / ``endFilterChange()`` around a change
of criteria, and deprecates ``invalidateFilter()``; earlier releases have only that (6.9 has
``beginFilterChange`` without its end). :func:`filter_change` uses the pair where both exist and
``invalidateFilter()`` after the change elsewhere, so the Step and Plan tables filter under any
PySide6 ``pyproject.toml`` allows.
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
    if not hasattr(proxy, "endFilterChange"):
        yield
        proxy.invalidateFilter()
        return
    proxy.beginFilterChange()
    try:
        yield
    finally:
        proxy.endFilterChange()
