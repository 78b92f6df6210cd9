"""One label column for several forms stacked in a panel, so their fields start at the same x.

Each ``QFormLayout`` sizes its label column to its own widest label. Three forms under one
another (the Memory tab's model, training step and devices) then start their fields at three
different places, 70, 89 and 127 px in, which reads as untidy on a slide. :func:`align_label_columns`
gives every label the width of the widest of them all, hidden rows included, so the column does
not jump when a row appears. Fonts change with the theme and presentation mode: call it again
then, once the new fonts are in (a page's ``apply_theme``; a ``FontChange`` event can come before
the labels' own fonts have changed).

It also sets the gap between the label column and the fields: a form's spacing left unset follows
its parent layout's, and a compact parent (2 px in presentation mode) put the widest label's last
character against its field ("每设备批量64"; ``app.layout_audit`` checks the gap).
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtWidgets import QFormLayout, QLabel, QWidget

__all__ = ["LABEL_GAP", "align_label_columns", "form_labels"]

#: Pixels between a form's label column and its fields (Fusion's own form spacing).
LABEL_GAP = 6


def form_labels(form: QFormLayout) -> list[QWidget]:
    """The label widgets of ``form``'s rows (rows without a label are skipped)."""
    labels = []
    for row in range(form.rowCount()):
        item = form.itemAt(row, QFormLayout.ItemRole.LabelRole)
        widget = item.widget() if item is not None else None
        if widget is not None:
            labels.append(widget)
    return labels


def _forget_minimum(label: QWidget) -> None:
    """Drop ``label``'s minimum width so that its size hint measures its text alone.

    A QLabel's size hint grows to its minimum width and is cached; the cache is cleared by a new
    text, font or indent, not by a new minimum. A layout pass that read the hint after the fonts
    got smaller (a row shown again leaving presentation mode) cached the old, wider column, so
    the column never shrank back. Setting the indent it already has clears that cache.
    """
    label.setMinimumWidth(0)
    if isinstance(label, QLabel):
        label.setIndent(label.indent())


def align_label_columns(forms: Iterable[QFormLayout]) -> int:
    """Give every label of ``forms`` the width of the widest and :data:`LABEL_GAP` to its field;
    returns that width in pixels."""
    forms = list(forms)
    for form in forms:
        form.setHorizontalSpacing(LABEL_GAP)
    labels = [label for form in forms for label in form_labels(form)]
    for label in labels:
        _forget_minimum(label)
    widest = max((label.sizeHint().width() for label in labels), default=0)
    for label in labels:
        label.setMinimumWidth(widest)
    return widest
