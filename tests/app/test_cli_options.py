"""Every option a person gives is validated or refused for the mode (issue 19 item 17), and names
and units are read by one parser in every subcommand (item 18).

References: the issue's own vectors; byte units by their definitions (GB = 10⁹ B, GiB = 2³⁰ B,
IEC 80000-13); dtype names as numpy and torch spell them.
"""

from __future__ import annotations

import argparse
import json
import re

import pytest

from app.cli import build_parser, main


def _code(capsys, *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    err = capsys.readouterr().err
    assert err.count("\n") <= 1
    return code, err


@pytest.mark.parametrize(
    "argv",
    [
        # the example: options the collective never reads, each invalid
        ["comm", "--op", "all-reduce", "--bytes", "1e9", "--grad-bytes", "nan", "--mfu", "7",
         "--tokens", "abc"],
        ["comm", "--op", "all-reduce", "--bytes", "1e9", "--tokens", "abc"],
        ["comm", "--op", "all-reduce", "--bytes", "1e9", "--mfu", "7"],
        ["comm", "--op", "all-reduce", "--bytes", "1e9", "--compute-s", "-1"],
        ["comm", "--params", "7e9", "--zero", "9"],
        ["comm", "--params", "7e9", "--dtype", "nope"],
        ["comm", "--params", "7e9", "--seq", "0"],
        # valid values the chosen mode does not read: refused by name
        ["comm", "--op", "all-reduce", "--bytes", "1e9", "--mfu", "0.4"],
        ["comm", "--op", "all-reduce", "--bytes", "1e9", "--grad-bytes", "4"],
        ["comm", "--params", "7e9", "--bytes", "1e9"],
        ["comm", "--params", "7e9", "--fsdp-model", "gpt2", "--strategy", "zero3"],
        ["dtype", "float16", "1e-8", "--seed", "3"],
        ["dtype", "float16", "--bits", "0x3c00", "--policy", "ocp"],
        ["dtype", "--quantize", "nvfp4", "--input", "x.npy", "--seed", "2"],
        ["dtype", "float16", "--table", "--generate", "normal:8"],
        ["bench", "--suite", "quick", "--iters", "3"],
        ["bench", "--suite", "collectives", "--threads", "2"],
        ["einops", "rearrange", "a b -> b a", "--shape", "2,3", "--reduction", "max"],
        ["einops", "rearrange", "a b -> b a", "--shape", "2,3", "--packed-shape", "2"],
        ["memory", "--dtype", "nope"],
        ["napkin", "train-time", "--params", "7e9", "--tokens", "1e12", "--peak", "1e15",
         "--dtype", "nope"],
    ],
)  # fmt: skip
def test_ignored_or_invalid_options_exit_2(argv: list[str], capsys) -> None:
    code, err = _code(capsys, *argv)
    assert code == 2 and err.startswith("napkinlab")


def test_the_refusal_names_the_option_and_the_mode(capsys) -> None:
    _, err = _code(capsys, "comm", "--op", "all-reduce", "--bytes", "1e9", "--mfu", "0.4")
    assert "--mfu: not used by comm --bytes" in err
    _, err = _code(capsys, "comm", "--bytes", "1e9", "--tokens", "abc")
    assert err.startswith("napkinlab comm: error: --tokens: 'abc' is not a number")


@pytest.mark.parametrize(
    ("argv", "key", "expected"),
    [
        (["napkin", "tensor", "--shape", "4,8", "--dtype", "float32"], "bytes", 128),
        (["napkin", "tensor", "--shape", "4,8", "--dtype", "torch.bfloat16"], "bytes", 64),
        (["napkin", "tensor", "--shape", "4,8", "--dtype", "half"], "bytes", 64),
        (["napkin", "max-params", "--memory", "80GiB", "--gpus", "1"], "params", 80 * 2**30 / 12),
        (["napkin", "max-params", "--memory", "80GB", "--gpus", "1"], "params", 80e9 / 12),
        (["napkin", "max-params", "--memory", "80 G", "--gpus", "1"], "params", 80e9 / 12),
        (["comm", "--op", "broadcast", "--bytes", "1GiB", "--gpus", "2"], "bytes", 2**30),
        (["comm", "--op", "broadcast", "--bytes", "4 MB", "--gpus", "2"], "bytes", 4e6),
        (["napkin", "train-time", "--params", "70B", "--tokens", "15T", "--peak",
          "989.5 TFLOP/s"], "peak_flops", 989.5e12),
        (["napkin", "train-time", "--params", "70B", "--tokens", "15T", "--dtype", "bfloat16"],
         "peak_flops", 989.5e12),
    ],
)  # fmt: skip
def test_one_spelling_of_names_and_units_everywhere(argv, key, expected, capsys) -> None:
    assert main([*argv, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)[key] == pytest.approx(expected)


def test_dtype_spellings_reach_every_dtype_option(capsys) -> None:
    for argv in (["roofline", "--op", "matmul:m=8,k=8,n=8", "--dtype", "bfloat16"],
                 ["memory", "--dtype", "float16"],
                 ["einops", "rearrange", "a b -> b a", "--shape", "2,3", "--dtype", "float32"],
                 ["memory", "--recipe", "custom:params=bfloat16,grads=float32"],
                 ["dtype", "half", "1e-8"]):  # fmt: skip
        assert main([*argv, "--json"]) == 0, argv
        capsys.readouterr()


def _walk(parser: argparse.ArgumentParser, name: str):
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub, child in action.choices.items():
                yield from _walk(child, f"{name} {sub}")
        elif action.option_strings and action.dest != "help":
            yield name, action, parser


def _rendered(parser: argparse.ArgumentParser, action: argparse.Action) -> str:
    """One option's entry in ``parser``'s help, as printed, on one line."""
    formatter = parser._get_formatter()
    formatter.add_argument(action)
    return " ".join(formatter.format_help().split()).replace("( ", "(")


def _tells_something(action: argparse.Action) -> bool:
    default = action.default
    return not (
        action.required
        or isinstance(action, argparse._StoreConstAction)
        or default is None
        or default is argparse.SUPPRESS
        or (isinstance(default, str | list | tuple | dict) and not default)
    )


def test_help_names_each_default_once_and_only_where_it_tells_something() -> None:
    """argparse's own formatter printed "(default: None)" after required and absent options,
    "(default: False)" after every flag, and a second default after a help that named its own
    ("(default: the model's) (default: None)"); the reference is each action's own default."""
    checked = 0
    for name, action, parser in _walk(build_parser(), "napkinlab"):
        if action.dest == "version":
            continue
        entry = _rendered(parser, action)
        said = len(re.findall(r"\(default[ :]", entry))
        own = re.search(r"\(default[ :]", action.help or "") is not None
        for noise in ("(default: None)", "(default: False)", "(default: True)", "(default: )",
                      "(default: [])"):  # fmt: skip
            assert noise not in entry, (name, action.option_strings, entry)
        if _tells_something(action):
            assert said == 1, (name, action.option_strings, entry)
            if not own:
                shown = " ".join(f"(default: {action.default})".split())
                assert shown in entry, (name, action.option_strings, entry)
            checked += 1
        else:
            assert said == (1 if own else 0), (name, action.option_strings, entry)
    assert checked >= 20  # the walk reached the subcommands' options


def test_top_level_help_lists_every_screenshot_format() -> None:
    text = build_parser().format_help()
    line = next(ln for ln in text.splitlines() if "screenshot" in ln or "render a tab" in ln)
    block = text[text.index("screenshot") :]
    assert "PNG" in block and "SVG" in block and "PDF" in block, line
