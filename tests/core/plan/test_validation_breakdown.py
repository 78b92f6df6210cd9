"""The published runs' errors broken down by hardware generation, framework and precision
(``core.plan.validation``): the summaries against a hand computation, the generation of the
catalog's devices against their vendors' architecture names, and the CLI's keys."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from core.plan.published import SOURCE_FRAMEWORK, load_runs, run_framework
from core.plan.validation import (
    BREAKDOWNS,
    RunCheck,
    breakdowns,
    by_framework,
    by_generation,
    by_precision,
    by_source,
    check_runs,
    generation,
)


def _check(
    run_id: str, published: float, predicted: float, gen: str, framework: str, precision: str
) -> RunCheck:
    return RunCheck(
        run_id, "S", "", "dev", 8, published, predicted, 0.5, "TP 1", "", True, "",
        generation=gen, framework=framework, precision=precision,
    )  # fmt: skip


#: Four runs: errors +20 %, -10 %, +5 %, +30 % (predicted / published - 1).
CHECKS = [
    _check("a", 100.0, 120.0, "Hopper", "nemo", "fp8"),
    _check("b", 200.0, 180.0, "Hopper", "megatron", "bf16"),
    _check("c", 400.0, 420.0, "Blackwell", "nemo", "fp8"),
    _check("d", 100.0, 130.0, "Ampere", "torchtitan", "bf16"),
]


def test_breakdowns_against_a_hand_computation() -> None:
    gen = by_generation(CHECKS)
    assert list(gen) == ["Hopper", "Blackwell", "Ampere"]  # in the order they first appear
    # Hopper: a (+0.20) and b (-0.10): MAPE (0.20 + 0.10) / 2, signed (0.20 - 0.10) / 2.
    assert gen["Hopper"].runs == 2
    assert gen["Hopper"].mape == pytest.approx(0.15)
    assert gen["Hopper"].signed == pytest.approx(0.05)
    assert gen["Hopper"].worst == pytest.approx(0.20)
    assert gen["Blackwell"].mape == pytest.approx(0.05) and gen["Ampere"].signed == pytest.approx(
        0.30
    )
    fw = by_framework(CHECKS)
    assert list(fw) == ["nemo", "megatron", "torchtitan"]
    # nemo: a (+0.20) and c (+0.05).
    assert fw["nemo"].runs == 2 and fw["nemo"].mape == pytest.approx(0.125)
    assert fw["nemo"].median == pytest.approx(0.125) and fw["nemo"].within_20 == 2
    assert fw["megatron"].signed == pytest.approx(-0.10)
    prec = by_precision(CHECKS)
    assert list(prec) == ["fp8", "bf16"]
    # bf16: b (-0.10) and d (+0.30): MAPE 0.20, signed 0.10, one within ±20 % (|-0.10|).
    assert prec["bf16"].mape == pytest.approx(0.20) and prec["bf16"].signed == pytest.approx(0.10)
    assert prec["bf16"].within_20 == 1 and prec["bf16"].worst == pytest.approx(0.30)
    # Every grouping covers every run once.
    for groups in breakdowns(CHECKS).values():
        assert sum(s.runs for s in groups.values()) == len(CHECKS)
    assert [key for key, _h, _g in BREAKDOWNS] == [
        "by_source", "by_generation", "by_framework", "by_precision",
    ]  # fmt: skip


def test_a_check_without_a_label_is_grouped_as_unknown() -> None:
    bare = RunCheck("x", "S", "", "dev", 8, 100.0, 90.0, 0.5, "TP 1", "", True, "")
    assert list(by_framework([bare])) == ["unknown"]
    assert bare.to_dict()["generation"] == "" and bare.to_dict()["precision"] == ""


@pytest.mark.parametrize(
    ("device", "name", "want"),
    [
        # NVIDIA's architecture names for its data-centre parts (the product pages).
        ("a100-sxm", "NVIDIA A100 SXM4 80GB", "Ampere"),
        ("h100-sxm", "NVIDIA H100 SXM5 80GB", "Hopper"),
        ("h200", "NVIDIA H200 SXM 141GB", "Hopper"),
        ("b200", "NVIDIA B200 (HGX, 1000W)", "Blackwell"),
        ("gb200", "NVIDIA GB200 (per Blackwell GPU, NVL72)", "Blackwell"),
        ("l40s", "NVIDIA L40S", "Ada"),
        ("v100", "NVIDIA V100 SXM2 32GB", "Volta"),
        ("mi300x", "AMD Instinct MI300X", "CDNA 3"),
        ("mi355x", "AMD Instinct MI355X", "CDNA 4"),
        ("tpu-v5p", "Google TPU v5p", "TPU v5"),
        ("my-box", "Someone's accelerator", "other"),
    ],
)
def test_generation_of_a_device(device: str, name: str, want: str) -> None:
    assert generation(device, name) == want


def test_every_published_run_has_a_framework() -> None:
    # A new source must say which codebase it ran (SOURCE_FRAMEWORK) to be broken down.
    for run in load_runs():
        assert run_framework(run) in set(SOURCE_FRAMEWORK.values()), run["id"]


def test_real_checks_carry_the_runs_labels() -> None:
    pytest.importorskip("torch")
    text = resources.files("resources").joinpath("published_runs.json").read_text("utf-8")
    raw = {r["id"]: r for r in json.loads(text)["runs"]}
    checks = check_runs("a100-sxm-40gb")
    for c in checks:
        assert c.generation == "Ampere" and c.framework == "llm-foundry"
        assert c.precision == raw[c.run_id]["precision"]
    groups = breakdowns(checks)
    assert groups["by_source"] == by_source(checks)
    (only,) = groups["by_generation"].values()  # one device: one generation, all its runs
    assert only.runs == len(checks)
    assert only.mape == pytest.approx(sum(abs(c.error) for c in checks) / len(checks))


def test_cli_prints_every_breakdown(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("torch")
    from app.cli import main

    assert main(["plan", "--published", "a100-sxm-40gb", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    for key in ("by_source", "by_generation", "by_framework", "by_precision", "summary", "runs"):
        assert key in out
    assert list(out["by_generation"]) == ["Ampere"]
    assert out["by_framework"]["llm-foundry"]["runs"] == 3
    assert {r["framework"] for r in out["runs"]} == {"llm-foundry"}
    assert main(["plan", "--published", "a100-sxm-40gb"]) == 0
    text = capsys.readouterr().out
    assert "per hardware generation:" in text and "per framework:" in text
    assert "per precision:" in text and "llm-foundry" in text
