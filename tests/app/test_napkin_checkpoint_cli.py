"""``napkinlab napkin checkpoint``: ``bytes``, ``bytes_per_rank`` and ``save_s`` by hand, and bad
input refused with one line and exit 2."""

from __future__ import annotations

import json

import pytest

from app.cli import main
from core.memory.models import preset


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    assert main(["napkin", "checkpoint", *args, "--json"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    return json.loads(captured.out)


def test_lecture_dictionary_of_gpt2_with_adamw(capsys: pytest.CaptureFixture[str]) -> None:
    out = _json(capsys, "--model", "gpt2", "--recipe", "fp32", "--writer", "torch.save",
                "--storage-bw", "1GB/s")  # fmt: skip
    n = preset("gpt2").param_count
    assert out["bytes"] == pytest.approx(12 * n, rel=0.005)  # 4 + 4 + 4 bytes per parameter
    assert out["save_s"] == pytest.approx(out["bytes"] / 1e9)
    assert out["bytes_per_rank"] == out["bytes"]
    assert "12 B" in out["formula"]


def test_per_rank_under_fsdp_and_the_default_storage(capsys: pytest.CaptureFixture[str]) -> None:
    out = _json(capsys, "--model", "llama2-70b", "--recipe", "amp", "--gpus", "1024", "--tp", "8",
                "--pp", "4", "--zero", "1")  # fmt: skip
    n = preset("llama2-70b").param_count
    assert out["bytes"] == pytest.approx(14 * n, rel=0.005)  # 2 + 4 + 8: the master copy counts
    assert out["bytes_per_rank"] == pytest.approx(14 * n / 1024, rel=0.005)
    assert out["held_per_rank"]["weights"] == pytest.approx(2 * n / 32)  # TP·PP = 32 shards
    assert out["held_per_rank"]["optimizer"] == pytest.approx(8 * n / 1024)  # ZeRO-1 over DP 32
    assert out["storage_bw"] == pytest.approx(2e12 / 16384 * 1024)
    assert out["save_s"] == pytest.approx(out["bytes"] / out["storage_bw"])


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--gpus", "12", "--tp", "8"], "multiple of TP × PP"),
        (["--zero", "5"], "zero"),
        (["--storage-bw", "0"], "storage-bw"),
        (["--optimizer", "lion"], "optimizer"),
        (["--writer", "pickle"], "writer"),
    ],
)
def test_bad_input(capsys: pytest.CaptureFixture[str], args: list[str], needle: str) -> None:
    assert main(["napkin", "checkpoint", *args]) == 2
    err = capsys.readouterr().err
    assert needle in err and err.count("\n") == 1
