"""A config.json names its model by its own name fields, then by its file, never by the folder it
happens to sit in ("work: 1.1 B params") nor by its family ("llama").

Reference: transformers' own config object carries the name (``name_or_path``) and writes it as
``_name_or_path`` in ``to_dict()``; the name read back must be that one.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.step.hf import load_config
from tests.core.step.test_step_config_flags import LLAMA


def _write(path: Path, doc: dict) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_transformers_name_field_names_the_model(tmp_path: Path) -> None:
    transformers = pytest.importorskip("transformers")
    keys = {k: v for k, v in LLAMA.items() if k not in ("model_type", "architectures")}
    config = transformers.LlamaConfig(name_or_path="acme/llama-tiny", **keys)
    path = _write(tmp_path / "work" / "config.json", config.to_dict())
    spec, _ = load_config(path)
    assert spec.name == config.name_or_path  # transformers' own record of the name


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        ({"name_or_path": "acme/llama-b"}, "acme/llama-b"),
        ({"model_name": "TinyLlama-1.1B"}, "TinyLlama-1.1B"),
        (
            {"_name_or_path": "/home/me/checkpoints/llama-7b/"},
            "llama-7b",
        ),  # a local path: its last part
        ({"_name_or_path": "", "model_name": "second"}, "second"),  # an empty field is skipped
    ],
)
def test_each_name_field_is_read(tmp_path: Path, extra: dict, expected: str) -> None:
    spec, _ = load_config(_write(tmp_path / "work" / "config.json", {**LLAMA, **extra}))
    assert spec.name == expected


def test_without_a_name_the_file_names_the_model(tmp_path: Path) -> None:
    spec, _ = load_config(_write(tmp_path / "work" / "config.json", LLAMA))
    assert spec.name == "work/config.json"  # the file, with its folder: not "work", not "llama"
    spec, _ = load_config(_write(tmp_path / "work" / "tiny-llama.json", LLAMA))
    assert spec.name == "tiny-llama"
