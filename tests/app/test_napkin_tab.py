"""The Napkin tab shows the core's answers and keeps its last good state on bad input."""

from __future__ import annotations

import pytest

from app.settings import Preferences
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


def test_lecture_answers_are_shown(page: NapkinPage) -> None:
    days = napkin.train_time(70e9, 15e12, 1024, 989.5e12, 0.5).days
    assert page.time_card.headline.text() == f"{days:.4g} days" == "143.9 days"
    assert page.fit_card.headline.text() == "53.33 B params"
    assert "2 (params bf16) + 2 (grads bf16)" in page.fit_card.formula.text()


def test_typing_updates_after_debounce(page: NapkinPage, qtbot) -> None:
    edit = page.fields["gpus"].lineEdit()
    edit.selectAll()
    qtbot.keyClicks(edit, "2048")
    qtbot.waitUntil(lambda: page.time_card.headline.text() == "71.96 days", timeout=2000)


def test_bad_input_shows_message_and_escape_restores(page: NapkinPage, qtbot) -> None:
    field = page.fields["mfu"]
    field.lineEdit().selectAll()
    qtbot.keyClicks(field.lineEdit(), "1.7")
    qtbot.waitUntil(lambda: not field.isValid(), timeout=2000)
    assert "MFU" in field.errorText() and "up to 1" in field.errorText()
    assert "MFU" in page.time_card.detail.text()
    qtbot.keyClick(field.lineEdit(), pytest.importorskip("PySide6.QtCore").Qt.Key.Key_Escape)
    assert field.text() == "0.5" and field.isValid()


def test_device_without_dtype_says_so(page: NapkinPage) -> None:
    page.state_ref.set_device("t4")
    assert "no published bf16 peak" in page.peak_label.text()
    assert page.time_card.headline.text() == "—"


def test_custom_recipe(page: NapkinPage) -> None:
    page.recipe.setCurrentIndex(page.recipe.findData("custom"))
    page.fields["bytes_per_param"].setText("16")
    assert page.fit_card.headline.text() == "40 B params"


def test_recent_sessions_are_newest_first_and_capped() -> None:
    prefs = Preferences(ephemeral=True)
    for i in range(12):
        prefs.add_recent(f"/s{i}.json")
    prefs.add_recent("/s5.json")
    assert (
        prefs.recent_sessions[:2] == ["/s5.json", "/s11.json"] and len(prefs.recent_sessions) == 8
    )


def test_model_preset_sets_exact_params_and_typing_resets_it(page: NapkinPage, qtbot) -> None:
    from core.memory import preset

    page.model.ensure_populated()
    page.model.setCurrentIndex(page.model.findData("llama2-7b"))
    assert page.fields["params"].value() == 6_738_415_616 == preset("llama2-7b").param_count
    expected = napkin.train_time(6_738_415_616, 15e12, 1024, 989.5e12, 0.5).days
    assert page.time_card.headline.text() == f"{expected:.4g} days"
    assert page.session_state()["model"] == "llama2-7b"
    page.fields["params"].setText("13e9")
    assert page.model.currentIndex() == 0 and page.session_state()["model"] == ""


def test_tensor_card_follows_the_shared_dtype(page: NapkinPage) -> None:
    assert page.tensor_card.headline.text().startswith("1.208 GB")  # bf16 default
    page.state_ref.set_dtype("fp32")
    assert page.tensor_card.headline.text() == "2.416 GB (2.25 GiB)"  # the lecture's ~2.3 GB
    page.fields["shape"].setText("4,8")
    assert "= 128" in page.tensor_card.formula.text()
    page.fields["shape"].setText("4,,8")
    assert "dimension 2 is empty" in page.tensor_card.detail.text()
