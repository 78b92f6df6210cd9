"""``napkinlab calibration``: the rows with their sources, --set and --reset through the person's
file, and bad input refused with one stderr line and exit 2 (nothing written)."""

from __future__ import annotations

import json

import pytest

from app.cli import main
from core.roofline.achievable import FIELDS, read_overrides, user_calibration_path


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    assert main(["calibration", *args, "--json"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    return json.loads(captured.out)


def test_json_lists_every_field_with_its_source(capsys: pytest.CaptureFixture[str]) -> None:
    out = _json(capsys, "--device", "h100-sxm")
    assert out["device"] == "h100-sxm" and out["file"] == str(user_calibration_path())
    fields = {f["field"]: f for f in out["fields"]}
    assert set(fields) == set(FIELDS)
    gemm = fields["gemm_efficiency"]
    assert gemm["origin"] == "builtin" and gemm["source"] and 0 < gemm["value"] <= 1
    assert gemm["allowed"] == "a number from 0.01 to 1"
    assert out["precedence"][:3] == ["override", "measured", "builtin"]


def test_set_then_reset_round_trips(capsys: pytest.CaptureFixture[str]) -> None:
    out = _json(capsys, "--device", "h100-sxm", "--set", "gemm_efficiency=0.75",
                "--set", "gemm_tile=128x128")  # fmt: skip
    fields = {f["field"]: f for f in out["fields"]}
    assert fields["gemm_efficiency"]["value"] == 0.75
    assert fields["gemm_efficiency"]["origin"] == "override"
    assert fields["gemm_tile"]["value"] == [128, 128]
    assert out["changed"] == ["gemm_efficiency", "gemm_tile"]
    assert any("your overrides" in n for n in out["notes"])
    _json(capsys, "--device", "a100-sxm", "--set", "memory_bandwidth_fraction=0.8")
    found, _ = read_overrides()
    assert set(found) == {"h100-sxm", "a100-sxm"}
    out = _json(capsys, "--device", "h100-sxm", "--reset")
    fields = {f["field"]: f for f in out["fields"]}
    assert fields["gemm_efficiency"]["origin"] != "override"
    found, _ = read_overrides()
    assert set(found) == {"a100-sxm"}  # the other device's override stays


def test_text_marks_the_overridden_rows(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["calibration", "--device", "h100-sxm", "--set", "sm_count=100"]) == 0
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if x[2:].startswith("sm_count "))
    assert line.startswith("*") and "your override" in line and "100" in line
    assert str(user_calibration_path()) in out


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (
            ["--set", "gemm_efficiency=1.5"],
            "gemm_efficiency = 1.5; allowed: a number from 0.01 to 1",
        ),
        (["--set", "gemm_efficiency"], "allowed: FIELD=VALUE"),
        (["--set", "gemm_effciency=0.5"], "unknown field 'gemm_effciency'"),
        (["--set", "attention_kernels=flash3"], "edit it in"),
        (["--set", "sm_count=13.5"], "sm_count = 13.5; allowed: a whole number"),
        (["--set", "kernel_launch_overhead_s=-1"], "allowed: a number from 0 to 0.001"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], needle: str
) -> None:
    assert main(["calibration", "--device", "h100-sxm", *args]) == 2
    err = capsys.readouterr().err
    assert needle in err and err.count("\n") == 1 and "error" in err
    assert not user_calibration_path().exists()


def test_an_unknown_device_and_a_missing_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["calibration", "--device", "nope"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("napkinlab: error: device: unknown") and err.count("\n") == 1
    assert main(["calibration"]) == 2
    assert "--device" in capsys.readouterr().err


def test_a_bad_file_is_warned_about_and_not_overwritten(capsys: pytest.CaptureFixture[str]) -> None:
    path = user_calibration_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{oops")
    assert main(["calibration", "--device", "h100-sxm", "--json"]) == 0
    captured = capsys.readouterr()
    assert "napkinlab: warning:" in captured.err and "ignored" in captured.err
    assert json.loads(captured.out)["problem"]
    assert main(["calibration", "--device", "h100-sxm", "--set", "gemm_efficiency=0.7"]) == 2
    err = capsys.readouterr().err
    assert "it was not changed" in err and err.count("\n") == 1
    assert main(["calibration", "--device", "h100-sxm", "--reset"]) == 2
    assert "it was not changed" in capsys.readouterr().err
    assert path.read_text() == "{oops"


def test_the_plan_cli_uses_the_override(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("torch")
    small = ["plan", "--dims", "layers=4,hidden=1024,heads=16,ffn=4096,vocab=1024",
             "--seq", "1024", "--global-batch", "16", "--gpus", "1", "--json"]  # fmt: skip
    assert main(small) == 0
    before = json.loads(capsys.readouterr().out)
    assert main(["calibration", "--device", "h100-sxm", "--set", "gemm_efficiency=0.95"]) == 0
    capsys.readouterr()
    assert main(small) == 0
    after = json.loads(capsys.readouterr().out)
    assert after["calibration"]["values"]["gemm_efficiency"] == 0.95
    assert after["calibration"]["origins"]["gemm_efficiency"] == "override"
    # A faster GEMM can only shorten the compute (hand derivation in tests/core/roofline).
    assert after["time_breakdown_s"]["compute"] < before["time_breakdown_s"]["compute"]
