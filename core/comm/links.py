"""The links a collective crosses: a device's per-GPU NVLink (intra-node) and network bandwidth.

Both **unidirectional bytes/s per GPU** as the hardware database holds them; errors are
:class:`core.texts.Text` (context ``Comm``) that say which figure is missing and how to give it.
"""

from __future__ import annotations

from core.errors import InputError
from core.texts import translate

__all__ = ["NO_TRAFFIC", "link_bandwidth"]


def link_bandwidth(device: object, nodes: int) -> tuple[float, str]:
    """The per-GPU unidirectional bandwidth bounding a ring over ``nodes`` nodes, and why.

    ``device`` is a :class:`core.roofline.hardware.Device` (any object with its interconnect fields).
    """
    intra = getattr(device, "intra_node_bandwidth", None)
    name = getattr(device, "name", str(device))
    if intra is None:
        raise InputError(
            translate(
                "Comm",
                "device: {name} has no intra-node interconnect bandwidth in the database; add "
                "your own device with one (Devices menu or devices.json 'intra_node_bandwidth')",
            ).format(name=name),
            field="device",
        )
    link = getattr(device, "intra_node_link", "") or "intra-node link"
    if nodes == 1:
        return float(intra), f"{link}, {intra / 1e9:g} GB/s per GPU each way"
    inter = getattr(device, "inter_node_bandwidth", None)
    if inter is None:
        raise InputError(
            translate(
                "Comm",
                "nodes: {name} has no inter-node network bandwidth in the database, so a ring over "
                "{nodes} nodes cannot be estimated; use --nodes 1 or a device with "
                "'inter_node_bandwidth'",
            ).format(name=name, nodes=str(nodes)),
            field="nodes",
        )
    nlink = getattr(device, "inter_node_link", "") or "network"
    if inter <= intra:
        why = (
            f"{nlink}, {inter / 1e9:g} GB/s per GPU each way (slower than {link}: bounds the ring)"
        )
        return float(inter), why
    return float(intra), f"{link}, {intra / 1e9:g} GB/s per GPU each way (slower than the network)"


#: What a collective over one rank is.
NO_TRAFFIC = translate(
    "Comm", "one GPU: a collective over one rank moves nothing (no traffic, no bandwidth)"
)
