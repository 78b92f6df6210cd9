"""The Napkin tab's checkpoint card: the lecture's dictionary of gpt2 with AdamW by hand, per rank
with more GPUs, and a bad field keeping the last answer dimmed."""

from __future__ import annotations

import pytest

from app.state import AppState
from app.tabs.napkin_tab import NapkinPage
from core.memory.models import preset
from core.units import format_bytes


@pytest.fixture
def card(qtbot):
    page = NapkinPage(AppState())
    qtbot.addWidget(page)
    page.show()
    return page.checkpoint_card


def _bytes(text: str) -> float:
    number, unit = text.split()
    return float(number) * {"MB": 1e6, "GB": 1e9, "TB": 1e12}[unit]


def test_default_is_the_lecture_dictionary_of_gpt2_with_adamw(card) -> None:
    n = preset("gpt2").param_count
    # fp32 weights and AdamW's two fp32 moments: 12 bytes per parameter, plus a little format
    assert _bytes(card.headline.text()) == pytest.approx(12 * n, rel=0.005)
    detail = card.detail.text()
    assert '"model": ' + format_bytes(4 * n) in detail
    assert '"optimizer": ' in detail and '"rng_state": 5.056 kB' in detail
    assert "12 B" in card.formula.text()


def test_more_gpus_write_a_share_each(card, qtbot) -> None:
    edit = card.gpus.lineEdit()
    edit.selectAll()
    qtbot.keyClicks(edit, "8")
    qtbot.waitUntil(lambda: "8 ranks" in card.detail.text(), timeout=2000)
    n = preset("gpt2").param_count
    rank = card.detail.text().split("write ")[1].split(" each")[0]
    assert _bytes(rank) == pytest.approx(12 * n / 8, rel=0.01)


def test_bad_gpus_keep_the_last_answer_dimmed(card, qtbot) -> None:
    good = card.headline.text()
    edit = card.gpus.lineEdit()
    edit.selectAll()
    qtbot.keyClicks(edit, "-3")
    qtbot.waitUntil(lambda: not card.gpus.isValid(), timeout=2000)
    assert card.headline.text() == good and card.is_stale()
    assert "GPUs" in card.detail.text()
