"""The exit contract in a real process: stderr carries our one line (exit 2) or nothing (exit 0),
never a library's own lines (issue 19 item 15), and an echoed value is cut (item 16).

Each case runs ``python -m app`` in a subprocess, as a person would, so C code printing to file
descriptor 2 (torch's profiler) and transformers' logging handler are seen as they are. The venv's
torch is the CUDA build on a machine without a GPU: its profiler prints ``gpuGetDeviceCount
failed`` there, which is the case checked.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str, tmp: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NAPKINLAB_CONFIG_DIR": str(tmp / "config"),
           "NAPKINLAB_DATA_DIR": str(tmp / "data")}  # fmt: skip
    env.pop("NAPKINLAB_DEBUG", None)
    return subprocess.run([sys.executable, "-m", "app", *args], capture_output=True, text=True,
                          timeout=300, cwd=ROOT, env=env)  # fmt: skip


def _config(tmp: Path, name: str, doc: dict) -> str:
    path = tmp / f"{name}.json"
    path.write_text(json.dumps(doc))
    return str(path)


PHI3 = {"model_type": "phi3", "vocab_size": 1000, "hidden_size": 64, "num_hidden_layers": 2,
        "num_attention_heads": 4, "intermediate_size": 96}  # fmt: skip


def _one_error_line(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 2, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and re.match(r"napkinlab( \w+)*: error: ", lines[0]), done.stderr
    return lines[0]


@pytest.mark.slow
def test_transformers_logging_stays_off_stderr(tmp_path: Path) -> None:
    pytest.importorskip("transformers")
    # transformers logs "[transformers] Model config: eos_token_id must be …", then refuses
    bad = _config(tmp_path, "ids", {**PHI3, "num_attention_heads": 5})
    _one_error_line(_run("step", "--config", bad, "--seq", "16", tmp=tmp_path))
    # its own validation error class (not a ValueError) is bad input, not an internal error
    rope = _config(tmp_path, "rope", {**PHI3, "rope_scaling": {"type": "weird"}})
    _one_error_line(_run("step", "--config", rope, "--seq", "16", tmp=tmp_path))
    # a model it builds with a remark: exit 0, stderr empty, the remark in the notes
    bert = _config(tmp_path, "bert", {**PHI3, "model_type": "bert"})
    done = _run("step", "--config", bert, "--seq", "16", "--top", "0", "--json", tmp=tmp_path)
    assert done.returncode == 0 and done.stderr == ""
    assert any(n.startswith("transformers: ") for n in json.loads(done.stdout)["notes"])


@pytest.mark.slow
def test_the_profiler_prints_nothing(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    done = _run("step", "--model", "mlp:d=16,layers=2", "--measure", "--top", "0", tmp=tmp_path)
    assert done.returncode == 0
    assert done.stderr == ""  # no "USDT: … profiler_start", no "gpuGetDeviceCount failed"


@pytest.mark.slow
def test_huge_echoed_values_are_cut(tmp_path: Path) -> None:
    pytest.importorskip("transformers")
    huge = "x" * 100_000
    for args in (["memory", "--model", huge], ["step", "--model", huge],
                 ["roofline", "--op", huge], ["napkin", "tensor", "--shape", huge],
                 ["comm", "--op", huge, "--bytes", "1e9"]):  # fmt: skip
        line = _one_error_line(_run(*args, tmp=tmp_path))
        assert len(line) < 400, (args[0], len(line))
        assert "more chars" in line
    unknown = _config(tmp_path, "unknown", {"model_type": "nonexistent_type_x", "vocab_size": 9})
    line = _one_error_line(_run("step", "--config", unknown, tmp=tmp_path))
    assert len(line) < 600 and "more" in line and "nonexistent_type_x" in line


def test_every_cli_error_line_is_cut_the_same_way() -> None:
    from core.echo import LINE, brief, cut_line, cut_list

    assert cut_line("a\nb " * 10_000).count("\n") == 0
    assert len(cut_line("y" * 100_000)) < LINE + 40
    assert brief("short") == "'short'" and len(brief("z" * 10**5)) < 70
    assert cut_list(range(1000)).endswith("… and 988 more")
