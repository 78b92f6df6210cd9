"""The state every tab shares: the device catalog, the selected device and dtype, and a point bus.

Tabs read and listen; only the main window's selectors (and sessions) change the selection.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Signal

from core.echo import brief
from core.errors import InputError
from core.roofline.hardware import DTYPES, Device, DeviceCatalog, load_catalog
from core.texts import translate

__all__ = ["AppState", "restore_tab"]


def restore_tab(page: Any, data: object) -> list[str]:
    """Restore a tab's saved inputs; returns one message per value that was not applied.

    Wraps the page's ``restore_session`` so that no session can break a tab: data that is not an
    object, an exception inside the page (a bug, reported rather than raised) and keys the tab does
    not know (a typo, or a newer version's input) each give a message instead of being dropped
    silently. The page reports the values it refused itself. The messages are
    :class:`core.texts.Text` (English; the window shows them translated).
    """
    tab = getattr(page, "tab_id", "") or type(page).__name__
    if not isinstance(data, dict):
        return [
            translate(
                "Sessions", "{tab}: expected an object of inputs, got {kind}; kept the defaults"
            ).format(tab=tab, kind=type(data).__name__)
        ]
    try:
        problems = list(page.restore_session(data))
    except Exception as exc:  # a session file must never break a tab
        problems = [
            translate("Sessions", "{tab}: could not restore ({error})").format(
                tab=tab, error=f"{type(exc).__name__}: {exc}"
            )
        ]
    try:
        known = set(page.session_state())
    except Exception:  # the page already said what went wrong
        known = set(data)
    unknown = sorted(str(key) for key in data if key not in known)
    if unknown:
        names = {
            "tab": tab,
            "names": ", ".join(brief(k) for k in unknown),
            "known": ", ".join(sorted(known)),
        }
        if len(unknown) > 1:
            problems.append(
                translate("Sessions", "{tab}: unknown inputs {names} ignored; known: {known}")
                .format(**names)
            )  # fmt: skip
        else:
            problems.append(
                translate("Sessions", "{tab}: unknown input {names} ignored; known: {known}")
                .format(**names)
            )  # fmt: skip
    return problems


class AppState(QObject):
    """Shared selection and cross-tab events.

    Signals
    -------
    deviceChanged(str)
        The selected device id changed.
    dtypeChanged(str)
        The selected compute dtype changed.
    catalogChanged()
        A device was added or replaced (e.g. "this machine" after a benchmark).
    rooflinePointRequested(object)
        Another tab asks the Roofline tab to show an operator point (a plain dict: ``label``,
        ``flops``, ``bytes``, optional ``dtype``).
    measuredPoint(object)
        A measured benchmark point arrived (a plain dict from the benchmark runner).
    measuredPoints(object)
        Many measured points arrived at once (a list of such dicts, e.g. a file was opened):
        listeners add them in one go and redraw once, so loading is linear in the points.
    calibrationChanged(str)
        A person saved or reset a device's achievable fractions (the device id): the plan plans
        again and the Step tab predicts again.
    tabInputsRequested(str, object, bool)
        A tab asks for another tab to be shown with some of its inputs set (a tab id, inputs as
        that tab's session keys, and whether to run it then, e.g. trace): the Plan tab's "Open
        in Step" and "Use in Napkin".
    """

    deviceChanged = Signal(str)
    dtypeChanged = Signal(str)
    catalogChanged = Signal()
    calibrationChanged = Signal(str)
    rooflinePointRequested = Signal(object)
    measuredPoint = Signal(object)
    measuredPoints = Signal(object)
    tabInputsRequested = Signal(str, object, bool)

    def __init__(self, catalog: DeviceCatalog | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._catalog = catalog if catalog is not None else load_catalog()
        self._device_id = (
            "h100-sxm" if "h100-sxm" in self._catalog.ids() else self._catalog.ids()[0]
        )
        self._dtype = "bf16"
        #: Whether tabs may pay first-call costs in background threads (the interactive app); the
        #: screenshot command, which renders one tab once, sets it False and analyses in place.
        self.background_warmups = True

    @property
    def catalog(self) -> DeviceCatalog:
        """Every known device (built-in, user and measured)."""
        return self._catalog

    @property
    def device(self) -> Device:
        """The selected device."""
        return self._catalog.get(self._device_id)

    @property
    def device_id(self) -> str:
        """The selected device's id."""
        return self._device_id

    @property
    def dtype(self) -> str:
        """The selected compute dtype id (``bf16``)."""
        return self._dtype

    def set_device(self, device_id: str) -> None:
        """Select a device by id; raises :class:`InputError` for an unknown id."""
        self._catalog.get(device_id)
        if device_id != self._device_id:
            self._device_id = device_id
            self.deviceChanged.emit(device_id)

    def set_dtype(self, dtype: str) -> None:
        """Select a compute dtype; raises :class:`InputError` for an unknown one."""
        if dtype not in DTYPES:
            raise InputError(
                translate("Sessions", "dtype: unknown {value}; allowed: {allowed}").format(
                    value=brief(dtype), allowed=", ".join(DTYPES)
                )
            )
        if dtype != self._dtype:
            self._dtype = dtype
            self.dtypeChanged.emit(dtype)

    def add_device(self, device: Device) -> None:
        """Add or replace a device (user-defined or measured) and tell every tab."""
        self._catalog = self._catalog.with_device(device)
        self.catalogChanged.emit()
        if device.id == self._device_id:
            self.deviceChanged.emit(device.id)

    def calibration_changed(self, device_id: str) -> None:
        """Tell every tab that ``device_id``'s achievable fractions changed on disk."""
        self.calibrationChanged.emit(device_id)

    def request_tab_inputs(self, tab_id: str, inputs: dict[str, Any], run: bool = False) -> None:
        """Ask the window to show ``tab_id`` with ``inputs`` (its session keys) applied, and to
        run it (trace) when ``run``."""
        self.tabInputsRequested.emit(tab_id, inputs, run)

    def request_roofline_point(self, point: dict[str, Any]) -> None:
        """Ask the Roofline tab to show ``point``."""
        self.rooflinePointRequested.emit(point)
