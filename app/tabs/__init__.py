"""The main window's tabs, in order, and how to build each one (lazily, on first show).

Each tab lives in its own module exposing ``build(state: AppState) -> TabPage``. Modules are
imported only when their tab is first shown, so a tab's heavy imports (pyqtgraph, torch) never
slow the window's first paint.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from app.state import AppState
    from app.tabs.base import TabPage

__all__ = ["TABS", "TabSpec", "build_tab", "tab_spec"]


@dataclass(frozen=True)
class TabSpec:
    """A tab's id (used by sessions, the CLI and shortcuts), title, module and tooltip."""

    id: str
    title: str
    module: str
    tooltip: str


TABS: tuple[TabSpec, ...] = (
    TabSpec(
        "dtypes",
        "Dtypes",
        "app.tabs.dtypes_tab",
        "Bit layouts of fp64 down to fp4 and block formats",
    ),
    TabSpec(
        "einops", "Einops", "app.tabs.einops_tab", "What an einops pattern does and what it costs"
    ),
    TabSpec(
        "roofline",
        "Roofline",
        "app.tabs.roofline_tab",
        "Ceilings per device and dtype, operator points",
    ),
    TabSpec(
        "memory",
        "Memory",
        "app.tabs.memory_tab",
        "Training memory: params, grads, optimizer, activations",
    ),
    TabSpec(
        "napkin", "Napkin", "app.tabs.napkin_tab", "Back-of-envelope training time and model size"
    ),
    TabSpec(
        "step",
        "Step",
        "app.tabs.step_tab",
        "One training step op by op: FLOPs, bytes, time and MFU on a device",
    ),
)


def tab_spec(tab_id: str) -> TabSpec:
    """The spec of ``tab_id``; raises ``KeyError`` listing the known ids."""
    for spec in TABS:
        if spec.id == tab_id:
            return spec
    raise KeyError(f"unknown tab {tab_id!r}; known: {', '.join(s.id for s in TABS)}")


def build_tab(spec: TabSpec, state: AppState) -> TabPage:
    """Import the tab's module and build its page."""
    module = importlib.import_module(spec.module)
    return module.build(state)
