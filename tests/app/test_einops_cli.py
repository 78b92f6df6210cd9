"""``napkinlab einops``: JSON keys, exit codes, 0-d shapes; answers checked against einops."""

from __future__ import annotations

import json

import einops
import pytest
import torch

from app.cli import main


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["einops", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_json_keys_and_values_match_einops(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(
        capsys, "rearrange", "b s (h d) -> b h s d", "--shape", "2,3,8", "--axis", "h=2", "--json"
    )
    assert code == 0
    data = json.loads(out)
    for key in (
        "valid",
        "output_shape",
        "error",
        "axes",
        "torch_code",
        "flops",
        "bytes_read",
        "bytes_written",
        "is_view",
        "warnings",
    ):
        assert key in data
    real = einops.rearrange(torch.zeros(2, 3, 8), "b s (h d) -> b h s d", h=2)
    assert data["valid"] is True and data["error"] is None
    assert data["output_shape"] == list(real.shape)
    assert data["is_view"] is True  # einops returns a view here, as real torch confirms:
    assert real._base is not None


def test_invalid_pattern_exits_zero_with_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "rearrange", "b s d -> b d s x", "--shape", "2,3,4", "--json")
    data = json.loads(out)
    assert code == 0 and data["valid"] is False and data["output_shape"] is None
    assert "x" in data["error"] and "^" in data["error"]
    with pytest.raises(einops.EinopsError):
        einops.rearrange(torch.zeros(2, 3, 4), "b s d -> b d s x")


def test_empty_shape_is_a_0d_tensor(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "rearrange", " -> 1 1", "--shape", "", "--json")
    data = json.loads(out)
    assert code == 0 and data["input_shapes"] == [[]]
    assert data["output_shape"] == list(einops.rearrange(torch.tensor(3.0), " -> 1 1").shape)


def test_unpack_output_is_a_list_of_shapes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(
        capsys,
        "unpack",
        "b * c",
        "--shape",
        "2,8,5",
        "--packed-shape",
        "",
        "--packed-shape",
        "7",
        "--json",
    )
    data = json.loads(out)
    real = einops.unpack(torch.zeros(2, 8, 5), [[], [7]], "b * c")
    assert code == 0 and data["output_shape"] == [list(r.shape) for r in real]


def test_einsum_reduce_and_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(
        capsys,
        "einsum",
        "batch seq1 hidden, batch seq2 hidden -> batch seq1 seq2",
        "--shape",
        "2,3,4",
        "--shape",
        "2,5,4",
        "--dtype",
        "bf16",
    )
    assert code == 0 and "valid: output shape (2, 3, 5)" in out and "torch.einsum" in out
    code, out, _ = _run(
        capsys, "reduce", "... hidden -> ...", "--shape", "2,3,4", "--reduction", "max", "--json"
    )
    data = json.loads(out)
    assert data["reduction"] == "max" and data["flops"] == 2 * 3 * 4  # one compare per input


@pytest.mark.parametrize(
    "argv",
    [
        ["transpose", "a -> a", "--shape", "2"],
        ["rearrange", "a -> a"],
        ["rearrange", "a -> a", "--shape", "2,x"],
        ["rearrange", "a -> a", "--shape", "2", "--shape", "3"],
        ["rearrange", "a -> a", "--shape", "2", "--axis", "h"],
        ["rearrange", "a -> a", "--shape", "2", "--dtype", "fp128"],
        ["reduce", "a -> ", "--shape", "2", "--reduction", "median"],
        ["unpack", "a *", "--shape", "2,3"],
    ],
)
def test_malformed_arguments_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = _run(capsys, *argv)
    assert code == 2 and out == "" and err.strip()
    assert len(err.strip().splitlines()) == 1
