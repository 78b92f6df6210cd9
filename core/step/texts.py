"""Translatable sentences of the step with their values (see :mod:`core.texts`).

``pyside6-lupdate`` skips a ``translate(...)`` call that has keyword arguments, so the sentences of
:mod:`core.step` are written ``fill(translate("Step", "template {name}"), name=value)``: the inner
call is extracted, :func:`fill` adds the values.
"""

from __future__ import annotations

from typing import Any

from core.texts import Text

__all__ = ["fill"]


def fill(text: Text, **args: Any) -> Text:
    """``text`` (a template from :func:`core.texts.translate` without values) with ``args``."""
    return Text(text.context, text.template, args)
