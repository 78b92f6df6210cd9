"""The Megatron-Bridge Llama rows are planned with the settings their presets were read to have:
each run's code description (``core.plan.published.RUN_CODE``) against the reading of the preset
at the release that published its table
(``benchmarks/data/recipes/megatron_bridge_llama_pretrain_26.02_26.06.json``), for every row of
that reading the resource holds: CPU-offloaded layers, weights kept quantized, TP overlap."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from core.plan.published import load_runs, run_input

ROOT = Path(__file__).resolve().parents[3]
READING = (
    ROOT / "benchmarks" / "data" / "recipes" / "megatron_bridge_llama_pretrain_26.02_26.06.json"
)
DEVICE = {"DGX-GB300": "gb300", "DGX-GB200": "gb200", "DGX-H100": "h100"}
MODEL = {"LLAMA3_70B": "llama3-70b", "LLAMA3.1_405B": "llama3.1-405b"}
PRECISION = {"FP8": "fp8", "MXFP8": "mxfp8", "NVFP4": "nvfp4"}


def _run_id(row: dict[str, Any]) -> str:
    return (f"megatron-bridge-{row['section']}-{DEVICE[row['system']]}-{MODEL[row['model']]}-"
            f"{row['gpus']}gpu-{PRECISION[row['precision']]}")  # fmt: skip


def _pairs() -> list[tuple[dict[str, Any], dict[str, Any]]]:
    runs = {r["id"]: r for r in load_runs()}
    rows = json.loads(READING.read_text("utf-8"))["rows"]
    return [(row, runs[_run_id(row)]) for row in rows if _run_id(row) in runs]


PAIRS = _pairs()


def test_the_reading_covers_the_registered_rows() -> None:
    # 57 registered rows, and the 4 of 26.02 the first registration already held (FP8 on GB200
    # and H100): every row of the reading is in the resource
    assert len(PAIRS) == 61


@pytest.mark.parametrize(("row", "run"), PAIRS, ids=[run["id"] for _row, run in PAIRS])
def test_each_row_is_planned_with_its_presets_settings(row: dict, run: dict) -> None:
    settings = row["settings"]
    impl = run_input(run)[0].implementation
    assert impl.offload_layers == (settings["cpu_offloading_num_layers"] or 0)
    # weights kept in FP8/MXFP8 only (fp8_param_gather); NVFP4 presets keep them in BF16
    assert impl.quantized_params is bool(settings["fp8_param_gather"])
    if int(settings["tp"]) > 1:  # TP overlap (userbuffers) where the preset turns it on
        assert impl.tp_overlap is bool(settings["tp_comm_overlap_effective"])
    # BF16 layers at the ends only where the preset sets first_last_layers_bf16 (Megatron-Core's
    # default: off); unset in every one of these presets
    assert not settings.get("first_last_layers_bf16")
    assert impl.recipe.bf16_layers == 0
