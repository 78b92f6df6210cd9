"""The host link of an accelerator: how fast bytes cross from host memory to the device.

A host-to-device copy is limited by this link (PCIe, or NVLink-C2C on Grace superchips), never by
HBM: an H200's pinned copy at 55 GB/s is 87 % of its PCIe 5.0 x16 link, not "1 %" of its 4.8 TB/s
HBM. The figures are per direction, after line encoding:

* PCIe 3.0 x16: 8 GT/s × 16 lanes × 128/130 / 8 = 15.75 GB/s; PCIe 4.0 x16: 31.5 GB/s; PCIe 5.0
  x16: 63.0 GB/s (PCI-SIG base specifications 3.0/4.0/5.0: 8, 16, 32 GT/s per lane, 128b/130b).
* NVLink-C2C (Grace Hopper / Grace Blackwell): 900 GB/s total, 450 GB/s per direction (NVIDIA
  GH200 and GB200 NVL72 datasheets).

Which link a catalog device uses comes from its datasheet's "interconnect"/"form factor" line.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

__all__ = ["HOST_LINKS", "HostLink", "host_link"]


@dataclass(frozen=True)
class HostLink:
    """One host interface: its name and bytes/s per direction."""

    name: str
    bandwidth: float


_GEN3 = HostLink("PCIe 3.0 x16", 8e9 * 16 * 128 / 130 / 8)
_GEN4 = HostLink("PCIe 4.0 x16", 16e9 * 16 * 128 / 130 / 8)
_GEN5 = HostLink("PCIe 5.0 x16", 32e9 * 16 * 128 / 130 / 8)
_C2C = HostLink("NVLink-C2C", 450e9)

#: The host link of each catalog device id (datasheets: PCIe generation of the card or SXM board).
HOST_LINKS: Mapping[str, HostLink] = MappingProxyType(
    {
        "h100-sxm": _GEN5,
        "h800": _GEN5,
        "b300": _GEN5,
        "gb300": _C2C,
        "h100-pcie": _GEN5,
        "h100-nvl": _GEN5,
        "h200": _GEN5,
        "a100-sxm": _GEN4,
        "a100-sxm-40gb": _GEN4,
        "b200": _GEN5,
        "gb200": _C2C,
        "l40s": _GEN4,
        "l4": _GEN4,
        "a10g": _GEN4,
        "t4": _GEN3,
        "v100": _GEN3,
        "rtx-4090": _GEN4,
        "rtx-5090": _GEN5,
        "rtx-3090": _GEN4,
        "mi300x": _GEN5,
        "mi325x": _GEN5,
        "mi355x": _GEN5,
    }
)


def host_link(device_id: str | None) -> HostLink | None:
    """The host link of catalog device ``device_id``, or None when unknown (TPUs, Apple, CPUs)."""
    return HOST_LINKS.get(device_id or "")
