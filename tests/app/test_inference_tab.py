"""The Inference tab: the figures it shows are core's for the same input (and hand counts of
llama3-8b), the batch slider moves the roofline's points and the curves' markers as core places
them, bad input shows the core's message and never breaks the page, sessions round-trip.

llama3-8b (config.json: 32 layers, 8 KV heads of 128, 8.03 B parameters) on one H100: the tab's
defaults, as ``napkinlab inference``'s.
"""

from __future__ import annotations

import json
import math

import pytest

from app.state import AppState
from app.tabs import inference_view as view
from app.tabs.inference_tab import InferencePage
from core.inference.serve import InferenceInput, infer, max_batch
from core.memory.models import PRESETS
from core.units import format_duration

#: K and V of 8 heads of 128 dimensions in 32 layers, 2 bytes each (bf16).
KV_TOKEN = 2 * 32 * 8 * 128 * 2


@pytest.fixture
def page(qtbot) -> InferencePage:
    p = InferencePage(AppState())
    qtbot.addWidget(p)
    p.resize(1280, 820)
    p.show()
    return p


def _core(page: InferencePage, batch: int | None, **kw):
    device = page._state.device
    cal, _ = view.calibrate(device)
    inp = InferenceInput(PRESETS["llama3-8b"], device, cal, batch=batch, **kw)
    return infer(inp)


def _shown(page: InferencePage) -> dict[str, str]:
    return {key: value.text() for key, (_, value) in page.figure_labels.items()}


def test_defaults_show_cores_figures(page):
    want = _core(page, 1)
    shown = _shown(page)
    assert shown["ttft"] == f"<b>{format_duration(want.ttft_s)}</b>"
    assert shown["tpot"] == f"<b>{format_duration(want.tpot_s)}</b>"
    assert shown["per_gpu"] == f"<b>{view.rate(want.tokens_per_s_per_gpu)}</b>"
    assert shown["output"] == f"<b>{want.output_tokens_per_s:,.0f}</b>"  # 200 tokens/s: whole
    assert shown["max_batch"] == f"<b>{want.max_batch:,}</b>"
    assert page.result.to_dict() == want.to_dict()


def test_memory_bar_is_the_hand_count(page):
    parts = {s.key: s.value for s in page.memory_bar.segments()}
    # bf16 weights: two bytes per parameter; the cache of one sequence of 1,024 + 256 tokens.
    assert parts["weights"] == 2 * PRESETS["llama3-8b"].param_count
    assert parts["kv_cache"] == 1 * (1024 + 256) * KV_TOKEN
    capacity = page._state.device.capacity_bytes
    assert sum(parts.values()) == pytest.approx(capacity)
    assert page.memory_bar.strip.mark == capacity


def test_slider_moves_points_and_markers(page, qtbot):
    points = {p.key: p for p in page.roofline._points}
    decode_at_1 = points["decode"].x
    # Batch 1 decode is a matrix-vector product: ~2 FLOPs per 2-byte weight read, memory-bound.
    assert 0.5 < decode_at_1 < 2.0
    assert page.result.decode.bound == "memory"
    slider = page.batch.slider
    index = page.batch.batches().index(64)
    slider.setValue(index)
    assert page.batch.value() == 64
    want = _core(page, 64)
    points = {p.key: p for p in page.roofline._points}
    assert points["decode"].x == pytest.approx(want.decode.intensity, rel=1e-12)
    assert points["decode"].y == pytest.approx(want.decode.flops / want.decode.seconds, rel=1e-12)
    assert points["prefill"].x == pytest.approx(want.prefill.intensity, rel=1e-12)
    assert points["decode"].x > 30 * decode_at_1  # it climbs toward the ridge
    markers = page.curves.marker_positions()
    assert markers["tpot"] == pytest.approx((64, want.tpot_s * 1e3))
    assert markers["tokens"] == pytest.approx((64, want.tokens_per_s_per_gpu))
    assert page.curves.lines[0].value() == pytest.approx(math.log10(64))
    # The curves were not redrawn: the same data as before the move.
    xs, _ = page.curves.tpot.getOriginalDataset()
    assert list(xs) == page.batch.batches()


def test_curves_and_max_mark_are_cores(page):
    most = page.result.max_batch
    inp = page.input
    assert most == max_batch(inp)
    xs, ys = page.curves.tokens.getOriginalDataset()
    for batch, value in zip(xs[::17], ys[::17], strict=True):
        assert value == pytest.approx(_core(page, int(batch)).tokens_per_s_per_gpu, rel=1e-12)
    assert page.curves.max_lines[0].value() == pytest.approx(math.log10(most))
    assert most in page.batch.batches() and most + 1 in page.batch.batches()


def test_max_switch_follows_the_largest_batch(page, qtbot):
    page.batch.max_box.setChecked(True)
    assert page.batch.value() == page.result.max_batch == _core(page, None).max_batch
    page.inputs.fields["prompt"].setText("4096")
    page.recompute()
    assert page.batch.is_max()
    assert page.result.batch == _core(page, None, prompt=4096).max_batch


def test_a_bad_tp_says_why_and_keeps_the_page(page):
    page.inputs.fields["tp"].setText("3")
    page.recompute()
    assert not page.inputs.error.isHidden()
    assert "tp: 3 does not divide the 32 attention heads" in page.inputs.error.text()
    assert page.result is None and all(v.text() == "—" for _, v in page.figure_labels.values())
    page.inputs.fields["tp"].setText("2")
    page.inputs.fields["gpus"].setText("2")
    page.recompute()
    assert page.inputs.error.isHidden() and page.result is not None
    assert page.result.input.tp == 2


def test_a_bad_number_shows_its_field_message(page):
    field = page.inputs.fields["prompt"]
    field.setText("many")
    assert not field.isValid()
    assert "prompt" in field.errorText()
    assert page.result is not None  # the last good value still serves


def test_a_model_that_is_no_transformer(page):
    page.inputs.model_box.set_model("no-such-model")
    page.recompute()
    assert not page.inputs.model_error.isHidden()
    assert "no-such-model" in page.inputs.model_error.text()
    assert page.result is None
    page.inputs.model_box.set_model("llama2-7b")
    page.recompute()
    assert page.inputs.model_error.isHidden()
    assert page.result.input.shape.name == "llama2-7b"


def test_what_to_change_lists_cores_changes(page):
    from core.inference.changes import what_to_change

    want = [c for c in what_to_change(page.input.__class__(**{**page.input.__dict__, "batch": 1}))
            if c.helps]  # fmt: skip
    shown = {c.key for c in page.changes}
    assert {"weights=fp8", "weights=int4"} <= shown
    for change in page.changes:
        if change.field != "device":
            core = next(c for c in want if c.key == change.key)
            assert change.gain == pytest.approx(core.gain, rel=1e-12)
    assert page.changes_label.text().count("•") == len(page.changes)


def test_session_round_trip(page, qtbot):
    page.restore_session({"model": "llama2-7b", "prompt": "512", "output": "128", "tp": "2",
                          "gpus": "2", "weights": "fp8", "kv_dtype": "fp8", "batch": 8})  # fmt: skip
    state = page.session_state()
    assert state["batch"] == 8 and state["weights"] == "fp8" and state["tp"] == "2"
    other = InferencePage(AppState())
    qtbot.addWidget(other)
    assert other.restore_session(state) == []
    assert other.result.to_dict() == page.result.to_dict()


def test_restore_reports_bad_values(page):
    problems = page.restore_session({"prompt": "x", "weights": "fp2", "batch": "lots"})
    assert len(problems) == 3
    assert any("fp2" in p and "bf16" in p for p in problems)
    assert any("or max" in p for p in problems)
    assert page.result is not None


def test_export_json(page, tmp_path):
    path = tmp_path / "inference.json"
    assert page.write_json(str(path))
    data = json.loads(path.read_text())
    assert data["ttft_s"] == page.result.ttft_s
    assert data["max_batch"] == page.result.max_batch
    assert [c["batch"] for c in data["curves"]] == page.batch.batches()
    assert len(data["what_to_change"]) == len(page.changes)
