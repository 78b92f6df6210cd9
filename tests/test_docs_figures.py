"""The docs cannot go stale: every marked figure in README.md and docs/*.md is what the command
beside it prints today, and the README stays what a newcomer reads (short, no issue numbers, its
quick start the command CI runs).

Each command runs once for the whole file, in this process (the CLI's ``main``). When a figure
fails here, ``python -m app.docs_figures --write`` rewrites every figure from its command.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from app.docs_figures import ROOT, Runner, check, difference, doc_paths, figures, render, write

DOCS = doc_paths()
FIGURES = [f for path in DOCS for f in figures(path)]
RUNNER = Runner()  # one run per command, shared by every figure that reads it
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _case(figure):
    slow = "--published" in figure.command or figure.command.startswith("python benchmarks/")
    return pytest.param(figure, id=figure.where, marks=[pytest.mark.slow] if slow else [])


def test_the_docs_hold_figures() -> None:
    where = {f.path.name for f in FIGURES}
    assert {"README.md", "plan.md", "memory.md"} <= where, where


@pytest.mark.parametrize("figure", [_case(f) for f in FIGURES])
def test_each_figure_is_what_its_command_prints(figure) -> None:
    want = render(figure, RUNNER)
    assert figure.value == want, (
        f"{figure.where}: {difference(figure.value, want)} ('{figure.command}'); "
        "run python -m app.docs_figures --write"
    )


def _visible_sections(text: str) -> list[str]:
    """The text a reader sees, one string per heading's section: comments removed, a shell line
    continuation joined, whitespace collapsed."""
    sections, current, fenced = [], [], False
    for line in text.splitlines():
        fenced ^= line.startswith("```")
        if line.startswith("#") and not fenced:
            sections.append("\n".join(current))
            current = []
        current.append(line)
    sections.append("\n".join(current))
    out = []
    for section in sections:
        seen = re.sub(r"<!--.*?-->", " ", section, flags=re.S).replace("\\\n", " ")
        out.append(" ".join(seen.replace("`", " ").split()))
    return out


def _shown(command: str) -> str:
    return " ".join(command.replace("--json", " ").split())


@pytest.mark.parametrize("path", DOCS, ids=lambda p: p.name)
def test_each_figures_command_is_shown_beside_it(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    sections = _visible_sections(text)
    for fig in figures(path, text):
        # The section the marker sits in: the headings above it, outside code blocks.
        section = sections[len(_visible_sections(text[: fig.start])) - 1]
        assert _shown(fig.command) in section, (
            f"{fig.where}: write '{_shown(fig.command)}' in the text of its section, so a reader "
            "can run it"
        )


def test_a_wrong_figure_is_named_and_rewritten(tmp_path: Path) -> None:
    # The lecture's GPT-3 feed-forward matrix: 12288·4 × 12288 fp32 elements of 4 bytes.
    want = f"{12288 * 4 * 12288 * 4:,}"
    cmd = 'napkinlab napkin tensor --shape "12288*4,12288" --dtype fp32 --json'
    doc = tmp_path / "doc.md"
    doc.write_text(
        f"# T\n\n`{cmd}`: <!-- figure: {cmd} | {{bytes:,.0f}} -->2,415,919,105<!-- /figure --> B\n",
        encoding="utf-8",
    )
    runner = Runner()
    problems = check([doc], runner)
    assert len(problems) == 1 and "doc.md:3" in problems[0] and want in problems[0]
    assert write([doc], runner, log=lambda _line: None) == 1
    assert f"-->{want}<!--" in doc.read_text(encoding="utf-8")
    assert check([doc], runner) == []


def test_a_rows_block_keeps_its_head_and_writes_one_row_per_item(tmp_path: Path) -> None:
    import json

    ids = [d["id"] for d in json.loads((ROOT / "resources/hardware.json").read_text())["devices"]]
    doc = tmp_path / "doc.md"
    doc.write_text(
        "`napkinlab devices`\n\n<!-- figure-rows: napkinlab devices --json | out | | {id} | -->\n"
        "| device |\n| --- |\n| stale |\n<!-- /figure-rows -->\n",
        encoding="utf-8",
    )
    write([doc], Runner(), log=lambda _line: None)
    text = doc.read_text(encoding="utf-8")
    rows = text.split("| --- |\n", 1)[1].split("<!--", 1)[0].splitlines()
    assert text.count("| device |") == 1 and rows == [f"| {i} |" for i in ids]


def test_a_bad_marker_says_how_it_reads(tmp_path: Path) -> None:
    from app.docs_figures import FigureError

    doc = tmp_path / "doc.md"
    doc.write_text(
        "<!-- figure: napkinlab devices --json -->24<!-- /figure -->\n", encoding="utf-8"
    )
    with pytest.raises(FigureError, match=re.escape("COMMAND | TEMPLATE")):
        figures(doc)


def test_the_readme_is_short() -> None:
    assert len(README.splitlines()) <= 150


@pytest.mark.parametrize("path", DOCS, ids=lambda p: p.name)
def test_no_issue_numbers(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    # A reader has no way to open this project's issues; another repository's (owner/repo#12) is
    # a source and stays.
    found = re.findall(r"\bissues? \d+|(?<![\w/.-])#\d+\b", text, flags=re.I)
    assert not found, f"{path.name}: {found}"


def test_the_quick_start_is_what_ci_runs() -> None:
    start = README.index("## Quick start")
    quick = README[start : README.index("\n## ", start + 1)]
    blocks = re.findall(r"```bash\n(.*?)```", quick, flags=re.S)
    commands = [b.splitlines() for b in blocks]
    run, test = next(c for c in commands if any("pytest" in line for line in c))
    assert run.endswith(".venv/bin/napkinlab") and "pip install -e ." in run
    ci = (ROOT / ".ci/run").read_text(encoding="utf-8").splitlines()
    assert test in ci, "the README's test command must be .ci/run's, verbatim"
    tips = quick[: quick.index(run)]
    assert "download.pytorch.org/whl/cpu" in tips and "fonts-noto-cjk" in tips


@pytest.mark.parametrize("path", DOCS, ids=lambda p: p.name)
def test_every_relative_link_exists(path: Path) -> None:
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    targets = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text)
    missing = [t for t in targets if "://" not in t and not (path.parent / t).exists()]
    assert not missing, f"{path.name}: {missing}"
