"""Open a collectives benchmark file (``bench --suite collectives --out``) and show it in a dialog."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QFileDialog

from core.comm.results import read_collectives
from core.errors import InputError
from widgets.comm import CollectivesDialog
from widgets.i18n import localized, translate
from widgets.rich_text import warn

if TYPE_CHECKING:
    from app.main_window import MainWindow

__all__ = ["open_collectives", "show_collectives"]


def show_collectives(window: MainWindow, path: str) -> CollectivesDialog | None:
    """Read ``path`` and show it beside the current device's intra-node bandwidth."""
    try:
        series, problems = read_collectives(path)
    except InputError as exc:
        warn(window, translate("CommView", "Collectives"), localized(exc.message))
        return None
    device = window.state.device
    bandwidth = device.intra_node_bandwidth
    label = (
        translate("CommView", "{device}: {link} (database)").format(
            device=localized(device.name),
            link=device.intra_node_link or translate("CommView", "link"),
        )
        if bandwidth
        else translate("CommView", "{device} has no interconnect bandwidth in the database").format(
            device=localized(device.name)
        )
    )
    dialog = CollectivesDialog(series, (label, bandwidth), problems, parent=window)
    dialog.show()
    window._collectives_dialog = dialog  # type: ignore[attr-defined]  # keep a reference
    return dialog


def open_collectives(window: MainWindow) -> None:
    """Ask for a JSON-lines file, then show it."""
    path, _ = QFileDialog.getOpenFileName(
        window,
        translate("CommView", "Open collectives benchmark"),
        "",
        translate("CommView", "JSON lines (*.jsonl);;All files (*)"),
    )
    if path:
        show_collectives(window, path)
