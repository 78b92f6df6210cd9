"""The one exception type for bad input, shown verbatim by the UI and the CLI."""

from __future__ import annotations

__all__ = ["InputError"]


class InputError(ValueError):
    """Bad input from a person: says what was wrong and what is allowed.

    Every validator, parser and model in ``core`` raises this (and only this) for input that a
    user typed, passed on the command line or loaded from a file. The message is complete on its
    own: the UI shows it inline and the CLI prints it on one line before exiting with code 2.

    Parameters
    ----------
    message
        What was wrong and what would be accepted, e.g.
        ``"GPUs: 0 is too small; allowed: an integer from 1 to 10,000,000"``.
    field
        The name of the input the message is about, when there is one; lets the UI put the message
        next to the right field.
    """

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field

    @property
    def message(self) -> str:
        """The message without the exception class name.

        A message built with :func:`core.texts.translate` stays a :class:`core.texts.Text`, so
        the window can show it in the person's language.
        """
        if not self.args:
            return ""
        first = self.args[0]
        return first if isinstance(first, str) else str(first)
