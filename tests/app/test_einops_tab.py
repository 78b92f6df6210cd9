"""The Einops tab: live analysis, examples, real run, Roofline point, sessions, warm-up thread."""

from __future__ import annotations

import einops
import pytest
import torch
from PySide6.QtGui import QGuiApplication

from app.state import AppState
from app.tabs import einops_tab
from app.tabs.einops_tab import EinopsPage
from core.einops.analysis import warm_up
from core.einops.examples import EXAMPLES
from core.einops.text import parse_axes, parse_shape_list

LECTURE_PATTERNS = {
    "seq1 hidden, hidden seq2 -> seq1 seq2",
    "batch seq1 hidden, batch seq2 hidden -> batch seq1 seq2",
    "... seq1 hidden, ... seq2 hidden -> ... seq1 seq2",
    "... hidden -> ...",
    "... (heads hidden1) -> ... heads hidden1",
    "... hidden1, hidden1 hidden2 -> ... hidden2",
    "... heads hidden2 -> ... (heads hidden2)",
}


@pytest.fixture
def page(qtbot) -> EinopsPage:
    warm_up()
    p = EinopsPage(AppState())
    qtbot.addWidget(p)
    yield p
    p.shutdown()


def _real_shapes(ex) -> list[tuple[int, ...]]:
    shapes = parse_shape_list(ex.shapes)
    axes = parse_axes(ex.axes) if ex.axes else {}
    xs = [torch.zeros(s) for s in shapes]
    if ex.op == "einsum":
        return [tuple(einops.einsum(*xs, ex.pattern).shape)]
    if ex.op == "reduce":
        return [tuple(einops.reduce(xs[0], ex.pattern, ex.reduction, **axes).shape)]
    if ex.op == "pack":
        return [tuple(einops.pack(xs, ex.pattern)[0].shape)]
    if ex.op == "unpack":
        packed = [list(p) for p in parse_shape_list(ex.packed)]
        return [tuple(o.shape) for o in einops.unpack(xs[0], packed, ex.pattern)]
    return [tuple(getattr(einops, ex.op)(xs[0], ex.pattern, **axes).shape)]


def test_examples_menu_holds_every_lecture_example(page: EinopsPage) -> None:
    actions = [a for a in page.examples.menu().actions() if not a.isSeparator()]
    assert len(actions) == len(EXAMPLES)
    assert {e.pattern for e in EXAMPLES if e.lecture} == LECTURE_PATTERNS


@pytest.mark.parametrize("ex", [e for e in EXAMPLES if e.lecture], ids=lambda e: e.title)
def test_lecture_examples_agree_with_einops(page: EinopsPage, ex) -> None:
    page.load_example(ex)
    page.analyse_now()
    assert page.result is not None and page.result.valid
    assert page.result.output_shapes == _real_shapes(ex)
    assert page.headline.text().startswith("✓")
    assert page.axis_table.rowCount() == len(page.result.axes)
    assert page.code.code() == page.result.torch_code


def test_typing_is_debounced_then_analysed(page: EinopsPage, qtbot) -> None:
    page.analyse_now()
    page.op.setCurrentText("rearrange")
    page.shapes.setText("2,3,8")
    page.axes.setText("h=2")
    page.pattern.setText("b s (h d) -> b h s d")
    assert page._timer.isActive()
    qtbot.waitUntil(
        lambda: page.result is not None and page.result.pattern == "b s (h d) -> b h s d"
    )
    real = einops.rearrange(torch.zeros(2, 3, 8), "b s (h d) -> b h s d", h=2)
    assert page.result.output_shapes == [tuple(real.shape)]
    assert "view" in page.memory.text()


def test_invalid_pattern_shows_caret_and_keeps_tables(page: EinopsPage) -> None:
    page.load_example(next(e for e in EXAMPLES if e.title.startswith("Error")))
    page.analyse_now()
    assert page.headline.text().startswith("✗")
    assert "^" in page.status.text() and "h=2" in page.status.text()
    assert page.pattern.highlighter.error_span == page.result.error_span is not None
    assert not page.run_button.isEnabled() and not page.roofline_button.isEnabled()
    assert not page.axis_table.isEnabled()
    page.shapes.setText("2,3,x")
    page.analyse_now()
    assert "not a whole number" in page.status.text()


def test_run_on_real_tensors_and_cap(page: EinopsPage) -> None:
    page.load_example(next(e for e in EXAMPLES if e.title.startswith("Upsample")))
    page.analyse_now()
    page.run_on_real_tensors()
    real = einops.repeat(torch.arange(6.0).reshape(2, 3), "h w -> (h 2) (w 2)")
    assert str(real) in page.values.outputs.toPlainText()
    assert "match" in page.run_status.text()
    page.load_example(next(e for e in EXAMPLES if "10^12" in e.title))
    page.analyse_now()
    page.run_on_real_tensors()
    assert "over the cap" in page.run_status.text()
    assert page.values.outputs.toPlainText() == ""


def test_send_to_roofline_emits_the_analysis_cost(page: EinopsPage, qtbot) -> None:
    page.load_example(next(e for e in EXAMPLES if e.title.startswith("Large matmul")))
    page.analyse_now()
    res = page.result
    with qtbot.waitSignal(page._state.rooflinePointRequested) as blocker:
        page.roofline_button.click()
    point = blocker.args[0]
    assert point["flops"] == res.flops and point["bytes"] == res.bytes_read + res.bytes_written
    assert point["source"] == "einops" and point["dtype"] == res.dtype
    assert isinstance(point["label"], str) and point["label"]
    # one convention with the Roofline tab: 2·m·k·n per batch (the lecture's 2n − 1 is a note)
    assert point["flops"] == 16 * 2 * 4096**3


def test_copy_puts_code_on_clipboard(page: EinopsPage) -> None:
    page.analyse_now()
    page.code.copy()
    assert QGuiApplication.clipboard().text() == page.result.torch_code


def test_dtype_follows_state_and_changes_bytes(page: EinopsPage) -> None:
    page.load_example(EXAMPLES[0])
    page.analyse_now()
    before = page.result.bytes_read
    page._state.set_dtype("fp32" if page._state.dtype != "fp32" else "bf16")
    page.analyse_now()
    assert page.dtype.currentData() == page._state.dtype == page.result.dtype
    assert page.result.bytes_read != before


def test_session_round_trip_and_bad_values(page: EinopsPage, qtbot) -> None:
    page.load_example(EXAMPLES[3])
    saved = page.session_state()
    other = EinopsPage(AppState())
    qtbot.addWidget(other)
    assert other.restore_session(saved) == []
    assert other.session_state() == saved
    problems = other.restore_session({"op": "transpose", "dtype": 3, "pattern": ["x"]})
    assert len(problems) == 3
    assert other.restore_session("nonsense") != []  # type: ignore[arg-type]
    other.shutdown()


def test_warm_up_runs_in_a_thread(qtbot, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(einops_tab, "is_warm", lambda: False)
    p = EinopsPage(AppState())
    qtbot.addWidget(p)
    assert p._thread is not None
    assert p.headline.text().startswith("Loading")
    qtbot.waitUntil(lambda: p.result is not None, timeout=30000)
    assert p.result.valid
    p.shutdown()
    # the warm-up thread has ended, or (still quitting when the result came) was handed to
    # app.worker_runner.detach: the page holds no running thread either way
    assert p._thread is None or not p._thread.isRunning()


def _formats(page: EinopsPage) -> list:
    return page.pattern.document().firstBlock().layout().formats()


def test_axis_names_highlighted_like_the_table_and_error_underlined(page: EinopsPage) -> None:
    page.load_example(EXAMPLES[1])  # batch seq1 hidden, batch seq2 hidden -> batch seq1 seq2
    page.analyse_now()
    text = page.pattern.text()
    formats = _formats(page)
    colour_at = {
        text[f.start : f.start + f.length]: f.format.foreground().color().name()
        for f in formats
        if f.format.foreground().style() != 0
    }
    table = {
        page.axis_table.item(r, 0).text(): page.axis_table.item(r, 0).foreground().color().name()
        for r in range(page.axis_table.rowCount())
    }
    assert set(table) == {"batch", "seq1", "seq2", "hidden"}
    for name, colour in table.items():
        assert colour_at[name] == colour
    assert len(set(table.values())) == len(table)  # distinct colours per axis
    page.pattern.setText("b s d -> b d s x")
    page.shapes.setText("2,3,4")
    page.op.setCurrentText("rearrange")
    page.analyse_now()
    wavy = [
        f
        for f in _formats(page)
        if f.format.underlineStyle() == f.format.UnderlineStyle.WaveUnderline
    ]
    assert [page.pattern.text()[f.start : f.start + f.length] for f in wavy] == ["x"]


def test_malformed_field_is_marked_and_axes_ignored_for_einsum(page: EinopsPage) -> None:
    page.load_example(EXAMPLES[4])  # rearrange with heads=2
    page.axes.setText("heads=two")
    page.analyse_now()
    assert page.axes.property("invalid") is True and "heads" in page.status.text()
    page.axes.setText("heads=2")
    page.analyse_now()
    assert page.axes.property("invalid") is False and page.result.valid
    page.load_example(EXAMPLES[1])  # einsum: axis lengths do not apply
    page.axes.setText("nonsense")
    page.analyse_now()
    assert page.result.valid and page.axes.property("invalid") is False


def test_cost_tooltip_states_the_convention_and_the_lectures_count_as_a_note(page: EinopsPage):
    page.load_example(next(e for e in EXAMPLES if e.title.startswith("Large matmul")))
    page.analyse_now()
    tip = page.cost.toolTip()
    assert "2·m·k·n" in tip and "Note:" in tip
    assert f"{16 * (2 * 4096**3 - 4096**2):,}" in tip  # the lecture's n·n·(2n − 1) per batch


@pytest.fixture
def chinese():
    from app.i18n import language_manager

    assert language_manager().install("zh_CN") is None
    yield
    language_manager().install("en")


def test_errors_and_explanations_in_chinese(chinese, qtbot) -> None:
    warm_up()
    page = EinopsPage(AppState())
    qtbot.addWidget(page)
    page.analyse_now()
    assert "输出" in page.headline.text() and "开销" in page.cost.text()
    assert "乘积" in page.plan_table.item(2, 3).text()
    page.load_example(next(e for e in EXAMPLES if e.title.startswith("Error")))
    page.analyse_now()
    text = page.status.text()
    assert "输入轴 2 的长度为 7" in text and "b s (h d) -> b h s d" in text and "^" in text
    page.shapes.setText("2,3,x")
    page.analyse_now()
    assert page.status.text().startswith("形状：'x' 不是整数")
    page.shutdown()


def test_a_rebuilt_page_takes_over_the_analysis_and_the_run(page, qtbot, monkeypatch) -> None:
    page.load_example(next(e for e in EXAMPLES if e.title.startswith("Upsample")))
    page.analyse_now()
    page.run_on_real_tensors()
    page.tensors_toggle.setChecked(True)
    carried = page.carried_state()
    monkeypatch.setattr(einops_tab, "run_real", lambda *a, **k: pytest.fail("ran again"))
    new = EinopsPage(AppState())
    qtbot.addWidget(new)
    assert new.restore_session(page.session_state()) == []
    new.take_over(carried)
    new.analyse_now()  # the debounced analysis of the restored inputs: already shown
    assert new.result is carried["result"]
    assert new.headline.text() == page.headline.text()
    assert new.values.outputs.toPlainText() == page.values.outputs.toPlainText() != ""
    assert new.run_status.text() == page.run_status.text()
    assert new.tensors_toggle.isChecked()
    new.shutdown()
