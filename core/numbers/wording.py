"""Sentences with values: a translatable template (:func:`core.texts.translate`) filled in.

``pyside6-lupdate`` only extracts ``translate("Context", "template")`` calls without keyword
arguments, so the core writes ``fill(translate("Dtypes", "sign {sign}"), sign=1)``: lupdate reads
the template, and the result is the same :class:`~core.texts.Text` that
``translate("Dtypes", "sign {sign}", sign=1)`` would make (the English, formatted, with its
context, template and arguments for the UI).
"""

from __future__ import annotations

from typing import Any

from core.texts import Text

__all__ = ["fill"]


def fill(template: Text, **args: Any) -> Text:
    """``template`` (a :class:`~core.texts.Text` without arguments) formatted with ``args``."""
    return Text(template.context, template.template, args)
