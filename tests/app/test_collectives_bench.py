"""``bench --suite collectives`` under torchrun with 2 gloo processes (tiny sizes), and its errors.

References: the sums are checked inside the run (each rank contributes rank + 1, so an all-reduce
of 2 ranks gives 3) and again here from the file; algbw and busbw against nccl-tests' definitions
computed by hand from the row's own bytes and time (factor 2(n-1)/n = 1 and (n-1)/n = 1/2 at n = 2).
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from app.cli import main

ROOT = Path(__file__).resolve().parents[2]
TORCHRUN = shutil.which("torchrun", path=str(Path(sys.executable).parent)) or "torchrun"


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("RANK", "WORLD_SIZE", "MASTER_PORT")}
    env.update(OMP_NUM_THREADS="1", PYTHONPATH=str(ROOT), **extra)
    return env


@pytest.mark.slow
def test_two_gloo_ranks_measure_every_op_correctly(tmp_path):
    out = tmp_path / "coll.jsonl"
    cmd = [
        TORCHRUN, "--standalone", "--nproc-per-node", "2", "-m", "app", "bench", "--suite",
        "collectives", "--out", str(out), "--max-bytes", "4096", "--iters", "2", "--warmup", "0",
        "--timeout", "60",
    ]  # fmt: skip
    done = subprocess.run(cmd, cwd=ROOT, env=_env(), capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr[-2000:]
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(r["op"], r["bytes"]) for r in rows] == [
        (op, size)
        for op in ("all_reduce", "all_gather", "reduce_scatter", "broadcast", "all_to_all")
        for size in (1024, 2048, 4096)
    ]  # rank 0 alone wrote: one row per op and size, not two
    factor = {"all_reduce": 1.0, "all_gather": 0.5, "reduce_scatter": 0.5, "broadcast": 1.0,
              "all_to_all": 0.5}  # fmt: skip
    for row in rows:
        assert row["correct"] is True and row["world_size"] == 2 and row["backend"] == "gloo"
        assert row["algbw"] == pytest.approx(row["bytes"] / row["time_s"])
        assert row["busbw"] == pytest.approx(row["algbw"] * factor[row["op"]])
    assert "all_reduce" in done.stdout and "busbw" in done.stdout


def test_the_correctness_check_sees_a_wrong_sum(tmp_path):
    """World size 1 in this process: the check passes on the real result and fails on a bad one."""
    import datetime

    import torch.distributed as dist

    from core.comm.collectives import _Op

    store = dist.FileStore(str(tmp_path / "store"), 1)
    dist.init_process_group(
        "gloo", store=store, rank=0, world_size=1, timeout=datetime.timedelta(seconds=30)
    )
    try:
        import torch

        for op in ("all_reduce", "all_gather", "reduce_scatter", "broadcast", "all_to_all"):
            job = _Op(op, 4096, 1, 0, torch.device("cpu"))
            job.fill()
            job.call()
            assert job.correct(), op
            job.output.add_(1.0)
            assert not job.correct(), op
    finally:
        dist.destroy_process_group()


def test_without_torchrun_it_says_how_to_launch(capsys, monkeypatch):
    for key in ("RANK", "WORLD_SIZE", "LOCAL_RANK", "MASTER_ADDR", "MASTER_PORT"):
        monkeypatch.delenv(key, raising=False)
    assert main(["bench", "--suite", "collectives"]) == 2
    err = capsys.readouterr().err
    assert "torchrun --standalone --nproc-per-node" in err and err.count("\n") == 1


def _run_rank0(port: int, timeout: str) -> subprocess.CompletedProcess[str]:
    env = _env(RANK="0", WORLD_SIZE="2", LOCAL_RANK="0", MASTER_ADDR="127.0.0.1")
    env["MASTER_PORT"] = str(port)
    cmd = [sys.executable, "-m", "app", "bench", "--suite", "collectives", "--timeout", timeout]
    return subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


def test_a_port_in_use_is_one_line_exit_2():
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        done = _run_rank0(busy.getsockname()[1], "5")
    assert done.returncode == 2
    assert "port in use" in done.stderr and done.stderr.count("\n") == 1


@pytest.mark.slow
def test_a_missing_peer_times_out_instead_of_hanging():
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    done = _run_rank0(port, "2")  # WORLD_SIZE 2, nobody else comes
    assert done.returncode == 2 and "peer missing" in done.stderr
