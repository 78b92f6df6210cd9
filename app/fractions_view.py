"""Open the "Achievable fractions" dialog of the toolbar's device, one per window, not modal.

The dialog (:class:`widgets.fractions_dialog.FractionsDialog`) follows the toolbar's device, and
after Save or Reset it tells every tab through :attr:`app.state.AppState.calibrationChanged`
(the Plan tab plans again, the Step tab predicts again).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject

from app.state import AppState
from widgets.fractions_dialog import FractionsDialog

__all__ = ["FractionsController", "open_fractions"]


def _measured(device_id: str) -> Any:
    from core.plan.model import measured_device  # the plan's own "measured here"

    return measured_device(device_id)


class FractionsController(QObject):
    """Keeps one dialog per window in step with the shared state (bound methods only)."""

    def __init__(self, window: Any, state: AppState) -> None:
        super().__init__(window)
        self._state = state
        self.dialog = FractionsDialog(
            state.device, measured=_measured(state.device_id), parent=window
        )
        self.dialog.saved.connect(self._saved)
        state.deviceChanged.connect(self._device_changed)
        state.catalogChanged.connect(self._catalog_changed)

    def _saved(self, device_id: str) -> None:
        self._state.calibration_changed(device_id)

    def _device_changed(self, device_id: str) -> None:
        self.dialog.set_device(self._state.device, _measured(device_id))

    def _catalog_changed(self) -> None:
        self._device_changed(self._state.device_id)

    def show(self) -> FractionsDialog:
        """Show (or raise) the dialog."""
        self.dialog.show()
        self.dialog.raise_()
        self.dialog.activateWindow()
        return self.dialog


def open_fractions(window: Any, state: AppState) -> FractionsDialog:
    """Show the window's fractions dialog (made on first use) for the toolbar's device."""
    controller = window.findChild(FractionsController)
    if controller is None:
        controller = FractionsController(window, state)
    return controller.show()
