"""The Plan's data-path row: consumed per node beside delivered, by hand."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from core.plan.data_path import data_path, token_bytes


def _result(tokens_per_s=8e6, gpus=64, per_node=8, vocab=50257):
    cluster = SimpleNamespace(gpus=gpus, gpus_per_node=per_node)
    inp = SimpleNamespace(cluster=cluster, model=SimpleNamespace(vocab=vocab))
    return SimpleNamespace(tokens_per_s=tokens_per_s, inp=inp)


def test_consumed_per_node_is_the_nodes_share():
    row = data_path(_result(), measured=False)
    assert row.consumed == pytest.approx(8e6 * 8 / 64)  # 8 nodes share 8M tokens/s: 1M each
    assert row.delivered is None and not row.limits
    assert "not measured" in str(row.row())
    one_gpu = data_path(_result(tokens_per_s=3e4, gpus=1), measured=False)
    assert one_gpu.consumed == pytest.approx(3e4)  # a single GPU is its own node


def test_typed_rate_names_the_limit():
    slow = data_path(_result(), tokens_per_s=5e5)
    assert slow.limits and "the data path is the limit" in str(slow.row())
    fast = data_path(_result(), tokens_per_s=4e6)
    assert not fast.limits and fast.headroom == pytest.approx(4.0)
    assert "4× headroom" in str(fast.row())


def test_bandwidth_in_token_bytes():
    assert token_bytes(50257) == 2 and token_bytes(65536) == 2 and token_bytes(128256) == 4
    llama3 = data_path(_result(vocab=128256), bandwidth=2e6)  # 2 MB/s of uint32 tokens
    assert llama3.delivered == pytest.approx(5e5) and llama3.limits
    assert llama3.to_dict()["delivered_tokens_per_s_per_node"] == pytest.approx(5e5)


def test_measured_file(tmp_path):
    f = tmp_path / "d.jsonl"
    point = {"suite": "data", "run": "r", "variant": "assemble", "workers": 2, "seq": 1024,
             "batch": 16, "token_dtype": "uint16", "tokens_per_s": 3e6, "device": "cpu"}  # fmt: skip
    f.write_text(json.dumps(point) + "\n")
    row = data_path(_result(), measurements=str(f))
    assert row.delivered == 3e6 and row.source == "measured"
    assert "measured here: assemble, 2 workers" in str(row.row())
