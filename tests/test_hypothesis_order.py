"""A property test draws the same examples whatever other test files imported before it.

Hypothesis mixes literals from the project modules loaded at the time into its draws, so without
``tests/project_modules.load_all`` (which the conftest runs before any test) one derandomized
strategy gave other examples after another file had imported more of the project.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.project_modules import project_module_names

ROOT = Path(__file__).resolve().parents[1]

# Draws 300 derandomized strings and prints a digest of them. argv[1]: modules to import first
# (comma-separated, "" for none); argv[2]: "load" to run load_all() before drawing.
DRAW = """
import hashlib, importlib, sys
for name in filter(None, sys.argv[1].split(",")):
    importlib.import_module(name)
if sys.argv[2] == "load":
    from tests.project_modules import load_all
    load_all()
from hypothesis import given, settings, strategies as st
drawn = []

@settings(derandomize=True, database=None, max_examples=300)
@given(st.text(max_size=12))
def draw(text):
    drawn.append(text)

draw()
print(hashlib.sha256(repr(drawn).encode()).hexdigest())
"""


def _digest(first: str, load: bool) -> str:
    run = subprocess.run(
        [sys.executable, "-c", DRAW, first, "load" if load else "plain"],
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return run.stdout.strip().splitlines()[-1]


def test_the_examples_do_not_depend_on_what_was_imported_before() -> None:
    others = "core.plan.search,core.numbers.formats,app.cli"
    # The mechanism: without loading every module, importing more changes the examples.
    assert _digest("", load=False) != _digest(others, load=False)
    # With every module loaded first, as the conftest does, they are the same.
    assert _digest("", load=True) == _digest(others, load=True)


def test_the_conftest_loaded_every_project_module() -> None:
    names = project_module_names()
    assert len(names) > 150  # core, widgets, app and resources, with their subpackages
    assert [name for name in names if name not in sys.modules] == []
