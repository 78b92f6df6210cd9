"""Architecture rules: the import-linter contracts in pyproject.toml, and what they cannot see.

The layering (app -> widgets -> core, core without Qt, the directions between core's domain packages,
no cycles) is declared as import-linter contracts and checked here by running ``lint-imports``, so CI
enforces it. Two rules are about *when* modules are imported, which import-linter does not model:
core never imports torch or einops at module level, and the window's first paint imports neither
torch nor what only a later action needs (:data:`NOT_AT_FIRST_PAINT`).
"""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED_PLUMBING = {
    "errors",
    "validate",
    "units",
    "paths",
    "session",
    "safe_io",
    "versions",
    "texts",
    "echo",
    "quiet",
    "lazy",
    "collect",
}


def _contracts() -> list[dict]:
    with open(ROOT / "pyproject.toml", "rb") as fh:
        return tomllib.load(fh)["tool"]["importlinter"]["contracts"]


def test_import_linter_contracts_are_kept() -> None:
    lint = Path(sys.executable).with_name("lint-imports")
    command = [str(lint)] if lint.exists() else [sys.executable, "-m", "importlinter.cli"]
    out = subprocess.run(
        [*command, "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-2000:]
    assert "0 broken" in out.stdout


def test_core_top_level_holds_only_shared_plumbing_and_domain_packages() -> None:
    modules = {p.stem for p in (ROOT / "core").glob("*.py")} - {"__init__"}
    assert modules <= SHARED_PLUMBING, f"put these in a domain package: {modules - SHARED_PLUMBING}"


def test_every_domain_package_is_placed_in_the_direction_contract() -> None:
    packages = {p.parent.name for p in (ROOT / "core").glob("*/__init__.py")}
    (layers,) = [c["layers"] for c in _contracts() if c["name"].startswith("core domains")]
    placed = {
        name.strip("() ").removeprefix("core.")
        for layer in layers
        for name in layer.replace(":", "|").split("|")
    }
    assert packages <= placed, f"declare a direction for {packages - placed} in pyproject.toml"


def test_every_package_has_a_docstring_and_a_public_face() -> None:
    for init in sorted((ROOT / "core").glob("*/__init__.py")):
        tree = ast.parse(init.read_text(encoding="utf-8"))
        assert ast.get_docstring(tree), f"{init.relative_to(ROOT)} says nothing about its package"
        names = [n for n in tree.body if isinstance(n, ast.Assign)]
        assert any(t.id == "__all__" for n in names for t in n.targets if isinstance(t, ast.Name))


def test_core_never_imports_torch_at_module_level() -> None:
    offenders = []
    for path in sorted((ROOT / "core").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            offenders += [
                f"{path.name}: {n}" for n in names if n.split(".")[0] in ("torch", "einops")
            ]
    assert not offenders, offenders


#: What the window's first paint does without: the heavy libraries, and what only a later action
#: needs (a benchmark run, an export, the background warm-ups).
NOT_AT_FIRST_PAINT = (
    "torch", "pyqtgraph", "einops", "transformers", "numpy", "core.bench", "app.bench_worker",
    "app.export", "app.warmup", "core.roofline.bounds", "core.roofline.ops", "core.comm.results",
    "html", "importlib.resources",
)  # fmt: skip


def test_window_shows_without_importing_torch_or_pyqtgraph() -> None:
    code = (
        "import os, sys; os.environ['QT_QPA_PLATFORM'] = 'offscreen';"
        "from app.gui import make_application; app = make_application();"
        "from app.main_window import MainWindow; from app.settings import Preferences;"
        "w = MainWindow(preferences=Preferences(ephemeral=True)); w.show_tab('napkin'); w.show();"
        "app.processEvents();"
        f"print(sorted(m for m in {NOT_AT_FIRST_PAINT!r} if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "[]"
