"""Issue 19 item 23, the smaller slips: the Step share axis, a result shown under other inputs, a
card that points at another page, the torch version the Dtypes tab names, and texts left English
in Chinese."""

from __future__ import annotations

import importlib.metadata
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from app.i18n import language_manager
from app.state import AppState

I18N = Path(__file__).resolve().parents[2] / "resources" / "i18n"


def _ticks(chart) -> list[float]:
    levels = chart.getPlotItem().getAxis("bottom")._tickLevels
    return [value for level in levels for value, _ in level]


def test_the_share_axis_runs_from_0_to_100_percent(qtbot) -> None:
    from widgets.step import KindChart

    chart = KindChart()
    qtbot.addWidget(chart)
    chart.resize(500, 300)
    chart.show()
    assert _ticks(chart) == [0, 20, 40, 60, 80, 100]  # empty: no 0.2 … 0.8 "%"
    chart.set_shares({"optimizer": 0.7, "matmul": 0.2, "norm": 0.1})
    assert _ticks(chart) == [0, 20, 40, 60, 80, 100]  # not 120, 140
    (x0, x1), _ = chart.getPlotItem().vb.viewRange()
    assert x0 <= 0 and x1 >= 100  # the labels right of the bars stay in view


@pytest.fixture(scope="module")
def traced():
    from core.step.options import inputs_from_options
    from core.step.trace import trace_config

    inputs = inputs_from_options(model="mlp:d=32,layers=2", batch="4", recipe="fp32",
                                 optimizer="adam")  # fmt: skip
    return trace_config(inputs.config), inputs


def test_a_result_under_other_inputs_says_so(qtbot, traced) -> None:
    from app.tabs.step_tab import StepPage

    page = StepPage(AppState())
    qtbot.addWidget(page)
    trace, inputs = traced
    page.model_box.setEditText("mlp:d=32,layers=2")
    page.fields["batch"].setText("4")
    page.combos["recipe"].setCurrentIndex(page.combos["recipe"].findData("fp32"))
    page.combos["optimizer"].setCurrentIndex(page.combos["optimizer"].findData("adam"))
    page.set_result(trace, inputs)
    traced_text = page.status.text()
    assert not page.stale and traced_text.startswith("Traced")
    page.model_box.setEditText("gpt2")
    assert page.stale and page.status.text().startswith("Inputs changed")
    assert "mlp" in page.status.text()  # names what the numbers belong to
    assert page.caption_parts()[0].startswith("mlp")  # a slide names the traced model, not gpt2
    page.model_box.setEditText("mlp:d=32,layers=2")
    assert not page.stale and page.status.text() == traced_text
    page.fields["batch"].setText("8")
    assert page.stale
    page.shutdown()


def test_no_napkin_card_points_at_another_card_by_place(qtbot) -> None:
    from PySide6.QtWidgets import QLabel

    from app.tabs.napkin_tab import NapkinPage

    page = NapkinPage(AppState())
    qtbot.addWidget(page)
    texts = [label.text() for label in page.findChildren(QLabel)]
    assert texts
    # The cards page one at a time in presentation mode: "above" may be on another page.
    assert not [t for t in texts if " above" in t or " below" in t]


def test_the_dtypes_tab_names_the_installed_torch() -> None:
    from core.numbers.formats import POLICIES

    installed = importlib.metadata.version("torch").split("+")[0]
    assert str(POLICIES["torch"]).startswith(f"torch {installed} ")


def _catalog(part: str, context: str, source: str) -> str:
    root = ET.parse(I18N / f"{part}_zh_CN.ts").getroot()
    for node in root.iter("context"):
        if node.findtext("name") == context:
            for message in node.iter("message"):
                if message.findtext("source") == source:
                    return message.findtext("translation") or ""
    raise AssertionError(f"{source!r} not in {part}_zh_CN.ts")


def test_chinese_names_attention_and_this_machine(qtbot) -> None:
    from core.bench.this_machine import this_machine
    from widgets.i18n import localized
    from widgets.step.names import kind_name

    point = {"op": "matmul", "dtype": "fp32", "flops": 2e9, "bytes": 1.2e7, "seconds": 0.01,
             "flop_rate": 2e11, "device": "cpu", "device_name": "Test CPU", "threads": 2}  # fmt: skip
    machine = this_machine([point])
    assert language_manager().install("zh_CN") is None
    try:
        attention = kind_name("attention")
        assert attention == _catalog("step", "StepNames", "attention") != "attention"
        assert "注意力" in attention
        name = localized(machine.name)
        assert name.startswith("本机") and "Test CPU" in name
    finally:
        language_manager().install("en")
    assert localized(machine.name).startswith("This machine")
