"""docs/step.md states the counting conventions the Step numbers rest on (issue 19 item 10)."""

from __future__ import annotations

from pathlib import Path

import pytest

DOC = (Path(__file__).resolve().parents[1] / "docs" / "step.md").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "phrase",
    [
        "**2.5× the\n  forward**",  # executed attention backward (torch's SDPA formula)
        "**2×** the forward",  # model FLOPs (PaLM)
        "**Causal attention is not halved**",
        "**The LM head is counted in N**",
        "**roofline upper bound**",
        "**MFU** = model FLOPs",
        "**HFU** = hardware FLOPs",
    ],
)
def test_step_doc_states_each_convention(phrase: str) -> None:
    assert phrase in DOC


def test_json_carries_the_conventions(capsys) -> None:
    pytest.importorskip("torch")
    import json

    from app.cli import main

    assert main(["step", "--model", "mlp:d=8,layers=1", "--top", "0", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert "not halved" in out["conventions"] and out["prediction"] == "calibrated"
    assert "achieves" in out["assumption"]
    argv = ["step", "--model", "mlp:d=8,layers=1", "--top", "0", "--json", "--upper-bound"]
    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["prediction"] == "roofline" and "upper bound" in out["assumption"]
