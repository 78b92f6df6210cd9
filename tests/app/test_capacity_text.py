"""One GPU, one memory sentence: the datasheet's figure and the driver's named together wherever a
tab shows a capacity, the lecture's 53.33 B (8 × 80 GB / 12) kept in Napkin, the driver's answer
beside it.

Reference: the H100's datasheet 80 GB and nvidia-smi's 81,559 MiB total (the figure the catalog
cites), both by hand.
"""

from __future__ import annotations

import pytest

from app.state import AppState
from app.tabs.memory_tab import MemoryPage
from app.tabs.napkin_tab import NapkinPage
from core.roofline.hardware import capacity_text, load_catalog

DRIVER = 81_559 * 2**20  # nvidia-smi's memory.total of an H100 SXM5 80GB, in bytes


def test_the_sentence_names_both_figures() -> None:
    h100 = load_catalog().get("h100-sxm")
    assert h100.memory_bytes == 80e9 and h100.memory_total_bytes == DRIVER
    assert str(capacity_text(h100)) == "80 GB datasheet, 85.52 GB reported by the driver"


def test_napkin_keeps_the_lecture_and_names_the_driver(qtbot) -> None:
    page = NapkinPage(AppState())
    qtbot.addWidget(page)
    h100 = page._state.device
    assert h100.id == "h100-sxm"
    assert page.memory_label.text() == str(capacity_text(h100))
    assert page.fit_card.headline.text().startswith("53.33 B")  # 8 × 80e9 / 12
    driver = 8 * DRIVER / 12
    assert f"{driver / 1e9:.4g} B" in page.fit_card.detail.text()
    assert "85.52 GB the driver reports" in page.fit_card.detail.text()


@pytest.mark.usefixtures("qapp")
def test_memory_shows_the_same_sentence(qtbot) -> None:
    page = MemoryPage(AppState())
    qtbot.addWidget(page)
    qtbot.waitUntil(lambda: bool(page.verdict.text()), timeout=10_000)
    assert str(capacity_text(page._state.device)) in page.verdict.text()
