"""Architecture rules: core imports no Qt/pyqtgraph; the GUI start path imports no torch."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FORBIDDEN_IN_CORE = ("PySide6", "PyQt5", "PyQt6", "shiboken6", "pyqtgraph", "app", "widgets")


def _imports(path: Path) -> list[tuple[str, int]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.module, node.lineno))
    return found


def test_core_never_imports_qt_or_the_upper_layers() -> None:
    offenders = [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for path in sorted((ROOT / "core").rglob("*.py"))
        for name, line in _imports(path)
        if name.split(".")[0] in FORBIDDEN_IN_CORE
    ]
    assert not offenders, offenders


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


def test_widgets_never_import_app() -> None:
    offenders = [
        f"{path.relative_to(ROOT)} imports {name}"
        for path in sorted((ROOT / "widgets").rglob("*.py"))
        for name, _ in _imports(path)
        if name.split(".")[0] == "app"
    ]
    assert not offenders, offenders


def test_window_shows_without_importing_torch_or_pyqtgraph() -> None:
    code = (
        "import os, sys; os.environ['QT_QPA_PLATFORM'] = 'offscreen';"
        "from app.gui import make_application; app = make_application();"
        "from app.main_window import MainWindow; from app.settings import Preferences;"
        "w = MainWindow(preferences=Preferences(ephemeral=True)); w.show_tab('napkin'); w.show();"
        "app.processEvents();"
        "print(sorted(m for m in ('torch', 'pyqtgraph', 'einops') if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "[]"
