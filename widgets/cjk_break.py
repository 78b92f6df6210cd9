"""Chinese text that never wraps its last character onto a line of its own.

Qt breaks Chinese between any two characters, so a wrapped label can end with one character alone
on its last line ("……（講義問題" / "二）"), which reads as a mistake on a slide and which the
layout audit (:mod:`app.layout_audit`) names. :func:`keep_last_pair` ties each paragraph's last
two Chinese characters together with a WORD JOINER (U+2060, no width, no glyph), so the line
breaks one character earlier instead. Text without Chinese is returned unchanged.
"""

from __future__ import annotations

import re

__all__ = ["WORD_JOINER", "keep_last_pair"]

#: Unicode's character that forbids a line break on either side of it.
WORD_JOINER = "\u2060"

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
