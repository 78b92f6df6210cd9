"""A long command keeps one progress line on a terminal's stderr, and nothing elsewhere.

On a terminal the line is redrawn in place and erased before the command's output; on a pipe or
file nothing is written, so scripts read the same stderr (warnings only) as before.
"""

from __future__ import annotations

import io
import json
import re

import pytest

from app.cli import main
from app.cli.progress import TerminalProgress

CLEAR = "\r\x1b[K"
TINY = "transformer:d=32,layers=2,heads=2,vocab=64"


class Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


class GoneTerminal(Terminal):
    """A terminal whose writes fail (the window was closed)."""

    def write(self, text: str) -> int:
        raise OSError(5, "Input/output error")


def _frames(written: str) -> list[str]:
    """Each redraw's text, in order ('' for the final erase)."""
    assert written.startswith(CLEAR), written
    return written.split(CLEAR)[1:]


def test_the_line_is_redrawn_in_place_and_erased_at_the_end() -> None:
    stream = Terminal()
    with TerminalProgress("step", stream) as progress:
        progress(0.0, "")
        progress(0.5, "forward: layer 1 of 2")
        progress(0.5, "forward: layer 1 of 2")  # unchanged: not drawn again
        progress(1.7, "done")  # clamped
    frames = _frames(stream.getvalue())
    assert frames == [
        "napkinlab: step:   0 %",
        "napkinlab: step:  50 % forward: layer 1 of 2",
        "napkinlab: step: 100 % done",
        "",
    ]
    assert "\n" not in stream.getvalue()  # one line, never scrolled


def test_a_line_wider_than_the_terminal_is_cut_so_that_one_erase_removes_it(monkeypatch) -> None:
    import os
    import shutil

    monkeypatch.setattr(
        shutil, "get_terminal_size", lambda fallback=(80, 24): os.terminal_size((30, 24))
    )
    stream = Terminal()
    progress = TerminalProgress("screenshot --tab step", stream)
    progress(0.25, "backward: layer 11 of 12")
    (line,) = _frames(stream.getvalue())
    assert len(line) <= 29 and line.endswith("…")
    assert line.startswith("napkinlab: screenshot")


def test_an_ascii_terminal_gets_three_dots_and_its_line_erased(monkeypatch) -> None:
    import os
    import shutil

    monkeypatch.setattr(
        shutil, "get_terminal_size", lambda fallback=(80, 24): os.terminal_size((30, 24))
    )
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="ascii", newline="")
    monkeypatch.setattr(stream, "isatty", lambda: True)
    with TerminalProgress("screenshot --tab step", stream) as progress:
        progress(0.25, "backward: layer 11 of 12")
        assert progress.active
    stream.flush()
    (line, erased) = _frames(raw.getvalue().decode("ascii"))
    assert line.endswith("...") and len(line) <= 29 and erased == ""


def test_nothing_is_written_to_a_pipe_or_a_file() -> None:
    stream = io.StringIO()
    with TerminalProgress("step", stream) as progress:
        assert not progress.active
        progress(0.0, "")
        progress(0.5, "forward: layer 1 of 2")
    assert stream.getvalue() == ""


def test_a_terminal_that_went_away_stops_the_line_not_the_work() -> None:
    progress = TerminalProgress("step", GoneTerminal())
    with progress:
        progress(0.1, "forward")  # raises nothing
        assert not progress.active
        progress(0.2, "forward")


def test_step_on_a_terminal_shows_the_trace_then_only_its_output(capsys, monkeypatch) -> None:
    import sys

    terminal_stderr = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal_stderr)  # after capsys took stderr over
    code = main(["step", "--model", TINY, "--seq", "8", "--top", "0", "--json"])
    assert code == 0
    assert json.loads(capsys.readouterr().out)["model_flops"] > 0  # stdout: the JSON alone
    frames = _frames(terminal_stderr.getvalue())
    assert frames[-1] == ""  # erased before the JSON was printed
    percents = [int(m.group(1)) for f in frames if (m := re.search(r"(\d+) %", f))]
    assert percents[0] == 0 and percents[-1] == 100
    assert percents == sorted(percents)  # the trace's progress never goes back
    assert any("layer 2 of 2" in f for f in frames)


def test_step_in_a_script_writes_nothing_to_stderr(capsys) -> None:
    assert main(["step", "--model", TINY, "--seq", "8", "--top", "0", "--json"]) == 0
    assert capsys.readouterr().err == ""


class _Stop(Exception):
    """Ends the long work once it has reported (the test needs no real trace or search)."""


@pytest.mark.parametrize("tab", ["step", "plan"])
def test_the_screenshot_hands_its_progress_to_the_tab_long_work(tab, monkeypatch, tmp_path, qapp):
    from app.cli.screenshot_cmd import render_tab

    def long_work(*_args, progress=None, **_kwargs):
        progress(0.5, "forward: layer 1 of 2")
        raise _Stop

    if tab == "step":
        import core.step.cache

        monkeypatch.setattr(core.step.cache, "cached_trace", long_work)
    else:
        import app.tabs.plan_tab

        monkeypatch.setattr(app.tabs.plan_tab, "run_plan", long_work)
    heard: list[tuple[float, str]] = []
    with pytest.raises(_Stop):
        render_tab(tab, tmp_path / "x.png", progress=lambda f, t: heard.append((f, t)))
    assert heard == [(0.0, ""), (0.5, "forward: layer 1 of 2")]


def test_a_plan_search_on_a_terminal_shows_its_progress_then_only_its_output(capsys, monkeypatch):
    import sys

    terminal_stderr = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal_stderr)
    args = ["plan", "--model", "transformer:d=64,layers=2,heads=2,vocab=128", "--seq", "64",
            "--gpus", "8", "--global-batch", "16", "--device", "h100-sxm", "--search", "--json"]  # fmt: skip
    assert main(args) == 0
    assert json.loads(capsys.readouterr().out)  # stdout: the JSON alone
    frames = _frames(terminal_stderr.getvalue())
    assert frames[0] == "napkinlab: plan --search:   0 %" and frames[-1] == ""
    assert any("tracing one layer of the model" in f for f in frames)


@pytest.mark.parametrize(
    ("args", "label"),
    [
        (["memory", "--model", "mlp:d=64,layers=2", "--batch", "4", "--trace"], "memory --trace"),
        (["comm", "--fsdp-model", "mlp:d=256,layers=2", "--gpus", "2", "--batch", "4"],
         "comm"),
    ],
)  # fmt: skip
def test_the_other_traces_show_their_progress_on_a_terminal(args, label, capsys, monkeypatch):
    import sys

    terminal_stderr = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal_stderr)
    assert main([*args, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)
    frames = _frames(terminal_stderr.getvalue())
    assert frames[0] == f"napkinlab: {label}:   0 %" and frames[-1] == ""
    percents = [int(m.group(1)) for f in frames if (m := re.search(r"(\d+) %", f))]
    assert len(percents) > 2 and percents == sorted(percents) and percents[-1] >= 75
