"""Texts in the person's language: Qt's translation catalog for the UI and for the core's sentences.

Every user-visible string of the window goes through :func:`translate` with an explicit context
(``translate("MemoryTab", "Peak memory")``), which ``pyside6-lupdate`` extracts by name into the
``.ts`` files of ``resources/i18n``. Sentences that the core builds (results explained, errors) are
:class:`core.texts.Text` objects; :func:`localized` looks up their template and formats the
translation with the same values. Without an installed translator both return the English.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication

from core.texts import Text

__all__ = ["localized", "translate"]


def translate(context: str, text: str, disambiguation: str | None = None, n: int = -1) -> str:
    """``text`` in the current language (Qt's ``QCoreApplication.translate``).

    Parameters
    ----------
    context
        The translation context: the class or tab the text belongs to (a string literal, so that
        lupdate can read it).
    text
        The English source text (a string literal; put values in ``{named}`` placeholders and
        ``.format`` the result).
    disambiguation
        Tells two identical English texts with different meanings apart.
    n
        For plural forms (``%n``); -1 when there are none.
    """
    return QCoreApplication.translate(context, text, disambiguation, n)


def localized(value: Any) -> str:
    """A value as the person reads it: a core :class:`~core.texts.Text` translated, else ``str``.

    The translation is formatted with the sentence's own arguments, each localized in turn. A
    translation whose placeholders do not match the English falls back to the English (a broken
    catalog must never hide a result).
    """
    if not isinstance(value, Text):
        return str(value)
    args = {key: localized(arg) for key, arg in value.args.items()}
    template = value.template
    if value.context:
        template = QCoreApplication.translate(value.context, template)
    try:
        return template.format(**args) if args else template
    except (KeyError, IndexError, ValueError):
        return value.template.format(**args) if args else value.template
