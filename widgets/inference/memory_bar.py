"""The memory bar of one GPU serving: weights, KV cache, activations, allowance and what is free,
with the GPU's capacity marked (the Plan's :class:`~widgets.plan.bars.StackedBar`, with the
serving categories' names and colours)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import QEvent
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QWidget

from widgets.i18n import translate
from widgets.plan.bars import Segment, StackedBar
from widgets.plan.names import colour

__all__ = ["MEMORY_KEYS", "MemoryBar", "Segment"]

#: The categories left to right (:class:`core.inference.serve.Memory`'s parts, then free).
MEMORY_KEYS: tuple[str, ...] = ("weights", "kv_cache", "activations", "allowance", "free")
#: Category -> index into the theme's series (the Memory tab's weights and activations colours).
_SERIES = {"weights": 0, "kv_cache": 5, "activations": 3, "allowance": 6}


def _names() -> dict[str, str]:
    return {
        "weights": translate("InferenceMemory", "weights"),
        "kv_cache": translate("InferenceMemory", "KV cache"),
        "activations": translate("InferenceMemory", "activations"),
        "allowance": translate("InferenceMemory", "allowance"),
        "free": translate("InferenceMemory", "free"),
    }


class MemoryBar(StackedBar):
    """A GPU's memory at one batch; :meth:`set_memory` takes the parts in bytes and their texts."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._kept = 0
        self.set_names(_names())

    def set_theme_colours(self, series: Sequence[str], foreground: str, free: str) -> None:
        """The categories' colours from the theme's series; ``free`` for the free part."""
        colours = {key: colour(series, i) for key, i in _SERIES.items()}
        colours["free"] = free
        self.set_colours(colours, foreground)

    def set_memory(
        self,
        title: str,
        parts: Mapping[str, float],
        texts: Mapping[str, str],
        capacity: float,
        *,
        keep_height: bool = False,
    ) -> None:
        """Show ``parts`` (bytes by category of :data:`MEMORY_KEYS`) against ``capacity`` (the
        mark); ``texts`` are what the legend says of each.

        ``keep_height``: the legend keeps at least the rows it had (a slider moving through
        batches whose texts wrap into one row or two would resize the charts under it at every
        step, and lay them out again).
        """
        segments = [Segment(k, float(parts.get(k, 0.0)), texts.get(k, "")) for k in MEMORY_KEYS]
        self.set_segments(title, segments, full=capacity, mark=capacity)
        needed = self.legend.heightForWidth(self.legend.width())
        self._kept = max(self._kept, needed) if keep_height else needed
        self.legend.setMinimumHeight(self._kept)

    def changeEvent(self, event: QEvent) -> None:
        """Another font or style (presentation mode, the language): the rows kept are dropped,
        the legend takes the height its new text needs."""
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._kept = 0
            self.legend.setMinimumHeight(0)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """A new width: the legend's rows counted again (the height kept so far is dropped)."""
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self._kept = self.legend.heightForWidth(self.legend.width())
            self.legend.setMinimumHeight(self._kept)
