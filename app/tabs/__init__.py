"""The main window's tabs, in order, and how to build each one (lazily, on first show).

Each tab lives in its own module exposing ``build(state: AppState) -> TabPage``. Modules are
imported only when their tab is first shown, so a tab's heavy imports (pyqtgraph, torch) never
slow the window's first paint.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

from core.echo import brief
from core.texts import translate

if TYPE_CHECKING:
    from app.state import AppState
    from app.tabs.base import TabPage

__all__ = ["TABS", "TabSpec", "build_tab", "tab_spec"]


@dataclass(frozen=True)
class TabSpec:
    """A tab's id (used by sessions, the CLI and shortcuts), title, module and tooltip.

    The title and tooltip are :class:`core.texts.Text` (English; ``widgets.i18n.localized`` gives
    them in the window's language).
    """

    id: str
    title: str
    module: str
    tooltip: str


TABS: tuple[TabSpec, ...] = (
    TabSpec(
        "dtypes",
        translate("Tabs", "Dtypes"),
        "app.tabs.dtypes_tab",
        translate("Tabs", "Bit layouts of fp64 down to fp4 and block formats"),
    ),
    TabSpec(
        "einops",
        translate("Tabs", "Einops"),
        "app.tabs.einops_tab",
        translate("Tabs", "What an einops pattern does and what it costs"),
    ),
    TabSpec(
        "roofline",
        translate("Tabs", "Roofline"),
        "app.tabs.roofline_tab",
        translate("Tabs", "Ceilings per device and dtype, operator points"),
    ),
    TabSpec(
        "memory",
        translate("Tabs", "Memory"),
        "app.tabs.memory_tab",
        translate("Tabs", "Training memory: params, grads, optimizer, activations"),
    ),
    TabSpec(
        "napkin",
        translate("Tabs", "Napkin"),
        "app.tabs.napkin_tab",
        translate("Tabs", "Back-of-envelope training time and model size"),
    ),
    TabSpec(
        "step",
        translate("Tabs", "Step"),
        "app.tabs.step_tab",
        translate("Tabs", "One training step op by op: FLOPs, bytes, time and MFU on a device"),
    ),
    TabSpec(
        "plan",
        translate("Tabs", "Plan"),
        "app.tabs.plan_tab",
        translate(
            "Tabs", "Which parallel layout to train on a cluster, what limits it, what to change"
        ),
    ),
    TabSpec(
        "inference",
        translate("Tabs", "Inference"),
        "app.tabs.inference_tab",
        translate(
            "Tabs", "Serve a model: memory per GPU, prefill and decode on the roofline, TTFT, TPOT"
        ),
    ),
)


def tab_spec(tab_id: str) -> TabSpec:
    """The spec of ``tab_id``; raises ``KeyError`` listing the known ids."""
    for spec in TABS:
        if spec.id == tab_id:
            return spec
    raise KeyError(f"unknown tab {brief(tab_id)}; known: {', '.join(s.id for s in TABS)}")


def build_tab(spec: TabSpec, state: AppState) -> TabPage:
    """Import the tab's module and build its page."""
    module = importlib.import_module(spec.module)
    return module.build(state)
