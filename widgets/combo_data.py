"""Finding a combo box item by its data, safely for any value a session file may hold."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QComboBox

__all__ = ["find_data"]


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
