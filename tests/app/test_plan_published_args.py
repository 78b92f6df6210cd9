"""``plan --published`` reads its device, --json and --csv; every other option is refused with one
line naming it (each published run brings its own model, cluster and layout), never ignored."""

from __future__ import annotations

import json

import pytest

from app.cli import main


@pytest.mark.parametrize(
    ("extra", "named"),
    [
        (["--seq", "-5"], "--seq"),  # invalid, and silently ignored before
        (["--tp", "3", "--fp8"], "--fp8, --tp"),
        (["--model", "gpt2"], "--model"),
        (["--search"], "--search"),
        (["--changes", "0"], "--changes"),
    ],
)
def test_an_option_that_cannot_apply_is_refused_by_name(capsys, extra, named) -> None:
    assert main(["plan", "--published", *extra]) == 2
    err = capsys.readouterr().err.strip()
    assert f"--published: {named} cannot apply" in err
    assert "allowed with it: --device DEVICE" in err and "\n" not in err


def test_device_filters_the_runs_as_the_published_argument_does(capsys) -> None:
    assert main(["plan", "--published", "--device", "a100-sxm-40gb", "--json"]) == 0
    by_device = json.loads(capsys.readouterr().out)
    assert main(["plan", "--published", "a100-sxm-40gb", "--json"]) == 0
    by_argument = json.loads(capsys.readouterr().out)
    assert by_device["device"] == "a100-sxm-40gb"
    assert {r["device"] for r in by_device["runs"]} == {"a100-sxm-40gb"}
    assert by_device["runs"] == by_argument["runs"]


def test_two_different_devices_are_refused(capsys) -> None:
    assert main(["plan", "--published", "a100-sxm", "--device", "h100-sxm"]) == 2
    assert "name two devices" in capsys.readouterr().err


def test_a_device_without_runs_is_refused_through_either_spelling(capsys) -> None:
    assert main(["plan", "--published", "--device", "rtx-4090"]) == 2
    assert "no published run used 'rtx-4090'" in capsys.readouterr().err
