"""The Plan tab's data-path row: a field for what one node's data path delivers, and the row.

The row is :func:`core.plan.data_path.data_path`'s, worded there; this module only holds the field
(empty: this machine's ``napkinlab bench --suite data`` file, else "not measured") and turns the
chosen layout into the row's text.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QWidget

from core.errors import InputError
from core.validate import positive_float
from widgets.i18n import localized, translate
from widgets.number_field import NumberField

__all__ = ["rate_field", "row_text"]


def _optional_rate(text: str) -> float | None:
    """Empty text: take the measurement; else tokens/s (1e6, 1M)."""
    if not str(text).strip():
        return None
    return positive_float(text, translate("PlanTab", "data path tokens/s"), high=1e15)


def rate_field(parent: QWidget) -> NumberField:
    """The field: tokens/s one node's data path delivers; empty takes this machine's bench."""
    return NumberField(
        _optional_rate,
        "",
        placeholder=translate("PlanTab", "tokens/s"),
        tooltip=translate(
            "PlanTab",
            "Tokens per second one node's data loader delivers. Empty: the last napkinlab bench "
            "--suite data run saved to the app's data_path.jsonl, else not measured.",
        ),
        parent=parent,
    )


def row_text(res: Any | None, rate: float | None) -> tuple[str, bool]:
    """The row for the chosen layout ('' without one) and whether the data path is the limit; a
    file that cannot be read says why."""
    if res is None:
        return "", False
    from core.plan.data_path import data_path

    try:
        row = data_path(res, tokens_per_s=rate)
    except InputError as exc:
        return localized(exc.message), False
    return localized(row.row()), row.limits
