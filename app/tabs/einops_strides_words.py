"""The words of the Views and strides page: the "Add step" menu and each step's verdict.

Plain text for :class:`~app.tabs.einops_strides.StridesPage` (its translation context), from the
core's :class:`~core.einops.strides_chain.StepResult`.
"""

from __future__ import annotations

from core.einops.strides_chain import StepResult
from core.errors import InputError
from widgets.i18n import localized, translate

__all__ = ["size_text", "templates", "verdict"]


def templates() -> list[tuple[str, str]]:
    """The "Add step" menu: (label, operation text)."""
    return [
        (translate("StridesPage", "view -1 — new shape, same storage (or an error)"), "view -1"),
        (translate("StridesPage", "reshape -1 — a view when it can be, else a copy"), "reshape -1"),
        (translate("StridesPage", "transpose 0 1 — swap two dimensions"), "transpose 0 1"),
        (translate("StridesPage", "permute 1 0 — reorder the dimensions"), "permute 1 0"),
        (translate("StridesPage", "t — transpose a 2-d tensor"), "t"),
        (translate("StridesPage", "contiguous — copy only when not contiguous"), "contiguous"),
        (
            translate("StridesPage", "[:, 1:3] — slice (start:stop:step) or pick (an integer)"),
            "[:, 1:3]",
        ),
        (translate("StridesPage", "narrow 1 1 2 — dim, start, length"), "narrow 1 1 2"),
        (translate("StridesPage", "select 0 0 — dim, index; drops the dim"), "select 0 0"),
        (translate("StridesPage", "expand 2,-1,-1 — broadcast with stride 0"), "expand 2,-1,-1"),
        (translate("StridesPage", "unsqueeze 0 — add a size-1 dim"), "unsqueeze 0"),
        (translate("StridesPage", "squeeze — drop size-1 dims"), "squeeze"),
        (translate("StridesPage", "flatten — reshape dims start..end into one"), "flatten"),
    ]


def size_text(nbytes: int) -> str:
    return f"{nbytes:,} B"


def verdict(res: StepResult | InputError | None) -> tuple[str, str, str]:
    """A step's row: (text, tooltip, state) with state ``view``, ``copy``, ``refused``,
    ``invalid`` (no operation) or ``skipped`` (not run)."""
    if isinstance(res, InputError):
        return (translate("StridesPage", "✗ not an operation"), localized(res.message), "invalid")
    elif res is None:
        return (
            translate("StridesPage", "not run"),
            translate("StridesPage", "The start tensor's shape is not valid"),
            "skipped",
        )
    elif res.layout is None:
        return (translate("StridesPage", "✗ torch raises"), localized(res.error), "refused")
    elif res.view:
        return (
            translate("StridesPage", "view · 0 B copied"),
            translate("StridesPage", "Shares storage #{id}: nothing is copied").format(
                id=res.layout.storage_id
            ),
            "view",
        )
    else:
        return (
            translate("StridesPage", "copy · {bytes}").format(bytes=size_text(res.bytes_copied)),
            translate(
                "StridesPage",
                "A new storage #{id}: {n} elements × {size} B written in row-major order",
            ).format(id=res.layout.storage_id, n=res.layout.numel, size=res.layout.itemsize),
            "copy",
        )
