"""The Plan tab: it answers the lecture's question from core/plan, ranks llama2-7b's layouts on 64
A100, keeps the chart and the table in step, says what to change as the core re-plans it, and
keeps its inputs and results through validation errors, cancels, sessions and language switches.

Plans are searched once per module (the core caches the traced layer) and shown with
:meth:`PlanPage.set_job`; the background worker is tested where it matters (cancel, device change).
"""

from __future__ import annotations

import csv
import io

import pytest
from PySide6.QtCore import QPointF, Qt

from app.plan_worker import TOP, TOP_PER_MODE, run_plan
from app.settings import Preferences
from app.state import AppState
from app.tabs import plan_view as view
from app.tabs.plan_tab import PlanPage
from core.errors import InputError
from core.plan import Constraints, best_change, search
from core.plan.options import planned_input
from core.plan.table import CSV_COLUMNS
from core.units import format_bytes


@pytest.fixture
def page(qtbot) -> PlanPage:
    p = PlanPage(AppState())
    qtbot.addWidget(p)
    p.resize(1280, 760)
    p.show()
    return p


@pytest.fixture(scope="module")
def lecture(qapp):
    """The lecture's question: llama2-70b on 15T tokens with 1,024 H100 (4M-token batches)."""
    inp, _ = planned_input(model="llama2-70b", seq=4096, global_batch=1024, device="h100-sxm",
                           gpus=1024, tokens="15T")  # fmt: skip
    return run_plan(inp, Constraints())


@pytest.fixture(scope="module")
def small(qapp):
    """llama2-7b on 64 A100 (8 nodes), 4M-token batches, 2T tokens (the Llama 2 paper's run)."""
    inp, _ = planned_input(model="llama2-7b", seq=4096, global_batch=1024, device="a100-sxm",
                           gpus=64, tokens="2T")  # fmt: skip
    return run_plan(inp, Constraints())


def test_the_default_inputs_are_the_lecture_question(page: PlanPage, lecture) -> None:
    inp, constraints = page.plan_input()
    assert inp == lecture["inp"] and constraints == Constraints()


def test_the_tab_answers_the_lecture_question(page: PlanPage, lecture) -> None:
    page.set_job(lecture)
    inp = lecture["inp"]
    best = search(inp, top=1)[0]  # the core's fastest layout that fits
    chosen = page.chosen()
    assert chosen.layout == best.layout and chosen.fits
    training = chosen.training
    # The days at the plan's MFU, by hand (PaLM appendix B: 6N + 12·L·d·s FLOPs per token, the
    # attention over the whole sequence; N counts every parameter, embedding and head included).
    spec = inp.model
    per_token = 6 * spec.param_count + 12 * spec.layers * spec.d_model * inp.seq
    peak = inp.cluster.device.peak("bf16")
    days = 15e12 * per_token / (1024 * peak * chosen.mfu) / 86400
    assert training.days == pytest.approx(days, rel=0.02)
    headline = page.headline.text()
    assert f"{chosen.mfu:.1%}" in headline and f"{training.days:.4g} days" in headline
    assert format_bytes(chosen.memory.peak, 3) in page.memory_bar.title()
    assert (
        format_bytes(page.chosen().inp.cluster.device.capacity_bytes, 3) in page.memory_bar.title()
    )
    change = best_change(inp, chosen)
    assert change is not None and str(change) in page.sentence.text()
    assert str(chosen.limits) in page.sentence.text()
    assert page.layout_line.text().startswith("Layout 1 of")


def test_llama2_7b_on_64_a100_ranks_tp_pp_and_recomputation_variants(page: PlanPage, small) -> None:
    page.set_job(small)
    fits = [page.model.result(r) for r in range(page.model.rowCount()) if page.model.result(r).fits]
    assert len({r.layout.tp for r in fits}) >= 2
    assert len({r.layout.pp for r in fits}) >= 2
    assert len({r.layout.recompute for r in fits}) >= 2
    # The rows are the core's own ranking, with the fastest of the other mode slotted in.
    core = [r.layout for r in search(small["inp"], top=TOP)]
    assert [r.layout for r in fits if r.layout in set(core)] == core
    assert [r.layout for r in fits[:10]] == core[:10]
    extra = [r.layout for r in fits if r.layout not in set(core)]
    full = search(small["inp"], Constraints(recompute="full"), top=TOP_PER_MODE)
    assert extra == [r.layout for r in full]
    # The status says what is kept and why, and the layout line counts against it.
    status = page.status.text()
    assert f"{small['stats']['layouts']:,} layouts searched" in status
    assert f"{len(fits):,} kept: the {TOP} fastest that fit" in status
    assert f"and the {len(extra)} fastest with full recomputation" in status
    assert page.layout_line.text().startswith(f"Layout 1 of {len(fits):,} kept: ")


def _click(page: PlanPage, qtbot, index: int) -> None:
    page.views.setCurrentWidget(page.chart)
    qtbot.waitExposed(page.chart)
    x, y = page.chart.point_position(index)
    plot = page.chart.plot
    plot.getPlotItem().vb.setRange(xRange=(x * 0.98, x * 1.02), yRange=(y * 0.995, y * 1.005),
                                   padding=0)  # fmt: skip
    where = plot.mapFromScene(plot.getPlotItem().vb.mapViewToScene(QPointF(x, y)))
    with qtbot.waitSignal(page.chart.pointClicked, timeout=2000):
        qtbot.mouseClick(plot.viewport(), Qt.MouseButton.LeftButton, pos=where)


def _alone(results: list) -> int:
    """A fitting candidate no other candidate sits on (CP 2 and CP 4 twins often coincide)."""

    def far(a, b) -> bool:
        return (
            abs(a.memory.peak / b.memory.peak - 1) > 0.01
            or abs(a.step_time_s / b.step_time_s - 1) > 0.01
        )

    return next(i for i, r in enumerate(results[1:], start=1)
                if r.fits and all(far(r, o) for o in results if o is not r))  # fmt: skip


def test_clicking_a_point_selects_its_layout_and_its_table_row(
    page: PlanPage, small, qtbot
) -> None:
    page.set_job(small)
    index = _alone(page.results)
    _click(page, qtbot, index)
    assert page.selected == index and page.chart.selected() == index
    current = page.table.selectionModel().currentIndex()
    assert page.filter.mapToSource(current).row() == index
    chosen = page.results[index]
    assert page.layout_line.text().startswith(f"Layout {index + 1} of")
    assert chosen.layout.label() in page.layout_line.text()
    # and back: a row chosen in the (sorted) table rings its point
    page.table.sortByColumn(6, Qt.SortOrder.AscendingOrder)  # memory
    proxy = page.filter.index(0, 0)
    page.table.selectionModel().setCurrentIndex(
        proxy, page.table.selectionModel().SelectionFlag.ClearAndSelect
    )
    row = page.filter.mapToSource(proxy).row()
    lowest = min(range(len(page.results)), key=lambda i: page.results[i].memory.peak
                 if page.results[i].fits else float("inf"))  # fmt: skip
    assert row == lowest and page.selected == row and page.chart.selected() == row


def test_the_sentence_is_core_plans_best_change(page: PlanPage, small) -> None:
    page.set_job(small)
    for row in (0, 5):
        page.select(row)
        res = page.results[row]
        change = best_change(res.inp, res)
        assert page.sentence.text() == view.sentence(res, str(change) if change else None)
        if change is not None:
            assert str(change) in page.sentence.text()


def test_bars_show_the_chosen_layouts_breakdown(page: PlanPage, small) -> None:
    page.set_job(small)
    page.select(3)
    res = page.results[3]
    time = {s.key: s.value for s in page.time_bar.segments()}
    assert time == res.breakdown
    memory = {s.key: s.value for s in page.memory_bar.segments()}
    assert memory == {k: v for k, v in res.memory.to_dict().items() if k != "peak"}
    assert sum(memory.values()) == pytest.approx(res.memory.peak)


def test_a_bad_field_is_said_under_it_and_the_last_answer_stays(
    page: PlanPage, small, qtbot
) -> None:
    page.set_job(small)
    headline = page.headline.text()
    page.inputs.fields["gpus"].setText("1001")  # not whole nodes of 8: a cluster change re-plans
    assert not page.runner.is_running()
    assert page.inputs.errors["cluster"].isVisible()
    assert "1,001" in page.inputs.errors["cluster"].text()
    assert page.job is small and page.headline.text() == headline
    page.inputs.fields["seq"].setText("abc")
    assert page.start_plan() is False and "seq" in page.status.text()
    assert not page.inputs.errors["cluster"].isVisible()  # the last message replaced it
    page.inputs.fields["seq"].setText("4096")
    page.inputs.fields["global_batch"].setText("1000")
    page.inputs.batch_unit.setCurrentIndex(page.inputs.batch_unit.findData("tokens"))
    assert page.start_plan() is False and page.inputs.errors["run"].isVisible()
    assert not page.runner.is_running()


def test_a_layout_that_cannot_run_is_one_message(page: PlanPage, qtbot) -> None:
    page.inputs.set_model("llama2-7b")
    page.inputs.fields["gpus"].setText("64")
    page.inputs.fields["tp"].setText("3")  # does not divide the 32 heads
    with qtbot.waitSignal(page.planFinished, timeout=120_000) as blocker:
        assert page.start_plan()
    assert blocker.args == [False] and "layout" in page.status.text()
    qtbot.waitUntil(lambda: not page.runner.is_running(), timeout=10_000)
    assert page.job is None


def test_cancel_stops_the_plan(page: PlanPage, qtbot) -> None:
    page.inputs.set_model("llama2-7b")
    page.inputs.fields["gpus"].setText("64")
    with qtbot.waitSignal(page.planFinished, timeout=120_000) as blocker:
        assert page.start_plan()
        page.cancel_plan()
    assert blocker.args == [False] and page.status.text() == "Cancelled"
    qtbot.waitUntil(lambda: not page.runner.is_running(), timeout=10_000)
    assert page.plan_button.isEnabled() and page.job is None


def test_a_device_change_plans_again_without_tracing(page: PlanPage, small, qtbot) -> None:
    from core.plan.ops import cached_shapes

    page.inputs.set_model("llama2-7b")
    page.inputs.fields["gpus"].setText("64")
    page.inputs.fields["tokens"].setText("2T")
    page._state.set_device("a100-sxm")
    page.set_job(small)
    shapes = cached_shapes()
    with qtbot.waitSignal(page.planFinished, timeout=120_000) as blocker:
        page._state.set_device("h100-sxm")
    assert blocker.args == [True]
    qtbot.waitUntil(lambda: not page.runner.is_running(), timeout=10_000)
    assert page.job["inp"].cluster.device.id == "h100-sxm"
    assert cached_shapes() == shapes  # planned from the kept trace
    with qtbot.waitSignal(page.planFinished, timeout=120_000) as blocker:
        page.inputs.fields["gpus"].setText("128")
    qtbot.waitUntil(lambda: not page.runner.is_running(), timeout=10_000)
    assert blocker.args == [True] and page.job["inp"].cluster.gpus == 128
    assert cached_shapes() == shapes


def test_pin_as_a_overlays_another_cluster(page: PlanPage, small, lecture) -> None:
    page.set_job(small)
    page.pin_plan_a()
    page.set_job(lecture)
    assert page.chart.pinned() is not None and len(page.chart.pinned().points) == len(
        small["results"]
    )
    assert page.chart.current().name.startswith("B: 1,024")
    assert page.chart.pinned().name.startswith("A: 64")
    assert page.chart.pinned().capacity == small["results"][0].capacity


def test_csv_holds_every_candidate(page: PlanPage, small, tmp_path) -> None:
    page.set_job(small)
    rows = list(csv.DictReader(io.StringIO(page.csv_text())))
    results = page.results
    assert len(rows) == len(results) and list(rows[0]) == list(CSV_COLUMNS)
    for row, res in zip(rows[:5], results[:5], strict=True):
        assert float(row["mfu"]) == res.mfu and int(row["tp"]) == res.layout.tp
        assert float(row["memory_peak"]) == res.memory.peak and row["fits"] == str(res.fits)
        assert float(row["time_bubble_s"]) == res.breakdown["bubble"]
    out = tmp_path / "candidates.csv"
    assert page.write_csv(str(out)) and out.read_text(encoding="utf-8") == page.csv_text()
    assert not page.write_csv(str(tmp_path / "missing" / "x.csv"))
    assert "missing" in page.status.text()


def test_session_round_trip_and_bad_values(page: PlanPage, qtbot) -> None:
    page.inputs.set_model("layers=4,hidden=512,heads=8")
    page.inputs.fields["gpus"].setText("16")
    page.inputs.fields["intra_bw"].lineEdit().setText("200G")
    page.inputs.fields["intra_bw"].lineEdit().textEdited.emit("200G")
    page.inputs.fields["intra_bw"].setText("200G")
    page.inputs.fields["pp"].setText("2")
    page.inputs.combos["recompute"].setCurrentIndex(
        page.inputs.combos["recompute"].findData("full")
    )
    page.views.setCurrentIndex(1)
    saved = page.session_state()
    other = PlanPage(AppState())
    qtbot.addWidget(other)
    assert other.restore_session(saved) == []
    assert other.session_state() == saved
    assert other.plan_input()[1] == page.plan_input()[1]
    # every view a session can save comes back, the last (Published runs) too
    last = page.views.count() - 1
    assert page.views.tabText(last) == "Published runs"
    assert other.restore_session({"view": last}) == []
    assert other.views.currentIndex() == last
    bad = {"gpus": "zero", "view": 9, "sp": "maybe", "show_unfit": "yes", "model": 3}
    problems = other.restore_session(bad)
    assert len(problems) == 5
    assert f"plan: view 9; allowed: a whole number from 0 to {last}" in problems
    assert other.inputs.fields["gpus"].text() == "16"


def test_the_code_page_is_the_implementation_the_plan_uses(page: PlanPage, qtbot) -> None:
    from core.plan import Implementation

    inputs = page.inputs
    # Its defaults are the plan's (and the CLI's without switches): the lecture question holds.
    assert page.plan_input()[0].implementation == Implementation(probs_in_experts=True)

    def choose(key: str, data: str) -> None:
        inputs.combos[key].setCurrentIndex(inputs.combos[key].findData(data))

    choose("kernels", "eager")
    choose("attention", "flash2")
    choose("cross_entropy", "native")
    choose("overlap", "dp+tp")
    inputs.switches["fused_swiglu"].setChecked(True)
    inputs.switches["fused_loss"].setChecked(False)
    want = Implementation(fused=False, attention_kernel="flash2", cross_entropy="native",
                          dp_overlap=True, tp_overlap=True, fused_swiglu=True, fused_loss=False,
                          probs_in_experts=True)  # fmt: skip
    assert page.plan_input()[0].implementation == want
    choose("attention", "none")
    choose("overlap", "none")
    got = page.plan_input()[0].implementation
    assert not got.flash and got.attention_kernel is None
    assert not got.dp_overlap and not got.tp_overlap
    # Saved and restored with the session; a switch that is not true or false is refused.
    saved = page.session_state()
    other = PlanPage(AppState())
    qtbot.addWidget(other)
    assert other.restore_session(saved) == []
    assert other.plan_input()[0].implementation == got
    problems = other.restore_session({"dropout": "yes", "cross_entropy": "bf16"})
    assert len(problems) == 2 and not other.inputs.switches["dropout"].isChecked()
    # CP needs flash attention: said at once, under the layout page, and nothing is planned.
    inputs.fields["cp"].setText("2")
    assert not page.start_plan() and not page.runner.is_running()
    assert "needs flash attention" in inputs.errors["layout"].text()
    assert not inputs.errors["layout"].isHidden()


def test_the_uneven_stages_switch_lets_a_61_layer_model_pipeline(page: PlanPage, qtbot) -> None:
    from core.errors import InputError
    from core.plan import Layout, check_layout
    from widgets.plan.inputs import PAGES, SWITCH_ROWS, SWITCHES

    assert sorted(k for row in SWITCH_ROWS for k in row) == sorted(SWITCHES)  # each shown once
    assert set(SWITCHES) <= set(PAGES["code"])  # an error about a switch turns to its page
    inputs = page.inputs
    box = inputs.switches["uneven_stages"]
    assert not box.isChecked()  # off, as the CLI without --uneven-stages
    assert "61" in box.toolTip() and "longer" in box.toolTip()
    inputs.model_box.set_model("transformer:d=1024,layers=61,heads=8,ffn=4096,vocab=32000")
    inputs.fields["gpus"].setText("16")
    inputs.fields["global_batch"].setText("64")
    inp = page.plan_input()[0]
    assert not inp.implementation.uneven_stages
    # 61 layers on 4 stages: 15 + 16 + 15 + 15 by hand; refused without the switch, taken with it.
    with pytest.raises(InputError, match="does not divide the 61 layers"):
        check_layout(inp, Layout(pp=4))
    box.setChecked(True)
    inp = page.plan_input()[0]
    assert inp.implementation.uneven_stages
    check_layout(inp, Layout(pp=4))
    # Picking a framework keeps how the layers split; the session keeps the switch.
    fw = inputs.combos["framework"]
    fw.setCurrentIndex(fw.findData("torchtitan"))
    assert box.isChecked()
    other = PlanPage(AppState())
    qtbot.addWidget(other)
    assert other.restore_session(page.session_state()) == []
    assert other.inputs.switches["uneven_stages"].isChecked()


def test_the_pipeline_layout_field_is_the_clis_flag(page: PlanPage, qtbot) -> None:
    from core.plan import Layout, check_layout
    from widgets.plan.inputs import PAGES

    inputs = page.inputs
    field = inputs.fields["pipeline_layout"]
    assert "pipeline_layout" in PAGES["code"]  # its errors turn to the Code page
    assert field.text() == "" and "Megatron-Core" in field.lineEdit().toolTip()
    assert page.plan_input()[0].implementation.pipeline_layout is None
    # 61 layers on 4 stages: 16 with the embedding, 16, 16, 13 with the loss (by hand)
    inputs.model_box.set_model("transformer:d=1024,layers=61,heads=8,ffn=4096,vocab=32000")
    inputs.fields["gpus"].setText("16")
    inputs.fields["global_batch"].setText("64")
    field.setText("Et*16|t*16|t*16|t*13L")
    inp = page.plan_input()[0]
    assert inp.implementation.pipeline_layout == "Et*16|t*16|t*16|t*13L"
    check_layout(inp, Layout(pp=4))  # taken without the uneven-stages switch
    # a layout Megatron would refuse is said under the field, with what is allowed
    field.setText("Et*16|t*16|x")
    assert not field.isValid() and "unknown character 'x'" in field.errorText()
    field.setText("Et*16|t*16|t*16|t*13L")
    other = PlanPage(AppState())
    qtbot.addWidget(other)
    assert other.restore_session(page.session_state()) == []
    assert other.inputs.fields["pipeline_layout"].text() == "Et*16|t*16|t*16|t*13L"


def test_tokens_per_gpu_and_batches_in_tokens_by_hand(small) -> None:
    from core.plan.options import global_batch_sequences

    res = small["results"][0]
    inp = res.inp
    assert res.tokens_per_s_per_gpu == pytest.approx(
        inp.seq * inp.global_batch / res.step_time_s / 64
    )
    assert global_batch_sequences("4,194,304", "tokens", 4096) == 1024
    assert global_batch_sequences("4M", "sequences", 4096) == 4_000_000
    with pytest.raises(InputError, match="multiple of the sequence length") as info:
        global_batch_sequences("4M", "tokens", 4096)  # 976.6 sequences: 977 is the nearest
    assert "the nearest: 4,001,792 tokens, 977 sequences" in info.value.message
    with pytest.raises(InputError, match="allowed: sequences or tokens"):
        global_batch_sequences("4M", "bytes", 4096)


def test_language_switch_keeps_inputs_and_results_without_planning(small, qtbot) -> None:
    from app.i18n import language_manager
    from app.main_window import MainWindow

    win = MainWindow(preferences=Preferences(ephemeral=True), menus=False)
    qtbot.addWidget(win)
    try:
        page = win.show_tab("plan")
        page.inputs.fields["tokens"].setText("3T")
        page.set_job(small)
        page.select(4)
        page.pin_plan_a()
        before = page.session_state()
        win.set_language("zh_CN")
        after = win.current_page()
        assert after is not page and after.session_state() == before
        # A layout's recomputation in the catalog's words, the dimensions as written
        # (resources/i18n/plan_zh_CN.ts: "full recompute" is 完全重计算).
        from core.plan import Layout
        from widgets.i18n import localized

        assert localized(Layout(tp=8, dp=8, recompute="full").label()) == (
            "TP 8 · PP 1 · DP 8 · mb 1 · 完全重计算"
        )
        assert "recompute" not in after.layout_line.text()
        assert after.job is small and after.selected == 4 and not after.runner.is_running()
        assert after.chart.pinned() is not None
        win.set_language("en")
        again = win.current_page()
        assert again.job is small and again.session_state() == before
    finally:
        language_manager().install("en")


def test_open_in_step_and_use_in_napkin(small, qtbot) -> None:
    from app.main_window import MainWindow

    win = MainWindow(preferences=Preferences(ephemeral=True), menus=False)
    qtbot.addWidget(win)
    win.state.set_device("a100-sxm")
    win.state.set_dtype("fp8")
    page = win.show_tab("plan")
    page.set_job(small)
    res = page.chosen()
    page.use_in_napkin()
    napkin = win.current_page()
    assert napkin.tab_id == "napkin"
    # The MFU in the card's 6·N·D convention, by hand: the card's days are the plan's.
    six_n = 6 * res.inp.model.param_count * res.tokens_per_s / (res.peak_flops * 64)
    assert napkin.fields["mfu"].value() == pytest.approx(six_n, rel=1e-5)
    assert six_n < res.mfu  # the plan's MFU counts the attention's FLOPs too
    days = 6 * res.inp.model.param_count * 2e12 / (64 * res.peak_flops * six_n) / 86400
    assert days == pytest.approx(res.training.days, rel=1e-5)
    assert napkin.fields["gpus"].value() == 64 and napkin.fields["tokens"].value() == 2e12
    assert napkin.fields["params"].value() == res.inp.model.param_count
    assert win.state.dtype == "bf16"  # the MFU's peak is the recipe's bf16, not fp8
    win.show_tab("plan")
    step = win.show_tab("step")
    with qtbot.waitSignal(step.traceFinished, timeout=120_000) as blocker:
        page.open_in_step()
    assert blocker.args == [True] and win.current_page() is step
    qtbot.waitUntil(lambda: not step.runner.is_running(), timeout=10_000)
    cfg = step.inputs.config
    assert cfg.model.layers == 1 and cfg.model.d_model == res.inp.model.d_model
    assert cfg.micro == res.layout.micro_batch and cfg.seq_len == res.inp.seq


def test_ctrl_7_shows_the_plan_tab(qtbot) -> None:
    from PySide6.QtGui import QKeySequence

    from app.main_window import MainWindow

    win = MainWindow(preferences=Preferences(ephemeral=True))
    qtbot.addWidget(win)
    action = next(a for a in win.menu_actions if a.shortcut() == QKeySequence("Ctrl+7"))
    action.trigger()
    assert win.current_page().tab_id == "plan"
    assert win.tabs.tabToolTip(win.tabs.currentIndex()).endswith("(Ctrl+7)")


def test_the_chart_exports_as_svg_and_the_page_as_png(page: PlanPage, small, tmp_path) -> None:
    from xml.dom import minidom

    from PySide6.QtGui import QImage

    from app import export

    page.set_job(small)
    svg = minidom.parseString(export.save_svg(page.export_plot(), tmp_path / "p.svg").read_bytes())
    texts = " ".join(t.toxml() for t in svg.getElementsByTagName("text"))
    assert "memory per GPU" in texts and "tokens/s per GPU" in texts
    png = export.save_png(page.export_widget(), tmp_path / "p.png", 1.0)
    image = QImage(str(png))
    assert image.width() == page.width() and image.height() == page.height()


def test_screenshot_command_renders_the_lecture_question(tmp_path, capsys) -> None:
    from PySide6.QtGui import QImage
    from PySide6.QtWidgets import QApplication

    from app.cli.screenshot_cmd import render_tab
    from app.theme import apply_theme, theme

    try:
        out = render_tab("plan", tmp_path / "plan.png", size=(1280, 720), presentation=True)
    finally:  # the command styles the application for its one picture
        apply_theme(QApplication.instance(), theme("light", False))
    image = QImage(str(out))
    assert (image.width(), image.height()) == (1280, 720)


def test_the_slide_caption_names_the_run_and_the_chosen_layout(page: PlanPage, lecture) -> None:
    assert page.caption_parts() is None  # nothing planned: the inputs
    page.set_job(lecture)
    parts = page.caption_parts()
    assert parts[0] == "llama2-70b" and parts[1] == "1,024 GPUs"
    assert parts[2] == page.chosen().layout.label()
    assert f"capacity {format_bytes(page.chosen().capacity, 3)}" in parts[4]


def test_changes_that_cannot_be_planned_are_named_with_their_reasons(page: PlanPage, small) -> None:
    """On A100 (no fp8 peak) the fp8 change cannot be planned: the sentence's tooltip says so
    with the core's reason, as `plan --json`'s changes_skipped does."""
    from core.plan import what_to_change

    page.set_job(small)
    page.select(0)
    res = page.results[0]
    skipped: list = []
    what_to_change(res.inp, res, skipped=skipped)
    assert skipped, "an A100 plan has a change it cannot plan (fp8 GEMMs)"
    tip = page.sentence.toolTip()
    for change, reason in skipped:
        assert str(change) in tip and str(reason) in tip


def test_the_ep_overlap_switch_is_the_implementations(page: PlanPage) -> None:
    box = page.inputs.switches["ep_overlap"]
    assert not box.isChecked()  # off, as the CLI without --ep-overlap
    assert "overlap_moe_expert_parallel_comm" in box.toolTip()
    box.setChecked(True)
    try:
        inp = page.plan_input()[0]
        assert inp.implementation.ep_overlap
        # the lecture's dense model has no expert all-to-all: the switch is moot, not an error
        from core.plan import Layout, check_layout

        assert check_layout(inp, Layout(tp=8, pp=2, micro_batch=1)).dp > 0
    finally:
        box.setChecked(False)
    assert not page.plan_input()[0].implementation.ep_overlap
