"""``napkinlab plan`` beside the data path: ``data_path`` in the JSON, typed rates and bandwidths."""

from __future__ import annotations

import json

import pytest

from app.cli import main

pytest.importorskip("torch")

SMALL = ["--dims", "layers=4,hidden=256,heads=8,kv_heads=4,ffn=768,vocab=1024", "--seq", "256",
         "--global-batch", "64", "--gpus", "16", "--gpus-per-node", "8", "--tp", "1", "--pp", "1",
         "--zero", "1", "--micro-batch", "4", "--changes", "0", "--device", "h100-sxm"]  # fmt: skip


def _plan(capsys, *extra):
    assert main(["plan", *SMALL, *extra, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_consumed_per_node_and_the_limit(capsys, tmp_path):
    none = tmp_path / "none.jsonl"
    none.write_text("")
    out = _plan(capsys, "--data-measurements", str(none))
    row = out["data_path"]
    # two nodes of 8 GPUs share the cluster's tokens: half each
    assert row["consumed_tokens_per_s_per_node"] == pytest.approx(out["tokens_per_s"] / 2)
    assert row["delivered_tokens_per_s_per_node"] is None and row["limits"] is False
    out = _plan(capsys, "--data-bandwidth", "1kB/s")  # vocab 1024: uint16, 2 bytes a token
    assert out["data_path"]["delivered_tokens_per_s_per_node"] == pytest.approx(500)
    assert out["data_path"]["limits"] is True
    assert "the data path is the limit" in out["data_path"]["row"]


def test_bad_rate_exit_2(capsys):
    assert main(["plan", *SMALL, "--data-tokens-per-s", "fast"]) == 2
    assert "--data-tokens-per-s" in capsys.readouterr().err
