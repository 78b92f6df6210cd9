"""The Step tab renders core results: the four rows, op table (filter, sort), rollups, plans,
re-prediction on device change without tracing, background trace, CSV and sessions."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from app.state import AppState
from app.tabs.step_tab import StepPage
from core.step.options import inputs_from_options
from core.step.predict import predict
from core.step.trace import trace_config

pytest.importorskip("torch")

TINY = {"model": "mlp:d=32,layers=2", "batch": "4", "recipe": "fp32", "optimizer": "adam"}


@pytest.fixture
def page(qtbot) -> StepPage:
    p = StepPage(AppState())
    qtbot.addWidget(p)
    yield p
    p.shutdown()


@pytest.fixture(scope="module")
def traced():
    inputs = inputs_from_options(**TINY)
    return trace_config(inputs.config), inputs


def test_result_fills_table_ops_and_rollups(page: StepPage, traced) -> None:
    trace, inputs = traced
    # Before the first trace: no blank table, and the chart says what tracing shows.
    assert page.table4.isHidden() and page.kind_chart.shares() == {}
    assert "Trace one step" in page.kind_chart.message.toPlainText()
    assert page.top_table.columnCount() == 4 and page.top_table.rowCount() == 0  # named columns
    page.set_result(trace, inputs)
    assert not page.table4.isHidden() and page.kind_chart.message.toPlainText() == ""
    assert page.table4.rowCount() == 4
    assert page.table4.item(0, 0).text() == "parameters"
    assert page.table4.item(0, 2).text() == "2.048 k"  # 32·32·2 weights
    assert page.op_model.rowCount() == len(trace.ops)
    # It opens in op order, the first op first (not the optimizer's last ops).
    header = page.op_view.horizontalHeader()
    assert (header.sortIndicatorSection(), header.sortIndicatorOrder()) == (
        0, Qt.SortOrder.AscendingOrder)  # fmt: skip
    shown = [page.op_filter.index(r, 0).data(Qt.ItemDataRole.UserRole) for r in range(5)]
    assert shown == [op.index for op in trace.ops[:5]] == sorted(shown)
    assert page.op_filter.index(0, 1).data() == "forward"
    pred = predict(trace, page._state.device)
    assert page.prediction is not None and page.prediction.step_time_s == pred.step_time_s
    page.filter_edit.setText("backward matmul")
    backward_mm = [op for op in trace.ops if op.phase == "backward" and op.kind == "matmul"]
    assert page.op_filter.rowCount() == len(backward_mm) == 3  # the input's gradient is skipped
    page.filter_edit.setText("")
    page.op_view.sortByColumn(6, Qt.SortOrder.DescendingOrder)  # FLOPs
    top = page.op_filter.index(0, 6).data(Qt.ItemDataRole.UserRole)
    assert top == max(op.flops for op in trace.ops)
    assert "backward/forward FLOPs" in page.split_line.text()
    assert "MFU" in page.sentence.text()
    assert page.kinds_table.rowCount() >= 3


def test_a_device_without_the_recipes_peak_says_what_mfu_is_against(page: StepPage) -> None:
    inputs = inputs_from_options(**{**TINY, "recipe": "bf16"})
    page.set_result(trace_config(inputs.config), inputs)
    assert "MFU against bf16)" in page.sentence.text()  # an H100 has a bf16 peak
    page._state.set_device("v100")  # Volta: fp16 and fp32 peaks, no bf16
    assert "MFU against fp32: it has no bf16 peak" in page.sentence.text()


def test_device_change_repredicts_without_tracing(page: StepPage, traced) -> None:
    trace, inputs = traced
    page.set_result(trace, inputs)
    before = page.prediction
    page._state.set_device("a100-sxm")
    assert page.trace is trace
    assert page.prediction is not before
    assert page.prediction.device_id == "a100-sxm"


def test_plans_side_by_side(page: StepPage, traced) -> None:
    trace, inputs = traced
    page.set_result(trace, inputs)
    page.pin_plan_a()
    page._state.set_device("a100-sxm")
    page.set_result(trace, inputs)
    rows = {page.plans_table.item(r, 0).text(): r for r in range(page.plans_table.rowCount())}
    assert {"step time", "MFU", "peak memory"} <= set(rows)
    assert (
        page.plans_table.item(rows["device"], 2).text()
        != page.plans_table.item(rows["device"], 1).text()
    )


def test_csv_has_a_row_per_op(page: StepPage, traced) -> None:
    trace, inputs = traced
    page.set_result(trace, inputs)
    lines = page.csv_text().strip().splitlines()
    assert len(lines) == len(trace.ops) + 1 and lines[0].startswith("index,phase,module")


def test_session_round_trip(page: StepPage, qtbot) -> None:
    page.model_box.setCurrentText("llama2-7b")
    page.fields["seq"].setText("512")
    page.combos["recipe"].setCurrentIndex(page.combos["recipe"].findData("amp"))
    page.depth.setValue(3)
    saved = page.session_state()
    other = StepPage(AppState())
    qtbot.addWidget(other)
    assert other.restore_session(saved) == []
    assert other.session_state() == saved
    assert other.restore_session({"recipe": "nope", "depth": 99, "batch": 3})
    other.shutdown()


def test_background_trace_and_bad_input(page: StepPage, qtbot) -> None:
    page.model_box.setCurrentText(TINY["model"])
    page.fields["batch"].setText("4")
    with qtbot.waitSignal(page.traceFinished, timeout=60_000) as blocker:
        assert page.start_trace()
    assert blocker.args == [True]
    assert page.trace is not None and page.op_model.rowCount() == len(page.trace.ops)
    page.fields["batch"].setText("zero")
    assert not page.start_trace()
    assert "batch" in page.status.text()


def test_kinds_go_to_the_roofline_as_points(page: StepPage, traced, qtbot) -> None:
    trace, inputs = traced
    page.set_result(trace, inputs)
    got: list[dict] = []
    page._state.rooflinePointRequested.connect(got.append)
    page.send_to_roofline()
    kinds = {p["label"].split(" (")[0].removeprefix("step ") for p in got}
    assert "matmul" in kinds
    mm = next(p for p in got if p["label"].startswith("step matmul"))
    assert mm["flops"] == sum(op.flops for op in trace.ops if op.kind == "matmul")


@pytest.mark.slow
def test_measured_run_adds_a_measured_column(page: StepPage, qtbot) -> None:
    page.model_box.setCurrentText(TINY["model"])
    page.fields["batch"].setText("4")
    page.measure_box.setChecked(True)
    with qtbot.waitSignal(page.traceFinished, timeout=120_000) as blocker:
        assert page.start_trace()
    assert blocker.args == [True]
    assert page.measured is not None and page.measured.matched == len(page.trace.ops)
    headers = [page.op_model.headerData(c, Qt.Orientation.Horizontal)
               for c in range(page.op_model.columnCount())]  # fmt: skip
    assert "Measured" in headers
    assert "measured on this CPU" in page.status.text()


def test_a_device_without_bandwidth_is_said_not_crashed(page: StepPage, traced) -> None:
    # issue 11 item 1 meets the Step tab: "This machine" from a run that measured no copy.
    from dataclasses import replace

    trace, inputs = traced
    page.set_result(trace, inputs)
    before = page.prediction
    machine = replace(page._state.device, id="no-copy", name="No copy", mem_bandwidth=None)
    page._state.add_device(machine)
    page._state.set_device("no-copy")
    assert "no memory bandwidth" in page.status.text()
    assert page.trace is trace and page.prediction.device_id == before.device_id  # last good one
    # A new trace that this device cannot predict: the last prediction (of the old trace, with
    # its op count) must go, not stay beside the new trace (the GUI monkey exported its CSV:
    # IndexError in op_rows).
    other = replace(trace, ops=trace.ops[:-1])
    page.set_result(other, inputs)
    assert page.trace is other and page.prediction is None and page.csv_text() == ""
    assert page.op_model.rowCount() == 0 and "no memory bandwidth" in page.sentence.text()
    page._state.set_device("h100-sxm")  # a device that predicts it: everything back
    assert page.prediction is not None and len(page.prediction.seconds) == len(other.ops)
    assert page.csv_text().count("\n") == len(other.ops) + 1


def test_kind_bars_that_do_not_fit_merge_into_other(qtbot) -> None:
    # The labels must not overlap: a short chart draws the largest kinds and one "other" bar
    # holding the rest, whose share is their sum.
    from widgets.step import KindChart

    chart = KindChart()
    qtbot.addWidget(chart)
    shares = {f"kind{i}": (i + 1) / 55 for i in range(10)}  # 1/55 … 10/55, sums to 1
    chart.resize(400, 800)
    chart.show()
    qtbot.waitExposed(chart)
    chart.set_shares(shares)
    assert chart.shares() == pytest.approx(shares)
    chart.resize(400, chart.minimumHeight())
    drawn = chart.shares()
    fit = chart.rows_that_fit()
    assert len(drawn) == fit < len(shares)
    assert sum(drawn.values()) == pytest.approx(1.0)
    (other,) = [k for k in drawn if k.startswith("other")]
    assert drawn[other] == pytest.approx(sum(range(1, 10 - fit + 2)) / 55)


GPT2_SMALL = {"model_type": "gpt2", "vocab_size": 1000, "n_embd": 64, "n_layer": 2, "n_head": 4,
              "n_positions": 128}  # fmt: skip


def _choose(page: StepPage, monkeypatch, path: str) -> None:
    monkeypatch.setattr(
        "widgets.model_box.QFileDialog.getOpenFileName", lambda *a, **k: (path, "JSON (*.json)")
    )
    index = page.model_box.findData("__config_file__")
    page.model_box.setCurrentIndex(index)
    page.model_box.activated.emit(index)


def test_a_config_file_is_chosen_traced_and_kept_in_the_session(
    page: StepPage, qtbot, monkeypatch, tmp_path
) -> None:
    import json

    path = tmp_path / "tiny-gpt2" / "config.json"
    path.parent.mkdir()
    path.write_text(json.dumps(GPT2_SMALL), encoding="utf-8")
    _choose(page, monkeypatch, str(path))
    assert page.config_path == str(path)
    assert page.model_box.currentText() == "tiny-gpt2/config.json"
    page.fields["seq"].setText("16")
    with qtbot.waitSignal(page.traceFinished, timeout=60_000) as blocker:
        assert page.start_trace()
    assert blocker.args == [True]
    assert page.trace is not None and page.inputs.config.model.d_model == 64
    saved = page.session_state()
    assert saved["config"] == str(path) and saved["model"] == "gpt2"
    other = StepPage(AppState())
    qtbot.addWidget(other)
    assert other.restore_session(saved) == []
    assert other.config_path == str(path) and other.session_state() == saved
    other.shutdown()
    # Choosing a preset again leaves the file.
    page.model_box.setCurrentIndex(page.model_box.findText("llama2-7b"))
    page.model_box.activated.emit(page.model_box.currentIndex())
    assert page.config_path == "" and page.options()["model"] == "llama2-7b"


@pytest.mark.parametrize(
    ("raw", "expected"),
    [("{not json", "is not JSON"), ('{"model_type": "gpt2"}', "lacks the field"),
     ('{"model_type": "nope", "vocab_size": 3}', "model_type='nope'")],
)  # fmt: skip
def test_a_bad_config_file_is_one_message_never_a_crash(
    page: StepPage, qtbot, monkeypatch, tmp_path, raw: str, expected: str
) -> None:
    path = tmp_path / "config.json"
    path.write_text(raw, encoding="utf-8")
    page.set_config(str(path))
    if "nope" in raw:  # an architecture only transformers could build: refused in the worker
        with qtbot.waitSignal(page.traceFinished, timeout=60_000) as blocker:
            assert page.start_trace()
        assert blocker.args == [False]
    else:
        assert not page.start_trace()
    assert expected in page.status.text() and "\n" not in page.status.text()
    _choose(page, monkeypatch, str(tmp_path / "missing.json"))  # refused when chosen
    assert "cannot read" in page.status.text() and page.config_path == str(path)


def test_communication_is_its_own_kind_with_gpus(page: StepPage, traced) -> None:
    from core.step.comm import step_comm

    trace, inputs = traced
    page.set_result(trace, inputs)
    alone = page.prediction.step_time_s
    assert not page.comm_line.isVisibleTo(page)
    page.gpus.setValue(8)
    assert page.trace is trace  # predicted again, not traced
    comm = step_comm(trace, page._state.device, 8)
    assert page.prediction.step_time_s == pytest.approx(alone + comm.time_s)
    kinds = {page.kinds_table.item(r, 0).text(): r for r in range(page.kinds_table.rowCount())}
    assert "communication" in kinds
    share = page.kinds_table.item(kinds["communication"], 5).text()
    assert share == f"{comm.time_s / page.prediction.step_time_s:.1%}"
    assert page.comm_line.isVisibleTo(page) and "not overlapped" in page.comm_line.text()
    assert "ring all-reduce" in page.comm_line.toolTip()
    page.gpus.setValue(12)  # does not fill nodes of 8: said, the ops still shown
    assert "whole nodes" in page.comm_line.text()
    assert page.prediction.step_time_s == pytest.approx(alone)
    assert page.session_state()["gpus"] == 12


def test_ops_go_to_the_roofline_sized_by_their_share(page: StepPage, traced) -> None:
    trace, inputs = traced
    page.set_result(trace, inputs)
    got: list[dict] = []
    page._state.rooflinePointRequested.connect(got.append)
    page.send_to_roofline()
    singles = [p for p in got if "#" in p["label"]]
    assert singles and all(0 < p["share"] <= 1 for p in got)
    slowest = max(range(len(trace.ops)), key=lambda i: page.prediction.seconds[i])
    assert f"#{trace.ops[slowest].index} " in singles[0]["label"]


def test_a_language_switch_carries_the_trace(page: StepPage, traced, qtbot) -> None:
    trace, inputs = traced
    page.set_result(trace, inputs)
    page.pin_plan_a()
    carried = page.carried_state()
    other = StepPage(AppState())
    qtbot.addWidget(other)
    other.restore_session(page.session_state())
    other.take_over(carried)
    assert other.trace is trace and other.plan_a is not None
    assert other.op_model.rowCount() == len(trace.ops)
    assert other.views.currentWidget() is other.plans_table
    other.take_over({"trace": "nonsense"})  # ignored, no exception
    other.shutdown()


def test_switching_language_keeps_the_trace_without_tracing_again(traced, qtbot) -> None:
    from app.i18n import language_manager
    from app.main_window import MainWindow
    from app.settings import Preferences

    trace, inputs = traced
    win = MainWindow(preferences=Preferences(ephemeral=True), menus=False)
    qtbot.addWidget(win)
    try:
        page = win.show_tab("step")
        page.gpus.setValue(8)
        page.set_result(trace, inputs)
        assert win.set_language("zh_CN") is None
        after = win.current_page()
        assert after is not page and after.trace is trace and after.gpus.value() == 8
        assert (
            after.comm is not None and after.kinds_table.rowCount() == page.kinds_table.rowCount()
        )
        assert after.status.text() != page.status.text()  # said again, in Chinese
    finally:
        win.stop_background_work()
        language_manager().install("en")


def test_sequence_limits_as_in_the_cli(page: StepPage) -> None:
    # issue 19 item 8: refused before the trace with the CLI's message
    page.model_box.setCurrentText("gpt2")
    page.fields["seq"].setText("4096")
    assert page.start_trace() is False
    assert "1,024 learned positions" in page.status.text()


def test_a_warning_of_the_trace_is_shown(page: StepPage, traced) -> None:
    from dataclasses import replace

    trace, inputs = traced
    page.set_result(replace(trace, warnings=["seq: 8,192 is longer than the 4,096 positions"]),
                    inputs)  # fmt: skip
    assert "Warning: seq: 8,192" in page.status.text()


def test_conventions_are_stated_where_the_numbers_are(page: StepPage, traced) -> None:
    # issue 19 item 10: the headline's tooltip and the FLOPs line say how the numbers are counted
    trace, inputs = traced
    page.set_result(trace, inputs)
    tip = page.headline.toolTip()
    for phrase in ("2.5×", "2×", "not halved", "LM head", "achieves", "MFU", "HFU"):
        assert phrase in tip, phrase
    box = page.combos["prediction"]
    box.setCurrentIndex(box.findData("roofline"))
    assert "upper bound" in page.headline.toolTip()
    box.setCurrentIndex(box.findData("calibrated"))
    assert "not halved" in page.split_line.toolTip()
    assert "HFU" in page.headline.text()


def test_export_ops_writes_atomically_and_never_into_a_fifo(page: StepPage, traced, tmp_path,
                                                            monkeypatch) -> None:  # fmt: skip
    # issue 19 item 11: through core.safe_io.atomic_write; a FIFO target is refused, not opened
    import os

    from PySide6.QtWidgets import QFileDialog

    trace, inputs = traced
    page.set_result(trace, inputs)
    fifo = tmp_path / "ops.csv"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # so a plain write would not block
    try:
        monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(fifo), ""))
        page._export_csv()
        assert "named pipe" in page.status.text()
        assert os.read(reader, 100) == b""  # nothing was written into it
    finally:
        os.close(reader)
    target = tmp_path / "ops2.csv"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    page._export_csv()
    assert target.read_text(encoding="utf-8") == page.csv_text()
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_each_kind_keeps_its_colour_from_trace_to_trace(qtbot) -> None:
    """Issue 19 item 22: the optimizer was blue for gpt2 and pink for a llama (colours went by
    rank). Now a kind's colour is fixed by its place in core.step.costs.KINDS."""
    from app.theme import theme
    from core.step.costs import KINDS
    from widgets.step import KindChart

    series = theme("light").series
    chart = KindChart()
    qtbot.addWidget(chart)
    chart.resize(500, 600)
    chart.show()
    chart.set_colours(series, "#000000")
    chart.set_shares({"optimizer": 0.5, "matmul": 0.3, "norm": 0.2})  # an MLP's step
    first = chart.bar_colours()
    chart.set_shares({"matmul": 0.6, "attention": 0.25, "optimizer": 0.1, "norm": 0.05})
    second = chart.bar_colours()
    for kind in ("optimizer", "matmul", "norm"):
        assert first[kind] == second[kind]
    assert second["matmul"] == series[KINDS.index("matmul")]
    assert second["attention"] == series[KINDS.index("attention")]
    assert len(set(second.values())) == len(second)  # distinct kinds, distinct colours


def test_the_prediction_model_is_core_steps_calibrated_or_roofline(page: StepPage, traced) -> None:
    """Issue 20 point 2: the Step tab predicts with the calibrated model, the roofline kept as
    the upper bound; both are core.step.predict's, re-predicted without tracing again."""
    from core.step.predict import predict

    trace, inputs = traced
    page.set_result(trace, inputs)
    box = page.combos["prediction"]
    assert box.currentData() == "calibrated"
    device = page._state.device
    assert page.prediction.step_time_s == predict(trace, device, model="calibrated").step_time_s
    box.setCurrentIndex(box.findData("roofline"))
    bound = predict(trace, device, model="roofline")
    assert page.prediction.step_time_s == bound.step_time_s
    assert page.trace is trace  # not traced again
    assert bound.step_time_s < predict(trace, device, model="calibrated").step_time_s
    assert page.session_state()["prediction"] == "roofline"


def test_a_picture_of_the_same_inputs_reads_the_trace_cache_and_says_so(qtbot) -> None:
    """Screenshots trace through core.step.cache: the second page of the same inputs shows the
    stored trace (the same ops and figures) and its status line says where it came from."""
    pages = []
    for _ in range(2):
        p = StepPage(AppState())
        qtbot.addWidget(p)
        p.model_box.setCurrentText(TINY["model"])
        p.fields["batch"].setText(TINY["batch"])
        p.prepare_screenshot()
        pages.append(p)
    first, second = pages
    assert not first.trace.from_cache and second.trace.from_cache
    assert "trace cache" not in first.status.text()
    assert "trace cache" in second.status.text()
    assert second.trace.table == first.trace.table
    assert second.trace.total_flops == first.trace.total_flops
    assert second.headline.text() == first.headline.text()
    for p in pages:
        p.shutdown()
