"""Finding a combo box item by its data, safely for any value a session file may hold."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QComboBox

from core.echo import brief
from core.texts import translate

__all__ = ["find_data", "restore_combos"]


def find_data(box: QComboBox, value: Any) -> int:
    """Index of the first item whose data equals ``value``, or -1.

    Unlike ``QComboBox.findData`` this compares in Python, so a value Qt cannot convert (an int
    beyond 64 bits, a list, a dict from a hand-edited session) is simply not found instead of
    raising ``OverflowError`` or ``TypeError``.
    """
    for index in range(box.count()):
        data = box.itemData(index)
        if type(data) is type(value) and data == value:
            return index
    return -1


def restore_combos(tab: str, combos: dict[str, QComboBox], data: dict[str, Any]) -> list[str]:
    """Select each saved value in its combo box; returns a message per value not offered.

    ``combos`` maps session keys to boxes; keys absent from ``data`` are left alone. The messages
    are :class:`core.texts.Text` (the window shows them translated).
    """
    problems = []
    for key, box in combos.items():
        if key not in data:
            continue
        index = find_data(box, data[key])
        if index < 0:
            problems.append(
                translate("Sessions", "{tab}: unknown {key} {value}; kept the current one").format(
                    tab=tab, key=key, value=brief(data[key])
                )
            )
        else:
            box.setCurrentIndex(index)
    return problems
