"""Sentences the core writes for people, kept translatable without importing Qt.

The core explains its results and its errors in English. The CLI prints that English; the window
shows the same sentence in the person's language. To let it, a sentence is built with
:func:`translate`, which returns a :class:`Text`: an ordinary ``str`` (the English, formatted) that
also remembers its context, its template and its arguments. The UI looks the template up in Qt's
translation catalog and formats the translation with the same arguments
(``widgets.i18n.localized``); code that never asks gets plain English.

``pyside6-lupdate`` extracts every ``translate("Context", "template")`` call in the core by its name,
exactly as it extracts ``QCoreApplication.translate`` in the UI, so templates must be string
literals (no f-strings): put the values in ``{named}`` placeholders and pass them to ``.format``.
lupdate reads only calls whose arguments are all positional: ``translate("Step", "... {share}",
share=s)`` runs but is never extracted (``python -m app.translations check`` names such calls), so
write ``translate("Step", "... {share}").format(share=s)``, which returns a :class:`Text` too.

Examples
--------
>>> t = translate("Step", "matmuls take {share} of the time").format(share="61 %")
>>> t
'matmuls take 61 % of the time'
>>> t.template, t.args
('matmuls take {share} of the time', {'share': '61 %'})
"""

from __future__ import annotations

from typing import Any

__all__ = ["Text", "join_texts", "translate"]


class Text(str):
    """An English sentence that remembers how it was made, so a UI can translate it.

    Attributes
    ----------
    context
        The translation context (a tab or module name, as in the ``.ts`` files); empty for a
        sentence only joined from others (:func:`join_texts`), whose template is not looked up.
    template
        The English template with ``{named}`` placeholders.
    args
        The values of the placeholders; a value may itself be a :class:`Text`.
    """

    context: str
    template: str
    args: dict[str, Any]

    def __new__(cls, context: str, template: str, args: dict[str, Any]) -> Text:
        """Format ``template`` with ``args`` (the English) and keep all three."""
        self = super().__new__(cls, template.format(**args) if args else template)
        self.context = context
        self.template = template
        self.args = dict(args)
        return self

    def format(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        """The sentence with its placeholders filled, still a :class:`Text` (so still translatable).

        Only a sentence not formatted yet (no arguments) and named values make a :class:`Text`;
        anything else formats like ``str.format``.
        """
        if args or self.args or not kwargs:
            return str.format(self, *args, **kwargs)
        return Text(self.context, self.template, kwargs)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle (and deep-copy) with its context, template and arguments."""
        return (Text, (self.context, self.template, self.args))


def translate(context: str, template: str, **args: Any) -> Text:
    """A translatable sentence: ``template`` formatted with ``args``, remembered for the UI.

    Parameters
    ----------
    context
        The translation context; use the name of the tab whose results it explains.
    template
        A string literal with ``{named}`` placeholders (lupdate reads it from the source).
    **args
        The placeholder values, already formatted (numbers with their units). lupdate does not
        extract a call with keyword arguments: prefer ``translate(context, template).format(...)``.
    """
    return Text(context, template, args)


def join_texts(parts: list[str], separator: str = " ") -> Text:
    """Join sentences into one that each part still translates in (``{p0}{sep}{p1}…``)."""
    args: dict[str, Any] = {f"p{i}": part for i, part in enumerate(parts)}
    sep = separator.replace("{", "{{").replace("}", "}}")
    return Text("", sep.join("{" + key + "}" for key in args), args)
