"""The plan against the published runs: a sortable table of :class:`core.plan.validation.RunCheck`.

:class:`PublishedModel` shows each run (its id, GPUs, the published and the predicted tokens/s,
the error, the layout planned) in the order given; display uses formatted text, sorting the raw
numbers (``Qt.UserRole``). Errors beyond ±20 % take the warning colour. The model computes
nothing: every figure is an attribute of the check.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor

from core.units import format_count
from widgets.i18n import localized, translate
from widgets.plan.table import RowsModel
from widgets.rich_text import plain_tip

__all__ = ["PUBLISHED_COLUMNS", "PublishedModel", "published_title"]

#: Column keys, in order.
PUBLISHED_COLUMNS: tuple[str, ...] = ("run", "gpus", "published", "predicted", "error", "layout")
#: An error beyond this is drawn in the warning colour (the published-runs test's band).
_BAND = 0.20
_Index = QModelIndex | QPersistentModelIndex


def published_title(key: str) -> str:
    """The header of column ``key`` in the person's language."""
    titles = {
        "run": translate("PlanPublished", "Run"),
        "gpus": translate("PlanPublished", "GPUs"),
        "published": translate("PlanPublished", "Published tokens/s"),
        "predicted": translate("PlanPublished", "Predicted"),
        "error": translate("PlanPublished", "Error"),
        "layout": translate("PlanPublished", "Layout planned"),
    }
    return titles[key]


class PublishedModel(RowsModel):
    """Rows: published runs beside the plan's prediction (see the module docstring)."""

    columns = PUBLISHED_COLUMNS
    title = staticmethod(published_title)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._warn: QColor | None = None

    def set_checks(self, checks: Sequence[Any]) -> None:
        """Show ``checks`` (:class:`core.plan.validation.RunCheck`)."""
        self.set_rows(checks)

    def checks(self) -> list[Any]:
        """Every check shown, in the order given."""
        return list(self._rows)

    def set_warn(self, colour: str) -> None:
        """The text colour of errors beyond ±20 %."""
        self._warn = QColor(colour)
        self.recolour()

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Display text, raw sort value (``UserRole``), the source as the run's tooltip."""
        if not index.isValid():
            return None
        check = self._rows[index.row()]
        key = PUBLISHED_COLUMNS[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return _text(key, check)
        if role == Qt.ItemDataRole.UserRole:
            return _value(key, check)
        if role == Qt.ItemDataRole.ToolTipRole:  # the sources' own words, shown as text
            return plain_tip(translate(
                "PlanPublished",
                "{source}\n{url}\nLayout planned: {layout}, limited by {limits}\n"
                "Published figure: {how}\nDouble-click to open the source.",
            ).format(
                source=check.source,
                url=check.url,
                layout=_text("layout", check),
                limits=localized(check.limits),
                how=check.how,
            ))  # fmt: skip
        if (
            role == Qt.ItemDataRole.ForegroundRole
            and key == "error"
            and abs(check.error) > _BAND
            and self._warn is not None
        ):
            return QBrush(self._warn)
        if role == Qt.ItemDataRole.TextAlignmentRole and key not in ("run", "layout"):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


def _text(key: str, check: Any) -> str:
    if key == "run":
        return check.run_id
    if key == "gpus":
        return f"{check.gpus:,}"
    if key == "published":
        return format_count(check.published)
    if key == "predicted":
        return format_count(check.predicted)
    if key == "error":
        return f"{check.error:+.1%}"
    if check.fits:
        fits = ""
    elif getattr(check, "memory_verdict", "") == "tight":
        fits = translate("PlanPublished", " (tight: the allocator reserve does not fit)")
    else:
        fits = translate("PlanPublished", " (does not fit)")
    return localized(check.layout) + fits


def _value(key: str, check: Any) -> Any:
    return {
        "run": check.run_id,
        "gpus": check.gpus,
        "published": check.published,
        "predicted": check.predicted,
        "error": check.error,
        "layout": check.layout,
    }[key]
