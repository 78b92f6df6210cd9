"""Text from a person or a file never becomes HTML in a tooltip: Qt renders a tooltip as rich text
when it looks like HTML, and a calibration source ``<img src=FIFO>`` froze the GUI thread.

Two checks: every ``setToolTip`` in ``app/`` and ``widgets/`` passes a literal, an unformatted
translation, or :func:`widgets.rich_text.plain_tip` (the class); and the fractions dialog shows a
hostile calibration source and a hostile typed value as their characters (the case)."""

from __future__ import annotations

import ast
import json
from pathlib import Path

from PySide6.QtGui import Qt as QtGui

from core.roofline.achievable import user_calibration_path
from core.roofline.hardware import load_catalog
from widgets.fractions_dialog import COLUMNS, FractionsDialog
from widgets.rich_text import plain_tip

ROOT = Path(__file__).resolve().parents[2]
#: Tooltips that are the app's own HTML, with every outside text escaped where it is built.
_OWN_HTML = {("widgets/plan/bars.py", "html.escape")}
_HOSTILE = "<img src=/tmp/napkin-fifo><b>bold</b>"


def _plain(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return True
    if isinstance(node, ast.IfExp):
        return _plain(node.body) and _plain(node.orelse)
    if isinstance(node, ast.Call):
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        if name == "plain_tip":
            return True
        return name == "translate" and all(isinstance(a, ast.Constant) for a in node.args)
    return False


def test_every_tooltip_is_a_literal_or_plain_tip() -> None:
    loose = []
    for folder in ("app", "widgets"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            where = path.relative_to(ROOT).as_posix()
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not (
                    isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "setToolTip"
                ):
                    continue
                arg = node.args[0]
                if _plain(arg) or any(where == f and m in ast.unparse(arg) for f, m in _OWN_HTML):
                    continue
                loose.append(f"{where}:{node.lineno}: {ast.unparse(arg)[:80]}")
    assert loose == [], "wrap these in widgets.rich_text.plain_tip:\n" + "\n".join(loose)


def test_the_fractions_dialog_shows_a_hostile_source_and_value_as_text(qtbot) -> None:
    path = user_calibration_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"schema_version": 1, "devices": {"h100-sxm": {
        "gemm_efficiency": {"value": 0.7, "source": _HOSTILE}}}}), encoding="utf-8")  # fmt: skip
    dialog = FractionsDialog(load_catalog().get("h100-sxm"))
    qtbot.addWidget(dialog)
    row = next(i for i, r in enumerate(dialog.rows) if r.field == "gemm_efficiency")
    source = dialog.table.item(row, COLUMNS.index("source"))
    assert _HOSTILE in source.text()
    tip = source.toolTip()
    assert tip == plain_tip(_HOSTILE) and "&lt;img" in tip and "<img" not in tip
    value = dialog.table.item(row, COLUMNS.index("value"))
    value.setText(_HOSTILE)  # typed in the cell: refused, its message in the tooltip
    tip = dialog.table.item(row, COLUMNS.index("value")).toolTip()
    assert "&lt;img" in tip and "<img" not in tip and "<b>" not in tip
    assert QtGui.mightBeRichText(_HOSTILE)  # the premise: Qt would have rendered it
