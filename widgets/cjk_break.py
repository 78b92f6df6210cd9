"""Chinese text that never wraps its last character onto a line of its own.

Qt breaks Chinese between any two characters, so a wrapped label can end with one character alone
on its last line ("……（講義問題" / "二）"), which reads as a mistake on a slide and which the
layout audit (:mod:`app.layout_audit`) names. :func:`keep_last_pair` ties each paragraph's last
two Chinese characters together with a WORD JOINER (U+2060, no width, no glyph), so the line
breaks one character earlier instead. Text without Chinese is returned unchanged.
"""

from __future__ import annotations

import re

__all__ = ["NO_BREAK_SPACE", "WORD_JOINER", "keep_counts", "keep_last_pair"]

#: Unicode's character that forbids a line break on either side of it.
WORD_JOINER = "\u2060"
#: A space that never breaks: a count and its Chinese measure word stay on one line.
NO_BREAK_SPACE = "\u00a0"

# The space between a number and the Chinese character after it ("15,328 个").
_COUNT_SPACE = re.compile(r"(?<=\d) (?=[\u3400-\u9fff\uf900-\ufaff])")

# Between two ideographs that end a paragraph (closing punctuation may follow).
_LAST_PAIR = re.compile(
    r"(?<=[\u3400-\u9fff\uf900-\ufaff])(?=[\u3400-\u9fff\uf900-\ufaff][）」』》。，、：；！？]*$)",
    re.M,
)


def keep_last_pair(text: str) -> str:
    """``text`` with each paragraph's last two Chinese characters joined (idempotent)."""
    if WORD_JOINER in text:
        return text
    return _LAST_PAIR.sub(WORD_JOINER, text)


def keep_counts(text: str) -> str:
    """``text`` with each number kept on the line of the Chinese word after it ("15,328 个"),
    so a wrap never leaves a measure word alone at the start of a line; then
    :func:`keep_last_pair`."""
    return keep_last_pair(_COUNT_SPACE.sub(NO_BREAK_SPACE, text))
