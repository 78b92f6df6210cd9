"""The calibration writer accepts exactly what the overrides' reader accepts: a value the reader
would refuse (5e-324, under the JSON reader's smallest magnitude) is refused when typed, and a
saved file always reads back, so one value never disables every override."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.errors import InputError
from core.roofline.achievable import FIELDS, read_overrides
from core.roofline.fractions import parse_field_text, save_overrides
from core.safe_io import NUMBER_RANGE

_NUMBERS = sorted(n for n in FIELDS if n not in ("gemm_tile", "gemm_reference",
                                                  "attention_kernels", "sm_count"))  # fmt: skip
#: Around the JSON reader's smallest magnitude (subnormals included) and far inside it.
_TYPED = ["5e-324", "1e-310", "2.2e-308", "9.99e-301", "1e-300", "1e-299", "0", "0.5"]


@pytest.mark.parametrize("typed", _TYPED)
@pytest.mark.parametrize("name", _NUMBERS)
def test_a_saved_value_always_reads_back(tmp_path: Path, name: str, typed: str) -> None:
    path = tmp_path / "calibration.json"
    save_overrides("a100-sxm", {"gemm_efficiency": "0.7"}, path)
    before = path.read_bytes()
    try:
        save_overrides("v100", {name: typed}, path)
    except InputError as exc:
        assert path.read_bytes() == before  # refused: nothing written
        assert name in exc.message and "allowed" in exc.message
        saved = False
    else:
        saved = True
    overrides, problem = read_overrides(path)
    assert problem == ""  # the file reads, whichever way the save went
    assert overrides["a100-sxm"]["gemm_efficiency"][0] == pytest.approx(0.7)
    if saved:
        assert overrides["v100"][name][0] == float(typed)


@pytest.mark.parametrize("typed", ["5e-324", "1e-310", "2.2e-308"])
def test_a_value_under_the_readers_smallest_magnitude_is_refused_as_typed(typed: str) -> None:
    """The same refusal while typing (the CLI's --set, the fractions dialog's fields): the
    number is non-zero and under the reader's smallest magnitude."""
    assert 0 < abs(float(typed)) < NUMBER_RANGE[0]
    with pytest.raises(InputError) as info:
        parse_field_text("gemm_k_overhead", typed, "v100")
    assert "gemm_k_overhead" in info.value.message
    assert f"{NUMBER_RANGE[0]:g}" in info.value.message


def test_the_cli_refuses_it_and_writes_nothing(tmp_path: Path, monkeypatch, capsys) -> None:
    from app.cli import main

    monkeypatch.setenv("NAPKINLAB_CONFIG_DIR", str(tmp_path))
    code = main(["calibration", "--device", "v100", "--set", "gemm_k_overhead=5e-324"])
    assert code == 2
    assert "gemm_k_overhead" in capsys.readouterr().err
    assert not list(tmp_path.rglob("calibration.json"))
    code = main(["calibration", "--device", "v100", "--set", "gemm_k_overhead=3"])
    assert code == 0
    (written,) = tmp_path.rglob("calibration.json")
    assert json.loads(written.read_text())["devices"]["v100"]["gemm_k_overhead"] == 3
