"""``napkinlab plan --tokens``: the ``days_breakdown`` rows (training, checkpoints, failures) and
``days_total``, each row against the checkpoint and failure model by hand, and the new flags."""

from __future__ import annotations

import json
import math

import pytest

from app.cli import main

pytest.importorskip("torch")

SMALL = ["--dims", "layers=8,hidden=256,heads=8,kv_heads=4,ffn=768,vocab=1024", "--seq", "256",
         "--global-batch", "64", "--gpus", "64", "--tp", "2", "--zero", "1", "--changes", "0"]  # fmt: skip


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    assert main(["plan", *SMALL, *args, "--json"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    return json.loads(captured.out)


def test_rows_add_up_and_follow_the_model(capsys: pytest.CaptureFixture[str]) -> None:
    out = _json(capsys, "--tokens", "1T", "--checkpoint-bw", "1GB/s", "--failure-rate", "0.01",
                "--restart-s", "300")  # fmt: skip
    rows, train = out["days_breakdown"], out["training"]
    # the training days keep their meaning; the total adds the two new rows
    assert rows["train"]["seconds"] == pytest.approx(train["seconds"])
    assert out["days_total"] == pytest.approx(
        sum(rows[k]["days"] for k in ("train", "checkpoints", "failures"))
    )
    ckpt, fail = rows["checkpoints"], rows["failures"]
    # by hand: the state is 2 + 8 bytes per parameter (bf16 weights, fp32 AdamW moments)
    m = out["model"]  # untied, gated, no biases, rotary: the parameters by hand
    d, layers, f, v, kv = m["d_model"], m["layers"], m["ffn"], m["vocab"], m["d_model"] // 2
    params = 2 * v * d + d + layers * (2 * d + 2 * d * d + 2 * d * kv + 3 * d * f)
    # plus DCP's own bytes: about 1.9 KB per piece of a tensor a rank writes (300 tensors here,
    # the optimizer's 225 in 64 pieces under ZeRO-1 with TP 2)
    assert 10 * params < ckpt["bytes"] < 10 * params + 2000 * (75 * 2 + 225 * 64)
    save = ckpt["bytes"] / 1e9
    mtbf = 86400 / (0.01 * 64)
    tau = math.sqrt(2 * save * mtbf)
    assert ckpt["save_s"] == pytest.approx(save)
    assert fail["mtbf_s"] == pytest.approx(mtbf)
    assert ckpt["interval_s"] == pytest.approx(tau)
    assert ckpt["seconds"] == pytest.approx(train["seconds"] / tau * save)
    wall = (train["seconds"] + ckpt["seconds"]) / (1 - (tau / 2 + 300) / mtbf)
    assert rows["total"]["seconds"] == pytest.approx(wall)
    # every rank writes a 64th of the state (the metadata file is the coordinator's alone)
    assert 0.9 * ckpt["bytes"] / 64 < ckpt["bytes_per_rank"] <= ckpt["bytes"] / 64
    assert "given" in ckpt["source"] and "given" in fail["source"]


def test_defaults_name_their_sources(capsys: pytest.CaptureFixture[str]) -> None:
    out = _json(capsys, "--tokens", "1T")
    rows = out["days_breakdown"]
    assert "Llama 3" in rows["failures"]["source"] and "419" in rows["failures"]["source"]
    assert "Young" in rows["checkpoints"]["source"]
    assert rows["failures"]["rate_per_gpu_day"] == pytest.approx(419 / 54 / 16384)
    assert rows["checkpoints"]["storage_bw"] == pytest.approx(2e12 / 16384 * 64)
    assert out["days_total"] > out["training"]["days"]


def test_no_failures_and_no_tokens(capsys: pytest.CaptureFixture[str]) -> None:
    out = _json(capsys, "--tokens", "1T", "--no-failures")
    assert out["days_total"] == pytest.approx(out["training"]["days"])
    assert out["days_breakdown"]["failures"]["seconds"] == 0
    out = _json(capsys)
    assert "days_breakdown" not in out and "days_total" not in out


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--failure-rate", "-1"], "failure-rate"),
        (["--checkpoint-bw", "fast"], "storage-bw"),
        (["--no-failures", "--failure-rate", "0.1"], "one of them"),
        (["--failure-rate", "1", "--restart-s", "2000"], "never finish"),
    ],
)
def test_bad_flags_exit_2(capsys: pytest.CaptureFixture[str], args: list[str], needle: str) -> None:
    assert main(["plan", *SMALL, "--tokens", "1T", *args]) == 2
    err = capsys.readouterr().err
    assert needle in err and err.count("\n") == 1
