"""The Memory tab: live estimate, bad input keeps the last state, background trace and cancel."""

from __future__ import annotations

import pytest

from app.state import AppState
from app.tabs.memory_tab import MemoryPage
from core.memory import MemoryConfig, MLPSpec, estimate


@pytest.fixture
def page(qtbot) -> MemoryPage:
    p = MemoryPage(AppState())
    qtbot.addWidget(p)
    yield p
    p.shutdown()


def _set(page: MemoryPage, key: str, text: str) -> None:
    page.controls.fields[key].setText(text)


def test_default_is_the_lecture_network(page: MemoryPage) -> None:
    est = page.estimate
    assert est is not None
    expected = estimate(MemoryConfig(MLPSpec(4096, 8), batch=64))
    assert est.total == expected.total
    bar = page.bars.bars()[0]
    assert bar.label == "estimate (sum)" and bar.values["activations"] == 2 * 64 * 4096 * 8
    # The second bar is the estimated peak: its segments, temporaries included, add up to it.
    peak = page.bars.bars()[1]
    assert peak.label.startswith("estimate (peak")
    assert "temporaries" in peak.values
    assert sum(peak.values.values()) == pytest.approx(expected.peak)
    assert page.headline.text().startswith("peak ")
    assert "12 bytes/param" in page.recipe_line.text()


def test_changing_batch_updates_bars(page: MemoryPage) -> None:
    _set(page, "batch", "128")
    assert page.bars.bars()[0].values["activations"] == 2 * 128 * 4096 * 8


def test_micro_batch_that_does_not_divide_is_refused_as_in_the_cli(page: MemoryPage) -> None:
    before = page.estimate
    _set(page, "batch", "64")
    _set(page, "micro_batch", "48")
    assert not page.problem.isHidden()
    assert "micro-batch: 48 does not divide the batch 64" in page.problem.text()
    assert page.estimate is not None and page.estimate.config.micro == before.config.micro


def test_bad_input_keeps_last_good_estimate(page: MemoryPage) -> None:
    before = page.estimate.total
    _set(page, "layers", "1e15")
    assert not page.problem.isHidden()
    assert "layers" in page.problem.text()
    assert page.estimate.total == before


def test_preset_selection_and_device_change(page: MemoryPage) -> None:
    page.controls.model.setCurrentIndex(page.controls.model.findData("llama2-7b"))
    assert page.estimate.param_count == 6_738_415_616
    assert "Does not fit" in page.verdict.text()
    page._state.set_device("h100-sxm")  # unchanged id: no crash
    assert page.bars.bars()[0].values["params"] == 2 * 6_738_415_616


def test_hover_explains_a_segment(page: MemoryPage) -> None:
    est = page.estimate
    y = est.bytes["params"] / 2 / 1e9
    text = page.bars.hover_text(0.0, y)
    assert "params" in text and "2 B ×" in text
    assert page.bars.hover_text(0.5, y) == ""


@pytest.mark.slow
def test_trace_runs_in_background_and_adds_a_bar(page: MemoryPage, qtbot) -> None:
    _set(page, "d", "64")
    _set(page, "layers", "2")
    _set(page, "batch", "4")
    with qtbot.waitSignal(page.traceFinished, timeout=60_000) as blocker:
        page.start_trace()
        assert not page.trace_button.isEnabled()
    assert blocker.args == [True]
    qtbot.waitUntil(lambda: page.trace_button.isEnabled(), timeout=10_000)
    labels = [b.label for b in page.bars.bars()]
    assert labels[0] == "estimate (sum)" and labels[2].startswith("trace")
    assert page.bars.bars()[2].values["params"] == 2 * 64 * 64 * 2
    assert page.phases.samples()
    assert "Traced" in page.status.text()
    hover = page.bars.bars()[2].hover["total"]
    assert "traced peak" in hover


def test_failing_trace_reports_why_and_estimate_stays(page: MemoryPage, qtbot) -> None:
    page.controls.recipe.setCurrentIndex(page.controls.recipe.findData("custom"))
    page.controls.dtypes["params"].setCurrentIndex(page.controls.dtypes["params"].findData("fp8"))
    _set(page, "d", "64")
    total = page.estimate.total
    with qtbot.waitSignal(page.traceFinished, timeout=60_000) as blocker:
        page.start_trace()
    assert blocker.args == [False]
    assert "fp8" in page.status.text() and "estimate stands" in page.status.text()
    assert page.estimate.total == total
    qtbot.waitUntil(lambda: not page.runner.is_running(), timeout=10_000)


def test_cancel_and_shutdown_stop_the_thread(page: MemoryPage, qtbot) -> None:
    page.controls.model.setCurrentIndex(page.controls.model.findData("gpt2"))
    with qtbot.waitSignal(page.traceFinished, timeout=60_000) as blocker:
        page.start_trace()
        page.cancel_trace()
    assert blocker.args == [False]
    assert "cancelled" in page.status.text()
    page.start_trace()
    page.shutdown()  # cancels and lets the thread go without waiting for it
    assert not page.runner.is_running()
    from app.worker_runner import wait_detached

    assert wait_detached(60_000)


def test_session_round_trip_and_bad_values(page: MemoryPage, qtbot) -> None:
    _set(page, "batch", "32")
    page.controls.checkpoint.setCurrentIndex(page.controls.checkpoint.findData("sqrt"))
    saved = page.session_state()
    other = MemoryPage(AppState())
    qtbot.addWidget(other)
    assert other.restore_session(saved) == []
    assert other.estimate.total == page.estimate.total
    problems = other.restore_session({"batch": "-1", "recipe": "fp7", "layers": None})
    assert len(problems) == 3
    assert other.controls.fields["batch"].value() == 32


def test_theme_switch_recolours(page: MemoryPage) -> None:
    from app.theme import theme

    page.apply_theme(theme("dark"))
    assert page.bars.backgroundBrush().color().name() == theme("dark").plot_bg


def test_trace_bar_marked_stale_after_inputs_change(page: MemoryPage) -> None:
    from core.memory.trace import trace

    _set(page, "d", "32")
    _set(page, "layers", "2")
    _set(page, "batch", "2")
    cfg = page._config()
    page._pending_key = page._key(cfg)
    page._on_result({"trace": trace(cfg), "measured": None})
    assert page.bars.bars()[2].label.startswith("trace (peak")
    _set(page, "batch", "4")
    assert page.bars.bars()[2].label == "trace of earlier inputs"
    assert "trace again" in page.status.text()


def test_control_column_fits_its_fields_in_presentation_mode(qtbot):
    from PySide6.QtWidgets import QApplication

    from app.state import AppState
    from app.tabs.memory_tab import MemoryPage
    from app.theme import apply_theme, theme

    app = QApplication.instance()
    page = MemoryPage(AppState())
    qtbot.addWidget(page)
    try:
        apply_theme(app, theme("light", presentation=True))
        page.apply_theme(theme("light", presentation=True))
        needed = page._left_card.minimumSizeHint().width()
        assert page._left_scroll.minimumWidth() >= needed  # no field clipped at the right edge
    finally:
        apply_theme(app, theme("light"))
        page.apply_theme(theme("light"))


def test_rank_zero_is_drawn_beside_the_estimate_and_kept_across_a_language_switch(
    qtbot, monkeypatch
) -> None:
    import core.memory.fsdp_trace as fsdp_trace
    import core.memory.trace as one_device
    from app.i18n import language_manager
    from app.main_window import MainWindow
    from app.settings import Preferences
    from core.memory.fsdp_trace import explain_rank, rank_bar

    calls: list[str] = []
    for module, name in ((one_device, "trace"), (fsdp_trace, "trace_fsdp")):
        real = getattr(module, name)
        monkeypatch.setattr(
            module, name, lambda *a, _r=real, _n=name, **k: calls.append(_n) or _r(*a, **k)
        )
    language_manager().install("en")
    win = MainWindow(preferences=Preferences(ephemeral=True))
    qtbot.addWidget(win)
    try:
        page = win.show_tab("memory")
        for key, text in (("d", "64"), ("layers", "2"), ("batch", "4"), ("gpus", "2")):
            _set(page, key, text)
        page.controls.zero.setCurrentIndex(page.controls.zero.findData("3"))
        with qtbot.waitSignal(page.traceFinished, timeout=120_000) as blocker:
            page.start_trace()
        assert blocker.args == [True] and calls == ["trace", "trace_fsdp"]
        qtbot.waitUntil(lambda: not page.runner.is_running(), timeout=10_000)
        rank = page.rank
        assert rank is not None and (rank.zero, rank.world_size) == (3, 2)
        bars = page.bars.bars()
        labels = [b.label for b in bars]
        assert labels[:2] == ["estimate (sum)", "estimate (peak, cuda)"]
        assert labels[3] == "rank 0 (ZeRO-3, 2 ranks)"  # beside the estimate and the trace
        assert bars[3].values["params"] == pytest.approx(rank_bar(rank)["params"])
        english = str(explain_rank(rank, page._rank_config))
        assert page.rank_note.isVisibleTo(page) and page.rank_note.text() == english

        assert win.set_language("zh_CN") is None
        after = win.current_page()
        assert after is not page and after.rank is rank and after.traced is page.traced
        assert not after.runner.is_running() and calls == ["trace", "trace_fsdp"]  # not redone
        label = after.bars.bars()[3].label
        assert label.startswith("rank 0") and label != "rank 0 (ZeRO-3, 2 ranks)"
        note = after.rank_note.text()
        assert after.rank_note.isVisibleTo(after) and note != english and "rank 0" in note
    finally:
        win.stop_background_work()
        language_manager().install("en")


def test_sequence_limits_as_in_the_cli(page: MemoryPage) -> None:
    # issue 19 item 8: gpt2's learned positions refuse 4,096; a rotary llama warns beyond 4,096
    page.controls.restore({"model": "gpt2", "seq": "4096"})
    page.recompute()
    assert not page.problem.isHidden() and "1,024 learned positions" in page.problem.text()
    page.controls.restore({"model": "llama2-7b", "seq": "8192"})
    page.recompute()
    assert page.estimate.config.seq_len == 8192
    assert not page.problem.isHidden() and "4,096 positions" in page.problem.text()
    page.controls.restore({"seq": "4096"})
    page.recompute()
    assert page.problem.isHidden()
