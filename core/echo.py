"""Echoing a person's input in a message, cut the same way everywhere.

A message repeats what was wrong (``model: unknown preset 'gpt5'``) and what is allowed. The value
may be huge (a 100 KB ``--model`` argument, a config's list of every architecture), so every
message that echoes input goes through here:

* :func:`brief` shows a value as ``repr`` (quotes make spaces and empty strings visible), cut to
  :data:`WIDTH` characters with ``...`` and the length of what was left out;
* :func:`cut_list` joins allowed values with commas, the first :data:`ITEMS` of them, then
  ``… and N more``.

The CLI cuts its one stderr line with :func:`cut_line` as a last guard.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["ITEMS", "LINE", "WIDTH", "brief", "cut_line", "cut_list"]

#: Characters of an echoed value.
WIDTH = 40
#: Items of an echoed list.
ITEMS = 12
#: Characters of one error line on stderr.
LINE = 1000


def brief(value: object, width: int = WIDTH) -> str:
    """``repr(value)`` (strings quoted) cut to about ``width`` characters.

    >>> brief("gpt2")
    "'gpt2'"
    >>> brief("x" * 100_000)[-20:]
    "(99,964 more chars)'"
    """
    text = repr(value)
    if len(text) <= width:
        return text
    keep = max(8, width - 3)
    quote = text[-1] if text[-1] in "'\"" and isinstance(value, str) else ""
    return f"{text[:keep]}... ({len(text) - keep - len(quote):,} more chars){quote}"


def cut_list(items: Iterable[object], limit: int = ITEMS) -> str:
    """``a, b, c, … and 40 more``: the first ``limit`` items (as text), then how many are left."""
    listed = [str(item) for item in items]
    if len(listed) <= limit:
        return ", ".join(listed)
    return ", ".join(listed[:limit]) + f", … and {len(listed) - limit:,} more"


def cut_line(text: str, width: int = LINE) -> str:
    """One line of at most about ``width`` characters (the CLI's error line)."""
    line = " ".join(str(text).split())
    if len(line) <= width:
        return line
    return f"{line[:width]}… ({len(line) - width:,} more chars)"
