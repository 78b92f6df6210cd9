"""The KV-cache question: ``napkinlab napkin kv-cache`` and the Napkin tab's card."""

from __future__ import annotations

import json

import pytest

from app.cli import main
from app.state import AppState
from app.tabs.napkin_tab import NapkinPage


def test_cli_json_against_a_hand_count(capsys):
    assert main(["napkin", "kv-cache", "--model", "llama2-7b", "--tokens", "4096", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["kv_bytes_per_token"] == 32 * 2 * 32 * 128 * 2
    assert out["kv_bytes_per_sequence"] == 4096 * 32 * 2 * 32 * 128 * 2
    assert out["weight_bytes"] == 2 * 6_738_415_616  # Llama 2 7B's parameters in bf16
    assert out["tokens_per_s"] == pytest.approx(3.35e12 / (out["weight_bytes"] + 2**31))


def test_cli_by_hand_and_fp8(capsys):
    args = ["napkin", "kv-cache", "--layers", "80", "--kv-heads", "8", "--head-dim", "128",
            "--params", "70e9", "--tokens", "1000", "--kv-dtype", "fp8", "--json"]  # fmt: skip
    assert main(args) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["kv_bytes_per_sequence"] == 1000 * 80 * 2 * 8 * 128 * 1


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--layers", "32"], "missing --kv-heads, --head-dim, --params"),
        (["--model", "llama2-7b", "--layers", "32"], "not both"),
        (["--tokens", "0"], "tokens"),
        (["--model", "mlp:d=8,layers=2"], "needs a transformer"),
    ],
)
def test_cli_errors(capsys, args, needle):
    assert main(["napkin", "kv-cache", *args]) == 2
    assert needle in capsys.readouterr().err


@pytest.fixture
def page(qtbot):
    state = AppState()
    widget = NapkinPage(state)
    qtbot.addWidget(widget)
    widget.show()
    widget.state_ref = state
    return widget


def test_card_shows_the_default_answer(page):
    card = page.kv_card
    assert card.headline.text() == "1.074 GB"  # llama3-8b: 131,072 B × 8,192 tokens
    assert "195.5 tokens/s" in card.detail.text()


def test_card_follows_the_device_and_keeps_its_session(page, qtbot):
    page.state_ref.set_device("h200")  # 4.8 TB/s: faster decoding
    assert "4.8 TB/s" in page.kv_card.formula.text().replace("\u00a0", " ").replace("∕", "/")
    page.kv_card.kv_dtype.setCurrentIndex(1)  # fp8
    assert page.kv_card.headline.text() == "536.9 MB"
    state = page.session_state()
    assert state["kv_cache"] == {"model": "llama3-8b", "tokens": "8192", "kv_dtype": "fp8"}
    page.kv_card.kv_dtype.setCurrentIndex(0)
    assert page.restore_session(state) == []
    assert page.kv_card.kv_dtype.currentData() == "fp8"
    problems = page.restore_session({"kv_cache": {"model": "gpt5", "tokens": "-3"}})
    assert len(problems) == 2 and page.kv_card.model.currentData() == "llama3-8b"


def test_card_bad_tokens_keeps_the_last_answer(page, qtbot):
    edit = page.kv_card.tokens.lineEdit()
    edit.selectAll()
    qtbot.keyClicks(edit, "abc")
    qtbot.waitUntil(lambda: page.kv_card.is_stale(), timeout=2000)
    assert page.kv_card.headline.text() == "1.074 GB"
