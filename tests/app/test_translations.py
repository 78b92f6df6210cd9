"""The translation catalogs: complete, current, consistent with the glossary and the placeholders.

The reference is independent of the app's code paths: the ``.ts`` files are read with ElementTree
and re-extracted from the sources with ``pyside6-lupdate`` (their texts compared, not their bytes,
which differ between PySide6 releases); the compiled ``.qm`` files are read back with Qt's own
``QTranslator``.
"""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest

from app.translations import CATALOG_LANGUAGES, I18N, PARTS, all_entries, check, part_sources

PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*(?:[:!][^{}]*)?\}|%n|%\d")


def _glossary() -> list[dict[str, str]]:
    lines = [
        line
        for line in (I18N / "glossary.tsv").read_text(encoding="utf-8").splitlines()
        if line and not line.startswith("#")
    ]
    return list(csv.DictReader(lines, delimiter="\t"))


@pytest.mark.slow
def test_catalogs_are_complete_current_and_compiled() -> None:
    problems = check()
    assert problems == [], "\n".join(problems[:40])


@pytest.mark.slow
def test_check_names_a_removed_text_and_a_qm_that_lags_its_ts(tmp_path: Path) -> None:
    import shutil
    import xml.etree.ElementTree as ET

    folder = tmp_path / "i18n"
    shutil.copytree(I18N, folder)
    # A text the code still has, gone from one catalog (as if update had not run).
    window = folder / "window_zh_CN.ts"
    tree = ET.parse(window)
    context = next(tree.getroot().iter("context"))
    context.remove(context.findall("message")[0])
    tree.write(window, encoding="utf-8", xml_declaration=True)
    assert check(folder) == [
        f"{window.name} is stale (texts changed in the code); "
        "run python -m app.translations update and translate the new ones"
    ]
    shutil.copy(I18N / window.name, window)
    # A translation changed in a .ts after the .qm was compiled (as if release had not run).
    dtypes = folder / "dtypes_zh_TW.ts"
    tree = ET.parse(dtypes)
    node = next(m for m in tree.getroot().iter("message") if m.find("translation").text)
    node.find("translation").text += "（改）"
    tree.write(dtypes, encoding="utf-8", xml_declaration=True)
    assert check(folder) == [
        "napkinlab_zh_TW.qm is out of date; run python -m app.translations release"
    ]


def test_every_source_file_belongs_to_one_part_at_most() -> None:
    owners: dict[Path, list[str]] = {}
    for part in PARTS:
        for path in part_sources(part):
            owners.setdefault(path, []).append(part)
    shared = {str(p): parts for p, parts in owners.items() if len(parts) > 1}
    assert shared == {}


def test_every_window_source_is_extracted_by_some_part() -> None:
    root = I18N.parents[1]
    covered = {p for part in PARTS for p in part_sources(part)}
    ui = [*root.glob("app/*.py"), *root.glob("app/tabs/*.py"), *root.glob("widgets/**/*.py")]
    missing = sorted(str(p.relative_to(root)) for p in ui if p not in covered)
    assert missing == []


def test_translations_keep_every_placeholder_of_their_source() -> None:
    wrong = []
    for entry in all_entries():
        if entry.state:
            continue
        for text in entry.forms or (entry.translation,):
            if sorted(PLACEHOLDER.findall(entry.source)) != sorted(PLACEHOLDER.findall(text)):
                wrong.append(f"{entry.part}_{entry.language} [{entry.context}] {entry.source!r}")
    assert wrong == [], "\n".join(wrong[:30])


def test_glossary_terms_are_used_wherever_their_english_appears() -> None:
    from core.bench.this_machine import THIS_MACHINE_ID
    from core.roofline.hardware import load_catalog

    ids = sorted((*load_catalog([]).ids(), THIS_MACHINE_ID), key=len, reverse=True)
    device_ids = r"\b(?:" + "|".join(re.escape(i) for i in ids) + r")\b"
    rows = _glossary()
    terms = [row for row in rows if row["enforced"] == "yes"]
    assert len(terms) >= 8

    def pattern(term: str) -> str:  # "flash attention" also matches "flash-attention"
        return r"\b" + r"[\s-]".join(re.escape(w) for w in term.split()) + r"\b"

    wrong = []
    for entry in all_entries():
        if entry.state:
            continue
        for row in terms:
            # Placeholders are names, not words; a longer term holding this one (flash
            # attention) is its own entry.
            source = re.sub(r"\{[^}]*\}", " ", entry.source)
            source = re.sub(device_ids, " ", source)  # ids (this-machine) are names, not words
            term = row["english"].lower()
            for longer in rows:
                if term in longer["english"].lower() and longer["english"].lower() != term:
                    source = re.sub(pattern(longer["english"]), " ", source, flags=re.IGNORECASE)
            if re.search(pattern(row["english"]), source, re.IGNORECASE):
                expected = row[entry.language]
                # A text left as its English is a miss too (issue 19: "attention" stayed English),
                # unless the term itself stays English in the glossary.
                kept = entry.translation == entry.source and expected == row["english"]
                if expected not in entry.translation and not kept:
                    wrong.append(
                        f"{entry.language} [{entry.context}] {entry.source!r} -> "
                        f"{entry.translation!r} lacks {expected!r}"
                    )
    assert wrong == [], "\n".join(wrong[:30])


def test_glossary_has_every_language_of_the_catalogs() -> None:
    rows = _glossary()
    for language in CATALOG_LANGUAGES:
        assert all(row[language].strip() for row in rows), language


def test_traditional_catalog_is_not_simplified() -> None:
    simplified_only = set("们这说个为时语么发点图显内带宽训练参数优状态张设")
    leaks = [
        f"[{e.context}] {e.translation!r}"
        for e in all_entries()
        if e.language == "zh_TW" and not e.state and simplified_only & set(e.translation)
    ]
    assert leaks == [], "\n".join(leaks[:30])
