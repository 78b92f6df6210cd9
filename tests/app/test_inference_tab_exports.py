"""The Inference tab's ridges, CSV export and Hub fetch row.

Ridges: H100 SXM5's datasheet gives 989.5 TFLOP/s dense bf16 and 3.35 TB/s (NVIDIA H100 Tensor
Core GPU datasheet), a ridge of 989.5 / 3.35 ≈ 295 FLOP/byte, the lecture's figure and the
Roofline tab's; the calibrated roof's ridge is the GEMM efficiency's share of that peak over
the bandwidth fraction's share of that bandwidth (the calibration's two fields).
CSV: each row is the core's figures at its batch; the KV cache and the weights are hand counts
of llama3-8b (32 layers, 8 KV heads of 128; 2 bytes a parameter in bf16).
"""

from __future__ import annotations

import csv
import io
import re

import pytest

from app.state import AppState
from app.tabs import inference_view as view
from app.tabs.inference_tab import InferencePage
from app.tabs.roofline_model import build_roofs
from core.inference.serve import InferenceInput, infer
from core.memory.models import PRESETS
from core.roofline.hardware import load_catalog
from tests.app.test_hub_download import empty_cache, fake_hub  # noqa: F401 (fixtures)

#: K and V of 8 heads of 128 dimensions in 32 layers, 2 bytes each (bf16).
KV_TOKEN = 2 * 32 * 8 * 128 * 2


@pytest.fixture
def page(qtbot) -> InferencePage:
    p = InferencePage(AppState())
    qtbot.addWidget(p)
    p.resize(1280, 820)
    p.show()
    return p


def _ridge(text: str) -> int:
    return int(re.search(r"(\d+)", text.replace(",", "")).group(1))


def test_both_ridges_are_named_and_are_the_datasheets_and_the_calibrations():
    device = load_catalog().get("h100-sxm")
    assert (device.peak("bf16"), device.bandwidth()) == (989.5e12, 3.35e12)  # the datasheet
    cal, _ = view.calibrate(device)
    result = infer(InferenceInput(PRESETS["llama3-8b"], device, cal, batch=1))
    specs = {s.key: s for s in view.roofs(result)[0]}
    datasheet, achievable = specs["datasheet"], specs["achievable"]
    assert "datasheet" in datasheet.ridge_text and "achievable" in achievable.ridge_text
    assert _ridge(datasheet.ridge_text) == round(989.5 / 3.35) == 295
    hand = (989.5e12 * cal["gemm_efficiency"]) / (3.35e12 * cal["memory_bandwidth_fraction"])
    assert _ridge(achievable.ridge_text) == round(hand)
    assert _ridge(achievable.ridge_text) != 295
    # The Roofline tab's ridge for the same device and dtype is the datasheet one.
    roofline, _, _ = build_roofs(device, "bf16", [])
    shown = [s.ridge_text for s in roofline if s.ridge_text]
    assert len(shown) == 1 and _ridge(shown[0]) == _ridge(datasheet.ridge_text)
    # Shorter texts for a narrow slide say the same ridge.
    for spec in (datasheet, achievable):
        assert spec.ridge_short and _ridge(spec.ridge_short[0]) == _ridge(spec.ridge_text)


def test_csv_is_the_curves_with_the_memory_parts(page, tmp_path):
    path = tmp_path / "curves.csv"
    assert page.write_csv(str(path))
    assert "curves.csv" in page.status.text()
    rows = list(csv.DictReader(io.StringIO(path.read_text())))
    assert [int(r["batch"]) for r in rows] == page.batch.batches()
    device = page._state.device
    cal, _ = view.calibrate(device)
    weights = 2 * PRESETS["llama3-8b"].param_count
    for row in rows[::23]:
        batch = int(row["batch"])
        want = infer(InferenceInput(PRESETS["llama3-8b"], device, cal, batch=batch))
        assert float(row["ttft_s"]) == pytest.approx(want.ttft_s, rel=1e-12)
        assert float(row["tpot_s"]) == pytest.approx(want.tpot_s, rel=1e-12)
        assert float(row["tokens_per_s_per_gpu"]) == pytest.approx(
            want.tokens_per_s_per_gpu, rel=1e-12
        )
        assert float(row["memory_kv_cache"]) == batch * (1024 + 256) * KV_TOKEN
        assert float(row["memory_weights"]) == weights
        parts = ("weights", "kv_cache", "activations", "allowance")
        assert float(row["memory_peak"]) == pytest.approx(
            sum(float(row[f"memory_{k}"]) for k in parts), rel=1e-12
        )
        assert row["fits"] == str(batch <= page.result.max_batch)


def test_csv_of_a_bad_input_writes_nothing(page, tmp_path):
    page.inputs.fields["tp"].setText("3")
    page.recompute()
    path = tmp_path / "none.csv"
    assert page.csv_text() == "" and not page.write_csv(str(path)) and not path.exists()


def test_csv_button_sits_beside_json_and_hides_on_a_slide(page):
    from app.theme import theme

    assert page.csv_button.isVisibleTo(page) and page.json_button.isVisibleTo(page)
    page.apply_theme(theme("light", True))
    assert page.csv_button.isHidden() and page.json_button.isHidden()
    page.apply_theme(theme("light", False))
    assert page.csv_button.isVisibleTo(page)


def test_an_uncached_hub_id_offers_the_fetch_and_serves_it(page, fake_hub, qtbot):  # noqa: F811
    row = page.inputs.hub_row
    assert row.isHidden()  # a preset needs no fetch
    page.inputs.model_box.set_model("acme/tiny")
    page.recompute()
    assert not row.isHidden() and "not in the Hugging Face cache" in row.sentence()
    assert page.inputs.model_error.isHidden()  # no paragraph of terminal commands
    assert page.result is None and row.sentence() in page.inputs.problems()
    # No curves: the legend names no largest batch ("no batch fits" was said of no model).
    assert len(page.curves.latency_legend.labels()) == 2
    row.fetch_button.click()
    qtbot.waitUntil(lambda: not page.hub_fetcher.runner.is_running(), timeout=10_000)
    qtbot.waitUntil(lambda: page.result is not None, timeout=5_000)
    assert fake_hub == ["acme/tiny"] and row.isHidden()
    assert page.result.input.spec.d_model == 64  # the fetched config.json's hidden_size
    page.shutdown()
