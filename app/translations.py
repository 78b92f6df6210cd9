"""Keep the translation catalogs current: extract with pyside6-lupdate, compile with pyside6-lrelease.

The texts are split into one ``.ts`` file per part of the app (a tab, or the window around them),
so that translators (and people working on different tabs) never edit the same file. Each part
lists the source files it extracts from. ``pyside6-lrelease`` compiles all parts of one language
into the ``napkinlab_<lang>.qm`` file the window loads.

Run from the repository root::

    python -m app.translations update    # extract new texts into the .ts files (unfinished)
    python -m app.translations release   # compile the .qm files the app ships
    python -m app.translations check     # exit 1 naming what is unfinished, obsolete or stale
    python -m app.translations todo step zh_CN            # the unfinished texts as JSON
    python -m app.translations fill step zh_CN done.json  # write translations back

``tests/app/test_translations.py`` runs the check, so CI fails on a text nobody translated.
"""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

__all__ = [
    "CATALOG_LANGUAGES",
    "PARTS",
    "ROOT",
    "Entry",
    "check",
    "entries",
    "fill",
    "part_sources",
    "release",
    "todo",
    "unextracted",
    "update",
]

ROOT = Path(__file__).resolve().parents[1]
I18N = ROOT / "resources" / "i18n"
#: The languages with a catalog (English is the source and needs none).
CATALOG_LANGUAGES = ("zh_CN", "zh_TW")

#: Part -> glob patterns (from the repository root) of the sources whose texts it holds. The CLI
#: (app/cli) stays English by design; its JSON is language-neutral.
PARTS: dict[str, tuple[str, ...]] = {
    "window": (
        "app/*.py",
        "app/tabs/__init__.py",
        "app/tabs/base.py",
        "widgets/*.py",
        "core/*.py",
    ),
    "dtypes": ("app/tabs/dtypes_*.py", "widgets/dtypes/*.py", "core/numbers/*.py"),
    "einops": ("app/tabs/einops_*.py", "widgets/einops/*.py", "core/einops/*.py"),
    "roofline": (
        "app/tabs/roofline_*.py",
        "widgets/roofline/*.py",
        "core/roofline/*.py",
        "core/bench/*.py",
    ),
    "memory": ("app/tabs/memory_tab.py", "widgets/memory/*.py", "core/memory/*.py"),
    "napkin": (
        "app/tabs/napkin_tab.py",
        "app/tabs/napkin_extras.py",
        "widgets/comm/*.py",
        "core/napkin/*.py",
        "core/comm/*.py",
    ),
    "step": ("app/tabs/step_tab.py", "widgets/step/*.py", "core/step/*.py"),
    "plan": ("app/tabs/plan_*.py", "widgets/plan/*.py", "core/plan/*.py"),
    "inference": (
        "app/tabs/inference_*.py",
        "app/tabs/napkin_kv.py",
        "widgets/inference/*.py",
        "core/inference/*.py",
    ),
    "checkpoint": (
        "app/tabs/checkpoint_days.py",
        "app/tabs/napkin_checkpoint.py",
        "core/checkpoint/*.py",
    ),
}


@dataclass(frozen=True)
class Entry:
    """One message of a ``.ts`` file: its context, English source and translation state."""

    part: str
    language: str
    context: str
    source: str
    translation: str
    state: str = ""  # "", "unfinished", "obsolete" or "vanished"
    numerus: bool = False
    forms: tuple[str, ...] = field(default=())


def _tool(name: str) -> str:
    """The path of a PySide6 tool next to this interpreter, or on PATH."""
    beside = Path(sys.executable).with_name(name)
    found = str(beside) if beside.exists() else shutil.which(name)
    if found is None:
        raise FileNotFoundError(
            f"{name} not found; install PySide6 (pip install PySide6-Essentials)"
        )
    return found


def part_sources(part: str, root: Path = ROOT) -> list[Path]:
    """The source files of ``part``, sorted (so extraction is reproducible)."""
    files: set[Path] = set()
    for pattern in PARTS[part]:
        files.update(p for p in root.glob(pattern) if p.is_file())
    return sorted(files)


def ts_path(part: str, language: str, folder: Path = I18N) -> Path:
    """The ``.ts`` file of one part and language."""
    return folder / f"{part}_{language}.ts"


def qm_path(language: str, folder: Path = I18N) -> Path:
    """The compiled catalog of one language."""
    return folder / f"napkinlab_{language}.qm"


def _lupdate(part: str, target: Path, root: Path = ROOT) -> None:
    sources = [str(p.relative_to(root)) for p in part_sources(part, root)]
    subprocess.run(
        [_tool("pyside6-lupdate"), *sources, "-locations", "none", "-no-obsolete", "-ts",
         str(target)],
        cwd=root, check=True, capture_output=True, text=True,
    )  # fmt: skip


def unextracted(root: Path = ROOT) -> list[str]:
    """``translate("Context", ...)`` calls that pyside6-lupdate silently skips, as ``file:line`` lines.

    lupdate reads a call only when its arguments are all positional and the text is a string
    literal: ``translate("Step", "{n} ops", n=3)`` runs (the English shows) but never reaches the
    catalog, so its translation can never be written. Write ``translate(...).format(n=3)``.
    """
    found = []
    for part in PARTS:
        for path in part_sources(part, root):
            tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
            for node in ast.walk(tree):
                if not isinstance(node, ast.Call):
                    continue
                func = node.func
                name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                if name != "translate" or not node.args:
                    continue
                first = node.args[0]
                if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
                    continue  # a lookup of a context known only at run time (localized)
                text = node.args[1] if len(node.args) > 1 else None
                literal = isinstance(text, ast.Constant) and isinstance(text.value, str)
                if node.keywords or not literal:
                    why = "keyword arguments" if node.keywords else "a text that is not a literal"
                    found.append(
                        f"{path.relative_to(root)}:{node.lineno}: translate() with {why} is "
                        "not extracted by pyside6-lupdate; use translate(context, text).format(...)"
                    )
    return found


def update(folder: Path = I18N) -> list[Path]:
    """Extract every part's texts into its ``.ts`` files (new texts unfinished, gone ones dropped)."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for part in PARTS:
        for language in CATALOG_LANGUAGES:
            target = ts_path(part, language, folder)
            if not target.exists():
                target.write_text(
                    '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n'
                    f'<TS version="2.1" language="{language}"></TS>\n',
                    encoding="utf-8",
                )
            _lupdate(part, target)
            written.append(target)
    return written


def release(folder: Path = I18N, out: Path | None = None) -> list[Path]:
    """Compile each language's parts into one ``.qm`` file (in ``out``, default ``folder``)."""
    out = out if out is not None else folder
    written = []
    for language in CATALOG_LANGUAGES:
        parts = [str(ts_path(part, language, folder)) for part in PARTS]
        target = qm_path(language, out)
        subprocess.run(
            [_tool("pyside6-lrelease"), "-silent", *parts, "-qm", str(target)],
            check=True, capture_output=True, text=True,
        )  # fmt: skip
        written.append(target)
    return written


def entries(path: Path, part: str = "", language: str = "") -> list[Entry]:
    """Every message of one ``.ts`` file."""
    found = []
    for context in ET.parse(path).getroot().iter("context"):
        name = context.findtext("name", "")
        for message in context.iter("message"):
            node = message.find("translation")
            forms = (
                tuple(f.text or "" for f in node.iter("numerusform")) if node is not None else ()
            )
            found.append(
                Entry(
                    part=part,
                    language=language,
                    context=name,
                    source=message.findtext("source", ""),
                    translation=(node.text or "") if node is not None else "",
                    state=(node.get("type", "") if node is not None else "unfinished"),
                    numerus=message.get("numerus") == "yes",
                    forms=forms,
                )
            )
    return found


def all_entries(folder: Path = I18N) -> list[Entry]:
    """Every message of every part and language."""
    return [
        entry
        for part in PARTS
        for language in CATALOG_LANGUAGES
        if ts_path(part, language, folder).exists()
        for entry in entries(ts_path(part, language, folder), part, language)
    ]


def check(folder: Path = I18N) -> list[str]:
    """What is wrong with the catalogs: missing, stale, unfinished or obsolete entries, old .qm.

    The sources are extracted again into a scratch copy; a ``.ts`` file whose texts change is
    stale (a text was added, changed or removed in the code without ``update``). A ``.qm`` file
    that does not give back every finished translation is out of date (no ``release``).
    """
    problems: list[str] = unextracted()
    with tempfile.TemporaryDirectory() as scratch:
        copy = Path(scratch)
        for part in PARTS:
            for language in CATALOG_LANGUAGES:
                committed = ts_path(part, language, folder)
                if not committed.exists():
                    problems.append(
                        f"{committed.name} is missing; run python -m app.translations update"
                    )
                    continue
                fresh = ts_path(part, language, copy)
                shutil.copy(committed, fresh)
                _lupdate(part, fresh)
                if _texts(fresh) != _texts(committed):
                    problems.append(
                        f"{committed.name} is stale (texts changed in the code); "
                        "run python -m app.translations update and translate the new ones"
                    )
                for entry in entries(committed, part, language):
                    if entry.state:
                        problems.append(
                            f"{committed.name}: {entry.state} [{entry.context}] {entry.source!r}"
                        )
        if not problems:
            for language in CATALOG_LANGUAGES:
                shipped = qm_path(language, folder)
                if not shipped.exists() or not _compiled(shipped, language, folder):
                    problems.append(
                        f"{shipped.name} is out of date; run python -m app.translations release"
                    )
    return problems


def _texts(path: Path) -> list[tuple[str, str]]:
    """The ``(context, source)`` of each message of a ``.ts`` file: what the code asks to be
    translated. Not the file's bytes: another pyside6-lupdate writes the same texts differently
    (6.8 keeps only the last line of a multi-line translator comment)."""
    return sorted((e.context, e.source) for e in entries(path))


def _compiled(qm: Path, language: str, folder: Path) -> bool:
    """Whether ``qm`` gives every finished translation of the language's ``.ts`` files, read back
    by Qt's own ``QTranslator`` (not compared byte for byte with a fresh ``lrelease``, whose output
    differs between PySide6 releases)."""
    from PySide6.QtCore import QTranslator

    translator = QTranslator()
    if not translator.load(str(qm)):
        return False
    return all(
        translator.translate(e.context, e.source) == e.translation
        for part in PARTS
        for e in entries(ts_path(part, language, folder))
        if e.translation and not e.state and not e.numerus
    )


def todo(part: str, language: str, folder: Path = I18N) -> dict[str, dict[str, str]]:
    """The unfinished texts of one ``.ts`` file as ``{context: {source: ""}}`` (to translate)."""
    found: dict[str, dict[str, str]] = {}
    for entry in entries(ts_path(part, language, folder), part, language):
        if entry.state == "unfinished":
            found.setdefault(entry.context, {})[entry.source] = entry.translation
    return found


def fill(
    part: str, language: str, translations: dict[str, dict[str, str]], folder: Path = I18N
) -> int:
    """Write translations (``{context: {source: text}}``) into one ``.ts`` file; returns how many.

    An empty text leaves the entry unfinished. The file is then passed through lupdate again so
    its layout is exactly lupdate's (the check compares bytes).
    """
    path = ts_path(part, language, folder)
    tree = ET.parse(path)
    count = 0
    for context in tree.getroot().iter("context"):
        table = translations.get(context.findtext("name", ""), {})
        for message in context.iter("message"):
            text = table.get(message.findtext("source", ""))
            node = message.find("translation")
            if not text or node is None:
                continue
            if message.get("numerus") == "yes":
                for form in list(node):
                    node.remove(form)
                ET.SubElement(node, "numerusform").text = text
            else:
                node.text = text
            node.attrib.pop("type", None)
            count += 1
    tree.write(path, encoding="utf-8", xml_declaration=True)
    _lupdate(part, path)
    return count


def main(argv: list[str] | None = None) -> int:
    """``update``, ``release``, ``check``, ``todo PART LANG`` or ``fill PART LANG FILE.json``."""
    args = sys.argv[1:] if argv is None else argv
    command = args[0] if args else "check"
    if command == "todo" and len(args) == 3:
        import json

        print(json.dumps(todo(args[1], args[2]), ensure_ascii=False, indent=1))
        return 0
    if command == "fill" and len(args) == 4:
        import json

        data = json.loads(Path(args[3]).read_text(encoding="utf-8"))
        print(f"{fill(args[1], args[2], data)} translation(s) written")
        return 0
    if command == "update":
        for path in update():
            print(path.relative_to(ROOT))
        return 0
    if command == "release":
        for path in release():
            print(path.relative_to(ROOT))
        return 0
    if command == "check":
        problems = check()
        for problem in problems:
            print(problem)
        print(f"{len(problems)} problem(s)")
        return 1 if problems else 0
    print(
        "usage: python -m app.translations update|release|check|todo PART LANG|"
        "fill PART LANG FILE.json",
        file=sys.stderr,
    )
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
