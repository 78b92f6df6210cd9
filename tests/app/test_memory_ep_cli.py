"""``napkinlab memory --ep/--etp/--capacity-factor``: the experts' share per GPU by hand, the new
JSON keys beside the old ones, and refusals that say what is allowed."""

from __future__ import annotations

import json

import pytest

from app.cli import main
from core.memory import preset

SMALL = "transformer:d=256,layers=2,heads=4,vocab=1000,experts=8,top_k=2,moe_ffn=128"


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    assert main(["memory", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_ep_divides_the_expert_state(capsys: pytest.CaptureFixture[str]) -> None:
    one = _json(capsys, "--model", SMALL, "--batch", "2", "--seq", "128", "--gpus", "4")
    four = _json(capsys, "--model", SMALL, "--batch", "2", "--seq", "128", "--gpus", "4",
                 "--ep", "4")  # fmt: skip
    routed = 2 * 8 * 3 * 256 * 128  # 2 MoE layers × 8 experts × gate, up, down (no biases)
    # bf16 weights: the GPU keeps 2 of the 8 experts of each layer
    assert one["params"] - four["params"] == pytest.approx(2 * routed * (1 - 1 / 4))
    assert four["expert_state_parts"]["params"] == pytest.approx(2 * routed / 4)
    assert four["expert_state"] == pytest.approx((2 + 2 + 8) * routed / 4)
    assert one["dispatch_buffers"] == 0  # no all-to-all on one GPU's experts
    tokens_k = 2 * 128 * 2
    assert four["dispatch_buffers"] == pytest.approx(2 * tokens_k * 256 * 2)
    assert four["peak"] == pytest.approx(sum(four["at_peak"].values()))
    assert four["routing"]["experts_per_gpu"] == 2 and four["routing"]["edp"] == 1
    # every old key keeps its meaning: params/grads/optimizer still hold the whole state
    assert four["total"] == pytest.approx(
        four["params"] + four["grads"] + four["optimizer"] + four["activations"]
    )
    assert four["param_count"] == one["param_count"]


def test_capacity_factor_counts_dropped_rows(capsys: pytest.CaptureFixture[str]) -> None:
    out = _json(capsys, "--model", SMALL, "--batch", "1", "--seq", "100", "--gpus", "2",
                "--ep", "2", "--capacity-factor", "0.5")  # fmt: skip
    # 100 tokens × top-2 = 200 rows, 25 per expert; capacity ⌈0.5 × 25⌉ = 13, 8 × 13 = 104 kept
    assert out["routing"]["capacity"] == 13
    assert out["routing"]["dropped_rows"] == pytest.approx(200 - 104)


@pytest.mark.parametrize(
    ("args", "words"),
    [(["--model", "llama2-7b", "--ep", "2", "--gpus", "2"], ["ep", "dense", "allowed"]),
     (["--model", SMALL, "--ep", "3", "--gpus", "3"], ["ep: 3", "1, 2, 4, 8"]),
     (["--model", SMALL, "--ep", "4"], ["ep × etp = 4", "multiple"]),
     (["--model", SMALL, "--capacity-factor", "0"], ["capacity-factor"]),
     (["--model", SMALL, "--etp", "x"], ["etp"])],
)  # fmt: skip
def test_refusals(capsys: pytest.CaptureFixture[str], args: list[str], words: list[str]) -> None:
    assert main(["memory", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    for word in words:
        assert word in err


def test_text_output_names_experts_and_buffers(capsys: pytest.CaptureFixture[str]) -> None:
    spec = preset("mixtral-8x7b")
    assert main(["memory", "--model", spec.name, "--batch", "1", "--seq", "1024", "--gpus", "8",
                 "--ep", "8", "--zero", "1"]) == 0  # fmt: skip
    out = capsys.readouterr().out
    assert "experts" in out and "dispatch" in out and "EP 8" in out
