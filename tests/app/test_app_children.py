"""The walk that finds the app's labels and splitters (widgets.app_children) finds on every tab
exactly what Qt's own ``findChildren`` finds, while handing Python fewer of Qt's internals."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel, QWidget

from app.main_window import MainWindow
from app.settings import Preferences
from app.tabs import TABS
from widgets.app_children import app_children
from widgets.splitter import DefaultSplitter


@pytest.mark.parametrize("tab", [t.id for t in TABS])
def test_every_label_and_splitter_qt_finds_is_found(qtbot, tab: str) -> None:
    window = MainWindow(preferences=Preferences(ephemeral=True), menus=False)
    qtbot.addWidget(window)
    page = window.show_tab(tab)
    for kind in (QLabel, DefaultSplitter, QWidget):
        walked = list(app_children(page, kind))
        assert len(walked) == len(set(map(id, walked)))  # each once
        if kind is QWidget:  # only the widgets inside Qt's own machinery are left out
            assert 0 < len(walked) <= len(page.findChildren(QWidget))
            continue
        # The reference: Qt's recursive search over every descendant.
        assert {id(w) for w in walked} == {id(w) for w in page.findChildren(kind)}, kind
    assert page not in list(app_children(page, QWidget))


def test_the_walk_builds_no_classes_for_a_combo_boxs_insides() -> None:
    """Run in a fresh interpreter: the first findChildren over a page with a combo box makes
    PySide build the classes (and enums) of its list view; the walk does not."""
    import subprocess
    import sys
    from pathlib import Path

    program = """
import enum, os, sys
os.environ["QT_QPA_PLATFORM"] = "offscreen"
from PySide6.QtWidgets import QApplication, QComboBox, QLabel, QVBoxLayout, QWidget
from widgets.app_children import app_children
app = QApplication([])
page = QWidget(); layout = QVBoxLayout(page)
layout.addWidget(QLabel("a")); combo = QComboBox(); combo.addItems(["x", "y"]); layout.addWidget(combo)
made = []
real = enum.EnumType._create_
def counted(cls, name, names=None, **kw):
    made.append(name)
    return real(cls, name, names, **kw)
enum.EnumType._create_ = counted
walked = len(list(app_children(page, QLabel)))
by_walk = len(made)
found = len(page.findChildren(QLabel))
print(walked, found, by_walk, len(made))
"""
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", program], cwd=root, capture_output=True,
                         text=True, timeout=60, check=True)  # fmt: skip
    walked, found, by_walk, after_find = map(int, out.stdout.split())
    assert walked == found == 1
    assert by_walk == 0
    if after_find == 0:  # a PySide that builds every class when its module is imported
        pytest.skip("this PySide builds no class lazily: the walk has nothing to save")
    assert after_find > 0  # Qt's search built the list view's enums, the walk did not
