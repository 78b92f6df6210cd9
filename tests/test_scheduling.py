"""The table of long test files (:mod:`tests.scheduling`) names files that exist, and the order
it gives keeps every test, each file's tests together and in their order."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tests.scheduling import SECONDS, order_files

ROOT = Path(__file__).resolve().parents[1]


def test_every_long_file_named_exists() -> None:
    assert [name for name in SECONDS if not (ROOT / name).is_file()] == []


@dataclass
class _Item:
    nodeid: str


def test_long_files_first_the_rest_in_their_order() -> None:
    names = ["tests/a.py::x", "tests/app/test_gui_monkey.py::m", "tests/a.py::y", "tests/b.py::z",
             "tests/test_docs_figures.py::f", "tests/test_docs_figures.py::e"]  # fmt: skip
    items = [_Item(n) for n in names]
    ordered = [item.nodeid for item in order_files(items)]
    assert ordered == ["tests/test_docs_figures.py::f", "tests/test_docs_figures.py::e",
                       "tests/app/test_gui_monkey.py::m", "tests/a.py::x", "tests/a.py::y",
                       "tests/b.py::z"]  # fmt: skip
