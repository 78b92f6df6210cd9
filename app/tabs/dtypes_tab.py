"""The Dtypes tab (not built yet: shows what it will hold)."""

from __future__ import annotations

from app.state import AppState
from app.tabs.placeholder import PlaceholderPage

__all__ = ["build"]


def build(state: AppState) -> PlaceholderPage:
    """Build the Dtypes tab's page."""
    return PlaceholderPage(
        "dtypes",
        "Dtypes",
        "Bit layouts of every format from fp64 to fp4, with the block-scaled MX and NVFP4 formats: flip bits, type values, compare formats.",
    )
