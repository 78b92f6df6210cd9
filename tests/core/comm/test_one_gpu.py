"""A collective over one GPU is no traffic: said so, with no infinite bandwidth (issue 19 item 7).

Reference: a ring over one rank sends nothing (nccl-tests' bus factors 2(n-1)/n, (n-1)/n are 0 at
n = 1, broadcast has nobody to send to), so there is no time and no bandwidth to divide by it.
"""

from __future__ import annotations

import json
import math

import pytest

from app.cli import main
from core.comm import COLLECTIVES, STRATEGIES, dp_step_comm, estimate_collective
from core.roofline.hardware import load_catalog


def _finite(obj: object) -> bool:
    if isinstance(obj, float):
        return math.isfinite(obj)
    if isinstance(obj, dict):
        return all(_finite(v) for v in obj.values())
    if isinstance(obj, list | tuple):
        return all(_finite(v) for v in obj)
    return obj not in ("inf", "-inf", "nan")


@pytest.mark.parametrize("op", COLLECTIVES)
@pytest.mark.parametrize("device", ["h100-sxm", "m4-max", "tpu-v5e"])
def test_every_collective_over_one_rank_is_no_traffic(op: str, device: str) -> None:
    est = estimate_collective(op, 1e9, 1, load_catalog().get(device))
    assert not est.traffic and est.time_s == 0 and est.bytes_per_rank == 0
    assert est.algbw is None and est.busbw is None and est.bandwidth is None
    out = est.to_dict()
    assert out["traffic"] is False and "no traffic" in out["note"] and _finite(out)


@pytest.mark.parametrize("op", COLLECTIVES)
def test_the_cli_says_no_traffic_and_prints_no_inf(op: str, capsys) -> None:
    assert main(["comm", "--op", op, "--bytes", "1e9", "--gpus", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["algbw"] is None and out["busbw"] is None and _finite(out)
    assert main(["comm", "--op", op, "--bytes", "1e9", "--gpus", "1"]) == 0
    text = capsys.readouterr().out
    assert "no traffic" in text and "inf" not in text


@pytest.mark.parametrize("strategy", list(STRATEGIES))
def test_a_data_parallel_step_on_one_gpu(strategy: str, capsys) -> None:
    step = dp_step_comm(7e9, load_catalog().get("h100-sxm"), 1, strategy=strategy)
    assert step.time_s == 0 and _finite(step.to_dict())
    assert any("no traffic" in a for a in step.assumptions)
    args = ["comm", "--params", "7e9", "--tokens", "1e12", "--gpus", "1", "--strategy", strategy]
    assert main([*args, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["comm_added_s"] == 0 and _finite(out) and "no traffic" in out["assumption"]


def test_step_gpus_1_has_no_infinite_link() -> None:
    pytest.importorskip("torch")
    from core.memory import MemoryConfig, parse_model
    from core.step.comm import step_comm
    from core.step.trace import trace_config

    trace = trace_config(MemoryConfig(parse_model("mlp:d=8,layers=1"), batch=2))
    comm = step_comm(trace, load_catalog().get("h100-sxm"), 1)
    out = comm.to_dict()
    assert out["traffic"] is False and out["link_bandwidth"] is None and _finite(out)
    assert "no traffic" in out["assumption"]
