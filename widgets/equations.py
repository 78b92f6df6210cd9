"""Short equations in wrapped text stay on one line.

A word-wrapped label may break a line at any space, and one inside an equation leaves a dangling
``P =`` with ``D²·L`` on the next line (the Memory tab's model note at its default width). Spaces
next to an ``=`` between two words become no-break spaces, which Qt never breaks at; the text
reads, copies and translates as before (a translated note keeps its own words, only its
equations are held together).
"""

from __future__ import annotations

import re

__all__ = ["keep_equations"]

NO_BREAK_SPACE = "\u00a0"
_EQUALS = re.compile(r"(?<=\S) (=|≈) (?=\S)")


def keep_equations(text: str) -> str:
    """``text`` with each ``a = b`` (or ``a ≈ b``) joined by no-break spaces."""
    return _EQUALS.sub(lambda m: f"{NO_BREAK_SPACE}{m.group(1)}{NO_BREAK_SPACE}", str(text))
