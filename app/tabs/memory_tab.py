"""The Memory tab (not built yet: shows what it will hold)."""

from __future__ import annotations

from app.state import AppState
from app.tabs.placeholder import PlaceholderPage

__all__ = ["build"]


def build(state: AppState) -> PlaceholderPage:
    """Build the Memory tab's page."""
    return PlaceholderPage(
        "memory",
        "Memory",
        "The training-memory stack: parameters, gradients, optimizer state and activations, estimated, traced and measured.",
    )
