"""``napkinlab comm``: JSON keys, hand-derived numbers, one-line errors with exit 2."""

from __future__ import annotations

import json

import pytest

from app.cli import main


def run_json(capsys, *args: str) -> dict:
    assert main(["comm", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_all_reduce_on_one_h100_node(capsys):
    out = run_json(capsys, "--op", "all-reduce", "--bytes", "1e9", "--gpus", "8")
    # 2*7/8 * 1e9 B per rank over NVLink 4 (900 GB/s bidirectional = 450e9 each way)
    assert out["time_s"] == pytest.approx(1.75e9 / 450e9)
    assert out["algbw"] == pytest.approx(1e9 / out["time_s"])
    assert out["busbw"] == pytest.approx(out["algbw"] * 1.75)
    assert out["device"] == "h100-sxm" and out["assumptions"]


def test_reduce_scatter_across_nodes_uses_the_network(capsys):
    out = run_json(
        capsys, "--op", "reduce_scatter", "--bytes", "4G", "--gpus", "16", "--nodes", "2"
    )
    assert out["time_s"] == pytest.approx(4e9 * 15 / 16 / 50e9)


def test_data_parallel_step(capsys):
    out = run_json(capsys, "--params", "7e9", "--gpus", "1024", "--nodes", "128")
    assert out["strategy"] == "ddp" and out["collectives"][0]["op"] == "all-reduce"
    assert out["time_s"] == pytest.approx(2 * 1023 / 1024 * 14e9 / 50e9)
    out = run_json(capsys, "--params", "7e9", "--gpus", "8", "--compute-s", "0.01", "--overlap")
    assert out["exposed_s"] == pytest.approx(max(0.0, out["time_s"] - 0.01))


def test_text_output(capsys):
    assert main(["comm", "--op", "broadcast", "--bytes", "1e6", "--gpus", "4"]) == 0
    assert "busbw" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--bytes", "1e6", "--gpus", "0"], "--gpus"),
        (["--bytes", "1e6", "--gpus", "8", "--nodes", "3"], "split evenly"),
        (["--bytes", "1e6", "--op", "gather"], "allowed: all-reduce"),
        (["--gpus", "8"], "--bytes"),
        (["--bytes", "1e6", "--gpus", "16", "--nodes", "2", "--device", "l4"], "inter-node"),
        (["--bytes", "1e6", "--device", "m3-max"], "intra-node"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, args, needle):
    assert main(["comm", *args]) == 2
    err = capsys.readouterr().err
    assert needle in err and err.count("\n") == 1


def test_training_time_with_communication(capsys):
    out = run_json(
        capsys, "--params", "70e9", "--tokens", "15e12", "--gpus", "1024", "--nodes", "128"
    )
    compute = 6 * 70e9 * 15e12 / (1024 * 989.5e12 * 0.5)
    assert out["compute_s"] == pytest.approx(compute)
    assert out["total_s"] == pytest.approx(compute + 3.75e6 * 2 * 1023 / 1024 * 140e9 / 50e9)
    assert "not overlapped" in out["assumption"]


def test_fsdp_trace_beside_the_formula_and_timed(capsys):
    out = run_json(capsys, "--fsdp-model", "mlp:d=256,layers=2", "--gpus", "2", "--batch", "4")
    assert out["world_size"] == 2 and out["zero"] == 3
    assert {r["category"]: round(r["gap"], 3) for r in out["versus_formula"]} == {
        "params": 0.0,
        "grads": 0.0,
        "optimizer": 0.0,
    }
    gather = next(c for c in out["comm"] if c["op"] == "all-gather")
    # 4 all-gathers of one 256x256 bf16 layer each, half crossing NVLink (450e9 B/s each way)
    assert gather["calls"] == 4 and gather["time_s"] == pytest.approx(4 * 131072 * 0.5 / 450e9)


def test_fsdp_trace_refuses_too_many_ranks(capsys):
    assert main(["comm", "--fsdp-model", "gpt2", "--gpus", "2048"]) == 2
    assert "1 to 1024" in capsys.readouterr().err
