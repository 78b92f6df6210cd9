"""Keep the figures in README.md and docs/*.md equal to what the commands beside them print.

A figure the app computes is written in the Markdown between two HTML comments that name the
command making it and how to read the figure from its output (GitHub shows neither comment, only
the figure; the command is also written out in the text beside it, so a reader can run it)::

    `napkinlab devices` lists <!-- figure: napkinlab devices --json | {len(out)} -->24<!-- /figure -->
    devices.

    <!-- figure-rows: napkinlab plan --published --json | runs | | `{id}` | {error:+.1%} | -->
    | run | error |
    | --- | ---: |
    | `narayanan2021-gpt-1.7b` | +16.9% |
    <!-- /figure-rows -->

The first part of a marker is the command: ``napkinlab ...`` (or ``python -m app ...``), run in this
process through the CLI's ``main``, or ``python benchmarks/NAME.py ...``, run as a script. Its output
is read as JSON when it is JSON (the names are then the top-level keys, and ``out`` the whole), else
as text (``out``; ``grab(PATTERN)`` is the first group of the first match). The last part is a
template with ``{expression:format}`` fields, as in an f-string: a Python expression, then
the format after the colon (``{summary['mape']*100:.1f}``, ``{activations/1e9:.2f}``). A ``figure-rows`` block
has a middle part, an expression for a list; the template is then written once per item, with the
item's keys as names (and ``row`` the item); the block's table head (its lines up to the
``| --- |`` row) is kept, so the opening marker goes above the table. Inside a table cell the parts
are separated by `` \\| `` (a bare ``|`` would split the cell).

Run from the repository root::

    python -m app.docs_figures            # exit 1 naming every figure that differs from its command
    python -m app.docs_figures --write    # rewrite every figure from its command

Each command runs once per call, with an empty config folder (a user's calibration overrides or
devices never reach the docs). ``tests/test_docs_figures.py`` runs the check.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import re
import runpy
import shlex
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = [
    "ROOT",
    "Figure",
    "FigureError",
    "Runner",
    "check",
    "difference",
    "doc_paths",
    "figures",
    "render",
    "write",
]

ROOT = Path(__file__).resolve().parents[1]

_INLINE = re.compile(r"<!-- figure: (?P<spec>.*?) -->(?P<value>.*?)<!-- /figure -->", re.S)
_ROWS = re.compile(
    r"<!-- figure-rows: (?P<spec>.*?) -->\n(?P<value>.*?)<!-- /figure-rows -->", re.S
)
_TABLE_HEAD = re.compile(r"(?:[^\n]*\n)*?\|[\s:|-]*-[\s:|-]*\|[ \t]*\n")
_SAFE_BUILTINS: dict[str, Any] = {
    f.__name__: f for f in (abs, all, any, float, int, len, max, min, round, sorted, str, sum)
}


class FigureError(ValueError):
    """A marker that cannot be read or a command that fails; the message names the place."""


@dataclass(frozen=True)
class Figure:
    """One marked figure: where its value lies in its file, the command and how to read it."""

    path: Path
    line: int
    start: int
    end: int
    command: str
    rows: str | None
    template: str
    value: str

    @property
    def where(self) -> str:
        """``docs/plan.md:10``, the file relative to the repository and the marker's line."""
        try:
            name = self.path.resolve().relative_to(ROOT).as_posix()
        except ValueError:
            name = str(self.path)
        return f"{name}:{self.line}"


def doc_paths(root: Path = ROOT) -> list[Path]:
    """The documents whose figures are kept: README.md and every docs/*.md."""
    return [root / "README.md", *sorted((root / "docs").glob("*.md"))]


def _spec_parts(spec: str, parts: int, where: str) -> list[str]:
    pieces = spec.replace(" \\| ", " | ").split(" | ", parts - 1)
    if len(pieces) != parts or not all(p.strip() for p in pieces):
        shape = "COMMAND | TEMPLATE" if parts == 2 else "COMMAND | LIST | ROW TEMPLATE"
        raise FigureError(f"{where}: a figure marker reads '{shape}', not '{spec.strip()}'")
    return pieces


def figures(path: Path, text: str | None = None) -> list[Figure]:
    """Every marked figure of one document, in the order they appear."""
    text = path.read_text(encoding="utf-8") if text is None else text
    found: list[Figure] = []
    for pattern, parts in ((_INLINE, 2), (_ROWS, 3)):
        for match in pattern.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            where = f"{path.name}:{line}"
            pieces = _spec_parts(match["spec"], parts, where)
            found.append(
                Figure(
                    path=path,
                    line=line,
                    start=match.start("value"),
                    end=match.end("value"),
                    command=" ".join(pieces[0].split()),
                    rows=pieces[1].strip() if parts == 3 else None,
                    template=pieces[-1].strip(),
                    value=match["value"],
                )
            )
    return sorted(found, key=lambda f: f.start)


@contextlib.contextmanager
def _quiet_config() -> Iterator[None]:
    """An empty config and data folder while the commands run, restored after."""
    names = ("NAPKINLAB_CONFIG_DIR", "NAPKINLAB_DATA_DIR")
    saved = {n: os.environ.get(n) for n in names}
    with tempfile.TemporaryDirectory(prefix="napkinlab-docs-") as tmp:
        for n in names:
            os.environ[n] = str(Path(tmp) / n.lower())
        try:
            yield
        finally:
            for n, v in saved.items():
                if v is None:
                    os.environ.pop(n, None)
                else:
                    os.environ[n] = v


class Runner:
    """Runs each command once and keeps its output (JSON when it parses, else the text)."""

    def __init__(self) -> None:
        self._outputs: dict[str, Any] = {}

    def output(self, command: str) -> Any:
        """The output of ``command``, run the first time it is asked for."""
        if command not in self._outputs:
            self._outputs[command] = self._run(command)
        return self._outputs[command]

    def _run(self, command: str) -> Any:
        argv = shlex.split(command)
        out, err = io.StringIO(), io.StringIO()
        with _quiet_config(), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = self._dispatch(argv, command)
        if code != 0:
            raise FigureError(f"'{command}' exited {code}: {err.getvalue().strip()[-500:]}")
        text = out.getvalue()
        try:
            return json.loads(text)
        except ValueError:
            return text

    @staticmethod
    def _dispatch(argv: list[str], command: str) -> int:
        if argv[:1] == ["napkinlab"] or argv[:3] == ["python", "-m", "app"]:
            from app.cli import main

            return main(argv[1:] if argv[0] == "napkinlab" else argv[3:])
        if argv[:1] == ["python"] and len(argv) > 1 and argv[1].startswith("benchmarks/"):
            saved_argv, saved_cwd = sys.argv, Path.cwd()
            sys.argv = argv[1:]
            os.chdir(ROOT)
            try:
                runpy.run_path(str(ROOT / argv[1]), run_name="__main__")
            except SystemExit as exc:
                return exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 1
            finally:
                sys.argv = saved_argv
                os.chdir(saved_cwd)
            return 0
        raise FigureError(
            f"cannot run '{command}'; allowed: napkinlab ..., python -m app ... or "
            "python benchmarks/NAME.py ..."
        )


def _names(output: Any) -> dict[str, Any]:
    names: dict[str, Any] = {"out": output}
    if isinstance(output, dict):
        names.update({k: v for k, v in output.items() if isinstance(k, str) and k.isidentifier()})
    if isinstance(output, str):

        def grab(pattern: str, group: int = 1) -> str:
            found = re.search(pattern, output)
            if found is None:
                raise FigureError(f"no match for {pattern!r} in the command's output")
            return found.group(group)

        names["grab"] = grab
    return names


def _evaluate(expression: str, names: dict[str, Any], where: str) -> Any:
    try:
        return eval(expression, {**names, "__builtins__": _SAFE_BUILTINS})
    except FigureError:
        raise
    except Exception as exc:
        raise FigureError(f"{where}: '{expression}' fails: {type(exc).__name__}: {exc}") from exc


def _fields(template: str, where: str) -> Iterator[tuple[str, str | None, str]]:
    """``(literal, expression, format)`` pieces of a template; a colon or brace inside quotes or
    brackets belongs to the expression (``{grab(r'rows: (\\d+)')}``), ``{{`` and ``}}`` are braces."""
    i, literal = 0, []
    while i < len(template):
        ch = template[i]
        if ch in "{}" and template[i : i + 2] in ("{{", "}}"):
            literal.append(ch)
            i += 2
            continue
        if ch == "}":
            raise FigureError(f"{where}: a lone '}}' in the template '{template}'")
        if ch != "{":
            literal.append(ch)
            i += 1
            continue
        depth, quote, colon, j = 0, "", -1, i + 1
        while j < len(template):
            c = template[j]
            if quote:
                quote = "" if c == quote else quote
            elif c in "'\"":
                quote = c
            elif c in "([{":
                depth += 1
            elif c in ")]" or (c == "}" and depth):
                depth -= 1
            elif c == ":" and depth == 0 and colon < 0:
                colon = j
            elif c == "}":
                break
            j += 1
        else:
            raise FigureError(f"{where}: an unclosed '{{' in the template '{template}'")
        end = colon if colon >= 0 else j
        yield "".join(literal), template[i + 1 : end], template[end + 1 : j] if colon >= 0 else ""
        literal, i = [], j + 1
    yield "".join(literal), None, ""


def _fill(template: str, names: dict[str, Any], where: str) -> str:
    parts: list[str] = []
    for literal, field, spec in _fields(template, where):
        parts.append(literal)
        if field is None:
            continue
        value = _evaluate(field, names, where)
        try:
            parts.append(format(value, spec))
        except (TypeError, ValueError) as exc:
            raise FigureError(f"{where}: cannot format {value!r} with '{spec}': {exc}") from exc
    return "".join(parts)


def render(figure: Figure, runner: Runner) -> str:
    """What the figure should read, from its command's output."""
    output = runner.output(figure.command)
    names = _names(output)
    if figure.rows is None:
        return _fill(figure.template, names, figure.where)
    items = _evaluate(figure.rows, names, figure.where)
    header = _TABLE_HEAD.match(figure.value)
    lines = [header.group(0)] if header else []
    for item in items:
        row = dict(names, row=item)
        if isinstance(item, dict):
            row.update({k: v for k, v in item.items() if isinstance(k, str) and k.isidentifier()})
        lines.append(_fill(figure.template, row, figure.where) + "\n")
    return "".join(lines)


def check(paths: Sequence[Path], runner: Runner | None = None) -> list[str]:
    """One line per figure that differs from its command's output: where, what it says, what it
    should say."""
    runner = runner or Runner()
    problems = []
    for path in paths:
        for fig in figures(path):
            want = render(fig, runner)
            if fig.value != want:
                problems.append(f"{fig.where}: {difference(fig.value, want)} ('{fig.command}')")
    return problems


def difference(have: str, want: str) -> str:
    """What differs between a figure as written and as its command gives it: the whole figure, or
    for a block the first line that differs."""
    if "\n" not in have.strip() and "\n" not in want.strip():
        return f"says {have!r}, the command gives {want!r}"
    old, new = have.splitlines(), want.splitlines()
    for i, (a, b) in enumerate(zip(old, new, strict=False)):
        if a != b:
            return f"line {i + 1} of the block says {a!r}, the command gives {b!r}"
    return f"the block has {len(old)} lines, the command gives {len(new)}"


def write(
    paths: Sequence[Path], runner: Runner | None = None, log: Callable[[str], None] = print
) -> int:
    """Rewrite every figure from its command; returns how many changed."""
    runner = runner or Runner()
    changed = 0
    for path in paths:
        text = path.read_text(encoding="utf-8")
        pieces, last = [], 0
        for fig in figures(path, text):
            want = render(fig, runner)
            if want != fig.value:
                changed += 1
                log(f"{fig.where}: {fig.value.strip()!r} -> {want.strip()!r}")
            pieces += [text[last : fig.start], want]
            last = fig.end
        new = "".join(pieces) + text[last:]
        if new != text:
            path.write_text(new, encoding="utf-8")
    return changed


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m app.docs_figures [--write] [FILE ...]``; exit 1 when a figure differs."""
    parser = argparse.ArgumentParser(
        prog="python -m app.docs_figures", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--write", action="store_true", help="rewrite the figures")
    parser.add_argument("files", nargs="*", type=Path, help="default: README.md and docs/*.md")
    args = parser.parse_args(argv)
    paths = args.files or doc_paths()
    try:
        if args.write:
            print(f"{write(paths)} figure(s) rewritten")
            return 0
        problems = check(paths)
    except FigureError as exc:
        print(f"docs_figures: {exc}", file=sys.stderr)
        return 2
    for line in problems:
        print(line)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
