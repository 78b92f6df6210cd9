"""Fuzz the command line: random argument vectors for every subcommand exit 0 or 2, never 1, and
never print a traceback (issue 11).

The vectors are built from the parser itself (every option of every subcommand, required or not, in
any order, with values drawn from a pool of edge cases and each option's own examples), so a new
option is fuzzed without touching this file. ``bench`` and ``screenshot`` are fuzzed up to the point
where their arguments are validated: the measuring loop and the rendering are replaced by a stop.
"""

from __future__ import annotations

import argparse
import contextlib
import io
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import app.cli as cli

#: Numbers at and beyond every edge: zero, negative, subnormal, overflow, NaN, suffixes, noise.
NUMBERS = [
    "0", "1", "-1", "-0", "0.5", "50%", "150%", "5e-324", "1e-30", "1e-400", "1e308", "1e400",
    "nan", "inf", "-inf", "70b", "70B", "15t", "1,024", "1_000", "2**10", "0x10", "1e", "--1",
    "", " ", "abc", "1.5", "4096", "10000001", "9" * 400, "١٢", "\x00", "2,,3",
]  # fmt: skip
#: Each option's own vocabulary (valid and nearly valid), keyed by its ``dest``.
OWN: dict[str, list[str]] = {
    "shape": ["2,3,4", "12288*4,12288", "", "2,,3", "4x8", "(7,)", "2**10", "0,3", "-1,2"],
    "packed_shape": ["2", "", "-1", "7,9", "2,,3"],
    "pattern": ["b s (h d) -> b h s d", "a b -> b a", "a b, b c -> a c", "* a", "a ->", "(("],
    "axis": ["h=2", "h=0", "h=-1", "=2", "h", "h=5e-324"],
    "op": [
        "matmul:m=1024,k=1024,n=1024",
        "relu:n=5e-324",
        "gelu:n=0",
        "matmul:m=1",
        "x:y=1",
        "all-reduce",
        "all-gather",
        "reduce-scatter",
        "broadcast",
    ],
    "bytes": ["1e9", "4G", "14e9", "1"],
    "nodes": ["1", "2", "128"],
    "grad_bytes": ["2", "4", "nan"],
    "compute_s": ["1", "0.5", "0"],
    "batch_tokens": ["4M", "4194304", "1"],
    "dims": [
        "layers=4,hidden=256,heads=4",
        "layers=2,hidden=128,heads=4,kv_heads=2,ffn=384",
        "layers=2,hidden=64,heads=0",
        "layers=1",
        "layers=2,hidden=64,heads=4,act=relu",
    ],
    "global_batch": ["8", "64", "1024", "4,194,304"],
    "batch_unit": ["sequences", "tokens", "bytes"],
    "group": ["dense", "moe", "MoE", "sparse"],
    "gpus_per_node": ["8", "4", "3"],
    "intra_bw": ["", "450G", "900e9", "0"],
    "network_bw": ["", "50G", "25e9", "-1"],
    "tp": ["", "1", "2", "3", "8"],
    "pp": ["", "1", "2", "5"],
    "vpp": ["", "1", "2"],
    "cp": ["", "1", "2"],
    "recompute": ["none", "selective", "full", "some"],
    "cp_comm": ["ring", "all-gather", "nope"],
    "dropout": ["0", "0.1", "1.5"],
    "top": ["1", "5", "0"],
    "changes": ["0", "1", "3"],
    "max_micro_batch": ["1", "4", "0"],
    "csv": ["layouts.csv", "ops.csv", "/dev/full", "no/such/x.csv"],
    "model": ["gpt2", "llama2-7b", "mlp:d=4096,layers=8", "mlp:d=0,layers=1", "transformer:d=1"],
    "recipe": ["bf16", "fp32", "amp", "bf16-adamw", "custom:params=bf16", "magic"],
    "optimizer": ["adam", "sgd", "adamw", "lion"],
    "checkpoint": ["none", "every", "sqrt", "0", "3"],
    "zero": ["0", "3", "4"],
    "device": ["h100-sxm", "a100-sxm", "t4", "nope", "cpu", "cuda"],
    "reference": ["h100-sxm", "nope"],
    "dtype": ["bf16", "fp32", "fp8", "fp4", "int8", "float16", "nope"],
    "out_dtype": ["bf16", "fp32", "nope"],
    "format": ["float16", "bfloat16", "float4_e2m1fn", "float8_e4m3fn", "all", "nope"],
    "value": ["0.552", "1e-8", "1/3", "pi", "2**-9", "-inf", "nan", "0x7e", "1/0", "x"],
    "bits": ["0x7e", "0b1", "126", "0x1ffff", "-1", "zz"],
    "quantize": ["nvfp4", "mxfp8", "mxfp4", "fp8_tensor", "nope"],
    "generate": ["normal:64", "outliers:128", "normal:0", "normal:1e400", "x:1", "normal"],
    "size": ["1280x820", "320x240", "10x10", "x", "1e9x1"],
    "scale": ["1", "2", "0.1", "nan", "inf", "-1"],
    "params": ["70e9", "70B", "7b", "1", "1e16"],
    "tokens": ["15e12", "15T", "1", "1e18"],
    "gpus": ["1", "8", "1024", "1e7"],
    "mfu": ["0.5", "50%", "1", "1e-6"],
    "days": ["30", "1", "1e-6", "1e6"],
    "peak": ["989.5e12", "1", "1e21"],
    "memory": ["80e9", "80G", "1"],
    "bytes_per_param": ["12", "0.5", "0.01"],
    "batch": ["1", "4", "64"],
    "seq": ["", "1024", "4096"],
    "micro_batch": ["1", "2"],
    "threads": ["1", "0", "-1", "1e9"],
}


def _value(draw, action: argparse.Action, files: list[str]) -> str:
    pools = [NUMBERS]
    if action.choices:
        pools.append([str(c) for c in action.choices])
    if action.dest in OWN:
        pools.append(OWN[action.dest])
    if action.dest in ("out", "input", "session"):
        pools.append(files)
    own = pools[1:] if pools[1:] and draw(st.integers(0, 4)) else pools  # mostly its own words
    return draw(st.sampled_from(draw(st.sampled_from(own))))


def _argv(draw, parser: argparse.ArgumentParser, files: list[str], skip: set[str]) -> list[str]:
    options: list[list[str]] = []
    positionals: list[str] = []
    tail: list[str] = []
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction | argparse._VersionAction):
            continue
        if isinstance(action, argparse._SubParsersAction):
            name = draw(st.sampled_from(sorted(action.choices)))
            tail = [name, *_argv(draw, action.choices[name], files, skip)]
            continue
        if action.dest in skip:
            continue
        if not action.option_strings:
            if action.required or draw(st.integers(0, 3)):
                positionals.append(_value(draw, action, files))
            continue
        wanted = draw(st.integers(0, 9)) > (0 if action.required else 5)
        if not wanted:
            continue
        flag = action.option_strings[-1]
        options.append([flag] if action.nargs == 0 else [flag, _value(draw, action, files)])
    options = draw(st.permutations(options)) if options else []
    argv = [token for option in options for token in option] + positionals + tail
    if draw(st.integers(0, 9)) == 0:  # now and then a stray argument
        argv.insert(draw(st.integers(0, len(argv))), draw(st.sampled_from(["--nope", "x", "-"])))
    return argv


class _Validated(BaseException):
    """Raised where a slow subcommand would start working: its arguments were accepted."""


def _stop(*_args: object, **_kwargs: object) -> None:
    raise _Validated


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """Paths worth passing as files (:func:`make_files`)."""
    return make_files(tmp_path_factory.mktemp("fuzzfiles"))


def make_files(root: Path) -> list[str]:
    """Paths worth passing as files, made under ``root``: missing, a folder, invalid UTF-8,
    empty, a full disk (also used by benchmarks/cli_fuzz.py)."""
    bad = root / "bad.json"
    bad.write_bytes(b'{"app": "napkinlab", "x": "\xe2\x82')  # ends inside a UTF-8 character
    (root / "empty.npy").write_bytes(b"")
    (root / "text.npy").write_bytes(b"not numpy\xff")
    return [
        str(root / "missing" / "x.png"),
        str(root),
        str(bad),
        str(root / "empty.npy"),
        str(root / "text.npy"),
        str(root / "out.png"),
        str(root / "out.svg"),
        str(root / "points.jsonl"),
        "/dev/full",
    ]


def run_quietly(argv: list[str]) -> tuple[int | str, str, str]:
    """``main(argv)`` with stdout and stderr captured; ``"validated"`` when a stub stopped it."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code: int | str = cli.main(argv)
        except _Validated:
            code = "validated"
    return code, out.getvalue(), err.getvalue()


def check(argv: list[str], code: int | str, err: str) -> None:
    assert code in (0, 2, "validated"), (argv, code, err)
    assert "Traceback" not in err, (argv, err)
    if code == 2:
        lines = [line for line in err.splitlines() if line.strip()]
        assert lines and "error" in lines[-1], (argv, err)
        assert not [line for line in lines if "warning" not in line][:-1], (argv, err)


#: Every subcommand the CLI registers (a new one is fuzzed without touching this file).
COMMANDS = [module.rsplit(".", 1)[-1].removesuffix("_cmd") for module in cli.COMMANDS]
#: Vectors per subcommand: fewer where each one plans a cluster (a traced layer, then a search).
EXAMPLES: dict[str, int] = {}


@pytest.mark.parametrize("command", COMMANDS)
def test_random_argument_vectors_exit_0_or_2(
    command: str, files: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import app.cli.screenshot_cmd as screenshot_cmd
    import core.bench.suites as suites
    import core.plan.published_moe as published_moe
    import core.plan.validation as validation
    import core.step.hf_build as hf_build
    import core.step.prefetch as prefetch
    import core.step.trace as step_trace

    monkeypatch.chdir(files[1])  # a relative --out or --csv lands in the test's folder
    monkeypatch.setattr(suites, "run_suite", _stop)  # bench: stop once the suite would run
    monkeypatch.setattr(screenshot_cmd, "render_tab", _stop)  # screenshot: stop before rendering
    monkeypatch.setattr(prefetch, "start_default_trace", lambda: None)  # and start no child
    monkeypatch.setattr(validation, "check_runs", _stop)  # plan --published: 68 runs, seconds
    monkeypatch.setattr(published_moe, "check_moe_runs", _stop)  # --group moe: 77 runs
    if command == "step":  # stop once the trace would run (plan traces one layer, for real)
        monkeypatch.setattr(step_trace, "trace_config", _stop)
        monkeypatch.setattr(hf_build, "trace_hf_config", _stop)
    parser = cli.build_parser(command)
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    skip = {"trace"}  # a fake-tensor trace of a large model takes seconds; tested elsewhere

    @settings(
        max_examples=EXAMPLES.get(command, 60),
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(st.data())
    def fuzz(data: st.DataObject) -> None:
        argv = [command, *_argv(data.draw, sub.choices[command], files, skip)]
        code, _out, err = run_quietly(argv)
        check(argv, code, err)

    fuzz()


@pytest.mark.parametrize(
    "argv",
    [
        ["--json", "devices"],
        ["-v"],
        ["--bogus"],
        ["devices", "--bogus"],
        ["napkin", "tokens", "--params", "5e-324", "--days", "1e6"],
        ["napkin", "train-time", "--params", "-1", "--tokens", "1T"],
        ["napkin", "train-time", "--params", "-5B", "--tokens", "1T"],
        ["napkin", "tensor", "--shape", "2,,3"],
        ["napkin", "tensor", "--shape", "2**10"],
        ["napkin", "train-time", "--params", "2,,3", "--tokens", "1T"],
        ["einops", "rearrange", "a b -> b a", "--shape", "2,,3"],
        ["roofline", "--op", "matmul:m=1,,k=2,n=3"],
        ["memory", "--model", "mlp:d=4096,,layers=8"],
        ["memory", "--recipe", "custom:params=bf16,,grads=fp32"],
        ["dtype", "--quantize", "nvfp4", "--generate", "normal:16", "--seed", "-1"],
        ["bench", "--out", "/dev/full", "--threads", "0"],
    ],
)
def test_issue_examples_exit_2_with_one_line(argv: list[str]) -> None:
    code, out, err = run_quietly(argv)
    assert code == 2 and not out, (code, out, err)
    assert len(err.strip().splitlines()) == 1 and "error" in err and "Traceback" not in err


@pytest.mark.parametrize("argv", [["--help"], ["-h"], ["--version"], ["napkin", "--help"]])
def test_help_and_version_exit_0(argv: list[str]) -> None:
    code, out, err = run_quietly(argv)
    assert code == 0 and out.strip() and not err


def test_values_that_look_like_options_reach_the_validators() -> None:
    # argparse took "-5B" for an option ("expected one argument"); now the range error is given.
    code, _, err = run_quietly(["napkin", "train-time", "--params", "-5B", "--tokens", "1T"])
    assert code == 2 and "params: -5e9 is too small; allowed: a number from 1 to 1e16" in err


def _one_point(*_args: object, **_kwargs: object):
    from types import SimpleNamespace

    point = {"label": "relu", "flops": 1, "bytes": 8, "seconds": 1e-6, "flop_rate": 1e6,
             "byte_rate": 8e6, "spread": 0.0, "noisy": False}  # fmt: skip
    case = SimpleNamespace(label="relu", seconds_estimate=0.0)
    yield SimpleNamespace(index=0, total=1, elapsed_s=0.0, point=point, case=case, error=None)


@pytest.mark.parametrize("tail", [b"", b'{"a": 1}\n{"b": "\xe2\x82'])
def test_full_disk_and_invalid_utf8_exit_2(
    files: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, tail: bytes
) -> None:
    import core.bench.suites as suites

    monkeypatch.setattr(suites, "run_suite", _one_point)
    monkeypatch.setattr(suites, "eta_seconds", lambda *_a: 0.0)
    jsonl = tmp_path / "points.jsonl"
    jsonl.write_bytes(tail)  # a run killed inside a UTF-8 character, or nothing yet
    code, _, err = run_quietly(["bench", "--out", str(jsonl), "--threads", "1"])
    assert code == 0 and "Traceback" not in err, err
    assert jsonl.read_bytes().startswith(tail) and jsonl.read_bytes().count(b"\n") == (
        tail.count(b"\n") + 1 + bool(tail)
    )
    code, _, err = run_quietly(["bench", "--out", "/dev/full", "--threads", "1"])
    # /dev/full is refused before writing (a device, not a regular file): still one line, exit 2.
    assert code == 2 and "/dev/full" in err and len(err.splitlines()) == 1, err
    code, _, err = run_quietly(
        ["screenshot", "--tab", "napkin", "--session", files[2], "--out", str(tmp_path / "a.png")]
    )
    assert code == 2 and "bad.json" in err and len(err.splitlines()) == 1, err


@pytest.mark.parametrize(("tab", "suffix"), [("napkin", ".png"), ("roofline", ".svg")])
def test_screenshot_to_a_full_disk_exits_2(tmp_path: Path, tab: str, suffix: str) -> None:
    full = tmp_path / f"full{suffix}"
    full.symlink_to("/dev/full")
    code, _, err = run_quietly(["screenshot", "--tab", tab, "--out", str(full)])
    # A device behind the name is refused before writing (exports write a temp file and replace
    # the target, which a device cannot be); a real full disk is simulated in tests/core/test_safe_io.
    assert code == 2 and "not a regular file" in err and len(err.splitlines()) == 1, err
    assert full.is_symlink() and full.resolve() == Path("/dev/full")  # not replaced


def test_stdout_on_a_full_disk_exits_2() -> None:
    import subprocess
    import sys

    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "app", "devices", "--json"],
            cwd=Path(__file__).resolve().parents[2],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )
    assert done.returncode == 2, done.stderr
    assert done.stderr == "napkinlab: error: cannot write the output: No space left on device\n"
