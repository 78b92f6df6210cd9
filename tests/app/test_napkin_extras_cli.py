"""``napkin compute-optimal`` and ``napkin cost`` on the command line."""

from __future__ import annotations

import json

import pytest

from app.cli import main


def _json(argv, capsys):
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


def test_compute_optimal_json(capsys):
    out = _json(["napkin", "compute-optimal", "--params", "70B", "--json"], capsys)
    assert out["tokens"] == pytest.approx(1.4e12) and out["params"] == 70e9
    assert "Chinchilla" in out["rule"] and "2203.15556" in out["source"]
    out = _json(["napkin", "compute-optimal", "--flops", "5.88e23", "--json"], capsys)
    assert out["params"] == pytest.approx(70e9)  # √(5.88e23 / 120), by hand


def test_cost_json_takes_the_device_tdp(capsys):
    out = _json(["napkin", "cost", "--gpu-hours", "1000", "--device", "a100-sxm", "--json"], capsys)
    assert out["power_w"] == 400  # the A100 SXM's TDP (datasheet)
    assert out["energy_mwh"] == pytest.approx(1000 * 400 * 1.59 * 1.10 / 1e6)
    assert "BLOOM" in out["sources"]["overhead"]
    out = _json(["napkin", "cost", "--gpu-hours", "10", "--power", "500", "--pue", "1.5",
                 "--json"], capsys)  # fmt: skip
    assert out["sources"]["power"] == "--power" and out["sources"]["pue"] == "--pue"
    assert out["energy_mwh"] == pytest.approx(10 * 500 * 1.59 * 1.5 / 1e6)


@pytest.mark.parametrize(
    "argv",
    [
        ["napkin", "compute-optimal"],
        ["napkin", "cost", "--gpu-hours", "0"],
        ["napkin", "compute-optimal", "--params", "70B", "--tokens-per-param", "abc"],
    ],
)
def test_bad_input_exit_2(argv, capsys):
    assert main(argv) == 2
    assert capsys.readouterr().err.strip()
