"""``napkinlab strides``: JSON keys per step, exit codes, and the answers checked against torch."""

from __future__ import annotations

import json

import pytest
import torch

from app.cli import main


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["strides", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_json_steps_match_torch(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(
        capsys, "--shape", "3,4", "--dtype", "float32", "--op", "transpose 0 1",
        "--op", "contiguous", "--op", "view 12", "--op", "[2:9:3]", "--json",
    )  # fmt: skip
    assert code == 0
    data = json.loads(out)
    x = torch.arange(12, dtype=torch.float32).reshape(3, 4)
    base = x.untyped_storage().data_ptr()
    ys = [x.transpose(0, 1)]
    ys.append(ys[-1].contiguous())
    ys.append(ys[-1].view(12))
    ys.append(ys[-1][2:9:3])
    prev = base
    for step, y in zip(data["steps"], ys, strict=True):
        assert step["shape"] == list(y.shape)
        assert step["stride"] == list(y.stride())
        assert step["offset"] == y.storage_offset()
        assert step["contiguous"] == y.is_contiguous()
        shares = y.untyped_storage().data_ptr() == prev
        assert step["view"] == shares
        assert step["bytes_copied"] == (0 if shares else y.untyped_storage().nbytes())
        prev = y.untyped_storage().data_ptr()
    assert data["bytes_copied"] == 48
    assert data["start"]["element_size"] == 4


def test_refused_view_is_an_answer(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "--op", "t", "--op", "view 12", "--op", "t", "--json")
    assert code == 0
    steps = json.loads(out)["steps"]
    with pytest.raises(RuntimeError) as info:
        torch.arange(12).reshape(3, 4).t().view(12)
    assert steps[1]["error"] == str(info.value).splitlines()[0]
    assert "why" in steps[1]
    # the refused step leaves x as it was: the next t() undoes the first
    assert steps[2]["shape"] == [3, 4] and steps[2]["stride"] == [4, 1] and steps[2]["view"]


def test_text_output_names_each_step(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "--op", "transpose 0 1", "--op", "reshape 12")
    assert code == 0
    assert "x = x.transpose(0, 1)" in out and "copy (96 bytes)" in out


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--op", "frob"], "--op: operation 'frob': unknown operation"),
        (["--op", "view 1,x"], "'x' is not an integer"),
        (["--dtype", "fp4"], "--dtype: 'fp4' is unknown; allowed: int64"),
        (["--shape", "3,a"], "--shape"),
    ],
)
def test_bad_input_exits_2(capsys: pytest.CaptureFixture[str], argv: list[str], says: str) -> None:
    code, out, err = _run(capsys, *argv)
    assert code == 2 and out == "" and says in err and len(err.splitlines()) == 1
