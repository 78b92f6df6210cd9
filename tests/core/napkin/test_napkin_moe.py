"""6·N_active·D for a mixture of experts, and the total count beside it."""

from __future__ import annotations

import json

import pytest

from core import napkin
from core.errors import InputError
from core.memory.models import PRESETS


def test_moe_time_uses_active_parameters() -> None:
    answer = napkin.train_time(37e9, 14.8e12, 2048, 989.5e12, 0.4, params_total=671e9)
    assert answer.flops == 6 * 37e9 * 14.8e12
    assert answer.seconds == pytest.approx(6 * 37e9 * 14.8e12 / (989.5e12 * 0.4 * 2048))
    text = str(answer.formula())
    # the lecture's formula with the substitution, the total beside the active count
    assert "FLOPs = 6·N_active·D = 6 × 3.7e10 × 1.48e13 = 3.286e24" in text
    assert "37 B active of 671 B params" in str(answer.summary())
    data = answer.to_dict()
    assert (data["params_total"], data["params_active"], data["params"]) == (671e9, 37e9, 37e9)


def test_dense_time_keeps_the_lecture_formula() -> None:
    answer = napkin.train_time(70e9, 15e12, 1024, 989.5e12, 0.5)
    assert not answer.is_moe
    assert "N_active" not in str(answer.formula())
    assert answer.to_dict()["params_total"] == answer.to_dict()["params_active"] == 70e9


def test_deepseek_preset_time_is_six_active_d() -> None:
    spec = PRESETS["deepseek-v3"]
    n, total = napkin.split_params(spec.params_total, spec.params_active)
    assert (n, total) == (spec.params_active, spec.params_total)
    answer = napkin.train_time(n, 14.8e12, 2048, 989.5e12, 0.4, params_total=total)
    # 6·N·D with the total would be 671/37.55 ≈ 17.9 times as many FLOPs
    assert answer.flops * spec.params_total / spec.params_active == pytest.approx(
        6 * spec.params_total * 14.8e12
    )


@pytest.mark.parametrize(("active", "expected"), [("", (70e9, None)), ("70e9", (70e9, None)),
                                                  ("13B", (13e9, 70e9))])  # fmt: skip
def test_split_params(active: str, expected: tuple) -> None:
    assert napkin.split_params("70e9", active) == expected


def test_active_above_total_is_refused() -> None:
    with pytest.raises(InputError, match=r"active params.*at most N"):
        napkin.split_params("7e9", "8e9")
    with pytest.raises(InputError, match="active params"):
        napkin.train_time(8e9, 1e12, 8, 1e15, 0.5, params_total=7e9)


def test_largest_model_counts_total_parameters() -> None:
    answer = napkin.max_params(8, 80e9, 12)
    assert answer.to_dict()["params_total"] == answer.params == 8 * 80e9 / 12
    assert "total parameters" in str(napkin.TOTAL_NOTE)


def test_cli_train_time_model(capsys: pytest.CaptureFixture[str]) -> None:
    from app.cli import main

    code = main(["napkin", "train-time", "--model", "mixtral-8x7b", "--tokens", "1T", "--json"])
    data = json.loads(capsys.readouterr().out)
    spec = PRESETS["mixtral-8x7b"]
    assert code == 0
    assert data["params_total"] == spec.params_total and data["params_active"] == spec.params_active
    assert data["flops"] == pytest.approx(6 * spec.params_active * 1e12)


def test_cli_refuses_both_counts(capsys: pytest.CaptureFixture[str]) -> None:
    from app.cli import main

    code = main(["napkin", "gpus-needed", "--model", "deepseek-v3", "--params", "1B",
                 "--tokens", "1T", "--days", "9"])  # fmt: skip
    assert code == 2 and "not both" in capsys.readouterr().err
