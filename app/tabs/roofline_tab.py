"""The Roofline tab (not built yet: shows what it will hold)."""

from __future__ import annotations

from app.state import AppState
from app.tabs.placeholder import PlaceholderPage

__all__ = ["build"]


def build(state: AppState) -> PlaceholderPage:
    """Build the Roofline tab's page."""
    return PlaceholderPage(
        "roofline",
        "Roofline",
        "Compute and bandwidth ceilings per device and dtype, with operator points and live measurements.",
    )
