"""A dialog to describe one's own accelerator: id, name, bandwidth, memory and peaks per dtype.

The dialog only collects text; :func:`core.roofline.hardware.device_from_dict` validates the whole entry and
its message is shown in the dialog (in the window's language), which stays open until the entry
is valid or cancelled.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from core.errors import InputError
from core.roofline.hardware import DTYPES, Device, device_from_dict
from core.validate import positive_float
from widgets.i18n import localized, translate
from widgets.number_field import NumberField
from widgets.rich_text import plain_labels

__all__ = ["DeviceDialog"]

#: The device file's own lower bound (:func:`device_from_dict`): below 1 FLOP/s or byte is a typo.
_AT_LEAST_ONE: dict[str, Any] = {"low": 1.0, "allow_low": True}


def _optional(text: str, field: str) -> float | None:
    return None if not text.strip() else positive_float(text, field, high=1e21, **_AT_LEAST_ONE)


class DeviceDialog(QDialog):
    """Collect a user device; :meth:`device` returns it once the dialog is accepted."""

    def __init__(self, parent: QWidget | None = None, start: Device | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("DeviceDialog", "Add your own device"))
        # Wide enough that a field's message takes two or three lines, not six (Chinese wraps
        # at any character, so narrow fields make tall rows).
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 90)
        self._device: Device | None = None
        form = QFormLayout()
        self.id_edit = QLineEdit(start.id + "-mine" if start else "my-gpu")
        self.id_edit.setToolTip(
            translate(
                "DeviceDialog", "Short id used by sessions and the CLI (letters, digits, dashes)"
            )
        )
        self.name_edit = QLineEdit(
            translate("DeviceDialog", "{name} (mine)").format(name=start.name)
            if start
            else translate("DeviceDialog", "My GPU")
        )
        self.source_edit = QLineEdit(translate("DeviceDialog", "measured / my datasheet"))
        self.source_edit.setToolTip(translate("DeviceDialog", "Where the numbers come from"))
        form.addRow(translate("DeviceDialog", "Id"), self.id_edit)
        form.addRow(translate("DeviceDialog", "Name"), self.name_edit)
        form.addRow(translate("DeviceDialog", "Source"), self.source_edit)
        # A deployed variant (more memory, another power limit, less NVLink) keeps its base's
        # chip: the plan then calibrates it as that chip, on the memory and links typed here.
        base = (start.extra or {}).get("variant_of", start.id) if start else None
        self.same_chip = QCheckBox(
            translate("DeviceDialog", "Same chip as {device}").format(device=base)
            if base
            else translate("DeviceDialog", "Same chip as a listed device")
        )
        self.same_chip.setChecked(bool(base))
        self.same_chip.setEnabled(bool(base))
        self.same_chip.setToolTip(
            translate(
                "DeviceDialog",
                "A variant as deployed (memory size or type, NVLink, network, or the lower "
                "peaks of a power limit's clocks): the plan uses that chip's measured "
                "efficiencies with the memory, links and peaks typed here",
            )
        )
        self._base = base
        form.addRow("", self.same_chip)
        bandwidth = translate("DeviceDialog", "bandwidth")
        memory = translate("DeviceDialog", "memory")
        self.bandwidth = NumberField(
            partial(positive_float, field=bandwidth, high=1e16, **_AT_LEAST_ONE),
            f"{start.mem_bandwidth:g}" if start and start.mem_bandwidth else "1e12",
            tooltip=translate("DeviceDialog", "Memory bandwidth in bytes/s (1e12 or 1T)"),
        )
        self.memory = NumberField(
            partial(positive_float, field=memory, high=1e16, **_AT_LEAST_ONE),
            # what a run can fill: a copy of a built-in keeps the driver's total where it has one
            f"{start.capacity_bytes:.12g}" if start else "24e9",
            tooltip=translate(
                "DeviceDialog",
                "Memory a run can fill, in bytes: the total nvidia-smi reports (24e9 or 24G)",
            ),
        )
        form.addRow(translate("DeviceDialog", "Bandwidth (B/s)"), self.bandwidth)
        form.addRow(translate("DeviceDialog", "Memory (bytes)"), self.memory)
        self.links: dict[str, NumberField] = {}
        for key, label, tip in (
            (
                "intra_node_bandwidth",
                translate("DeviceDialog", "Intra-node link (B/s)"),
                "NVLink/Infinity Fabric/PCIe",
            ),
            (
                "inter_node_bandwidth",
                translate("DeviceDialog", "Network per GPU (B/s)"),
                "400 Gb/s NDR = 50e9",
            ),
        ):
            value = getattr(start, key, None) if start else None
            self.links[key] = NumberField(
                partial(_optional, field=label),
                f"{value:g}" if value else "",
                placeholder=translate("DeviceDialog", "unknown"),
                tooltip=translate(
                    "DeviceDialog", "{link}; unidirectional bytes/s per GPU; empty if unknown"
                ).format(link=tip),
            )
            form.addRow(label, self.links[key])
        self.peaks: dict[str, NumberField] = {}
        for dtype in DTYPES:
            value = start.peak_flops.get(dtype) if start else None
            field = NumberField(
                partial(
                    _optional, field=translate("DeviceDialog", "{dtype} peak").format(dtype=dtype)
                ),
                f"{value:g}" if value else "",
                placeholder=translate("DeviceDialog", "none"),
                tooltip=translate(
                    "DeviceDialog", "Dense {dtype} peak FLOP/s; empty if unsupported"
                ).format(dtype=dtype),
            )
            self.peaks[dtype] = field
            form.addRow(
                translate("DeviceDialog", "{dtype} peak (FLOP/s)").format(dtype=dtype), field
            )
        self.problem = QLabel()
        self.problem.setObjectName("fieldError")
        self.problem.setWordWrap(True)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.try_accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)
        plain_labels(self)  # the problem line quotes what was typed

    def entry(self) -> dict[str, Any]:
        """The JSON entry the fields describe (not yet validated)."""
        peaks = {
            d: f.value() for d, f in self.peaks.items() if f.isValid() and f.value() is not None
        }
        return (
            {
                "id": self.id_edit.text().strip(),
                "name": self.name_edit.text().strip(),
                "source": self.source_edit.text().strip(),
                "mem_bandwidth": self.bandwidth.value(),
                "memory_bytes": self.memory.value(),
                "peak_flops": peaks,
            }
            | {k: f.value() for k, f in self.links.items() if f.isValid() and f.value() is not None}
            | ({"variant_of": self._base} if self._base and self.same_chip.isChecked() else {})
        )

    def try_accept(self) -> None:
        """Accept if every field is valid and the entry validates; else say what is wrong."""
        bad = [
            f.errorText()
            for f in (self.bandwidth, self.memory, *self.peaks.values(), *self.links.values())
            if not f.isValid()
        ]
        try:
            if bad:
                raise InputError(bad[0])
            self._device = device_from_dict(self.entry(), user_defined=True)
        except InputError as exc:
            self.problem.setText(localized(exc.message))
            return
        self.accept()

    def device(self) -> Device | None:
        """The validated device after acceptance, else ``None``."""
        return self._device
