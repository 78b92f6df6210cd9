"""The Napkin tab's compute-optimal and cost cards: the core's answers, wired to the fields."""

from __future__ import annotations

import pytest

from app.state import AppState
from app.tabs.napkin_tab import NapkinPage
from core import napkin


@pytest.fixture
def page(qtbot):
    state = AppState()
    widget = NapkinPage(state)
    qtbot.addWidget(widget)
    widget.show()
    widget.state_ref = state
    return widget


def test_compute_optimal_card_shows_chinchilla(page: NapkinPage) -> None:
    card = page.extras.optimal_card
    assert card.headline.text() == "1.4 T tokens"  # 20 × 70e9, Chinchilla's own run
    assert "D = 20 × N = 20 × 7e10 = 1.4e12" in card.formula.text()
    # Gopher's budget 5.76e23 buys √(5.76e23 / 120) = 69.28e9 parameters
    assert "69.28 B params" in card.detail.text()


def test_cost_card_follows_the_training_time(page: NapkinPage) -> None:
    extras = page.extras
    seconds = napkin.train_time(70e9, 15e12, 1024, 989.5e12, 0.5).seconds
    hours = seconds * 1024 / 3600  # the lecture's run: ~3.54 M GPU-hours
    mwh = hours * 700 * 1.59 * 1.10 / 1e6  # H100 SXM TDP, BLOOM's overhead, Google's PUE
    assert f"{mwh:,.4g} MWh" in extras.cost_card.headline.text()
    page.fields["gpus"].setText("2048")  # twice the GPUs, half the days: the same GPU-hours
    assert f"{mwh:,.4g} MWh" in extras.cost_card.headline.text()
    extras.fields["gpu_hours"].setText("1000")
    extras.fields["power"].setText("400")
    extras.fields["pue"].setText("1")
    assert f"{1000 * 400 * 1.59 / 1e6:,.4g} MWh" in extras.cost_card.headline.text()
    assert "1000 × 400 W × 1.59 × 1" in extras.cost_card.formula.text()


def test_bad_field_keeps_the_last_answer_and_session_round_trips(page: NapkinPage) -> None:
    extras = page.extras
    extras.fields["pue"].setText("0.5")
    assert not extras.fields["pue"].isValid() and extras.cost_card.is_stale()
    extras.fields["pue"].setText("1.2")
    extras.fields["co_ratio"].setText("40")
    saved = page.session_state()
    assert saved["extras"]["pue"] == "1.2"
    other = NapkinPage(AppState())
    try:
        assert other.restore_session(saved) == []
        assert other.extras.fields["co_ratio"].text() == "40"
        assert other.extras.optimal_card.headline.text() == "2.8 T tokens"  # 40 × 70e9
    finally:
        other.deleteLater()
