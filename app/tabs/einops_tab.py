"""The Einops tab (not built yet: shows what it will hold)."""

from __future__ import annotations

from app.state import AppState
from app.tabs.placeholder import PlaceholderPage

__all__ = ["build"]


def build(state: AppState) -> PlaceholderPage:
    """Build the Einops tab's page."""
    return PlaceholderPage(
        "einops",
        "Einops",
        "An einops expression tester: what a pattern does, its output shape, the equivalent PyTorch code, and its FLOPs and bytes.",
    )
