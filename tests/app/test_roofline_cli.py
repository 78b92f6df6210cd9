"""``napkinlab roofline``: JSON keys, the lecture's numbers, and one-line errors with exit 2."""

from __future__ import annotations

import json

import pytest

from app.cli import main


def run_json(capsys, *args: str) -> dict:
    assert main(["roofline", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_lecture_table_from_the_command_line(capsys):
    out = run_json(
        capsys,
        "--device",
        "h100-sxm",
        "--dtype",
        "bf16",
        "--op",
        "matmul:m=1024,k=1024,n=1024",
        "--op",
        "relu:n=1048576",
        "--op",
        "gelu:n=1048576",
    )
    assert out["device"] == "h100-sxm" and out["dtype"] == "bf16"
    matmul, relu, gelu = out["ops"]
    for op in out["ops"]:
        for key in (
            "flops",
            "bytes",
            "intensity",
            "ridge",
            "attainable",
            "bound",
            "time_s",
            "mfu_bound",
        ):
            assert key in op
        assert op["ridge"] == pytest.approx(989.5e12 / 3.35e12)
    # n×n matmul: 2n³ FLOPs over 3·n²·2 bytes = n/3.
    assert matmul["intensity"] == pytest.approx(1024 / 3)
    assert matmul["bound"] == "compute" and matmul["mfu_bound"] == 1.0
    assert relu["intensity"] == 0.25 and relu["bound"] == "memory"
    assert relu["time_s"] == pytest.approx(4 * 1048576 / 3.35e12)
    assert gelu["intensity"] == 5.0
    assert gelu["attainable"] == pytest.approx(5.0 * 3.35e12)


def test_every_op_name_from_the_issue_is_accepted(capsys):
    specs = [
        "relu:n=8",
        "gelu:n=8",
        "add:n=8",
        "dot:n=8",
        "matvec:m=8,n=8",
        "matmul:m=8,k=8,n=8",
        "bmm:b=2,m=8,k=8,n=8",
        "softmax:m=8,n=8",
        "layernorm:m=8,n=8",
        "rmsnorm:m=8,n=8",
        "attention:b=1,h=2,s=16,d=8",
        "flash_attention:b=1,h=2,s=16,d=8",
    ]
    args = [a for spec in specs for a in ("--op", spec)]
    out = run_json(capsys, *args)
    assert [op["op"] for op in out["ops"]] == [s.split(":")[0] for s in specs]


def test_mixed_precision_out_dtype(capsys):
    out = run_json(capsys, "--dtype", "fp8", "--out-dtype", "bf16", "--op", "matmul:m=4,k=4,n=4")
    op = out["ops"][0]
    assert op["out_dtype"] == "bf16" and op["bytes"] == 2 * 16 * 1 + 16 * 2


def test_text_output_names_bound(capsys):
    assert main(["roofline", "--op", "relu:n=1M"]) == 0
    text = capsys.readouterr().out
    assert "ridge 295.4" in text and "memory-bound" in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--op", "conv:n=3"], "unknown 'conv'"),
        (["--op", "relu:n=0"], "too small"),
        (["--op", "relu:n=nan"], "not a number"),
        (["--op", "relu:n=1e30"], "too large"),
        (["--device", "a100-sxm", "--dtype", "fp8", "--op", "relu:n=4"], "no published fp8"),
        (["--device", "nope", "--op", "relu:n=4"], "unknown 'nope'"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, args, message):
    assert main(["roofline", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
