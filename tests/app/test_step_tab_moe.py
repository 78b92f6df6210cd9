"""The Step tab's kind table of a mixture of experts: rows for the router, the permutations, the
grouped expert GEMMs and the dense matmuls under the kinds, with the shares core.step.moe gives."""

from __future__ import annotations

import pytest

from app.tabs.step_tab import _moe_rows
from core.memory import MemoryConfig, parse_model
from core.roofline.hardware import load_catalog
from core.step.moe import moe_totals
from core.step.predict import predict

pytest.importorskip("torch")

from core.step.trace import trace_config


def test_moe_rows_follow_the_parts() -> None:
    spec = parse_model("transformer:layers=1,d=128,heads=4,vocab=300,experts=4,top_k=2,moe_ffn=64")
    trace = trace_config(MemoryConfig(spec, batch=1, seq=32))
    pred = predict(trace, load_catalog().get("h100-sxm"))
    rows = _moe_rows(trace, pred, measured=True)
    parts = moe_totals(trace.ops, pred.seconds)
    assert parts is not None and len(rows) == len(parts) == 4
    for row, values in zip(rows, parts.values(), strict=True):
        assert row[0].startswith("MoE: ")
        assert row[1] == f"{int(values['ops']):,}"
        assert row[5] == f"{pred.share(values['predicted_s']):.1%}"
        assert row[-1] == ""  # no measured time of its own
    assert "expert" in rows[2][0] and "router" in rows[0][0]
    dense = trace_config(MemoryConfig(parse_model("transformer:layers=1,d=64,heads=2,vocab=100"),
                                      batch=1, seq=16))  # fmt: skip
    assert _moe_rows(dense, predict(dense, load_catalog().get("h100-sxm")), False) == []
