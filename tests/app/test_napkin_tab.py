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
    assert "MFU" in field.errorText() and "allowed: 1e-6 to 1" in field.errorText()
    assert "MFU" in page.time_card.detail.text()
    # The last good answer stays, dimmed and marked, in every card that uses the field.
    assert page.time_card.headline.text() == "143.9 days" and page.time_card.is_stale()
    assert "last good answer" in page.time_card.detail.text()
    assert page.inverse_card.is_stale() and not page.fit_card.is_stale()
    qtbot.keyClick(field.lineEdit(), pytest.importorskip("PySide6.QtCore").Qt.Key.Key_Escape)
    assert field.text() == "0.5" and field.isValid()
    assert not page.time_card.is_stale() and not page.inverse_card.is_stale()


def test_device_without_dtype_says_so(page: NapkinPage) -> None:
    page.state_ref.set_device("t4")
    assert "no published bf16 peak" in page.peak_label.text()
    assert page.time_card.is_stale() and "choose a dtype" in page.time_card.detail.text()
    page.state_ref.set_dtype("fp16")  # T4: 65e12 dense fp16
    expected = napkin.train_time(70e9, 15e12, 1024, page.state_ref.device.peak("fp16"), 0.5)
    years = 6 * 70e9 * 15e12 / (65e12 * 0.5 * 1024) / (365.25 * 86400)  # by hand: ~6 years
    assert expected.days / 365.25 == pytest.approx(years)
    assert page.time_card.headline.text() == f"{years:.4g} years"
    assert not page.time_card.is_stale()


def test_a_card_with_no_good_answer_yet_shows_a_dash(qtbot) -> None:
    from widgets.result_card import ResultCard

    card = ResultCard("t")
    qtbot.addWidget(card)
    card.show_problem("params: empty")
    assert card.headline.text() == "—" and card.detail.text() == "params: empty"


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


def test_defaults_show_both_lecture_answers_side_by_side(page: NapkinPage) -> None:
    # Training in bf16 (the shared dtype), the GPT-3 matrix in fp32: 12288·4 × 12288 × 4 bytes.
    assert page.state_ref.dtype == "bf16"
    assert page.time_card.headline.text() == "143.9 days"
    assert page.tensor_card.headline.text() == "2.416 GB (2.25 GiB)"  # the lecture's ~2.3 GB
    assert 12288 * 4 * 12288 * 4 == 2_415_919_104
    page.state_ref.set_dtype("fp32")  # the toolbar's compute dtype leaves the tensor alone
    assert page.tensor_card.headline.text() == "2.416 GB (2.25 GiB)"
    page.tensor_dtype.setCurrentIndex(page.tensor_dtype.findData("bf16"))
    assert page.tensor_card.headline.text().startswith("1.208 GB")
    page.fields["shape"].setText("4,8")
    assert "= 64" in page.tensor_card.formula.text()  # 32 elements × 2 bytes
    page.fields["shape"].setText("4,,8")
    # The field says what is wrong, once; the card names the field and keeps its last answer.
    assert "dimension 2 of '4,,8' is empty" in page.fields["shape"].errorText()
    assert page.tensor_card.detail.text().startswith("Shape: see the message under the field")
    assert page.tensor_card.is_stale() and "= 64" in page.tensor_card.formula.text()
    assert page.session_state()["tensor_dtype"] == "bf16"


def test_inverse_card_says_one_day_and_one_gpu(page: NapkinPage) -> None:
    page.fields["days"].setText("1")
    page.fields["params"].setText("1e3")
    page.fields["tokens"].setText("1e3")
    assert page.inverse_card.headline.text() == "1 GPU for 1 day"


def test_session_restore_reports_unknown_keys_and_bad_values(page: NapkinPage) -> None:
    from app.state import restore_tab

    problems = restore_tab(page, {"params": "abc", "typo": 1, "tensor_dtype": "fp9", "days": "2"})
    assert page.fields["days"].text() == "2"
    assert any("params: 'abc' is not a number" in p for p in problems)
    assert any("unknown input 'typo' ignored" in p for p in problems)
    assert any("unknown tensor dtype 'fp9'" in p for p in problems)
    assert restore_tab(page, ["not", "a", "dict"])[0].startswith("napkin: expected an object")


@pytest.mark.parametrize(
    ("key", "text", "accepted"),
    [("params", "70b", True), ("tokens", "15t", True), ("params", "5e-324", False),
     ("days", "5e-324", False), ("mfu", "5e-324", False), ("params", "-1", False),
     ("gpus", "2,,3", False)],
)  # fmt: skip
def test_fields_validate_like_the_cli(page: NapkinPage, key: str, text: str, accepted: bool):
    from app.cli import main

    page.fields[key].setText(text)
    assert page.fields[key].isValid() == accepted
    assert page.time_card.headline.text() not in ("", "—")  # an answer, current or last good
    flag = {"params": "--params", "tokens": "--tokens", "days": "--days", "mfu": "--mfu",
            "gpus": "--gpus"}[key]  # fmt: skip
    argv = ["napkin", "gpus-needed", "--params", "70e9", "--tokens", "15e12", "--days", "30"]
    argv += [flag, text] if flag != "--gpus" else []
    if flag == "--gpus":
        argv = ["napkin", "train-time", "--params", "70e9", "--tokens", "15e12", "--gpus", text]
    assert (main(argv) == 0) == accepted


def test_communication_card_takes_the_zero_stage_that_fits_by_hand(page: NapkinPage, qtbot) -> None:
    # issue 14, then 38: the lecture's 70B / 15T / 1024 H100 run. Plain data parallelism keeps
    # 70e9 × 12 bytes = 840 GB per GPU, ZeRO-1 (2 + 2)·N + 8·N/1024 = 280.5 GB and ZeRO-2
    # 2·N + 10·N/1024 = 140.7 GB: none fits 80 GB. ZeRO-3 keeps 12·N/1024 = 820 MB (Rajbhandari
    # et al. 2020, §5.1). It all-gathers the bf16 weights twice (forward, backward) and
    # reduce-scatters the bf16 gradients every 4M-token step: 3 × (n−1)/n × 2 bytes × N per GPU
    # over the slowest link (the network between nodes), derived here by hand.
    from core.units import format_bytes, format_duration

    device = page.state_ref.device
    n, params, tokens, batch = 1024, 70e9, 15e12, 4e6
    per_step = 3 * (n - 1) / n * 2 * params / device.inter_node_bandwidth
    compute = napkin.train_time(params, tokens, n, device.peak("bf16"), 0.5).seconds
    steps = tokens / batch
    assert page.comm_card.headline.text() == format_duration(compute + steps * per_step)
    formula = page.comm_card.formula.text()
    assert formula.startswith("ZeRO-3: " + format_bytes(12 * params / n, 3) + " per GPU of ")
    assert "plain data parallelism needs " + format_bytes(840e9, 3) in formula
    page.overlap.setChecked(True)  # each step hides up to its compute time
    hidden = compute + steps * max(0.0, per_step - compute / steps)
    assert page.comm_card.headline.text() == format_duration(hidden)
    assert "overlapped with compute" in page.comm_card.formula.text()
    page.fields["per_node"].setText("7")  # does not divide 1024: said, last answer kept
    qtbot.waitUntil(lambda: "does not divide" in page.comm_card.detail.text(), timeout=2000)
    assert page.comm_card.headline.text() == format_duration(hidden)
    state = page.session_state()
    assert state["overlap"] is True and state["per_node"] == "7"


def test_communication_card_takes_plain_dp_when_it_fits(page: NapkinPage) -> None:
    # 1B parameters × 12 bytes = 12 GB per GPU fits an H100: the ring all-reduce of the bf16
    # gradients, 2 (n−1)/n × 2 bytes × N per GPU over the network, no ZeRO.
    from core.units import format_duration

    device = page.state_ref.device
    page.fields["params"].setText("1e9")
    n, params, tokens, batch = 1024, 1e9, 15e12, 4e6
    per_step = 2 * (n - 1) / n * 2 * params / device.inter_node_bandwidth
    compute = napkin.train_time(params, tokens, n, device.peak("bf16"), 0.5).seconds
    assert page.comm_card.headline.text() == format_duration(compute + tokens / batch * per_step)
    assert page.comm_card.formula.text().startswith("plain data parallelism: 12 GB per GPU")


def test_communication_card_says_when_no_data_parallel_layout_fits(page: NapkinPage) -> None:
    # 70e9 × 12 bytes over 8 GPUs even with ZeRO-3: 105 GB per GPU against 80 GB.
    page.fields["gpus"].setValue(8)
    page.recompute()
    detail = page.comm_card.detail.text()
    assert "No data-parallel layout fits: even ZeRO-3 over 8 GPUs keeps 105 GB per GPU" in detail
    assert "tensor or pipeline parallelism" in detail


def test_cards_read_in_chinese_with_the_numbers_unchanged(qtbot) -> None:
    from app.i18n import language_manager

    assert language_manager().install("zh_CN") is None
    try:
        state = AppState()
        page = NapkinPage(state)
        qtbot.addWidget(page)
        page.overlap.setChecked(True)
        assert page.time_card.headline.text() == "143.9 天"  # the lecture's 143 天
        assert "时间 = 6.3e24 / 5.066e17 = 1.244e7 s = 143.9 天" in page.time_card.formula.text()
        assert page.fit_card.headline.text() == "53.33 B 参数"  # the lecture's 530 亿参数
        assert "2 (参数 bf16) + 2 (梯度 bf16)" in page.fit_card.formula.text()
        assert page.inverse_card.headline.text() == "30 天需 4,913 张 GPU"
        assert "与计算重叠" in page.comm_card.formula.text()
        assert page.comm_card.detail.text().startswith("计算 143.9 天 + 通信 ")
        state.set_device("h100-pcie")  # no inter-node bandwidth: the core's error, translated
        assert "数据库中没有 NVIDIA H100 PCIe 80GB 的节点间网络带宽" in page.comm_card.detail.text()
    finally:
        language_manager().install("en")


def test_comm_card_on_one_gpu_says_no_traffic(page: NapkinPage) -> None:
    # issue 19 item 7: one GPU sends nothing; the card says so instead of "0 s of communication"
    page.fields["params"].setText("1e9")  # 12 GB: fits one GPU
    page.fields["gpus"].setValue(1)
    page.recompute()
    assert "no communication" in page.comm_card.detail.text()
    assert "no traffic" in page.comm_card.formula.text()


def test_moe_preset_shows_total_and_active_and_times_active(page: NapkinPage) -> None:
    from core.memory import preset

    spec = preset("deepseek-v3")
    page.model.ensure_populated()
    page.model.setCurrentIndex(page.model.findData("deepseek-v3"))
    assert page.fields["params"].value() == spec.params_total
    assert page.fields["active"].value() == spec.params_active
    expected = napkin.train_time(spec.params_active, 15e12, 1024, 989.5e12, 0.5).days
    assert page.time_card.headline.text() == f"{expected:.4g} days"
    assert "N_active" in page.time_card.formula.text()
    assert "37.55 B active of 671 B params" in page.time_card.detail.text()
    page.fields["params"].setText("13e9")  # a typed N is dense again
    assert page.fields["active"].text() == "" and page.model.currentIndex() == 0
    # the largest model that fits counts total parameters, and says so
    assert "total params =" in page.fit_card.formula.text()
    assert "total parameters" in page.fit_card.headline.toolTip()
