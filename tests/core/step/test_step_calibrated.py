"""The Step prediction at the device's calibrated efficiency, the roofline kept as the upper bound."""

from __future__ import annotations

import pytest

from core.errors import InputError
from core.memory.estimate import MemoryConfig
from core.memory.models import parse_model
from core.memory.recipes import recipe
from core.roofline.achievable import calibration, gemm_dims
from core.roofline.hardware import load_catalog

pytest.importorskip("torch")


@pytest.fixture(scope="module")
def traced():
    from core.step.trace import trace_config

    spec = parse_model("transformer:d=64,layers=1,heads=4,vocab=128,seq=16")
    return trace_config(MemoryConfig(spec, batch=2, seq=16, recipe=recipe("bf16")))


def test_each_op_at_the_calibrated_model_and_never_faster_than_the_roofline(traced) -> None:
    from core.step.predict import predict

    h100 = load_catalog().get("h100-sxm")
    cal = calibration(h100)
    pred = predict(traced, h100)
    roof = predict(traced, h100, model="roofline")
    assert pred.model == "calibrated" and roof.model == "roofline"
    assert "calibrated" in pred.assumption and "max(FLOPs/peak" in roof.assumption
    for i, op in enumerate(traced.ops):
        assert pred.seconds[i] >= roof.seconds[i]
        if op.kind == "matmul":
            dims = gemm_dims(op.name, op.shapes)
            want = cal.op_seconds(h100, "matmul", op.flops, op.bytes, h100.peak(op.dtype), dims=dims,
                                  dtype=op.dtype)  # fmt: skip
            assert pred.seconds[i] == pytest.approx(want)
        elif op.flops == 0 and op.bytes == 0:
            assert pred.seconds[i] == 0.0  # a view launches no kernel
    assert pred.mfu < roof.mfu
    with pytest.raises(InputError, match="model"):
        predict(traced, h100, model="guess")
