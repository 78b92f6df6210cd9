"""widgets.rich_text.escape: what html.escape(quote=False) gives, without importing html."""

from __future__ import annotations

import html

import pytest

from widgets.rich_text import escape


@pytest.mark.parametrize(
    "text",
    ["", "plain", "<img src=x>", "a & b", "&amp; stays literal", "\"quotes\" and 'single'",
     "x<y>z&&<<>>", "中文 <b>粗</b>", 42, 1.5],
)  # fmt: skip
def test_escape_matches_the_standard_library(text: object) -> None:
    assert escape(text) == html.escape(str(text), quote=False)
